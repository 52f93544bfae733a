import { and, count, desc, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { companies, jobPosts, jobReports, users } from '../db/schema.ts';
import { uuidIn } from '../db/sql.ts';
import { conflict, notFound } from '../http/errors.ts';
import { displayNameOf } from '../company/index.ts';
import {
  AdminMessages,
  type AdminReport,
  type ReportAction,
  type ReportGroup,
  type ReportQueue,
  type ReportStatus,
} from '../../src/contract/admin.ts';
import type { JobPostStatus } from '../../src/contract/posting.ts';
import type { ReportReason } from '../../src/contract/jobs.ts';
import { recordAudit } from './audit.ts';
import { setCompanyState } from './company-actions.ts';
import { personOf, stateOf } from './companies.ts';
import { reportReviewedMail } from './mails.ts';

/** The 20 newest reports of each job are listed; `reportCount` counts them all. */
export const REPORTS_PER_GROUP = 20;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Open reports, or the resolved ones. */
const inQueue = (status: 'open' | 'resolved'): SQL => (status === 'open' ? eq(jobReports.status, 'open') : ne(jobReports.status, 'open'));

export interface QueueQuery {
  status: 'open' | 'resolved';
  companyId?: string | undefined;
  sort: 'mostReported' | 'newest';
  pageNumber: number;
  pageSize: number;
}

/**
 * The queue: reports grouped by job, a page of jobs at a time (most reported then newest, or
 * newest), each with its company, the count of each reason and its 20 newest reports.
 */
export async function reportQueue(ctx: AppContext, q: QueueQuery): Promise<ReportQueue> {
  const where = and(inQueue(q.status), q.companyId ? eq(jobPosts.companyId, q.companyId) : undefined);
  const reportCount = count(jobReports.id);
  const latest = max(jobReports.createdAt);
  const order = q.sort === 'mostReported' ? [desc(reportCount), desc(latest), jobReports.jobPostId] : [desc(latest), jobReports.jobPostId];
  const [page, [total]] = await Promise.all([
    ctx.db
      .select({ jobPostId: jobReports.jobPostId })
      .from(jobReports)
      .innerJoin(jobPosts, eq(jobPosts.id, jobReports.jobPostId))
      .where(where)
      .groupBy(jobReports.jobPostId)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(distinct ${jobReports.jobPostId})::int` })
      .from(jobReports)
      .innerJoin(jobPosts, eq(jobPosts.id, jobReports.jobPostId))
      .where(where),
  ]);
  const groups = await reportGroups(
    ctx.db,
    page.map((p) => p.jobPostId),
    q.status,
    ctx.adapters.now(),
  );
  return { groups, totalCount: Number(total?.n ?? 0), pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** The groups of these jobs, in the order given: their open or resolved reports. */
export async function reportGroups(
  db: Pick<Db, 'select'>,
  jobIds: string[],
  status: 'open' | 'resolved',
  now: Date,
): Promise<ReportGroup[]> {
  if (!jobIds.length) return [];
  const reporter = alias(users, 'reporter');
  const resolver = alias(users, 'resolver');
  const inJobs = and(uuidIn(jobReports.jobPostId, jobIds), inQueue(status));
  // Each report's place among its job's newest: the 20 newest of each job in one statement.
  const ranked = db
    .select({
      id: jobReports.id,
      rank: sql<number>`row_number() over (partition by ${jobReports.jobPostId} order by ${jobReports.createdAt} desc, ${jobReports.id} desc)`.as(
        'rank',
      ),
    })
    .from(jobReports)
    .where(inJobs)
    .as('ranked');
  const [jobs, reasons, reports] = await Promise.all([
    db
      .select({
        id: jobPosts.id,
        title: jobPosts.title,
        status: jobPosts.status,
        expired: sql<boolean>`${jobPosts.validThrough} <= ${now.toISOString()}::timestamptz`,
        companyId: companies.id,
        companyName: companies.name,
        displayName: companies.displayName,
        blacklisted: companies.blacklisted,
        active: companies.active,
        verifiedAt: companies.verifiedAt,
      })
      .from(jobPosts)
      .innerJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(uuidIn(jobPosts.id, jobIds)),
    db
      .select({ jobPostId: jobReports.jobPostId, reason: jobReports.reason, n: count(jobReports.id), latest: max(jobReports.createdAt) })
      .from(jobReports)
      .where(inJobs)
      .groupBy(jobReports.jobPostId, jobReports.reason),
    db
      .select({
        report: jobReports,
        reporter: { id: reporter.id, firstName: reporter.firstName, lastName: reporter.lastName, email: reporter.email },
        resolver: { id: resolver.id, firstName: resolver.firstName, lastName: resolver.lastName, email: resolver.email },
      })
      .from(jobReports)
      .innerJoin(ranked, eq(ranked.id, jobReports.id))
      .innerJoin(reporter, eq(reporter.id, jobReports.reporterId))
      .leftJoin(resolver, eq(resolver.id, jobReports.resolvedBy))
      .where(sql`${ranked.rank} <= ${REPORTS_PER_GROUP}`)
      .orderBy(desc(jobReports.createdAt), desc(jobReports.id)),
  ]);

  const byJob = new Map(jobIds.map((id) => [id, [] as AdminReport[]]));
  for (const { report: r, reporter: who, resolver: by } of reports) {
    byJob.get(r.jobPostId)?.push({
      id: r.id,
      reason: r.reason as ReportReason,
      details: r.details,
      reporter: personOf(who),
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      resolvedBy: by ? personOf(by) : null,
      resolutionNote: r.resolutionNote,
    });
  }
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  return jobIds.flatMap((id): ReportGroup[] => {
    const job = jobById.get(id);
    const counted = reasons.filter((r) => r.jobPostId === id);
    if (!job || !counted.length) return [];
    const status: JobPostStatus = job.status === 'Active' && job.expired ? 'Expired' : job.status;
    return [
      {
        job: { id: job.id, title: job.title, status },
        company: {
          id: job.companyId,
          name: displayNameOf({ name: job.companyName, displayName: job.displayName }),
          state: stateOf(job),
        },
        reportCount: counted.reduce((sum, r) => sum + Number(r.n), 0),
        // The most given reason first.
        reasons: counted
          .map((r) => ({ reason: r.reason as ReportReason, count: Number(r.n) }))
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
        latestAt: new Date(Math.max(...counted.map((r) => new Date(r.latest!).getTime()))).toISOString(),
        reports: byJob.get(id) ?? [],
      },
    ];
  });
}

/** The reported job, locked for the resolution; 404 for an id of no job. */
async function lockedJob(tx: Tx, jobPostId: string) {
  const [job] = await tx
    .select({ id: jobPosts.id, title: jobPosts.title, status: jobPosts.status, companyId: jobPosts.companyId })
    .from(jobPosts)
    .where(eq(jobPosts.id, jobPostId))
    .for('update');
  if (!job) throw notFound(AdminMessages.jobNotFound, { code: 'job.notFound' });
  return job;
}

export interface Resolution {
  jobPostId: string;
  note: string;
}

/** What a resolution did to the job (or its company), with the state before and after for the audit entry. */
export interface JobChange {
  closed?: boolean;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** What a resolution did, for the answer and for what follows its commit. */
interface Resolved {
  job: { id: string; title: string; companyId: string };
  count: number;
  reporterIds: string[];
  jobClosed: boolean;
}

/**
 * Resolves every open report of the job, in the caller's transaction: the reports take the status,
 * and one audit entry records it (the reports' status before and after; the note as its reason).
 * 409 when the job has none open. `jobChange` runs first, locked with the rest, and returns the
 * job's statuses before and after for the entry.
 */
export async function resolveInTransaction(
  tx: Tx,
  adminId: string,
  input: Resolution,
  status: Exclude<ReportStatus, 'open'>,
  /** The audit entry's action; null when the caller's own action writes the entry (blacklisting). */
  action: 'reports.dismiss' | 'reports.closeJob' | 'reports.blacklistCompany' | null,
  now: Date,
  jobChange?: (job: { id: string; status: 'Active' | 'Closed' | 'Deleted' }) => Promise<JobChange>,
): Promise<Resolved> {
  const job = await lockedJob(tx, input.jobPostId);
  const open = await tx
    .select({ id: jobReports.id, reporterId: jobReports.reporterId })
    .from(jobReports)
    .where(and(eq(jobReports.jobPostId, job.id), eq(jobReports.status, 'open')))
    .for('update');
  if (!open.length) throw conflict(AdminMessages.noOpenReports, { code: 'reports.noneOpen' });
  const changed: JobChange = jobChange ? await jobChange(job) : {};
  await tx
    .update(jobReports)
    .set({ status, resolvedAt: now, resolvedBy: adminId, resolutionNote: input.note })
    .where(
      inArray(
        jobReports.id,
        open.map((r) => r.id),
      ),
    );
  if (action) {
    await recordAudit(tx, {
      adminId,
      action,
      targetType: 'job',
      targetId: job.id,
      targetName: job.title,
      companyId: job.companyId,
      reason: input.note,
      before: { reports: open.length, status: 'open', ...changed.before },
      after: { reports: open.length, status, ...changed.after },
      at: now,
    });
  }
  return {
    job: { id: job.id, title: job.title, companyId: job.companyId },
    count: open.length,
    reporterIds: open.map((r) => r.reporterId),
    jobClosed: changed.closed === true,
  };
}

/** Closes the job as its company closing it does (status and closedAt); the event follows the commit. */
async function closeJob(
  tx: Tx,
  adminId: string,
  job: { id: string; status: 'Active' | 'Closed' | 'Deleted' },
  now: Date,
): Promise<JobChange> {
  if (job.status !== 'Active') return { closed: false, before: { jobStatus: job.status }, after: { jobStatus: job.status } };
  await tx.update(jobPosts).set({ status: 'Closed', closedAt: now, modifiedAt: now, modifiedBy: adminId }).where(eq(jobPosts.id, job.id));
  return { closed: true, before: { jobStatus: 'Active' }, after: { jobStatus: 'Closed' } };
}

/**
 * After the commit: a closed job tells the areas that listen (its open applicants are mailed, its
 * boost ends), and each reporting seeker is mailed that the report was reviewed.
 */
export async function afterResolution(ctx: AppContext, resolved: Resolved, status: Exclude<ReportStatus, 'open'>): Promise<void> {
  if (resolved.jobClosed) await ctx.events.emit('job.closed', { jobPostId: resolved.job.id });
  const seekers = await ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(uuidIn(users.id, resolved.reporterIds), eq(users.disabled, false)));
  await Promise.all(seekers.map((s) => ctx.mailer.enqueue(reportReviewedMail(ctx, s, resolved.job, status))));
}

const STATUS_OF: Record<Exclude<ReportAction, 'blacklistCompany'>, Exclude<ReportStatus, 'open'>> = {
  dismiss: 'dismissed',
  closeJob: 'jobClosed',
};

/** Dismisses the job's open reports, or closes the job and resolves them; one transaction with its audit entry. */
export async function resolveReports(
  ctx: AppContext,
  adminId: string,
  input: Resolution & { action: 'dismiss' | 'closeJob' },
): Promise<{ group: ReportGroup; message: string }> {
  const now = ctx.adapters.now();
  const status = STATUS_OF[input.action];
  const resolved = await ctx.db.transaction((tx) =>
    input.action === 'dismiss'
      ? resolveInTransaction(tx, adminId, input, status, 'reports.dismiss', now)
      : resolveInTransaction(tx, adminId, input, status, 'reports.closeJob', now, (job) => closeJob(tx, adminId, job, now)),
  );
  await afterResolution(ctx, resolved, status);
  const [group] = await reportGroups(ctx.db, [resolved.job.id], 'resolved', now);
  const message =
    input.action === 'dismiss' ? AdminMessages.reportsDismissed(resolved.count) : AdminMessages.reportsJobClosed(resolved.count);
  return { group: group!, message };
}

/**
 * Blacklists the job's company over its reports: the company's state changes as ToggleforBlacklist
 * changes it (staff signed out, open jobs closed and their applicants told, boosts stopped), and in
 * the same transaction every open report of the job resolves. The blacklisting's audit entry is
 * the resolution's ('reports.blacklistCompany', on the company, the note as its reason).
 */
export async function blacklistOverReports(
  ctx: AppContext,
  adminId: string,
  input: Resolution,
): Promise<{ group: ReportGroup; message: string }> {
  const now = ctx.adapters.now();
  const [job] = await ctx.db
    .select({ companyId: jobPosts.companyId, blacklisted: companies.blacklisted })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(eq(jobPosts.id, input.jobPostId));
  if (!job) throw notFound(AdminMessages.jobNotFound, { code: 'job.notFound' });
  let resolved: Resolved | undefined;
  if (job.blacklisted) {
    // Blacklisted already (over another job, say): nothing changes but the reports, with an entry of their own.
    resolved = await ctx.db.transaction((tx) =>
      resolveInTransaction(tx, adminId, input, 'companyBlacklisted', 'reports.blacklistCompany', now),
    );
  } else {
    await setCompanyState(ctx, adminId, job.companyId, { kind: 'blacklisted', to: true }, input.note, {
      auditAction: 'reports.blacklistCompany',
      inTransaction: async (tx) => {
        resolved = await resolveInTransaction(tx, adminId, input, 'companyBlacklisted', null, now);
      },
    });
  }
  // The job closed with the company's other open jobs (setCompanyState told the areas that listen).
  await afterResolution(ctx, resolved!, 'companyBlacklisted');
  const [group] = await reportGroups(ctx.db, [input.jobPostId], 'resolved', now);
  return { group: group!, message: AdminMessages.reportsCompanyBlacklisted(resolved!.count) };
}
