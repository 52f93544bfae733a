import type { Envelope } from '../../src/contract/envelope.ts';
import type { EmployerMetrics, JobMetrics, MetricTotals, PerformancePage } from '../../src/contract/metrics.ts';
import type { CountKind } from '../../server/platform/counters.ts';
import { billingApp } from './billing-support.ts';
import type { FilesApp } from './files-support.ts';
import type { Answer, Caller } from './jobs-support.ts';

export { expectOk, expectRefused } from './jobs-support.ts';
export type { Answer, Caller };

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A clock the test sets to any moment (counts are placed at chosen UTC hours); the app reads it through adapters.now. */
export function settableClock(start: string) {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set(moment: string | Date) {
      at = new Date(moment).getTime();
    },
    advance(ms: number) {
      at += ms;
    },
  };
}

type Prefix = 'Recruiter' | 'Employer';

async function post<T>(f: FilesApp, url: string, caller: Caller, json: unknown): Promise<Answer<T>> {
  const res = await f.app.inject({
    method: 'POST',
    url,
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
    payload: json as object,
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

/** The metrics calls as the pages make them; `prefix` picks the Recruiter or Employer path. */
export function metricsCalls(f: FilesApp) {
  return {
    job: (c: Caller, body: unknown, prefix: Prefix = 'Recruiter') => post<JobMetrics>(f, `/api/${prefix}/job-metrics`, c, body),
    company: (c: Caller, body: unknown, prefix: Prefix = 'Recruiter') =>
      post<EmployerMetrics>(f, `/api/${prefix}/employer-metrics`, c, body),
    performance: (c: Caller, body: unknown, prefix: Prefix = 'Recruiter') =>
      post<PerformancePage>(f, `/api/${prefix}/jobposts-performance`, c, body),
  };
}

/** Totals with the given measures, the others 0. */
export const totals = (t: Partial<MetricTotals> = {}): MetricTotals => ({
  impressions: 0,
  clicks: 0,
  applicationStarts: 0,
  applications: 0,
  messagesStarted: 0,
  ...t,
});

/**
 * The billing world (companies X and Y, their staff, job seekers, boosts) on a clock the test
 * sets, with the metrics calls, and counts placed as the app counts them: added in the UTC hour
 * the clock shows, then written by the counters' flush.
 */
export async function metricsApp(start = '2026-01-05T12:00:00Z') {
  const clock = settableClock(start);
  const t = await billingApp({ adapters: { now: clock.now } });
  const m = metricsCalls(t.f);

  /** Counts `n` events of the kind for each job at the moment (UTC ISO), then sets the clock back. */
  function count(jobPostIds: string | string[], kind: CountKind, moment: string, n = 1) {
    const back = clock.now();
    clock.set(moment);
    t.ctx.counters.add([jobPostIds].flat(), kind, n);
    clock.set(back);
  }

  /** A job of X posted at the moment, open for `openDays` days (a year unless given). */
  async function jobAt(title: string, moment: string, options: { company?: 'x' | 'y'; openDays?: number } = {}) {
    const back = clock.now();
    clock.set(moment);
    try {
      const postedAt = clock.now();
      return await t.jobs.create(
        title,
        {},
        { postedAt, validThrough: new Date(postedAt.getTime() + (options.openDays ?? 365) * DAY), company: options.company ?? 'x' },
      );
    } finally {
      clock.set(back);
    }
  }

  return { ...t, clock, m, count, jobAt, flush: () => t.ctx.counters.flush() };
}

export type MetricsWorld = Awaited<ReturnType<typeof metricsApp>>;
