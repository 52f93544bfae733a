import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { JobMessages } from './job-messages.ts';
import { pagingQueryNumber } from './paging.ts';
import { reportReasons, reportStatuses } from './job-states.ts';
import { jobPostListItemSchema } from './job-list-item.ts';
import { compensationTypes } from './posting-rules.ts';

/**
 * The job seeker's side of a job (spec 2 §2 applied-jobs and saved-jobs, §3 Application and the
 * job post list view, §7 the JobSeeker and Job calls): a job's page, its views and application
 * starts, saving, applying and reporting, and the seeker's lists and counts.
 */

export { JobMessages } from './job-messages.ts';

// ---------- constants (spec 2 §9) ----------

/** The job seeker's lists (spec 2 §9). */
export const SEEKER_PAGE_SIZE = 10;
export const MAX_SEEKER_PAGE_SIZE = 50;
export const MAX_PAGE_NUMBER = 10_000;
export const MAX_SAVED_JOBS = 500;
export const MAX_REPORT_DETAILS = 1000;
/** A job within this many miles of one of the seeker's preferred places matches by place. */
export const MATCH_RADIUS_MILES = 50;
/** A seeker of at least this age may apply to any job; younger ones (16 and 17) to jobs open to minors. */
export const ADULT_AGE = 18;

/** An application's status, from sent to its outcome. */
export const applicationStatuses = ['Applied', 'Reviewed', 'Interviewing', 'Offered', 'Hired', 'Rejected', 'Withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export { reportReasons, REPORT_REASON_NAMES, reportStatuses, REPORT_STATUS_NAMES } from './job-states.ts';
export type { ReportReason, ReportStatus } from './job-states.ts';

/** What a job seeker sees of a job's state: deleted jobs are not found at all. */
export const publicJobStatuses = ['Active', 'Closed', 'Expired'] as const;
export type PublicJobStatus = (typeof publicJobStatuses)[number];

// ---------- building blocks ----------

const named = z.object({ id: z.number().int(), name: z.string() });
const jobId = z.uuid({ error: JobMessages.jobNotFound });
const jobIdParams = z.object({ id: jobId });

const pageNumber = pagingQueryNumber(JobMessages.page, { max: MAX_PAGE_NUMBER });
const pageSize = pagingQueryNumber(JobMessages.pageSize, { max: MAX_SEEKER_PAGE_SIZE });

/** The seeker's lists' paging (spec 2 §7: paging number and size, ascending): oldest first when ascending. */
export const seekerPagingSchema = z.object({
  pageNumber: pageNumber.default(1),
  pageSize: pageSize.default(SEEKER_PAGE_SIZE),
  ascending: z.boolean({ error: JobMessages.ascending }).default(false),
});
export type SeekerPaging = z.input<typeof seekerPagingSchema>;

/** The same paging in a query string (GET saved-jobs). */
export const seekerPagingQuerySchema = z.object({
  pageNumber: pageNumber.default(1),
  pageSize: pageSize.default(SEEKER_PAGE_SIZE),
  ascending: z.stringbool({ error: JobMessages.ascending }).default(false),
});

// ---------- a job's page ----------

export const companyCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A signed address of the logo; null without a logo. */
  logoUrl: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  website: z.string().nullable(),
  /** The "Verified business" badge: registered in the United States, checked at sign-up. */
  verified: z.boolean(),
});
export type CompanyCard = z.infer<typeof companyCardSchema>;

export const appliedSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  /** ISO 8601. */
  appliedDate: z.string(),
});

/** What the signed-in job seeker has done with the job. */
export const jobViewerSchema = z.object({
  isSaved: z.boolean(),
  hasApplied: z.boolean(),
  application: appliedSchema.nullable(),
  isReported: z.boolean(),
  /** The seeker's report of the job and where it stands; null when they did not report it. */
  report: z
    .object({
      status: z.enum(reportStatuses),
      /** ISO 8601. */
      reportedAt: z.string(),
      resolvedAt: z.string().nullable(),
    })
    .nullable(),
  /** Skills of the job the seeker has, of `totalSkills`. */
  matchedSkills: z.number().int(),
  totalSkills: z.number().int(),
});
export type JobViewer = z.infer<typeof jobViewerSchema>;

