import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { applications, companies, jobPosts, jobReports, jobSeekerSkills, savedJobs, storedFiles } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { signedImages } from '../files/index.ts';
import { stateName } from '../platform/us-states.ts';
import {
  storedJobData,
  jobPostListItemOf,
  listViewColumns,
  named,
  type ListViewRow,
  postingNames,
  type PostingNames,
} from '../posting/index.ts';
import { decodeSupplementalPay, SUPPLEMENTAL_PAYS } from '../../src/contract/lookups.ts';
import type { JobPostListItem } from '../../src/contract/posting.ts';
import {
  JobMessages,
  type ApplicationStatus,
  type JobDetail,
  type JobViewer,
  type PublicJobStatus,
  type ReportStatus,
} from '../../src/contract/jobs.ts';
import { isUuid } from '../db/sql.ts';

/**
 * What job seekers and visitors see of jobs. A job is visible while it is not deleted and its
 * company is active and not blacklisted; it is open while it is also Active and before its last
 * day. Closed and expired jobs stay visible (their links keep working, marked) but cannot be
 * applied to; every other id reads as "not found".
 */

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The job's last day has passed (its status says whether that makes it Expired). */
const pastLastDay = (now: Date) => sql<boolean>`(${jobPosts.validThrough} <= ${at(now)})`;

/** The company may be shown to job seekers. */
export const companyVisible: SQL = and(eq(companies.active, true), eq(companies.blacklisted, false))!;
/** Not deleted, of a visible company. */
export const jobVisible: SQL = and(ne(jobPosts.status, 'Deleted'), companyVisible)!;
/**
 * Visible, Active and before its last day: found by search, listed, open to applications. Written
 * with the literal 'Active' so the partial indexes on open jobs apply.
 */
export const jobOpen = (now: Date): SQL =>
  sql`${jobPosts.status} = 'Active' and ${jobPosts.validThrough} > ${at(now)} and ${companies.active} and not ${companies.blacklisted}`;

/** The seeker saved the job. */
export const savedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${savedJobs} where ${savedJobs.userId} = ${userId} and ${savedJobs.jobPostId} = ${jobPosts.id})`;
/** The seeker reported the job: it leaves the seeker's lists. */
export const reportedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${jobReports} where ${jobReports.reporterId} = ${userId} and ${jobReports.jobPostId} = ${jobPosts.id})`;
/** The seeker's report of the job, where it stands (json, or null when they did not report it). */
const reportOf = (userId: string) =>
  sql<{
    status: ReportStatus;
    reportedAt: string;
    resolvedAt: string | null;
  } | null>`(select json_build_object('status', ${jobReports.status}, 'reportedAt', ${jobReports.createdAt}, 'resolvedAt', ${jobReports.resolvedAt}) from ${jobReports} where ${jobReports.reporterId} = ${userId} and ${jobReports.jobPostId} = ${jobPosts.id})`;
