import { eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, jobPosts } from '../db/schema.ts';
import type { TaskCount } from '../../src/contract/applicants.ts';
import type { DashboardCount } from '../../src/contract/company.ts';
import { countCompanyJobPosts } from '../company/index.ts';
import { ofCompany } from './lists.ts';

export interface ApplicantCounts {
  /** Applications to the company's jobs that are not deleted. */
  total: number;
  /** Not yet opened by anyone of the company. */
  unseen: number;
  applied: number;
  interviewing: number;
  offered: number;
  hired: number;
  /** New, or waiting for a step of the staff (Applied, Interviewing, Offered). */
  waiting: number;
}

/** The company's applicants counted in one read: the dashboards' and the task counts' figures. */
export async function applicantCounts(ctx: AppContext, companyId: string): Promise<ApplicantCounts> {
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      unseen: count(sql`${applications.seenAt} is null`),
      applied: count(sql`${applications.status} = 'Applied'`),
      interviewing: count(sql`${applications.status} = 'Interviewing'`),
      offered: count(sql`${applications.status} = 'Offered'`),
      hired: count(sql`${applications.status} = 'Hired'`),
      waiting: count(sql`${applications.seenAt} is null or ${applications.status} in ('Applied', 'Interviewing', 'Offered')`),
    })
    .from(applications)
    .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
    .where(ofCompany(companyId));
  const n = (v: number | undefined) => Number(v ?? 0);
  return {
    total: n(row?.total),
    unseen: n(row?.unseen),
    applied: n(row?.applied),
    interviewing: n(row?.interviewing),
    offered: n(row?.offered),
    hired: n(row?.hired),
    waiting: n(row?.waiting),
  };
}

/** What waits for the company's staff (AssignTaskCount). */
export async function taskCount(ctx: AppContext, companyId: string): Promise<TaskCount> {
  const c = await applicantCounts(ctx, companyId);
  return { newApplicants: c.unseen, toReview: c.applied, interviewing: c.interviewing, offered: c.offered, total: c.waiting };
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
