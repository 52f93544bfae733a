import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedJobs } from '../../server/cli/seed-jobs.ts';
import { companies, jobPosts } from '../../server/db/schema.ts';
import { searchIndexReady, searchIndexSync } from '../../server/jobs/search-index/sync.ts';
import { cityNamed } from '../../server/posting/demo-data.ts';
import type { MapPins, SearchPage } from '../../src/contract/search.ts';
import { allowAll } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { posting, postingApp, SKILL, type PostingWorld } from './posting-support.ts';
import { DAY, jobAt, PLACES, publishAt, searchApi } from './search-support.ts';

// Search answered by the server's in-memory index must answer exactly as the SQL search does
// (SEARCH_INDEX=0), on the same rows: the same jobs, totals, order, pages and map; and it must
// follow every write at once, and the clock.

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof searchApi>;
let clock: { advance(ms: number): void };

const idsOf = (page: SearchPage) => page.items.map((i) => i.id);
const db = () => f.app.database.db;
const answered = () => searchIndexSync(db())!.answered;

/** The same request answered in SQL and by the index. */
async function both<T>(ask: () => Promise<T>): Promise<{ sql: T; index: T }> {
  const before = process.env.SEARCH_INDEX;
  process.env.SEARCH_INDEX = '0';
  let sql: T;
  try {
    sql = await ask();
  } finally {
    if (before === undefined) delete process.env.SEARCH_INDEX;
    else process.env.SEARCH_INDEX = before;
  }
  const count = answered();
  const index = await ask();
  expect(answered(), 'answered by the index').toBe(count + 1);
  return { sql, index };
}

function expectSamePins(sql: MapPins | null, index: MapPins | null) {
  expect(index === null).toBe(sql === null);
  if (!sql || !index) return;
  expect(index.zoom).toBe(sql.zoom);
  expect(index.total).toBe(sql.total);
  expect(index.clusters.map(({ latitude: _a, longitude: _b, ...c }) => c)).toEqual(sql.clusters.map(({ latitude: _a, longitude: _b, ...c }) => c));
  index.clusters.forEach((c, i) => {
    expect(c.latitude).toBeCloseTo(sql.clusters[i]!.latitude, 9);
    expect(c.longitude).toBeCloseTo(sql.clusters[i]!.longitude, 9);
  });
}

beforeAll(async () => {
  ({ f, w, clock } = await postingApp({ adapters: { rateLimiter: allowAll } }));
  api = searchApi(f);
  await seedJobs(f.app.database, { count: 3000, companies: 12, seed: 11 });
  expect(await searchIndexReady(db())).toBe(true);
}, 180_000);
afterAll(async () => f?.stop());

const denver = cityNamed('Denver');
const portland = cityNamed('Portland');
const LOCATIONS = [
  null,
  { latitude: denver.latitude, longitude: denver.longitude, radius: 25 },
  { latitude: portland.latitude, longitude: portland.longitude, radius: 50 },
  { latitude: 40.7128, longitude: -74.006, radius: 10 },
];
const KEYWORDS = [null, 'manager', 'nurse', 'driv', 'warehouse associate', 'sales', 'registered nurse', 'nurse -registered', 'qqqzz'];
const SORTS = ['relevance', 'distance', 'newest', 'pay'] as const;
const REMOTE = ['include', 'only', 'exclude'] as const;

