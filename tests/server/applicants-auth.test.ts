import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as applicantsContract from '../../src/contract/applicants.ts';
import { allEndpoints, endpointsOf } from '../../src/contract/index.ts';
import { ApplicantMessages } from '../../src/contract/applicants.ts';
import { applicantsApp, type Answer, type ApplicantsWorld, type Caller } from './applicants-support.ts';

const EXPIRED = 'Your session has expired. Please sign in again.';
const NO_ACCESS = 'You do not have access to this.';

let t: ApplicantsWorld;
let a: ApplicantsWorld['applicants'];

beforeAll(async () => {
  t = await applicantsApp();
  a = t.applicants;
}, 120_000);
afterAll(async () => t?.f.stop());

/** X's records a call is aimed at, made fresh for each call: a job, seeker A's application to it and its resume. */
interface Target {
  job: string;
  applicant: string;
  resume: string;
}

async function targetOfX(): Promise<Target> {
  const job = await t.jobs.create(`Stock Associate ${randomUUID().slice(0, 6)}`);
  const applicant = await t.applyTo('seekerA', job);
  return { job, applicant, resume: t.docs.resumeA };
}

const fresh = (): Target => ({ job: randomUUID(), applicant: randomUUID(), resume: randomUUID() });

interface RouteCase {
  route: string;
  call: (caller: Caller, t: Target) => Promise<Answer>;
  ok: number;
  /** For calls naming one of X's records: what Y's staff are told (the same as for an id that never existed). */
  notFound?: string;
}

const idCases: RouteCase[] = [
  {
    route: 'GET /api/Recruiter/applicant/:id',
    ok: 200,
    notFound: ApplicantMessages.applicantNotFound,
    call: (c, x) => a.one(c, x.applicant),
  },
  {
    route: 'GET /api/Employer/applicant/:id',
    ok: 200,
    notFound: ApplicantMessages.applicantNotFound,
    call: (c, x) => a.one(c, x.applicant, 'Employer'),
  },
  {
    route: 'POST /api/Recruiter/AllDetailsOfApplicants',
    ok: 200,
    notFound: ApplicantMessages.applicantNotFound,
    call: (c, x) => a.allDetails(c, x.applicant),
  },
  {
    route: 'POST /api/Recruiter/FindJobSeekerThroughAppliedID',
    ok: 200,
    notFound: ApplicantMessages.applicantNotFound,
    call: (c, x) => a.findThroughApplied(c, x.applicant),
  },
  {
    route: 'POST /api/Recruiter/applicant-status',
    ok: 200,
    notFound: ApplicantMessages.applicantNotFound,
    call: (c, x) => a.setStatus(c, { applicantId: x.applicant, status: 'Reviewed' }),
  },
  {
    route: 'POST /api/Employer/applicant-status',
    ok: 200,
    notFound: ApplicantMessages.applicantNotFound,
    call: (c, x) => a.setStatus(c, { applicantId: x.applicant, status: 'Interviewing' }, 'Employer'),
  },
  { route: 'GET /api/Recruiter/job-details/:id', ok: 200, notFound: ApplicantMessages.jobNotFound, call: (c, x) => a.jobDetails(c, x.job) },
  {
    route: 'GET /api/Employer/job-details/:id',
    ok: 200,
    notFound: ApplicantMessages.jobNotFound,
    call: (c, x) => a.jobDetails(c, x.job, 'Employer'),
  },
  {
    route: 'POST /api/Recruiter/job-applicants',
    ok: 200,
    notFound: ApplicantMessages.jobNotFound,
    call: (c, x) => a.ofJob(c, { jobId: x.job }),
  },
  {
    route: 'POST /api/Recruiter/ApplicantsByJobId',
    ok: 200,
    notFound: ApplicantMessages.jobNotFound,
    call: (c, x) => a.ofJob(c, { jobId: x.job }, '/api/Recruiter/ApplicantsByJobId'),
  },
  {
    route: 'POST /api/Recruiter/GetApplicantThroughJobId',
    ok: 200,
    notFound: ApplicantMessages.jobNotFound,
    call: (c, x) => a.ofJob(c, { jobId: x.job }, '/api/Recruiter/GetApplicantThroughJobId'),
  },
  {
    route: 'POST /api/Employer/job-applicants',
    ok: 200,
    notFound: ApplicantMessages.jobNotFound,
    call: (c, x) => a.ofJob(c, { jobId: x.job }, '/api/Employer/job-applicants'),
  },
  {
    route: 'POST /api/Recruiter/applicants',
    ok: 200,
    notFound: ApplicantMessages.jobNotFound,
    call: (c, x) => a.list(c, { jobId: x.job }),
  },
  {
    route: 'GET /api/Recruiter/DownloadResume',
    ok: 200,
    notFound: ApplicantMessages.documentNotFound,
    call: (c, x) => a.download(c, x.resume),
  },
  {
    route: 'GET /api/Recruiter/ResumePreview',
    ok: 200,
    notFound: ApplicantMessages.documentNotFound,
    call: (c, x) => a.preview(c, x.resume),
  },
  {
    route: 'GET /api/Employer/ResumePreview',
    ok: 200,
    notFound: ApplicantMessages.documentNotFound,
    call: (c, x) => a.preview(c, x.resume, 'Employer'),
  },
  {
    route: 'GET /api/Employer/DownloadResume',
    ok: 200,
    notFound: ApplicantMessages.documentNotFound,
    call: (c, x) => a.download(c, x.resume, 'Employer'),
  },
];

