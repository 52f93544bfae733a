import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { parseIsoDate } from './dates.ts';
import { pagingNumber } from './paging.ts';
import { TIME_ZONE_MESSAGE, timeZoneSchema } from './time-zone.ts';
import { jobPostStatuses } from './posting.ts';

/**
 * Metrics (spec 2 §2 job dashboard, job-post performance list, recruiter dashboard; §3 Metrics
 * entry, Performance row; §4 date-range picker; §7 job-metrics, employer-metrics,
 * jobposts-performance). What happens to each job is counted per job and UTC hour:
 *
 * - impressions: the job shown in a search page, the featured strip, a list or an alert mail;
 * - clicks (shown as "views"): job-click and api/click/log, once per visitor per job every 30
 *   minutes, the company's own staff never counted;
 * - applicationStarts: job-apply, with the same rules;
 * - applications: applications sent;
 * - messagesStarted: conversations the staff started with an applicant about the job.
 *
 * Requests from automated clients (a bot's user agent) are not counted. A day is a calendar day in
 * the viewer's time zone (`timeZone`, an IANA name the browser sends; UTC when left out): each UTC
 * hour belongs to the day its first minute falls on there, so the days of a range always add up
 * to its totals, also across a daylight-saving change. In the few zones whose offset is not whole
 * hours (e.g. Asia/Kolkata) the hour around midnight is counted on the day it starts.
 */

/** Product copy, word for word. Errors reach the page from the response's state errors (spec 2 §8). */
export const MetricsMessages = {
  startDate: 'Please give a start date as YYYY-MM-DD.',
  endDate: 'Please give an end date as YYYY-MM-DD.',
  endBeforeStart: 'The end date cannot be before the start date.',
  rangeTooLong: 'Please choose a range of 366 days or fewer.',
  date: 'Please give a date as YYYY-MM-DD.',
  timeZone: TIME_ZONE_MESSAGE,
  jobNotFound: 'This job was not found.',
  page: 'Please give a page number from 1.',
  pageSize: 'Please give a page size from 1 to 50.',
  // the pages
  empty: 'Nothing was counted in this range yet.',
  noJobs: 'You have no job posts yet.',
} as const;

/** The longest range a metrics call answers, in days (both ends counted). */
export const MAX_METRICS_RANGE_DAYS = 366;
/** Rows of the job-post performance list per page (spec 2 §9: employer and recruiter lists 10). */
export const PERFORMANCE_PAGE_SIZE = 10;
/** How many jobs employer-metrics names as the best and as the worst of the range. */
export const RANKED_JOBS = 5;

/** The measures of a day, in funnel order, with the names the pages show. */
export const metricMeasures = ['impressions', 'clicks', 'applicationStarts', 'applications', 'messagesStarted'] as const;
export type MetricMeasure = (typeof metricMeasures)[number];
export const METRIC_NAMES: Record<MetricMeasure, string> = {
  impressions: 'Impressions',
  clicks: 'Views',
  applicationStarts: 'Application starts',
  applications: 'Applications',
  messagesStarted: 'Messages started',
};

// ---------- parts ----------

const count = z.number().int().min(0);

/** The counts of a range or a day. */
export const metricTotalsSchema = z.object({
  impressions: count,
  /** Views of the job's page (the spec's clicks). */
  clicks: count,
  applicationStarts: count,
  applications: count,
  messagesStarted: count,
});
export type MetricTotals = z.infer<typeof metricTotalsSchema>;

/** One calendar day of a range, in the viewer's time zone. */
export const metricPointSchema = metricTotalsSchema.extend({
  /** YYYY-MM-DD. */
  date: z.string(),
});
export type MetricPoint = z.infer<typeof metricPointSchema>;

/** A range's totals beside the range of the same length just before it ("up 12% on the previous 7 days"). */
export const metricPeriodSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totals: metricTotalsSchema,
});
export type MetricPeriod = z.infer<typeof metricPeriodSchema>;

/** The job a metrics row is about. */
export const metricJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(jobPostStatuses),
  /** City and state, or "Remote". */
  place: z.string(),
  /** ISO 8601. */
  postingDate: z.string(),
});
export type MetricJob = z.infer<typeof metricJobSchema>;

