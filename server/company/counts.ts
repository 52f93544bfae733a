import type { AppContext } from '../context.ts';
import type { DashboardCount } from '../../src/contract/company.ts';

/**
 * A company's job posts: all, active and closed. There are no job posts yet; when posting lands,
 * this counts the rows of its job posts table (server/posting) whose company is `companyId`, by
 * status. Until then every company has none, which is the truth.
 */
export async function countCompanyJobPosts(_ctx: AppContext, _companyId: string): Promise<{ total: number; active: number; closed: number }> {
  return { total: 0, active: 0, closed: 0 };
}

/**
 * Applications to a company's job posts. There are no applications yet; when applying lands,
 * this counts the applications (server/applicants) to job posts whose company is `companyId`.
 */
export async function countCompanyApplicants(_ctx: AppContext, _companyId: string): Promise<number> {
  return 0;
}

export async function dashboardCounts(ctx: AppContext, companyId: string): Promise<DashboardCount> {
  const [posts, applicants] = await Promise.all([countCompanyJobPosts(ctx, companyId), countCompanyApplicants(ctx, companyId)]);
  return { postedJobs: posts.total, applicants };
}
