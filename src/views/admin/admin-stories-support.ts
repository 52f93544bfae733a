import dayjs from 'dayjs';
import { fromPromise } from 'xstate';
import {
  ADMIN_CHART_DAYS,
  ADMIN_PAGE_SIZE,
  AdminMessages,
  type AdminCompanyDetail,
  type AdminCompanyList,
  type AdminCompanyRow,
  type AdminDashboard,
  type AdminRecruiter,
  type AdminRecruiterDetail,
  type AdminRecruiterList,
  type AuditEntry,
  type CompanyActionAnswer,
  type CompanyListQuery,
  type CompanyState,
  type RecruitersByCompanyQuery,
  type ReportGroup,
} from '../../contract/admin.ts';
import { companyActionMachine, type CompanyActionRequest } from '../../machines/admin/company-action.machine.ts';
import { companyPageMachine, type CompanyPageInput } from '../../machines/admin/company.machine.ts';
import { companiesMachine } from '../../machines/admin/companies.machine.ts';
import { adminDashboardMachine } from '../../machines/admin/dashboard.machine.ts';
import { recruiterPageMachine, type RecruiterPageInput } from '../../machines/admin/recruiter.machine.ts';
import { recruitersMachine } from '../../machines/admin/recruiters.machine.ts';

/*
 * The back office as the demo shows it: companies in every state, one of them with reported jobs
 * and a trail of what administrators did to it.
 */

/** The day the stories and tests take as today. */
export const STORY_TODAY = '2025-03-12';

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const companyId = (n: number) => uuid('c0a00000', n);
const personId = (n: number) => uuid('a0b00000', n);
const jobId = (n: number) => uuid('b0c00000', n);

export const demoAdmin = { id: personId(900), name: 'Sam Carter', email: 'admin@demo.local' };

const stateOf = (c: Pick<AdminCompanyRow, 'blacklistedAt' | 'deactivatedAt' | 'verifiedAt'>): CompanyState =>
  c.blacklistedAt ? 'blacklisted' : !c.verifiedAt ? 'awaitingVerification' : c.deactivatedAt ? 'inactive' : 'active';

function company(
  n: number,
  displayName: string,
  legalName: string,
  owner: [string, string],
  more: Partial<AdminCompanyRow> = {},
): AdminCompanyRow {
  const row: AdminCompanyRow = {
    id: companyId(n),
    legalName,
    displayName,
    tinLastFour: String(1000 + n * 137).slice(-4),
    state: 'active',
    place: 'Vancouver, WA',
    owner: { id: personId(n), name: owner[0], email: owner[1] },
    staffCount: 3,
    openJobs: 4,
    openReports: 0,
    createdAt: dayjs(STORY_TODAY)
      .subtract(n * 9, 'day')
      .toISOString(),
    verifiedAt: dayjs(STORY_TODAY)
      .subtract(n * 9 - 1, 'day')
      .toISOString(),
    blacklistedAt: null,
    blacklistReason: null,
    deactivatedAt: null,
    deactivationReason: null,
    ...more,
  };
  return { ...row, state: stateOf(row) };
}

export const northwind = company(1, 'Northwind Staffing', 'Northwind Staffing LLC', ['Robin Hale', 'robin@northwind.example'], {
  openReports: 3,
  staffCount: 4,
  openJobs: 6,
});
export const cascadeClinic = company(
  2,
  'Cascade Family Clinic',
  'Cascade Family Health PLLC',
  ['Avery Moss', 'avery@cascadeclinic.example'],
  {
    place: 'Portland, OR',
  },
);
export const quickCash = company(3, 'Quick Cash Jobs', 'QCJ Holdings Inc', ['Lee Park', 'lee@quickcash.example'], {
  openJobs: 0,
  openReports: 5,
  blacklistedAt: dayjs(STORY_TODAY).subtract(2, 'day').toISOString(),
  blacklistReason: 'Asked applicants for a fee to start work; reported five times.',
});
export const riverBakery = company(4, 'River Street Bakery', 'River Street Bakery Co', ['Jo Alvarez', 'jo@riverbakery.example'], {
  openJobs: 0,
  deactivatedAt: dayjs(STORY_TODAY).subtract(5, 'day').toISOString(),
  deactivationReason: 'The owner asked us to pause the account while they move.',
});
export const summitHvac = company(5, 'Summit HVAC', 'Summit Heating & Air Inc', ['Dana Cole', 'dana@summithvac.example'], {
  verifiedAt: null,
  openJobs: 0,
  staffCount: 1,
});
export const demoCompanies: AdminCompanyRow[] = [
  northwind,
  cascadeClinic,
  quickCash,
  riverBakery,
  summitHvac,
  company(6, 'Harbor Logistics', 'Harbor Logistics Group LLC', ['Kai Brooks', 'kai@harborlogistics.example'], { place: 'Tacoma, WA' }),
  company(7, 'Green Valley Farms', 'Green Valley Farms Co-op', ['Ira Patel', 'ira@greenvalley.example'], { place: 'Salem, OR' }),
  company(8, 'Lakeside Dental', 'Lakeside Dental Group PC', ['Noor Haddad', 'noor@lakesidedental.example'], { place: 'Camas, WA' }),
  company(9, 'Pioneer Movers', 'Pioneer Moving & Storage Inc', ['Eli Turner', 'eli@pioneermovers.example'], { openJobs: 2 }),
  company(10, 'Bright Minds Tutoring', 'Bright Minds Learning LLC', ['Mia Chen', 'mia@brightminds.example'], { openJobs: 1 }),
  company(11, 'Ironworks Fabrication', 'Ironworks Fabrication Inc', ['Ty Olsen', 'ty@ironworks.example'], { place: 'Gresham, OR' }),
  company(12, 'Coastline Cafe', 'Coastline Cafe LLC', ['Rae Kim', 'rae@coastlinecafe.example'], { place: 'Astoria, OR' }),
];

