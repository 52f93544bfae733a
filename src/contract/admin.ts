import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { parseIsoDate } from './dates.ts';
import { pagingQueryNumber } from './paging.ts';
import { jobPostStatuses, reportReasons, reportStatuses } from './job-states.ts';
import { timeZoneSchema } from './time-zone.ts';

/**
 * The back office (spec 1 §2 /back-office/*, spec 2 §6 Admin, §7 Admin calls). SuperAdmins police
 * companies and their recruiters, work the queue of reported jobs, and every action they take is
 * kept in an append-only audit trail. Every call here is for the SuperAdmin role alone: any other
 * role is refused with 403 (401 signed out) before the request is read.
 *
 * What each action does:
 * - Deactivate a company: its staff cannot sign in and are signed out at once (refresh tokens
 *   revoked, realtime sockets closed, access tokens refused on their next call); its jobs leave
 *   search and every list but are kept. Activating brings them back.
 * - Blacklist a company: everything deactivation does, and its open jobs close (their applicants
 *   are told, as when the company closes a job), its boosts stop without renewal, and its TIN can
 *   no longer register or verify a business. Whitelisting restores the account, not the closed
 *   jobs.
 * The state, the audit entry and the notices commit in one transaction.
 */

/** Product copy, word for word. */
export const AdminMessages = {
  reason: 'Please give a reason of up to 500 characters.',
  note: 'Please give a note of up to 1,000 characters.',
  companyNotFound: 'This company was not found.',
  recruiterNotFound: 'This recruiter was not found.',
  jobNotFound: 'This job was not found.',
  noOpenReports: 'This job has no open reports.',
  search: 'Please search with up to 100 characters.',
  tinLastFour: 'Please give the last four digits of the TIN.',
  companyName: 'Please give a company name of up to 120 characters.',
  page: 'Please give a page number from 1 to 10,000.',
  pageSize: 'Please give a page size from 1 to 50.',
  date: 'Please give a date as YYYY-MM-DD.',
  firstName: 'Please give a first name of up to 100 characters.',
  lastName: 'Please give a last name of up to 100 characters.',
  phone: 'Please give a valid US phone number.',
  detailsSaved: 'Your details are saved.',
  emailCodeSent: (email: string) => `We emailed a 6-digit code to ${email}. Enter it to confirm your new email.`,
  emailChanged: 'Your email is changed. Use it the next time you sign in.',
  emailSame: 'This is already your email.',
  deactivated: (name: string) => `${name} is deactivated: its staff are signed out and its jobs are hidden.`,
  activated: (name: string) => `${name} is active again: its staff can sign in and its jobs are back.`,
  blacklisted: (name: string) => `${name} is blacklisted: its staff are signed out, its open jobs are closed and its boosts are stopped.`,
  whitelisted: (name: string) => `${name} is no longer blacklisted. Its closed jobs stay closed.`,
  reportsDismissed: (n: number) => `${n === 1 ? 'The report is' : `${n} reports are`} dismissed.`,
  reportsJobClosed: (n: number) => `The job is closed and ${n === 1 ? 'its report is' : `its ${n} reports are`} resolved.`,
  reportsCompanyBlacklisted: (n: number) => `The company is blacklisted and ${n === 1 ? 'the report is' : `${n} reports are`} resolved.`,
  // the pages
  noCompanies: 'No companies match.',
  noReports: 'No reports are waiting. Nicely done.',
  noAudit: 'No actions match.',
} as const;

/** Rows of the back office's lists per page (spec 2 §9: lists 10). */
export const ADMIN_PAGE_SIZE = 10;
/** The highest page number a list answers: deeper pages are a 400, not a slow scan. */
export const MAX_ADMIN_PAGE = 10_000;
export const REASON_MAX = 500;
export const NOTE_MAX = 1000;
/** Days of the dashboard's chart. */
export const ADMIN_CHART_DAYS = 30;

// ---------- parts ----------

/** A company as the back office sees it; one state, in this order of precedence. */
export const companyStates = ['blacklisted', 'awaitingVerification', 'inactive', 'active'] as const;
export type CompanyState = (typeof companyStates)[number];
export const COMPANY_STATE_NAMES: Record<CompanyState, string> = {
  active: 'Active',
  inactive: 'Inactive',
  blacklisted: 'Blacklisted',
  awaitingVerification: 'Awaiting verification',
};

