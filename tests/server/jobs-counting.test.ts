import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCountsHourly, jobCountsDaily, jobCountsHourly, jobInvitations } from '../../server/db/schema.ts';
import type { Db } from '../../server/db/client.ts';
import { isBot } from '../../server/platform/bots.ts';
import { createCounters } from '../../server/platform/counters.ts';
import { createMemoryRateLimiter } from '../../server/platform/rate-limit.ts';
import { CLICK_LIMITS } from '../../server/jobs/clicks.ts';
import type { SearchPage } from '../../src/contract/search.ts';
import { SKILL, type Caller } from './posting-support.ts';
import { HOUR, MINUTE, testClock } from './account-support.ts';
import { countsOf, countTableDisagreements, expectOk, seekerCalls } from './jobs-support.ts';
import { messagingApp, type MessagingWorld } from './messaging-support.ts';

/** What a person's browser sends. */
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const clock = testClock();
let t: MessagingWorld;
let db: Db;
/** The jobs area's calls (the world's own `calls` are messaging's). */
let calls: ReturnType<typeof seekerCalls>;

beforeAll(async () => {
  // The 30-minute rule runs on the app's clock, which the tests move.
  t = await messagingApp({ adapters: { now: clock.now, rateLimiter: createMemoryRateLimiter(() => clock.now().getTime()) } });
  db = t.f.app.database.db;
  calls = seekerCalls(t.f);
});
afterAll(async () => t?.f.stop());

let ipSeq = 0;
/** A visitor's address of its own, so tests do not share the per-address budget. */
const newIp = () => `198.51.100.${++ipSeq}`;

const counts = (jobId: string) => countsOf(t.f, jobId);

/** A job's count of one kind per UTC hour, as ISO hours. */
async function hoursOf(jobId: string, kind: (typeof jobCountsHourly.$inferSelect)['kind']) {
  await t.f.app.ctx.counters.flush();
  const rows = await db
    .select({ hour: jobCountsHourly.hour, count: jobCountsHourly.count })
    .from(jobCountsHourly)
    .where(and(eq(jobCountsHourly.jobPostId, jobId), eq(jobCountsHourly.kind, kind)))
    .orderBy(jobCountsHourly.hour);
  return rows.map((r) => [r.hour.toISOString(), r.count]);
}

/** The start of the clock's current UTC hour. */
const thisHour = () => new Date(Math.floor(clock.now().getTime() / HOUR) * HOUR).toISOString();

