import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../server/db/schema.ts';
import {
  ApplicantMessages,
  canStaffMove,
  STAFF_TRANSITIONS,
  staffStatuses,
  statusChangeRefused,
  WITHDRAWABLE,
} from '../../src/contract/applicants.ts';
import { applicationStatuses, type ApplicationStatus } from '../../src/contract/jobs.ts';
import { applicantsApp, expectOk, expectRefused, type ApplicantsWorld } from './applicants-support.ts';

let t: ApplicantsWorld;
let a: ApplicantsWorld['applicants'];
let seekerAEmail = '';

beforeAll(async () => {
  t = await applicantsApp();
  a = t.applicants;
  seekerAEmail = await t.emailOf(t.w.seekerA);
}, 120_000);
afterAll(async () => t?.f.stop());

/** A fresh application of seeker A to a new job of X. */
async function applicantOfX(title = 'Stock Associate') {
  const job = await t.jobs.create(title);
  return { job, app: await t.applyTo('seekerA', job) };
}

/** Moves the application along a path of statuses, each step as X's recruiter. */
async function walk(app: string, path: ApplicationStatus[]) {
  for (const status of path) expectOk(await a.setStatus(t.w.recruiterX, { applicantId: app, status }));
}

describe('the pipeline as data', () => {
  it('lets the staff set every status but Withdrawn, and nothing moves out of Hired or Withdrawn', () => {
    expect(staffStatuses).not.toContain('Withdrawn');
    expect([...staffStatuses, 'Withdrawn'].sort()).toEqual([...applicationStatuses].sort());
    expect(STAFF_TRANSITIONS.Hired).toEqual([]);
    expect(STAFF_TRANSITIONS.Withdrawn).toEqual([]);
    for (const from of applicationStatuses) expect(canStaffMove(from, 'Withdrawn')).toBe(false);
    expect(WITHDRAWABLE).not.toContain('Hired');
    expect(WITHDRAWABLE).not.toContain('Rejected');
  });
});

