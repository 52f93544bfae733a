// Posting: drafts, the wizard and the company's job posts.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { postingRoutes } from './routes.ts';
export { DEMO_CITIES, DEMO_MARKET_COMPANIES, marketJobs, seededRandom, type DemoCity } from './demo-data.ts';
export { seedDemoCompanyJobs, seedDemoMarket, type DemoFeaturedJobs } from './demo.ts';
export { storedJobData } from './drafts.ts';
export { sanitizeRichText } from './rich-text.ts';
export { setJobsBoosted } from './boost.ts';
export { jobPostListItemOf, listViewColumns, named, companyJob, type ListViewRow, type SeekerView } from './lists.ts';
export { postingNames, type PostingNames } from './names.ts';
