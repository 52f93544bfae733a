import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsOf } from '../../src/contract/index.ts';
import * as jobsContract from '../../src/contract/jobs.ts';
import { expectOk, jobsApp, postJson, type Answer, type Caller, type JobsWorld } from './jobs-support.ts';

// Every call of the jobs area × the people who might make it: an anonymous visitor, job seekers
// A and B, a recruiter and an employer (of the job's company and of another).

let t: JobsWorld;
let job = '';

beforeAll(async () => {
  t = await jobsApp();
  job = await t.jobs.create('Matrix Picker', { jobDetails: { requiresResume: false } });
});
afterAll(async () => t?.f.stop());

type Who = 'anonymous' | 'seekerA' | 'seekerB' | 'recruiterX' | 'employerX' | 'employerY';
const callers = (): Record<Who, Caller> => ({
  anonymous: t.w.anonymous,
  seekerA: t.w.seekerA,
  seekerB: t.w.seekerB,
  recruiterX: t.w.recruiterX,
  employerX: t.w.employerX,
  employerY: t.w.employerY,
});

interface Case {
  route: string;
  call: (c: Caller) => Promise<Answer>;
  /** The status a job seeker gets; staff get 403 and anonymous 401 unless `public`. */
  ok: number;
  public?: boolean;
}

const cases = (): Case[] => [
  { route: 'GET /api/job/job-post/:id', call: (c) => t.calls.jobPost(c, job), ok: 200, public: true },
  { route: 'GET /api/job/GetJobPost', call: (c) => t.calls.getJobPost(c, job), ok: 200, public: true },
  { route: 'POST /api/job/job-click/:id', call: (c) => t.calls.click(c, job, '198.51.100.7'), ok: 200, public: true },
  { route: 'POST /api/job/job-apply/:id', call: (c) => t.calls.applyStart(c, job, '198.51.100.7'), ok: 200, public: true },
  {
    route: 'POST /api/click/log',
    call: (c) => t.calls.clickLog(c, { targetId: job, timestamp: Date.now() }, '198.51.100.8'),
    ok: 200,
    public: true,
  },
  { route: 'GET /api/JobSeeker/job', call: (c) => t.calls.seekerJob(c, job), ok: 200 },
  { route: 'POST /api/JobSeeker/save-job/:id', call: (c) => t.calls.save(c, job), ok: 200 },
  { route: 'DELETE /api/JobSeeker/save-job/:id', call: (c) => t.calls.unsave(c, job), ok: 200 },
  { route: 'POST /api/JobSeeker/saved-jobs', call: (c) => t.calls.saved(c), ok: 200 },
  { route: 'GET /api/JobSeeker/saved-jobs', call: (c) => t.calls.savedGet(c), ok: 200 },
  { route: 'POST /api/JobSeeker/applied-list', call: (c) => t.calls.applied(c), ok: 200 },
  { route: 'POST /api/JobSeeker/ApplyJobList', call: (c) => t.calls.applyJobList(c), ok: 200 },
  { route: 'POST /api/JobSeeker/matched-list', call: (c) => t.calls.matched(c), ok: 200 },
  { route: 'GET /api/JobSeeker/job-list-count', call: (c) => t.calls.counts(c), ok: 200 },
  { route: 'GET /api/JobSeeker/DashboardCount', call: (c) => t.calls.dashboard(c), ok: 200 },
  { route: 'POST /api/JobSeeker/DashboardCount', call: (c) => t.calls.dashboardPost(c), ok: 200 },
  { route: 'POST /api/JobSeeker/apply', call: (c) => t.calls.apply(c, { jobId: job }), ok: 201 },
  { route: 'POST /api/JobSeeker/ApplyJob', call: (c) => t.calls.applyJob(c, { jobId: job }), ok: 200 },
  { route: 'POST /api/JobSeeker/ReportJob', call: (c) => t.calls.report(c, job, { reason: 'misleading' }), ok: 200 },
  { route: 'POST /api/JobSeeker/ResumeTracking', call: (c) => postJson(t.f, '/api/JobSeeker/ResumeTracking', {}, c.token), ok: 200 },
];

describe('the matrix covers the contract', () => {
  it('names every endpoint of the jobs contract', () => {
    const declared = endpointsOf(jobsContract).map((e) => `${e.method} ${e.path}`);
    expect(
      cases()
        .map((c) => c.route)
        .sort(),
    ).toEqual(declared.sort());
  });
});

describe('who may call what', () => {
  it.each(['anonymous', 'seekerA', 'seekerB', 'recruiterX', 'employerX', 'employerY'] as const)('%s', async (who) => {
    const caller = callers()[who];
    const seeker = who === 'seekerA' || who === 'seekerB';
    for (const c of cases()) {
      const answer = await c.call(caller);
      const expected = c.public ? 200 : seeker ? c.ok : who === 'anonymous' ? 401 : 403;
      expect(answer.status, `${c.route} as ${who}: ${answer.body.message}`).toBe(expected);
    }
  });
});

describe('one seeker’s jobs are never another’s', () => {
  it('B sees none of what A saved, applied to or reported', async () => {
    const a = await t.w.person('JobSeeker', null, 'private seeker A', { dateOfBirth: '1990-01-01' });
    const b = await t.w.person('JobSeeker', null, 'private seeker B', { dateOfBirth: '1990-01-01' });
    const saved = await t.jobs.create('A Saved This', { jobDetails: { requiresResume: false } });
    const applied = await t.jobs.create('A Applied Here', { jobDetails: { requiresResume: false } });
    expectOk(await t.calls.save(a, saved));
    expectOk(await t.calls.apply(a, { jobId: applied }), 201);
    expectOk(await t.calls.report(a, saved, { reason: 'scam' }));

    expect(expectOk(await t.calls.saved(b)).items).toEqual([]);
    expect(expectOk(await t.calls.savedGet(b)).items).toEqual([]);
    expect(expectOk(await t.calls.applied(b)).items).toEqual([]);
    expect(expectOk(await t.calls.applyJobList(b)).items).toEqual([]);
    expect(expectOk(await t.calls.counts(b))).toMatchObject({ saved: 0, applied: 0 });
    expect(expectOk(await t.calls.dashboard(b))).toMatchObject({ savedJobs: 0, appliedJobs: 0 });
    for (const id of [saved, applied]) {
      expect(expectOk(await t.calls.seekerJob(b, id)).viewer).toMatchObject({
        isSaved: false,
        hasApplied: false,
        application: null,
        isReported: false,
      });
    }
    // B's unsave of A's saved job touches only B's own list.
    expectOk(await t.calls.unsave(b, saved));
    expect(expectOk(await t.calls.seekerJob(a, saved)).viewer?.isSaved).toBe(true);
    // Applying as B to A's job is B's own application, not A's.
    const mine = expectOk(await t.calls.apply(b, { jobId: applied }), 201);
    const theirs = expectOk(await t.calls.seekerJob(a, applied)).viewer!.application!;
    expect(mine.id).not.toBe(theirs.id);
  });
});
