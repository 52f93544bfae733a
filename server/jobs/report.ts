import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { jobReports } from '../db/schema.ts';
import { activeUser } from '../account/index.ts';
import type { reportInputSchema } from '../../src/contract/jobs.ts';
import { visibleJob } from './detail.ts';

type ReportInput = z.output<typeof reportInputSchema>;

/**
 * Stores a seeker's report of a job for the back office to review: one per seeker and job (a
 * second report changes nothing). The job then leaves the seeker's saved and matched lists.
 */
export async function reportJob(ctx: AppContext, userId: string, jobId: string, input: ReportInput): Promise<void> {
  const seeker = await activeUser(ctx, userId);
  const job = await visibleJob(ctx, jobId);
  await ctx.db
    .insert(jobReports)
    .values({
      jobPostId: job.id,
      reporterId: seeker.id,
      reason: input.reason,
      details: input.details ?? null,
      createdAt: ctx.adapters.now(),
    })
    .onConflictDoNothing({ target: [jobReports.jobPostId, jobReports.reporterId] });
}
