// Places: the embedded gazetteer and the location search.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { locationRoutes } from './routes.ts';
export { normalize } from './gazetteer.ts';
export { buildGazetteer, loadGazetteerSources } from './gazetteer.ts';
