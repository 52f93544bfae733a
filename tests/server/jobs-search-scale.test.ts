import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeedJobsCli, seedJobs } from '../../server/cli/seed-jobs.ts';
import { searchJobs } from '../../server/jobs/search.ts';
import { TOTAL_COUNT_LIMIT } from '../../server/jobs/search-engine.ts';
import { yearlyTopPay } from '../../server/jobs/search-query.ts';
import { DEMO_CITIES } from '../../server/posting/demo-data.ts';
import { liftsIn, NO_FILTERS, type SearchFilters, type SearchPage, type SearchRequestInput } from '../../src/contract/search.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { allowAll } from './account-support.ts';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';

// The job generator behind the search benchmarks (npm run seed:jobs), and what search does at
// scale: totals counted up to a limit and said to be a lower bound past it, and pages ordered
// nearby first then remote read from the two halves without a gap or a repeat.

let app: TestApp;
const SEEDED = 1200;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []));

async function search(body: SearchRequestInput): Promise<SearchPage> {
  const res = await app.inject({ method: 'POST', url: '/api/JobSeeker/simple-search', payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { data: SearchPage }).data;
}

beforeAll(async () => {
  app = await createTestApp({ adapters: { rateLimiter: allowAll } });
  const progress: number[] = [];
  const result = await seedJobs(app.database, { count: SEEDED, companies: 12, seed: 5, onProgress: (n) => progress.push(n) });
  expect(result.jobs).toBe(SEEDED);
  expect(progress.at(-1)).toBe(SEEDED);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('the job generator', () => {
  it('writes open jobs of the companies it makes, around US cities and some remote, each findable by its title', async () => {
    const [counts] = rowsOf<{ jobs: number; remote: number; placed: number; companies: number; documents: number }>(
      await app.database.db.execute(
        sql`select count(*)::int as jobs, count(*) filter (where is_remote)::int as remote, count(*) filter (where latitude is not null)::int as placed, count(distinct company_id)::int as companies, count(search_document)::int as documents from job_posts where status = 'Active' and valid_through > now()`,
      ),
    );
    expect(counts).toMatchObject({ jobs: SEEDED, companies: 12, documents: SEEDED });
    expect(counts!.remote).toBeGreaterThan(SEEDED * 0.05);
    expect(counts!.placed).toBe(SEEDED - counts!.remote);

    // A nurse's job near Portland is found by its title, within the radius, with the company that posted it.
    const page = await search({
      keyword: 'nurse',
      location: { latitude: 45.5152, longitude: -122.6784, radius: 50 },
      filters: { remote: 'exclude' },
      sort: 'distance',
    });
    expect(page.total).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(item.title).toMatch(/nurs/i);
      expect(item.distanceMiles).toBeLessThanOrEqual(50);
      expect(item.company.name).toMatch(/Cascade Health Partners \d+/);
    }
  });

  it('writes the same jobs for the same seed', async () => {
    // The first 60 jobs of the same seed and number of companies are the first 60 written above.
    const other = await createTestApp();
    try {
      await seedJobs(other.database, { count: 60, companies: 12, seed: 5 });
      const jobsOf = async (t: TestApp) =>
        rowsOf<{ job: string }>(
          await t.database.db.execute(sql`select concat_ws('|', title, latitude, longitude, min_pay, pay_rate) as job from job_posts`),
        ).map((r) => r.job);
      const seeded = new Set(await jobsOf(app));
      const again = await jobsOf(other);
      expect(again).toHaveLength(60);
      expect(again.filter((j) => !seeded.has(j))).toEqual([]);
    } finally {
      await other.stop();
    }
  }, 120_000);

  it('runs from the command line on the embedded database under DATA_DIR, and refuses a count it cannot write', async () => {
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    expect(await runSeedJobsCli(['--count', '0'], {}, out)).toBe(2);
    expect(lines.join('\n')).toContain('--count must be a whole number above 0.');

    lines.length = 0;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-seed-'));
    try {
      expect(await runSeedJobsCli(['--count', '40', '--companies', '2'], { DATA_DIR: dataDir }, out)).toBe(0);
      expect(lines.at(-1)).toMatch(new RegExp(`^Wrote 40 open jobs of 2 companies to the embedded database in .* in [\\d.]+ s\\.$`));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('search at scale', () => {
  it(`counts up to ${TOTAL_COUNT_LIMIT} jobs and says the total is a lower bound past it; below it the total is exact`, async () => {
    // Anywhere (as the legacy calls search): every seeded job matches.
    const anywhere = (filters: Partial<SearchFilters>) =>
      searchJobs(
        app.ctx,
        {
          keyword: null,
          location: null,
          filters: { ...NO_FILTERS, ...filters },
          sort: 'newest',
          pageNumber: 1,
          pageSize: 20,
          asOf: null,
          pins: null,
        },
        { seekerId: null },
      );
    const wide = await anywhere({});
    expect(wide.total).toBe(TOTAL_COUNT_LIMIT);
    expect(wide.totalIsLowerBound).toBe(true);
    // Over HTTP too, a wide circle around the middle of the country.
    const circle = await search({ location: { latitude: 39.8, longitude: -98.6, radius: 500 }, sort: 'newest' });
    expect(circle.totalIsLowerBound).toBe(circle.total === TOTAL_COUNT_LIMIT);

    const [exact] = rowsOf<{ n: number }>(await app.database.db.execute(sql`select count(*)::int as n from job_posts where is_remote`));
    const remote = await anywhere({ remote: 'only' });
    expect(exact!.n).toBeLessThan(TOTAL_COUNT_LIMIT);
    expect(remote.total).toBe(exact!.n);
    expect(remote.totalIsLowerBound).toBe(false);
  });

  it('pages nearby jobs by distance then remote ones newest first; all of them newest, best paid or best matching first; with no gap and no repeat', async () => {
    const place = DEMO_CITIES[3]!; // Denver
    const location = { latitude: place.latitude, longitude: place.longitude, radius: 25 };
    const all = rowsOf<{
      id: string;
      latitude: number | null;
      longitude: number | null;
      posted_at: string;
      is_remote: boolean;
      pay: string | null;
      manager: boolean;
      rank: number;
      lifted: boolean;
    }>(
      await app.database.db.execute(
        sql`select id, latitude, longitude, posted_at, is_remote, ${yearlyTopPay} as pay, search_document @@ to_tsquery('english', 'manager:*') as manager, ts_rank(search_document, to_tsquery('english', 'manager:*')) as rank, 'searchLift' = any(boost_placements) as lifted from job_posts where status = 'Active'`,
      ),
    );
    const found = all
      .map((j) => ({
        ...j,
        pay: j.pay === null ? null : Number(j.pay),
        d: j.is_remote || j.latitude === null ? null : haversineMiles(location.latitude, location.longitude, j.latitude, j.longitude!),
      }))
      .filter((j) => j.is_remote || (j.d !== null && j.d <= location.radius));
    type Found = (typeof found)[number];
    const nullsLast = (a: number | null, b: number | null) => (a === null ? 1 : 0) - (b === null ? 1 : 0) || (a ?? 0) - (b ?? 0);
    const byId = (a: Found, b: Found) => (a.id < b.id ? -1 : 1);
    const newest = (a: Found, b: Found) => new Date(b.posted_at).getTime() - new Date(a.posted_at).getTime();
    const orders = {
      distance: (a: Found, b: Found) => nullsLast(a.d, b.d) || newest(a, b) || byId(a, b),
      relevance: (a: Found, b: Found) => nullsLast(a.d, b.d) || newest(a, b) || byId(a, b),
      pay: (a: Found, b: Found) =>
        nullsLast(a.pay === null ? null : -a.pay, b.pay === null ? null : -b.pay) || nullsLast(a.d, b.d) || byId(a, b),
      newest: (a: Found, b: Found) => newest(a, b) || byId(a, b),
      manager: (a: Found, b: Found) => Number(b.rank) - Number(a.rank) || nullsLast(a.d, b.d) || newest(a, b) || byId(a, b),
    };
    const nearby = found.length - all.filter((j) => j.is_remote).length;
    expect(nearby).toBeGreaterThan(10);
    expect(nearby % 20).not.toBe(0);

    for (const order of ['distance', 'relevance', 'pay', 'newest', 'manager'] as const) {
      // "manager": relevance to the keyword, nearer first at the same match.
      const sort = order === 'manager' ? 'relevance' : order;
      const keyword = order === 'manager' ? 'manager' : null;
      // Premium boosts come first in the orders that lift them (best match and newest).
      const liftedFirst = (a: Found, b: Found) => (liftsIn(sort) ? Number(b.lifted) - Number(a.lifted) : 0);
      const expected = [...found]
        .filter((j) => !keyword || j.manager)
        .sort((a, b) => liftedFirst(a, b) || orders[order](a, b))
        .map((j) => j.id);
      const first = await search({ keyword, location, sort, paging: { pageNumber: 1, pageSize: 20 } });
      const seen: string[] = first.items.map((i) => i.id);
      for (let page = 2; seen.length < expected.length; page++) {
        const next = await search({ keyword, location, sort, paging: { pageNumber: page, pageSize: 20 }, asOf: first.asOf });
        expect(next.items.length).toBeGreaterThan(0);
        seen.push(...next.items.map((i) => i.id));
      }
      expect(seen, order).toEqual(expected);
      expect(first.total, order).toBe(expected.length);
      // A page past the end is empty.
      const past = await search({
        keyword,
        location,
        sort,
        paging: { pageNumber: Math.ceil(expected.length / 20) + 1, pageSize: 20 },
        asOf: first.asOf,
      });
      expect(past.items).toEqual([]);
    }
  }, 60_000);
});
