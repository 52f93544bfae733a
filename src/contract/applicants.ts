import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pagingQueryNumber } from './paging.ts';
import { documentTypes, FileMessages } from './files.ts';
import { applicationSchema, applicationStatuses, type ApplicationStatus } from './jobs.ts';
import { educationSchema, experienceSchema } from './jobseeker.ts';
import { companyJobSchema, jobPostStatuses, PostingMessages } from './posting.ts';

/**
 * Applicants (spec 2 §2 applicant lists, §3 Application, Applicant status update and Job details
 * response, §7 the Recruiter applicant calls, §9 page sizes): the company's staff see who applied
 * to its jobs, open an applicant with the documents chosen for the application, and move the
 * application through its statuses; the job seeker may withdraw it.
 */

/** Product copy of these calls, used word for word by the pages and the server. */
export const ApplicantMessages = {
  applicantNotFound: 'This applicant was not found.',
  applicationNotFound: 'This application was not found.',
  jobNotFound: PostingMessages.jobNotFound,
  documentNotFound: FileMessages.documentNotFound,
  status: 'Please choose a status from the list.',
  filter: 'Please choose a filter from the list.',
  order: 'Please choose an order from the list.',
  withdrawnByStaff: 'Only the job seeker can withdraw an application.',
  statusChanged: 'The applicant’s status is updated.',
  statusUnchanged: 'The applicant already has this status.',
  withdrawn: 'Your application is withdrawn.',
  cannotWithdraw: 'This application has an outcome and can no longer be withdrawn.',
  seen: 'The applicants are marked as seen.',
  applicantIds: 'Please choose up to 100 applicants.',
  page: PostingMessages.page,
  pageSize: PostingMessages.pageSize,
  search: PostingMessages.search,
} as const;

/** Why a change of status is refused: where the application stands and where it cannot go from there. */
export function statusChangeRefused(from: ApplicationStatus, to: ApplicationStatus): string {
  if (from === 'Hired') return 'This applicant is hired: the status can no longer change.';
  if (from === 'Withdrawn') return 'The job seeker withdrew this application: the status can no longer change.';
  return `An application that is ${STATUS_NAMES[from].toLowerCase()} cannot be moved to ${STATUS_NAMES[to].toLowerCase()}.`;
}

// ---------- the status pipeline ----------

/** How each status reads in lists and mails. */
export const STATUS_NAMES: Record<ApplicationStatus, string> = {
  Applied: 'Applied',
  Reviewed: 'Reviewed',
  Interviewing: 'Interviewing',
  Offered: 'Offered',
  Hired: 'Hired',
  Rejected: 'Rejected',
  Withdrawn: 'Withdrawn',
};

/** The statuses the company's staff may set: every one but Withdrawn, which only the seeker sets. */
export const staffStatuses = [
  'Applied',
  'Reviewed',
  'Interviewing',
  'Offered',
  'Hired',
  'Rejected',
] as const satisfies readonly ApplicationStatus[];
export type StaffStatus = (typeof staffStatuses)[number];

/**
 * Where the staff may move an application from each status. Forward to any later step (a strong
 * applicant may go straight to an interview); one step back from Interviewing and Offered, to
 * undo a mistake or an interview that did not happen; Rejected may be reconsidered (back to
 * Reviewed). Hired and Withdrawn are final: nothing moves an application out of them. Setting
 * the status an application already has changes nothing.
 */
export const STAFF_TRANSITIONS: Record<ApplicationStatus, readonly StaffStatus[]> = {
  Applied: ['Reviewed', 'Interviewing', 'Offered', 'Rejected'],
  Reviewed: ['Interviewing', 'Offered', 'Rejected'],
  Interviewing: ['Reviewed', 'Offered', 'Rejected'],
  Offered: ['Interviewing', 'Hired', 'Rejected'],
  Hired: [],
  Rejected: ['Reviewed'],
  Withdrawn: [],
};

/** The seeker may withdraw an application that has no outcome yet. */
export const WITHDRAWABLE: readonly ApplicationStatus[] = ['Applied', 'Reviewed', 'Interviewing', 'Offered'];

