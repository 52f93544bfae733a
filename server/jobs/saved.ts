import { and, asc, count, desc, eq, not } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { companies, jobPosts, savedJobs } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { postingNames } from '../posting/index.ts';
import { JobMessages, MAX_SAVED_JOBS, type SavedJobPage, type seekerPagingSchema } from '../../src/contract/jobs.ts';
import { jobListItemOf, jobVisible, publicJobColumns, publicStatusOf, reportedBy, seekerSkillIds, visibleJob } from './detail.ts';

export type Paging = z.output<typeof seekerPagingSchema>;

/** The rows of a page and whether more follow: one row more than the page is read. */
export function pageSlice<T>(rows: T[], paging: Paging): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, paging.pageSize), hasMore: rows.length > paging.pageSize };
}

export const offsetOf = (paging: Paging) => (paging.pageNumber - 1) * paging.pageSize;

/** Saves a visible job (closed and expired ones too); saving it again changes nothing. */
export async function saveJob(ctx: AppContext, userId: string, jobId: string): Promise<void> {
  const job = await visibleJob(ctx, jobId);
  const [held] = await ctx.db.select({ n: count() }).from(savedJobs).where(eq(savedJobs.userId, userId));
  if ((held?.n ?? 0) >= MAX_SAVED_JOBS) {
    const [already] = await ctx.db
      .select({ id: savedJobs.jobPostId })
      .from(savedJobs)
      .where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobPostId, job.id)));
    if (!already) throw badRequest(JobMessages.savedLimit);
    return;
  }
  await ctx.db.insert(savedJobs).values({ userId, jobPostId: job.id, createdAt: ctx.adapters.now() }).onConflictDoNothing();
}

/** Removes a job from the saved jobs; removing one that is not saved changes nothing. */
export async function unsaveJob(ctx: AppContext, userId: string, jobId: string): Promise<void> {
  await ctx.db.delete(savedJobs).where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobPostId, jobId)));
}

/** The seeker's saved jobs that are still shown: visible and not reported by the seeker. */
export const savedListed = (userId: string) => and(eq(savedJobs.userId, userId), jobVisible, not(reportedBy(userId)));

export async function countSaved(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(savedJobs)
    .innerJoin(jobPosts, eq(jobPosts.id, savedJobs.jobPostId))
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(savedListed(userId));
  return row?.n ?? 0;
}

/** The saved jobs, newest saved first (oldest when ascending), ties by job id; closed and expired ones marked. */
export async function listSaved(ctx: AppContext, userId: string, paging: Paging): Promise<SavedJobPage> {
  const now = ctx.adapters.now();
  const order = paging.ascending
    ? [asc(savedJobs.createdAt), asc(savedJobs.jobPostId)]
    : [desc(savedJobs.createdAt), desc(savedJobs.jobPostId)];
  const [found, names, skills] = await Promise.all([
    ctx.db
      .select({ ...publicJobColumns(now), savedAt: savedJobs.createdAt })
      .from(savedJobs)
      .innerJoin(jobPosts, eq(jobPosts.id, savedJobs.jobPostId))
      .innerJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(savedListed(userId))
      .orderBy(...order)
      .limit(paging.pageSize + 1)
      .offset(offsetOf(paging)),
    postingNames(ctx),
    seekerSkillIds(ctx.db, userId),
  ]);
  const { rows, hasMore } = pageSlice(found, paging);
  return {
    items: rows.map((r) => ({
      ...jobListItemOf(r, names, { skillIds: skills, isSaved: true }),
      jobStatus: publicStatusOf(r),
      savedDate: r.savedAt.toISOString(),
    })),
    pageNumber: paging.pageNumber,
    pageSize: paging.pageSize,
    hasMore,
  };
}