const otherCases: RouteCase[] = [
  { route: 'POST /api/Recruiter/applicants (all jobs)', ok: 200, call: (c) => a.list(c, { pageSize: 100 }) },
  { route: 'POST /api/Recruiter/ApplicantsList', ok: 200, call: (c) => a.legacyList(c, { pageSize: 100 }) },
  { route: 'POST /api/Employer/applicants', ok: 200, call: (c) => a.list(c, { pageSize: 100 }, 'Employer') },
  { route: 'GET /api/Recruiter/RecentApplicants', ok: 200, call: (c) => a.recent(c) },
  { route: 'GET /api/Recruiter/ApplicantsByJobTitle', ok: 200, call: (c) => a.byTitle(c, 'Stock') },
  { route: 'GET /api/Recruiter/jobs-with-applicants', ok: 200, call: (c) => a.jobsWith(c) },
  { route: 'GET /api/Employer/jobs-with-applicants', ok: 200, call: (c) => a.jobsWith(c, 'Employer') },
  { route: 'GET /api/Recruiter/AssignTaskCount', ok: 200, call: (c) => a.tasks(c) },
  { route: 'POST /api/Recruiter/SeenApplicantsInJobs', ok: 200, call: (c, x) => a.seen(c, { applicantIds: [x.applicant], jobId: x.job }) },
  { route: 'POST /api/Employer/SeenApplicantsInJobs', ok: 200, call: (c, x) => a.seen(c, { applicantIds: [x.applicant] }, 'Employer') },
];

const staffCases = [...idCases, ...otherCases];

describe('the matrix covers every applicant route', () => {
  it('names each endpoint of the applicants contract', () => {
    const covered = new Set([...staffCases.map((c) => c.route.replace(/ \(.*\)$/, '')), 'POST /api/JobSeeker/withdraw-application']);
    const listed = endpointsOf(applicantsContract as Record<string, unknown>).map((e) => `${e.method} ${e.path}`);
    expect(listed.filter((p) => !covered.has(p))).toEqual([]);
    expect(allEndpoints.filter((e) => e.tag === 'applicants')).toHaveLength(new Set(listed).size);
  });
});

