import { JobMessages, type ApplicationInput, type PublicJobStatus } from './jobs.ts';

/**
 * What a job requires of an application (spec 2 §3 Application), checked the same way by the apply
 * form before it sends and by the server before it stores: one rule, two callers.
 */

/** What a job asks of an application. */
export interface ApplicationAsks {
  requiresResume: boolean;
  requiresCoverLetter: boolean;
  requiresWorkAuthorization: boolean;
}

export type AnswerField = 'resumeId' | 'coverLetterId' | 'workAuthorization';

/** The answers the job asks for and the application lacks, each with the message shown by its field. */
export function missingAnswers(
  asks: ApplicationAsks,
  input: Pick<ApplicationInput, 'resumeId' | 'coverLetterId' | 'workAuthorization'>,
): Partial<Record<AnswerField, string>> {
  const missing: Partial<Record<AnswerField, string>> = {};
  if (asks.requiresResume && !input.resumeId) missing.resumeId = JobMessages.resumeRequired;
  if (asks.requiresCoverLetter && !input.coverLetterId) missing.coverLetterId = JobMessages.coverLetterRequired;
  if (asks.requiresWorkAuthorization && (input.workAuthorization === null || input.workAuthorization === undefined)) {
    missing.workAuthorization = JobMessages.workAuthorizationRequired;
  }
  return missing;
}

/** The outcome codes of a job that cannot be applied to, by this seeker or by anyone. */
export type JobRefusalCode = 'job.closed' | 'job.expired' | 'job.adultsOnly' | 'job.notFound';

/** What each refusal of the job tells the seeker. */
export const jobRefusalMessages: Record<JobRefusalCode, string> = {
  'job.closed': JobMessages.closed,
  'job.expired': JobMessages.expired,
  'job.adultsOnly': JobMessages.adultsOnly,
  'job.notFound': JobMessages.jobNotFound,
};

export const isJobRefusalCode = (code: string): code is JobRefusalCode => Object.hasOwn(jobRefusalMessages, code);

/** The job's state a refusal names, for the page to show once the dialog closes. */
export const jobStatusOfRefusal = (code: JobRefusalCode): Exclude<PublicJobStatus, 'Active'> | null =>
  code === 'job.closed' ? 'Closed' : code === 'job.expired' ? 'Expired' : null;

/**
 * Why the job refuses an application outright, or null: a closed job, then an expired one, then a
 * job not open to applicants aged 16 and over when the seeker is under 18 (`minor`).
 */
export function jobRefusalOf(
  job: { status: PublicJobStatus; openToMinors: boolean },
  seeker: { minor: boolean },
): Exclude<JobRefusalCode, 'job.notFound'> | null {
  if (job.status === 'Closed') return 'job.closed';
  if (job.status === 'Expired') return 'job.expired';
  if (!job.openToMinors && seeker.minor) return 'job.adultsOnly';
  return null;
}
