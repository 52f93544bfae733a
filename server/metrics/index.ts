// Metrics: what happened to the company's jobs, day by day in the viewer's time zone, read from
// the hourly counts. What the area offers the rest of the server: nothing outside it imports its other files.

export { metricsRoutes } from './routes.ts';
// Calendar days in a viewer's time zone, for other charts (the back office's dashboard).
export { canonicalZone, dateOfDayNumber, dayIn, dayStarts } from './days.ts';
