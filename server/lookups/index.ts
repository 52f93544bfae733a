// Master data: the lookup lists and their names.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { lookupRoutes } from './routes.ts';
export { preferLocations } from './data/places.ts';
export { lookupStoreOf, type Lookups } from './service.ts';
