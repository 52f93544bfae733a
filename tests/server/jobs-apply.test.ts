import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, jobReports, outbox, users } from '../../server/db/schema.ts';
import { JobMessages, REPORT_REASON_NAMES, reportReasons } from '../../src/contract/jobs.ts';
import { inbox } from './account-support.ts';
import { expectOk, expectRefused, jobsApp, type JobsWorld } from './jobs-support.ts';

let t: JobsWorld;
let resumeA = '';
let letterA = '';
let resumeB = '';

beforeAll(async () => {
  t = await jobsApp();
  resumeA = await t.document(t.w.seekerA, 'resume', 'Alex Kim resume.pdf');
  letterA = await t.document(t.w.seekerA, 'cover-letter');
  resumeB = await t.document(t.w.seekerB, 'resume');
});
afterAll(async () => t?.f.stop());

const applicationsOf = (jobId: string) => t.f.app.database.db.select().from(applications).where(eq(applications.jobPostId, jobId));

describe('applying (POST JobSeeker/apply)', () => {
  it('applies with a chosen resume; the seeker then finds the job in applied jobs with status Applied', async () => {
    const id = await t.jobs.create('Order Picker');
    const answer = await t.calls.apply(t.w.seekerA, { jobId: id, resumeId: resumeA, workAuthorization: true, sponsorship: false });
    const application = expectOk(answer, 201);
    expect(answer.body.message).toBe(JobMessages.applied);
    expect(application).toMatchObject({
      jobId: id,
      status: 'Applied',
      resumeId: resumeA,
      coverLetterId: null,
      workAuthorization: true,
      sponsorship: false,
    });

    const page = expectOk(await t.calls.applied(t.w.seekerA));
    expect(page.items[0]).toMatchObject({
      id,
      title: 'Order Picker',
      jobStatus: 'Active',
      applicationId: application.id,
      applicationStatus: 'Applied',
      appliedDate: application.appliedDate,
    });
    expect(expectOk(await t.calls.counts(t.w.seekerA)).applied).toBeGreaterThanOrEqual(1);
  });

  it('tells the company’s employer and active recruiters by email, with the job title and a link to its applicants', async () => {
    const id = await t.jobs.create('Shipping Clerk');
    const before = await t.f.app.database.db.select().from(outbox);
    expectOk(await t.calls.apply(t.w.seekerB, { jobId: id, resumeId: resumeB }), 201);
    await t.f.app.ctx.mailer.drain();
    const sent = (await t.f.app.database.db.select().from(outbox)).filter((m) => !before.some((b) => b.id === m.id));
    const emails = async (caller: { id: string | null }) => {
      const [row] = await t.f.app.database.db.select({ email: users.email }).from(users).where(eq(users.id, caller.id!));
      return row!.email;
    };
    const [employer, recruiter, off, other] = await Promise.all([
      emails(t.w.employerX),
      emails(t.w.recruiterX),
      emails(t.w.offRecruiterX),
      emails(t.w.employerY),
    ]);
    expect(sent.map((m) => m.to).sort()).toEqual([employer, recruiter].sort());
    expect(sent.map((m) => m.to)).not.toContain(off);
    expect(sent.map((m) => m.to)).not.toContain(other);
    const mail = (await inbox(t.f.app, recruiter))[0]!;
    expect(mail.subject).toBe('New application for Shipping Clerk');
    expect(mail.text).toContain('Blake Ortiz has applied to your job “Shipping Clerk”');
    expect(mail.links).toEqual([`${t.f.app.ctx.config.publicUrl}/user/applicants?jobId=${id}`]);
    expect(mail.html).toContain(`/user/applicants?jobId=${id}`);
  });

  it('keeps one application per seeker and job: applying again answers the first, and no second email goes', async () => {
    const id = await t.jobs.create('Packer');
    const sent = await t.calls.apply(t.w.seekerA, { jobId: id, resumeId: resumeA });
    const first = expectOk(sent, 201);
    expect(sent.body.state.code).toBe('application.created');
    await t.f.app.ctx.mailer.drain();
    const mails = (await t.f.app.database.db.select().from(outbox)).length;
    const again = await t.calls.apply(t.w.seekerA, { jobId: id, resumeId: resumeA, sponsorship: true });
    expect(expectOk(again, 200)).toEqual(first);
    expect(again.body.message).toBe(JobMessages.alreadyApplied);
    expect(again.body.state.code).toBe('application.alreadyApplied');
    expect(await applicationsOf(id)).toHaveLength(1);
    await t.f.app.ctx.mailer.drain();
    expect((await t.f.app.database.db.select().from(outbox)).length).toBe(mails);
  });

  it('keeps one application when two requests are sent at once: both answer the same one', async () => {
    const id = await t.jobs.create('Inventory Specialist');
    const [one, two] = await Promise.all([
      t.calls.apply(t.w.seekerA, { jobId: id, resumeId: resumeA }),
      t.calls.applyJob(t.w.seekerA, { jobId: id, resumeId: resumeA }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.data.id).toBe(two.body.data.id);
    expect(await applicationsOf(id)).toHaveLength(1);
  });

  it('keeps one application for each of ten requests at once', async () => {
    const id = await t.jobs.create('Delivery Coordinator');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.calls.apply(t.w.seekerB, { jobId: id, resumeId: resumeB })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await applicationsOf(id)).toHaveLength(1);
  });

  it('asks for what the job requires: a resume, a cover letter, an answer on work authorization', async () => {
    const id = await t.jobs.create('Warehouse Lead', {
      jobDetails: { requiresResume: true, requiresCoverLetter: true, requiresWorkAuthorization: true },
    });
    const answer = await t.calls.apply(t.w.seekerA, { jobId: id });
    expectRefused(answer, 400, JobMessages.resumeRequired, 'application.incomplete');
    expect(answer.body.state.fieldErrors).toEqual({
      resumeId: JobMessages.resumeRequired,
      coverLetterId: JobMessages.coverLetterRequired,
      workAuthorization: JobMessages.workAuthorizationRequired,
    });
    expectRefused(
      await t.calls.apply(t.w.seekerA, { jobId: id, resumeId: resumeA, coverLetterId: letterA }),
      400,
      JobMessages.workAuthorizationRequired,
      'application.incomplete',
    );
    expect(await applicationsOf(id)).toHaveLength(0);
    // "No" is an answer.
    expectOk(
      await t.calls.apply(t.w.seekerA, {
        jobId: id,
        resumeId: resumeA,
        coverLetterId: letterA,
        workAuthorization: false,
        sponsorship: true,
      }),
      201,
    );
  });

  it('needs no document when the job asks for none', async () => {
    const id = await t.jobs.create('Greeter', { jobDetails: { requiresResume: false } });
    expect(expectOk(await t.calls.apply(t.w.seekerB, { jobId: id }), 201)).toMatchObject({
      resumeId: null,
      coverLetterId: null,
      workAuthorization: null,
    });
  });

  it('refuses another seeker’s resume, an unknown id and a cover letter given as a resume', async () => {
    const id = await t.jobs.create('Yard Driver');
    for (const resumeId of [resumeB, randomUUID(), letterA]) {
      const answer = await t.calls.apply(t.w.seekerA, { jobId: id, resumeId });
      expectRefused(answer, 400, JobMessages.resumeNotFound, 'application.incomplete');
      expect(answer.body.state.fieldErrors).toEqual({ resumeId: JobMessages.resumeNotFound });
    }
    expectRefused(
      await t.calls.apply(t.w.seekerA, { jobId: id, resumeId: resumeA, coverLetterId: resumeA }),
      400,
      JobMessages.coverLetterNotFound,
    );
    expect(await applicationsOf(id)).toHaveLength(0);
  });

  it('refuses closed and expired jobs with a clear message and the code of each', async () => {
    const closed = await t.jobs.closed('Closed Picker');
    const expired = await t.jobs.expired('Expired Picker');
    expectRefused(await t.calls.apply(t.w.seekerA, { jobId: closed, resumeId: resumeA }), 409, JobMessages.closed, 'job.closed');
    expectRefused(await t.calls.apply(t.w.seekerA, { jobId: expired, resumeId: resumeA }), 409, JobMessages.expired, 'job.expired');
    expect([...(await applicationsOf(closed)), ...(await applicationsOf(expired))]).toHaveLength(0);
  });

  it('answers an application made before the job closed', async () => {
    const id = await t.jobs.create('Night Stocker');
    const first = expectOk(await t.calls.apply(t.w.seekerA, { jobId: id, resumeId: resumeA }), 201);
    expectOk(await t.api.setStatus(t.w.recruiterX, id, 'Closed'));
    expect(expectOk(await t.calls.apply(t.w.seekerA, { jobId: id, resumeId: resumeA }), 200)).toEqual(first);
  });

  it('lets a seeker under 18 apply only to a job open to applicants aged 16 and over', async () => {
    const adults = await t.jobs.create('Adults Only Picker', { jobDetails: { requiresResume: false } });
    const teens = await t.jobs.create('Store Greeter', {
      jobDetails: { requiresResume: false },
      candidateRequirements: { skills: [], openToMinors: true, hazardsReviewed: true },
    });
    expectRefused(await t.calls.apply(t.w.minor, { jobId: adults }), 403, JobMessages.adultsOnly, 'job.adultsOnly');
    expect(await applicationsOf(adults)).toHaveLength(0);
    expectOk(await t.calls.apply(t.w.minor, { jobId: teens }), 201);
    expectOk(await t.calls.apply(t.w.seekerB, { jobId: adults }), 201);
  });

  it('answers 404 for a deleted job, a blacklisted company’s job and an unknown id', async () => {
    const deleted = await t.jobs.deleted('Gone Picker');
    const blocked = await t.w.company('Shady Staffing LLC', '276661234');
    const owner = await t.w.person('Employer', blocked.id, 'employer of a blacklisted company');
    const blockedJob = (await t.api.newJob(owner)).id;
    await t.setCompany(blocked.id, { blacklisted: true });
    for (const jobId of [deleted, blockedJob, randomUUID()]) {
      expectRefused(await t.calls.apply(t.w.seekerA, { jobId, resumeId: resumeA }), 404, JobMessages.jobNotFound, 'job.notFound');
    }
  });

  it('refuses bad input with 400', async () => {
    const id = await t.jobs.create('Input Checker');
    for (const body of [{}, { jobId: 'x' }, { jobId: id, resumeId: 'nope' }, { jobId: id, workAuthorization: 'yes' }, [id], { jobId: 7 }]) {
      expectRefused(await t.calls.apply(t.w.seekerA, body), 400, undefined, 'request.invalid');
    }
    expect(await applicationsOf(id)).toHaveLength(0);
  });

  it('is for job seekers only', async () => {
    const id = await t.jobs.create('Role Checker', { jobDetails: { requiresResume: false } });
    expectRefused(await t.calls.apply(t.w.anonymous, { jobId: id }), 401);
    for (const caller of [t.w.recruiterX, t.w.employerX, t.w.employerY]) {
      expectRefused(await t.calls.apply(caller, { jobId: id }), 403, undefined, 'access.denied');
      expectRefused(await t.calls.applyJob(caller, { jobId: id }), 403);
    }
    expect(await applicationsOf(id)).toHaveLength(0);
  });
});

describe('the applied list (applied-list, ApplyJobList)', () => {
  it('holds each seeker’s own applications only, newest first or oldest first, paged', async () => {
    const { jobs, calls, clock } = t;
    const w = await newSeekers();
    const ids: string[] = [];
    for (const [i, title] of ['First', 'Second', 'Third'].entries()) {
      ids.push(await jobs.create(`${title} Job`, { jobDetails: { requiresResume: false } }));
      expectOk(await calls.apply(w.seekerA, { jobId: ids[i] }), 201);
      clock.advance(60_000);
    }
    const other = await jobs.create('B’s Job', { jobDetails: { requiresResume: false } });
    expectOk(await calls.apply(w.seekerB, { jobId: other }), 201);

    const newest = expectOk(await calls.applied(w.seekerA));
    expect(newest.items.map((j) => j.title)).toEqual(['Third Job', 'Second Job', 'First Job']);
    expect(newest).toMatchObject({ pageNumber: 1, pageSize: 10, hasMore: false });
    expect(expectOk(await calls.applied(w.seekerA, { ascending: true })).items.map((j) => j.title)).toEqual([
      'First Job',
      'Second Job',
      'Third Job',
    ]);
    const page1 = expectOk(await calls.applyJobList(w.seekerA, { pageNumber: 1, pageSize: 2 }));
    const page2 = expectOk(await calls.applyJobList(w.seekerA, { pageNumber: 2, pageSize: 2 }));
    expect([page1.hasMore, page2.hasMore]).toEqual([true, false]);
    expect([...page1.items, ...page2.items].map((j) => j.title)).toEqual(['Third Job', 'Second Job', 'First Job']);
    expect(expectOk(await calls.applied(w.seekerB)).items.map((j) => j.title)).toEqual(['B’s Job']);
    expect(expectOk(await calls.counts(w.seekerA)).applied).toBe(3);
  });

  it('marks closed, expired and removed jobs, keeping their applications', async () => {
    const { jobs, calls, api } = t;
    const w = { ...t.w, ...(await newSeekers()) };
    const closing = await jobs.create('Closing Job', { jobDetails: { requiresResume: false } });
    const deleting = await jobs.create('Deleting Job', { jobDetails: { requiresResume: false } });
    for (const jobId of [closing, deleting]) expectOk(await calls.apply(w.seekerA, { jobId }), 201);
    expectOk(await api.setStatus(w.recruiterX, closing, 'Closed'));
    expectOk(await api.remove(w.recruiterX, deleting));
    const page = expectOk(await calls.applied(w.seekerA, { ascending: true }));
    expect(page.items.map((j) => [j.title, j.jobStatus, j.applicationStatus])).toEqual([
      ['Closing Job', 'Closed', 'Applied'],
      ['Deleting Job', 'Removed', 'Applied'],
    ]);
  });

  it('refuses bad paging with 400 and staff with 403', async () => {
    for (const paging of [{ pageNumber: 0 }, { pageSize: 51 }, { pageNumber: 10_001 }, { pageSize: 2.5 }, { ascending: 'sometimes' }]) {
      expectRefused(await t.calls.applied(t.w.seekerA, paging as object), 400);
    }
    expectRefused(await t.calls.applied(t.w.anonymous), 401);
    for (const caller of [t.w.recruiterX, t.w.employerX]) expectRefused(await t.calls.applied(caller), 403);
  });
});

describe('reporting a job (ReportJob)', () => {
  it('stores one report per seeker and job for review; a second report answers OK without a copy', async () => {
    const id = await t.jobs.create('Too Good To Be True');
    const first = await t.calls.report(t.w.seekerA, id, { reason: 'scam', details: 'Asks for a fee to start.' });
    expectOk(first);
    expect(first.body.message).toBe(JobMessages.reported);
    expectOk(await t.calls.report(t.w.seekerA, id, { reason: 'misleading' }));
    expectOk(await t.calls.report(t.w.seekerB, id, { reason: 'other', details: 'The address is a parking lot.' }));
    const rows = await t.f.app.database.db.select().from(jobReports).where(eq(jobReports.jobPostId, id));
    expect(rows.map((r) => [r.reporterId, r.reason, r.details]).sort()).toEqual(
      [
        [t.w.seekerA.id, 'scam', 'Asks for a fee to start.'],
        [t.w.seekerB.id, 'other', 'The address is a parking lot.'],
      ].sort(),
    );
    const viewer = expectOk(await t.calls.seekerJob(t.w.seekerA, id)).viewer;
    expect(viewer?.isReported).toBe(true);
    // The seeker's report is under review until an administrator resolves it.
    expect(viewer?.report).toEqual({
      status: 'open',
      reportedAt: rows.find((r) => r.reporterId === t.w.seekerA.id)!.createdAt.toISOString(),
      resolvedAt: null,
    });
  });

  it('takes a reason from the list, details up to 1,000 characters, and details for "other"', async () => {
    const id = await t.jobs.create('Report Checker');
    expect(Object.keys(REPORT_REASON_NAMES)).toEqual([...reportReasons]);
    expectRefused(await t.calls.report(t.w.seekerA, id, { reason: 'boring' }), 400, JobMessages.reportReason);
    expectRefused(await t.calls.report(t.w.seekerA, id, {}), 400, JobMessages.reportReason);
    expectRefused(await t.calls.report(t.w.seekerA, id, { reason: 'other' }), 400, JobMessages.reportDetailsNeeded, 'request.invalid');
    expectRefused(await t.calls.report(t.w.seekerA, id, { reason: 'other', details: '   ' }), 400, JobMessages.reportDetailsNeeded);
    expectRefused(await t.calls.report(t.w.seekerA, id, { reason: 'scam', details: 'x'.repeat(1001) }), 400, JobMessages.reportDetails);
    expectOk(await t.calls.report(t.w.seekerA, id, { reason: 'discriminatory', details: 'x'.repeat(1000) }));
    expectRefused(await t.calls.report(t.w.seekerA, 'nope', { reason: 'scam' }), 400);
    expectRefused(await t.calls.report(t.w.seekerA, randomUUID(), { reason: 'scam' }), 404, JobMessages.jobNotFound);
    const stored = await t.f.app.database.db
      .select()
      .from(jobReports)
      .where(and(eq(jobReports.jobPostId, id), eq(jobReports.reporterId, t.w.seekerA.id!)));
    expect(stored).toHaveLength(1);
  });

  it('is for job seekers only', async () => {
    const id = await t.jobs.create('Report Roles');
    expectRefused(await t.calls.report(t.w.anonymous, id, { reason: 'scam' }), 401);
    for (const caller of [t.w.recruiterX, t.w.employerY]) expectRefused(await t.calls.report(caller, id, { reason: 'scam' }), 403);
    expect(await t.f.app.database.db.select().from(jobReports).where(eq(jobReports.jobPostId, id))).toHaveLength(0);
  });
});

/** Two seekers with no applications yet, for lists whose whole content a test checks. */
async function newSeekers() {
  const seekerA = await t.w.person('JobSeeker', null, 'another seeker A', { dateOfBirth: '1992-02-02' });
  const seekerB = await t.w.person('JobSeeker', null, 'another seeker B', { dateOfBirth: '1993-03-03' });
  return { seekerA, seekerB };
}
