import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, companies, jobPosts, users } from '../db/schema.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import { displayNameOf } from '../company/index.ts';
import { OPEN_STATUSES } from '../../src/contract/applicants.ts';
import type { ApplicationStatus } from '../../src/contract/jobs.ts';

/** What a mail to an applicant says about the job. */
export interface AppliedJob {
  title: string;
  companyName: string;
}

interface Seeker {
  email: string;
  firstName: string | null;
}

const appliedJobsLink = (ctx: AppContext) => `${ctx.config.publicUrl}/user/applied-jobs`;
const searchLink = (ctx: AppContext) => `${ctx.config.publicUrl}/user/search-jobs`;

/** The seeker's mail when the company moves the application to Interviewing, Offered or Rejected; none for other statuses. */
export function statusMail(ctx: AppContext, to: Seeker, job: AppliedJob, status: ApplicationStatus): Mail | null {
  const base = { to: to.email, greetingName: to.firstName, supportEmail: ctx.config.supportEmail };
  switch (status) {
    case 'Interviewing':
      return compose({
        ...base,
        subject: `${job.companyName} would like to interview you`,
        intro: `Good news: ${job.companyName} would like to interview you for “${job.title}”. They will contact you with the details; your application and its status are on your applied jobs page.`,
        action: { kind: 'link', label: 'See your applications', url: appliedJobsLink(ctx) },
        outro: 'Good luck! A little preparation goes a long way: read the job again and think of an example or two from your own work.',
      });
    case 'Offered':
      return compose({
        ...base,
        subject: `An offer for ${job.title}`,
        intro: `Congratulations! ${job.companyName} would like to offer you the job “${job.title}”. They will be in touch about the next steps.`,
        action: { kind: 'link', label: 'See your applications', url: appliedJobsLink(ctx) },
        outro: `Well done, and thank you for finding your next job on ${BRAND_NAME}.`,
      });
    case 'Rejected':
      return compose({
        ...base,
        subject: `Your application for ${job.title}`,
        intro: `Thank you for applying to “${job.title}” at ${job.companyName}. They have decided to go ahead with other applicants this time. We know this is not the news you hoped for, and it says nothing about what you can do: new jobs are posted every day.`,
        action: { kind: 'link', label: 'Find more jobs', url: searchLink(ctx) },
        outro: 'Keep your profile and skills up to date: they help the right jobs find you.',
      });
    default:
      return null;
  }
}

/** The seeker's mail when a job with their open application closes. */
export function jobClosedMail(ctx: AppContext, to: Seeker, job: AppliedJob): Mail {
  return compose({
    to: to.email,
    greetingName: to.firstName,
    supportEmail: ctx.config.supportEmail,
    subject: `${job.title} is no longer open`,
    intro: `Thank you for your interest in “${job.title}” at ${job.companyName}. The company has closed this job, so your application will not go further. Nothing else changes: your profile and documents are ready for your next application.`,
    action: { kind: 'link', label: 'Find more jobs', url: searchLink(ctx) },
    outro: 'We hope to help you find the right job soon.',
  });
}

/**
 * When a job closes: each open application (Applied, Reviewed, Interviewing) not told before is
 * marked told and its seeker emailed. Marking and telling are one step per application, so a job
 * closed, reopened and closed again tells no one twice, nor do two closes at once.
 */
export async function tellApplicantsJobClosed(ctx: AppContext, jobPostId: string): Promise<number> {
  const now = ctx.adapters.now();
  const told = await ctx.db
    .update(applications)
    .set({ closedNoticeAt: now })
    .where(
      and(eq(applications.jobPostId, jobPostId), inArray(applications.status, [...OPEN_STATUSES]), isNull(applications.closedNoticeAt)),
    )
    .returning({ seekerId: applications.jobSeekerId });
  if (!told.length) return 0;
  const [job] = await ctx.db
    .select({ title: jobPosts.title, name: companies.name, displayName: companies.displayName })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(eq(jobPosts.id, jobPostId));
  if (!job) return 0;
  const seekers = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          told.map((t) => t.seekerId),
        ),
        eq(users.disabled, false),
      ),
    );
  const applied = { title: job.title, companyName: displayNameOf(job) };
  await Promise.all(seekers.map((s) => ctx.mailer.enqueue(jobClosedMail(ctx, s, applied))));
  return seekers.length;
}
