import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { jobPosts } from '../db/schema.ts';
import { applicantCounts } from '../applicants/counts.ts';
import type { DashboardCount } from '../../src/contract/company.ts';

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

/**
 * The dashboard's counts (Employer dashboard-count, Recruiter DashboardCount): job posts (not
 * deleted) and applications to them (a deleted job's applications are kept but not counted here),
 * with the open posts, the applicants nobody has opened and the pipeline's steps.
 */
export async function dashboardCounts(ctx: AppContext, companyId: string): Promise<DashboardCount> {
  const [posts, a] = await Promise.all([countCompanyJobPosts(ctx, companyId), applicantCounts(ctx, companyId)]);
  return {
    postedJobs: posts.total,
    applicants: a.total,
    activeJobs: posts.active,
    newApplicants: a.unseen,
    toReview: a.applied,
    interviewing: a.interviewing,
    offered: a.offered,
    hired: a.hired,
  };
}
