import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, education } from '../../server/db/schema.ts';
import { ApplicantMessages, JOB_APPLICANT_PAGE_SIZE } from '../../src/contract/applicants.ts';
import { SKILL } from './posting-support.ts';
import { applicantsApp, expectOk, expectRefused, type ApplicantsWorld } from './applicants-support.ts';

let t: ApplicantsWorld;
let a: ApplicantsWorld['applicants'];
/** X's jobs: a picker job seekers A and B applied to, a driver job only A applied to. */
let picker = '';
let driver = '';
let appA = '';
let appB = '';
let appDriver = '';

beforeAll(async () => {
  t = await applicantsApp();
  a = t.applicants;
  picker = await t.jobs.create('Order Picker', { candidateRequirements: { skills: [SKILL.orderPicking, SKILL.packing, SKILL.forklift] } });
  driver = await t.jobs.create('Delivery Driver');
  await t.giveSkills(t.w.seekerA, [SKILL.orderPicking, SKILL.forklift, SKILL.proofreading]);
  appA = await t.applyTo('seekerA', picker);
  t.clock.advance(60_000);
  appB = await t.applyTo('seekerB', picker);
  t.clock.advance(60_000);
  appDriver = await t.applyTo('seekerA', driver);
}, 120_000);
afterAll(async () => t?.f.stop());

const ids = (page: { items: Array<{ id: string }> }) => page.items.map((i) => i.id);

describe('the company’s applicants (applicants, ApplicantsList)', () => {
  it('lists every applicant of the company, newest first, with the person, the job, the skills matched and the documents sent', async () => {
    const page = expectOk(await a.list(t.w.recruiterX));
    expect(ids(page)).toEqual([appDriver, appB, appA]);
    expect(page).toMatchObject({ total: 3, pageNumber: 1, pageSize: 10 });
    const first = page.items.find((i) => i.id === appA)!;
    expect(first).toMatchObject({
      status: 'Applied',
      isNew: true,
      jobSeeker: { firstName: 'Alex', lastName: 'Kim', name: 'Alex Kim' },
      job: { id: picker, title: 'Order Picker', status: 'Active' },
      matchedSkills: 2,
      totalSkills: 3,
      hasResume: true,
      hasCoverLetter: true,
    });
    expect(page.items.find((i) => i.id === appB)).toMatchObject({ hasCoverLetter: false, matchedSkills: 0 });
    expect(expectOk(await a.legacyList(t.w.employerX))).toEqual(page);
    expect(expectOk(await a.list(t.w.employerX, {}, 'Employer'))).toEqual(page);
  });

  it('pages, orders (oldest first, by name, by job) and searches by name, email or job title', async () => {
    expect(ids(expectOk(await a.list(t.w.recruiterX, { ascending: true })))).toEqual([appA, appB, appDriver]);
    const paged = expectOk(await a.list(t.w.recruiterX, { pageSize: 2, pageNumber: 2 }));
    expect([ids(paged), paged.total]).toEqual([[appA], 3]);
    // By last name A to Z: Kim (newest first), then Ortiz.
    expect(ids(expectOk(await a.list(t.w.recruiterX, { order: 'name', ascending: true })))).toEqual([appDriver, appA, appB]);
    expect(ids(expectOk(await a.list(t.w.recruiterX, { order: 'job', ascending: true })))).toEqual([appDriver, appB, appA]);
    expect(ids(expectOk(await a.list(t.w.recruiterX, { search: 'ortiz' })))).toEqual([appB]);
    expect(ids(expectOk(await a.list(t.w.recruiterX, { search: 'DRIVER' })))).toEqual([appDriver]);
    const email = await t.emailOf(t.w.seekerB);
    expect(ids(expectOk(await a.list(t.w.recruiterX, { search: email })))).toEqual([appB]);
    expect(ids(expectOk(await a.list(t.w.recruiterX, { search: '100%_' })))).toEqual([]);
  });

  it('filters one job, the new applicants, or one status', async () => {
    expect(ids(expectOk(await a.list(t.w.recruiterX, { jobId: picker })))).toEqual([appB, appA]);
    expect(expectOk(await a.list(t.w.recruiterX, { filter: 'Interviewing' })).total).toBe(0);
    expect(expectOk(await a.list(t.w.recruiterX, { filter: 'Applied' })).total).toBe(3);
    expect(expectOk(await a.list(t.w.recruiterX, { filter: 'New' })).total).toBe(3);
  });

  it('refuses a filter, order or page that does not exist (400)', async () => {
    expectRefused(await a.list(t.w.recruiterX, { filter: 'Promoted' }), 400, ApplicantMessages.filter);
    expectRefused(await a.list(t.w.recruiterX, { order: 'salary' }), 400, ApplicantMessages.order);
    expectRefused(await a.list(t.w.recruiterX, { pageSize: 101 }), 400, ApplicantMessages.pageSize);
    expectRefused(await a.list(t.w.recruiterX, { pageNumber: 0 }), 400, ApplicantMessages.page);
  });

  it('leaves out a deleted job’s applicants', async () => {
    const gone = await t.jobs.create('Seasonal Helper');
    const app = await t.applyTo('seekerB', gone);
    expect(ids(expectOk(await a.list(t.w.recruiterX, { pageSize: 100 })))).toContain(app);
    expect((await t.api.remove(t.w.recruiterX, gone)).status).toBe(200);
    expect(ids(expectOk(await a.list(t.w.recruiterX, { pageSize: 100 })))).not.toContain(app);
    expectRefused(await a.one(t.w.recruiterX, app), 404, ApplicantMessages.applicantNotFound);
  });
});

