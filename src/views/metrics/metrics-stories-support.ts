import dayjs from 'dayjs';
import { fromPromise } from 'xstate';
import {
  PERFORMANCE_PAGE_SIZE,
  trendOf,
  type EmployerMetrics,
  type JobMetrics,
  type MetricJob,
  type MetricPoint,
  type MetricTotals,
  type PerformancePage,
  type PerformanceRow,
} from '../../contract/metrics.ts';
import type { DateRange } from '../../machines/metrics/date-range.machine.ts';
import { employerMetricsMachine } from '../../machines/metrics/employer-metrics.machine.ts';
import { jobMetricsMachine, type JobMetricsInput } from '../../machines/metrics/job-metrics.machine.ts';
import { performanceMachine, type PerformanceQuery } from '../../machines/metrics/performance.machine.ts';

/*
 * A company's metrics as the demo shows them: jobs with a weekday rhythm (more on Mondays, little
 * at the weekend), one boosted job that clearly gets more, and a quiet one.
 */

/** The day the stories and tests take as today. */
export const STORY_TODAY = '2025-03-12';

const job = (n: number, title: string, place: string, status: MetricJob['status'] = 'Active'): MetricJob => ({
  id: `7d1e0000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title,
  status,
  place,
  postingDate: '2024-11-04T16:00:00.000Z',
});

export const demoJob = job(1, 'Registered Nurse, Night Shift', 'Vancouver, WA');
export const boostedJob = job(2, 'Warehouse Associate', 'Portland, OR');
export const quietJob = job(3, 'Payroll Specialist', 'Remote');
export const demoJobs: MetricJob[] = [
  demoJob,
  boostedJob,
  quietJob,
  job(4, 'Line Cook', 'Vancouver, WA'),
  job(5, 'Dental Hygienist', 'Camas, WA'),
  job(6, 'Delivery Driver', 'Beaverton, OR', 'Closed'),
];

const zero: MetricTotals = { impressions: 0, clicks: 0, applicationStarts: 0, applications: 0, messagesStarted: 0 };
const WEEKDAY = [0.35, 1.25, 1.1, 1.05, 1, 0.85, 0.4];

/** A small, repeatable noise in 0.75…1.25 for day `i` of series `seed`. */
const noise = (seed: number, i: number) => 0.75 + ((((Math.sin(seed * 97.1 + i * 12.9898) * 43758.5453) % 1) + 1) % 1) / 2;

/** The days of a range, each counted as a job with `scale` times the usual interest would be. */
export function demoPoints(range: DateRange, scale = 1, seed = 1): MetricPoint[] {
  const start = dayjs(range.startDate);
  const days = dayjs(range.endDate).diff(start, 'day') + 1;
  return Array.from({ length: days }, (_, i) => {
    const d = start.add(i, 'day');
    const interest = scale * WEEKDAY[d.day()]! * noise(seed, d.diff(dayjs('2024-01-01'), 'day'));
    const impressions = Math.round(180 * interest);
    const clicks = Math.round(impressions * 0.14);
    const applicationStarts = Math.round(clicks * 0.32);
    const applications = Math.round(applicationStarts * 0.6);
    const messagesStarted = Math.round(applications * 0.3);
    return { date: d.format('YYYY-MM-DD'), impressions, clicks, applicationStarts, applications, messagesStarted };
  });
}

export const totalsOf = (points: readonly MetricPoint[]): MetricTotals =>
  points.reduce(
    (t, p) => ({
      impressions: t.impressions + p.impressions,
      clicks: t.clicks + p.clicks,
      applicationStarts: t.applicationStarts + p.applicationStarts,
      applications: t.applications + p.applications,
      messagesStarted: t.messagesStarted + p.messagesStarted,
    }),
    zero,
  );

/** The range of the same length that ends the day before `range`. */
export function previousOf(range: DateRange): DateRange {
  const days = dayjs(range.endDate).diff(dayjs(range.startDate), 'day') + 1;
  return {
    startDate: dayjs(range.startDate).subtract(days, 'day').format('YYYY-MM-DD'),
    endDate: dayjs(range.startDate).subtract(1, 'day').format('YYYY-MM-DD'),
  };
}

const rangeAnswer = (range: DateRange, scale: number, seed: number) => {
  const points = demoPoints(range, scale, seed);
  const previous = previousOf(range);
  return {
    ...range,
    timeZone: 'America/Los_Angeles',
    points,
    totals: totalsOf(points),
    previous: { ...previous, totals: totalsOf(demoPoints(previous, scale * 0.9, seed)) },
  };
};

/** A job's answer to job-metrics; `boosted` adds what its boost cost. */
export function demoJobMetrics(range: DateRange, options: { boosted?: boolean; empty?: boolean } = {}): JobMetrics {
  if (options.empty) {
    const points = demoPoints(range, 0);
    const previous = previousOf(range);
    return {
      jobPost: quietJob,
      ...range,
      timeZone: 'America/Los_Angeles',
      points,
      totals: zero,
      previous: { ...previous, totals: zero },
      boost: null,
    };
  }
  const answer = rangeAnswer(range, options.boosted ? 2.6 : 1, options.boosted ? 2 : 1);
  const spentCents = options.boosted ? 9900 : 0;
  return {
    jobPost: options.boosted ? boostedJob : demoJob,
    ...answer,
    boost: options.boosted
      ? {
          spentCents,
          costPerClickCents: answer.totals.clicks ? Math.round(spentCents / answer.totals.clicks) : null,
          costPerApplicationCents: answer.totals.applications ? Math.round(spentCents / answer.totals.applications) : null,
          tierName: 'Premium',
        }
      : null,
  };
}

/** The company's answer to employer-metrics: its jobs together, with the best and the worst. */
export function demoEmployerMetrics(range: DateRange, options: { noJobs?: boolean } = {}): EmployerMetrics {
  if (options.noJobs) {
    const points = demoPoints(range, 0);
    const previous = previousOf(range);
    return {
      ...range,
      timeZone: 'America/Los_Angeles',
      points,
      totals: zero,
      previous: { ...previous, totals: zero },
      best: [],
      worst: [],
    };
  }
  const ranked = demoJobs
    .filter((j) => j.status === 'Active')
    .map((j, i) => ({
      jobPost: j,
      totals: totalsOf(demoPoints(range, j === boostedJob ? 2.6 : j === quietJob ? 0.1 : 1 - i * 0.1, i + 1)),
    }))
    .sort((a, b) => b.totals.applications - a.totals.applications || b.totals.clicks - a.totals.clicks);
  return { ...rangeAnswer(range, 5.5, 7), best: ranked.slice(0, 3), worst: ranked.slice(3).reverse() };
}

/** A page of the performance list on `date`. */
export function demoPerformance(date: string, pageNumber = 1, total = 12): PerformancePage {
  const day = (d: string, scale: number, seed: number) => demoPoints({ startDate: d, endDate: d }, scale, seed)[0]!;
  const before = dayjs(date).subtract(1, 'day').format('YYYY-MM-DD');
  const items: PerformanceRow[] = Array.from(
    { length: Math.max(0, Math.min(PERFORMANCE_PAGE_SIZE, total - (pageNumber - 1) * PERFORMANCE_PAGE_SIZE)) },
    (_, k) => {
      const i = (pageNumber - 1) * PERFORMANCE_PAGE_SIZE + k;
      const base = demoJobs[i % demoJobs.length]!;
      const jobPost = i < demoJobs.length ? base : { ...job(i + 1, `${base.title} (${i + 1})`, base.place), status: base.status };
      const scale = i === 2 ? 0 : i === 1 ? 2.6 : 1 - (i % 4) * 0.2;
      const now = day(date, scale, i + 1);
      const then = i === 3 ? now : day(before, scale, i + 11);
      const latest = { clicks: now.clicks, applicationStarts: now.applicationStarts };
      const dayBefore = { clicks: then.clicks, applicationStarts: then.applicationStarts };
      return { jobPost, latest, dayBefore, trend: trendOf(latest, dayBefore) };
    },
  );
  return { date, items, total, pageNumber, pageSize: PERFORMANCE_PAGE_SIZE };
}

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** The machines with their calls answered from the demo after a moment, as a server would. */
export const storyJobMetricsLogic = (options: { boosted?: boolean; empty?: boolean } = {}) =>
  jobMetricsMachine.provide({
    actors: { load: fromPromise<JobMetrics, JobMetricsInput>(({ input }) => after(500, demoJobMetrics(input, options))) },
  });
export const storyEmployerMetricsLogic = (options: { noJobs?: boolean } = {}) =>
  employerMetricsMachine.provide({
    actors: { load: fromPromise<EmployerMetrics, DateRange>(({ input }) => after(500, demoEmployerMetrics(input, options))) },
  });
export const storyPerformanceLogic = (total = 12) =>
  performanceMachine.provide({
    actors: {
      load: fromPromise<PerformancePage, PerformanceQuery>(({ input }) => after(400, demoPerformance(input.date, input.pageNumber, total))),
    },
  });
