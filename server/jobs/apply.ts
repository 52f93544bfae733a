import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { applications, storedFiles, users } from '../db/schema.ts';
import { conflict, refusal } from '../http/errors.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { activeUser } from '../account/index.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import { fullNameOf } from '../platform/people.ts';
import { storedJobData } from '../posting/index.ts';
import { isAgeWithin } from '../../src/lib/dates.ts';
import { ADULT_AGE, JobMessages, type Application, type ApplicationStatus, type applicationInputSchema } from '../../src/contract/jobs.ts';
import { jobRefusalMessages, jobRefusalOf, missingAnswers } from '../../src/contract/application-rules.ts';
import { visibleJob } from './detail.ts';

type ApplicationInput = z.output<typeof applicationInputSchema>;
type ApplicationRow = typeof applications.$inferSelect;

const settled = <T>(r: PromiseSettledResult<T>): T => {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
};

function applicationOf(row: ApplicationRow): Application {
  return {
    id: row.id,
    jobId: row.jobPostId,
    status: row.status as ApplicationStatus,
    appliedDate: row.createdAt.toISOString(),
    resumeId: row.resumeId,
    coverLetterId: row.coverLetterId,
    workAuthorization: row.workAuthorization,
    sponsorship: row.sponsorship,
  };
}

async function existingApplication(ctx: AppContext, userId: string, jobId: string): Promise<ApplicationRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(applications)
    .where(and(eq(applications.jobSeekerId, userId), eq(applications.jobPostId, jobId)))
    .limit(1);
  return row;
}

/** The document is the seeker's own, of the kind asked for. */
async function ownsDocument(ctx: AppContext, userId: string, id: string, purpose: 'resume' | 'cover-letter'): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, purpose)))
    .limit(1);
  return row !== undefined;
}

/** The applicants page of the job, where its company's staff find the new application. */
export function applicantsLink(ctx: AppContext, jobId: string): string {
  return `${ctx.config.publicUrl}/user/applicants?jobId=${encodeURIComponent(jobId)}`;
}

/** To each of the company's employer and active recruiters: who applied to which job, and where to see it. */
export function newApplicationMail(
  ctx: AppContext,
  to: { email: string; firstName: string | null },
  job: { id: string; title: string },
  applicantName: string,
): Mail {
  return compose({
    to: to.email,
    subject: `New application for ${job.title}`,
    greetingName: to.firstName,
    intro: `Good news: ${applicantName} has applied to your job “${job.title}” on ${BRAND_NAME}. Their application, with the documents they chose, is waiting for you on the job’s applicants page.`,
    action: { kind: 'link', label: 'See the applicants', url: applicantsLink(ctx, job.id) },
    outro: 'A quick reply makes a great impression, even when the answer is no. Thank you for hiring with us.',
    supportEmail: ctx.config.supportEmail,
  });
}

async function tellTheCompany(
  ctx: AppContext,
  job: { id: string; title: string; companyId: string },
  applicantName: string,
): Promise<void> {
  const staff = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.companyId, job.companyId),
        inArray(users.role, ['Employer', 'Recruiter']),
        eq(users.disabled, false),
        isNull(users.deactivatedAt),
      ),
    );
  await Promise.all(staff.map((person) => ctx.mailer.enqueue(newApplicationMail(ctx, person, job, applicantName))));
}

/**
 * Applies the seeker to a job. Once per seeker and job, even when sent twice at once: the unique
 * index on (job, seeker) decides, and the later request answers the first application. An open
 * job only; a seeker under 18 only to a job open to applicants aged 16 and over; with what the
 * job asks for (a resume, a cover letter, an answer on work authorization), each document the
 * seeker's own. The company's employer and active recruiters are told by email; the seeker's
 * invitation to the job, if any, reads as applied.
 */
export async function applyToJob(
  ctx: AppContext,
  userId: string,
  input: ApplicationInput,
): Promise<{ application: Application; created: boolean }> {
  // Read at once; a refusal of the seeker comes before one of the job.
  const [seekerRead, jobRead, beforeRead] = await Promise.allSettled([
    activeUser(ctx, userId),
    visibleJob(ctx, input.jobId),
    existingApplication(ctx, userId, input.jobId),
  ]);
  const seeker = settled(seekerRead);
  const job = settled(jobRead);
  const before = settled(beforeRead);
  if (before) return { application: applicationOf(before), created: false };

  const now = ctx.adapters.now();
  const minor = !!seeker.dateOfBirth && !isAgeWithin(seeker.dateOfBirth, now, ADULT_AGE);
  const status = job.status === 'Closed' ? 'Closed' : job.expired ? 'Expired' : 'Active';
  const refused = jobRefusalOf({ status, openToMinors: job.openToMinors }, { minor });
  if (refused) throw refusal(refused, jobRefusalMessages[refused]);

  const asks = storedJobData(job.jobData, job.id).jobDetails;
  const [resumeOwned, letterOwned] = await Promise.all([
    input.resumeId ? ownsDocument(ctx, seeker.id, input.resumeId, 'resume') : true,
    input.coverLetterId ? ownsDocument(ctx, seeker.id, input.coverLetterId, 'cover-letter') : true,
  ]);
  const fieldErrors: Record<string, string> = missingAnswers(asks, input);
  if (!fieldErrors.resumeId && !resumeOwned) fieldErrors.resumeId = JobMessages.resumeNotFound;
  if (!fieldErrors.coverLetterId && !letterOwned) fieldErrors.coverLetterId = JobMessages.coverLetterNotFound;
  // In the form's order: resume, cover letter, work authorization.
  const errors = (['resumeId', 'coverLetterId', 'workAuthorization'] as const).flatMap((f) => fieldErrors[f] ?? []);
  if (errors.length) throw refusal('application.incomplete', errors[0]!, { errors, fieldErrors });

  const [row] = await ctx.db
    .insert(applications)
    .values({
      jobPostId: job.id,
      jobSeekerId: seeker.id,
      resumeId: input.resumeId ?? null,
      coverLetterId: input.coverLetterId ?? null,
      workAuthorization: input.workAuthorization ?? null,
      sponsorship: input.sponsorship ?? null,
      status: 'Applied',
      statusChangedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [applications.jobPostId, applications.jobSeekerId] })
    .returning();
  if (!row) {
    // Another request of the same seeker applied first; its application is the answer.
    const first = await existingApplication(ctx, seeker.id, job.id);
    if (!first) throw conflict(JobMessages.alreadyApplied, { code: 'application.alreadyApplied' });
    return { application: applicationOf(first), created: false };
  }
  // Counted once written, like every measure (DESIGN §8 Counting): only the request that created it.
  ctx.counters.add([job.id], 'application');
  await ctx.events.emit('application.created', { jobPostId: job.id, seekerId: seeker.id, at: now });
  await tellTheCompany(ctx, job, fullNameOf(seeker));
  return { application: applicationOf(row), created: true };
}
