import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, companies, jobPosts, savedJobs, storedFiles } from '../db/schema.ts';
import type { ApplicationStatus } from '../../src/contract/jobs.ts';
import { jobOpen } from './detail.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The demo seeker's applications to the demo company's jobs, from the newest posted: where each stands. */
const APPLIED: ApplicationStatus[] = ['Applied', 'Applied', 'Reviewed', 'Interviewing', 'Offered'];

/**
 * What the demo job seekers have done with jobs: the full profile's seeker applied to five of the
 * demo company's open jobs (at different stages) and one it has since closed, and saved a few jobs
 * of the company and of the market; the newcomer saved two. Written directly: no mails go out for
 * these past applications.
 */
export async function seedDemoJobActivity(
  ctx: AppContext,
  people: { seekerId: string; newcomerId: string; companyId: string },
): Promise<void> {
  const now = ctx.adapters.now();
  const [resume] = await ctx.db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, people.seekerId), eq(storedFiles.purpose, 'resume')))
    .orderBy(desc(storedFiles.createdAt))
    .limit(1);
  const open = await ctx.db
    .select({ id: jobPosts.id, postedAt: jobPosts.postedAt })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(and(eq(jobPosts.companyId, people.companyId), jobOpen(now)))
    .orderBy(desc(jobPosts.postedAt), asc(jobPosts.id))
    .limit(APPLIED.length + 3);
  const [closed] = await ctx.db
    .select({ id: jobPosts.id, postedAt: jobPosts.postedAt })
    .from(jobPosts)
    .where(and(eq(jobPosts.companyId, people.companyId), eq(jobPosts.status, 'Closed')))
    .orderBy(desc(jobPosts.postedAt))
    .limit(1);

  const picks = [
    ...open.slice(0, APPLIED.length).map((job, i) => ({ job, status: APPLIED[i]! })),
    ...(closed ? [{ job: closed, status: 'Rejected' as const }] : []),
  ];
  if (picks.length) {
    await ctx.db.insert(applications).values(
      picks.map(({ job, status }, i) => {
        // A day or more after the job was posted, never in the future.
        const appliedAt = new Date(Math.min(now.getTime() - (i + 1) * 60 * 60 * 1000, job.postedAt.getTime() + (1 + (i % 3)) * DAY));
        return {
          jobPostId: job.id,
          jobSeekerId: people.seekerId,
          resumeId: resume?.id ?? null,
          workAuthorization: true,
          sponsorship: false,
          status,
          createdAt: appliedAt,
          statusChangedAt: status === 'Applied' ? appliedAt : new Date(Math.min(now.getTime(), appliedAt.getTime() + 2 * DAY)),
        };
      }),
    );
  }

  // Saved: two of the company's jobs not applied to, and two of the market's.
  const market = await ctx.db
    .select({ id: jobPosts.id })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(and(ne(jobPosts.companyId, people.companyId), jobOpen(now)))
    .orderBy(desc(jobPosts.postedAt), asc(jobPosts.id))
    .limit(3);
  const saved = [...open.slice(APPLIED.length, APPLIED.length + 2), ...market.slice(0, 2)];
  const rows = [
    ...saved.map((job, i) => ({
      userId: people.seekerId,
      jobPostId: job.id,
      createdAt: new Date(now.getTime() - (i + 1) * 3 * 60 * 60 * 1000),
    })),
    ...[open[APPLIED.length + 2], market[2]]
      .filter((j) => j !== undefined)
      .map((job, i) => ({ userId: people.newcomerId, jobPostId: job.id, createdAt: new Date(now.getTime() - (i + 1) * DAY) })),
  ];
  if (rows.length) await ctx.db.insert(savedJobs).values(rows).onConflictDoNothing();
}
