import type { AppContext } from '../context.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import type { ReportStatus } from '../../src/contract/jobs.ts';

interface To {
  email: string;
  firstName: string | null;
}

/** The code that confirms an administrator's new email, sent to the new address. */
export function adminEmailCodeMail(ctx: AppContext, to: To, code: string): Mail {
  return compose({
    to: to.email,
    subject: `Your ${BRAND_NAME} email change code: ${code}`,
    greetingName: to.firstName,
    intro: `Enter this code in the back office settings to make ${to.email} the email of your ${BRAND_NAME} administrator account:`,
    action: { kind: 'code', code },
    outro:
      'The code can be used once and expires in 10 minutes. If you did not ask for it, you can ignore this email: nothing changes without it.',
    supportEmail: ctx.config.supportEmail,
  });
}

/** What the seeker is told the review decided: the outcome only, never the note or what the company was told. */
const OUTCOMES: Record<Exclude<ReportStatus, 'open'>, string> = {
  dismissed: 'We looked into it and found nothing that breaks our rules, so the job stays up.',
  jobClosed: 'We looked into it and have closed the job: it no longer takes applications.',
  companyBlacklisted: 'We looked into it and have removed the company and its jobs from the marketplace.',
};

/** The reporting seeker's mail once an administrator resolved their report of a job. */
export function reportReviewedMail(
  ctx: AppContext,
  to: To,
  job: { id: string; title: string },
  status: Exclude<ReportStatus, 'open'>,
): Mail {
  const jobPage = `${ctx.config.publicUrl}/jobs/${job.id}`;
  return compose({
    to: to.email,
    subject: `We reviewed your report of ${job.title}`,
    greetingName: to.firstName,
    intro: `Thank you for reporting “${job.title}”. ${OUTCOMES[status]}`,
    // The job's page says where the report stands; a removed company's jobs have no page any more.
    action:
      status === 'companyBlacklisted'
        ? { kind: 'link', label: 'Find more jobs', url: `${ctx.config.publicUrl}/user/search-jobs` }
        : { kind: 'link', label: 'See the job', url: jobPage },
    outro:
      'Reports like yours keep the marketplace safe for everyone. If you see something else that looks wrong, report it from the job’s page.',
    supportEmail: ctx.config.supportEmail,
  });
}
