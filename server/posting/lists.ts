import { and, asc, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { applications, companies, jobCountsDaily, jobDrafts, jobPosts, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { fullNameOf } from '../platform/people.ts';
import { displayNameOf } from '../company/index.ts';
import {
  ActiveFlag,
  PostingMessages,
  SortFlag,
  type CompanyJob,
  type CompanyJobDetail,
  type JobPage,
  type JobPostListItem,
  type JobPostStatus,
  type jobListRequestSchema,
} from '../../src/contract/posting.ts';
import { storedJobData } from './drafts.ts';
import { postingNames, type PostingNames } from './names.ts';
import { containsText } from '../db/sql.ts';
import { flushBeforeReading } from '../platform/counters.ts';

export type JobListQuery = z.output<typeof jobListRequestSchema>;

const creator = alias(users, 'job_creator');
const modifier = alias(users, 'job_modifier');

/** An Active job whose last day has passed reads as Expired; nothing sweeps the table. */
const isExpired = (now: Date) =>
  sql<boolean>`(${jobPosts.status} = 'Active' and ${jobPosts.validThrough} <= ${now.toISOString()}::timestamptz)`;
const isOpen = (now: Date) =>
  sql<boolean>`(${jobPosts.status} = 'Active' and ${jobPosts.validThrough} > ${now.toISOString()}::timestamptz)`;

/**
 * Views of the job's page (job-click, click/log): the job's daily sums of its hourly counts, a few
 * dozen rows a job read through their primary key (job, kind, day), so sorting a company's jobs by
 * them stays an index probe per job.
 */
const clickCount = sql<number>`(select coalesce(sum(${jobCountsDaily.count}), 0)::int from ${jobCountsDaily} where ${jobCountsDaily.jobPostId} = ${jobPosts.id} and ${jobCountsDaily.kind} = 'view')`;
/** Applications to the job, counted from their table. */
const applicantCount = sql<number>`(select count(*)::int from ${applications} where ${applications.jobPostId} = ${jobPosts.id})`;

/** The columns a job's list view (spec 2 §3) is built from, with `companies` joined. */
export const listViewColumns = {
  id: jobPosts.id,
  title: jobPosts.title,
  locationType: jobPosts.locationType,
  isRemote: jobPosts.isRemote,
  city: jobPosts.city,
  state: jobPosts.state,
  latitude: jobPosts.latitude,
  longitude: jobPosts.longitude,
  jobTypeIds: jobPosts.jobTypeIds,
  skillIds: jobPosts.skillIds,
  minPay: jobPosts.minPay,
  maxPay: jobPosts.maxPay,
  payRate: jobPosts.payRate,
  minExperience: jobPosts.minExperience,
  maxExperience: jobPosts.maxExperience,
  openToMinors: jobPosts.openToMinors,
  isBoosted: jobPosts.isBoosted,
  boostPlacements: jobPosts.boostPlacements,
  postedAt: jobPosts.postedAt,
  createdAt: jobPosts.createdAt,
  companyId: jobPosts.companyId,
  companyLegalName: companies.name,
  companyDisplayName: companies.displayName,
};

function rowColumns(now: Date) {
  return {
    ...listViewColumns,
    status: jobPosts.status,
    expired: isExpired(now),
    validThrough: jobPosts.validThrough,
    createdBy: jobPosts.createdBy,
    modifiedAt: jobPosts.modifiedAt,
    modifiedBy: jobPosts.modifiedBy,
    creatorFirst: creator.firstName,
    creatorLast: creator.lastName,
    modifierFirst: modifier.firstName,
    modifierLast: modifier.lastName,
    editDraftId: jobDrafts.id,
    clicks: clickCount,
    applicants: applicantCount,
  };
}

function selectJobs(db: Db, now: Date) {
  return db
    .select(rowColumns(now))
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .innerJoin(creator, eq(creator.id, jobPosts.createdBy))
    .leftJoin(modifier, eq(modifier.id, jobPosts.modifiedBy))
    .leftJoin(jobDrafts, eq(jobDrafts.jobPostId, jobPosts.id));
}

type Row = Awaited<ReturnType<typeof selectJobs>>[number];

/** Lookup ids with their names, as the answers list them. */
export const named = (ids: readonly number[], known: ReadonlyMap<number, string>) => ids.map((id) => ({ id, name: known.get(id) ?? '' }));

/** A list-view row as the database gives it. */
export type ListViewRow = {
  [K in keyof typeof listViewColumns]: (typeof listViewColumns)[K]['_']['notNull'] extends true
    ? (typeof listViewColumns)[K]['_']['data']
    : (typeof listViewColumns)[K]['_']['data'] | null;
};

/** What the signed-in job seeker's own records add to a job: skills they have, jobs they saved. */
export interface SeekerView {
  skills: ReadonlySet<number>;
  saved: ReadonlySet<string>;
}

/** A job's list view (spec 2 §3). Without a seeker, no skill matches and nothing is saved. */
export function jobPostListItemOf(r: ListViewRow, names: PostingNames, seeker?: SeekerView): JobPostListItem {
  const companyName = displayNameOf({ name: r.companyLegalName, displayName: r.companyDisplayName });
  return {
    id: r.id,
    title: r.title,
    jobType: named(r.jobTypeIds, names.jobTypes),
    minimumExperience: r.minExperience,
    maximumExperience: r.maxExperience,
    dateOfPosted: r.postedAt.toISOString(),
    createdDate: r.createdAt.toISOString(),
    location: r.city || r.state ? { city: r.city, state: r.state } : null,
    geoLatitude: r.latitude,
    geoLongitude: r.longitude,
    compensation: { minimumAmount: Number(r.minPay), maximumAmount: Number(r.maxPay), rate: r.payRate },
    skills: named(r.skillIds, names.skills).map((s) => ({ ...s, match: seeker?.skills.has(s.id) ?? false })),
    company: { id: r.companyId, name: companyName },
    companyName,
    type: r.locationType,
    isRemote: r.isRemote,
    isBoosted: r.isBoosted,
    boostPlacements: r.boostPlacements,
    openToMinors: r.openToMinors,
    userActions: { isSaved: seeker?.saved.has(r.id) ?? false },
  };
}

/** A job as its company's staff see it in their lists: the list view of spec 2 §3, and its state. */
export function companyJobOf(r: Row, names: PostingNames): CompanyJob {
  const status: JobPostStatus = r.expired ? 'Expired' : r.status;
  return {
    ...jobPostListItemOf(r, names),
    status,
    validThrough: r.validThrough.toISOString(),
    clicks: Number(r.clicks),
    applicants: Number(r.applicants),
    createdBy: { id: r.createdBy, name: fullNameOf({ firstName: r.creatorFirst, lastName: r.creatorLast }) },
    modifiedBy: r.modifiedBy ? { id: r.modifiedBy, name: fullNameOf({ firstName: r.modifierFirst, lastName: r.modifierLast }) } : null,
    modified: r.modifiedAt.toISOString(),
    editDraftId: r.editDraftId,
  };
}

const ofCompany = (companyId: string) => and(eq(jobPosts.companyId, companyId), ne(jobPosts.status, 'Deleted'));

/** One job of the company with all its data, in any status but Deleted; 404 for any other id. */
export async function companyJobDetail(ctx: AppContext, companyId: string, id: string, db: Db = ctx.db): Promise<CompanyJobDetail> {
  // Inside a caller's transaction the counts are as they were; on its own, views counted just now are in.
  if (db === ctx.db) await flushBeforeReading(ctx);
  const now = ctx.adapters.now();
  const [row] = await selectJobs(db, now)
    .where(and(eq(jobPosts.id, id), ofCompany(companyId)))
    .limit(1);
  if (!row) throw notFound(PostingMessages.jobNotFound);
  const [data] = await db.select({ jobData: jobPosts.jobData }).from(jobPosts).where(eq(jobPosts.id, id));
  return { ...companyJobOf(row, await postingNames(ctx)), jobData: storedJobData(data?.jobData, row.id) };
}

/** One job of the company as a list shows it; 404 for any other id. */
export async function companyJob(ctx: AppContext, companyId: string, id: string): Promise<CompanyJob> {
  const { jobData: _, ...job } = await companyJobDetail(ctx, companyId, id);
  return job;
}

function orderOf(query: JobListQuery, now: Date): SQL[] {
  const flip = (expr: SQL) => (query.ascending ? asc(expr) : desc(expr));
  switch (query.sortFlag) {
    case SortFlag.Clicks:
      return [flip(clickCount), asc(jobPosts.id)];
    case SortFlag.Applicants:
      return [flip(applicantCount), asc(jobPosts.id)];
    case SortFlag.DateAsc:
      return [asc(jobPosts.postedAt), asc(jobPosts.id)];
    case SortFlag.DateDesc:
      return [desc(jobPosts.postedAt), desc(jobPosts.id)];
    default:
      // Open jobs first, then the newest posted.
      return [desc(isOpen(now)), desc(jobPosts.postedAt), desc(jobPosts.id)];
  }
}

/**
 * The company's jobs (Employer job-posts, Recruiter GetAllJobs and GetJobsByStatus): search over
 * the title, filter (0 all, 1 active, 2 closed or expired), sort (0 open first then newest, 1
 * clicks, 2 applicants, `ascending` flipping those two, 3 oldest, 4 newest), a stable order
 * (ties by id), pages of 10 with the total.
 */
export async function listCompanyJobs(
  ctx: AppContext,
  company: { id: string; name: string; displayName: string | null },
  query: JobListQuery,
): Promise<JobPage> {
  const page = { pageNumber: query.pageNumber, pageSize: query.pageSize };
  if (query.companySearch) {
    // The list holds the caller's own company only: it matches the search or nothing does.
    const needle = query.companySearch.toLowerCase();
    const names = [company.name, company.displayName ?? ''].map((n) => n.toLowerCase());
    if (!names.some((n) => n.includes(needle))) return { items: [], total: 0, ...page };
  }
  const now = ctx.adapters.now();
  const filter =
    query.activeFlag === ActiveFlag.Active
      ? isOpen(now)
      : query.activeFlag === ActiveFlag.Inactive
        ? or(eq(jobPosts.status, 'Closed'), isExpired(now))
        : undefined;
  const where = and(ofCompany(company.id), filter, query.search ? containsText(jobPosts.title, query.search) : undefined);
  await flushBeforeReading(ctx);
  const [rows, [total], names] = await Promise.all([
    selectJobs(ctx.db, now)
      .where(where)
      .orderBy(...orderOf(query, now))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(jobPosts).where(where),
    postingNames(ctx),
  ]);
  return { items: rows.map((r) => companyJobOf(r, names)), total: total?.n ?? 0, ...page };
}