const iso = z.string();
const count = z.number().int().min(0);

export const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

/** One row of the company list. */
export const adminCompanyRowSchema = z.object({
  id: z.string(),
  /** The verified legal name. */
  legalName: z.string(),
  /** The name seekers see (the legal name when the company set none). */
  displayName: z.string(),
  tinLastFour: z.string(),
  state: z.enum(companyStates),
  /** City and state, when the company gave an address. */
  place: z.string().nullable(),
  owner: personSchema.nullable(),
  staffCount: count,
  openJobs: count,
  /** Reports not yet resolved against its jobs. */
  openReports: count,
  createdAt: iso,
  verifiedAt: iso.nullable(),
  /** When and why it was blacklisted (admins only). */
  blacklistedAt: iso.nullable(),
  blacklistReason: z.string().nullable(),
  deactivatedAt: iso.nullable(),
  deactivationReason: z.string().nullable(),
});
export type AdminCompanyRow = z.infer<typeof adminCompanyRowSchema>;

export const adminCompanyListSchema = z.object({
  companies: z.array(adminCompanyRowSchema),
  totalCount: count,
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCompanyList = z.infer<typeof adminCompanyListSchema>;

export const staffStatuses = ['active', 'inactive', 'removed'] as const;
export const adminStaffSchema = personSchema.extend({
  role: z.enum(['Employer', 'Recruiter']),
  jobTitle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  status: z.enum(staffStatuses),
  joinedAt: iso,
});
export type AdminStaff = z.infer<typeof adminStaffSchema>;

export const adminJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(jobPostStatuses),
  place: z.string(),
  postingDate: iso,
  applications: count,
  openReports: count,
  boosted: z.boolean(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminBoostSchema = z.object({
  id: z.string(),
  jobPostId: z.string(),
  jobTitle: z.string(),
  tierName: z.string(),
  status: z.string(),
  amountCents: count,
  startedAt: iso.nullable(),
  currentPeriodEnd: iso.nullable(),
  endedAt: iso.nullable(),
});
export type AdminBoost = z.infer<typeof adminBoostSchema>;

// ---------- reports ----------

// The report's statuses are the jobs contract's (the seeker sees them on the job's page).
export { reportStatuses, REPORT_STATUS_NAMES, type ReportStatus } from './job-states.ts';
export const reportActions = ['dismiss', 'closeJob', 'blacklistCompany'] as const;
export type ReportAction = (typeof reportActions)[number];

export const adminReportSchema = z.object({
  id: z.string(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  reporter: personSchema,
  createdAt: iso,
  status: z.enum(reportStatuses),
  resolvedAt: iso.nullable(),
  resolvedBy: personSchema.nullable(),
  resolutionNote: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** The reports of one job, newest first (the 20 newest; `reportCount` counts them all). */
export const reportGroupSchema = z.object({
  job: z.object({ id: z.string(), title: z.string(), status: z.enum(jobPostStatuses) }),
  company: z.object({ id: z.string(), name: z.string(), state: z.enum(companyStates) }),
  reportCount: count,
  /** How many of the group's reports give each reason. */
  reasons: z.array(z.object({ reason: z.enum(reportReasons), count })),
  latestAt: iso,
  reports: z.array(adminReportSchema),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportQueueSchema = z.object({
  groups: z.array(reportGroupSchema),
  totalCount: count,
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportQueue = z.infer<typeof reportQueueSchema>;

// ---------- audit ----------

export const auditActions = [
  'company.deactivate',
  'company.activate',
  'company.blacklist',
  'company.whitelist',
  'reports.dismiss',
  'reports.closeJob',
  'reports.blacklistCompany',
  'admin.updateDetails',
  'admin.changeEmail',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const AUDIT_ACTION_NAMES: Record<AuditAction, string> = {
  'company.deactivate': 'Deactivated a company',
  'company.activate': 'Activated a company',
  'company.blacklist': 'Blacklisted a company',
  'company.whitelist': 'Whitelisted a company',
  'reports.dismiss': 'Dismissed reports',
  'reports.closeJob': 'Closed a reported job',
  'reports.blacklistCompany': 'Blacklisted a company over reports',
  'admin.updateDetails': 'Changed their details',
  'admin.changeEmail': 'Changed their email',
};

export const auditEntrySchema = z.object({
  id: z.string(),
  at: iso,
  admin: personSchema,
  action: z.enum(auditActions),
  targetType: z.enum(['company', 'job', 'admin']),
  targetId: z.string(),
  /** The target's name when the action was taken. */
  targetName: z.string(),
  /** The company the action concerns, if any (for the company page's trail). */
  companyId: z.string().nullable(),
  reason: z.string().nullable(),
  /** The target's state before and after, as the action saw it. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  totalCount: count,
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.infer<typeof auditListSchema>;

// ---------- the company page ----------

export const adminCompanyDetailSchema = z.object({
  company: adminCompanyRowSchema.extend({
    tinKind: z.string().nullable(),
    /** How the business was verified, e.g. "rules:EIN". */
    verificationMethod: z.string().nullable(),
    website: z.string().nullable(),
    address: z.string().nullable(),
    industry: z.string().nullable(),
    about: z.string().nullable(),
  }),
  staff: z.array(adminStaffSchema),
  /** Job posts by status (Deleted included), and the 50 newest jobs. */
  jobCounts: z.record(z.enum(jobPostStatuses), count),
  jobs: z.array(adminJobSchema),
  boosts: z.array(adminBoostSchema),
  /** Reports against its jobs, grouped by job, open ones first. */
  reports: z.array(reportGroupSchema),
  /** Its 50 newest audit entries; /back-office/audit?companyId= has them all. */
  audit: z.array(auditEntrySchema),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetailSchema>;

// ---------- the dashboard ----------

export const adminDashboardSchema = z.object({
  companies: z.object({ total: count, active: count, inactive: count, blacklisted: count, awaitingVerification: count }),
  jobSeekers: count,
  openJobs: count,
  /** Applications sent in the last 7 days. */
  applicationsThisWeek: count,
  reportsWaiting: count,
  /** Boost payments received since the first of this month (UTC), in cents. */
  boostRevenueThisMonthCents: count,
  /** The last ADMIN_CHART_DAYS calendar days in the viewer's zone, oldest first. */
  points: z.array(z.object({ date: z.string(), newCompanies: count, newJobSeekers: count, jobsPosted: count, applications: count })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ---------- recruiters and the admin ----------

export const adminRecruiterSchema = adminStaffSchema.extend({
  company: z.object({ id: z.string(), name: z.string(), state: z.enum(companyStates) }),
});
export type AdminRecruiter = z.infer<typeof adminRecruiterSchema>;

export const adminRecruiterListSchema = z.object({
  recruiters: z.array(adminRecruiterSchema),
  totalCount: count,
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminRecruiterList = z.infer<typeof adminRecruiterListSchema>;

export const adminRecruiterDetailSchema = z.object({
  recruiter: adminRecruiterSchema,
  invitedBy: personSchema.nullable(),
  /** Job posts they created, by status. */
  jobCounts: z.record(z.enum(jobPostStatuses), count),
  jobs: z.array(adminJobSchema),
});
export type AdminRecruiterDetail = z.infer<typeof adminRecruiterDetailSchema>;

// ---------- requests ----------

const page = pagingQueryNumber(AdminMessages.page, { max: MAX_ADMIN_PAGE }).default(1);
const pageSize = pagingQueryNumber(AdminMessages.pageSize, { max: 50 }).default(ADMIN_PAGE_SIZE);
const searchText = z.string({ error: AdminMessages.search }).trim().max(100, AdminMessages.search).optional();
const reasonSchema = z.string({ error: AdminMessages.reason }).trim().min(1, AdminMessages.reason).max(REASON_MAX, AdminMessages.reason);
const noteSchema = z.string({ error: AdminMessages.note }).trim().min(1, AdminMessages.note).max(NOTE_MAX, AdminMessages.note);
const uuidOf = (message: string) => z.uuid({ error: message });
/** "true" / "false" in a query string, a boolean in a body. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const isoDate = z
  .string({ error: AdminMessages.date })
  .refine((v) => parseIsoDate(v) !== null, AdminMessages.date)
  .optional();

export const companySorts = ['newest', 'oldest', 'name', 'openJobs', 'openReports'] as const;
export type CompanySort = (typeof companySorts)[number];
export const COMPANY_SORT_NAMES: Record<CompanySort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  name: 'Name A–Z',
  openJobs: 'Most open jobs',
  openReports: 'Most open reports',
};

/**
 * CompanyListing: `search` matches the legal name, the display name or an owner's email (part of
 * any); `tinLastFour` the TIN's last four digits; `status` one state (all when left out).
 */
export const companyListQuerySchema = z.object({
  search: searchText,
  tinLastFour: z
    .string({ error: AdminMessages.tinLastFour })
    .regex(/^\d{4}$/, AdminMessages.tinLastFour)
    .optional(),
  status: z.enum(companyStates).optional(),
  sort: z.enum(companySorts).default('newest'),
  pageNumber: page,
  pageSize,
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;

export const blacklistedQuerySchema = companyListQuerySchema.omit({ status: true });
export type BlacklistedQuery = z.input<typeof blacklistedQuerySchema>;

export const companyIdQuerySchema = z.object({ companyId: uuidOf(AdminMessages.companyNotFound) });

/**
 * ToggleforActive / ToggleforBlacklist: the reason is required. `active` / `blacklisted` name the
 * state wanted, so a second click changes nothing; left out, the call flips the state (the spec's
 * toggle).
 */
export const toggleActiveSchema = z.object({
  companyId: uuidOf(AdminMessages.companyNotFound),
  reason: reasonSchema,
  active: flag.optional(),
});
export type ToggleActiveRequest = z.input<typeof toggleActiveSchema>;
export const toggleBlacklistSchema = z.object({
  companyId: uuidOf(AdminMessages.companyNotFound),
  reason: reasonSchema,
  blacklisted: flag.optional(),
});
export type ToggleBlacklistRequest = z.input<typeof toggleBlacklistSchema>;

export const companyActionAnswerSchema = z.object({ company: adminCompanyRowSchema, message: z.string() });
export type CompanyActionAnswer = z.infer<typeof companyActionAnswerSchema>;

export const recruitersByCompanyQuerySchema = z.object({
  companyName: z.string({ error: AdminMessages.companyName }).trim().min(1, AdminMessages.companyName).max(120, AdminMessages.companyName),
  pageNumber: page,
  pageSize,
});
export type RecruitersByCompanyQuery = z.input<typeof recruitersByCompanyQuerySchema>;
export const recruiterIdQuerySchema = z.object({ recruiterId: uuidOf(AdminMessages.recruiterNotFound) });

export const dashboardQuerySchema = z.object({ timeZone: timeZoneSchema.default('UTC') });

export const reportQueueQuerySchema = z.object({
  /** open (the default) or resolved. */
  status: z.enum(['open', 'resolved']).default('open'),
  companyId: uuidOf(AdminMessages.companyNotFound).optional(),
  /** mostReported: the most reports first, then the newest; newest: the newest report first. */
  sort: z.enum(['mostReported', 'newest']).default('mostReported'),
  pageNumber: page,
  pageSize,
});
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;

/** Resolves every open report of a job at once, with a note (the reason when blacklisting). */
export const resolveReportsSchema = z.object({
  jobPostId: uuidOf(AdminMessages.jobNotFound),
  action: z.enum(reportActions),
  note: noteSchema,
});
export type ResolveReportsRequest = z.input<typeof resolveReportsSchema>;
export const resolveReportsAnswerSchema = z.object({ group: reportGroupSchema, message: z.string() });

export const auditQuerySchema = z.object({
  companyId: uuidOf(AdminMessages.companyNotFound).optional(),
  adminId: uuidOf('Please choose an administrator from the list.').optional(),
  action: z.enum(auditActions).optional(),
  /** Calendar days in UTC, both counted. */
  from: isoDate,
  to: isoDate,
  pageNumber: page,
  pageSize,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

// ---------- endpoints (spec 2 §7, Admin) ----------

const tag = 'admin';
const admin = ['SuperAdmin'] as const;

export const adminDashboard = endpoint({
  method: 'GET',
  path: '/api/Admin/AdminDashBoard',
  auth: admin,
  tag,
  summary: 'The operator’s counts and a 30-day chart',
  query: dashboardQuerySchema,
  response: adminDashboardSchema,
});
export const companyListing = endpoint({
  method: 'GET',
  path: '/api/Admin/CompanyListing',
  auth: admin,
  tag,
  summary: 'Companies: search, filter by state, sort, 10 a page',
  query: companyListQuerySchema,
  response: adminCompanyListSchema,
});
export const blacklistedCompanyList = endpoint({
  method: 'GET',
  path: '/api/Admin/BlackListedCompanyList',
  auth: admin,
  tag,
  summary: 'Blacklisted companies with when and why',
  query: blacklistedQuerySchema,
  response: adminCompanyListSchema,
});
export const companyById = endpoint({
  method: 'GET',
  path: '/api/Admin/GetCompanyById',
  auth: admin,
  tag,
  summary: 'A company with its verification, staff, jobs, boosts, reports and audit trail',
  query: companyIdQuerySchema,
  response: adminCompanyDetailSchema,
});
export const toggleForActive = endpoint({
  method: 'GET',
  path: '/api/Admin/ToggleforActive',
  auth: admin,
  tag,
  summary: 'Deactivate or activate a company, with a reason (the spec’s verb; POST does the same)',
  query: toggleActiveSchema,
  response: companyActionAnswerSchema,
});
export const toggleForActivePost = endpoint({
  method: 'POST',
  path: '/api/Admin/ToggleforActive',
  auth: admin,
  tag,
  summary: 'Deactivate or activate a company, with a reason',
  body: toggleActiveSchema,
  response: companyActionAnswerSchema,
});
export const toggleForBlacklist = endpoint({
  method: 'GET',
  path: '/api/Admin/ToggleforBlacklist',
  auth: admin,
  tag,
  summary: 'Blacklist or whitelist a company, with a reason (the spec’s verb; POST does the same)',
  query: toggleBlacklistSchema,
  response: companyActionAnswerSchema,
});
export const toggleForBlacklistPost = endpoint({
  method: 'POST',
  path: '/api/Admin/ToggleforBlacklist',
  auth: admin,
  tag,
  summary: 'Blacklist or whitelist a company, with a reason',
  body: toggleBlacklistSchema,
  response: companyActionAnswerSchema,
});
export const recruitersByCompanyName = endpoint({
  method: 'GET',
  path: '/api/Admin/GetRecruitersByCompanyName',
  auth: admin,
  tag,
  summary: 'Recruiters of the companies whose name contains the text',
  query: recruitersByCompanyQuerySchema,
  response: adminRecruiterListSchema,
});
export const recruiterDetails = endpoint({
  method: 'GET',
  path: '/api/Admin/GetRecruiterDetails',
  auth: admin,
  tag,
  summary: 'A recruiter with their company, who invited them and their jobs',
  query: recruiterIdQuerySchema,
  response: adminRecruiterDetailSchema,
});
export const reportQueue = endpoint({
  method: 'GET',
  path: '/api/Admin/Reports',
  auth: admin,
  tag,
  summary: 'Reported jobs: reports grouped by job, most reported and newest first',
  query: reportQueueQuerySchema,
  response: reportQueueSchema,
});
export const resolveReports = endpoint({
  method: 'POST',
  path: '/api/Admin/ResolveReports',
  auth: admin,
  tag,
  summary: 'Resolve a job’s open reports: dismiss, close the job or blacklist its company',
  body: resolveReportsSchema,
  response: resolveReportsAnswerSchema,
});
export const auditTrail = endpoint({
  method: 'GET',
  path: '/api/Admin/Audit',
  auth: admin,
  tag,
  summary: 'Every administrator action, newest first, with filters',
  query: auditQuerySchema,
  response: auditListSchema,
});

// ---------- contact messages ----------

/** A message sent with the public contact form (ConnectWithUs), as the back office lists it. */
export const adminContactMessageSchema = z.object({
  id: z.string(),
  /** The sender as they signed the form; replies go to `email`. */
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  /** The account that was signed in when it was sent, while that account exists. */
  account: personSchema.extend({ role: z.string() }).nullable(),
  createdAt: iso,
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const contactMessageListSchema = z.object({
  messages: z.array(adminContactMessageSchema),
  totalCount: count,
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

export const contactMessagesQuerySchema = z.object({ pageNumber: page, pageSize });
export type ContactMessagesQuery = z.input<typeof contactMessagesQuerySchema>;

/** What the messages page says when there are none. */
export const NO_CONTACT_MESSAGES = 'No messages yet. Messages sent from the contact page show here.';

export const contactMessageList = endpoint({
  method: 'GET',
  path: '/api/Admin/ContactMessages',
  auth: admin,
  tag,
  summary: 'Messages sent with the contact form, newest first, 10 a page, with the sender',
  query: contactMessagesQuerySchema,
  response: contactMessageListSchema,
});
