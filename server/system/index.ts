// Health, the OpenAPI page and the dev mailbox.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { systemRoutes } from './routes.ts';
export { devMailboxRoutes } from './dev-mailbox.ts';
