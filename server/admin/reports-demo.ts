import { and, asc, desc, eq, like, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, jobPosts, jobReports, savedJobs, users } from '../db/schema.ts';
import type { ReportReason, ReportStatus } from '../../src/contract/jobs.ts';
import type { AuditAction } from '../../src/contract/admin.ts';
import { recordAudit } from './audit.ts';

const HOUR = 3_600_000;

interface DemoReport {
  /** Which reporter: 0 the demo job seeker, 1 the newcomer, 2… the demo applicants in turn. */
  by: number;
  reason: ReportReason;
  details?: string;
  hoursAgo: number;
}

interface DemoGroup {
  reports: DemoReport[];
  resolution?: { status: Exclude<ReportStatus, 'open'>; action: AuditAction; note: string; hoursAgo: number };
}

/**
 * The queue as an operator finds it: three jobs waiting (one reported by four seekers for
 * different reasons), one whose reports were dismissed and one closed over a report, both by the
 * demo SuperAdmin with their audit entries. Fixed, so the demo is the same every time.
 */
const GROUPS: DemoGroup[] = [
  {
    reports: [
      { by: 0, reason: 'scam', details: 'They asked me to pay $49 for an onboarding kit before the interview.', hoursAgo: 5 },
      { by: 2, reason: 'scam', hoursAgo: 20 },
      { by: 3, reason: 'misleading', details: 'The pay shown is only for the top few drivers, the recruiter said.', hoursAgo: 30 },
      { by: 4, reason: 'other', details: 'The phone number in the description belongs to a different company.', hoursAgo: 52 },
    ],
  },
  {
    reports: [
      { by: 1, reason: 'discriminatory', details: 'The description says applicants must be under 30.', hoursAgo: 9 },
      { by: 5, reason: 'discriminatory', hoursAgo: 26 },
    ],
  },
  { reports: [{ by: 6, reason: 'misleading', details: 'It says remote, but the interview said five days on site.', hoursAgo: 3 }] },
  {
    reports: [
      { by: 0, reason: 'misleading', details: 'The address looks like a parking lot.', hoursAgo: 120 },
      { by: 2, reason: 'other', hoursAgo: 100 },
    ],
    resolution: {
      status: 'dismissed',
      action: 'reports.dismiss',
      note: 'Checked with the company: the address is their new warehouse, opening next month, and the pay range is accurate.',
      hoursAgo: 72,
    },
  },
  {
    reports: [{ by: 3, reason: 'scam', details: 'Asked for my bank login to "set up direct deposit" before an offer.', hoursAgo: 60 }],
    resolution: {
      status: 'jobClosed',
      action: 'reports.closeJob',
      note: 'Asking for bank credentials before an offer: the job is closed and the company warned.',
      hoursAgo: 30,
    },
  },
];

/**
 * Demo reports on jobs of the demo market (never the demo company's own, so its employer's pages
 * stay as they are). Needs the demo job seekers, the demo applicants and the market's jobs.
 */
export async function seedDemoReports(ctx: AppContext, people: { seekerId: string; newcomerId: string; demoCompanyId: string }) {
  const db = ctx.db;
  const now = ctx.adapters.now().getTime();
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'SuperAdmin')).orderBy(asc(users.createdAt)).limit(1);
  const applicants = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'JobSeeker'), like(users.email, '%@applicants.example.com')))
    .orderBy(asc(users.email))
    .limit(5);
  const reporters = [people.seekerId, people.newcomerId, ...applicants.map((a) => a.id)];
  // The newest unboosted open job of each market company, one company per group; never a job a demo
  // seeker saved or applied to, whose lists would change when a report closes it.
  const jobs = await db
    .selectDistinctOn([jobPosts.companyId], { id: jobPosts.id, title: jobPosts.title, companyId: jobPosts.companyId })
    .from(jobPosts)
    .where(
      and(
        eq(jobPosts.status, 'Active'),
        eq(jobPosts.isBoosted, false),
        ne(jobPosts.companyId, people.demoCompanyId),
        sql`not exists (select 1 from ${savedJobs} s where s.job_post_id = ${jobPosts.id})`,
        sql`not exists (select 1 from ${applications} a where a.job_post_id = ${jobPosts.id})`,
      ),
    )
    .orderBy(jobPosts.companyId, desc(jobPosts.postedAt), jobPosts.id);
  if (!admin || reporters.length < 7 || jobs.length < GROUPS.length) return;

  for (const [i, group] of GROUPS.entries()) {
    const job = jobs[i]!;
    const resolution = group.resolution;
    const resolvedAt = resolution ? new Date(now - resolution.hoursAgo * HOUR) : null;
    await db.transaction(async (tx) => {
      await tx.insert(jobReports).values(
        group.reports.map((r) => ({
          jobPostId: job.id,
          reporterId: reporters[r.by]!,
          reason: r.reason,
          details: r.details ?? null,
          createdAt: new Date(now - r.hoursAgo * HOUR),
          ...(resolution ? { status: resolution.status, resolvedAt, resolvedBy: admin.id, resolutionNote: resolution.note } : {}),
        })),
      );
      if (!resolution) return;
      const closes = resolution.status === 'jobClosed';
      if (closes) {
        await tx
          .update(jobPosts)
          .set({ status: 'Closed', closedAt: resolvedAt, modifiedAt: resolvedAt!, modifiedBy: admin.id })
          .where(eq(jobPosts.id, job.id));
      }
      await recordAudit(tx, {
        adminId: admin.id,
        action: resolution.action,
        targetType: 'job',
        targetId: job.id,
        targetName: job.title,
        companyId: job.companyId,
        reason: resolution.note,
        before: { reports: group.reports.length, status: 'open', ...(closes ? { jobStatus: 'Active' } : {}) },
        after: { reports: group.reports.length, status: resolution.status, ...(closes ? { jobStatus: 'Closed' } : {}) },
        at: resolvedAt!,
      });
    });
  }
}