describe('moving an applicant (applicant-status)', () => {
  it('moves it along the pipeline, keeps who changed it and when, and the seeker sees the real status', async () => {
    const { job, app } = await applicantOfX('Forklift Operator');
    const answer = await a.setStatus(t.w.recruiterX, { applicantId: app, status: 'Reviewed' });
    expect([answer.status, answer.body.message]).toEqual([200, ApplicantMessages.statusChanged]);
    expect(answer.body.data).toMatchObject({ id: app, status: 'Reviewed' });
    t.clock.advance(60_000);
    expectOk(await a.setStatus(t.w.employerX, { applicantId: app, status: 'Interviewing' }, 'Employer'));

    const one = expectOk(await a.one(t.w.recruiterX, app));
    expect(one.status).toBe('Interviewing');
    expect(one.history.map((h) => [h.from, h.to, h.changedBy?.id])).toEqual([
      ['Applied', 'Reviewed', t.w.recruiterX.id],
      ['Reviewed', 'Interviewing', t.w.employerX.id],
    ]);
    expect(Date.parse(one.history[1]!.changedAt)).toBeGreaterThan(Date.parse(one.history[0]!.changedAt));
    expect(one.nextStatuses).toEqual(['Reviewed', 'Offered', 'Rejected']);

    const applied = expectOk(await t.calls.applied(t.w.seekerA, { pageSize: 50 }));
    expect(applied.items.find((i) => i.id === job)!.applicationStatus).toBe('Interviewing');
    expect(expectOk(await t.calls.dashboard(t.w.seekerA)).applications.Interviewing).toBeGreaterThanOrEqual(1);
  });

  it('the same status again changes nothing and writes no history', async () => {
    const { app } = await applicantOfX();
    await walk(app, ['Reviewed']);
    const before = await t.rowsOf([app]);
    const again = await a.setStatus(t.w.recruiterX, { applicantId: app, status: 'Reviewed' });
    expect([again.status, again.body.message]).toEqual([200, ApplicantMessages.statusUnchanged]);
    expect(await t.rowsOf([app])).toEqual(before);
  });

  it('refuses Withdrawn from the staff (403), a move the pipeline does not allow (409) and a status that does not exist (400); nothing is stored', async () => {
    const { app } = await applicantOfX();
    await walk(app, ['Reviewed', 'Interviewing', 'Offered', 'Hired']);
    const before = await t.rowsOf([app]);
    expectRefused(await a.setStatus(t.w.recruiterX, { applicantId: app, status: 'Withdrawn' }), 403, ApplicantMessages.withdrawnByStaff);
    expectRefused(
      await a.setStatus(t.w.employerX, { applicantId: app, status: 'Rejected' }),
      409,
      statusChangeRefused('Hired', 'Rejected'),
    );
    expectRefused(await a.setStatus(t.w.recruiterX, { applicantId: app, status: 'Promoted' }), 400, ApplicantMessages.status);
    expectRefused(await a.setStatus(t.w.recruiterX, { applicantId: app, status: 'hired' }), 400, ApplicantMessages.status);
    expectRefused(await a.setStatus(t.w.recruiterX, { applicantId: app }), 400, ApplicantMessages.status);
    expect(await t.rowsOf([app])).toEqual(before);

    const fresh = await applicantOfX();
    const beforeFresh = await t.rowsOf([fresh.app]);
    expectRefused(
      await a.setStatus(t.w.recruiterX, { applicantId: fresh.app, status: 'Hired' }),
      409,
      statusChangeRefused('Applied', 'Hired'),
    );
    expect(statusChangeRefused('Applied', 'Hired')).toBe('An application that is applied cannot be moved to hired.');
    expect(await t.rowsOf([fresh.app])).toEqual(beforeFresh);
  });

  it('refuses a change of another company’s applicant as not found, whatever the status, and stores nothing', async () => {
    const { app } = await applicantOfX();
    const before = await t.rowsOf([app]);
    for (const status of ['Reviewed', 'Withdrawn', 'Hired'] as const) {
      expectRefused(await a.setStatus(t.w.recruiterY, { applicantId: app, status }), 404, ApplicantMessages.applicantNotFound);
      expectRefused(await a.setStatus(t.w.employerY, { applicantId: app, status }, 'Employer'), 404, ApplicantMessages.applicantNotFound);
    }
    expect(await t.rowsOf([app])).toEqual(before);
  });

  it('lets a rejected applicant be reconsidered (back to Reviewed)', async () => {
    const { app } = await applicantOfX();
    await walk(app, ['Rejected', 'Reviewed']);
    expect(expectOk(await a.one(t.w.recruiterX, app)).status).toBe('Reviewed');
  });
});

describe('the seeker’s mails', () => {
  it('tells the seeker kindly on Interviewing, Offered and Rejected, and on nothing else', async () => {
    const { app } = await applicantOfX('Cashier');
    const quiet = await t.mailsDuring(() => walk(app, ['Reviewed']));
    expect(quiet.filter((m) => m.to === seekerAEmail)).toEqual([]);

    const interview = (await t.mailsDuring(() => walk(app, ['Interviewing']))).filter((m) => m.to === seekerAEmail);
    expect(interview).toHaveLength(1);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, t.w.x.id));
    const companyName = company!.displayName ?? company!.name;
    expect(interview[0]!.subject).toBe(`${companyName} would like to interview you`);
    expect(interview[0]!.text).toContain('would like to interview you for “Cashier”');
    expect(interview[0]!.links).toEqual([`${t.f.app.ctx.config.publicUrl}/user/applied-jobs`]);

    const offer = (await t.mailsDuring(() => walk(app, ['Offered']))).filter((m) => m.to === seekerAEmail);
    expect(offer.map((m) => m.subject)).toEqual(['An offer for Cashier']);

    const other = await applicantOfX('Greeter');
    const rejected = (await t.mailsDuring(() => walk(other.app, ['Rejected']))).filter((m) => m.to === seekerAEmail);
    expect(rejected.map((m) => m.subject)).toEqual(['Your application for Greeter']);
    expect(rejected[0]!.text).toContain('They have decided to go ahead with other applicants this time.');
    expect(rejected[0]!.links).toEqual([`${t.f.app.ctx.config.publicUrl}/user/search-jobs`]);

    const hired = (await t.mailsDuring(() => walk(app, ['Hired']))).filter((m) => m.to === seekerAEmail);
    expect(hired).toEqual([]);
  });

  it('sends nothing when a refused or repeated change changes nothing', async () => {
    const { app } = await applicantOfX();
    await walk(app, ['Interviewing']);
    const sent = await t.mailsDuring(async () => {
      await a.setStatus(t.w.recruiterX, { applicantId: app, status: 'Interviewing' });
      await a.setStatus(t.w.recruiterY, { applicantId: app, status: 'Rejected' });
    });
    expect(sent).toEqual([]);
  });
});

