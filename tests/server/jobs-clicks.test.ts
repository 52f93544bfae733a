import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../server/platform/rate-limit.ts';
import { CLICK_LIMITS } from '../../server/jobs/clicks.ts';
import { JobMessages } from '../../src/contract/jobs.ts';
import { expectOk, expectRefused, jobsApp, type JobsWorld } from './jobs-support.ts';

let t: JobsWorld;
/** The rate limiter's clock, moved by the tests. */
let limiterOffset = 0;

beforeAll(async () => {
  t = await jobsApp({ adapters: { rateLimiter: createMemoryRateLimiter(() => Date.now() + limiterOffset) } });
});
afterAll(async () => t?.f.stop());

let ipSeq = 0;
/** A visitor's address of its own, so tests do not share the per-address budget. */
const newIp = () => `203.0.113.${++ipSeq}`;

describe('views of a job’s page (job-click/{id})', () => {
  it('counts an anonymous visitor once per 30 minutes, by address', async () => {
    const id = await t.jobs.create('Viewed Picker');
    const ip = newIp();
    expect(expectOk(await t.calls.click(t.w.anonymous, id, ip))).toEqual({ recorded: true });
    expect(expectOk(await t.calls.click(t.w.anonymous, id, ip))).toEqual({ recorded: false });
    expect(expectOk(await t.calls.click(t.w.anonymous, id, newIp()))).toEqual({ recorded: true });
    expect((await t.clicksOf(id)).views).toBe(2);
    limiterOffset += CLICK_LIMITS.repeatWindowSeconds * 1000;
    expect(expectOk(await t.calls.click(t.w.anonymous, id, ip))).toEqual({ recorded: true });
    expect((await t.clicksOf(id)).views).toBe(3);
  });

  it('counts a signed-in visitor once, whatever the address; another company’s staff count too', async () => {
    const id = await t.jobs.create('Seen By Seekers');
    const ip = newIp();
    expectOk(await t.calls.click(t.w.seekerA, id, ip));
    expect(expectOk(await t.calls.click(t.w.seekerA, id, newIp()))).toEqual({ recorded: false });
    expect(expectOk(await t.calls.click(t.w.seekerB, id, ip))).toEqual({ recorded: true });
    expect(expectOk(await t.calls.click(t.w.employerY, id, ip))).toEqual({ recorded: true });
    expect((await t.clicksOf(id)).views).toBe(3);
  });

  it('does not count the company’s own staff looking at its job', async () => {
    const id = await t.jobs.create('Own Staff View');
    for (const caller of [t.w.recruiterX, t.w.employerX])
      expect(expectOk(await t.calls.click(caller, id, newIp()))).toEqual({ recorded: false });
    expect((await t.clicksOf(id)).views).toBe(0);
  });

  it('counts views of closed and expired jobs, and shows them in the company’s list', async () => {
    const closed = await t.jobs.closed('Closed But Viewed');
    const expired = await t.jobs.expired('Expired But Viewed');
    for (const id of [closed, expired]) expectOk(await t.calls.click(t.w.anonymous, id, newIp()));
    const list = expectOk(await t.api.jobs(t.w.recruiterX, { activeFlag: 2, pageSize: 100 }));
    expect(list.items.find((j) => j.id === closed)!.clicks).toBe(1);
    expect(list.items.find((j) => j.id === expired)!.clicks).toBe(1);
  });

  it('answers 404 for a deleted job or an unknown id and 400 for a bad id, counting nothing', async () => {
    const deleted = await t.jobs.deleted('Deleted Viewed');
    expectRefused(await t.calls.click(t.w.anonymous, deleted, newIp()), 404, JobMessages.jobNotFound);
    expectRefused(await t.calls.click(t.w.anonymous, randomUUID(), newIp()), 404, JobMessages.jobNotFound);
    expectRefused(await t.calls.click(t.w.anonymous, 'nope', newIp()), 400);
    expect((await t.clicksOf(deleted)).views).toBe(0);
  });

  it('limits one address to 300 views and starts every 10 minutes: 429 after that', async () => {
    const id = await t.jobs.create('Hammered Job');
    const ip = newIp();
    for (let i = 0; i < CLICK_LIMITS.perIp.limit; i++) expect((await t.calls.click(t.w.anonymous, id, ip)).status).toBe(200);
    expectRefused(await t.calls.click(t.w.anonymous, id, ip), 429, JobMessages.tooManyRequests);
    expectRefused(await t.calls.applyStart(t.w.anonymous, id, ip), 429);
    expect((await t.clicksOf(id)).views).toBe(1);
    expect((await t.calls.click(t.w.anonymous, id, newIp())).status).toBe(200);
  });
});

describe('application starts (job-apply/{id})', () => {
  it('counts an application start apart from views, once per visitor', async () => {
    const id = await t.jobs.create('Started Applying');
    const ip = newIp();
    expectOk(await t.calls.click(t.w.seekerA, id, ip));
    expect(expectOk(await t.calls.applyStart(t.w.seekerA, id, ip))).toEqual({ recorded: true });
    expect(expectOk(await t.calls.applyStart(t.w.seekerA, id, ip))).toEqual({ recorded: false });
    expect(expectOk(await t.calls.applyStart(t.w.anonymous, id, newIp()))).toEqual({ recorded: true });
    const counted = await t.clicksOf(id);
    expect([counted.views, counted.starts]).toEqual([1, 2]);
    expectRefused(await t.calls.applyStart(t.w.anonymous, randomUUID(), newIp()), 404);
  });
});

describe('the click log (api/click/log)', () => {
  it('counts a view of targetId, taking a timestamp and extra fields', async () => {
    const id = await t.jobs.create('Logged View');
    const answer = await t.calls.clickLog(t.w.anonymous, { targetId: id, timestamp: Date.now(), source: 'search', position: 3 }, newIp());
    expect(expectOk(answer)).toEqual({ recorded: true });
    expectOk(await t.calls.clickLog(t.w.seekerB, { targetId: id, timestamp: new Date().toISOString() }, newIp()));
    // The same visitor through job-click is the same view.
    const ip = newIp();
    expectOk(await t.calls.clickLog(t.w.anonymous, { targetId: id, timestamp: Date.now() }, ip));
    expect(expectOk(await t.calls.click(t.w.anonymous, id, ip))).toEqual({ recorded: false });
    expect((await t.clicksOf(id)).views).toBe(3);
  });

  it('refuses bad input with 400 and a large body with 413', async () => {
    const id = await t.jobs.create('Logged Badly');
    for (const body of [
      {},
      { targetId: id },
      { timestamp: Date.now() },
      { targetId: 'x', timestamp: 1 },
      { targetId: id, timestamp: 'yesterday' },
      [id],
    ]) {
      expectRefused(await t.calls.clickLog(t.w.anonymous, body, newIp()), 400);
    }
    const big = await t.calls.clickLog(t.w.anonymous, { targetId: id, timestamp: 1, note: 'x'.repeat(20_000) }, newIp());
    expect(big.status).toBe(413);
    expect((await t.clicksOf(id)).views).toBe(0);
  });
});
