import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMessages } from '../../src/contract/admin.ts';
import { adminAudit, jobPosts, jobReports, users } from '../../server/db/schema.ts';
import { inbox } from './account-support.ts';
import { apply, jobRow } from './posting-support.ts';
import { billingApp, type BillingWorld } from './billing-support.ts';
import { expectField, expectOk, expectRefused, officeCalls, type OfficeCalls } from './admin-office-support.ts';
import type { Caller } from './company-support.ts';

// The queue of reported jobs: grouped by job, most reported or newest first, and resolved all at
// once with a note, each resolution with its audit entry and a mail to each reporting seeker.

let t: BillingWorld;
let admin: Caller;
let office: OfficeCalls;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await billingApp();
  admin = await t.w.person('SuperAdmin', null, 'SuperAdmin', { firstName: 'Morgan', lastName: 'Admin' });
  office = officeCalls(t.f.app);
}, 60_000);
afterAll(async () => t?.f.app.stop());

const db = () => t.f.app.database.db;
let seq = 0;
const seeker = (firstName = 'Rae') => t.w.person('JobSeeker', null, `seeker ${++seq}`, { firstName, lastName: `Reporter${seq}` });
/** A report through ReportJob, a minute after the last one. */
async function report(who: Caller, jobId: string, reason: string, details?: string) {
  t.clock.advance(MINUTE);
  expectOk(await t.calls.report(who, jobId, { reason, ...(details ? { details } : {}) }));
}
const emailOf = async (c: Caller) => (await db().select({ email: users.email }).from(users).where(eq(users.id, c.id!)))[0]!.email;

describe('the queue', () => {
  let busy: string;
  let quiet: string;
  let ofY: string;
  beforeAll(async () => {
    busy = await t.jobs.create('Easy Money From Home');
    quiet = await t.jobs.create('Night Driver');
    ofY = await t.jobs.create('Fruit Picker', {}, { company: 'y' });
    await report(t.w.seekerA, busy, 'scam', 'Asks for a $50 starter kit.');
    await report(t.w.seekerB, busy, 'misleading');
    await report(await seeker(), busy, 'scam');
    await report(t.w.seekerA, ofY, 'discriminatory', 'Says only under-30s need apply.');
    await report(t.w.seekerA, quiet, 'other', 'The address is a parking lot.');
  }, 60_000);

  it('groups open reports by job: the most reported first, then the newest; reasons counted; reports newest first', async () => {
    const queue = expectOk(await office.reports(admin));
    expect(queue).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 10 });
    expect(queue.groups.map((g) => g.job.title)).toEqual(['Easy Money From Home', 'Night Driver', 'Fruit Picker']);
    const [first] = queue.groups;
    expect(first).toMatchObject({
      job: { id: busy, status: 'Active' },
      company: { id: t.w.x.id, name: 'Hale Logistics LLC', state: 'active' },
      reportCount: 3,
      reasons: [
        { reason: 'scam', count: 2 },
        { reason: 'misleading', count: 1 },
      ],
    });
    expect(first!.reports.map((r) => r.reason)).toEqual(['scam', 'misleading', 'scam']);
    expect(first!.reports[2]).toMatchObject({
      reporter: { id: t.w.seekerA.id, name: 'Alex Kim' },
      details: 'Asks for a $50 starter kit.',
      status: 'open',
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
    });
    expect(first!.latestAt).toBe(first!.reports[0]!.createdAt);
  });

  it('newest first on asking; filtered by company', async () => {
    const newest = expectOk(await office.reports(admin, { sort: 'newest' }));
    expect(newest.groups.map((g) => g.job.title)).toEqual(['Night Driver', 'Fruit Picker', 'Easy Money From Home']);
    const ofCompanyY = expectOk(await office.reports(admin, { companyId: t.w.y.id }));
    expect(ofCompanyY.totalCount).toBe(1);
    expect(ofCompanyY.groups.map((g) => g.job.id)).toEqual([ofY]);
    expect(ofCompanyY.groups[0]!.company).toMatchObject({ id: t.w.y.id, name: 'Yarrow Foods Inc', state: 'active' });
  });
});

