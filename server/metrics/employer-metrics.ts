import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/sql.ts';
import { RANKED_JOBS, type EmployerMetrics, type RankedJob, type employerMetricsRequestSchema } from '../../src/contract/metrics.ts';
import { bucketTotals, jobTotals, zeroTotals } from './counts.ts';
import { metricJobColumns, metricJobOf, type MetricJobRow } from './jobs.ts';
import { rangeAnswer, rangePair, spanOf } from './ranges.ts';

export type EmployerMetricsQuery = z.output<typeof employerMetricsRequestSchema>;

type Ranked = MetricJobRow & { rank: number; ranked: number };

/**
 * The company's jobs open on a day of [from, to), ranked as employer-metrics ranks them, the
 * RANKED_JOBS first and the RANKED_JOBS last (fewer when it has fewer than twice as many: a job is
 * in one list only). Ranked by the daily sums of the UTC days that cover the span (one index-only
 * read per kind of the company's days), which differ from the exact span by the edge days' few
 * hours at most; the chosen jobs' figures are then read exactly.
 */
async function rankedJobs(ctx: AppContext, companyId: string, from: number, to: number): Promise<{ best: Ranked[]; worst: Ranked[] }> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const rows = rowsOf<Ranked>(
    await ctx.db.execute(sql`
      with sums as (
        select d.job_post_id,
          sum(d.count) filter (where d.kind = 'application') as applications,
          sum(d.count) filter (where d.kind = 'view') as views
        from job_counts_daily d
        where d.company_id = ${companyId} and d.kind = any('{application,view}'::text[])
          and d.day >= ${utcDay(from)}::date and d.day <= ${utcDay(to - 1)}::date
        group by 1
      ),
      ranked as (
        select ${metricJobColumns},
          row_number() over (order by coalesce(s.applications, 0) desc, coalesce(s.views, 0) desc, j.posted_at desc, j.id desc)::int as rank,
          count(*) over ()::int as ranked
        from job_posts j left join sums s on s.job_post_id = j.id
        -- open on a day of the span: posted before its end, and neither closed nor past its last day before its start
        where j.company_id = ${companyId} and j.status <> 'Deleted'
          and j.posted_at < ${iso(to)}::timestamptz
          and least(j.closed_at, j.valid_through) > ${iso(from)}::timestamptz
      )
      select * from ranked where rank <= ${RANKED_JOBS} or rank > greatest(ranked - ${RANKED_JOBS}, ${RANKED_JOBS})
      order by rank`),
  );
  return {
    best: rows.filter((r) => r.rank <= RANKED_JOBS),
    // The worst first.
    worst: rows.filter((r) => r.rank > RANKED_JOBS).reverse(),
  };
}

/** Best first: the most applications, then the most views, then the newest. */
function byBest(a: RankedJob, b: RankedJob): number {
  return (
    b.totals.applications - a.totals.applications ||
    b.totals.clicks - a.totals.clicks ||
    b.jobPost.postingDate.localeCompare(a.jobPost.postingDate) ||
    b.jobPost.id.localeCompare(a.jobPost.id)
  );
}

/**
 * employer-metrics: the company's days over the range (its hourly sums, one scan for both
 * ranges), the range before, and its best and worst jobs of the range.
 */
export async function employerMetrics(ctx: AppContext, companyId: string, q: EmployerMetricsQuery): Promise<EmployerMetrics> {
  const pair = rangePair(q);
  const span = spanOf(pair);
  const [buckets, ranked] = await Promise.all([
    bucketTotals(ctx.db, { companyId }, pair.starts),
    rankedJobs(ctx, companyId, span.from, span.to),
  ]);
  const chosen = [...ranked.best, ...ranked.worst];
  const exact = await jobTotals(
    ctx.db,
    chosen.map((r) => r.id),
    span.from,
    span.to,
  );
  const now = ctx.adapters.now();
  const rankedJob = (r: Ranked): RankedJob => ({ jobPost: metricJobOf(r, now), totals: exact.get(r.id) ?? zeroTotals() });
  return {
    ...rangeAnswer(pair, buckets),
    // Each list in the order of its exact figures.
    best: ranked.best.map(rankedJob).sort(byBest),
    worst: ranked.worst.map(rankedJob).sort((a, b) => byBest(b, a)),
  };
}
