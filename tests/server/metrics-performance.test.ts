import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERFORMANCE_PAGE_SIZE, Trend, type PerformancePage } from '../../src/contract/metrics.ts';
import { expectOk, metricsApp, type MetricsWorld } from './metrics-support.ts';

// jobposts-performance: each of the company's jobs on one day (today by default) against the day before.

let t: MetricsWorld;
const j: Record<string, string> = {};

/** Now: 2026-06-10 03:00 UTC, which is still June 9th in Los Angeles and already noon on June 10th in Tokyo. */
const NOW = '2026-06-10T03:00:00Z';

beforeAll(async () => {
  t = await metricsApp(NOW);
  const names = ['none-old', 'none-new', 'busy', 'up', 'late', 'same', 'down'];
  for (const [i, name] of names.entries()) j[name] = await t.jobAt(`Job ${name}`, `2026-06-01T${String(10 + i).padStart(2, '0')}:00:00Z`);
  j.closed = await t.jobs.closed('Job closed');
  j.deleted = await t.jobs.deleted('Job deleted');
  j.future = await t.jobAt('Job future', '2026-06-11T00:00:00Z');
  j.ofY = await t.jobAt('Job of Y', '2026-06-01T10:00:00Z', { company: 'y' });
  // June 10th (UTC) against June 9th: activity is views plus application starts.
  t.count(j.busy!, 'view', '2026-06-10T12:00:00Z', 10);
  t.count(j.up!, 'view', '2026-06-10T12:00:00Z', 3);
  t.count(j.up!, 'apply_start', '2026-06-10T13:00:00Z', 1);
  t.count(j.up!, 'view', '2026-06-09T12:00:00Z', 2);
  t.count(j.late!, 'view', '2026-06-10T05:00:00Z', 3); // 22:00 on June 9th in Los Angeles
  t.count(j.same!, 'view', '2026-06-10T12:00:00Z', 1);
  t.count(j.same!, 'apply_start', '2026-06-10T12:00:00Z', 1);
  t.count(j.same!, 'view', '2026-06-09T12:00:00Z', 2);
  t.count(j.down!, 'view', '2026-06-10T23:00:00Z', 1);
  t.count(j.down!, 'apply_start', '2026-06-09T00:00:00Z', 5);
  // Neither impressions nor applications are activity here.
  t.count(j['none-old']!, 'impression', '2026-06-10T12:00:00Z', 40);
  t.count(j['none-old']!, 'application', '2026-06-10T12:00:00Z', 1);
  t.count(j.deleted!, 'view', '2026-06-10T12:00:00Z', 99);
  t.count(j.ofY!, 'view', '2026-06-10T12:00:00Z', 99);
  await t.flush();
}, 60_000);
afterAll(async () => t?.f.app.stop());

const order = (page: PerformancePage) => page.items.map((r) => Object.keys(j).find((k) => j[k] === r.jobPost.id));
const rowOf = (page: PerformancePage, name: string) => page.items.find((r) => r.jobPost.id === j[name])!;

