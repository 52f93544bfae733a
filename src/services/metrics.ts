import * as ep from '../contract/metrics.ts';
import type { EmployerMetricsRequest, JobMetricsRequest, PerformanceRequest } from '../contract/metrics.ts';
import { call } from './http.ts';

/** The browser's IANA time zone: the days of every chart are its calendar days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface MetricsCallOptions {
  signal?: AbortSignal | undefined;
  /** The zone the days are counted in; the browser's when left out (tests name one). */
  timeZone?: string;
}

/** Every metrics call is quiet: the page shows the answer's state errors itself (spec 2 §8). */
const options = (o: MetricsCallOptions) => ({ ...(o.signal ? { signal: o.signal } : {}), quiet: true });
const zone = (o: MetricsCallOptions) => o.timeZone ?? browserTimeZone();

/**
 * Typed calls of the metrics (spec 2 §7 job-metrics, employer-metrics, jobposts-performance), under
 * the Recruiter prefix, which serves the employer too.
 */
export const metricsService = {
  /** One job, day by day over the range, with the range before and what a boost cost. */
  jobMetrics: (body: Omit<JobMetricsRequest, 'timeZone'>, o: MetricsCallOptions = {}) =>
    call(ep.jobMetrics, { body: { ...body, timeZone: zone(o) } }, options(o)),
  /** The caller's company, day by day over the range, with its best and worst jobs. */
  employerMetrics: (body: Omit<EmployerMetricsRequest, 'timeZone'>, o: MetricsCallOptions = {}) =>
    call(ep.employerMetrics, { body: { ...body, timeZone: zone(o) } }, options(o)),
  /** One page of the company's jobs with their clicks and starts on a date and the day before. */
  performance: (body: Omit<PerformanceRequest, 'timeZone'>, o: MetricsCallOptions = {}) =>
    call(ep.jobpostsPerformance, { body: { ...body, timeZone: zone(o) } }, options(o)),
};