describe('the index answers as SQL does', () => {
  it('for every keyword, place, remote choice and sort: the same jobs, total and order', async () => {
    let i = 0;
    for (const keyword of KEYWORDS) {
      for (const location of LOCATIONS) {
        for (const sort of SORTS) {
          const remote = REMOTE[i++ % 3]!;
          const body = { keyword, location, sort, filters: { remote }, paging: { pageSize: 50 } };
          const { sql, index } = await both(() => api.find(body));
          const what = JSON.stringify(body);
          expect(index.total, what).toBe(sql.total);
          expect(index.totalIsLowerBound, what).toBe(sql.totalIsLowerBound);
          // Several words rank by how close they stand in SQL (ts_rank's proximity), by how often and
          // where each one stands in the index: the same jobs, the order may differ among them.
          const multiWord = sort === 'relevance' && (keyword?.split(' ').filter((word) => !word.startsWith('-')).length ?? 0) > 1;
          if (multiWord) {
            if (sql.total <= 50) expect([...idsOf(index)].sort(), what).toEqual([...idsOf(sql)].sort());
          } else {
            expect(idsOf(index), what).toEqual(idsOf(sql));
            expect(index.items.map((x) => x.distanceMiles), what).toEqual(sql.items.map((x) => x.distanceMiles));
          }
        }
      }
    }
  }, 240_000);

  it('for every filter', async () => {
    const filters = [
      { jobTypes: [1] },
      { jobTypes: [2, 3] },
      { workSchedule: 1 },
      { schedules: [1, 7] },
      { minimumPay: { amount: 25, rate: 'Hourly' } },
      { minimumPay: { amount: 90000, rate: 'Yearly' } },
      { experience: 1 },
      { postedSince: new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10) },
      { skills: [SKILL.forklift, SKILL.orderPicking] },
      { openToMinors: true },
      { jobTypes: [1], experience: 3, remote: 'exclude' },
    ];
    for (const filter of filters) {
      for (const location of [null, LOCATIONS[1]]) {
        for (const sort of ['newest', 'pay'] as const) {
          const body = { location, sort, filters: filter, paging: { pageSize: 50 } };
          const { sql, index } = await both(() => api.find(body));
          expect(index.total, JSON.stringify(body)).toBe(sql.total);
          expect(idsOf(index), JSON.stringify(body)).toEqual(idsOf(sql));
        }
      }
    }
  }, 120_000);

  it('for later pages, pages past the end and the seeker’s view', async () => {
    const first = await api.find({ sort: 'distance', location: LOCATIONS[2] });
    for (const pageNumber of [2, 5, 40, 60]) {
      const body = { sort: 'distance', location: LOCATIONS[2], paging: { pageNumber }, asOf: first.asOf };
      const { sql, index } = await both(() => api.find(body));
      expect(idsOf(index)).toEqual(idsOf(sql));
      expect({ total: index.total, lower: index.totalIsLowerBound }).toEqual({ total: sql.total, lower: sql.totalIsLowerBound });
    }
    // A circle holding more jobs than are counted: remote jobs are read newest first and stop early.
    const wide = { latitude: 39.5, longitude: -80, radius: 500 };
    for (const sort of ['newest', 'distance', 'relevance', 'pay']) {
      const start = await api.find({ sort, location: wide });
      expect(start.totalIsLowerBound).toBe(true);
      for (const pageNumber of [1, 2, 30, 70]) {
        const body = { sort, location: wide, paging: { pageNumber, pageSize: 20 }, asOf: start.asOf };
        const { sql, index } = await both(() => api.find(body));
        expect(idsOf(index), JSON.stringify(body)).toEqual(idsOf(sql));
        expect({ total: index.total, lower: index.totalIsLowerBound }, JSON.stringify(body)).toEqual({ total: sql.total, lower: sql.totalIsLowerBound });
      }
    }
    const { sql, index } = await both(async () => api.ok(await api.enhanced({ keyword: 'manager' }, w.seeker.token)));
    expect({ ...index, asOf: null }).toEqual({ ...sql, asOf: null });
  }, 60_000);

  it('for the map: pins with page 1 and clusters of any view', async () => {
    for (const location of LOCATIONS) {
      const body = { location, keyword: location ? null : 'manager', pins: true };
      const { sql, index } = await both(() => api.find(body));
      expectSamePins(sql.pins, index.pins);
    }
    const views = [
      { north: 40.2, south: 39.3, west: -105.5, east: -104.5, zoom: 10 },
      { north: 49, south: 25, west: -125, east: -66, zoom: 4 },
      { north: 85, south: -85, west: -180, east: 180, zoom: 1 },
    ];
    for (const viewport of views) {
      for (const request of [{}, { keyword: 'nurse' }, { filters: { remote: 'only' } }, { location: LOCATIONS[1] }]) {
        const { sql, index } = await both(async () => api.ok(await api.clusters({ viewport, ...request })));
        expectSamePins(sql, index);
      }
    }
  }, 60_000);
});