/** Applications still in progress: told by email when their job closes. */
export const OPEN_STATUSES: readonly ApplicationStatus[] = ['Applied', 'Reviewed', 'Interviewing'];

/** Statuses the seeker is told about by email when the staff set them. */
export const NOTIFIED_STATUSES: readonly ApplicationStatus[] = ['Interviewing', 'Offered', 'Rejected'];

export const canStaffMove = (from: ApplicationStatus, to: ApplicationStatus): boolean =>
  (STAFF_TRANSITIONS[from] as readonly ApplicationStatus[]).includes(to);

// ---------- constants (spec 2 §9) ----------

/** Employer and recruiter lists. */
export const APPLICANT_PAGE_SIZE = 10;
/** A job's applicants (job-applicants). */
export const JOB_APPLICANT_PAGE_SIZE = 25;
export const MAX_APPLICANT_PAGE_SIZE = 100;
export const RECENT_APPLICANTS = 10;
export const MAX_SEEN_AT_ONCE = 100;

/** List filters: every applicant, the new (not yet opened) ones, or one status. */
export const applicantFilters = ['All', 'New', ...applicationStatuses] as const;
export type ApplicantFilter = (typeof applicantFilters)[number];
/** List orders: when applied (newest first unless ascending), name, status, job title. */
export const applicantOrders = ['date', 'name', 'status', 'job'] as const;
export type ApplicantOrder = (typeof applicantOrders)[number];

// ---------- building blocks ----------

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const applicantId = z.uuid({ error: ApplicantMessages.applicantNotFound });
const jobId = z.uuid({ error: ApplicantMessages.jobNotFound });
const pageNumber = pagingQueryNumber(ApplicantMessages.page);
const pageSize = (fallback: number) => pagingQueryNumber(ApplicantMessages.pageSize, { max: MAX_APPLICANT_PAGE_SIZE }).default(fallback);
const searchText = z
  .preprocess(blankToNull, z.string({ error: ApplicantMessages.search }).trim().max(100, ApplicantMessages.search).nullable())
  .optional();

const personSchema = z.object({ id: z.string(), name: z.string() });

/** One applicant in a list: the application, the person and the job. */
export const applicantSchema = z.object({
  /** The application's id: what every applicant call takes as applicantId. */
  id: z.string(),
  status: z.enum(applicationStatuses),
  /** Not yet opened by anyone of the company. */
  isNew: z.boolean(),
  /** ISO 8601. */
  appliedDate: z.string(),
  /** ISO 8601. */
  statusChangedAt: z.string(),
  jobSeeker: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
  }),
  job: z.object({ id: z.string(), title: z.string(), status: z.enum(jobPostStatuses) }),
  /** The job's skills the applicant has, of `totalSkills`. */
  matchedSkills: z.number().int(),
  totalSkills: z.number().int(),
  hasResume: z.boolean(),
  hasCoverLetter: z.boolean(),
});
export type Applicant = z.infer<typeof applicantSchema>;

