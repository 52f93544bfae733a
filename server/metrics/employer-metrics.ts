import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/sql.ts';
import { RANKED_JOBS, type EmployerMetrics, type RankedJob, type employerMetricsRequestSchema } from '../../src/contract/metrics.ts';
import { bucketTotals, jobTotals, zeroTotals } from './counts.ts';
import { metricJobColumns, metricJobOf, type MetricJobRow } from './jobs.ts';
import { rangeAnswer, rangePair, spanOf } from './ranges.ts';

export type EmployerMetricsQuery = z.output<typeof employerMetricsRequestSchema>;

/** A job open in the range, with what ranks it. */
interface Candidate {
  id: string;
  /** ms */
  posted: number;
  applications: number;
  views: number;
}

/** Views over the covering days are read job by job (index only) for up to this many tied jobs; past it, the company's at once. */
const VIEWS_BY_JOB = 200;

/** Best first: the most applications, then the most views, then the newest. */
const bestFirst = (a: Candidate, b: Candidate) =>
  b.applications - a.applications || b.views - a.views || b.posted - a.posted || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The company's jobs open on a day of [from, to), ranked as employer-metrics ranks them: the
 * RANKED_JOBS first and the RANKED_JOBS last, the worst first (fewer when it has fewer than twice
 * as many: a job is in one list only). Ranked by the daily sums of the UTC days that cover the span
 * (they differ from the exact span by the edge days' few hours at most; the chosen jobs' figures are
 * then read exactly). Applications are read for every job (few rows); views, the many rows, only for
 * the jobs whose equal applications straddle a list's edge, where they decide.
 */
async function rankedJobs(ctx: AppContext, companyId: string, from: number, to: number): Promise<{ best: string[]; worst: string[] }> {
  const firstDay = new Date(from).toISOString().slice(0, 10);
  const lastDay = new Date(to - 1).toISOString().slice(0, 10);
  const candidates = rowsOf<Candidate>(
    await ctx.db.execute(sql`
      select j.id, (extract(epoch from j.posted_at) * 1000)::float8 as posted, coalesce(a.n, 0)::int as applications, 0 as views
      from job_posts j
      left join (
        select d.job_post_id, sum(d.count) as n from job_counts_daily d
        where d.company_id = ${companyId} and d.kind = 'application' and d.day >= ${firstDay}::date and d.day <= ${lastDay}::date
        group by 1
      ) a on a.job_post_id = j.id
      -- open on a day of the span: posted before its end, and neither closed nor past its last day before its start
      where j.company_id = ${companyId} and j.status <> 'Deleted'
        and j.posted_at < ${new Date(to).toISOString()}::timestamptz
        and least(j.closed_at, j.valid_through) > ${new Date(from).toISOString()}::timestamptz`),
  ).map((c) => ({ ...c, posted: Number(c.posted), applications: Number(c.applications), views: 0 }));
  candidates.sort(bestFirst);
  const n = candidates.length;
  const bestCount = Math.min(RANKED_JOBS, n);
  const worstCount = Math.min(RANKED_JOBS, n - bestCount);
  // Where equal applications straddle a list's edge, views decide.
  const tied = new Set<number>();
  for (const edge of [bestCount, n - worstCount]) {
    if (edge > 0 && edge < n && candidates[edge - 1]!.applications === candidates[edge]!.applications) {
      tied.add(candidates[edge]!.applications);
    }
  }
  const deciding = candidates.filter((c) => tied.has(c.applications));
  if (deciding.length > 0) {
    const byJob = deciding.length <= VIEWS_BY_JOB;
    const owner = byJob
      ? sql`d.job_post_id = any(${`{${deciding.map((c) => c.id).join(',')}}`}::uuid[])`
      : sql`d.company_id = ${companyId}`;
    const views = rowsOf<{ job_post_id: string; n: string | number }>(
      await ctx.db.execute(sql`
        select d.job_post_id, sum(d.count) as n from job_counts_daily d
        where ${owner} and d.kind = 'view' and d.day >= ${firstDay}::date and d.day <= ${lastDay}::date
        group by 1`),
    );
    const byId = new Map(views.map((v) => [v.job_post_id, Number(v.n)]));
    for (const c of deciding) c.views = byId.get(c.id) ?? 0;
    candidates.sort(bestFirst);
  }
  return {
    best: candidates.slice(0, bestCount).map((c) => c.id),
    worst: candidates
      .slice(n - worstCount)
      .reverse()
      .map((c) => c.id),
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
  // The previous range as one bucket before the days: one scan of the company's hours for both.
  const [[previous, ...days], ranked] = await Promise.all([
    bucketTotals(ctx.db, { companyId }, pair.withPrevious),
    rankedJobs(ctx, companyId, span.from, span.to),
  ]);
  const chosen = [...ranked.best, ...ranked.worst];
  const [exact, jobs] = await Promise.all([
    jobTotals(ctx.db, chosen, span.from, span.to),
    chosen.length === 0
      ? []
      : rowsOf<MetricJobRow>(
          await ctx.db.execute(sql`select ${metricJobColumns} from job_posts j where j.id = any(${`{${chosen.join(',')}}`}::uuid[])`),
        ),
  ]);
  const now = ctx.adapters.now();
  const rowOf = new Map(jobs.map((r) => [r.id, r]));
  // A job deleted since it was ranked is left out.
  const listOf = (ids: string[]): RankedJob[] =>
    ids.flatMap((id) => {
      const row = rowOf.get(id);
      return row ? [{ jobPost: metricJobOf(row, now), totals: exact.get(id) ?? zeroTotals() }] : [];
    });
  return {
    ...rangeAnswer(pair, days, previous!),
    // Each list in the order of its exact figures.
    best: listOf(ranked.best).sort(byBest),
    worst: listOf(ranked.worst).sort((a, b) => byBest(b, a)),
  };
}