describe('the index follows the database', () => {
  const actor = () => ({ companyId: w.x.id, userId: w.employerX.id! });

  it('finds a job as soon as it is posted, follows its edits, and drops it when closed or deleted', async () => {
    const p = posting(f);
    const job = await p.newJob(w.employerX, jobAt(PLACES.vancouver, 'Zephyr Welder', 'Weld zephyr frames in our shop.'));
    const found = async (keyword: string) => {
      const before = answered();
      const page = await api.find({ keyword });
      expect(answered()).toBe(before + 1);
      return idsOf(page);
    };
    expect(await found('zephyr')).toEqual([job.id]);

    const draft = api.ok(await p.asDraft(w.employerX, job.id));
    await p.saveDraft(w.employerX, { jobPostDraftId: draft.jobPostDraftId, jobData: { ...draft.jobData, jobDetails: { ...draft.jobData.jobDetails, title: 'Quokka Welder' } } });
    expect((await p.republish(w.employerX, draft.jobPostDraftId)).status).toBe(200);
    expect(await found('quokka')).toEqual([job.id]);

    expect((await p.setStatus(w.employerX, job.id, 'Closed')).status).toBe(200);
    expect(await found('quokka')).toEqual([]);
    expect((await p.setStatus(w.employerX, job.id, 'Active')).status).toBe(200);
    expect(await found('quokka')).toEqual([job.id]);

    // A company blacklisted by an administrator, straight in the database.
    await db().update(companies).set({ blacklisted: true }).where(eq(companies.id, w.x.id));
    expect(await found('quokka')).toEqual([]);
    await db().update(companies).set({ blacklisted: false }).where(eq(companies.id, w.x.id));
    expect(await found('quokka')).toEqual([job.id]);

    await p.remove(w.employerX, job.id);
    expect(await found('quokka')).toEqual([]);
  });

  it('shows a job’s and its company’s names as they are now, for pages it answered before', async () => {
    const id = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Narwhal Rigger', 'Rig narwhal cranes.'));
    const seen = async () => {
      const { sql, index } = await both(() => api.find({ keyword: 'narwhal', location: { ...PLACES.vancouver, radius: 10 } }));
      expect({ ...index, asOf: null }).toEqual({ ...sql, asOf: null });
      const item = index.items.find((i) => i.id === id)!;
      return [item.title, item.companyName];
    };
    const before = await seen();
    expect(await seen()).toEqual(before);
    let company = before[1];
    for (let round = 1; round <= 3; round++) {
      await db().update(jobPosts).set({ title: `Narwhal Rigger ${round}` }).where(eq(jobPosts.id, id));
      expect(await seen()).toEqual([`Narwhal Rigger ${round}`, company]);
      company = `Narwhal Co ${round}`;
      await db().update(companies).set({ displayName: `Narwhal Co ${round}` }).where(eq(companies.id, w.x.id));
      expect(await seen()).toEqual([`Narwhal Rigger ${round}`, company]);
    }
    await db().update(companies).set({ displayName: null }).where(eq(companies.id, w.x.id));
    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
  });

  it('leaves a job out once its last day has passed, with no write', async () => {
    const id = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Ibex Packer', 'Pack ibex boxes.'), { validThrough: new Date(Date.now() + 2 * DAY) });
    expect(idsOf(await api.find({ keyword: 'ibex' }))).toEqual([id]);
    clock.advance(3 * DAY);
    const { sql, index } = await both(() => api.find({ keyword: 'ibex' }));
    expect(idsOf(sql)).toEqual([]);
    expect(idsOf(index)).toEqual([]);
    clock.advance(-3 * DAY);
    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
  });

  it('pages with the first page’s moment while jobs are posted: no repeat, no gap', async () => {
    const location = { latitude: PLACES.vancouver.latitude, longitude: PLACES.vancouver.longitude, radius: 10 };
    for (let k = 0; k < 30; k++) await publishAt(f, actor(), jobAt(PLACES.vancouver, `Marmot Loader ${k}`, 'Load marmot crates.'), { daysAgo: k % 7 });
    for (const sort of SORTS) {
      const first = await api.find({ keyword: 'marmot', location, sort, paging: { pageSize: 10 } });
      expect(first.total).toBe(30);
      const seen = idsOf(first);
      for (let pageNumber = 2; pageNumber <= 3; pageNumber++) {
        const added = await publishAt(f, actor(), jobAt(PLACES.vancouver, `Marmot Loader late ${sort} ${pageNumber}`, 'Load marmot crates.'), { daysAgo: 0 });
        await db().update(jobPosts).set({ postedAt: new Date(Date.parse(first.asOf) + 1000) }).where(eq(jobPosts.id, added));
        const page = await api.find({ keyword: 'marmot', location, sort, paging: { pageNumber, pageSize: 10 }, asOf: first.asOf });
        expect(page.total).toBe(30);
        seen.push(...idsOf(page));
      }
      expect(new Set(seen).size, sort).toBe(30);
      const again = await api.find({ keyword: 'marmot', location, sort, paging: { pageSize: 50 }, asOf: first.asOf });
      expect(idsOf(again).slice(0, 30), sort).toEqual(seen);
      await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.title, `Marmot Loader late ${sort} 2`));
      await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.title, `Marmot Loader late ${sort} 3`));
    }
  }, 60_000);
});
