import { eq, sql as q } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedJobs } from '../../server/cli/seed-jobs.ts';
import { companies, jobPosts } from '../../server/db/schema.ts';
import { searchIndex } from '../../server/jobs/search-index/query.ts';
import { foldCellChanges } from '../../server/jobs/search-postgres.ts';
import { searchIndexReady, searchIndexSync } from '../../server/jobs/search-index/sync.ts';
import { setJobsBoosted } from '../../server/posting/index.ts';
import { rowsOf } from '../../server/db/sql.ts';
import { cityNamed, seededRandom } from '../../server/posting/demo-data.ts';
import { circleBounds } from '../../src/lib/geo.ts';
import { liftsIn, NO_FILTERS, type MapPins, type SearchPage } from '../../src/contract/search.ts';
import { allowAll } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { posting, postingApp, SKILL, type PostingWorld } from './posting-support.ts';
import { DAY, jobAt, PLACES, publishAt, searchApi } from './search-support.ts';

// Search answered by the server's in-memory index must answer exactly as the SQL search does
// (SEARCH_ENGINE=postgres), on the same rows: the same jobs, totals, order, pages and map; and it must
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
  const before = process.env.SEARCH_ENGINE;
  process.env.SEARCH_ENGINE = 'postgres';
  let sql: T;
  try {
    sql = await ask();
  } finally {
    if (before === undefined) delete process.env.SEARCH_ENGINE;
    else process.env.SEARCH_ENGINE = before;
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
  expect(index.clusters.map(({ latitude: _a, longitude: _b, ...c }) => c)).toEqual(
    sql.clusters.map(({ latitude: _a, longitude: _b, ...c }) => c),
  );
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
/** Phrases and or, as web search reads them (websearch_to_tsquery). */
const WEB_KEYWORDS = [
  // 'custom' <-> 'servic': many jobs hold both words apart too
  '"customer service"',
  // both words, never in this order
  '"service customer"',
  // 'promot' <2> 'within' (a stop word between), and without it: nowhere
  '"promote from within"',
  '"promote within"',
  // a hyphenated word is a phrase of its parts ('high-volum':* <-> 'high':* <-> 'volum':*), typed in part too
  'high-volume',
  'high-volu',
  // or, or with and: 'warehous' & 'nurs' | 'driver'; or with minus: !'regist' & 'nurs' | 'driver'
  'nurse or driver',
  'warehouse nurse or driver',
  '-registered nurse or driver',
  'nurse or driver -registered',
  // a phrase or a word, phrases or'ed, and a phrase left out
  '"customer service" or nurse',
  '"registered nurse" or "forklift operator"',
  'customer -"customer service"',
];
/** ts_rank is computed exactly for one word and for or at the top; for several words joined by and it is approximated. */
const EXACT_RANK = new Set<string | null>([
  null,
  'manager',
  'nurse',
  'driv',
  'sales',
  'nurse -registered',
  'qqqzz',
  'nurse or driver',
  'warehouse nurse or driver',
  '-registered nurse or driver',
  'nurse or driver -registered',
  '"customer service" or nurse',
  '"registered nurse" or "forklift operator"',
]);
const SORTS = ['relevance', 'distance', 'newest', 'pay'] as const;
const REMOTE = ['include', 'only', 'exclude'] as const;

describe('the index answers as SQL does', () => {
  it('for every keyword, place, remote choice and sort: the same jobs, total and order', async () => {
    let i = 0;
    for (const keyword of [...KEYWORDS, ...WEB_KEYWORDS]) {
      for (const location of LOCATIONS) {
        for (const sort of SORTS) {
          const remote = REMOTE[i++ % 3]!;
          const body = { keyword, location, sort, filters: { remote }, paging: { pageSize: 50 } };
          const { sql, index } = await both(() => api.find(body));
          const what = JSON.stringify(body);
          expect(index.total, what).toBe(sql.total);
          expect(index.totalIsLowerBound, what).toBe(sql.totalIsLowerBound);
          // Several words joined by and rank by how close they stand in SQL (ts_rank's proximity), by
          // how often and where each one stands in the index: the same jobs, the order may differ among them.
          if (sort === 'relevance' && !EXACT_RANK.has(keyword)) {
            if (sql.total <= 50) expect([...idsOf(index)].sort(), what).toEqual([...idsOf(sql)].sort());
          } else {
            expect(idsOf(index), what).toEqual(idsOf(sql));
            expect(
              index.items.map((x) => x.distanceMiles),
              what,
            ).toEqual(sql.items.map((x) => x.distanceMiles));
          }
        }
      }
    }
  }, 240_000);

  it('for a phrase: only its words standing together, in its order, at its distance', async () => {
    const total = async (keyword: string) => {
      const { sql, index } = await both(() => api.find({ keyword, sort: 'newest', paging: { pageSize: 50 } }));
      expect(idsOf(index), keyword).toEqual(idsOf(sql));
      expect(index.total, keyword).toBe(sql.total);
      return index.total;
    };
    const phrase = await total('"customer service"');
    expect(phrase).toBeGreaterThan(0);
    expect(await total('customer service')).toBeGreaterThan(phrase);
    expect(await total('customer -"customer service"')).toBeGreaterThan(0);
    expect(await total('"service customer"')).toBe(0);
    expect(await total('service customer')).toBeGreaterThan(0);
    expect(await total('"promote from within"')).toBeGreaterThan(0);
    expect(await total('"promote within"')).toBe(0);
    // A phrase left out on its own matches jobs holding none of its words: SQL answers it.
    const before = answered();
    const negated = await api.find({ keyword: '-"customer service"', sort: 'newest' });
    expect(answered()).toBe(before);
    expect(negated.total).toBeGreaterThan(0);
  }, 60_000);

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
        expect({ total: index.total, lower: index.totalIsLowerBound }, JSON.stringify(body)).toEqual({
          total: sql.total,
          lower: sql.totalIsLowerBound,
        });
      }
    }
    const { sql, index } = await both(async () => api.ok(await api.enhanced({ keyword: 'manager' }, w.seeker.token)));
    expect({ ...index, asOf: null }).toEqual({ ...sql, asOf: null });
  }, 60_000);

  it('for the map: pins with page 1 and clusters of any view', async () => {
    for (const location of LOCATIONS) {
      const body = { location, keyword: location ? null : 'manager', flags: { Pins: true } };
      const { sql, index } = await both(() => api.find(body));
      expect(index.pins).not.toBeNull();
      expectSamePins(sql.pins, index.pins);
    }
    // A place alone over a wide circle: the map adds the counts of the grid cells wholly inside it.
    for (const location of [
      { latitude: denver.latitude, longitude: denver.longitude, radius: 150 },
      { latitude: 39.5, longitude: -80, radius: 500 },
    ]) {
      for (const sort of SORTS) {
        const body = { location, sort, flags: { Pins: true } };
        const { sql, index } = await both(() => api.find(body));
        expect(idsOf(index), JSON.stringify(body)).toEqual(idsOf(sql));
        expect({ total: index.total, lower: index.totalIsLowerBound }, JSON.stringify(body)).toEqual({
          total: sql.total,
          lower: sql.totalIsLowerBound,
        });
        expect(index.pins!.zoom, JSON.stringify(body)).toBeLessThanOrEqual(9);
        expectSamePins(sql.pins, index.pins);
      }
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
    await p.saveDraft(w.employerX, {
      jobPostDraftId: draft.jobPostDraftId,
      jobData: { ...draft.jobData, jobDetails: { ...draft.jobData.jobDetails, title: 'Quokka Welder' } },
    });
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
      await db()
        .update(jobPosts)
        .set({ title: `Narwhal Rigger ${round}` })
        .where(eq(jobPosts.id, id));
      expect(await seen()).toEqual([`Narwhal Rigger ${round}`, company]);
      company = `Narwhal Co ${round}`;
      await db()
        .update(companies)
        .set({ displayName: `Narwhal Co ${round}` })
        .where(eq(companies.id, w.x.id));
      expect(await seen()).toEqual([`Narwhal Rigger ${round}`, company]);
    }
    await db().update(companies).set({ displayName: null }).where(eq(companies.id, w.x.id));
    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
  });

  it('leaves a job out once its last day has passed, with no write', async () => {
    const id = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Ibex Packer', 'Pack ibex boxes.'), {
      validThrough: new Date(Date.now() + 2 * DAY),
    });
    expect(idsOf(await api.find({ keyword: 'ibex' }))).toEqual([id]);
    clock.advance(3 * DAY);
    const { sql, index } = await both(() => api.find({ keyword: 'ibex' }));
    expect(idsOf(sql)).toEqual([]);
    expect(idsOf(index)).toEqual([]);
    clock.advance(-3 * DAY);
    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
  });

  it('keeps the map’s counts in step: a job posted, past its last day, closed, and its company hidden', async () => {
    const views = [
      { north: 46.2, south: 45.0, west: -123.4, east: -121.8, zoom: 9 },
      { north: 49, south: 25, west: -125, east: -66, zoom: 4 },
      { north: 85, south: -85, west: -180, east: 180, zoom: 2 },
      // Finer than the grid: its cells' counts split by the map's cells.
      { north: 45.8, south: 45.5, west: -122.9, east: -122.3, zoom: 12 },
    ];
    const place = { latitude: PLACES.vancouver.latitude, longitude: PLACES.vancouver.longitude, radius: 25 };
    /** The clusters of every view and the pins of a search near the jobs, the same from the index as from SQL; the totals. */
    const totals = async () => {
      const out: number[] = [];
      for (const viewport of views) {
        const { sql, index } = await both(async () => api.ok(await api.clusters({ viewport })));
        expectSamePins(sql, index);
        out.push(index.total);
      }
      const { sql, index } = await both(() => api.find({ location: place, flags: { Pins: true } }));
      expectSamePins(sql.pins, index.pins);
      out.push(index.pins!.total);
      return out;
    };
    const plus = (a: number[], n: number) => a.map((t) => t + n);
    const before = await totals();
    const id = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Okapi Sorter', 'Sort okapi parcels.'), {
      validThrough: new Date(Date.now() + 2 * DAY),
    });
    const other = await publishAt(f, actor(), jobAt(PLACES.battleGround, 'Okapi Loader', 'Load okapi parcels.'));
    expect(await totals()).toEqual(plus(before, 2));
    clock.advance(3 * DAY);
    // The job past its last day is left out (and any other job then past its own).
    (await totals()).forEach((t, i) => expect(t).toBeLessThanOrEqual(before[i]! + 1));
    clock.advance(-3 * DAY);
    expect(await totals()).toEqual(plus(before, 2));

    await db().update(companies).set({ blacklisted: true }).where(eq(companies.id, w.x.id));
    // The company's two open jobs are left out.
    expect(await totals()).toEqual(before);
    await db().update(companies).set({ blacklisted: false }).where(eq(companies.id, w.x.id));
    expect(await totals()).toEqual(plus(before, 2));

    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, other));
    expect(await totals()).toEqual(plus(before, 1));
    // The changes folded into the counts: the same map.
    await foldCellChanges(db());
    expect(await totals()).toEqual(plus(before, 1));
    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
    expect(await totals()).toEqual(before);
  });

  it('puts a remote job with a position on the pins of a search near it, in every order', async () => {
    const id = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Tapir Keeper', 'Keep tapirs.'));
    // An administrator's or an import's row: remote, with a position.
    await db().update(jobPosts).set({ isRemote: true }).where(eq(jobPosts.id, id));
    const location = { latitude: portland.latitude, longitude: portland.longitude, radius: 50 };
    for (const sort of SORTS) {
      for (const keyword of [null, 'tapir']) {
        const { sql, index } = await both(() => api.find({ location, keyword, sort, flags: { Pins: true } }));
        expect(idsOf(index)).toEqual(idsOf(sql));
        expect(index.total).toBe(sql.total);
        expect(index.pins).not.toBeNull();
        expectSamePins(sql.pins, index.pins);
      }
    }
    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
  });

  it.each([
    { keyword: '"customer service"', edited: 'Ibis Desk Lead. Lead our desk from home: service to every customer.' },
    { keyword: 'customer service', edited: 'Ibis Desk Lead. Lead our desk from home for every client.' },
    { keyword: 'customer -night', edited: 'Ibis Desk Lead. Lead our customer service desk from home at night.' },
  ])(
    'follows remote jobs matching $keyword, posted, edited and closed after searches near places read them',
    async ({ keyword, edited }) => {
      const denverAt = { latitude: denver.latitude, longitude: denver.longitude, radius: 25 };
      const portlandAt = { latitude: portland.latitude, longitude: portland.longitude, radius: 50 };
      const same = async (location: typeof denverAt, remote: 'include' | 'only', sort: 'newest' | 'distance' = 'newest') => {
        const body = { keyword, location, sort, filters: { remote }, paging: { pageSize: 50 } };
        const { sql, index } = await both(() => api.find(body));
        expect(idsOf(index), JSON.stringify(body)).toEqual(idsOf(sql));
        expect(index.total, JSON.stringify(body)).toBe(sql.total);
        return index;
      };
      // Remote jobs alone: the same wherever the place is.
      const atDenver = await same(denverAt, 'only');
      const atPortland = await same(portlandAt, 'only');
      expect(atDenver.total).toBeGreaterThan(0);
      expect(idsOf(atPortland)).toEqual(idsOf(atDenver));
      expect(atPortland.total).toBe(atDenver.total);
      await same(denverAt, 'include');
      await same(portlandAt, 'include', 'distance');

      // Posted since: found at once, near either place.
      const id = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Ibis Desk Lead', 'Lead our customer service desk from home.'));
      await db().update(jobPosts).set({ isRemote: true }).where(eq(jobPosts.id, id));
      expect(idsOf(await same(denverAt, 'only'))[0]).toBe(id);
      expect(idsOf(await same(portlandAt, 'include'))).toContain(id);
      expect((await same(portlandAt, 'only')).total).toBe(atDenver.total + 1);

      // Edited: its words no longer match.
      await db()
        .update(jobPosts)
        .set({ searchDocument: q`to_tsvector('english', ${edited})` })
        .where(eq(jobPosts.id, id));
      expect(idsOf(await same(denverAt, 'only'))).not.toContain(id);
      expect((await same(portlandAt, 'include')).items.map((i) => i.id)).not.toContain(id);

      // A remote job found before, closed, then open again.
      const kept = idsOf(atDenver)[0]!;
      await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, kept));
      expect(idsOf(await same(portlandAt, 'only'))).not.toContain(kept);
      expect(idsOf(await same(denverAt, 'include'))).not.toContain(kept);
      await db().update(jobPosts).set({ status: 'Active' }).where(eq(jobPosts.id, kept));
      expect(idsOf(await same(denverAt, 'only'))).toContain(kept);
      await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
    },
  );

  it('pages with the first page’s moment while jobs are posted: no repeat, no gap', async () => {
    const location = { latitude: PLACES.vancouver.latitude, longitude: PLACES.vancouver.longitude, radius: 10 };
    for (let k = 0; k < 30; k++)
      await publishAt(f, actor(), jobAt(PLACES.vancouver, `Marmot Loader ${k}`, 'Load marmot crates.'), { daysAgo: k % 7 });
    for (const sort of SORTS) {
      const first = await api.find({ keyword: 'marmot', location, sort, paging: { pageSize: 10 } });
      expect(first.total).toBe(30);
      const seen = idsOf(first);
      for (let pageNumber = 2; pageNumber <= 3; pageNumber++) {
        const added = await publishAt(
          f,
          actor(),
          jobAt(PLACES.vancouver, `Marmot Loader late ${sort} ${pageNumber}`, 'Load marmot crates.'),
          { daysAgo: 0 },
        );
        await db()
          .update(jobPosts)
          .set({ postedAt: new Date(Date.parse(first.asOf) + 1000) })
          .where(eq(jobPosts.id, added));
        const page = await api.find({ keyword: 'marmot', location, sort, paging: { pageNumber, pageSize: 10 }, asOf: first.asOf });
        expect(page.total).toBe(30);
        seen.push(...idsOf(page));
      }
      expect(new Set(seen).size, sort).toBe(30);
      const again = await api.find({ keyword: 'marmot', location, sort, paging: { pageSize: 50 }, asOf: first.asOf });
      expect(idsOf(again).slice(0, 30), sort).toEqual(seen);
      await db()
        .update(jobPosts)
        .set({ status: 'Closed' })
        .where(eq(jobPosts.title, `Marmot Loader late ${sort} 2`));
      await db()
        .update(jobPosts)
        .set({ status: 'Closed' })
        .where(eq(jobPosts.title, `Marmot Loader late ${sort} 3`));
    }
  }, 60_000);
});