describe('one job’s applicants (job-applicants and its legacy names)', () => {
  it('lists the job’s applicants 25 a page; the legacy names answer the same', async () => {
    const page = expectOk(await a.ofJob(t.w.recruiterX, { jobId: picker }));
    expect(ids(page)).toEqual([appB, appA]);
    expect(page.pageSize).toBe(JOB_APPLICANT_PAGE_SIZE);
    expect(expectOk(await a.ofJob(t.w.recruiterX, { jobId: picker }, '/api/Recruiter/ApplicantsByJobId'))).toEqual(page);
    expect(expectOk(await a.ofJob(t.w.recruiterX, { jobId: picker }, '/api/Recruiter/GetApplicantThroughJobId'))).toEqual(page);
  });

  it('asks for the job (400)', async () => {
    expectRefused(await a.ofJob(t.w.recruiterX, {}), 400, ApplicantMessages.jobNotFound);
  });
});

describe('recent applicants, applicants by job title, jobs with applicants', () => {
  it('answers the newest applicants of the company', async () => {
    const recent = expectOk(await a.recent(t.w.recruiterX)).items;
    expect(recent.slice(0, 3).map((r) => r.id)).toEqual([appDriver, appB, appA]);
  });

  it('counts each job’s applicants, the new ones and by status; by title when searched', async () => {
    const jobs = expectOk(await a.jobsWith(t.w.recruiterX)).items;
    const pick = jobs.find((j) => j.jobId === picker)!;
    expect(pick).toMatchObject({ title: 'Order Picker', status: 'Active', applicants: 2, newApplicants: 2 });
    expect(pick.byStatus).toMatchObject({ Applied: 2, Reviewed: 0, Hired: 0 });
    expect(jobs.map((j) => j.jobId)).toContain(driver);
    const byTitle = expectOk(await a.byTitle(t.w.recruiterX, 'driver')).items;
    expect(byTitle.map((j) => j.jobId)).toEqual([driver]);
  });
});

