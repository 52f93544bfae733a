import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';
import type { CountKind } from '../platform/counters.ts';
import type { MetricMeasure, MetricTotals } from '../../src/contract/metrics.ts';

/** The measure each kind of count is shown as. */
export const MEASURE_OF: Record<CountKind, MetricMeasure> = {
  impression: 'impressions',
  view: 'clicks',
  apply_start: 'applicationStarts',
  application: 'applications',
  message: 'messagesStarted',
};
const KINDS = Object.keys(MEASURE_OF) as CountKind[];

export const zeroTotals = (): MetricTotals => ({ impressions: 0, clicks: 0, applicationStarts: 0, applications: 0, messagesStarted: 0 });

export function addTotals(into: MetricTotals, add: MetricTotals): MetricTotals {
  for (const m of Object.keys(into) as MetricMeasure[]) into[m] += add[m];
  return into;
}

// Array literals as text (ISO times, kinds and ids hold no comma or quote): one form both drivers send alike.
// A range's starts are kept (ranges.ts), and so is their text: a year's is some 20 kB.
const texts = new WeakMap<readonly number[], string>();
function instants(ms: readonly number[]) {
  let text = texts.get(ms);
  if (text === undefined) {
    text = `{${ms.map((t) => new Date(t).toISOString()).join(',')}}`;
    texts.set(ms, text);
  }
  return sql`${text}::timestamptz[]`;
}
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
/** Every kind, named: the primary keys lead with (owner, kind, hour), so each kind is one range of the index. */
const everyKind = sql`${`{${KINDS.join(',')}}`}::text[]`;

/** Where a series is read: one job's hourly counts, or one company's. */
export type SeriesOf = { jobPostId: string } | { companyId: string };

/**
 * Totals per bucket: `starts` are the buckets' first hours in order and, last, the end of the last
 * one; each hour goes to the bucket it starts in (one indexed range scan, bucketed by
 * width_bucket's binary search over the starts). Answers starts.length - 1 totals.
 */
export async function bucketTotals(db: Db, of: SeriesOf, starts: readonly number[]): Promise<MetricTotals[]> {
  const buckets = Array.from({ length: starts.length - 1 }, zeroTotals);
  const owner: SQL =
    'jobPostId' in of
      ? sql`from job_counts_hourly c where c.job_post_id = ${of.jobPostId}`
      : sql`from company_counts_hourly c where c.company_id = ${of.companyId}`;
  const rows = rowsOf<{ bucket: number; kind: CountKind; n: string | number }>(
    await db.execute(sql`
      select width_bucket(c.hour, ${instants(starts)}) as bucket, c.kind, sum(c.count)::bigint as n
      ${owner} and c.kind = any(${everyKind})
        and c.hour >= ${at(starts[0]!)} and c.hour < ${at(starts[starts.length - 1]!)}
      group by 1, 2`),
  );
  for (const r of rows) {
    const totals = buckets[Number(r.bucket) - 1];
    if (totals) totals[MEASURE_OF[r.kind]] += Number(r.n);
  }
  return buckets;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each job's totals over [from, to) (ms); jobs without counts are left out. The whole UTC days
 * inside the span come from the daily sums (a row per job, kind and day), the hours at its edges
 * from the hourly record: a long span reads some 24 times fewer rows.
 */
export async function jobTotals(db: Db, jobPostIds: readonly string[], from: number, to: number): Promise<Map<string, MetricTotals>> {
  const totals = new Map<string, MetricTotals>();
  if (jobPostIds.length === 0 || to <= from) return totals;
  const ids = sql`${`{${jobPostIds.join(',')}}`}::uuid[]`;
  const hours = (a: number, b: number) => sql`
    select c.job_post_id, c.kind, c.count from job_counts_hourly c
    where c.job_post_id = any(${ids}) and c.kind = any(${everyKind}) and c.hour >= ${at(a)} and c.hour < ${at(b)}`;
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const endDay = Math.floor(to / DAY_MS) * DAY_MS;
  const parts =
    firstDay < endDay
      ? sql`${hours(from, firstDay)}
        union all
        select d.job_post_id, d.kind, d.count from job_counts_daily d
        where d.job_post_id = any(${ids}) and d.kind = any(${everyKind})
          and d.day >= ${new Date(firstDay).toISOString().slice(0, 10)}::date and d.day < ${new Date(endDay).toISOString().slice(0, 10)}::date
        union all
        ${hours(endDay, to)}`
      : hours(from, to);
  const rows = rowsOf<{ job_post_id: string; kind: CountKind; n: string | number }>(
    await db.execute(sql`select p.job_post_id, p.kind, sum(p.count)::bigint as n from (${parts}) p group by 1, 2`),
  );
  for (const r of rows) {
    const t = totals.get(r.job_post_id) ?? zeroTotals();
    t[MEASURE_OF[r.kind]] += Number(r.n);
    totals.set(r.job_post_id, t);
  }
  return totals;
}
