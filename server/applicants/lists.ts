import { and, asc, count, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { applications, jobPosts, jobSeekerSkills, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { fullNameOf } from '../platform/people.ts';
import { containsText } from '../db/sql.ts';
import { companyJob } from '../posting/index.ts';
import { applicationStatuses, type ApplicationStatus } from '../../src/contract/jobs.ts';
import type { JobPostStatus } from '../../src/contract/posting.ts';
import {
  ApplicantMessages,
  JOB_APPLICANT_PAGE_SIZE,
  RECENT_APPLICANTS,
  type Applicant,
  type ApplicantPage,
  type JobDetailsResponse,
  type JobWithApplicants,
  type applicantListRequestSchema,
} from '../../src/contract/applicants.ts';

export type ApplicantQuery = z.output<typeof applicantListRequestSchema>;

/**
 * The company's applicants: applications to its jobs that are not deleted. Every applicant call
 * reads through this condition, so another company's applicant is "not found", like an id that
 * never existed.
 */
export const ofCompany = (companyId: string): SQL => and(eq(jobPosts.companyId, companyId), ne(jobPosts.status, 'Deleted'))!;

/** An Active job whose last day has passed reads as Expired. */
const jobStatusOf = (now: Date) =>
  sql<JobPostStatus>`(case when ${jobPosts.status} = 'Active' and ${jobPosts.validThrough} <= ${now.toISOString()}::timestamptz then 'Expired' else ${jobPosts.status} end)`;

/** The job's skills the applicant has. */
const matchedSkills = sql<number>`(select count(*)::int from ${jobSeekerSkills} where ${jobSeekerSkills.userId} = ${applications.jobSeekerId} and ${jobSeekerSkills.skillId} = any(${jobPosts.skillIds}))`;

/** The pipeline's order of the statuses, for ordering by status. */
const statusRank = sql`(case ${applications.status} ${sql.join(
  applicationStatuses.map((s, i) => sql`when ${s} then ${i}`),
  sql` `,
)} end)`;

function applicantColumns(now: Date) {
  return {
    id: applications.id,
    status: applications.status,
    seenAt: applications.seenAt,
    createdAt: applications.createdAt,
    statusChangedAt: applications.statusChangedAt,
    resumeId: applications.resumeId,
    coverLetterId: applications.coverLetterId,
    seekerId: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phoneNumber: users.phoneNumber,
    jobId: jobPosts.id,
    title: jobPosts.title,
    jobStatus: jobStatusOf(now),
    totalSkills: sql<number>`cardinality(${jobPosts.skillIds})`,
    matchedSkills,
  };
}

/** Applications joined with their seeker and job. */
export function selectApplicants(db: Db, now: Date) {
  return db
    .select(applicantColumns(now))
    .from(applications)
    .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
    .innerJoin(users, eq(users.id, applications.jobSeekerId));
}

export type ApplicantRow = Awaited<ReturnType<typeof selectApplicants>>[number];

export function applicantOf(r: ApplicantRow): Applicant {
  return {
    id: r.id,
    status: r.status as ApplicationStatus,
    isNew: r.seenAt === null,
    appliedDate: r.createdAt.toISOString(),
    statusChangedAt: r.statusChangedAt.toISOString(),
    jobSeeker: {
      id: r.seekerId,
      firstName: r.firstName,
      lastName: r.lastName,
      name: fullNameOf(r),
      email: r.email,
      phoneNumber: r.phoneNumber,
    },
    job: { id: r.jobId, title: r.title, status: r.jobStatus },
    matchedSkills: Number(r.matchedSkills),
    totalSkills: Number(r.totalSkills),
    hasResume: r.resumeId !== null,
    hasCoverLetter: r.coverLetterId !== null,
  };
}

/** One applicant of the company, or 404. */
export async function companyApplicant(ctx: AppContext, companyId: string, applicantId: string, db: Db = ctx.db): Promise<ApplicantRow> {
  const [row] = await selectApplicants(db, ctx.adapters.now())
    .where(and(eq(applications.id, applicantId), ofCompany(companyId)))
    .limit(1);
  if (!row) throw notFound(ApplicantMessages.applicantNotFound);
  return row;
}

function orderOf(query: ApplicantQuery): SQL[] {
  const flip = (expr: SQL | typeof applications.createdAt) => (query.ascending ? asc(expr) : desc(expr));
  const newestFirst = [desc(applications.createdAt), asc(applications.id)];
  switch (query.order) {
    case 'name':
      return [flip(sql`lower(${users.lastName})`), flip(sql`lower(${users.firstName})`), ...newestFirst];
    case 'status':
      return [flip(statusRank), ...newestFirst];
    case 'job':
      return [flip(sql`lower(${jobPosts.title})`), ...newestFirst];
    default:
      return [flip(applications.createdAt), asc(applications.id)];
  }
}

/** The list's conditions: the company, one job, the filter and the search text. */
function whereOf(companyId: string, query: ApplicantQuery): SQL {
  const filter =
    query.filter === 'All' ? undefined : query.filter === 'New' ? isNull(applications.seenAt) : eq(applications.status, query.filter);
  const search = query.search
    ? or(
        containsText(sql`(${users.firstName} || ' ' || ${users.lastName})`, query.search),
        containsText(users.email, query.search),
        containsText(jobPosts.title, query.search),
      )
    : undefined;
  return and(ofCompany(companyId), query.jobId ? eq(jobPosts.id, query.jobId) : undefined, filter, search)!;
}

/**
 * The company's applicants (applicants, ApplicantsList; job-applicants with a job): search over
 * the name, email and job title; filter All, New (not yet opened) or one status; order by date
 * (newest first unless ascending), name, status (the pipeline's order) or job title, `ascending`
 * flipping each (A to Z, first step first, oldest first); ties newest first, then by id.
 */
export async function listApplicants(ctx: AppContext, companyId: string, query: ApplicantQuery): Promise<ApplicantPage> {
  const now = ctx.adapters.now();
  const where = whereOf(companyId, query);
  const [rows, [total]] = await Promise.all([
    selectApplicants(ctx.db, now)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    ctx.db
      .select({ n: count() })
      .from(applications)
      .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
      .innerJoin(users, eq(users.id, applications.jobSeekerId))
      .where(where),
  ]);
  return { items: rows.map(applicantOf), total: total?.n ?? 0, pageNumber: query.pageNumber, pageSize: query.pageSize };
}

/** One job's applicants: the job must be the company's (404 otherwise, before any list). */
export async function listJobApplicants(
  ctx: AppContext,
  companyId: string,
  query: ApplicantQuery & { jobId: string },
): Promise<ApplicantPage> {
  await companyJob(ctx, companyId, query.jobId);
  return listApplicants(ctx, companyId, query);
}

export async function recentApplicants(ctx: AppContext, companyId: string): Promise<Applicant[]> {
  const rows = await selectApplicants(ctx.db, ctx.adapters.now())
    .where(ofCompany(companyId))
    .orderBy(desc(applications.createdAt), asc(applications.id))
    .limit(RECENT_APPLICANTS);
  return rows.map(applicantOf);
}

/**
 * The company's jobs that have applicants, with how many, how many are new and how many are at
 * each status: newest posted first, or by title when a title search is given.
 */
export async function jobsWithApplicants(ctx: AppContext, companyId: string, jobTitle?: string | null): Promise<JobWithApplicants[]> {
  const now = ctx.adapters.now();
  const rows = await ctx.db
    .select({
      jobId: jobPosts.id,
      title: jobPosts.title,
      status: jobStatusOf(now),
      postedAt: jobPosts.postedAt,
      applicationStatus: applications.status,
      n: sql<number>`count(*)::int`,
      unseen: sql<number>`(count(*) filter (where ${applications.seenAt} is null))::int`,
    })
    .from(applications)
    .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
    .where(and(ofCompany(companyId), jobTitle ? containsText(jobPosts.title, jobTitle) : undefined))
    .groupBy(jobPosts.id, applications.status);
  const jobs = new Map<string, JobWithApplicants & { postedAt: Date }>();
  for (const r of rows) {
    let job = jobs.get(r.jobId);
    if (!job) {
      const byStatus = Object.fromEntries(applicationStatuses.map((s) => [s, 0])) as Record<ApplicationStatus, number>;
      job = { jobId: r.jobId, title: r.title, status: r.status, applicants: 0, newApplicants: 0, byStatus, postedAt: r.postedAt };
      jobs.set(r.jobId, job);
    }
    job.applicants += Number(r.n);
    job.newApplicants += Number(r.unseen);
    job.byStatus[r.applicationStatus as ApplicationStatus] += Number(r.n);
  }
  const list = [...jobs.values()].sort((a, b) =>
    jobTitle
      ? a.title.localeCompare(b.title) || a.jobId.localeCompare(b.jobId)
      : b.postedAt.getTime() - a.postedAt.getTime() || a.jobId.localeCompare(b.jobId),
  );
  return list.map(({ postedAt: _, ...job }) => job);
}

/** Job details response (spec 2 §3): the job, its newest applicants, and applications over views. */
export async function jobDetails(ctx: AppContext, companyId: string, jobId: string): Promise<JobDetailsResponse> {
  const jobPost = await companyJob(ctx, companyId, jobId);
  const page = await listApplicants(ctx, companyId, {
    pageNumber: 1,
    pageSize: JOB_APPLICANT_PAGE_SIZE,
    search: null,
    ascending: false,
    filter: 'All',
    order: 'date',
    jobId,
  });
  const clickCount = jobPost.clicks;
  const applicantCount = jobPost.applicants;
  const engagementRate = clickCount > 0 ? Math.round((applicantCount / clickCount) * 10_000) / 10_000 : 0;
  return { jobPost, applicants: page.items, applicantCount, clickCount, engagementRate };
}