describe('the seeker withdraws (withdraw-application)', () => {
  it('withdraws an application without an outcome; the company sees Withdrawn, kept in the history with the seeker', async () => {
    const { job, app } = await applicantOfX('Stocker');
    await walk(app, ['Interviewing']);
    const answer = await a.withdraw(t.w.seekerA, { applicationId: app });
    expect([answer.status, answer.body.message]).toEqual([200, ApplicantMessages.withdrawn]);
    expect(answer.body.data).toMatchObject({ id: app, jobId: job, status: 'Withdrawn' });
    const one = expectOk(await a.one(t.w.recruiterX, app));
    expect(one.status).toBe('Withdrawn');
    expect(one.history.at(-1)).toMatchObject({
      from: 'Interviewing',
      to: 'Withdrawn',
      changedBy: { id: t.w.seekerA.id, name: 'Alex Kim' },
    });
    expect(one.nextStatuses).toEqual([]);
    expectRefused(
      await a.setStatus(t.w.recruiterX, { applicantId: app, status: 'Reviewed' }),
      409,
      statusChangeRefused('Withdrawn', 'Reviewed'),
    );
    // Again: nothing more happens.
    const before = await t.rowsOf([app]);
    expect((await a.withdraw(t.w.seekerA, { applicationId: app })).status).toBe(200);
    expect(await t.rowsOf([app])).toEqual(before);
  });

  it('refuses to withdraw a hired or rejected application (409) and stores nothing', async () => {
    const { app } = await applicantOfX();
    await walk(app, ['Rejected']);
    const before = await t.rowsOf([app]);
    expectRefused(await a.withdraw(t.w.seekerA, { applicationId: app }), 409, ApplicantMessages.cannotWithdraw);
    expectRefused(await a.withdraw(t.w.seekerA, { applicationId: 'x' }), 400, ApplicantMessages.applicationNotFound);
    expect(await t.rowsOf([app])).toEqual(before);
  });
});

describe('closing a job', () => {
  it('tells its open applicants (Applied, Reviewed, Interviewing) by email once, however often it closes', async () => {
    const job = await t.jobs.create('Loader');
    const open = await t.applyTo('seekerA', job);
    const done = await t.applyTo('seekerB', job);
    await walk(done, ['Rejected']);
    const seekerBEmail = await t.emailOf(t.w.seekerB);

    const first = await t.mailsDuring(() => t.api.setStatus(t.w.recruiterX, job, 'Closed'));
    const toSeekers = first.filter((m) => m.to === seekerAEmail || m.to === seekerBEmail);
    expect(toSeekers.map((m) => [m.to, m.subject])).toEqual([[seekerAEmail, 'Loader is no longer open']]);
    expect(toSeekers[0]!.text).toContain('The company has closed this job, so your application will not go further.');
    expect(expectOk(await a.one(t.w.recruiterX, open)).status).toBe('Applied');

    const again = await t.mailsDuring(async () => {
      await t.api.setStatus(t.w.recruiterX, job, 'Active');
      await t.api.setStatus(t.w.employerX, job, 'Closed');
      await t.f.app.inject({
        method: 'POST',
        url: `/api/Recruiter/JobClosed?JobId=${job}`,
        headers: { authorization: `Bearer ${t.w.recruiterX.token}` },
      });
    });
    expect(again).toEqual([]);
  });
});