describe('a day’s rows', () => {
  it('gives each job its views and starts on the date and the day before, and the trend between them', async () => {
    const page = expectOk(await t.m.performance(t.w.recruiterX, { date: '2026-06-10' }));
    expect(page.date).toBe('2026-06-10');
    expect(rowOf(page, 'busy')).toMatchObject({ trend: Trend.Up, latest: { clicks: 10, applicationStarts: 0 } });
    expect(rowOf(page, 'up')).toMatchObject({
      trend: Trend.Up,
      latest: { clicks: 3, applicationStarts: 1 },
      dayBefore: { clicks: 2, applicationStarts: 0 },
    });
    expect(rowOf(page, 'same')).toMatchObject({
      trend: Trend.Same,
      latest: { clicks: 1, applicationStarts: 1 },
      dayBefore: { clicks: 2, applicationStarts: 0 },
    });
    expect(rowOf(page, 'down')).toMatchObject({
      trend: Trend.Down,
      latest: { clicks: 1, applicationStarts: 0 },
      dayBefore: { clicks: 0, applicationStarts: 5 },
    });
    expect(rowOf(page, 'none-old')).toMatchObject({
      trend: Trend.None,
      latest: { clicks: 0, applicationStarts: 0 },
      dayBefore: { clicks: 0, applicationStarts: 0 },
    });
    expect(rowOf(page, 'up').jobPost).toEqual({
      id: j.up,
      title: 'Job up',
      status: 'Active',
      place: expect.any(String),
      postingDate: '2026-06-01T13:00:00.000Z',
    });
  });

  it('lists the company’s jobs posted by the date, closed ones too, the most activity first, then the newest; 10 a page with the total', async () => {
    const page = expectOk(await t.m.performance(t.w.employerX, { date: '2026-06-10' }, 'Employer'));
    expect(order(page)).toEqual(['busy', 'up', 'late', 'same', 'down', 'closed', 'none-new', 'none-old']);
    expect(page).toMatchObject({ total: 8, pageNumber: 1, pageSize: PERFORMANCE_PAGE_SIZE });
    expect(rowOf(page, 'closed').jobPost.status).toBe('Closed');
    // The job posted on the 11th is on the list of the 11th.
    const next = expectOk(await t.m.performance(t.w.employerX, { date: '2026-06-11' }));
    expect(next.total).toBe(9);
    expect(order(next)).toContain('future');
  });

  it('pages the rows, and a page past the end is empty with the total', async () => {
    const pages = [];
    for (const pageNumber of [1, 2, 3, 4]) {
      pages.push(expectOk(await t.m.performance(t.w.recruiterX, { date: '2026-06-10', pageNumber, pageSize: 3 })));
    }
    expect(pages.map(order)).toEqual([['busy', 'up', 'late'], ['same', 'down', 'closed'], ['none-new', 'none-old'], []]);
    expect(pages.map((p) => p.total)).toEqual([8, 8, 8, 8]);
  });

  it('reads the days in the viewer’s zone', async () => {
    const utc = expectOk(await t.m.performance(t.w.recruiterX, { date: '2026-06-10' }));
    const la = expectOk(await t.m.performance(t.w.recruiterX, { date: '2026-06-10', timeZone: 'America/Los_Angeles' }));
    // 05:00 UTC on the 10th was the evening of the 9th in Los Angeles.
    expect(rowOf(utc, 'late')).toMatchObject({ trend: Trend.Up, latest: { clicks: 3 }, dayBefore: { clicks: 0 } });
    expect(rowOf(la, 'late')).toMatchObject({ trend: Trend.Down, latest: { clicks: 0 }, dayBefore: { clicks: 3 } });
    // Midnight UTC on the 11th is still the 10th in Los Angeles: the job posted then is on its list.
    expect(order(la)).toContain('future');
    expect(order(utc)).not.toContain('future');
  });

  it('is about today in the viewer’s zone when no date is given', async () => {
    expect(expectOk(await t.m.performance(t.w.recruiterX, {})).date).toBe('2026-06-10');
    expect(expectOk(await t.m.performance(t.w.recruiterX, { timeZone: 'America/Los_Angeles' })).date).toBe('2026-06-09');
    expect(expectOk(await t.m.performance(t.w.recruiterX, { timeZone: 'Asia/Tokyo' })).date).toBe('2026-06-10');
    const la = expectOk(await t.m.performance(t.w.recruiterX, { timeZone: 'America/Los_Angeles' }));
    expect(rowOf(la, 'late').latest.clicks).toBe(3);
  });

  it('answers another company’s staff with their own jobs alone', async () => {
    const y = expectOk(await t.m.performance(t.w.employerY, { date: '2026-06-10' }));
    expect(order(y)).toEqual(['ofY']);
    expect(y.items[0]).toMatchObject({ trend: Trend.Up, latest: { clicks: 99 } });
  });
});