/** A job's page: the list view and everything else the job says (spec 2 §3; display rules §5). */
export const jobDetailSchema = jobPostListItemSchema.extend({
  company: companyCardSchema,
  status: z.enum(publicJobStatuses),
  /** Active and before its last day: it can be applied to. */
  isOpen: z.boolean(),
  /** Sanitised rich text: paragraphs, lists, bold, italic, https and mailto links. */
  description: z.string(),
  /** Where an on-site or hybrid job is; null for a remote one. */
  address: z
    .object({ street: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), postalCode: z.string().nullable() })
    .nullable(),
  /** A remote job's states; empty for anywhere in the United States. */
  remoteStates: z.array(z.object({ code: z.string(), name: z.string() })),
  numberOfHires: z.number().int(),
  /** YYYY-MM-DD; null when not given. */
  startDate: z.string().nullable(),
  /** ISO 8601: the job closes by itself then. */
  validThrough: z.string(),
  offersRelocation: z.boolean(),
  requiresResume: z.boolean(),
  requiresCoverLetter: z.boolean(),
  requiresWorkAuthorization: z.boolean(),
  requirements: z.object({
    minimumEducation: z.object({ level: z.number().int(), name: z.string() }).nullable(),
    minimumGPA: z.number().nullable(),
    fieldsOfStudy: z.array(named),
    tags: z.array(z.string()),
    minimumExperience: z.number().int().nullable(),
    maximumExperience: z.number().int().nullable(),
  }),
  schedule: z.object({
    /** 1 full time, 2 part time. */
    workSchedule: z.union([z.literal(1), z.literal(2)]).nullable(),
    hoursPerWeek: z.number().int(),
    /** Months; null for an ongoing job. */
    durationMonths: z.number().int().nullable(),
    schedules: z.array(named),
  }),
  compensationType: z.enum(compensationTypes),
  isCompetitiveSalary: z.boolean(),
  currency: z.string(),
  benefits: z.array(named),
  supplementalPay: z.array(named),
  industries: z.array(named),
  /** The signed-in job seeker's state with this job; null for anyone else. */
  viewer: jobViewerSchema.nullable(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

// ---------- the seeker's lists ----------

const listJob = jobPostListItemSchema.extend({ jobStatus: z.enum(publicJobStatuses) });

export const savedJobSchema = listJob.extend({
  /** ISO 8601. */
  savedDate: z.string(),
});
export type SavedJob = z.infer<typeof savedJobSchema>;

export const appliedJobSchema = listJob.extend({
  /** A deleted job's application is kept: the row says the job was removed. */
  jobStatus: z.enum([...publicJobStatuses, 'Removed']),
  applicationId: z.string(),
  applicationStatus: z.enum(applicationStatuses),
  /** ISO 8601. */
  appliedDate: z.string(),
  /** The conversation with the company about this application (/user/messaging?c=…), once its staff started one. */
  conversationUrl: z.string().nullable(),
});
export type AppliedJob = z.infer<typeof appliedJobSchema>;

export const matchedJobSchema = listJob.extend({
  matchedSkills: z.number().int(),
  /** Miles to the nearest preferred place; null for remote jobs or without places. */
  distanceMiles: z.number().nullable(),
});
export type MatchedJob = z.infer<typeof matchedJobSchema>;

/** A page of a seeker's list; `hasMore` while later pages have rows (the totals are job-list-count). */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), pageNumber: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() });
export const savedJobPageSchema = pageOf(savedJobSchema);
export const appliedJobPageSchema = pageOf(appliedJobSchema);
export const matchedJobPageSchema = pageOf(matchedJobSchema);
export type SavedJobPage = z.infer<typeof savedJobPageSchema>;
export type AppliedJobPage = z.infer<typeof appliedJobPageSchema>;
export type MatchedJobPage = z.infer<typeof matchedJobPageSchema>;

export const jobListCountSchema = z.object({ saved: z.number().int(), applied: z.number().int(), matched: z.number().int() });
export type JobListCount = z.infer<typeof jobListCountSchema>;

export const seekerDashboardCountSchema = z.object({
  appliedJobs: z.number().int(),
  savedJobs: z.number().int(),
  matchedJobs: z.number().int(),
  /** The seeker's applications by status. */
  applications: z.record(z.enum(applicationStatuses), z.number().int()),
});
export type SeekerDashboardCount = z.infer<typeof seekerDashboardCountSchema>;