describe('one applicant (applicant/{id}, AllDetailsOfApplicants, FindJobSeekerThroughAppliedID)', () => {
  it('shows the profile, education, experience, skills matched both ways and the documents of this application', async () => {
    await t.db
      .insert(education)
      .values({ userId: t.w.seekerA.id!, degreeId: 1, level: 1, completionYear: 2013, universityName: 'Fort Vancouver High School' });
    const one = expectOk(await a.one(t.w.recruiterX, appA));
    expect(one).toMatchObject({
      id: appA,
      status: 'Applied',
      jobSeeker: { name: 'Alex Kim' },
      workAuthorization: true,
      sponsorship: false,
    });
    expect(one.education.map((e) => e.university)).toEqual(['Fort Vancouver High School']);
    expect(one.experience).toEqual([]);
    expect(
      one.skills
        .filter((s) => s.match)
        .map((s) => s.id)
        .sort(),
    ).toEqual([SKILL.orderPicking, SKILL.forklift].sort());
    expect(one.skills.find((s) => s.id === SKILL.proofreading)!.match).toBe(false);
    expect(one.jobSkills.map((s) => [s.id, s.match])).toEqual([
      [SKILL.orderPicking, true],
      [SKILL.packing, false],
      [SKILL.forklift, true],
    ]);
    expect(one.jobSkills.every((s) => s.name.length > 0)).toBe(true);
    expect(one.resume).toEqual({
      id: t.docs.resumeA,
      name: 'Alex Kim resume.pdf',
      downloadUrl: `/api/Recruiter/DownloadResume?id=${t.docs.resumeA}`,
    });
    expect(one.coverLetter).toMatchObject({ id: t.docs.letterA, name: 'Alex Kim letter.pdf' });
    expect(one.nextStatuses).toEqual(['Reviewed', 'Interviewing', 'Offered', 'Rejected']);
    expect(expectOk(await a.allDetails(t.w.employerX, appA)).resume).toEqual(one.resume);
    expect(expectOk(await a.findThroughApplied(t.w.employerX, appA)).id).toBe(appA);
  });

  it('has no cover letter when none was sent', async () => {
    const one = expectOk(await a.one(t.w.recruiterX, appB));
    expect(one.coverLetter).toBeNull();
    expect(one.resume?.id).toBe(t.docs.resumeB);
  });

  it('refuses an id that is not one (400) and one that does not exist (404)', async () => {
    expectRefused(await a.one(t.w.recruiterX, 'abc'), 400, ApplicantMessages.applicantNotFound);
    expectRefused(await a.one(t.w.recruiterX, '6f1c3c52-53c3-4d0c-9e7a-3f3c8a4b2d10'), 404, ApplicantMessages.applicantNotFound);
  });
});

describe('new applicants and who saw them first', () => {
  it('an applicant is new until someone of the company opens it; the first to open it is kept', async () => {
    const job = await t.jobs.create('Receiving Clerk');
    const app = await t.applyTo('seekerB', job);
    expect(expectOk(await a.list(t.w.recruiterX, { jobId: job })).items[0]!.isNew).toBe(true);
    expect(expectOk(await a.tasks(t.w.recruiterX)).newApplicants).toBeGreaterThan(0);
    const tasksBefore = expectOk(await a.tasks(t.w.recruiterX));

    // Another company's staff opening it (404) does not count.
    expect((await a.one(t.w.recruiterY, app)).status).toBe(404);
    expect(expectOk(await a.list(t.w.recruiterX, { jobId: job })).items[0]!.isNew).toBe(true);

    const opened = expectOk(await a.one(t.w.recruiterX, app));
    expect(opened.isNew).toBe(false);
    expect(opened.seenBy).toEqual({ id: t.w.recruiterX.id, name: expect.any(String) });
    const seenAt = opened.seenAt;
    t.clock.advance(60_000);
    const again = expectOk(await a.one(t.w.employerX, app));
    expect([again.seenAt, again.seenBy?.id]).toEqual([seenAt, t.w.recruiterX.id]);
    expect(expectOk(await a.list(t.w.recruiterX, { jobId: job })).items[0]!.isNew).toBe(false);
    expect(expectOk(await a.tasks(t.w.recruiterX)).newApplicants).toBe(tasksBefore.newApplicants - 1);
  });

  it('SeenApplicantsInJobs marks chosen applicants, or all of a job, as seen', async () => {
    const job = await t.jobs.create('Night Stocker');
    const one = await t.applyTo('seekerA', job);
    const two = await t.applyTo('seekerB', job);
    const marked = await a.seen(t.w.employerX, { applicantIds: [one] }, 'Employer');
    expect([marked.status, marked.body.data, marked.body.message]).toEqual([200, { seen: 1 }, ApplicantMessages.seen]);
    expect(expectOk(await a.list(t.w.recruiterX, { jobId: job, filter: 'New' })).items.map((i) => i.id)).toEqual([two]);
    expect(expectOk(await a.seen(t.w.recruiterX, { jobId: job })).seen).toBe(1);
    expect(expectOk(await a.seen(t.w.recruiterX, { jobId: job })).seen).toBe(0);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, one));
    expect(row!.seenBy).toBe(t.w.employerX.id);
    expectRefused(await a.seen(t.w.recruiterX, { applicantIds: ['nope'] }), 400, ApplicantMessages.applicantNotFound);
  });
});

