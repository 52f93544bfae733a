import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boostTiers } from '../../server/db/schema.ts';
import { MetricsMessages, type JobMetrics } from '../../src/contract/metrics.ts';
import { expectOk, expectRefused, metricsApp, totals, type MetricsWorld } from './metrics-support.ts';

// job-metrics: a job's calendar days in the viewer's time zone, read from its hourly counts.

let t: MetricsWorld;
/** Views at chosen UTC hours around the spring change of America/Los_Angeles (2026-03-08, a 23-hour day). */
let spring: string;
/** One impression in every hour of two weeks around each change of 2026. */
let everyHour: string;

beforeAll(async () => {
  t = await metricsApp('2026-01-05T12:00:00Z');
  spring = await t.jobAt('Forklift Operator', '2026-01-05T12:00:00Z');
  everyHour = await t.jobAt('Night Picker', '2026-01-05T12:00:00Z');
  // Each hour's count is a power of two, so each day's sum names its hours.
  t.count(spring, 'view', '2026-03-07T08:00:00Z', 1); // LA 7th 00:00 PST, Tokyo 7th 17:00
  t.count(spring, 'view', '2026-03-07T23:00:00Z', 2); // LA 7th 15:00, Tokyo 8th 08:00
  t.count(spring, 'view', '2026-03-08T07:00:00Z', 4); // LA 7th 23:00 PST, UTC 8th
  t.count(spring, 'view', '2026-03-08T08:00:00Z', 8); // LA 8th 00:00 PST
  t.count(spring, 'view', '2026-03-09T06:00:00Z', 16); // LA 8th 23:00 PDT (its last hour), UTC 9th
  t.count(spring, 'view', '2026-03-09T07:00:00Z', 32); // LA 9th 00:00 PDT
  t.count(spring, 'view', '2026-03-10T14:30:00Z', 64); // LA 10th 07:30, Tokyo 10th 23:30
  for (const [from, to] of [
    ['2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z'],
    ['2026-10-25T00:00:00Z', '2026-11-08T00:00:00Z'],
  ] as const) {
    for (let at = Date.parse(from); at < Date.parse(to); at += 60 * 60 * 1000) t.count(everyHour, 'impression', new Date(at).toISOString());
  }
  await t.flush();
}, 60_000);
afterAll(async () => t?.f.app.stop());

const viewsByDay = (m: JobMetrics) => Object.fromEntries(m.points.map((p) => [p.date, p.clicks]));
const range = (jobPostId: string, startDate: string, endDate: string, timeZone?: string) => ({
  jobPostId,
  startDate,
  endDate,
  ...(timeZone ? { timeZone } : {}),
});

describe('days in the viewer’s time zone', () => {
  it('puts each hour on the day it starts on there: the same counts, the right days, the same totals in every zone', async () => {
    const utc = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-03-07', '2026-03-10')));
    const la = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-03-07', '2026-03-10', 'America/Los_Angeles')));
    const tokyo = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-03-07', '2026-03-10', 'Asia/Tokyo')));
    expect(viewsByDay(utc)).toEqual({ '2026-03-07': 3, '2026-03-08': 12, '2026-03-09': 48, '2026-03-10': 64 });
    expect(viewsByDay(la)).toEqual({ '2026-03-07': 7, '2026-03-08': 24, '2026-03-09': 32, '2026-03-10': 64 });
    expect(viewsByDay(tokyo)).toEqual({ '2026-03-07': 1, '2026-03-08': 14, '2026-03-09': 48, '2026-03-10': 64 });
    for (const m of [utc, la, tokyo]) {
      expect(m.totals).toEqual(totals({ clicks: 127 }));
      expect(m.points.reduce((sum, p) => sum + p.clicks, 0)).toBe(m.totals.clicks);
    }
    expect([utc.timeZone, la.timeZone, tokyo.timeZone]).toEqual(['UTC', 'America/Los_Angeles', 'Asia/Tokyo']);
  });

  it('has a 23-hour day in spring and a 25-hour day in autumn where the clocks change, and 24-hour days elsewhere', async () => {
    const hours = async (startDate: string, endDate: string, timeZone: string) =>
      expectOk(await t.m.job(t.w.employerX, range(everyHour, startDate, endDate, timeZone))).points.map((p) => p.impressions);
    expect(await hours('2026-03-06', '2026-03-10', 'America/Los_Angeles')).toEqual([24, 24, 23, 24, 24]);
    expect(await hours('2026-10-30', '2026-11-03', 'America/Los_Angeles')).toEqual([24, 24, 25, 24, 24]);
    expect(await hours('2026-03-06', '2026-03-10', 'Asia/Tokyo')).toEqual([24, 24, 24, 24, 24]);
    expect(await hours('2026-10-30', '2026-11-03', 'UTC')).toEqual([24, 24, 24, 24, 24]);
  });

  it('counts the hour across midnight of a half-hour zone on the day it starts', async () => {
    const job = await t.jobAt('Packer', '2026-01-05T12:00:00Z');
    t.count(job, 'view', '2026-03-20T18:00:00Z', 1); // 23:30 on the 20th in Kolkata
    t.count(job, 'view', '2026-03-20T19:00:00Z', 2); // 00:30 on the 21st
    await t.flush();
    const kolkata = expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-03-20', '2026-03-21', 'Asia/Kolkata')));
    expect(kolkata.points.map((p) => p.clicks)).toEqual([1, 2]);
    const utc = expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-03-20', '2026-03-21')));
    expect(utc.points.map((p) => p.clicks)).toEqual([3, 0]);
  });

  it('reads a zone’s name in any case and answers its canonical name', async () => {
    const m = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-03-08', '2026-03-08', 'america/los_angeles')));
    expect(m.timeZone).toBe('America/Los_Angeles');
    expect(m.points).toEqual([{ date: '2026-03-08', ...totals({ clicks: 24 }) }]);
  });
});

