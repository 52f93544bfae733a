// The employer company: its details and images, and who of its staff the caller is.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { companyRoutes } from './routes.ts';
export { countCompanyJobPosts } from './counts.ts';
export { seedDemoCompany } from './demo.ts';
export { displayNameOf } from './details.ts';
export { companyMemberOf } from './members.ts';
