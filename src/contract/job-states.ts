// The states and reasons of job posts and their reports, without any schema: the pages that only
// name them (the back office, a job's page) download no posting or search contract for them.

/** A job post's status. Drafts are not job posts: they live apart until published. */
export const jobPostStatuses = ['Active', 'Closed', 'Expired', 'Deleted'] as const;
export type JobPostStatus = (typeof jobPostStatuses)[number];

/** Why a job is reported (ReportJob); "other" needs a description. */
export const reportReasons = ['scam', 'discriminatory', 'misleading', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const REPORT_REASON_NAMES: Record<ReportReason, string> = {
  scam: 'It looks like a scam or asks for money',
  discriminatory: 'It is discriminatory',
  misleading: 'The pay, place or duties are misleading',
  other: 'Something else',
};

/**
 * A report's status: open until an administrator resolves it, dismissed, or the job closed, or its
 * company blacklisted. The reporting seeker sees it on the job's page; the back office works them.
 */
export const reportStatuses = ['open', 'dismissed', 'jobClosed', 'companyBlacklisted'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const REPORT_STATUS_NAMES: Record<ReportStatus, string> = {
  open: 'Under review',
  dismissed: 'Reviewed: no action needed',
  jobClosed: 'Reviewed: the job was closed',
  companyBlacklisted: 'Reviewed: the company was removed',
};
