import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { jobPosts } from '../db/schema.ts';

/**
 * A company's job posts: all but the deleted; active (open and not past their last day); closed
 * (closed, or expired: an Active job past its last day).
 */
export async function countCompanyJobPosts(ctx: AppContext, companyId: string): Promise<{ total: number; active: number; closed: number }> {
  const now = ctx.adapters.now().toISOString();
  const open = sql`${jobPosts.status} = 'Active' and ${jobPosts.validThrough} > ${now}::timestamptz`;
  const [row] = await ctx.db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${open})::int`,
    })
    .from(jobPosts)
    .where(and(eq(jobPosts.companyId, companyId), ne(jobPosts.status, 'Deleted')));
  const total = row?.total ?? 0;
  const active = Number(row?.active ?? 0);
  return { total, active, closed: total - active };
}
