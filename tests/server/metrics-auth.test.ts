import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsMessages } from '../../src/contract/metrics.ts';
import { expectOk, expectRefused, metricsApp, totals, type Answer, type Caller, type MetricsWorld } from './metrics-support.ts';

// Who may read which metrics, and the requests refused with the field named.

let t: MetricsWorld;
let jobOfX: string;
const week = { startDate: '2026-03-02', endDate: '2026-03-08' };

beforeAll(async () => {
  t = await metricsApp('2026-03-01T12:00:00Z');
  jobOfX = await t.jobAt('Warehouse Associate', '2026-03-01T12:00:00Z');
  t.count(jobOfX, 'view', '2026-03-03T10:00:00Z', 4);
  await t.flush();
}, 60_000);
afterAll(async () => t?.f.app.stop());

type Call = (c: Caller, prefix: 'Recruiter' | 'Employer') => Promise<Answer>;
const calls = (): Record<string, Call> => ({
  'job-metrics': (c, prefix) => t.m.job(c, { jobPostId: jobOfX, ...week }, prefix),
  'employer-metrics': (c, prefix) => t.m.company(c, week, prefix),
  'jobposts-performance': (c, prefix) => t.m.performance(c, { date: '2026-03-03' }, prefix),
});

describe('who reads metrics', () => {
  it('the company’s employer and its recruiters, under either prefix', async () => {
    for (const [name, call] of Object.entries(calls())) {
      for (const prefix of ['Recruiter', 'Employer'] as const) {
        for (const caller of [t.w.employerX, t.w.recruiterX]) {
          const answer = await call(caller, prefix);
          expect(answer.status, `${name} ${prefix} ${caller.label}`).toBe(200);
        }
      }
    }
  });

  it('not a job seeker (403), not anyone signed out (401), not a switched-off recruiter (401)', async () => {
    for (const [name, call] of Object.entries(calls())) {
      for (const prefix of ['Recruiter', 'Employer'] as const) {
        expect((await call(t.w.seekerA, prefix)).status, `${name} ${prefix} seeker`).toBe(403);
        expect((await call(t.w.anonymous, prefix)).status, `${name} ${prefix} anonymous`).toBe(401);
        expect((await call(t.w.offRecruiterX, prefix)).status, `${name} ${prefix} switched-off recruiter`).toBe(401);
      }
    }
  });

  it('another company’s staff: X’s job is not found, and the company calls answer their own company', async () => {
    for (const caller of [t.w.employerY, t.w.recruiterY]) {
      for (const prefix of ['Recruiter', 'Employer'] as const) {
        expectRefused(await t.m.job(caller, { jobPostId: jobOfX, ...week }, prefix), 404, MetricsMessages.jobNotFound, 'job.notFound');
        const company = expectOk(await t.m.company(caller, week, prefix));
        expect(company.totals).toEqual(totals());
        expect([...company.best, ...company.worst]).toEqual([]);
        expect(expectOk(await t.m.performance(caller, { date: '2026-03-03' }, prefix)).items).toEqual([]);
      }
    }
    // X's own staff see X's counts.
    expect(expectOk(await t.m.company(t.w.recruiterX, week)).totals.clicks).toBe(4);
  });

  it('asks for a session before it reads the request: a signed-out caller with a wrong body is 401', async () => {
    expect((await t.m.job(t.w.anonymous, { startDate: 'soon' })).status).toBe(401);
    expect((await t.m.performance(t.w.seekerA, { pageSize: 999 })).status).toBe(403);
  });
});

describe('requests refused with the field named', () => {
  const expectField = (answer: Answer, field: string, message: string) => {
    expectRefused(answer, 400, message, 'request.invalid');
    expect(answer.body.state.fieldErrors).toEqual({ [field]: message });
  };

  it('a malformed or impossible date, a missing one, an end before the start, more than 366 days, an unknown zone', async () => {
    const calls: Array<(body: object) => Promise<Answer>> = [
      (body: object) => t.m.job(t.w.recruiterX, { jobPostId: jobOfX, ...body }),
      (body: object) => t.m.company(t.w.recruiterX, body, 'Employer'),
    ];
    for (const call of calls) {
      expectField(await call({ startDate: '03/02/2026', endDate: '2026-03-08' }), 'startDate', MetricsMessages.startDate);
      expectField(await call({ endDate: '2026-03-08' }), 'startDate', MetricsMessages.startDate);
      expectField(await call({ startDate: '2026-03-02', endDate: '2026-02-30' }), 'endDate', MetricsMessages.endDate);
      expectField(await call({ startDate: '2026-03-02', endDate: 20260308 }), 'endDate', MetricsMessages.endDate);
      expectField(await call({ startDate: '2026-03-08', endDate: '2026-03-07' }), 'endDate', MetricsMessages.endBeforeStart);
      expectField(await call({ startDate: '2025-03-01', endDate: '2026-03-02' }), 'endDate', MetricsMessages.rangeTooLong);
      expectField(await call({ ...week, timeZone: 'Mars/Olympus_Mons' }), 'timeZone', MetricsMessages.timeZone);
      expectField(await call({ ...week, timeZone: '' }), 'timeZone', MetricsMessages.timeZone);
      // 366 days, both ends counted, is the longest range.
      expectOk(await call({ startDate: '2025-03-02', endDate: '2026-03-02' }));
    }
    expectField(await t.m.job(t.w.recruiterX, { jobPostId: 'not-a-job', ...week }), 'jobPostId', MetricsMessages.jobNotFound);
  });

  it('jobposts-performance: a malformed date, an unknown zone, a page from 1, a page size from 1 to 50', async () => {
    const call = (body: object) => t.m.performance(t.w.employerX, body);
    expectField(await call({ date: '2026-6-3' }), 'date', MetricsMessages.date);
    expectField(await call({ date: '2026-02-29' }), 'date', MetricsMessages.date);
    expectField(await call({ timeZone: 'Europe/Atlantis' }), 'timeZone', MetricsMessages.timeZone);
    expectField(await call({ pageNumber: 0 }), 'pageNumber', MetricsMessages.page);
    expectField(await call({ pageNumber: 1.5 }), 'pageNumber', MetricsMessages.page);
    expectField(await call({ pageSize: 51 }), 'pageSize', MetricsMessages.pageSize);
    expectField(await call({ pageSize: 0 }), 'pageSize', MetricsMessages.pageSize);
    expect(expectOk(await call({ pageSize: 50 })).pageSize).toBe(50);
  });
});
