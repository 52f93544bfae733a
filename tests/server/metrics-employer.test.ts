import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployerMetrics } from '../../src/contract/metrics.ts';
import { expectOk, metricsApp, totals, type MetricsWorld } from './metrics-support.ts';

// employer-metrics: the company's days over a range, and its best and worst jobs of the range.

let t: MetricsWorld;
const j: Record<string, string> = {};
const march = { startDate: '2026-03-01', endDate: '2026-03-31' };

beforeAll(async () => {
  t = await metricsApp('2026-02-01T12:00:00Z');
  // Open through March, each with its applications and views of the month.
  const plan: Array<[name: string, posted: string, applications: number, views: number]> = [
    ['one', '2026-02-01T12:00:00Z', 5, 10],
    ['two', '2026-02-02T12:00:00Z', 5, 20],
    ['three', '2026-02-03T12:00:00Z', 3, 100],
    ['four', '2026-02-04T12:00:00Z', 0, 50],
    ['older quiet', '2026-02-05T12:00:00Z', 0, 0],
    ['newer quiet', '2026-02-10T12:00:00Z', 0, 0],
    ['seven', '2026-02-06T12:00:00Z', 1, 1],
    ['eight', '2026-02-07T12:00:00Z', 0, 5],
  ];
  for (const [name, posted, applications, views] of plan) {
    j[name] = await t.jobAt(`Job ${name}`, posted);
    // Spread over the month's days: 10:00 UTC, the same day in UTC and Los Angeles.
    for (let i = 0; i < applications; i++) t.count(j[name]!, 'application', `2026-03-${String(2 + i).padStart(2, '0')}T10:00:00Z`);
    for (let i = 0; i < views; i++) t.count(j[name]!, 'view', `2026-03-${String(2 + (i % 28)).padStart(2, '0')}T10:00:00Z`);
  }
  // Not open on a day of March: closed in February, past its last day before March, posted in April, deleted.
  j.closed = await t.jobAt('Closed in February', '2026-02-01T12:00:00Z');
  t.clock.set('2026-02-15T12:00:00Z');
  expectOk(await t.api.setStatus(t.w.recruiterX, j.closed, 'Closed'));
  j.expired = await t.jobAt('Expired in February', '2026-01-20T12:00:00Z', { openDays: 30 });
  j.april = await t.jobAt('Posted in April', '2026-04-02T12:00:00Z');
  j.deleted = await t.jobs.deleted('Deleted');
  // Y's job, busier than any of X's.
  j.ofY = await t.jobAt('Yarrow Packer', '2026-02-01T12:00:00Z', { company: 'y' });
  t.count(j.ofY, 'application', '2026-03-05T10:00:00Z', 50);
  t.count(j.ofY, 'view', '2026-03-05T10:00:00Z', 500);
  // Every measure of X on two days, and its views just before March in Los Angeles (still March 1st in UTC).
  t.count(j.one!, 'impression', '2026-02-27T10:00:00Z', 40);
  t.count(j.two!, 'impression', '2026-03-02T10:00:00Z', 30);
  t.count(j.three!, 'apply_start', '2026-03-02T11:00:00Z', 6);
  t.count(j.four!, 'message', '2026-03-03T11:00:00Z', 2);
  t.count(j.two!, 'view', '2026-03-01T03:00:00Z', 7);
  await t.flush();
}, 60_000);
afterAll(async () => t?.f.app.stop());

const names = (list: EmployerMetrics['best']) => list.map((r) => Object.keys(j).find((k) => j[k] === r.jobPost.id));

describe('the company’s days', () => {
  it('sums all its jobs day by day, with the range before, and nothing of another company', async () => {
    const m = expectOk(await t.m.company(t.w.employerX, march));
    expect(m.points).toHaveLength(31);
    expect(m.points.reduce((sum, p) => sum + p.clicks, 0)).toBe(m.totals.clicks);
    // 186 views spread over the month, 7 more on the 1st; 14 applications; the other measures.
    expect(m.totals).toEqual(totals({ impressions: 30, clicks: 193, applicationStarts: 6, applications: 14, messagesStarted: 2 }));
    expect(m.points[0]).toEqual({ date: '2026-03-01', ...totals({ clicks: 7 }) });
    expect(m.points[1]).toEqual({
      date: '2026-03-02',
      ...totals({ impressions: 30, clicks: 10, applicationStarts: 6, applications: 4 }),
    });
    expect(m.previous).toEqual({ startDate: '2026-01-29', endDate: '2026-02-28', totals: totals({ impressions: 40 }) });
    // In Los Angeles the 7 views of 03:00 UTC on the 1st were on February 28th.
    const la = expectOk(await t.m.company(t.w.recruiterX, { ...march, timeZone: 'America/Los_Angeles' }));
    expect(la.totals.clicks).toBe(186);
    expect(la.previous.totals.clicks).toBe(7);
  });

  it('answers another company’s staff with their own company alone', async () => {
    const y = expectOk(await t.m.company(t.w.recruiterY, march));
    expect(y.totals).toEqual(totals({ clicks: 500, applications: 50 }));
    expect(names(y.best)).toEqual(['ofY']);
    expect(y.worst).toEqual([]);
  });
});

describe('best and worst jobs', () => {
  it('ranks the jobs open in the range by applications, then views, then the newest; each job in one list, the worst first', async () => {
    const m = expectOk(await t.m.company(t.w.recruiterX, march, 'Employer'));
    expect(names(m.best)).toEqual(['two', 'one', 'three', 'seven', 'four']);
    expect(names(m.worst)).toEqual(['older quiet', 'newer quiet', 'eight']);
    expect(m.best[0]).toMatchObject({
      jobPost: { id: j.two, title: 'Job two', status: 'Active', postingDate: '2026-02-02T12:00:00.000Z' },
      totals: totals({ impressions: 30, clicks: 27, applications: 5 }),
    });
    expect(m.worst[0]!.totals).toEqual(totals());
  });

  it('gives each job its exact totals of the range in the viewer’s zone', async () => {
    const la = expectOk(await t.m.company(t.w.recruiterX, { ...march, timeZone: 'America/Los_Angeles' }));
    expect(la.best[0]).toMatchObject({ jobPost: { id: j.two }, totals: totals({ impressions: 30, clicks: 20, applications: 5 }) });
  });

  it('leaves out jobs that were not open on a day of the range: closed or past their last day before it, posted after it, deleted', async () => {
    const m = expectOk(await t.m.company(t.w.recruiterX, march));
    const listed = [...m.best, ...m.worst].map((r) => r.jobPost.id);
    for (const gone of [j.closed, j.expired, j.april, j.deleted]) expect(listed).not.toContain(gone);
    // In February the closed and the expired job were open, and the April one was not yet.
    const feb = expectOk(await t.m.company(t.w.recruiterX, { startDate: '2026-02-01', endDate: '2026-02-28' }));
    const febListed = [...feb.best, ...feb.worst].map((r) => r.jobPost.id);
    expect(febListed).toHaveLength(10);
    expect(febListed).toEqual(expect.arrayContaining([j.closed, j.expired]));
    expect(febListed).not.toContain(j.april);
  });

  it('answers empty lists for a range before the company had any job', async () => {
    const m = expectOk(await t.m.company(t.w.employerX, { startDate: '2025-06-01', endDate: '2025-06-30' }));
    expect(m).toMatchObject({ best: [], worst: [], totals: totals() });
    expect(m.points.every((p) => p.clicks === 0 && p.impressions === 0)).toBe(true);
  });
});