describe('a range', () => {
  it('has every day, those without counts as zeros, oldest first; its totals are the sum of its days', async () => {
    const m = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-03-01', '2026-03-10')));
    expect(m.startDate).toBe('2026-03-01');
    expect(m.endDate).toBe('2026-03-10');
    expect(m.points.map((p) => p.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(m.points.map((p) => p.clicks)).toEqual([0, 0, 0, 0, 0, 0, 3, 12, 48, 64]);
    expect(m.points[0]).toEqual({ date: '2026-03-01', ...totals() });
    expect(m.totals.clicks).toBe(127);
  });

  it('is compared with the range of the same length that ends the day before it', async () => {
    const m = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-03-09', '2026-03-10')));
    expect(m.totals).toEqual(totals({ clicks: 112 }));
    expect(m.previous).toEqual({ startDate: '2026-03-07', endDate: '2026-03-08', totals: totals({ clicks: 15 }) });
    const la = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-03-09', '2026-03-10', 'America/Los_Angeles')));
    expect(la.previous).toEqual({ startDate: '2026-03-07', endDate: '2026-03-08', totals: totals({ clicks: 31 }) });
    // A single day against the day before; across a month end and a leap day.
    const day = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-03-08', '2026-03-08')));
    expect(day.previous).toEqual({ startDate: '2026-03-07', endDate: '2026-03-07', totals: totals({ clicks: 3 }) });
    const leap = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2028-03-01', '2028-03-02')));
    expect([leap.previous.startDate, leap.previous.endDate]).toEqual(['2028-02-28', '2028-02-29']);
  });

  it('answers the longest range, 366 days, with a day for each', async () => {
    const m = expectOk(await t.m.job(t.w.recruiterX, range(spring, '2026-01-01', '2027-01-01', 'America/Los_Angeles')));
    expect(m.points).toHaveLength(366);
    expect(m.points.at(-1)!.date).toBe('2027-01-01');
    expect(m.totals.clicks).toBe(127);
    expect(m.previous).toMatchObject({ startDate: '2024-12-31', endDate: '2025-12-31', totals: totals() });
  });

  it('counts every measure under its name', async () => {
    const job = await t.jobAt('Line Cook', '2026-01-05T12:00:00Z');
    t.count(job, 'impression', '2026-04-01T10:00:00Z', 50);
    t.count(job, 'view', '2026-04-01T10:00:00Z', 9);
    t.count(job, 'apply_start', '2026-04-01T11:00:00Z', 4);
    t.count(job, 'application', '2026-04-01T12:00:00Z', 2);
    t.count(job, 'message', '2026-04-02T12:00:00Z', 1);
    await t.flush();
    const m = expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-04-01', '2026-04-02')));
    expect(m.points).toEqual([
      { date: '2026-04-01', ...totals({ impressions: 50, clicks: 9, applicationStarts: 4, applications: 2 }) },
      { date: '2026-04-02', ...totals({ messagesStarted: 1 }) },
    ]);
    expect(m.jobPost).toMatchObject({ id: job, title: 'Line Cook', status: 'Active', postingDate: '2026-01-05T12:00:00.000Z' });
    expect(m.boost).toBeNull();
  });

  it('reads counts written by two processes, and counts flushed twice, once each', async () => {
    const job = await t.jobAt('Barista', '2026-01-05T12:00:00Z');
    const other = t.otherProcess();
    t.count(job, 'view', '2026-04-10T10:00:00Z', 3);
    const back = t.clock.now();
    t.clock.set('2026-04-10T10:20:00Z');
    other.counters.add([job], 'view', 5);
    t.clock.set(back);
    await Promise.all([t.flush(), other.counters.flush()]);
    await Promise.all([t.flush(), other.counters.flush()]);
    const m = expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-04-10', '2026-04-10')));
    expect(m.totals.clicks).toBe(8);
  });
});

describe('which jobs', () => {
  it('answers the company’s closed and expired jobs, and 404 for a deleted, another company’s or an unknown job', async () => {
    const closed = await t.jobs.closed('Closed Cook');
    const expired = await t.jobAt('Old Cashier', '2025-11-01T12:00:00Z', { openDays: 30 });
    expect(expectOk(await t.m.job(t.w.recruiterX, range(closed, '2026-01-01', '2026-01-07'))).jobPost.status).toBe('Closed');
    expect(expectOk(await t.m.job(t.w.employerX, range(expired, '2026-01-01', '2026-01-07'))).jobPost.status).toBe('Expired');
    const deleted = await t.jobs.deleted('Gone Driver');
    const ofY = await t.jobAt('Yarrow Packer', '2026-01-05T12:00:00Z', { company: 'y' });
    for (const id of [deleted, ofY, '00000000-0000-4000-8000-000000000000']) {
      expectRefused(await t.m.job(t.w.recruiterX, range(id, '2026-01-01', '2026-01-07')), 404, MetricsMessages.jobNotFound, 'job.notFound');
    }
    // Y's staff read Y's job, not X's.
    expectOk(await t.m.job(t.w.employerY, range(ofY, '2026-01-01', '2026-01-07'), 'Employer'));
    expectRefused(await t.m.job(t.w.recruiterY, range(spring, '2026-01-01', '2026-01-07')), 404, MetricsMessages.jobNotFound);
  });
});

describe('a boosted job', () => {
  it('shows what its boost cost in the range: each paid period spread evenly over its days, per view and per application', async () => {
    t.clock.set('2026-05-04T00:00:00Z');
    const job = await t.jobAt('Boosted Electrician', '2026-05-04T00:00:00Z');
    await t.addCard(t.w.employerX, undefined, { setAsDefault: true });
    const { subscription } = await t.boost(t.w.employerX, job, { tierId: 'featured', lengthDays: 7 });
    const [invoice] = await t.invoicesOf(subscription.id);
    expect(invoice).toMatchObject({ status: 'paid', totalCents: 3500 });
    t.count(job, 'view', '2026-05-04T10:00:00Z', 6);
    t.count(job, 'view', '2026-05-05T10:00:00Z', 4);
    t.count(job, 'application', '2026-05-05T11:00:00Z', 2);
    await t.flush();
    const [tier] = await t.db.select().from(boostTiers).where(eq(boostTiers.id, 'featured'));

    // Three of its seven days: $15.00 of $35.00, over 10 views and 2 applications.
    const part = expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-05-04', '2026-05-06')));
    expect(part.boost).toEqual({ spentCents: 1500, costPerClickCents: 150, costPerApplicationCents: 750, tierName: tier!.name });
    // The whole period inside the range.
    const whole = expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-05-01', '2026-05-20')));
    expect(whole.boost).toMatchObject({ spentCents: 3500, costPerClickCents: 350, costPerApplicationCents: 1750 });
    // A day without views or applications: a cost, and no cost per view or application.
    const quiet = expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-05-08', '2026-05-08')));
    expect(quiet.boost).toEqual({ spentCents: 500, costPerClickCents: null, costPerApplicationCents: null, tierName: tier!.name });
    // Before and after the boost: none.
    expect(expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-04-20', '2026-05-03'))).boost).toBeNull();
    expect(expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-05-11', '2026-05-12'))).boost).toBeNull();
    // In Los Angeles the 10th starts at 07:00Z: 17 of the period's 168 hours are in the range.
    const la = expectOk(await t.m.job(t.w.recruiterX, range(job, '2026-05-10', '2026-05-11', 'America/Los_Angeles')));
    expect(la.boost!.spentCents).toBe(Math.round((3500 * 17) / 168));
  });
});