describe('a crowded queue', () => {
  it('lists the 20 newest reports of a job and counts them all; pages 10 jobs at a time with the total', async () => {
    const company = await t.w.company('Crowded Co', '275551234');
    const jobs: string[] = [];
    for (let i = 0; i < 12; i++) {
      jobs.push(await t.jobs.create(`Crowded Job ${i}`, {}, {}));
    }
    // Moved to the crowded company so its filter holds these alone.
    await db().update(jobPosts).set({ companyId: company.id }).where(inArray(jobPosts.id, jobs));
    const reporters = await Promise.all(Array.from({ length: 22 }, () => seeker('Crowd')));
    const base = t.clock.now().getTime();
    await db()
      .insert(jobReports)
      .values([
        ...reporters.map((r, i) => ({ jobPostId: jobs[0]!, reporterId: r.id!, reason: 'scam', createdAt: new Date(base + i * MINUTE) })),
        ...jobs
          .slice(1)
          .map((id, i) => ({ jobPostId: id, reporterId: reporters[i]!.id!, reason: 'misleading', createdAt: new Date(base - i * MINUTE) })),
      ]);

    const first = expectOk(await office.reports(admin, { companyId: company.id }));
    expect(first.totalCount).toBe(12);
    expect(first.groups).toHaveLength(10);
    const crowded = first.groups[0]!;
    expect(crowded.job.id).toBe(jobs[0]);
    expect(crowded.reportCount).toBe(22);
    expect(crowded.reasons).toEqual([{ reason: 'scam', count: 22 }]);
    expect(crowded.reports).toHaveLength(20);
    expect(crowded.reports[0]!.reporter.id).toBe(reporters[21]!.id);
    expect(crowded.reports[19]!.reporter.id).toBe(reporters[2]!.id);

    const second = expectOk(await office.reports(admin, { companyId: company.id, pageNumber: 2 }));
    expect(second.groups).toHaveLength(2);
    const all = [...first.groups, ...second.groups].map((g) => g.job.id);
    expect(new Set(all).size).toBe(12);
  }, 120_000);
});

