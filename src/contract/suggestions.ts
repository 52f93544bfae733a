import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pagingQueryNumber } from './paging.ts';
import { AccountMessages } from './account-messages.ts';
import { MATCH_RADIUS_MILES } from './jobs.ts';
import { PostingMessages } from './posting-messages.ts';

/**
 * Suggested job seekers and invitations (spec 2 §2 /user/invites "invitations sent", §7 the
 * Recruiter calls SuggestedJobSeeker, SuggestedJobSeekerByJob, InviteJobSeeker and
 * InviteJobSeekersByJobId, §9 page sizes): a company's staff see the job seekers who match one of
 * its open jobs and invite them to apply; the seeker is emailed and sees the invitation on the
 * dashboard; the staff follow each invitation from sent to viewed to applied. Only seekers who
 * let employers find them (a preference, on unless they switch it off) are suggested or invited.
 */

/** Product copy of these calls, used word for word by the pages and the server. */
export const SuggestionMessages = {
  jobNotFound: PostingMessages.jobNotFound,
  seekerNotFound: 'This job seeker was not found.',
  invitationNotFound: 'This invitation was not found.',
  jobNotOpen: 'Invitations can only be sent for an open job.',
  invited: 'Your invitation is sent.',
  alreadyInvited: 'This job seeker is already invited to this job.',
  alreadyApplied: 'This job seeker has already applied to this job.',
  seekerIds: 'Please choose from 1 to 50 job seekers.',
  status: 'Please choose a status from the list.',
  dailyLimit: 'Your company has sent the most invitations allowed in a day. Please try again tomorrow.',
  tooManyRequests: AccountMessages.tooManyRequests,
  page: PostingMessages.page,
  pageSize: PostingMessages.pageSize,
  viewed: 'The invitation is marked as viewed.',
  /** The preference's switch and its one-line explanation. */
  findableLabel: 'Let employers find me',
  findableHint: 'Companies can see your name, headline, city and skills when you match their jobs, and invite you to apply.',
} as const;

/** What the answer of a bulk invitation says. */
export function invitedSummary(invited: number, skipped: number): string {
  const sent = invited === 1 ? '1 invitation is sent.' : `${invited} invitations are sent.`;
  if (skipped === 0) return sent;
  return `${sent} ${skipped === 1 ? '1 job seeker was' : `${skipped} job seekers were`} already invited, had applied or could not be invited.`;
}

// ---------- constants (spec 2 §9) ----------

/** Employer and recruiter lists. */
export const SUGGESTION_PAGE_SIZE = 10;
export const INVITATION_PAGE_SIZE = 10;
export const MAX_SUGGESTION_PAGE_SIZE = 50;
/** Job seekers one bulk invitation may name. */
export const MAX_INVITES_PER_CALL = 50;
/** New invitations a company may send in 24 hours. */
export const MAX_INVITES_PER_DAY = 300;
/** Invitation calls one person of the staff may make in an hour. */
export const INVITE_CALLS_PER_HOUR = 60;
/** The seeker's dashboard lists this many invitations. */
export const DASHBOARD_INVITATIONS = 5;
/** How far from one of the seeker's places (or their home) a job's seekers are suggested. */
export const SUGGESTION_RADIUS_MILES = MATCH_RADIUS_MILES;

/** Where an invitation stands: sent, opened by the seeker, or applied to. */
export const invitationStatuses = ['sent', 'viewed', 'applied'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
export const INVITATION_STATUS_NAMES: Record<InvitationStatus, string> = { sent: 'Sent', viewed: 'Viewed', applied: 'Applied' };

/** The job page's address an invitation links to; the job page marks the invitation viewed. */
export const invitationLink = (jobId: string, invitationId: string) =>
  `/jobs/${encodeURIComponent(jobId)}?invite=${encodeURIComponent(invitationId)}`;

// ---------- building blocks ----------

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const jobId = z.uuid({ error: SuggestionMessages.jobNotFound });
const seekerId = z.uuid({ error: SuggestionMessages.seekerNotFound });
const invitationId = z.uuid({ error: SuggestionMessages.invitationNotFound });
const pageNumber = pagingQueryNumber(SuggestionMessages.page);
const pageSize = (fallback: number) => pagingQueryNumber(SuggestionMessages.pageSize, { max: MAX_SUGGESTION_PAGE_SIZE }).default(fallback);

/** One suggested job seeker for a job. */
export const suggestedSeekerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The seeker's latest job title, or their wished job type; null when the profile names neither. */
  headline: z.string().nullable(),
  /** The nearest of the seeker's places to the job. */
  city: z.string().nullable(),
  /** The job's skills the seeker has. */
  matchedSkills: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The job's skill count. */
  totalSkills: z.number().int(),
  /** Miles from the job to the seeker's nearest place; null for a remote job or a seeker with no place. */
  distanceMiles: z.number().nullable(),
  /** 0 to 100: skills matched weigh most, then job type, schedule and nearness. */
  score: z.number().int(),
  /** ISO 8601: when the company invited the seeker to this job; null when not invited. */
  invitedAt: z.string().nullable(),
});
export type SuggestedSeeker = z.infer<typeof suggestedSeekerSchema>;