// ---------- applying and reporting ----------

/** An application (spec 2 §3): the documents chosen must be the seeker's own. */
export const applicationInputSchema = z.object({
  jobId,
  resumeId: z.uuid({ error: JobMessages.resumeNotFound }).nullish(),
  coverLetterId: z.uuid({ error: JobMessages.coverLetterNotFound }).nullish(),
  /** Authorized to work in the United States; asked when the job requires it. */
  workAuthorization: z.boolean({ error: JobMessages.workAuthorizationRequired }).nullish(),
  /** Will need visa sponsorship now or later. */
  sponsorship: z.boolean().nullish(),
});
export type ApplicationInput = z.input<typeof applicationInputSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  status: z.enum(applicationStatuses),
  /** ISO 8601. */
  appliedDate: z.string(),
  resumeId: z.string().nullable(),
  coverLetterId: z.string().nullable(),
  workAuthorization: z.boolean().nullable(),
  sponsorship: z.boolean().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

export const reportInputSchema = z
  .object({
    reason: z.enum(reportReasons, { error: JobMessages.reportReason }),
    details: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string({ error: JobMessages.reportDetails }).trim().max(MAX_REPORT_DETAILS, JobMessages.reportDetails).nullish(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.details) ctx.addIssue({ code: 'custom', path: ['details'], message: JobMessages.reportDetailsNeeded });
  });
export type ReportInput = z.input<typeof reportInputSchema>;

/** api/click/log: the target and when, plus whatever else the page adds (accepted, not kept). */
export const clickLogSchema = z.looseObject({
  targetId: jobId,
  timestamp: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true })], { error: 'The timestamp must be a time.' }),
});

/** A view or application start: `recorded` is false when it repeats one already counted. */
export const clickResultSchema = z.object({ recorded: z.boolean() });

// ---------- endpoints ----------

const tag = 'jobs';
const jobSeeker = ['JobSeeker'] as const;

export const jobPostById = endpoint({
  method: 'GET',
  path: '/api/job/job-post/:id',
  auth: 'public',
  tag,
  summary: 'A job’s page for anyone: closed and expired jobs answer marked; with a job seeker’s token, what the seeker has done with it',
  params: jobIdParams,
  response: jobDetailSchema,
});

export const getJobPost = endpoint({
  method: 'GET',
  path: '/api/job/GetJobPost',
  auth: 'public',
  tag,
  summary: 'Legacy name of job-post/{id} (query JobId)',
  query: z.object({ JobId: jobId }),
  response: jobDetailSchema,
});

export const seekerJob = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/job',
  auth: jobSeeker,
  tag,
  summary: 'A job’s page with the job seeker’s state: saved, applied (and the status), reported, skills matched',
  query: z.object({ id: jobId }),
  response: jobDetailSchema,
});

export const jobClick = endpoint({
  method: 'POST',
  path: '/api/job/job-click/:id',
  auth: 'public',
  tag,
  summary: 'Count a view of a job’s page (once per visitor every 30 minutes)',
  params: jobIdParams,
  response: clickResultSchema,
});

export const jobApplyStart = endpoint({
  method: 'POST',
  path: '/api/job/job-apply/:id',
  auth: 'public',
  tag,
  summary: 'Count an application start (Apply pressed; once per visitor every 30 minutes)',
  params: jobIdParams,
  response: clickResultSchema,
});

export const clickLog = endpoint({
  method: 'POST',
  path: '/api/click/log',
  auth: 'public',
  tag,
  summary: 'Count a view of the job targetId (job-click with a timestamp and extra fields, which are not kept)',
  body: clickLogSchema,
  response: clickResultSchema,
});

export const saveJob = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/save-job/:id',
  auth: jobSeeker,
  tag,
  summary: 'Save a job for later (saving it again changes nothing)',
  params: jobIdParams,
  response: z.object({ jobId: z.string(), isSaved: z.boolean() }),
});

export const unsaveJob = endpoint({
  method: 'DELETE',
  path: '/api/JobSeeker/save-job/:id',
  auth: jobSeeker,
  tag,
  summary: 'Remove a job from the saved jobs',
  params: jobIdParams,
  response: z.object({ jobId: z.string(), isSaved: z.boolean() }),
});