/** The seeker applied to the job. */
export const appliedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${applications} where ${applications.jobSeekerId} = ${userId} and ${applications.jobPostId} = ${jobPosts.id})`;

/** The columns of the list view (spec 2 §3), from a job joined with its company, and the job's state. */
export function publicJobColumns(now: Date) {
  return {
    ...listViewColumns,
    status: jobPosts.status,
    expired: pastLastDay(now),
    validThrough: jobPosts.validThrough,
    modifiedAt: jobPosts.modifiedAt,
  };
}

export type PublicJobRow = ListViewRow & {
  status: 'Active' | 'Closed' | 'Deleted';
  expired: boolean;
  validThrough: Date;
  modifiedAt: Date;
};

/** Active, Closed or Expired (an Active job past its last day); a deleted job is never shown. */
export function publicStatusOf(r: Pick<PublicJobRow, 'status' | 'expired'>): PublicJobStatus {
  if (r.status === 'Closed') return 'Closed';
  return r.expired ? 'Expired' : 'Active';
}

/** What the list view knows of the seeker looking at it: their skills (for `match`) and whether the job is saved. */
export interface SeekerLook {
  skillIds: ReadonlySet<number>;
  isSaved: boolean;
}

/** The job post list view (spec 2 §3) of one job; `match` and `isSaved` for the signed-in seeker, false for anyone else. */
export function jobListItemOf(r: PublicJobRow, names: PostingNames, seeker?: SeekerLook): JobPostListItem {
  return jobPostListItemOf(r, names, seeker && { skills: seeker.skillIds, saved: new Set(seeker.isSaved ? [r.id] : []) });
}

/** The seeker's skills, for the list view's `match`. */
export async function seekerSkillIds(db: Db, userId: string): Promise<Set<number>> {
  const rows = await db.select({ id: jobSeekerSkills.skillId }).from(jobSeekerSkills).where(eq(jobSeekerSkills.userId, userId));
  return new Set(rows.map((r) => r.id));
}

/** The caller when it is a job seeker (the only role a job has a viewer state for). */
export const seekerIdOf = (caller: AccessClaims | null) => (caller?.role === 'JobSeeker' ? caller.userId : null);

const none = sql<null>`null`;

/**
 * A visible job's row with what its page needs beyond the list view, and, for a seeker, the
 * seeker's state with it, in one query; 404 for any other id.
 */
async function visibleJobRow(ctx: AppContext, id: string, seekerId: string | null) {
  if (!isUuid(id)) throw notFound(JobMessages.jobNotFound, { code: 'job.notFound' });
  const now = ctx.adapters.now();
  const mine = (column: SQL) =>
    seekerId
      ? sql`(select ${column} from ${applications} where ${applications.jobSeekerId} = ${seekerId} and ${applications.jobPostId} = ${jobPosts.id})`
      : none;
  const [row] = await ctx.db
    .select({
      ...publicJobColumns(now),
      descriptionHtml: jobPosts.descriptionHtml,
      jobData: jobPosts.jobData,
      companyCity: companies.city,
      companyState: companies.state,
      companyWebsite: companies.website,
      companyVerifiedAt: companies.verifiedAt,
      logoId: sql<
        string | null
      >`(select ${storedFiles.id} from ${storedFiles} where ${storedFiles.companyId} = ${jobPosts.companyId} and ${storedFiles.purpose} = 'company-logo' limit 1)`,
      isSaved: seekerId ? savedBy(seekerId) : none,
      report: seekerId ? reportOf(seekerId) : none,
      applicationId: mine(sql`${applications.id}`) as SQL<string | null>,
      applicationStatus: mine(sql`${applications.status}`) as SQL<string | null>,
      appliedAt: mine(sql`${applications.createdAt}`) as SQL<string | Date | null>,
      seekerSkills: seekerId
        ? sql<
            number[] | null
          >`(select coalesce(array_agg(${jobSeekerSkills.skillId}), '{}') from ${jobSeekerSkills} where ${jobSeekerSkills.userId} = ${seekerId})`
        : none,
    })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(and(eq(jobPosts.id, id), jobVisible))
    .limit(1);
  if (!row) throw notFound(JobMessages.jobNotFound, { code: 'job.notFound' });
  return row;
}

/** What the seeker has done with the job, from the row's seeker columns. */
function viewerOf(row: Awaited<ReturnType<typeof visibleJobRow>>): { viewer: JobViewer; skills: Set<number> } {
  const skills = new Set((row.seekerSkills ?? []).map(Number));
  const application =
    row.applicationId && row.appliedAt
      ? { id: row.applicationId, status: row.applicationStatus as ApplicationStatus, appliedDate: new Date(row.appliedAt).toISOString() }
      : null;
  return {
    skills,
    viewer: {
      isSaved: row.isSaved === true,
      hasApplied: application !== null,
      application,
      isReported: row.report !== null,
      report: row.report && {
        status: row.report.status,
        reportedAt: new Date(row.report.reportedAt).toISOString(),
        resolvedAt: row.report.resolvedAt ? new Date(row.report.resolvedAt).toISOString() : null,
      },
      matchedSkills: row.skillIds.filter((s) => skills.has(s)).length,
      totalSkills: row.skillIds.length,
    },
  };
}

/**
 * A job's page: the list view, its description, requirements, schedule, pay and benefits, and
 * its company's card. With a job seeker as the caller, what the seeker has done with it.
 */
export async function jobDetail(ctx: AppContext, id: string, caller: AccessClaims | null): Promise<JobDetail> {
  const seekerId = seekerIdOf(caller);
  const [row, names] = await Promise.all([visibleJobRow(ctx, id, seekerId), postingNames(ctx)]);
  const seen = seekerId ? viewerOf(row) : null;
  const d = storedJobData(row.jobData, row.id);
  const j = d.jobDetails;
  const c = d.candidateRequirements;
  const status = publicStatusOf(row);
  const item = jobListItemOf(row, names, seen ? { skillIds: seen.skills, isSaved: seen.viewer.isSaved } : undefined);
  const geo = j.geoLocation;
  const education = c.minimumEducation;
  return {
    ...item,
    company: {
      id: row.companyId,
      name: item.companyName,
      logoUrl: row.logoId ? signedImages(ctx).addressOf(row.logoId).url : null,
      city: row.companyCity,
      state: row.companyState,
      website: row.companyWebsite,
      verified: row.companyVerifiedAt !== null,
    },
    status,
    isOpen: status === 'Active',
    description: row.descriptionHtml,
    address:
      row.locationType === 'remote' || !geo
        ? null
        : { street: geo.address ?? j.address, city: geo.city, state: geo.state, postalCode: geo.pinCode },
    remoteStates: j.remoteStates.map((code) => ({ code, name: stateName(code) ?? code })),
    numberOfHires: j.numberOfHires,
    startDate: j.startJobDate,
    validThrough: row.validThrough.toISOString(),
    offersRelocation: j.offersRelocation,
    requiresResume: j.requiresResume,
    requiresCoverLetter: j.requiresCoverLetter,
    requiresWorkAuthorization: j.requiresWorkAuthorization,
    requirements: {
      minimumEducation: education !== null ? { level: education, name: names.educationLevels.get(education) ?? '' } : null,
      minimumGPA: c.minimumGPA,
      fieldsOfStudy: named(c.fields, names.fieldsOfStudy),
      tags: c.tags,
      minimumExperience: row.minExperience,
      maximumExperience: row.maxExperience,
    },
    schedule: {
      workSchedule: d.timeRequirements.workSchedule,
      hoursPerWeek: d.timeRequirements.hoursPerWeek,
      durationMonths: d.timeRequirements.duration,
      schedules: named(d.timeRequirements.schedules, names.schedules),
    },
    compensationType: d.payDetails.compensationType,
    isCompetitiveSalary: d.payDetails.isCompetitiveSalary,
    currency: d.payDetails.currency,
    benefits: named(d.payDetails.benefits, names.benefits),
    supplementalPay: decodeSupplementalPay(d.payDetails.supplementalPay)
      .map((flag) => SUPPLEMENTAL_PAYS.find((s) => s.id === flag)!)
      .filter((s) => s.name !== 'None')
      .map((s) => ({ id: s.id, name: s.name })),
    industries: named(d.categorization.industries, names.industries),
    viewer: seen?.viewer ?? null,
  };
}

/** The facts the seeker's actions check: a visible job's state, or 404. */
export async function visibleJob(ctx: AppContext, id: string, db: Db = ctx.db) {
  const now = ctx.adapters.now();
  const [row] = await db
    .select({
      id: jobPosts.id,
      title: jobPosts.title,
      status: jobPosts.status,
      expired: pastLastDay(now),
      companyId: jobPosts.companyId,
      openToMinors: jobPosts.openToMinors,
      jobData: jobPosts.jobData,
    })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(and(eq(jobPosts.id, id), jobVisible))
    .limit(1);
  if (!row) throw notFound(JobMessages.jobNotFound, { code: 'job.notFound' });
  return row;
}
