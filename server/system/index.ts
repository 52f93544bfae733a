// Health, the OpenAPI page, the dev mailbox and the dev clock.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { systemRoutes } from './routes.ts';
export { devMailboxRoutes } from './dev-mailbox.ts';
export { devClockRoutes } from './dev-clock.ts';