describe.each(staffCases.map((c) => [c.route, c] as const))('%s', (_, c) => {
  it('refuses anonymous callers (401) and job seekers A and B (403), and stores nothing', async () => {
    const x = await targetOfX();
    const before = await t.rowsOf([x.applicant]);
    const anonymous = await c.call(t.w.anonymous, x);
    expect([anonymous.status, anonymous.body.message]).toEqual([401, EXPIRED]);
    for (const seeker of [t.w.seekerA, t.w.seekerB]) {
      const answer = await c.call(seeker, x);
      expect([answer.status, answer.body.message], seeker.label).toEqual([403, NO_ACCESS]);
    }
    expect(await t.rowsOf([x.applicant])).toEqual(before);
  });

  it.each(['recruiterX', 'employerX'] as const)('serves the %s', async (who) => {
    const x = await targetOfX();
    const answer = await c.call(t.w[who], x);
    expect(answer.status, JSON.stringify(answer.body?.state)).toBe(c.ok);
  });

  if (c.notFound) {
    it.each(['recruiterY', 'employerY'] as const)('answers the %s as if X’s record did not exist, and changes nothing', async (who) => {
      const x = await targetOfX();
      const before = await t.rowsOf([x.applicant]);
      const answer = await c.call(t.w[who], x);
      expect([answer.status, answer.body.message]).toEqual([404, c.notFound]);
      expect(await t.rowsOf([x.applicant])).toEqual(before);
      const never = await c.call(t.w[who], fresh());
      expect(never.body).toEqual(answer.body);
    });
  } else {
    it.each(['recruiterY', 'employerY'] as const)('serves the %s with its own company only, and changes nothing of X', async (who) => {
      const x = await targetOfX();
      const before = await t.rowsOf([x.applicant]);
      const answer = await c.call(t.w[who], x);
      expect(answer.status).toBe(c.ok);
      expect(JSON.stringify(answer.body.data)).not.toContain(x.applicant);
      expect(JSON.stringify(answer.body.data)).not.toContain(x.job);
      expect(await t.rowsOf([x.applicant])).toEqual(before);
    });
  }

  it('signs out a switched-off recruiter of X', async () => {
    const x = await targetOfX();
    expect((await c.call(t.w.offRecruiterX, x)).status).toBe(401);
  });
});

describe('POST /api/JobSeeker/withdraw-application', () => {
  it('refuses anonymous callers (401) and every company’s staff (403), and answers seeker B 404 for A’s application; nothing changes', async () => {
    const x = await targetOfX();
    const before = await t.rowsOf([x.applicant]);
    const anonymous = await a.withdraw(t.w.anonymous, { applicationId: x.applicant });
    expect([anonymous.status, anonymous.body.message]).toEqual([401, EXPIRED]);
    for (const staff of [t.w.recruiterX, t.w.employerX, t.w.recruiterY, t.w.employerY]) {
      const answer = await a.withdraw(staff, { applicationId: x.applicant });
      expect([answer.status, answer.body.message], staff.label).toEqual([403, NO_ACCESS]);
    }
    const other = await a.withdraw(t.w.seekerB, { applicationId: x.applicant });
    expect([other.status, other.body.message]).toEqual([404, ApplicantMessages.applicationNotFound]);
    expect((await a.withdraw(t.w.seekerB, { applicationId: randomUUID() })).body).toEqual(other.body);
    expect(await t.rowsOf([x.applicant])).toEqual(before);
    expect((await a.withdraw(t.w.seekerA, { applicationId: x.applicant })).status).toBe(200);
  });
});

describe('access is checked before the request is read', () => {
  it('answers 401 to an anonymous caller and 403 to a seeker before a bad body or id (400)', async () => {
    const bad = { applicantId: 'not-an-id', status: 'Promoted' };
    expect((await a.setStatus(t.w.anonymous, bad)).status).toBe(401);
    expect((await a.setStatus(t.w.seekerA, bad)).status).toBe(403);
    expect((await a.one(t.w.anonymous, 'not-an-id')).status).toBe(401);
    expect((await a.withdraw(t.w.anonymous, { applicationId: 7 })).status).toBe(401);
    expect((await a.withdraw(t.w.recruiterX, { applicationId: 7 })).status).toBe(403);
    const refused = await a.setStatus(t.w.recruiterX, bad);
    expect(refused.status).toBe(400);
  });
});