export const suggestedSeekerPageSchema = z.object({
  items: z.array(suggestedSeekerSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  job: z.object({ id: z.string(), title: z.string() }),
});
export type SuggestedSeekerPage = z.infer<typeof suggestedSeekerPageSchema>;

export const suggestionRequestSchema = z.object({
  jobId,
  pageNumber: pageNumber.default(1),
  pageSize: pageSize(SUGGESTION_PAGE_SIZE),
});
export type SuggestionRequest = z.input<typeof suggestionRequestSchema>;

/** A suggested job seeker with the job of the company they match best. */
export const suggestedSeekerForJobSchema = suggestedSeekerSchema.extend({ job: z.object({ id: z.string(), title: z.string() }) });
export type SuggestedSeekerForJob = z.infer<typeof suggestedSeekerForJobSchema>;

export const suggestedSeekerAnyJobPageSchema = z.object({
  items: z.array(suggestedSeekerForJobSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /** The job asked for; null when the suggestions span the company's open jobs. */
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type SuggestedSeekerAnyJobPage = z.infer<typeof suggestedSeekerAnyJobPageSchema>;

/** SuggestedJobSeeker: one job's suggestions with a jobId, else the best across the company's open jobs; no body at all is the latter. */
export const suggestionAnyJobRequestSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    jobId: z.preprocess(blankToNull, jobId.nullable()).optional(),
    pageNumber: pageNumber.default(1),
    pageSize: pageSize(SUGGESTION_PAGE_SIZE),
  }),
);
export type SuggestionAnyJobRequest = z.input<typeof suggestionAnyJobRequestSchema>;

/** An invitation as the company sees it. */
export const sentInvitationSchema = z.object({
  id: z.string(),
  status: z.enum(invitationStatuses),
  /** ISO 8601. */
  invitedAt: z.string(),
  viewedAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
  jobSeeker: z.object({ id: z.string(), name: z.string() }),
  job: z.object({ id: z.string(), title: z.string() }),
  /** Who of the company sent it; null for an account since deleted. */
  invitedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

export const sentInvitationPageSchema = z.object({
  items: z.array(sentInvitationSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type SentInvitationPage = z.infer<typeof sentInvitationPageSchema>;

export const sentInvitationsRequestSchema = z.object({
  pageNumber: pageNumber.default(1),
  pageSize: pageSize(INVITATION_PAGE_SIZE),
  /** One of the company's jobs; every job when not given. */
  jobId: z.preprocess(blankToNull, jobId.nullable()).optional(),
  /** One status; every status when not given. */
  status: z.preprocess(blankToNull, z.enum(invitationStatuses, { error: SuggestionMessages.status }).nullable()).optional(),
});
export type SentInvitationsRequest = z.input<typeof sentInvitationsRequestSchema>;

export const inviteRequestSchema = z.object({ jobId, jobSeekerId: seekerId });
export type InviteRequest = z.input<typeof inviteRequestSchema>;

export const inviteManyRequestSchema = z.object({
  jobId,
  jobSeekerIds: z
    .array(seekerId, { error: SuggestionMessages.seekerIds })
    .min(1, SuggestionMessages.seekerIds)
    .max(MAX_INVITES_PER_CALL, SuggestionMessages.seekerIds),
});
export type InviteManyRequest = z.input<typeof inviteManyRequestSchema>;

/** What became of one seeker named in an invitation call. */
export const inviteOutcomes = ['invited', 'alreadyInvited', 'alreadyApplied', 'notFound'] as const;
export type InviteOutcome = (typeof inviteOutcomes)[number];

export const inviteResultSchema = z.object({
  jobSeekerId: z.string(),
  outcome: z.enum(inviteOutcomes),
  /** ISO 8601: when the seeker was invited (now, or before); null when not invited. */
  invitedAt: z.string().nullable(),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

export const inviteManyResultSchema = z.object({
  results: z.array(inviteResultSchema),
  invited: z.number().int(),
  skipped: z.number().int(),
});
export type InviteManyResult = z.infer<typeof inviteManyResultSchema>;

/** An invitation as the job seeker sees it. */
export const seekerInvitationSchema = z.object({
  id: z.string(),
  status: z.enum(invitationStatuses),
  invitedAt: z.string(),
  viewedAt: z.string().nullable(),
  job: z.object({ id: z.string(), title: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
  companyName: z.string(),
  /** The job still takes applications. */
  jobOpen: z.boolean(),
});
export type SeekerInvitation = z.infer<typeof seekerInvitationSchema>;

export const seekerInvitationPageSchema = z.object({
  items: z.array(seekerInvitationSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type SeekerInvitationPage = z.infer<typeof seekerInvitationPageSchema>;

// ---------- endpoints ----------

const tag = 'suggestions';
/** The company's employer and its recruiters share its jobs' suggestions and invitations. */
const companyStaff = ['Employer', 'Recruiter'] as const;

export const suggestedJobSeekerByJob = endpoint({
  method: 'POST',
  path: '/api/Recruiter/SuggestedJobSeekerByJob',
  auth: companyStaff,
  tag,
  summary: `Job seekers who match one of the company's open jobs (jobId), best first: within ${SUGGESTION_RADIUS_MILES} miles of one of their places, sharing skills, job type or schedule, letting employers find them and not yet applied; 10 a page with the total and whether each is invited`,
  body: suggestionRequestSchema,
  response: suggestedSeekerPageSchema,
});
export const suggestedJobSeeker = endpoint({
  method: 'POST',
  path: '/api/Recruiter/SuggestedJobSeeker',
  auth: companyStaff,
  tag,
  summary: `Without a jobId, the job seekers who match any of the company's open jobs (the dashboard's list), each once with the job they match best, best first; with a jobId, that job's suggestions as SuggestedJobSeekerByJob. 10 a page with the total`,
  body: suggestionAnyJobRequestSchema,
  response: suggestedSeekerAnyJobPageSchema,
});
export const employerSuggestedJobSeekers = endpoint({
  ...suggestedJobSeekerByJob,
  path: '/api/Employer/SuggestedJobSeekerByJob',
  summary: 'SuggestedJobSeekerByJob under the Employer prefix (spec 2 §6)',
});

export const inviteJobSeeker = endpoint({
  method: 'POST',
  path: '/api/Recruiter/InviteJobSeeker',
  auth: companyStaff,
  tag,
  status: 201,
  summary:
    'Invite one job seeker to apply to one of the company’s open jobs: emailed with a link to the job and shown on their dashboard; once per seeker and job (a second call says already invited and sends nothing)',
  body: inviteRequestSchema,
  response: inviteResultSchema,
});
export const employerInviteJobSeeker = endpoint({
  ...inviteJobSeeker,
  path: '/api/Employer/InviteJobSeeker',
  summary: 'InviteJobSeeker under the Employer prefix (spec 2 §6)',
});

export const inviteJobSeekersByJobId = endpoint({
  method: 'POST',
  path: '/api/Recruiter/InviteJobSeekersByJobId',
  auth: companyStaff,
  tag,
  summary: `Invite up to ${MAX_INVITES_PER_CALL} job seekers (jobSeekerIds) to one of the company’s open jobs; each one's outcome (invited, already invited, already applied, not found); at most ${MAX_INVITES_PER_DAY} new invitations a company a day`,
  body: inviteManyRequestSchema,
  response: inviteManyResultSchema,
});
export const employerInviteJobSeekers = endpoint({
  ...inviteJobSeekersByJobId,
  path: '/api/Employer/InviteJobSeekersByJobId',
  summary: 'InviteJobSeekersByJobId under the Employer prefix (spec 2 §6)',
});

export const sentInvitations = endpoint({
  method: 'POST',
  path: '/api/Recruiter/invitations',
  auth: companyStaff,
  tag,
  summary: 'The invitations the company sent (/user/invites), newest first, 10 a page: one job (jobId), one status (sent, viewed, applied)',
  body: sentInvitationsRequestSchema,
  response: sentInvitationPageSchema,
});
export const employerSentInvitations = endpoint({
  ...sentInvitations,
  path: '/api/Employer/invitations',
  summary: 'invitations under the Employer prefix (spec 2 §6)',
});

export const seekerInvitations = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/invitations',
  auth: ['JobSeeker'],
  tag,
  summary: 'The job seeker’s invitations to apply, newest first (pageNumber, pageSize; 10 a page)',
  query: z.object({ pageNumber: pageNumber.default(1), pageSize: pageSize(SUGGESTION_PAGE_SIZE) }),
  response: seekerInvitationPageSchema,
});

export const invitationViewed = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/invitation-viewed',
  auth: ['JobSeeker'],
  tag,
  summary: 'The job seeker opened the job of one of their invitations: the company sees it as viewed (once; an applied one stays applied)',
  body: z.object({ invitationId }),
  response: seekerInvitationSchema,
});
