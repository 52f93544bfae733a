import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { PostingMessages } from './posting-messages.ts';
import { pagingQueryNumber } from './paging.ts';
import { compensationTypes, locationTypes, MAX_JOB_SKILLS, MAX_PAY, salaryTypes } from './posting-rules.ts';
import { supplementalPayValueSchema } from './lookups.ts';
import { hazardsNamed, minorsReason, payRangeReason, payRangeStates } from './posting-rules.ts';
import { jobPostStatuses } from './job-states.ts';
import { jobPostListItemSchema } from './job-list-item.ts';

/**
 * Posting jobs (spec 2 §3 Draft and jobData, §4 draft and job post status, list codes; §7 the Job
 * calls and the Recruiter and Employer job calls): drafts written step by step in the wizard, the
 * job posts published from them, and their lifecycle.
 */

export { PostingMessages } from './posting-messages.ts';

// ---------- constants (spec 2 §3, §9) ----------

export const TITLE_MIN = 5;
export const TITLE_MAX = 120;
export const DESCRIPTION_MIN = 50;
/** Characters of text (not markup). */
export const DESCRIPTION_MAX = 10_000;
export const DEFAULT_HOURS_PER_WEEK = 20;
export const DEFAULT_HIRES = 1;
export const DEFAULT_CURRENCY = 'USD';
export { MAX_JOB_SKILLS, MAX_PAY } from './posting-rules.ts';
export const MAX_INDUSTRIES = 3;
/** A job is open this many days after publishing unless its validThrough says otherwise. */
export const DEFAULT_VALID_DAYS = 30;
export const MAX_VALID_DAYS = 90;
/** Draft list, job lists (spec 2 §9). */
export const DRAFT_PAGE_SIZE = 10;
export const JOB_LIST_PAGE_SIZE = 10;

// ---------- codes (spec 2 §4) ----------

/** The wizard's steps, in order (spec 2 §3 jobData, then review). */
export const wizardSteps = [
  'jobDetails',
  'timeRequirements',
  'payDetails',
  'categorization',
  'candidateRequirements',
  'subscriptionPlan',
  'review',
] as const;
export type WizardStep = (typeof wizardSteps)[number];
export const STEP_TITLES: Record<WizardStep, string> = {
  jobDetails: 'Job details',
  timeRequirements: 'Time requirements',
  payDetails: 'Pay and benefits',
  categorization: 'Industry',
  candidateRequirements: 'Candidate requirements',
  subscriptionPlan: 'Boost',
  review: 'Review and publish',
};

export { jobPostStatuses, type JobPostStatus } from './job-states.ts';

export { LOCATION_TYPE_NAMES, locationTypes, type LocationType } from './posting-rules.ts';

/** workSchedule (spec 2 §3). */
export const WorkSchedule = { FullTime: 1, PartTime: 2 } as const;

/** How the pay is shown: a range, one exact amount, "starting at" or "up to". */
export { compensationTypes, type CompensationType } from './posting-rules.ts';
/** The pay period, as in the seeker's preferences. */
export const payRates = salaryTypes;
export type PayRate = (typeof payRates)[number];

/** Job list filter codes (spec 2 §4): all 0, active 1, inactive (closed or expired) 2. */
export const ActiveFlag = { All: 0, Active: 1, Inactive: 2 } as const;
/** Job list sort codes (spec 2 §4). */
export const SortFlag = { Default: 0, Clicks: 1, Applicants: 2, DateAsc: 3, DateDesc: 4 } as const;

// ---------- building blocks ----------

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const id = (message: string) => z.number({ error: message }).int(message).positive(message);
const ids = (message: string, max: number) => z.array(id(message), { error: message }).max(max, message);
const money = z.number({ error: PostingMessages.pay }).min(0, PostingMessages.pay).max(MAX_PAY, PostingMessages.pay);
const years = z
  .number({ error: PostingMessages.experience })
  .int(PostingMessages.experience)
  .min(0, PostingMessages.experience)
  .max(50, PostingMessages.experience);
const stateCode = (message: string) => z.string({ error: message }).regex(/^[A-Z]{2}$/, message);
/** A calendar date as YYYY-MM-DD. */
const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message);

