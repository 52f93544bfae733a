import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/sql.ts';
import { trendOf, type PerformancePage, type performanceRequestSchema } from '../../src/contract/metrics.ts';
import { canonicalZone, dateOfDayNumber, dayIn, dayNumberOf, dayStarts } from './days.ts';
import { metricJobColumns, metricJobOf, type MetricJobRow } from './jobs.ts';

export type PerformanceQuery = z.output<typeof performanceRequestSchema>;

type Row = MetricJobRow & {
  latest_clicks: number;
  latest_starts: number;
  before_clicks: number;
  before_starts: number;
  total: number;
};

/**
 * jobposts-performance: the company's jobs posted on or before the date (today in the viewer's
 * zone unless given) and not deleted, each with its views and application starts on that day and
 * on the day before, and the trend between them; the most activity on the date first, then the
 * newest. Both days are read in one pass over the two days' hourly counts of the company's jobs.
 */
export async function jobpostsPerformance(ctx: AppContext, companyId: string, q: PerformanceQuery): Promise<PerformancePage> {
  const timeZone = canonicalZone(q.timeZone);
  const now = ctx.adapters.now();
  const day = q.date ? dayNumberOf(q.date) : dayIn(timeZone, now.getTime());
  const [dayBefore, dayStart, dayEnd] = dayStarts(timeZone, day - 1, 2).map((ms) => new Date(ms).toISOString()) as [string, string, string];
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`
      with jobs as (
        select ${metricJobColumns} from job_posts j
        where j.company_id = ${companyId} and j.status <> 'Deleted' and j.posted_at < ${dayEnd}::timestamptz
      ),
      counted as (
        select c.job_post_id,
          sum(c.count) filter (where c.kind = 'view' and c.hour >= ${dayStart}::timestamptz) as latest_clicks,
          sum(c.count) filter (where c.kind = 'apply_start' and c.hour >= ${dayStart}::timestamptz) as latest_starts,
          sum(c.count) filter (where c.kind = 'view' and c.hour < ${dayStart}::timestamptz) as before_clicks,
          sum(c.count) filter (where c.kind = 'apply_start' and c.hour < ${dayStart}::timestamptz) as before_starts
        from job_counts_hourly c
        where c.job_post_id in (select id from jobs) and c.kind = any('{view,apply_start}'::text[])
          and c.hour >= ${dayBefore}::timestamptz and c.hour < ${dayEnd}::timestamptz
        group by 1
      )
      select j.*,
        coalesce(c.latest_clicks, 0)::int as latest_clicks, coalesce(c.latest_starts, 0)::int as latest_starts,
        coalesce(c.before_clicks, 0)::int as before_clicks, coalesce(c.before_starts, 0)::int as before_starts,
        count(*) over ()::int as total
      from jobs j left join counted c on c.job_post_id = j.id
      order by coalesce(c.latest_clicks, 0) + coalesce(c.latest_starts, 0) desc, j.posted_at desc, j.id desc
      limit ${q.pageSize} offset ${(q.pageNumber - 1) * q.pageSize}`),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.pageNumber > 1) {
    // A page past the end still tells how many there are.
    const [count] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        select count(*)::int as n from job_posts j
        where j.company_id = ${companyId} and j.status <> 'Deleted' and j.posted_at < ${dayEnd}::timestamptz`),
    );
    total = count?.n ?? 0;
  }
  return {
    date: dateOfDayNumber(day),
    items: rows.map((r) => {
      const latest = { clicks: Number(r.latest_clicks), applicationStarts: Number(r.latest_starts) };
      const before = { clicks: Number(r.before_clicks), applicationStarts: Number(r.before_starts) };
      return { jobPost: metricJobOf(r, now), trend: trendOf(latest, before), latest, dayBefore: before };
    }),
    total: Number(total),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}