describe('DownloadResume', () => {
  it('serves a document sent with an application to the company, as an attachment that is never sniffed', async () => {
    const answer = await a.download(t.w.recruiterX, t.docs.resumeA);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename="Alex Kim resume.pdf"/);
    expect(answer.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await a.download(t.w.employerX, t.docs.letterA, 'Employer')).status).toBe(200);
  });

  it('does not serve a document of the seeker that was not sent to the company', async () => {
    // A cover letter of seeker B never sent with an application.
    const other = await t.document(t.w.seekerB, 'cover-letter', 'private letter.pdf');
    expectRefused(await a.download(t.w.recruiterX, other), 404, ApplicantMessages.documentNotFound);
    expectRefused(await a.download(t.w.recruiterY, t.docs.resumeB), 404, ApplicantMessages.documentNotFound);
  });
});

describe('ResumePreview', () => {
  it('answers the words of a document sent to the company, for its staff only', async () => {
    const preview = expectOk(await a.preview(t.w.recruiterX, t.docs.resumeA));
    expect(preview).toEqual({ name: 'Alex Kim resume.pdf', text: expect.stringContaining('Alex Kim resume.pdf of'), complete: true });
    expect(expectOk(await a.preview(t.w.employerX, t.docs.letterA, 'Employer')).text).toContain('Alex Kim letter.pdf of');
    const other = await t.document(t.w.seekerB, 'cover-letter', 'private letter.pdf');
    expectRefused(await a.preview(t.w.recruiterX, other), 404, ApplicantMessages.documentNotFound);
    expectRefused(await a.preview(t.w.recruiterY, t.docs.resumeA), 404, ApplicantMessages.documentNotFound);
    expectRefused(await a.preview(t.w.recruiterX, 'not-an-id'), 400, ApplicantMessages.documentNotFound);
  });
});

describe('job details and task counts', () => {
  it('answers the job, its newest applicants, the counts and applications over views', async () => {
    const none = expectOk(await a.jobDetails(t.w.recruiterX, driver));
    expect(none).toMatchObject({ applicantCount: 1, clickCount: 0, engagementRate: 0 });
    expect(none.jobPost).toMatchObject({ id: driver, title: 'Delivery Driver', status: 'Active' });
    for (let i = 0; i < 4; i++) await t.calls.click(t.w.anonymous, picker, `10.0.0.${i + 1}`);
    const details = expectOk(await a.jobDetails(t.w.employerX, picker, 'Employer'));
    expect(details).toMatchObject({ applicantCount: 2, clickCount: 4, engagementRate: 0.5 });
    expect(details.applicants.map((x) => x.id)).toEqual([appB, appA]);
  });

  it('counts what waits: new applicants, to review, interviewing, offered', async () => {
    const tasks = expectOk(await a.tasks(t.w.recruiterX));
    expect(tasks.toReview).toBeGreaterThanOrEqual(3);
    expect(tasks.total).toBeGreaterThanOrEqual(tasks.toReview);
    expect(expectOk(await a.tasks(t.w.recruiterY))).toEqual({ newApplicants: 0, toReview: 0, interviewing: 0, offered: 0, total: 0 });
  });
});