/** Today as YYYY-MM-DD in UTC: the day a job is published on, for its rules. */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** A YYYY-MM-DD date moved by whole days. */
export function addDaysIso(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---------- rich text ----------

/** The text of rich-text markup, for counting and for plain-text uses. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/li|\/ul|\/ol)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Tags a description may hold; anything else is refused (dangerous) or dropped by the server's sanitiser. */
export const RICH_TEXT_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a'] as const;

/** Markup that is never merely dropped but refused, so the author learns it is not allowed. */
export function isUnsafeRichText(html: string): boolean {
  return (
    /<\s*(script|style|iframe|object|embed|svg|math|form|input|textarea|button|link|meta|base)\b/i.test(html) ||
    /\son[a-z]+\s*=/i.test(html) ||
    /(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i.test(html)
  );
}

const description = z.preprocess(
  blankToNull,
  z
    .string({ error: PostingMessages.description })
    .max(DESCRIPTION_MAX * 4, PostingMessages.descriptionTooLong)
    .refine((v) => !isUnsafeRichText(v), PostingMessages.descriptionUnsafe)
    .refine((v) => richTextToPlain(v).length <= DESCRIPTION_MAX, PostingMessages.descriptionTooLong)
    .nullable(),
);

// ---------- jobData (spec 2 §3) ----------

export const geoLocationSchema = z.object({
  city: z.string().trim().max(100, PostingMessages.address).nullable(),
  /** The place's display name as the location search gave it. */
  name: z.string().trim().max(200, PostingMessages.address).nullable(),
  state: stateCode(PostingMessages.address).nullable(),
  address: z.string().trim().max(200, PostingMessages.address).nullable(),
  pinCode: z.string().trim().max(10, PostingMessages.address).nullable(),
  latitude: z.number({ error: PostingMessages.address }).min(-90, PostingMessages.address).max(90, PostingMessages.address),
  longitude: z.number({ error: PostingMessages.address }).min(-180, PostingMessages.address).max(180, PostingMessages.address),
});
export type GeoLocation = z.infer<typeof geoLocationSchema>;

export const jobDetailsSchema = z.object({
  title: z.string({ error: PostingMessages.title }).trim().min(TITLE_MIN, PostingMessages.title).max(TITLE_MAX, PostingMessages.title),
  description: description.default(null),
  /** Job types (lookup jobTypes); the list view's jobType. */
  positionType: ids(PostingMessages.positionType, 7).default([]),
  numberOfHires: z
    .number({ error: PostingMessages.numberOfHires })
    .int(PostingMessages.numberOfHires)
    .min(1, PostingMessages.numberOfHires)
    .max(1000, PostingMessages.numberOfHires)
    .default(DEFAULT_HIRES),
  locationType: z.enum(locationTypes, { error: PostingMessages.locationType }).nullable().default(null),
  /** The address as shown, from the location search. */
  address: z.preprocess(blankToNull, z.string().trim().max(200, PostingMessages.address).nullable()).default(null),
  geoLocation: geoLocationSchema.nullable().default(null),
  /** Remote work: the states it is open to; empty for anywhere in the United States. */
  remoteStates: z.array(stateCode(PostingMessages.remoteStates)).max(51, PostingMessages.remoteStates).default([]),
  startJobDate: z.preprocess(blankToNull, isoDate(PostingMessages.startJobDate).nullable()).default(null),
  /** The last day the job is open (YYYY-MM-DD); null for 30 days after publishing, at most 90. */
  validThrough: z.preprocess(blankToNull, isoDate(PostingMessages.validThrough).nullable()).default(null),
  requiresWorkAuthorization: z.boolean().default(false),
  offersRelocation: z.boolean().default(false),
  requiresResume: z.boolean().default(true),
  requiresCoverLetter: z.boolean().default(false),
});

export const timeRequirementsSchema = z.object({
  workSchedule: z
    .union([z.literal(1), z.literal(2)], { error: PostingMessages.workSchedule })
    .nullable()
    .default(null),
  hoursPerWeek: z
    .number({ error: PostingMessages.hoursPerWeek })
    .int(PostingMessages.hoursPerWeek)
    .min(1, PostingMessages.hoursPerWeek)
    .max(80, PostingMessages.hoursPerWeek)
    .default(DEFAULT_HOURS_PER_WEEK),
  /** Months; null for an ongoing job. */
  duration: z
    .number({ error: PostingMessages.duration })
    .int(PostingMessages.duration)
    .min(1, PostingMessages.duration)
    .max(60, PostingMessages.duration)
    .nullable()
    .default(null),
  /** Shifts and schedules (lookup jobSchedules). */
  schedules: ids(PostingMessages.schedules, 21).default([]),
});

export const payDetailsSchema = z.object({
  minSalary: money.default(0),
  maxSalary: money.default(0),
  compensationType: z.enum(compensationTypes, { error: PostingMessages.compensationType }).default('Range'),
  currency: z.literal(DEFAULT_CURRENCY, { error: PostingMessages.currency }).default(DEFAULT_CURRENCY),
  isCompetitiveSalary: z.boolean().default(false),
  benefits: ids(PostingMessages.benefits, 50).default([]),
  /** Supplemental pay flags (spec 2 §3), one integer. */
  supplementalPay: supplementalPayValueSchema.default(0),
  /** The pay period. */
  rate: z.enum(payRates, { error: PostingMessages.rate }).nullable().default(null),
});

export const categorizationSchema = z.object({
  industries: ids(PostingMessages.industries, MAX_INDUSTRIES).default([]),
});

export const candidateRequirementsSchema = z.object({
  skills: ids(PostingMessages.skills, MAX_JOB_SKILLS).default([]),
  tags: z.array(z.string().trim().min(1, PostingMessages.tags).max(30, PostingMessages.tags)).max(10, PostingMessages.tags).default([]),
  /** Fields of study (lookup fieldsOfStudy). */
  fields: ids(PostingMessages.fields, 10).default([]),
  /** A degree level, 1 (high school) to 7 (doctorate); null for none. */
  minimumEducation: z
    .number({ error: PostingMessages.minimumEducation })
    .int(PostingMessages.minimumEducation)
    .min(1, PostingMessages.minimumEducation)
    .max(7, PostingMessages.minimumEducation)
    .nullable()
    .default(null),
  minimumGPA: z
    .number({ error: PostingMessages.minimumGPA })
    .min(0, PostingMessages.minimumGPA)
    .max(4, PostingMessages.minimumGPA)
    .nullable()
    .default(null),
  minExperience: years.nullable().default(null),
  maxExperience: years.nullable().default(null),
  /** Open to applicants aged 16 and 17 (posting-rules.ts: no hazardous occupation). */
  openToMinors: z.boolean().default(false),
  /** The poster confirmed that the job involves none of the hazardous occupations. */
  hazardsReviewed: z.boolean().default(false),
});

export const subscriptionPlanSchema = z.object({
  tier: z.string().max(50).nullable().default(null),
  /** Days. */
  length: z.number().int().min(0).max(365).nullable().default(null),
  price: z.number().min(0).max(100_000).nullable().default(null),
  discountPercentage: z.number().min(0).max(100).nullable().default(null),
});

/**
 * A job's data as drafts hold it: every value checked when given, nothing required but the title
 * (a draft is work in progress). Defaults are those of a new draft (spec 2 §3).
 */
export const jobDataSchema = z
  .object({
    /** The live job this draft edits; null for a new job. */
    jobPostId: z.string().nullable().default(null),
    jobDetails: jobDetailsSchema,
    timeRequirements: timeRequirementsSchema.prefault({}),
    payDetails: payDetailsSchema.prefault({}),
    categorization: categorizationSchema.prefault({}),
    candidateRequirements: candidateRequirementsSchema.prefault({}),
    /** null: no boost. */
    subscriptionPlan: subscriptionPlanSchema.nullable().default(null),
  })
  .superRefine((d, ctx) => {
    // Orders that hold whenever both values are given.
    const p = d.payDetails;
    if (p.maxSalary > 0 && p.minSalary > p.maxSalary)
      ctx.addIssue({ code: 'custom', path: ['payDetails', 'maxSalary'], message: PostingMessages.payOrder });
    const c = d.candidateRequirements;
    if (c.minExperience !== null && c.maxExperience !== null && c.minExperience > c.maxExperience) {
      ctx.addIssue({ code: 'custom', path: ['candidateRequirements', 'maxExperience'], message: PostingMessages.experienceOrder });
    }
  });
export type JobData = z.output<typeof jobDataSchema>;
export type JobDataInput = z.input<typeof jobDataSchema>;

/**
 * jobData as answers carry it: already checked, so its text fields are plain. The request's
 * blank-to-null steps run one way only and cannot be run backwards when an answer is written.
 */
export const jobDataResponseSchema = z.object({
  jobPostId: z.string().nullable(),
  jobDetails: jobDetailsSchema.extend({
    description: z.string().nullable(),
    address: z.string().nullable(),
    startJobDate: z.string().nullable(),
    validThrough: z.string().nullable(),
  }),
  timeRequirements: timeRequirementsSchema,
  payDetails: payDetailsSchema,
  categorization: categorizationSchema,
  candidateRequirements: candidateRequirementsSchema,
  subscriptionPlan: subscriptionPlanSchema.nullable(),
}) satisfies z.ZodType<JobData>;

/** A new draft's data (spec 2 §3): the title, 1 hire, 20 hours a week, USD, zero pay. */
export function newJobData(title: string): JobData {
  return jobDataSchema.parse({ jobDetails: { title } });
}

// ---------- what publishing needs, step by step ----------

export interface StepIssue {
  /** Path inside jobData, e.g. ['payDetails', 'maxSalary']. */
  path: string[];
  message: string;
}

/** Names the lookups give ids, for the rules that read words (skills). */
export interface StepContext {
  /** YYYY-MM-DD: the day of publishing (todayIso()). */
  today: string;
  skillName?: (id: number) => string | undefined;
}

/**
 * What a step still lacks before the job can be published, beyond the shape jobDataSchema checks.
 * The wizard shows these when leaving a step; the server refuses to publish while any is left.
 */
export function stepIssues(step: WizardStep, d: JobData, cx: StepContext): StepIssue[] {
  const issues: StepIssue[] = [];
  const need = (ok: boolean, path: string[], message: string) => {
    if (!ok) issues.push({ path, message });
  };
  switch (step) {
    case 'jobDetails': {
      const j = d.jobDetails;
      need(richTextToPlain(j.description ?? '').length >= DESCRIPTION_MIN, ['jobDetails', 'description'], PostingMessages.description);
      need(j.positionType.length > 0, ['jobDetails', 'positionType'], PostingMessages.positionType);
      need(j.locationType !== null, ['jobDetails', 'locationType'], PostingMessages.locationType);
      // Search needs a position for every on-site or hybrid job.
      if (j.locationType === 'onsite' || j.locationType === 'hybrid')
        need(j.geoLocation !== null && Boolean(j.address), ['jobDetails', 'address'], PostingMessages.address);
      need(j.startJobDate === null || j.startJobDate >= cx.today, ['jobDetails', 'startJobDate'], PostingMessages.startJobDate);
      need(
        j.validThrough === null || (j.validThrough > cx.today && j.validThrough <= addDaysIso(cx.today, MAX_VALID_DAYS)),
        ['jobDetails', 'validThrough'],
        PostingMessages.validThrough,
      );
      break;
    }
    case 'timeRequirements':
      need(d.timeRequirements.workSchedule !== null, ['timeRequirements', 'workSchedule'], PostingMessages.workSchedule);
      break;
    case 'payDetails': {
      const p = d.payDetails;
      const hasPay = p.minSalary > 0 || p.maxSalary > 0;
      need(hasPay || p.isCompetitiveSalary, ['payDetails', 'minSalary'], PostingMessages.payMissing);
      if (hasPay) need(p.rate !== null, ['payDetails', 'rate'], PostingMessages.rate);
      const states = payRangeStates(
        { locationType: d.jobDetails.locationType, state: d.jobDetails.geoLocation?.state, remoteStates: d.jobDetails.remoteStates },
        cx.today,
      );
      if (states.length > 0 && !(p.minSalary > 0 && p.maxSalary > 0))
        issues.push({ path: ['payDetails', 'maxSalary'], message: payRangeReason(states) });
      break;
    }
    case 'categorization':
      need(d.categorization.industries.length > 0, ['categorization', 'industries'], PostingMessages.industries);
      break;
    case 'candidateRequirements': {
      const c = d.candidateRequirements;
      if (c.openToMinors) {
        const words = [d.jobDetails.title, ...c.skills.map((s) => cx.skillName?.(s) ?? '')];
        const found = hazardsNamed(words);
        if (found.length > 0) issues.push({ path: ['candidateRequirements', 'openToMinors'], message: minorsReason(found) });
        else need(c.hazardsReviewed, ['candidateRequirements', 'hazardsReviewed'], PostingMessages.hazardsReviewed);
      }
      break;
    }
    case 'subscriptionPlan':
    case 'review':
      break;
  }
  return issues;
}

/** Every step's issues: empty means the job can be published. */
export function publishIssues(d: JobData, cx: StepContext): StepIssue[] {
  return wizardSteps.flatMap((step) => stepIssues(step, d, cx));
}

// ---------- drafts ----------

export const stepTrackingSchema = z.object({
  currentStep: z.enum(wizardSteps, { error: PostingMessages.step }).default('jobDetails'),
  completedSteps: z
    .array(z.enum(wizardSteps, { error: PostingMessages.step }))
    .max(wizardSteps.length, PostingMessages.step)
    .default([]),
  /** ISO 8601 per step: when it was last changed. */
  stepLastModified: z
    .partialRecord(z.enum(wizardSteps, { error: PostingMessages.step }), z.iso.datetime({ offset: true, error: PostingMessages.step }), {
      error: PostingMessages.step,
    })
    .default({}),
});
export type StepTracking = z.output<typeof stepTrackingSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

/** A draft (spec 2 §3). */
export const draftSchema = z.object({
  jobPostDraftId: z.string(),
  title: z.string(),
  /** jobData as JSON text, as the spec's Draft carries it. */
  draftJson: z.string(),
  /** ISO 8601. */
  created: z.string(),
  createdBy: personSchema,
  /** ISO 8601. */
  modified: z.string(),
  modifiedBy: personSchema,
  stepTracking: stepTrackingSchema,
  jobData: jobDataResponseSchema,
});
export type Draft = z.infer<typeof draftSchema>;

export const draftSummarySchema = draftSchema.omit({ draftJson: true, jobData: true }).extend({
  /** The live job this draft edits, if any. */
  jobPostId: z.string().nullable(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/** draft-update's Draft: no id creates a new draft. */
export const draftInputSchema = z.object({
  jobPostDraftId: z.uuid({ error: PostingMessages.draftNotFound }).nullish(),
  jobData: jobDataSchema,
  stepTracking: stepTrackingSchema.prefault({}),
});
export type DraftInput = z.input<typeof draftInputSchema>;

export const draftUpdateSchema = z.object({
  Draft: draftInputSchema,
  /** Also write a description from the draft's fields (offered beside the author's, never over it). */
  UseAi: z.boolean().optional(),
});

export const draftUpdateResultSchema = z.object({
  draft: draftSchema,
  /** With UseAi: the written description (rich text), for the author to take or leave. */
  suggestedDescription: z.string().nullable(),
});
export type DraftUpdateResult = z.infer<typeof draftUpdateResultSchema>;

const pageNumber = pagingQueryNumber(PostingMessages.page);
const pageSize = (fallback: number) => pagingQueryNumber(PostingMessages.pageSize, { max: 100 }).default(fallback);
const searchText = z
  .preprocess(blankToNull, z.string({ error: PostingMessages.search }).trim().max(100, PostingMessages.search).nullable())
  .optional();

export const draftListQuerySchema = z.object({
  page: pageNumber.default(1),
  pageSize: pageSize(DRAFT_PAGE_SIZE),
  search: searchText,
});

export const draftPageSchema = z.object({
  items: z.array(draftSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// ---------- job posts ----------

export { jobPostListItemSchema, type JobPostListItem } from './job-list-item.ts';

/** A job as its company's staff see it in their lists. */
export const companyJobSchema = jobPostListItemSchema.extend({
  status: z.enum(jobPostStatuses),
  /** ISO 8601: when it expires by itself. */
  validThrough: z.string().nullable(),
  clicks: z.number().int(),
  applicants: z.number().int(),
  createdBy: personSchema,
  modifiedBy: personSchema.nullable(),
  /** ISO 8601. */
  modified: z.string(),
  /** A draft editing this job, if one is open. */
  editDraftId: z.string().nullable(),
});
export type CompanyJob = z.infer<typeof companyJobSchema>;

/** One job with everything the wizard wrote, for its company's staff. */
export const companyJobDetailSchema = companyJobSchema.extend({ jobData: jobDataResponseSchema });
export type CompanyJobDetail = z.infer<typeof companyJobDetailSchema>;

export const jobPageSchema = z.object({
  items: z.array(companyJobSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type JobPage = z.infer<typeof jobPageSchema>;

/** Employer job-posts (spec 2 §7): paging, search, sortFlag, activeFlag, companySearch, ascending. */
export const jobListRequestSchema = z.object({
  pageNumber: pageNumber.default(1),
  pageSize: pageSize(JOB_LIST_PAGE_SIZE),
  search: searchText,
  sortFlag: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(0),
  activeFlag: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  /** Matches the company's name (an employer's own company; kept for the spec's call). */
  companySearch: searchText,
  /** For the clicks and applicants sorts: fewest first. */
  ascending: z.boolean().default(false),
});
export type JobListRequest = z.input<typeof jobListRequestSchema>;

const jobIdQuery = z.object({ JobId: z.uuid({ error: PostingMessages.jobNotFound }) });

// ---------- endpoints ----------

const tag = 'posting';
/** The company's employer and its recruiters share its drafts and jobs. */
const companyStaff = ['Employer', 'Recruiter'] as const;
const draftIdParams = z.object({ id: z.uuid({ error: PostingMessages.draftNotFound }) });

export const draftUpdate = endpoint({
  method: 'POST',
  path: '/api/job/draft-update',
  auth: companyStaff,
  tag,
  summary: 'Create (no id) or save a draft with its step tracking; UseAi also writes a description to offer beside the author’s',
  body: draftUpdateSchema,
  response: draftUpdateResultSchema,
});

export const draftList = endpoint({
  method: 'GET',
  path: '/api/job/draft-list',
  auth: companyStaff,
  tag,
  summary: 'The company’s drafts, last changed first, 10 a page, searchable by title',
  query: draftListQuerySchema,
  response: draftPageSchema,
});

export const getDraft = endpoint({
  method: 'GET',
  path: '/api/job/draft/:id',
  auth: companyStaff,
  tag,
  summary: 'One draft of the company, to resume it at its current step',
  params: draftIdParams,
  response: draftSchema,
});

export const deleteDraft = endpoint({
  method: 'POST',
  path: '/api/job/delete-draft/:id',
  auth: companyStaff,
  tag,
  summary: 'Delete a draft (a live job it edits stays as it is)',
  params: draftIdParams,
  response: z.null(),
});

export const jobPostCreate = endpoint({
  method: 'POST',
  path: '/api/job/jobpost-create',
  auth: companyStaff,
  tag,
  status: 201,
  summary: 'Publish a complete draft as a new job; the draft is used up',
  body: z.object({ DraftId: z.uuid({ error: PostingMessages.draftNotFound }) }),
  response: companyJobDetailSchema,
});

export const jobPostUpdate = endpoint({
  method: 'POST',
  path: '/api/job/jobpost-update',
  auth: companyStaff,
  tag,
  summary: 'Publish a draft made by jobpost-as-draft over its live job; applicants, clicks and dates are kept',
  body: z.object({ DraftId: z.uuid({ error: PostingMessages.draftNotFound }) }),
  response: companyJobDetailSchema,
});

export const jobPostAsDraft = endpoint({
  method: 'GET',
  path: '/api/job/jobpost-as-draft',
  auth: companyStaff,
  tag,
  summary: 'A draft to edit a live job through the wizard (the open one if it has one)',
  query: z.object({ id: z.uuid({ error: PostingMessages.jobNotFound }) }),
  response: draftSchema,
});

export const jobPostClone = endpoint({
  method: 'POST',
  path: '/api/job/jobpost-clone',
  auth: companyStaff,
  tag,
  status: 201,
  summary: 'A new draft with a job’s data, to publish as another job',
  body: z.object({ id: z.uuid({ error: PostingMessages.jobNotFound }) }),
  response: draftSchema,
});

export const jobPost = endpoint({
  method: 'POST',
  path: '/api/job/jobpost',
  auth: companyStaff,
  tag,
  status: 201,
  summary: 'Publish complete job data at once, without a draft',
  body: z.object({ jobData: jobDataSchema }),
  response: companyJobDetailSchema,
});

export const updateStatus = endpoint({
  method: 'POST',
  path: '/api/job/update-status',
  auth: companyStaff,
  tag,
  summary: 'Close a job (Closed) or open it again (Active; an expired job gets 30 more days)',
  body: z.object({
    JobPostId: z.uuid({ error: PostingMessages.jobNotFound }),
    Status: z.enum(['Active', 'Closed'], { error: PostingMessages.statusUnchanged }),
  }),
  response: companyJobSchema,
});

export const deleteJobPost = endpoint({
  method: 'POST',
  path: '/api/job/delete',
  auth: companyStaff,
  tag,
  summary: 'Delete a job: it disappears from every list and search; its applications stay',
  body: z.object({ id: z.uuid({ error: PostingMessages.jobNotFound }) }),
  response: z.null(),
});

export const employerJobPosts = endpoint({
  method: 'POST',
  path: '/api/Employer/job-posts',
  auth: companyStaff,
  tag,
  summary:
    'The company’s jobs: search, filter (0 all, 1 active, 2 inactive), sort (0 default, 1 clicks, 2 applicants, 3 oldest, 4 newest), 10 a page',
  body: jobListRequestSchema,
  response: jobPageSchema,
});

// The Recruiter calls of the same capabilities (spec 2 §6: recruiter calls under either prefix).

const allJobsRequestSchema = z.object({
  searchQuery: searchText,
  pageNumber: pageNumber.default(1),
  pageSize: pageSize(JOB_LIST_PAGE_SIZE),
});

/** GetAllJobs as spec 2 §7 names it: a POST of searchQuery, pageNumber and pageSize. */
export const getAllJobs = endpoint({
  method: 'POST',
  path: '/api/Recruiter/GetAllJobs',
  auth: companyStaff,
  tag,
  summary: 'The company’s jobs by search text, 10 a page (employer job-posts with the default filter and sort)',
  body: allJobsRequestSchema,
  response: jobPageSchema,
});
/** The same list with the request in the query, as it was first served. */
export const getAllJobsByQuery = endpoint({
  method: 'GET',
  path: '/api/Recruiter/GetAllJobs',
  auth: companyStaff,
  tag,
  summary: 'GetAllJobs with the request in the query',
  query: allJobsRequestSchema,
  response: jobPageSchema,
});

export const getJobsByStatus = endpoint({
  method: 'GET',
  path: '/api/Recruiter/GetJobsByStatus',
  auth: companyStaff,
  tag,
  summary: 'The company’s active (Status=true) or closed and expired (Status=false) jobs, 10 a page',
  query: z.object({
    Status: z.enum(['true', 'false'], { error: PostingMessages.statusUnchanged }).transform((v) => v === 'true'),
    pageNumber: pageNumber.default(1),
    pageSize: pageSize(JOB_LIST_PAGE_SIZE),
  }),
  response: jobPageSchema,
});
/** Spec 2 §7 names GetJobsByStatus without GET, so a POST (Status still in the query). */
export const getJobsByStatusPost = endpoint({
  ...getJobsByStatus,
  method: 'POST',
  summary: 'GetJobsByStatus as a POST, as spec 2 §7 names it',
});

export const getJobPostById = endpoint({
  method: 'GET',
  path: '/api/Recruiter/GetJobPostById',
  auth: companyStaff,
  tag,
  summary: 'One of the company’s jobs with all its data, in any status but deleted',
  query: jobIdQuery,
  response: companyJobDetailSchema,
});
/** Spec 2 §7 names GetJobPostById without GET, so a POST (JobId still in the query). */
export const getJobPostByIdPost = endpoint({
  ...getJobPostById,
  method: 'POST',
  summary: 'GetJobPostById as a POST, as spec 2 §7 names it',
});

export const recruiterJobPost = endpoint({
  ...jobPost,
  path: '/api/Recruiter/JobPost',
  summary: 'Publish complete job data at once (same as job/jobpost)',
});

export const editJobPost = endpoint({
  method: 'POST',
  path: '/api/Recruiter/EditJobPost',
  auth: companyStaff,
  tag,
  summary: 'Replace a live job’s data at once (jobpost-update without a draft); applicants are kept',
  body: z.object({ jobPostId: z.uuid({ error: PostingMessages.jobNotFound }), jobData: jobDataSchema }),
  response: companyJobDetailSchema,
});

export const jobClosed = endpoint({
  method: 'POST',
  path: '/api/Recruiter/JobClosed',
  auth: companyStaff,
  tag,
  summary: 'Close a job (update-status Closed)',
  query: jobIdQuery,
  response: companyJobSchema,
});

export const jobReopen = endpoint({
  method: 'POST',
  path: '/api/Recruiter/JobReopen',
  auth: companyStaff,
  tag,
  summary: 'Open a closed or expired job again (update-status Active)',
  query: jobIdQuery,
  response: companyJobSchema,
});