describe('resolving', () => {
  it('dismiss: every open report at once, with the note, one audit entry, a mail to each reporter, the status on their job page', async () => {
    const job = await t.jobs.create('Seasonal Packer');
    const other = await seeker('Noor');
    await report(t.w.seekerB, job, 'misleading');
    await report(other, job, 'other', 'Pay seems low.');
    const before = await inbox(t.f.app, await emailOf(other));

    const answer = await office.resolve(admin, { jobPostId: job, action: 'dismiss', note: 'Pay is within the market range.' });
    const { group, message } = expectOk(answer);
    expect(message).toBe(AdminMessages.reportsDismissed(2));
    expect(answer.body.message).toBe('2 reports are dismissed.');
    expect(group.reports.map((r) => r.status)).toEqual(['dismissed', 'dismissed']);
    expect(group.reports[0]).toMatchObject({
      resolvedBy: { id: admin.id, name: 'Morgan Admin' },
      resolutionNote: 'Pay is within the market range.',
    });
    expect((await jobRow(t.f, job))!.status).toBe('Active');

    // Out of the open queue, in the resolved one.
    expect(expectOk(await office.reports(admin)).groups.map((g) => g.job.id)).not.toContain(job);
    expect(expectOk(await office.reports(admin, { status: 'resolved' })).groups.map((g) => g.job.id)).toContain(job);

    const entries = await db().select().from(adminAudit).where(eq(adminAudit.targetId, job));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminId: admin.id,
      action: 'reports.dismiss',
      targetType: 'job',
      targetName: 'Seasonal Packer',
      companyId: t.w.x.id,
      reason: 'Pay is within the market range.',
      before: { reports: 2, status: 'open' },
      after: { reports: 2, status: 'dismissed' },
    });

    const mails = await inbox(t.f.app, await emailOf(other));
    expect(mails).toHaveLength(before.length + 1);
    expect(mails[0]!.subject).toBe('We reviewed your report of Seasonal Packer');
    expect(mails[0]!.text).toContain('found nothing that breaks our rules');
    // The note is for administrators: the seeker is not told it.
    expect(mails[0]!.text).not.toContain('market range');

    const viewer = expectOk(await t.calls.seekerJob(t.w.seekerB, job)).viewer!;
    expect(viewer.report).toMatchObject({ status: 'dismissed', resolvedAt: group.reports[0]!.resolvedAt });

    // Nothing open any more: a second resolution is refused.
    expectRefused(
      await office.resolve(admin, { jobPostId: job, action: 'closeJob', note: 'Again.' }),
      409,
      AdminMessages.noOpenReports,
      'reports.noneOpen',
    );
  });

  it('closeJob: the job closes as its company closing it does (applicants told, boost ended), the reports resolve, one audit entry', async () => {
    const boosted = await t.newCompany('Coin Careers LLC');
    const job = await boosted.job('Crypto Recruiter');
    await t.addCard(boosted.employer, undefined, { setAsDefault: true });
    const { subscription } = await t.boost(boosted.employer, job);
    expect(await t.isBoosted(job)).toBe(true);
    const applicant = await seeker('Ana');
    await apply(t.f, job, applicant.id!);
    await report(t.w.seekerA, job, 'scam', 'Wants a deposit.');

    const { group, message } = expectOk(await office.resolve(admin, { jobPostId: job, action: 'closeJob', note: 'A deposit scam.' }));
    expect(message).toBe('The job is closed and its report is resolved.');
    expect(group.job.status).toBe('Closed');
    expect(group.reports.map((r) => r.status)).toEqual(['jobClosed']);
    const row = (await jobRow(t.f, job))!;
    expect(row.status).toBe('Closed');
    expect(row.closedAt).not.toBeNull();

    // Billing heard the job close: the boost ended, not to renew.
    expect(await t.isBoosted(job)).toBe(false);
    expect((await t.subscriptionRow(subscription.id)).endedAt).not.toBeNull();

    const applicantMails = await inbox(t.f.app, await emailOf(applicant));
    expect(applicantMails.map((m) => m.subject)).toContain('Crypto Recruiter is no longer open');
    const reporterMail = (await inbox(t.f.app, await emailOf(t.w.seekerA)))[0]!;
    expect(reporterMail.subject).toBe('We reviewed your report of Crypto Recruiter');
    expect(reporterMail.text).toContain('have closed the job');

    const [entry] = await db().select().from(adminAudit).where(eq(adminAudit.targetId, job));
    expect(entry).toMatchObject({
      action: 'reports.closeJob',
      reason: 'A deposit scam.',
      before: { reports: 1, status: 'open', jobStatus: 'Active' },
      after: { reports: 1, status: 'jobClosed', jobStatus: 'Closed' },
    });
    expect(expectOk(await t.calls.seekerJob(t.w.seekerA, job))).toMatchObject({
      status: 'Closed',
      viewer: { report: { status: 'jobClosed' } },
    });
  });

  it('blacklistCompany: the company is blacklisted as ToggleforBlacklist does it, and the reports resolve in the same transaction', async () => {
    const bad = await t.newCompany('Fee First Staffing LLC');
    const job = await bad.job('Mystery Shopper');
    const other = await bad.job('Envelope Stuffer');
    await t.addCard(bad.employer, undefined, { setAsDefault: true });
    const { subscription } = await t.boost(bad.employer, other);
    await report(t.w.seekerA, job, 'scam', 'Wants a check cashed.');
    await report(t.w.seekerB, job, 'scam');
    await report(t.w.seekerB, other, 'scam');

    const { group, message } = expectOk(
      await office.resolve(admin, { jobPostId: job, action: 'blacklistCompany', note: 'Check-cashing scam on every job.' }),
    );
    expect(message).toBe('The company is blacklisted and 2 reports are resolved.');
    expect(group).toMatchObject({ job: { status: 'Closed' }, company: { id: bad.company.id, state: 'blacklisted' } });
    expect(group.reports.map((r) => r.status)).toEqual(['companyBlacklisted', 'companyBlacklisted']);
    // Its open jobs closed, its boost stopped.
    expect((await jobRow(t.f, job))!.status).toBe('Closed');
    expect((await jobRow(t.f, other))!.status).toBe('Closed');
    expect(await t.isBoosted(other)).toBe(false);
    expect((await t.subscriptionRow(subscription.id)).endedAt).not.toBeNull();
    // The one entry is the blacklisting's, with the note as its reason.
    const entries = await db().select().from(adminAudit).where(eq(adminAudit.companyId, bad.company.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'reports.blacklistCompany',
      targetType: 'company',
      targetId: bad.company.id,
      reason: 'Check-cashing scam on every job.',
    });
    const mail = (await inbox(t.f.app, await emailOf(t.w.seekerA)))[0]!;
    expect(mail.subject).toBe('We reviewed your report of Mystery Shopper');
    expect(mail.text).toContain('removed the company and its jobs');
    expect(mail.text).not.toContain('Check-cashing');
    // The other job's report waits still; resolving it the same way changes only the reports, with an entry of its own.
    expect(expectOk(await office.reports(admin, { companyId: bad.company.id })).groups.map((g) => g.job.id)).toEqual([other]);
    const again = expectOk(await office.resolve(admin, { jobPostId: other, action: 'blacklistCompany', note: 'Same company.' }));
    expect(again.message).toBe('The company is blacklisted and the report is resolved.');
    const [second] = await db().select().from(adminAudit).where(eq(adminAudit.targetId, other));
    expect(second).toMatchObject({
      action: 'reports.blacklistCompany',
      targetType: 'job',
      companyId: bad.company.id,
      reason: 'Same company.',
    });
  });

  it('commits with its audit entry or not at all: the job stays open, the reports open, nobody mailed', async () => {
    const job = await t.jobs.create('Unrecorded Closing');
    const applicant = await seeker('Ivy');
    await apply(t.f, job, applicant.id!);
    await report(t.w.seekerB, job, 'scam');
    await db().execute(
      sql.raw(`create function refuse_job_entry() returns trigger language plpgsql as $$
        begin raise exception 'the trail is unavailable'; end; $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_job_entry before insert on admin_audit for each row
        when (new.target_id = '${job}') execute function refuse_job_entry()`),
    );
    const mailsBefore = (await inbox(t.f.app, await emailOf(applicant))).length;
    expect((await office.resolve(admin, { jobPostId: job, action: 'closeJob', note: 'Scam.' })).status).toBe(500);
    expect((await jobRow(t.f, job))!.status).toBe('Active');
    const rows = await db().select().from(jobReports).where(eq(jobReports.jobPostId, job));
    expect(rows.map((r) => [r.status, r.resolvedAt, r.resolvedBy])).toEqual([['open', null, null]]);
    expect(await inbox(t.f.app, await emailOf(applicant))).toHaveLength(mailsBefore);
    expect(expectOk(await office.reports(admin)).groups.map((g) => g.job.id)).toContain(job);
  });

  it('refuses what it cannot do: no note, an unknown job, a page of 10^9', async () => {
    const job = await t.jobs.create('Refusal Check');
    await report(t.w.seekerB, job, 'misleading');
    expectField(await office.resolve(admin, { jobPostId: job, action: 'dismiss' }), 'note', AdminMessages.note);
    expectField(await office.resolve(admin, { jobPostId: job, action: 'dismiss', note: '   ' }), 'note', AdminMessages.note);
    expectField(await office.resolve(admin, { jobPostId: job, action: 'dismiss', note: 'x'.repeat(1001) }), 'note', AdminMessages.note);
    expectField(
      await office.resolve(admin, { jobPostId: 'not-a-job', action: 'dismiss', note: 'n' }),
      'jobPostId',
      AdminMessages.jobNotFound,
    );
    expect((await office.resolve(admin, { jobPostId: job, action: 'ban', note: 'n' })).status).toBe(400);
    expectRefused(
      await office.resolve(admin, { jobPostId: '00000000-0000-4000-8000-000000000000', action: 'dismiss', note: 'n' }),
      404,
      AdminMessages.jobNotFound,
      'job.notFound',
    );
    expectField(await office.reports(admin, { pageNumber: 10 ** 9 }), 'pageNumber', AdminMessages.page);
    expectField(await office.reports(admin, { pageSize: 51 }), 'pageSize', AdminMessages.pageSize);
    expectField(await office.reports(admin, { companyId: 'acme' }), 'companyId', AdminMessages.companyNotFound);
    expect((await office.reports(admin, { sort: 'loudest' })).status).toBe(400);
    // Nothing was resolved by the refused calls.
    const [row] = await db().select().from(jobReports).where(eq(jobReports.jobPostId, job));
    expect(row!.status).toBe('open');
  });
});
