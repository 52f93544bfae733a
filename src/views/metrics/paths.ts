/** Where the metrics pages are, for the links of other pages (no code of the pages comes with them). */
export const jobDashboardPath = (id: string) => `/user/jobs/${encodeURIComponent(id)}`;
export const PERFORMANCE_PATH = '/user/jobs/performance';
export const COMPANY_METRICS_PATH = '/user/jobs/metrics';
