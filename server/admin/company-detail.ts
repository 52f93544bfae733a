import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  adminAudit,
  applications,
  boostSubscriptions,
  boostTiers,
  companies,
  industries,
  invoices,
  jobPosts,
  jobReports,
  users,
} from '../db/schema.ts';
import { uuidIn } from '../db/sql.ts';
import { notFound } from '../http/errors.ts';
import { displayNameOf } from '../company/index.ts';
import {
  AdminMessages,
  type AdminBoost,
  type AdminCompanyDetail,
  type AdminJob,
  type AdminStaff,
  type AuditAction,
  type AuditEntry,
  type ReportGroup,
} from '../../src/contract/admin.ts';
import { jobPostStatuses, type JobPostStatus } from '../../src/contract/posting.ts';
import type { ReportReason } from '../../src/contract/jobs.ts';
import { companyRows, personOf, stateOf, type CompanyRecord } from './companies.ts';

/** The newest jobs and audit entries the company page shows (the audit page has them all). */
export const PAGE_JOBS = 50;
export const PAGE_AUDIT = 50;
/** Report groups on the company page, and reports shown in a group (reportCount counts them all). */
const REPORT_GROUPS = 50;
const REPORTS_A_GROUP = 20;

/** A job's status as lists show it: an Active job past its last day reads as Expired. */
export const shownStatus = (j: { status: 'Active' | 'Closed' | 'Deleted'; validThrough: Date }, now: Date): JobPostStatus =>
  j.status === 'Active' && j.validThrough.getTime() <= now.getTime() ? 'Expired' : j.status;

const jobPlace = (j: { isRemote: boolean; city: string | null; state: string | null }) =>
  j.isRemote ? 'Remote' : [j.city, j.state].filter(Boolean).join(', ');

export const staffStatusOf = (u: { disabled: boolean; deactivatedAt: Date | null }): AdminStaff['status'] =>
  u.disabled ? 'removed' : u.deactivatedAt ? 'inactive' : 'active';

export function staffOf(u: typeof users.$inferSelect): AdminStaff {
  return {
    ...personOf(u),
    role: u.role === 'Employer' ? 'Employer' : 'Recruiter',
    jobTitle: u.jobTitle,
    phoneNumber: u.phoneNumber,
    status: staffStatusOf(u),
    joinedAt: u.createdAt.toISOString(),
  };
}