/**
 * What a boost cost in the range: each paid period's amount spread evenly over its days, the days
 * inside the range counted; per click and per application over the range's counts (null without
 * any).
 */
export const boostCostSchema = z.object({
  spentCents: z.number().int().min(0),
  costPerClickCents: z.number().int().min(0).nullable(),
  costPerApplicationCents: z.number().int().min(0).nullable(),
  /** The tier's name of the boost that was current at the end of the range. */
  tierName: z.string(),
});
export type BoostCost = z.infer<typeof boostCostSchema>;

// ---------- requests ----------

export { isTimeZone, timeZoneSchema } from './time-zone.ts';

const isoDate = (message: string) => z.string({ error: message }).refine((v) => parseIsoDate(v) !== null, message);

/** Days from `startDate` to `endDate`, both counted. */
export function rangeDays(startDate: string, endDate: string): number {
  const start = parseIsoDate(startDate);
  const end = parseIsoDate(endDate);
  if (!start || !end) return 0;
  return end.diff(start, 'day') + 1;
}

/** A range of calendar days: the end not before the start, at most MAX_METRICS_RANGE_DAYS long. */
const rangeFields = {
  startDate: isoDate(MetricsMessages.startDate),
  endDate: isoDate(MetricsMessages.endDate),
  timeZone: timeZoneSchema.default('UTC'),
};
/**
 * What is wrong with a range of two valid dates, or null: the end before the start, or more than
 * MAX_METRICS_RANGE_DAYS days. The requests and the picker's calendar both ask it.
 */
export function rangeProblem(startDate: string, endDate: string): string | null {
  const days = rangeDays(startDate, endDate);
  if (days < 1) return MetricsMessages.endBeforeStart;
  if (days > MAX_METRICS_RANGE_DAYS) return MetricsMessages.rangeTooLong;
  return null;
}
const checkRange = (value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  if (!parseIsoDate(value.startDate) || !parseIsoDate(value.endDate)) return;
  const problem = rangeProblem(value.startDate, value.endDate);
  if (problem) ctx.addIssue({ code: 'custom', path: ['endDate'], message: problem });
};

/** job-metrics (spec 2 §7): jobPostId, startDate, endDate. */
export const jobMetricsRequestSchema = z
  .object({ jobPostId: z.uuid({ error: MetricsMessages.jobNotFound }), ...rangeFields })
  .superRefine(checkRange);
export type JobMetricsRequest = z.input<typeof jobMetricsRequestSchema>;

/** employer-metrics (spec 2 §7): startDate, endDate, for the caller's company. */
export const employerMetricsRequestSchema = z.object(rangeFields).superRefine(checkRange);
export type EmployerMetricsRequest = z.input<typeof employerMetricsRequestSchema>;

/** jobposts-performance (spec 2 §7): a date (today in the viewer's zone when left out) and paging. */
export const performanceRequestSchema = z.object({
  date: isoDate(MetricsMessages.date).optional(),
  timeZone: timeZoneSchema.default('UTC'),
  pageNumber: pagingNumber(MetricsMessages.page).default(1),
  pageSize: pagingNumber(MetricsMessages.pageSize, { max: 50 }).default(PERFORMANCE_PAGE_SIZE),
});
export type PerformanceRequest = z.input<typeof performanceRequestSchema>;

// ---------- responses ----------

const rangeAnswer = {
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  /** One point per calendar day of the range, oldest first, zero days included. */
  points: z.array(metricPointSchema),
  /** The sums of the points. */
  totals: metricTotalsSchema,
  /** The range of the same length that ends the day before startDate. */
  previous: metricPeriodSchema,
};

export const jobMetricsSchema = z.object({
  jobPost: metricJobSchema,
  ...rangeAnswer,
  /** Null unless the job was boosted on a day of the range. */
  boost: boostCostSchema.nullable(),
});
export type JobMetrics = z.infer<typeof jobMetricsSchema>;

/** A job of the company with its totals over the range. */
export const rankedJobSchema = z.object({ jobPost: metricJobSchema, totals: metricTotalsSchema });
export type RankedJob = z.infer<typeof rankedJobSchema>;

