import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, companies, jobPosts, storedFiles } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { JobMessages, type ApplicationStatus, type ResumeTracking, type TrackedApplication } from '../../src/contract/jobs.ts';
import { jobVisible, publicStatusOf } from './detail.ts';

/**
 * ResumeTracking (spec 2 §7): each of the seeker's resumes, newest first, with the applications it
 * was sent with and where each stands now. Only the seeker's own resumes are read: another
 * seeker's resume id is not found. Applications sent without a resume, or whose resume was
 * deleted since, belong to no resume and are in the applied list only.
 */
export async function resumeTracking(ctx: AppContext, userId: string, resumeId: string | null): Promise<ResumeTracking> {
  const now = ctx.adapters.now();
  const resumes = await ctx.db
    .select({ id: storedFiles.id, name: storedFiles.originalName, createdAt: storedFiles.createdAt })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, 'resume'), resumeId ? eq(storedFiles.id, resumeId) : undefined))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id));
  if (resumeId && resumes.length === 0) throw notFound(JobMessages.resumeNotFound);
  if (resumes.length === 0) return { resumes: [] };

  const sent = await ctx.db
    .select({
      applicationId: applications.id,
      resumeId: applications.resumeId,
      jobId: jobPosts.id,
      title: jobPosts.title,
      companyName: companies.name,
      status: jobPosts.status,
      expired: sql<boolean>`(${jobPosts.validThrough} <= ${now.toISOString()}::timestamptz)`,
      shown: sql<boolean>`(${jobVisible})`,
      appliedAt: applications.createdAt,
      applicationStatus: applications.status,
    })
    .from(applications)
    .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(
      and(
        eq(applications.jobSeekerId, userId),
        inArray(
          applications.resumeId,
          resumes.map((r) => r.id),
        ),
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id));

  const byResume = new Map<string, TrackedApplication[]>(resumes.map((r) => [r.id, []]));
  for (const r of sent) {
    byResume.get(r.resumeId!)?.push({
      applicationId: r.applicationId,
      jobId: r.jobId,
      title: r.title,
      companyName: r.companyName,
      jobStatus: r.shown ? publicStatusOf(r) : 'Removed',
      appliedDate: r.appliedAt.toISOString(),
      status: r.applicationStatus as ApplicationStatus,
    });
  }
  return {
    resumes: resumes.map((r) => ({
      id: r.id,
      name: r.name,
      uploadedDate: r.createdAt.toISOString(),
      applications: byResume.get(r.id) ?? [],
    })),
  };
}
