import { fromPromise } from 'xstate';
import {
  ADMIN_PAGE_SIZE,
  AdminMessages,
  type AdminReport,
  type AuditEntry,
  type AuditList,
  type Person,
  type ReportAction,
  type ReportGroup,
  type ReportQueue,
  type ReportStatus,
} from '../../contract/admin.ts';
import type { AdminDetails } from '../../contract/admin-details.ts';
import type { ReportReason } from '../../contract/job-states.ts';
import { auditMachine, type AuditQuery } from '../../machines/admin/audit.machine.ts';
import { emailChangeMachine } from '../../machines/admin/email-change.machine.ts';
import { reportsMachine, type ReportsQuery } from '../../machines/admin/reports.machine.ts';
import { resolveReportMachine, type ResolvedReports } from '../../machines/admin/resolve-report.machine.ts';
import { after, withProviders } from '../account/stories-support.tsx';

/*
 * The back office's reports and audit trail as the demo shows them: a handful of reported jobs
 * (one clearly a scam, reported again and again), reports already resolved each way, and the
 * trail of the actions that resolved them.
 */

const uuid = (kind: number, n: number) => `${String(kind).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const demoAdmin: Person = { id: uuid(1, 1), name: 'Avery Quinn', email: 'admin@demo.local' };
export const otherAdmin: Person = { id: uuid(1, 2), name: 'Jordan Ellis', email: 'jordan.ellis@demo.local' };

export const demoAdminDetails: AdminDetails = {
  id: demoAdmin.id,
  email: demoAdmin.email,
  firstName: 'Avery',
  lastName: 'Quinn',
  phoneNumber: '+15035550100',
  pendingEmail: null,
  createdAt: '2024-09-02T16:00:00.000Z',
};

/** The providers the back office reads: the app's settings and a signed-in SuperAdmin. */
export const withSuperAdmin = withProviders({
  token: 'story-token',
  refreshToken: 'story-refresh',
  role: 'SuperAdmin',
  user: { id: demoAdmin.id, email: demoAdmin.email, firstName: 'Avery', lastName: 'Quinn', role: 'SuperAdmin' },
  // Far enough ahead that the story's session never tries a refresh.
  expiresAt: Date.now() + 24 * 3600_000,
  remember: false,
});

export const quickCash = { id: uuid(2, 1), name: 'QuickCash Staffing', state: 'active' as const };
export const northwind = { id: uuid(2, 2), name: 'Northwind Health', state: 'active' as const };
export const rapidRoutes = { id: uuid(2, 3), name: 'Rapid Routes LLC', state: 'awaitingVerification' as const };
export const shadyHoldings = { id: uuid(2, 4), name: 'Shady Holdings', state: 'blacklisted' as const };

const seekers: Person[] = [
  { id: uuid(3, 1), name: 'Maya Patel', email: 'maya.patel@example.com' },
  { id: uuid(3, 2), name: 'Luis Ortega', email: 'luis.ortega@example.com' },
  { id: uuid(3, 3), name: 'Grace Kim', email: 'grace.kim@example.com' },
  { id: uuid(3, 4), name: 'Omar Haddad', email: 'omar.haddad@example.com' },
];

const details: Record<ReportReason, string | null> = {
  scam: 'They asked me to pay $49 for a background check before the interview.',
  discriminatory: 'The post says applicants must be under 30.',
  misleading: 'The pay in the post is twice what they offered on the phone.',
  other: 'The company address is a parking lot.',
};

const resolution: Record<ReportAction, { status: ReportStatus; note: string }> = {
  dismiss: { status: 'dismissed', note: 'Pay matches the posted range; the seeker misread the hourly rate.' },
  closeJob: { status: 'jobClosed', note: 'The age limit is unlawful; the job is closed and the company told why.' },
  blacklistCompany: { status: 'companyBlacklisted', note: 'Charges applicants fees; several reports with receipts.' },
};

let reportSeq = 0;
function report(reason: ReportReason, day: number, by: Person, resolvedAs: ReportAction | null = null): AdminReport {
  const r = resolvedAs ? resolution[resolvedAs] : null;
  return {
    id: uuid(4, ++reportSeq),
    reason,
    details: reason === 'scam' && day % 2 === 0 ? null : details[reason],
    reporter: by,
    createdAt: `2025-03-${String(day).padStart(2, '0')}T15:30:00.000Z`,
    status: r?.status ?? 'open',
    resolvedAt: r ? '2025-03-11T18:05:00.000Z' : null,
    resolvedBy: r ? demoAdmin : null,
    resolutionNote: r?.note ?? null,
  };
}

function group(
  n: number,
  title: string,
  company: ReportGroup['company'],
  reports: AdminReport[],
  status: ReportGroup['job']['status'] = 'Active',
): ReportGroup {
  const counts = new Map<ReportReason, number>();
  for (const r of reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  return {
    job: { id: uuid(5, n), title, status },
    company,
    reportCount: reports.length,
    reasons: [...counts.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    latestAt: reports[0]!.createdAt,
    reports,
  };
}

/** The scam: reported four times. */
export const scamGroup = group(1, 'Warehouse Associate – Cash Daily', quickCash, [
  report('scam', 11, seekers[0]!),
  report('scam', 10, seekers[1]!),
  report('misleading', 8, seekers[2]!),
  report('scam', 6, seekers[3]!),
]);
export const nurseGroup = group(2, 'Registered Nurse, Night Shift', northwind, [report('misleading', 9, seekers[1]!)]);
export const driverGroup = group(3, 'Delivery Driver', rapidRoutes, [
  report('discriminatory', 12, seekers[2]!),
  report('other', 7, seekers[0]!),
]);
const moreTitles = [
  'Line Cook',
  'Dental Hygienist',
  'Payroll Specialist',
  'Forklift Operator',
  'Barista',
  'Home Health Aide',
  'Cashier',
  'Electrician Apprentice',
  'Receptionist',
];
const moreOpen = moreTitles.map((t, i) =>
  group(10 + i, t, i % 2 ? northwind : rapidRoutes, [report('misleading', 1 + (i % 9), seekers[i % 4]!)]),
);

export const openGroups: ReportGroup[] = [scamGroup, driverGroup, nurseGroup, ...moreOpen];

export const resolvedGroups: ReportGroup[] = [
  group(
    20,
    'Data Entry – Work From Home',
    shadyHoldings,
    [report('scam', 5, seekers[0]!, 'blacklistCompany'), report('scam', 4, seekers[3]!, 'blacklistCompany')],
    'Closed',
  ),
  group(21, 'Camp Counselor', northwind, [report('discriminatory', 3, seekers[2]!, 'closeJob')], 'Closed'),
  group(22, 'Sales Associate', quickCash, [report('misleading', 2, seekers[1]!, 'dismiss')]),
];

const page = <T>(items: T[], pageNumber: number) => items.slice((pageNumber - 1) * ADMIN_PAGE_SIZE, pageNumber * ADMIN_PAGE_SIZE);

/** The queue's answer to a query, from the demo groups (or `groups`). */
export function demoReportQueue(q: ReportsQuery, groups = q.status === 'open' ? openGroups : resolvedGroups): ReportQueue {
  const matching = groups
    .filter((g) => !q.companyId || g.company.id === q.companyId)
    .sort((a, b) =>
      q.sort === 'newest' ? b.latestAt.localeCompare(a.latestAt) : b.reportCount - a.reportCount || b.latestAt.localeCompare(a.latestAt),
    );
  return { groups: page(matching, q.pageNumber), totalCount: matching.length, pageNumber: q.pageNumber, pageSize: ADMIN_PAGE_SIZE };
}

/** The answer to resolving `g` with `action`, as the server gives it. */
export function demoResolved(g: ReportGroup, action: ReportAction, note: string): ResolvedReports {
  const { status } = resolution[action];
  const n = g.reports.filter((r) => r.status === 'open').length;
  const message =
    action === 'dismiss'
      ? AdminMessages.reportsDismissed(n)
      : action === 'closeJob'
        ? AdminMessages.reportsJobClosed(n)
        : AdminMessages.reportsCompanyBlacklisted(n);
  return {
    group: {
      ...g,
      reports: g.reports.map((r) => ({
        ...r,
        status,
        resolvedAt: '2025-03-12T17:00:00.000Z',
        resolvedBy: demoAdmin,
        resolutionNote: note,
      })),
    },
    message,
  };
}

let auditSeq = 0;
function entry(
  at: string,
  admin: Person,
  action: AuditEntry['action'],
  target: { type: AuditEntry['targetType']; id: string; name: string; companyId: string | null },
  reason: string | null,
  before: AuditEntry['before'],
  afterState: AuditEntry['after'],
): AuditEntry {
  return {
    id: uuid(6, ++auditSeq),
    at,
    admin,
    action,
    targetType: target.type,
    targetId: target.id,
    targetName: target.name,
    companyId: target.companyId,
    reason,
    before,
    after: afterState,
  };
}

const companyTarget = (c: { id: string; name: string }) => ({ type: 'company' as const, id: c.id, name: c.name, companyId: c.id });

/** The trail, newest first. */
export const demoAudit: AuditEntry[] = [
  entry(
    '2025-03-12T17:42:00.000Z',
    demoAdmin,
    'company.deactivate',
    companyTarget(rapidRoutes),
    'Owner asked to pause hiring while the TIN is checked.',
    { state: 'active', deactivatedAt: null, deactivationReason: null },
    {
      state: 'inactive',
      deactivatedAt: '2025-03-12T17:42:00.000Z',
      deactivationReason: 'Owner asked to pause hiring while the TIN is checked.',
    },
  ),
  entry(
    '2025-03-11T18:05:00.000Z',
    demoAdmin,
    'reports.blacklistCompany',
    { type: 'job', id: uuid(5, 20), name: 'Data Entry – Work From Home', companyId: shadyHoldings.id },
    resolution.blacklistCompany.note,
    { openReports: 2, jobStatus: 'Active' },
    { openReports: 0, jobStatus: 'Closed' },
  ),
  entry(
    '2025-03-11T18:04:00.000Z',
    demoAdmin,
    'company.blacklist',
    companyTarget(shadyHoldings),
    resolution.blacklistCompany.note,
    { state: 'active', blacklistedAt: null, blacklistReason: null, openJobs: 3 },
    { state: 'blacklisted', blacklistedAt: '2025-03-11T18:04:00.000Z', blacklistReason: resolution.blacklistCompany.note, openJobs: 0 },
  ),
  entry(
    '2025-03-10T14:20:00.000Z',
    otherAdmin,
    'reports.closeJob',
    { type: 'job', id: uuid(5, 21), name: 'Camp Counselor', companyId: northwind.id },
    resolution.closeJob.note,
    { openReports: 1, jobStatus: 'Active' },
    { openReports: 0, jobStatus: 'Closed' },
  ),
  entry(
    '2025-03-09T09:12:00.000Z',
    otherAdmin,
    'reports.dismiss',
    { type: 'job', id: uuid(5, 22), name: 'Sales Associate', companyId: quickCash.id },
    resolution.dismiss.note,
    { openReports: 1 },
    { openReports: 0 },
  ),
  entry(
    '2025-03-07T11:00:00.000Z',
    demoAdmin,
    'admin.updateDetails',
    { type: 'admin', id: demoAdmin.id, name: demoAdmin.name, companyId: null },
    null,
    { phoneNumber: null },
    { phoneNumber: '+15035550100' },
  ),
  entry(
    '2025-03-05T16:30:00.000Z',
    otherAdmin,
    'company.whitelist',
    companyTarget(northwind),
    'TIN mix-up with another company; cleared by the IRS letter.',
    { state: 'blacklisted', blacklistReason: 'Same TIN as a blacklisted company.' },
    { state: 'active', blacklistReason: null },
  ),
  entry(
    '2025-03-05T16:10:00.000Z',
    otherAdmin,
    'company.blacklist',
    companyTarget(northwind),
    'Same TIN as a blacklisted company.',
    { state: 'active', blacklistReason: null },
    { state: 'blacklisted', blacklistReason: 'Same TIN as a blacklisted company.' },
  ),
  entry(
    '2025-03-03T10:00:00.000Z',
    demoAdmin,
    'company.activate',
    companyTarget(quickCash),
    'Verified the new owner.',
    { state: 'inactive' },
    { state: 'active' },
  ),
  entry(
    '2025-03-02T10:00:00.000Z',
    demoAdmin,
    'company.deactivate',
    companyTarget(quickCash),
    'Owner left; waiting for the new owner to verify.',
    { state: 'active' },
    { state: 'inactive' },
  ),
  entry(
    '2025-03-01T08:00:00.000Z',
    demoAdmin,
    'admin.changeEmail',
    { type: 'admin', id: demoAdmin.id, name: demoAdmin.name, companyId: null },
    null,
    { email: 'avery@demo.local' },
    { email: 'admin@demo.local' },
  ),
  entry(
    '2025-02-27T08:00:00.000Z',
    otherAdmin,
    'company.activate',
    companyTarget(rapidRoutes),
    'Documents received.',
    { state: 'inactive' },
    { state: 'active' },
  ),
];

/** The trail's answer to a query, from the demo entries (or `entries`). */
export function demoAuditList(q: AuditQuery, entries = demoAudit): AuditList {
  const day = (iso: string) => iso.slice(0, 10);
  const matching = entries.filter(
    (e) =>
      (!q.action || e.action === q.action) &&
      (!q.companyId || e.companyId === q.companyId) &&
      (!q.adminId || e.admin.id === q.adminId) &&
      (!q.from || day(e.at) >= q.from) &&
      (!q.to || day(e.at) <= q.to),
  );
  return { entries: page(matching, q.pageNumber), totalCount: matching.length, pageNumber: q.pageNumber, pageSize: ADMIN_PAGE_SIZE };
}

/** The machines with their calls answered from the demo after a moment, as a server would. */
export const storyResolveLogic = resolveReportMachine.provide({
  actors: {
    resolve: fromPromise<ResolvedReports, { jobPostId: string; action: ReportAction; note: string }>(({ input }) => {
      const g = [...openGroups, ...resolvedGroups].find((x) => x.job.id === input.jobPostId)!;
      return after(700, demoResolved(g, input.action, input.note));
    }),
  },
});
export const storyReportsLogic = () =>
  reportsMachine.provide({
    actors: {
      load: fromPromise<ReportQueue, ReportsQuery>(({ input }) => after(400, demoReportQueue(input))),
      resolve: storyResolveLogic,
    },
  });
export const storyAuditLogic = () =>
  auditMachine.provide({
    actors: { load: fromPromise<AuditList, AuditQuery>(({ input }) => after(400, demoAuditList(input))) },
  });
export const storyEmailLogic = (details: AdminDetails = demoAdminDetails) =>
  emailChangeMachine.provide({
    actors: {
      load: fromPromise<AdminDetails>(() => after(400, details)),
      request: fromPromise<string, { email: string }>(({ input }) => after(600, AdminMessages.emailCodeSent(input.email))),
      confirm: fromPromise<{ details: AdminDetails; message: string }, { email: string; code: string }>(({ input }) =>
        after(600, { details: { ...details, email: input.email, pendingEmail: null }, message: AdminMessages.emailChanged }),
      ),
    },
  });