export const applicantPageSchema = z.object({
  items: z.array(applicantSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type ApplicantPage = z.infer<typeof applicantPageSchema>;

/** A document chosen for the application, with the address its file downloads from (with the bearer token). */
export const applicationDocumentSchema = z.object({ id: z.string(), name: z.string(), downloadUrl: z.string() });
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;

export const statusChangeSchema = z.object({
  from: z.enum(applicationStatuses),
  to: z.enum(applicationStatuses),
  /** ISO 8601. */
  changedAt: z.string(),
  /** Who changed it; the job seeker for a withdrawal; null for an account since deleted. */
  changedBy: personSchema.nullable(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** One applicant with everything the company may see of the application (applicant/{id}). */
export const applicantDetailSchema = applicantSchema.extend({
  education: z.array(educationSchema),
  experience: z.array(experienceSchema),
  /** The applicant's skills; `match`: the job asks for it. */
  skills: z.array(z.object({ id: z.number().int(), name: z.string(), match: z.boolean() })),
  /** The job's skills; `match`: the applicant has it. */
  jobSkills: z.array(z.object({ id: z.number().int(), name: z.string(), match: z.boolean() })),
  workAuthorization: z.boolean().nullable(),
  sponsorship: z.boolean().nullable(),
  resume: applicationDocumentSchema.nullable(),
  coverLetter: applicationDocumentSchema.nullable(),
  /** ISO 8601: when someone of the company first opened the applicant. */
  seenAt: z.string().nullable(),
  seenBy: personSchema.nullable(),
  /** Every change of status, oldest first. */
  history: z.array(statusChangeSchema),
  /** The statuses the staff may move it to now. */
  nextStatuses: z.array(z.enum(staffStatuses)),
});
export type ApplicantDetail = z.infer<typeof applicantDetailSchema>;

/** applicants (spec 2 §7): paging, search, ascending, filter, order, jobId. */
export const applicantListRequestSchema = z.object({
  pageNumber: pageNumber.default(1),
  pageSize: pageSize(APPLICANT_PAGE_SIZE),
  /** Matches the applicant's name or email, or the job's title. */
  search: searchText,
  ascending: z.boolean({ error: 'Ascending must be true or false' }).default(false),
  filter: z.enum(applicantFilters, { error: ApplicantMessages.filter }).default('All'),
  order: z.enum(applicantOrders, { error: ApplicantMessages.order }).default('date'),
  /** One of the company's jobs; every job when not given. */
  jobId: z.preprocess(blankToNull, jobId.nullable()).optional(),
});
export type ApplicantListRequest = z.input<typeof applicantListRequestSchema>;

/** job-applicants (spec 2 §7: paging, jobId; 25 a page, §9). */
export const jobApplicantsRequestSchema = applicantListRequestSchema.extend({
  pageSize: pageSize(JOB_APPLICANT_PAGE_SIZE),
  jobId,
});
export type JobApplicantsRequest = z.input<typeof jobApplicantsRequestSchema>;

/** Applicant status update (spec 2 §3). */
export const applicantStatusRequestSchema = z.object({
  applicantId,
  status: z.enum(applicationStatuses, { error: ApplicantMessages.status }),
});
export type ApplicantStatusRequest = z.input<typeof applicantStatusRequestSchema>;

/** A job with its applicants, for the filter of the lists (jobs-with-applicants) and ApplicantsByJobTitle. */
export const jobWithApplicantsSchema = z.object({
  jobId: z.string(),
  title: z.string(),
  status: z.enum(jobPostStatuses),
  applicants: z.number().int(),
  newApplicants: z.number().int(),
  byStatus: z.record(z.enum(applicationStatuses), z.number().int()),
});
export type JobWithApplicants = z.infer<typeof jobWithApplicantsSchema>;

/** Job details response (spec 2 §3). */
export const jobDetailsResponseSchema = z.object({
  jobPost: companyJobSchema,
  /** The newest applicants, one page of 25. */
  applicants: z.array(applicantSchema),
  applicantCount: z.number().int(),
  clickCount: z.number().int(),
  /** Applications over views of the job's page; 0 without views. */
  engagementRate: z.number(),
});
export type JobDetailsResponse = z.infer<typeof jobDetailsResponseSchema>;

/** What waits for the staff (AssignTaskCount). */
export const taskCountSchema = z.object({
  /** Not yet opened by anyone of the company. */
  newApplicants: z.number().int(),
  /** Applied, not yet reviewed. */
  toReview: z.number().int(),
  interviewing: z.number().int(),
  offered: z.number().int(),
  total: z.number().int(),
});
export type TaskCount = z.infer<typeof taskCountSchema>;

export const seenRequestSchema = z.object({
  /** These applicants; with jobId, every applicant of that job. */
  applicantIds: z
    .array(applicantId, { error: ApplicantMessages.applicantIds })
    .max(MAX_SEEN_AT_ONCE, ApplicantMessages.applicantIds)
    .default([]),
  jobId: z.preprocess(blankToNull, jobId.nullable()).optional(),
});

// ---------- endpoints ----------

const tag = 'applicants';
/** The company's employer and its recruiters share its applicants. */
const companyStaff = ['Employer', 'Recruiter'] as const;
const applicantParams = z.object({ id: applicantId });

export const applicants = endpoint({
  method: 'POST',
  path: '/api/Recruiter/applicants',
  auth: companyStaff,
  tag,
  summary:
    'The company’s applicants: search (name, email, job title), filter (All, New, a status), order (date, name, status, job), ascending, one job (jobId); 10 a page with the total',
  body: applicantListRequestSchema,
  response: applicantPageSchema,
});
export const applicantsList = endpoint({ ...applicants, path: '/api/Recruiter/ApplicantsList', summary: 'Legacy name of applicants' });
export const employerApplicants = endpoint({
  ...applicants,
  path: '/api/Employer/applicants',
  summary: 'applicants under the Employer prefix (spec 2 §6)',
});

export const jobApplicants = endpoint({
  method: 'POST',
  path: '/api/Recruiter/job-applicants',
  auth: companyStaff,
  tag,
  summary: 'One job’s applicants (jobId), 25 a page, with the same search, filter and order as applicants; another company’s job is 404',
  body: jobApplicantsRequestSchema,
  response: applicantPageSchema,
});
export const applicantsByJobId = endpoint({
  ...jobApplicants,
  path: '/api/Recruiter/ApplicantsByJobId',
  summary: 'Legacy name of job-applicants',
});
export const getApplicantThroughJobId = endpoint({
  ...jobApplicants,
  path: '/api/Recruiter/GetApplicantThroughJobId',
  summary: 'Legacy name of job-applicants',
});
export const employerJobApplicants = endpoint({
  ...jobApplicants,
  path: '/api/Employer/job-applicants',
  summary: 'job-applicants under the Employer prefix (spec 2 §6)',
});

export const recentApplicants = endpoint({
  method: 'GET',
  path: '/api/Recruiter/RecentApplicants',
  auth: companyStaff,
  tag,
  summary: `The company’s ${RECENT_APPLICANTS} newest applicants`,
  response: z.object({ items: z.array(applicantSchema) }),
});

export const applicantsByJobTitle = endpoint({
  method: 'GET',
  path: '/api/Recruiter/ApplicantsByJobTitle',
  auth: companyStaff,
  tag,
  summary: 'The company’s jobs that have applicants, by title (jobTitle: search text), with their counts by status',
  query: z.object({ jobTitle: searchText }),
  response: z.object({ items: z.array(jobWithApplicantsSchema) }),
});

export const jobsWithApplicants = endpoint({
  method: 'GET',
  path: '/api/Recruiter/jobs-with-applicants',
  auth: companyStaff,
  tag,
  summary: 'The company’s jobs that have applicants, newest posted first, with their counts (new, by status)',
  response: z.object({ items: z.array(jobWithApplicantsSchema) }),
});
export const employerJobsWithApplicants = endpoint({
  ...jobsWithApplicants,
  path: '/api/Employer/jobs-with-applicants',
  summary: 'jobs-with-applicants under the Employer prefix (spec 2 §6)',
});

export const applicant = endpoint({
  method: 'GET',
  path: '/api/Recruiter/applicant/:id',
  auth: companyStaff,
  tag,
  summary:
    'One applicant: profile, education, experience, skills matched with the job, the resume and cover letter of the application, the status history; opening it marks it seen',
  params: applicantParams,
  response: applicantDetailSchema,
});
export const employerApplicant = endpoint({
  ...applicant,
  path: '/api/Employer/applicant/:id',
  summary: 'applicant/{id} under the Employer prefix (spec 2 §6)',
});
const applicantBody = z.object({ applicantId });
export const allDetailsOfApplicants = endpoint({
  method: 'POST',
  path: '/api/Recruiter/AllDetailsOfApplicants',
  auth: companyStaff,
  tag,
  summary: 'Legacy name of applicant/{id} (body applicantId)',
  body: applicantBody,
  response: applicantDetailSchema,
});
export const findJobSeekerThroughAppliedId = endpoint({
  ...allDetailsOfApplicants,
  path: '/api/Recruiter/FindJobSeekerThroughAppliedID',
  summary: 'Legacy name of applicant/{id} (body applicantId)',
});

export const seenApplicantsInJobs = endpoint({
  method: 'POST',
  path: '/api/Recruiter/SeenApplicantsInJobs',
  auth: companyStaff,
  tag,
  summary: 'Mark applicants as seen (applicantIds, or every applicant of jobId): they are no longer new; the first to see each is kept',
  body: seenRequestSchema,
  response: z.object({ seen: z.number().int() }),
});
export const employerSeenApplicants = endpoint({
  ...seenApplicantsInJobs,
  path: '/api/Employer/SeenApplicantsInJobs',
  summary: 'SeenApplicantsInJobs under the Employer prefix (spec 2 §6)',
});

export const applicantStatus = endpoint({
  method: 'POST',
  path: '/api/Recruiter/applicant-status',
  auth: companyStaff,
  tag,
  summary:
    'Move an applicant to a status the pipeline allows (Withdrawn is the seeker’s alone); kept in the history, and the seeker is emailed on Interviewing, Offered and Rejected',
  body: applicantStatusRequestSchema,
  response: applicantSchema,
});
export const employerApplicantStatus = endpoint({
  ...applicantStatus,
  path: '/api/Employer/applicant-status',
  summary: 'applicant-status under the Employer prefix (spec 2 §6)',
});

export const jobDetails = endpoint({
  method: 'GET',
  path: '/api/Recruiter/job-details/:id',
  auth: companyStaff,
  tag,
  summary: 'One of the company’s jobs with its newest applicants (25), applicant and view counts, and applications over views',
  params: z.object({ id: jobId }),
  response: jobDetailsResponseSchema,
});
export const employerJobDetails = endpoint({
  ...jobDetails,
  path: '/api/Employer/job-details/:id',
  summary: 'job-details/{id} under the Employer prefix (spec 2 §6)',
});

export const assignTaskCount = endpoint({
  method: 'GET',
  path: '/api/Recruiter/AssignTaskCount',
  auth: companyStaff,
  tag,
  summary: 'What waits for the company’s staff: new applicants, applicants to review, interviewing, offered',
  response: taskCountSchema,
});

export const downloadResume = endpoint({
  method: 'GET',
  path: '/api/Recruiter/DownloadResume',
  auth: companyStaff,
  tag,
  summary: 'A resume or cover letter chosen for an application to one of the company’s jobs (query id), as an attachment',
  query: z.object({ id: z.uuid({ error: ApplicantMessages.documentNotFound }) }),
  download: documentTypes,
  response: z.null(),
});
export const employerDownloadResume = endpoint({
  ...downloadResume,
  path: '/api/Employer/DownloadResume',
  summary: 'DownloadResume under the Employer prefix (spec 2 §6)',
});

/** The text of a résumé or cover letter, for the preview beside its download. */
export const documentPreviewSchema = z.object({
  name: z.string(),
  /** The document's words, as plain text; empty when none could be read (a scanned PDF). */
  text: z.string(),
  /** False when the text stops short (a very long document, or pages past the first 20). */
  complete: z.boolean(),
});
export type DocumentPreview = z.infer<typeof documentPreviewSchema>;

export const resumePreview = endpoint({
  method: 'GET',
  path: '/api/Recruiter/ResumePreview',
  auth: companyStaff,
  tag,
  summary: 'The text of a resume or cover letter chosen for an application to one of the company’s jobs (query id), for a preview',
  query: z.object({ id: z.uuid({ error: ApplicantMessages.documentNotFound }) }),
  response: documentPreviewSchema,
});
export const employerResumePreview = endpoint({
  ...resumePreview,
  path: '/api/Employer/ResumePreview',
  summary: 'ResumePreview under the Employer prefix',
});

export const withdrawApplication = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/withdraw-application',
  auth: ['JobSeeker'],
  tag,
  summary:
    'The job seeker withdraws one of their applications that has no outcome yet (not hired or rejected); the company sees it as Withdrawn',
  body: z.object({ applicationId: z.uuid({ error: ApplicantMessages.applicationNotFound }) }),
  response: applicationSchema,
});