/** A page of the list, as CompanyListing answers it. */
export function companyPage(rows: readonly AdminCompanyRow[], totalCount = rows.length, pageNumber = 1): AdminCompanyList {
  return {
    companies: rows.slice((pageNumber - 1) * ADMIN_PAGE_SIZE, pageNumber * ADMIN_PAGE_SIZE),
    totalCount,
    pageNumber,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** CompanyListing over the demo companies: the search, the TIN, the state and the page, as a server would. */
export function answerCompanies(query: CompanyListQuery): AdminCompanyList {
  const search = (query.search ?? '').toLowerCase();
  const rows = demoCompanies.filter(
    (c) =>
      (!search || [c.displayName, c.legalName, c.owner?.email ?? ''].some((t) => t.toLowerCase().includes(search))) &&
      (!query.tinLastFour || c.tinLastFour === query.tinLastFour) &&
      (!query.status || c.state === query.status),
  );
  const sorted = [...rows].sort((a, b) => {
    switch (query.sort) {
      case 'oldest':
        return a.createdAt.localeCompare(b.createdAt);
      case 'name':
        return a.displayName.localeCompare(b.displayName);
      case 'openJobs':
        return b.openJobs - a.openJobs;
      case 'openReports':
        return b.openReports - a.openReports;
      default:
        return b.createdAt.localeCompare(a.createdAt);
    }
  });
  return companyPage(sorted, sorted.length, Number(query.pageNumber ?? 1));
}

const person = (n: number, name: string, email: string) => ({ id: personId(n), name, email });

const audit = (n: number, action: AuditEntry['action'], target: AdminCompanyRow, reason: string, daysAgo: number): AuditEntry => ({
  id: uuid('a0d00000', n),
  at: dayjs(STORY_TODAY).subtract(daysAgo, 'day').toISOString(),
  admin: demoAdmin,
  action,
  targetType: 'company',
  targetId: target.id,
  targetName: target.displayName,
  companyId: target.id,
  reason,
  before: null,
  after: null,
});

const reportGroup = (job: { id: string; title: string }, c: AdminCompanyRow, reasons: ReportGroup['reasons']): ReportGroup => {
  const reportCount = reasons.reduce((n, r) => n + r.count, 0);
  return {
    job: { ...job, status: 'Active' },
    company: { id: c.id, name: c.displayName, state: c.state },
    reportCount,
    reasons,
    latestAt: dayjs(STORY_TODAY).subtract(1, 'day').toISOString(),
    reports: reasons.flatMap((r, i) =>
      Array.from({ length: r.count }, (_, k) => ({
        id: uuid('a0e00000', i * 10 + k),
        reason: r.reason,
        details: r.reason === 'other' ? 'The pay is not what the interview said.' : null,
        reporter: person(100 + i * 10 + k, `Seeker ${i * 10 + k + 1}`, `seeker${i * 10 + k + 1}@example.com`),
        createdAt: dayjs(STORY_TODAY)
          .subtract(1 + k, 'day')
          .toISOString(),
        status: 'open' as const,
        resolvedAt: null,
        resolvedBy: null,
        resolutionNote: null,
      })),
    ),
  };
};

/** GetCompanyById of a demo company: its staff, jobs, boosts, reports and trail. */
export function demoCompanyDetail(row: AdminCompanyRow = northwind): AdminCompanyDetail {
  const owner = row.owner ?? person(1, 'Robin Hale', 'robin@northwind.example');
  const jobs = [
    { n: 1, title: 'Registered Nurse, Night Shift', status: 'Active' as const, applications: 14, openReports: 0, boosted: true },
    { n: 2, title: 'Warehouse Associate', status: 'Active' as const, applications: 31, openReports: 3, boosted: false },
    { n: 3, title: 'Delivery Driver', status: 'Closed' as const, applications: 8, openReports: 0, boosted: false },
  ].map((j) => ({
    id: jobId(row === northwind ? j.n : j.n + 10),
    title: j.title,
    status: j.status,
    place: row.place ?? 'Remote',
    postingDate: dayjs(STORY_TODAY)
      .subtract(j.n * 6, 'day')
      .toISOString(),
    applications: j.applications,
    openReports: j.openReports,
    boosted: j.boosted,
  }));
  return {
    company: {
      ...row,
      tinKind: 'EIN',
      verificationMethod: row.verifiedAt ? 'rules:EIN' : null,
      website: `https://${row.owner?.email.split('@')[1] ?? 'example.com'}`,
      address: `1200 Main St, ${row.place ?? 'Vancouver, WA'} 98660`,
      industry: 'Staffing and recruiting',
      about: 'We place nurses, drivers and warehouse staff across the Pacific Northwest.',
    },
    staff: [
      { ...owner, role: 'Employer', jobTitle: 'Owner', phoneNumber: '+13605550101', status: 'active', joinedAt: row.createdAt },
      {
        ...person(20, 'Casey Nguyen', 'casey@northwind.example'),
        role: 'Recruiter',
        jobTitle: 'Recruiter',
        phoneNumber: null,
        status: 'active',
        joinedAt: row.createdAt,
      },
      {
        ...person(21, 'Morgan Lee', 'morgan@northwind.example'),
        role: 'Recruiter',
        jobTitle: 'Talent partner',
        phoneNumber: '+13605550144',
        status: 'inactive',
        joinedAt: row.createdAt,
      },
    ],
    jobCounts: { Active: 2, Closed: 1, Expired: 0, Deleted: 0 },
    jobs,
    boosts: [
      {
        id: uuid('a0f00000', 1),
        jobPostId: jobs[0]!.id,
        jobTitle: jobs[0]!.title,
        tierName: 'Premium',
        status: row.blacklistedAt ? 'canceled' : 'active',
        amountCents: 9900,
        startedAt: dayjs(STORY_TODAY).subtract(10, 'day').toISOString(),
        currentPeriodEnd: dayjs(STORY_TODAY).add(20, 'day').toISOString(),
        endedAt: row.blacklistedAt,
      },
    ],
    reports:
      row.openReports > 0
        ? [
            reportGroup(jobs[1]!, row, [
              { reason: 'scam', count: 2 },
              { reason: 'other', count: 1 },
            ]),
          ]
        : [],
    audit: [
      ...(row.blacklistedAt ? [audit(3, 'company.blacklist', row, row.blacklistReason ?? '', 2)] : []),
      ...(row.deactivatedAt ? [audit(2, 'company.deactivate', row, row.deactivationReason ?? '', 5)] : []),
      audit(1, 'company.activate', row, 'Verified the owner by phone after a support call.', 30),
    ],
  };
}

/** The server's answer to an action: the company in its new state, and the words to toast. */
export function actionAnswer(request: CompanyActionRequest, row: AdminCompanyRow = northwind): CompanyActionAnswer {
  const now = dayjs(STORY_TODAY).toISOString();
  const changed: AdminCompanyRow =
    request.action === 'deactivate'
      ? { ...row, deactivatedAt: now, deactivationReason: request.reason }
      : request.action === 'activate'
        ? { ...row, deactivatedAt: null, deactivationReason: null }
        : request.action === 'blacklist'
          ? { ...row, blacklistedAt: now, blacklistReason: request.reason, openJobs: 0 }
          : { ...row, blacklistedAt: null, blacklistReason: null };
  const company = { ...changed, state: stateOf(changed) };
  const message = {
    deactivate: AdminMessages.deactivated,
    activate: AdminMessages.activated,
    blacklist: AdminMessages.blacklisted,
    whitelist: AdminMessages.whitelisted,
  }[request.action](row.displayName);
  return { company, message };
}

/** AdminDashBoard: the counts and the last 30 days, with a weekday rhythm. */
export function demoDashboard(options: { quiet?: boolean } = {}): AdminDashboard {
  const start = dayjs(STORY_TODAY).subtract(ADMIN_CHART_DAYS - 1, 'day');
  const wave = (i: number, base: number) =>
    options.quiet ? 0 : Math.round(base * (1 + Math.sin(i * 0.9) * 0.5) * ((i % 7) + 1 < 6 ? 1 : 0.4));
  return {
    companies: options.quiet
      ? { total: 0, active: 0, inactive: 0, blacklisted: 0, awaitingVerification: 0 }
      : { total: 412, active: 371, inactive: 18, blacklisted: 6, awaitingVerification: 17 },
    jobSeekers: options.quiet ? 0 : 18_240,
    openJobs: options.quiet ? 0 : 2_315,
    applicationsThisWeek: options.quiet ? 0 : 1_287,
    reportsWaiting: options.quiet ? 0 : 9,
    boostRevenueThisMonthCents: options.quiet ? 0 : 1_248_300,
    points: Array.from({ length: ADMIN_CHART_DAYS }, (_, i) => ({
      date: start.add(i, 'day').format('YYYY-MM-DD'),
      newCompanies: wave(i, 3),
      newJobSeekers: wave(i + 2, 60),
      jobsPosted: wave(i + 4, 40),
      applications: wave(i + 1, 180),
    })),
  };
}

const recruiter = (
  n: number,
  name: string,
  email: string,
  c: AdminCompanyRow,
  status: AdminRecruiter['status'] = 'active',
): AdminRecruiter => ({
  ...person(n, name, email),
  role: 'Recruiter',
  jobTitle: 'Recruiter',
  phoneNumber: null,
  status,
  joinedAt: c.createdAt,
  company: { id: c.id, name: c.displayName, state: c.state },
});

export const demoRecruiters: AdminRecruiter[] = [
  recruiter(20, 'Casey Nguyen', 'casey@northwind.example', northwind),
  recruiter(21, 'Morgan Lee', 'morgan@northwind.example', northwind, 'inactive'),
  recruiter(22, 'Jamie Ortiz', 'jamie@northwind.example', northwind),
  recruiter(30, 'Pat Wong', 'pat@cascadeclinic.example', cascadeClinic),
];

/** GetRecruitersByCompanyName over the demo recruiters. */
export function answerRecruiters(query: RecruitersByCompanyQuery): AdminRecruiterList {
  const name = query.companyName.trim().toLowerCase();
  const rows = demoRecruiters.filter((r) => r.company.name.toLowerCase().includes(name));
  const pageNumber = Number(query.pageNumber ?? 1);
  return {
    recruiters: rows.slice((pageNumber - 1) * ADMIN_PAGE_SIZE, pageNumber * ADMIN_PAGE_SIZE),
    totalCount: rows.length,
    pageNumber,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** GetRecruiterDetails of a demo recruiter. */
export function demoRecruiterDetail(r: AdminRecruiter = demoRecruiters[0]!): AdminRecruiterDetail {
  const jobs = demoCompanyDetail(northwind).jobs;
  return {
    recruiter: r,
    invitedBy: northwind.owner,
    jobCounts: { Active: 2, Closed: 1, Expired: 0, Deleted: 0 },
    jobs,
  };
}

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** The machines with their calls answered from the demo after a moment, as a server would. */
export const storyDashboardLogic = (answer: AdminDashboard = demoDashboard()) =>
  adminDashboardMachine.provide({ actors: { load: fromPromise(() => after(400, answer)) } });

export const storyCompaniesLogic = () =>
  companiesMachine.provide({
    actors: { load: fromPromise<AdminCompanyList, CompanyListQuery>(({ input }) => after(300, answerCompanies(input))) },
  });

export const storyCompanyActionLogic = (row: AdminCompanyRow = northwind) =>
  companyActionMachine.provide({
    actors: { send: fromPromise<CompanyActionAnswer, CompanyActionRequest>(({ input }) => after(600, actionAnswer(input, row))) },
  });

export const storyCompanyLogic = (row: AdminCompanyRow = northwind) =>
  companyPageMachine.provide({
    actors: {
      load: fromPromise<AdminCompanyDetail, CompanyPageInput>(() => after(300, demoCompanyDetail(row))),
      action: storyCompanyActionLogic(row),
    },
  });

export const storyRecruitersLogic = () =>
  recruitersMachine.provide({
    actors: { load: fromPromise<AdminRecruiterList, RecruitersByCompanyQuery>(({ input }) => after(300, answerRecruiters(input))) },
  });

export const storyRecruiterLogic = (detail: AdminRecruiterDetail = demoRecruiterDetail()) =>
  recruiterPageMachine.provide({
    actors: { load: fromPromise<AdminRecruiterDetail, RecruiterPageInput>(() => after(300, detail)) },
  });