/** Job posts by status as lists show them, every status present (0 when none). */
export async function jobCountsWhere(db: Db, where: ReturnType<typeof eq>, now: Date): Promise<Record<JobPostStatus, number>> {
  const rows = await db
    .select({
      status: sql<JobPostStatus>`case when ${jobPosts.status} = 'Active' and ${jobPosts.validThrough} <= ${now.toISOString()}::timestamptz then 'Expired' else ${jobPosts.status} end`,
      n: sql<number>`count(*)::int`,
    })
    .from(jobPosts)
    .where(where)
    .groupBy(sql`1`);
  const counts = Object.fromEntries(jobPostStatuses.map((s) => [s, 0])) as Record<JobPostStatus, number>;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

// Qualified by hand: drizzle names a one-table select's columns without their table, which a subquery would read as its own.
const jobPostId = sql.raw('"job_posts"."id"');

/** The newest jobs `where` picks, with their applications and open reports. */
export async function jobsWhere(db: Db, where: ReturnType<typeof eq>, now: Date, limit = PAGE_JOBS): Promise<AdminJob[]> {
  const rows = await db
    .select({
      id: jobPosts.id,
      title: jobPosts.title,
      status: jobPosts.status,
      validThrough: jobPosts.validThrough,
      isRemote: jobPosts.isRemote,
      city: jobPosts.city,
      state: jobPosts.state,
      postedAt: jobPosts.postedAt,
      boosted: jobPosts.isBoosted,
      applications: sql<number>`(select count(*)::int from ${applications} a where a.job_post_id = ${jobPostId})`,
      openReports: sql<number>`(select count(*)::int from ${jobReports} r where r.job_post_id = ${jobPostId} and r.status = 'open')`,
    })
    .from(jobPosts)
    .where(where)
    .orderBy(desc(jobPosts.postedAt), desc(jobPosts.id))
    .limit(limit);
  return rows.map((j) => ({
    id: j.id,
    title: j.title,
    status: shownStatus(j, now),
    place: jobPlace(j),
    postingDate: j.postedAt.toISOString(),
    applications: Number(j.applications),
    openReports: Number(j.openReports),
    boosted: j.boosted,
  }));
}

async function boostsOf(db: Db, companyId: string): Promise<AdminBoost[]> {
  const rows = await db
    .select({
      sub: boostSubscriptions,
      jobTitle: jobPosts.title,
      tierName: boostTiers.name,
      paidCents: sql<number>`(select coalesce(sum(i.total_cents), 0)::int from ${invoices} i where i.subscription_id = ${boostSubscriptions.id} and i.status = 'paid')`,
    })
    .from(boostSubscriptions)
    .innerJoin(jobPosts, eq(jobPosts.id, boostSubscriptions.jobPostId))
    .innerJoin(boostTiers, eq(boostTiers.id, boostSubscriptions.tierId))
    .where(eq(boostSubscriptions.companyId, companyId))
    .orderBy(desc(boostSubscriptions.createdAt), desc(boostSubscriptions.id))
    .limit(100);
  return rows.map(({ sub, jobTitle, tierName, paidCents }) => ({
    id: sub.id,
    jobPostId: sub.jobPostId,
    jobTitle,
    tierName,
    status: sub.status,
    // What the company paid for it so far.
    amountCents: Number(paidCents),
    startedAt: sub.status === 'incomplete' ? null : sub.createdAt.toISOString(),
    currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
    endedAt: (sub.endedAt ?? sub.canceledAt)?.toISOString() ?? null,
  }));
}

/**
 * Reports against the company's jobs, grouped by job: groups with open reports first, then the
 * newest; each with its reasons counted and its newest reports.
 */
export async function reportGroupsOf(db: Db, company: CompanyRecord, now: Date): Promise<ReportGroup[]> {
  const groups = await db
    .select({
      id: jobPosts.id,
      title: jobPosts.title,
      status: jobPosts.status,
      validThrough: jobPosts.validThrough,
      count: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${jobReports.status} = 'open'))::int`,
      latest: sql<Date>`max(${jobReports.createdAt})`.mapWith(jobReports.createdAt),
    })
    .from(jobReports)
    .innerJoin(jobPosts, eq(jobPosts.id, jobReports.jobPostId))
    .where(eq(jobPosts.companyId, company.id))
    .groupBy(jobPosts.id)
    .orderBy(
      sql`(count(*) filter (where ${jobReports.status} = 'open')) > 0 desc`,
      sql`max(${jobReports.createdAt}) desc`,
      asc(jobPosts.id),
    )
    .limit(REPORT_GROUPS);
  if (!groups.length) return [];
  const jobIds = groups.map((g) => g.id);
  const reporter = alias(users, 'reporter');
  const resolver = alias(users, 'resolver');
  const ranked = db
    .select({
      id: jobReports.id,
      n: sql<number>`row_number() over (partition by ${jobReports.jobPostId} order by ${jobReports.createdAt} desc, ${jobReports.id})`.as(
        'n',
      ),
    })
    .from(jobReports)
    .where(uuidIn(jobReports.jobPostId, jobIds))
    .as('ranked');
  const [reasons, reports] = await Promise.all([
    db
      .select({ jobPostId: jobReports.jobPostId, reason: jobReports.reason, n: sql<number>`count(*)::int` })
      .from(jobReports)
      .where(uuidIn(jobReports.jobPostId, jobIds))
      .groupBy(jobReports.jobPostId, jobReports.reason),
    db
      .select({ report: jobReports, reporter, resolver })
      .from(jobReports)
      .innerJoin(ranked, eq(ranked.id, jobReports.id))
      .innerJoin(reporter, eq(reporter.id, jobReports.reporterId))
      .leftJoin(resolver, eq(resolver.id, jobReports.resolvedBy))
      .where(sql`${ranked.n} <= ${REPORTS_A_GROUP}`)
      .orderBy(desc(jobReports.createdAt), asc(jobReports.id)),
  ]);
  const company_ = { id: company.id, name: displayNameOf(company), state: stateOf(company) };
  return groups.map((g) => ({
    job: { id: g.id, title: g.title, status: shownStatus(g, now) },
    company: company_,
    reportCount: Number(g.count),
    reasons: reasons
      .filter((r) => r.jobPostId === g.id)
      .map((r) => ({ reason: r.reason as ReportReason, count: Number(r.n) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    latestAt: new Date(g.latest).toISOString(),
    reports: reports
      .filter((r) => r.report.jobPostId === g.id)
      .map(({ report, reporter, resolver }) => ({
        id: report.id,
        reason: report.reason as ReportReason,
        details: report.details,
        reporter: personOf(reporter),
        createdAt: report.createdAt.toISOString(),
        status: report.status,
        resolvedAt: report.resolvedAt?.toISOString() ?? null,
        resolvedBy: resolver ? personOf(resolver) : null,
        resolutionNote: report.resolutionNote,
      })),
  }));
}

/** The audit entries `where` picks, newest first. */
export async function auditEntriesWhere(db: Db, where: ReturnType<typeof eq>, limit = PAGE_AUDIT): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: adminAudit, admin: users })
    .from(adminAudit)
    .innerJoin(users, eq(users.id, adminAudit.adminId))
    .where(where)
    .orderBy(desc(adminAudit.id))
    .limit(limit);
  return rows.map(({ entry, admin }) => ({
    id: String(entry.id),
    at: entry.at.toISOString(),
    admin: personOf(admin),
    action: entry.action as AuditAction,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: entry.targetName,
    companyId: entry.companyId,
    reason: entry.reason,
    before: (entry.before as Record<string, unknown> | null) ?? null,
    after: (entry.after as Record<string, unknown> | null) ?? null,
  }));
}

/** GetCompanyById: everything the company page shows. Unknown company: 404. */
export async function companyDetail(db: Db, companyId: string, now: Date): Promise<AdminCompanyDetail> {
  const [found] = await db
    .select({ company: companies, industry: industries.name })
    .from(companies)
    .leftJoin(industries, eq(industries.id, companies.industryId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!found) throw notFound(AdminMessages.companyNotFound, { code: 'company.notFound' });
  const { company, industry } = found;
  const [[row], staff, jobCounts, jobs, boosts, reports, audit] = await Promise.all([
    companyRows(db, [companyId], now),
    db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), sql`${users.role} in ('Employer', 'Recruiter')`))
      // The employer first, then the recruiters as they joined.
      .orderBy(sql`${users.role} = 'Employer' desc`, asc(users.createdAt), asc(users.id)),
    jobCountsWhere(db, eq(jobPosts.companyId, companyId), now),
    jobsWhere(db, eq(jobPosts.companyId, companyId), now),
    boostsOf(db, companyId),
    reportGroupsOf(db, company, now),
    auditEntriesWhere(db, eq(adminAudit.companyId, companyId)),
  ]);
  return {
    company: {
      ...row!,
      tinKind: company.tinKind,
      verificationMethod: company.verificationMethod,
      website: company.website,
      address: company.address,
      industry: industry ?? null,
      about: company.about,
    },
    staff: staff.map(staffOf),
    jobCounts,
    jobs,
    boosts,
    reports,
    audit,
  };
}
