// Jobs as seekers meet them: search, detail, saved jobs, applying, alerts and the public pages.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { jobDetailRoutes } from './detail-routes.ts';
export { jobSearchRoutes } from './routes.ts';
export { seedDemoJobActivity } from './activity-demo.ts';
export { seedDemoCounts } from './counts-demo.ts';
export { seedDemoContactMessages } from './contact-demo.ts';
export { seedDemoJobAlerts } from './alerts-demo.ts';
export { runDueDigests, type DigestReport } from './alert-digests.ts';
export { companyVisible, jobOpen } from './detail.ts';
export { jobPageSources, serverPage } from './seo.ts';
export { recordImpressions } from './clicks.ts';
export { searchIndexHealth } from './search-index/sync.ts';
export { foldCellChanges } from './search-postgres.ts';