export const employerMetricsSchema = z.object({
  ...rangeAnswer,
  /**
   * Among the company's jobs open on a day of the range: the most applications, then the most
   * views, then the newest (best), and the fewest by the same order (worst), RANKED_JOBS each; a
   * job is in one list only.
   */
  best: z.array(rankedJobSchema),
  worst: z.array(rankedJobSchema),
});
export type EmployerMetrics = z.infer<typeof employerMetricsSchema>;

/** Performance row trend (spec 2 §3): 0 None, 1 Up, 2 Down, 3 Same. */
export const Trend = { None: 0, Up: 1, Down: 2, Same: 3 } as const;
export type TrendValue = (typeof Trend)[keyof typeof Trend];
export const TREND_NAMES: Record<TrendValue, string> = { 0: 'No activity', 1: 'Up', 2: 'Down', 3: 'Same' };

/** The Metrics entry (spec 2 §3): one day's clicks and applicationStarts. */
export const metricsEntrySchema = z.object({ clicks: count, applicationStarts: count });
export type MetricsEntry = z.infer<typeof metricsEntrySchema>;

/**
 * How a row's trend is decided: a day's activity is its clicks plus its application starts; the
 * date's activity against the day before's: both 0 → None; more → Up; fewer → Down; equal → Same.
 */
export function trendOf(latest: MetricsEntry, before: MetricsEntry): TrendValue {
  const now = latest.clicks + latest.applicationStarts;
  const then = before.clicks + before.applicationStarts;
  if (now === 0 && then === 0) return Trend.None;
  if (now > then) return Trend.Up;
  if (now < then) return Trend.Down;
  return Trend.Same;
}

/** Performance row (spec 2 §3): jobPost, trend, latest; and the day before, so the page can show both. */
export const performanceRowSchema = z.object({
  jobPost: metricJobSchema,
  trend: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  latest: metricsEntrySchema,
  dayBefore: metricsEntrySchema,
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

export const performancePageSchema = z.object({
  /** The date the rows are about, YYYY-MM-DD in the viewer's zone. */
  date: z.string(),
  /**
   * The company's jobs posted on or before the date and not deleted: the most activity on the
   * date first, then the newest.
   */
  items: z.array(performanceRowSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type PerformancePage = z.infer<typeof performancePageSchema>;

// ---------- endpoints ----------

const tag = 'metrics';
/** The company's employer and its recruiters read its metrics. */
const companyStaff = ['Employer', 'Recruiter'] as const;

export const jobMetrics = endpoint({
  method: 'POST',
  path: '/api/Recruiter/job-metrics',
  auth: companyStaff,
  tag,
  summary:
    'One of the company’s jobs, day by day over startDate…endDate in timeZone (at most 366 days): impressions, clicks (views), application starts, applications and messages started, the totals, the same totals for the range before, and what a boost cost; another company’s job 404',
  body: jobMetricsRequestSchema,
  response: jobMetricsSchema,
});
export const employerJobMetrics = endpoint({
  ...jobMetrics,
  path: '/api/Employer/job-metrics',
  summary: 'job-metrics under the Employer prefix (spec 2 §6)',
});

export const employerMetrics = endpoint({
  method: 'POST',
  path: '/api/Recruiter/employer-metrics',
  auth: companyStaff,
  tag,
  summary:
    'The caller’s company, day by day over startDate…endDate in timeZone (at most 366 days): the same measures as job-metrics over all its jobs, the range before, and its best and worst jobs of the range',
  body: employerMetricsRequestSchema,
  response: employerMetricsSchema,
});
export const employerEmployerMetrics = endpoint({
  ...employerMetrics,
  path: '/api/Employer/employer-metrics',
  summary: 'employer-metrics under the Employer prefix (spec 2 §6)',
});

export const jobpostsPerformance = endpoint({
  method: 'POST',
  path: '/api/Recruiter/jobposts-performance',
  auth: companyStaff,
  tag,
  summary:
    'The company’s jobs on one date (today in timeZone by default): clicks and application starts that day (latest), the day before, and the trend (0 None, 1 Up, 2 Down, 3 Same: clicks plus starts against the day before); 10 a page with the total',
  body: performanceRequestSchema,
  response: performancePageSchema,
});
export const employerJobpostsPerformance = endpoint({
  ...jobpostsPerformance,
  path: '/api/Employer/jobposts-performance',
  summary: 'jobposts-performance under the Employer prefix (spec 2 §6)',
});