describe('a crowded place: the index stops reading once the page and the total are certain', () => {
  // 1,800 jobs (more than are counted) moved to 300 spots (20 rows by 15 columns) of a place far
  // from the others, six jobs a spot: a column's jobs posted at the same moment (half of them a
  // day earlier), a row's paid the same (some jobs without pay), so the order comes down to
  // distance and id.
  const town = { latitude: 38.9, longitude: -101.5 };
  beforeAll(async () => {
    const posted = new Date(Date.now() - 2 * DAY).toISOString();
    await db().execute(q`
      with picked as (
        select id, (row_number() over (order by id) - 1)::int as k from ${jobPosts}
        where status = 'Active' and not is_remote and latitude is not null
        order by id limit 1800)
      update ${jobPosts} j set
        latitude = ${town.latitude}::float8 - 0.4 + ((k % 300) % 20) * 0.04,
        longitude = ${town.longitude}::float8 - 0.5 + ((k % 300) / 20) * 0.066,
        posted_at = ${posted}::timestamptz - ((k % 300) / 20) * interval '1 hour' - (k / 900) * interval '1 day',
        min_pay = 0,
        max_pay = 20 + (k % 300) % 20,
        pay_rate = case when k % 9 = 0 then null else 'Hourly' end
      from picked where j.id = picked.id`);
  });

  it('in every order, page after page, remote jobs in or out: the same jobs and totals as SQL', async () => {
    for (const radius of [25, 50]) {
      for (const remote of ['include', 'exclude'] as const) {
        for (const sort of SORTS) {
          for (const [pageNumber, pageSize] of [
            [1, 20],
            [2, 20],
            [3, 20],
            [4, 20],
            [5, 20],
            [5, 50],
            [55, 20],
          ] as const) {
            const body = { location: { ...town, radius }, sort, filters: { remote }, paging: { pageNumber, pageSize } };
            const { sql, index } = await both(() => api.find(body));
            const what = JSON.stringify(body);
            expect(idsOf(index), what).toEqual(idsOf(sql));
            expect(
              index.items.map((x) => x.distanceMiles),
              what,
            ).toEqual(sql.items.map((x) => x.distanceMiles));
            expect({ total: index.total, lower: index.totalIsLowerBound }, what).toEqual({
              total: sql.total,
              lower: sql.totalIsLowerBound,
            });
          }
        }
      }
    }
    // Centres off the town's middle, on and beside grid lines: the nearest cells are not the centre's.
    for (const [dLat, dLng, radius] of [
      [0.35, 0.45, 30],
      [-0.3, 0.1, 20],
      [0.0879, -0.0879, 40],
      [-0.5, -0.6, 35],
    ] as const) {
      const location = { latitude: town.latitude + dLat, longitude: town.longitude + dLng, radius };
      for (const sort of SORTS) {
        for (const pageNumber of [1, 3]) {
          const body = { location, sort, paging: { pageNumber, pageSize: 25 } };
          const { sql, index } = await both(() => api.find(body));
          expect(idsOf(index), JSON.stringify(body)).toEqual(idsOf(sql));
          expect({ total: index.total, lower: index.totalIsLowerBound }, JSON.stringify(body)).toEqual({
            total: sql.total,
            lower: sql.totalIsLowerBound,
          });
        }
      }
    }
    // With a keyword: the keyword's jobs near the place (and remote ones) alone are read.
    for (const keyword of ['manager', 'sales', '"customer service"', 'nurse or driver', 'driv']) {
      for (const remote of ['include', 'exclude', 'only'] as const) {
        for (const sort of SORTS) {
          const body = { keyword, location: { ...town, radius: 50 }, sort, filters: { remote }, paging: { pageNumber: 2, pageSize: 10 } };
          const { sql, index } = await both(() => api.find(body));
          const what = JSON.stringify(body);
          // (A phrase's rank is close to SQL's, not equal: its pages may hold other jobs.)
          if (sort !== 'relevance' || EXACT_RANK.has(keyword)) expect(idsOf(index), what).toEqual(idsOf(sql));
          expect({ total: index.total, lower: index.totalIsLowerBound }, what).toEqual({ total: sql.total, lower: sql.totalIsLowerBound });
        }
      }
    }
    // Fewer than are counted (one job type): every job is read, the total is exact.
    for (const sort of SORTS) {
      const body = { location: { ...town, radius: 50 }, sort, filters: { jobTypes: [2] }, paging: { pageSize: 20 } };
      const { sql, index } = await both(() => api.find(body));
      expect(sql.totalIsLowerBound, JSON.stringify(body)).toBe(false);
      expect(idsOf(index), JSON.stringify(body)).toEqual(idsOf(sql));
      expect(index.total, JSON.stringify(body)).toBe(sql.total);
    }
  }, 240_000);

  it('reads part of the place for a page of it, all of it for the map', async () => {
    const index = searchIndexSync(db())!.index!;
    const ask = (
      sort: 'distance' | 'newest' | 'pay',
      viewport: { north: number; south: number; west: number; east: number; zoom: number } | null,
    ) =>
      searchIndex(index, {
        terms: null,
        location: { ...town, radius: 50 },
        filters: { ...NO_FILTERS, remote: 'exclude' },
        sort,
        offset: 0,
        limit: 20,
        nowUs: Date.now() * 1000,
        asOfUs: Infinity,
        boostedOnly: false,
        lift: liftsIn(sort),
        reported: null,
        viewport,
        viewOnly: false,
      });
    const all = ask('distance', { north: 39.8, south: 38, west: -102.6, east: -100.4, zoom: 8 }).found;
    expect(all).toBeGreaterThanOrEqual(1800);
    for (const sort of ['distance', 'newest', 'pay'] as const) {
      const found = ask(sort, null).found;
      expect(found, sort).toBeGreaterThan(1000);
      expect(found, sort).toBeLessThan(all);
    }
  });

  it('stops early on the same page as reading every job would give, wherever the place is', () => {
    const index = searchIndexSync(db())!.index!;
    const random = seededRandom(3);
    for (let i = 0; i < 300; i++) {
      const location = {
        latitude: town.latitude + (random() - 0.5) * 1.2,
        longitude: town.longitude + (random() - 0.5) * 1.4,
        radius: 10 + Math.floor(random() * 50),
      };
      const sort = (['distance', 'relevance', 'newest', 'pay'] as const)[i % 4]!;
      const remote = (['include', 'exclude'] as const)[Math.floor(i / 4) % 2]!;
      const limit = 5 + Math.floor(random() * 40);
      const search = {
        terms: null,
        location,
        filters: { ...NO_FILTERS, remote },
        sort,
        offset: Math.floor(random() * 1500),
        limit,
        nowUs: Date.now() * 1000,
        asOfUs: Infinity,
        boostedOnly: false,
        lift: liftsIn(sort),
        reported: null,
        viewOnly: false,
      };
      const box = circleBounds(location.latitude, location.longitude, location.radius);
      // The map wanted: every job of the circle is read.
      const every = searchIndex(index, { ...search, viewport: { ...box, zoom: 8 } });
      const early = searchIndex(index, { ...search, viewport: null });
      const what = JSON.stringify(search);
      expect(early.ids, what).toEqual(every.ids);
      expect(Math.min(early.found, 1001), what).toBe(Math.min(every.found, 1001));
    }
  });

  it('puts lifted jobs (premium) first in best match and newest, page after page, as SQL does', async () => {
    // The generated jobs hold a few premium ones already; forty more in the town, remote ones too.
    const [generated] = rowsOf<{ n: number }>(
      await db().execute(q`select count(*)::int as n from ${jobPosts} where 'searchLift' = any(boost_placements)`),
    );
    expect(generated!.n).toBeGreaterThan(0);
    const picked = await db().execute(q`
      (select id from ${jobPosts} where status = 'Active' and latitude between ${town.latitude - 0.4} and ${town.latitude + 0.4}
        and longitude between ${town.longitude - 0.5} and ${town.longitude + 0.5} order by id desc limit 35)
      union all (select id from ${jobPosts} where status = 'Active' and is_remote order by id desc limit 5)`);
    const ids = rowsOf<{ id: string }>(picked).map((r) => r.id);
    await setJobsBoosted(db(), ids, ['featuredStrip', 'searchLift', 'badge', 'highlightedPin']);
    const lifted = new Set(ids);
    for (const remote of ['include', 'exclude'] as const) {
      for (const sort of SORTS) {
        for (const [pageNumber, pageSize] of [
          [1, 20],
          [2, 20],
          [3, 20],
          [55, 20],
        ] as const) {
          const body = { location: { ...town, radius: 50 }, sort, filters: { remote }, paging: { pageNumber, pageSize } };
          const { sql, index } = await both(() => api.find(body));
          const what = JSON.stringify(body);
          expect(idsOf(index), what).toEqual(idsOf(sql));
          expect({ total: index.total, lower: index.totalIsLowerBound }, what).toEqual({ total: sql.total, lower: sql.totalIsLowerBound });
          if (pageNumber === 1) {
            // Forty and more lifted jobs: a first page of them alone, in the orders that lift.
            const first = index.items.map((i) => i.boostPlacements.includes('searchLift'));
            expect(first.every(Boolean), what).toBe(liftsIn(sort));
            if (liftsIn(sort)) expect(index.items.filter((i) => lifted.has(i.id)).length, what).toBeGreaterThan(0);
          }
        }
      }
    }
    // With a keyword, remote matches read best score first: lifted ones among them too.
    for (const keyword of ['manager', 'sales', 'nurse or driver']) {
      for (const sort of ['relevance', 'newest'] as const) {
        const body = { keyword, location: { ...town, radius: 50 }, sort, paging: { pageNumber: 1, pageSize: 10 } };
        const { sql, index } = await both(() => api.find(body));
        expect(idsOf(index), JSON.stringify(body)).toEqual(idsOf(sql));
        expect(index.total, JSON.stringify(body)).toBe(sql.total);
      }
    }
  }, 120_000);
});
