// The company's recruiters: invitations and their management.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { staffRoutes } from './routes.ts';
export { DEMO_STAFF, seedDemoStaff } from './demo.ts';
