import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/sql.ts';
import { notFound } from '../http/errors.ts';
import { boostSpendOf } from '../billing/index.ts';
import { MetricsMessages, type JobMetrics, type jobMetricsRequestSchema } from '../../src/contract/metrics.ts';
import { bucketTotals, jobTotals, zeroTotals } from './counts.ts';
import { metricJobColumns, metricJobOf, type MetricJobRow } from './jobs.ts';
import { rangeAnswer, rangePair, spanOf } from './ranges.ts';

export type JobMetricsQuery = z.output<typeof jobMetricsRequestSchema>;

/** One job of the company, any status but Deleted; another company's, a deleted or an unknown job is 404. */
async function companyMetricJob(ctx: AppContext, companyId: string, jobPostId: string): Promise<MetricJobRow> {
  const [row] = rowsOf<MetricJobRow>(
    await ctx.db.execute(sql`
      select ${metricJobColumns} from job_posts j
      where j.id = ${jobPostId} and j.company_id = ${companyId} and j.status <> 'Deleted'`),
  );
  if (!row) throw notFound(MetricsMessages.jobNotFound, { code: 'job.notFound' });
  return row;
}

/**
 * job-metrics: the job's days over the range in the viewer's zone (one scan of its hourly counts),
 * their totals, the totals of the range before (its whole UTC days from the daily sums), and what
 * its boosts cost in the range.
 */
export async function jobMetrics(ctx: AppContext, companyId: string, q: JobMetricsQuery): Promise<JobMetrics> {
  const pair = rangePair(q);
  const span = spanOf(pair);
  // Read side by side; nothing is answered unless the job is the company's.
  const [job, days, previous, spend] = await Promise.all([
    companyMetricJob(ctx, companyId, q.jobPostId),
    bucketTotals(ctx.db, { jobPostId: q.jobPostId }, pair.starts),
    jobTotals(ctx.db, [q.jobPostId], pair.previousFrom, span.from),
    boostSpendOf(ctx.db, { companyId, jobPostId: q.jobPostId, from: new Date(span.from), to: new Date(span.to) }),
  ]);
  const answer = rangeAnswer(pair, days, previous.get(q.jobPostId) ?? zeroTotals());
  const per = (count: number) => (spend && count > 0 ? Math.round(spend.spentCents / count) : null);
  return {
    jobPost: metricJobOf(job, ctx.adapters.now()),
    ...answer,
    boost: spend && {
      spentCents: spend.spentCents,
      costPerClickCents: per(answer.totals.clicks),
      costPerApplicationCents: per(answer.totals.applications),
      tierName: spend.tierName,
    },
  };
}