export const savedJobs = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/saved-jobs',
  auth: jobSeeker,
  tag,
  summary: 'The saved jobs, newest saved first (oldest when ascending), 10 a page',
  body: seekerPagingSchema,
  response: savedJobPageSchema,
});

export const savedJobsGet = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/saved-jobs',
  auth: jobSeeker,
  tag,
  summary: 'The saved jobs (the paged POST with the paging in the query)',
  query: seekerPagingQuerySchema,
  response: savedJobPageSchema,
});

export const appliedList = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/applied-list',
  auth: jobSeeker,
  tag,
  summary: 'The jobs applied to with each application’s status and date, newest first (oldest when ascending), 10 a page',
  body: seekerPagingSchema,
  response: appliedJobPageSchema,
});

export const applyJobList = endpoint({ ...appliedList, path: '/api/JobSeeker/ApplyJobList', summary: 'Legacy name of applied-list' });

export const matchedList = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/matched-list',
  auth: jobSeeker,
  tag,
  summary:
    'Open jobs that match the profile (skills, employment type, schedule, pay, places), best match first, then the nearest; 10 a page',
  body: seekerPagingSchema,
  response: matchedJobPageSchema,
});

export const jobListCount = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/job-list-count',
  auth: jobSeeker,
  tag,
  summary: 'How many jobs the seeker’s lists hold: saved, applied, matched',
  response: jobListCountSchema,
});

export const seekerDashboardCount = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/DashboardCount',
  auth: jobSeeker,
  tag,
  summary: 'The job seeker’s dashboard counts: applied, saved and matched jobs, and applications by status',
  response: seekerDashboardCountSchema,
});
/** Spec 2 §7 names the seeker's DashboardCount without GET, so a POST too. */
export const seekerDashboardCountPost = endpoint({
  ...seekerDashboardCount,
  method: 'POST',
  summary: 'DashboardCount as a POST, as spec 2 §7 names it',
});

export const apply = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/apply',
  auth: jobSeeker,
  tag,
  status: 201,
  summary:
    'Apply to an open job with what it asks for (resume, cover letter, work authorization); once per job: applying again answers the first application (200)',
  body: applicationInputSchema,
  response: applicationSchema,
});

export const applyJob = endpoint({ ...apply, path: '/api/JobSeeker/ApplyJob', summary: 'Legacy name of apply' });

export const reportJob = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/ReportJob',
  auth: jobSeeker,
  tag,
  summary: 'Report a job (query JobId) with a reason and details, for review; once per job, and the job leaves the seeker’s lists',
  query: z.object({ JobId: jobId }),
  body: reportInputSchema,
  response: z.null(),
});

// ---------- resume tracking ----------

/** ResumeTracking: one resume, or all of them when none is named. */
export const resumeTrackingInputSchema = z
  .object({ resumeId: z.uuid({ error: JobMessages.resumeNotFound }).nullish() })
  .nullish()
  .transform((b) => ({ resumeId: b?.resumeId ?? null }));
export type ResumeTrackingInput = z.input<typeof resumeTrackingInputSchema>;

/** An application a resume was sent with, and where it stands now. */
export const trackedApplicationSchema = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  title: z.string(),
  companyName: z.string(),
  /** A deleted job's application is kept: the row says the job was removed. */
  jobStatus: z.enum([...publicJobStatuses, 'Removed']),
  /** ISO 8601. */
  appliedDate: z.string(),
  status: z.enum(applicationStatuses),
});
export type TrackedApplication = z.infer<typeof trackedApplicationSchema>;

export const trackedResumeSchema = z.object({
  id: z.string(),
  /** The uploaded file's name. */
  name: z.string(),
  /** ISO 8601. */
  uploadedDate: z.string(),
  /** Newest application first. */
  applications: z.array(trackedApplicationSchema),
});
export type TrackedResume = z.infer<typeof trackedResumeSchema>;

export const resumeTrackingSchema = z.object({ resumes: z.array(trackedResumeSchema) });
export type ResumeTracking = z.infer<typeof resumeTrackingSchema>;

export const resumeTracking = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/ResumeTracking',
  auth: jobSeeker,
  tag,
  summary:
    'Each of the seeker’s resumes (newest first, or only `resumeId`) with the applications it was sent with: job, company, applied date and the application’s status now',
  body: resumeTrackingInputSchema,
  response: resumeTrackingSchema,
});