/** A search page as a browser (or a bot) asks for it. */
async function search(keyword: string, userAgent: string, caller?: Caller) {
  const res = await t.f.app.inject({
    method: 'POST',
    url: '/api/JobSeeker/simple-search',
    payload: { keyword },
    headers: { 'user-agent': userAgent, ...(caller?.token ? { authorization: `Bearer ${caller.token}` } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SearchPage }).data;
}

describe('views and application starts', () => {
  it('count once per visitor and job every 30 minutes, each in the UTC hour it happened', async () => {
    const id = await t.jobs.create('Counted Picker');
    const ip = newIp();
    expectOk(await calls.click(t.w.anonymous, id, ip, BROWSER));
    expectOk(await calls.click(t.w.seekerA, id, newIp(), BROWSER));
    const first = thisHour();
    clock.advance(29 * MINUTE);
    expect(expectOk(await calls.click(t.w.anonymous, id, ip, BROWSER))).toEqual({ recorded: false });
    expect(expectOk(await calls.click(t.w.seekerA, id, newIp(), BROWSER))).toEqual({ recorded: false });
    expect(expectOk(await calls.applyStart(t.w.seekerA, id, newIp(), BROWSER))).toEqual({ recorded: true });
    expect(expectOk(await calls.applyStart(t.w.seekerA, id, newIp(), BROWSER))).toEqual({ recorded: false });
    clock.advance(CLICK_LIMITS.repeatWindowSeconds * 1000 + 2 * HOUR);
    expect(expectOk(await calls.click(t.w.anonymous, id, ip, BROWSER))).toEqual({ recorded: true });
    expect(expectOk(await calls.applyStart(t.w.seekerA, id, newIp(), BROWSER))).toEqual({ recorded: true });
    const later = thisHour();

    expect(await counts(id)).toMatchObject({ views: 3, starts: 2 });
    const views = await hoursOf(id, 'view');
    expect(views[0]).toEqual([first, 2]);
    expect(views.at(-1)).toEqual([later, 1]);
  });

  it('are not counted for the company’s own staff, views nor starts', async () => {
    const id = await t.jobs.create('Staff Looked');
    for (const caller of [t.w.recruiterX, t.w.employerX]) {
      expect(expectOk(await calls.click(caller, id, newIp(), BROWSER))).toEqual({ recorded: false });
      expect(expectOk(await calls.applyStart(caller, id, newIp(), BROWSER))).toEqual({ recorded: false });
      expect(expectOk(await calls.clickLog(caller, { targetId: id, timestamp: Date.now() }, newIp(), BROWSER))).toEqual({
        recorded: false,
      });
    }
    expect(await counts(id)).toMatchObject({ views: 0, starts: 0 });
  });

  it('are not counted for bots, by their user agent; a missing user agent is no browser', async () => {
    const id = await t.jobs.create('Crawled Picker');
    for (const ua of [GOOGLEBOT, 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'curl/8.5.0']) {
      expect(expectOk(await calls.click(t.w.anonymous, id, newIp(), ua))).toEqual({ recorded: false });
      expect(expectOk(await calls.applyStart(t.w.anonymous, id, newIp(), ua))).toEqual({ recorded: false });
      expect(expectOk(await calls.clickLog(t.w.anonymous, { targetId: id, timestamp: Date.now() }, newIp(), ua))).toEqual({
        recorded: false,
      });
    }
    const bare = await t.f.app.inject({ method: 'POST', url: `/api/job/job-click/${id}`, headers: { 'user-agent': '' } });
    expect(bare.json().data).toEqual({ recorded: false });
    expect(await counts(id)).toMatchObject({ views: 0, starts: 0 });
    // A person after them is counted.
    expect(expectOk(await calls.click(t.w.anonymous, id, newIp(), BROWSER))).toEqual({ recorded: true });
    expect((await counts(id)).views).toBe(1);
  });
});

describe('impressions', () => {
  it('count every job of a search page shown to a visitor or a job seeker, not to bots or staff', async () => {
    const keyword = 'Quillfeather';
    const ids = [await t.jobs.create(`${keyword} Packer`), await t.jobs.create(`${keyword} Loader`)];
    expect((await search(keyword, BROWSER)).items.map((i) => i.id).sort()).toEqual([...ids].sort());
    await search(keyword, BROWSER, t.w.seekerA);
    await search(keyword, GOOGLEBOT);
    await search(keyword, BROWSER, t.w.recruiterY);
    for (const id of ids) expect((await counts(id)).impressions).toBe(2);
  });

  it('count the open jobs in a seeker’s saved and matched lists', async () => {
    const id = await t.jobs.create('Saved Impression Picker');
    const closed = await t.jobs.closed('Saved But Closed');
    for (const job of [id, closed]) expectOk(await calls.save(t.w.seekerB, job));
    const saved = expectOk(await calls.saved(t.w.seekerB));
    expect(saved.items.map((i) => i.id)).toEqual(expect.arrayContaining([id, closed]));
    expect((await counts(id)).impressions).toBe(1);
    expect((await counts(closed)).impressions).toBe(0);
    // Matched by a skill the seeker has: shown, so counted.
    const proofreading = await t.jobs.create('Proofreader', { candidateRequirements: { skills: [SKILL.proofreading] } });
    await t.giveSkills(t.w.minor, [SKILL.proofreading]);
    const matched = expectOk(await calls.matched(t.w.minor, { pageSize: 50 }));
    expect(matched.items.map((i) => i.id)).toContain(proofreading);
    expect((await counts(proofreading)).impressions).toBe(1);
  });

  it('count the open jobs of a seeker’s invitations', async () => {
    const open = await t.jobs.create('Invited Picker');
    const closed = await t.jobs.closed('Invited But Closed');
    await db.insert(jobInvitations).values(
      [open, closed].map((jobPostId) => ({
        jobPostId,
        companyId: t.w.x.id,
        jobSeekerId: t.w.seekerB.id!,
        invitedBy: t.w.recruiterX.id!,
      })),
    );
    const res = await t.f.app.inject({
      method: 'GET',
      url: '/api/JobSeeker/invitations',
      headers: { authorization: `Bearer ${t.w.seekerB.token}`, 'user-agent': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect((await counts(open)).impressions).toBe(1);
    expect((await counts(closed)).impressions).toBe(0);
  });
});

describe('applications and conversations', () => {
  it('count an application once, when it is made, and a conversation once, when the staff start it', async () => {
    const { warehouse, forklift } = t.jobsOf;
    // messagingApp applied A and B to the warehouse job and A to the forklift job, through the API.
    expect((await counts(warehouse)).applications).toBe(2);
    expect((await counts(forklift)).applications).toBe(1);
    // Applying again answers the first application and counts nothing.
    const again = await calls.apply(t.w.seekerB, { jobId: warehouse, resumeId: t.docs.resumeB, workAuthorization: true });
    expect(again.status).toBe(200);
    expect((await counts(warehouse)).applications).toBe(2);

    expect((await counts(warehouse)).messages).toBe(0);
    await t.open(t.apps.aWarehouse, warehouse);
    await t.open(t.apps.aWarehouse, warehouse);
    await t.open(t.apps.bWarehouse, warehouse, t.w.employerX);
    expect((await counts(warehouse)).messages).toBe(2);
  });
});

describe('the counters', () => {
  /** The company of X's jobs and a job of it to count into. */
  const someJob = () => t.jobs.create(`Counted ${randomUUID().slice(0, 8)}`);

  it('of several processes counting the same jobs at once add up exactly: no flush fails, nothing is counted twice', async () => {
    const jobs: string[] = [];
    for (let i = 0; i < 40; i++) jobs.push(await someJob());
    let at = clock.now();
    const log = { error: () => {} };
    const processes = Array.from({ length: 3 }, () => createCounters(db, { now: () => at, log }));
    // 20 rounds over two hours, every process flushing at the same moments. They add the same rows
    // in opposite orders, as busy servers would; on PostgreSQL their flushes overlap and must not deadlock.
    for (let round = 0; round < 20; round++) {
      for (const [p, counters] of processes.entries()) {
        const order = p % 2 === 0 ? jobs : [...jobs].reverse();
        counters.add(order, 'impression', 3);
        counters.add(order, 'view');
      }
      await Promise.all(processes.map((c) => c.flush()));
      if (round === 9) at = new Date(at.getTime() + HOUR);
    }
    await Promise.all(processes.map((c) => c.stop()));
    for (const id of [jobs[0]!, jobs[17]!, jobs[39]!]) expect(await counts(id)).toMatchObject({ impressions: 3 * 20 * 3, views: 3 * 20 });
    expect(await countTableDisagreements(db)).toBe(0);
  });

  it('keep what a failed flush held, and write it with the next one', async () => {
    const id = await someJob();
    let failing = true;
    // A database that refuses transactions while `failing`: the flush fails as it would on a dropped connection.
    const flaky = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'transaction' && failing) return async () => Promise.reject(new Error('connection lost'));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const counters = createCounters(flaky, { now: clock.now, log: { error: () => {} } });
    counters.add([id], 'impression', 5);
    await expect(counters.flush()).rejects.toThrow('connection lost');
    counters.add([id], 'impression', 2);
    failing = false;
    await counters.flush();
    expect((await counts(id)).impressions).toBe(7);
  });

  it('keep the three tables in agreement: company hours and UTC days are sums of the job hours', async () => {
    const [a, b] = [await someJob(), await someJob()];
    // Across a UTC midnight: 23:00 and 00:00 fall on two days.
    const midnight = Date.UTC(2031, 2, 9);
    let at = new Date(midnight - HOUR);
    const counters = createCounters(db, { now: () => at, log: { error: () => {} } });
    counters.add([a, b], 'impression', 4);
    counters.add([a], 'view', 2);
    at = new Date(midnight + 30 * MINUTE);
    counters.add([a, b], 'impression', 6);
    await counters.flush();

    const day = (d: number) => new Date(d).toISOString().slice(0, 10);
    const daily = await db
      .select({ day: jobCountsDaily.day, count: jobCountsDaily.count })
      .from(jobCountsDaily)
      .where(and(eq(jobCountsDaily.jobPostId, a), eq(jobCountsDaily.kind, 'impression')))
      .orderBy(jobCountsDaily.day);
    expect(daily).toEqual([
      { day: day(midnight - HOUR), count: 4 },
      { day: day(midnight), count: 6 },
    ]);
    const company = await db
      .select({ hour: companyCountsHourly.hour, count: companyCountsHourly.count })
      .from(companyCountsHourly)
      .where(
        and(
          eq(companyCountsHourly.companyId, t.w.x.id),
          eq(companyCountsHourly.kind, 'impression'),
          sql`${companyCountsHourly.hour} >= ${new Date(midnight - HOUR).toISOString()}::timestamptz`,
        ),
      )
      .orderBy(companyCountsHourly.hour);
    expect(company.map((r) => r.count)).toEqual([8, 12]);
    expect(await countTableDisagreements(db)).toBe(0);
  });
});

describe('isBot', () => {
  it('knows crawlers, previewers, headless browsers and script clients, and not people’s browsers', () => {
    const bots = [
      GOOGLEBOT,
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'DuckDuckBot-Https/1.1; (+https://duckduckgo.com/duckduckbot)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'python-requests/2.32.3',
      'Go-http-client/1.1',
      '',
      undefined,
    ];
    for (const ua of bots) expect(isBot(ua), String(ua)).toBe(true);
    const people = [
      BROWSER,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ];
    for (const ua of people) expect(isBot(ua), ua).toBe(false);
  });
});
