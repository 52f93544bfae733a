import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedJobs } from '../../server/cli/seed-jobs.ts';
import { loadConfig } from '../../server/config.ts';
import { companies, jobPosts } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/sql.ts';
import { foldCellChanges, sweepExpired } from '../../server/jobs/search-postgres.ts';
import type { MapPins, SearchPage } from '../../src/contract/search.ts';
import { cellOf, gridZoomFor } from '../../src/lib/map-grid.ts';
import { EARTH_RADIUS_MILES, RADIANS_PER_DEGREE } from '../../src/lib/geo.ts';
import { allowAll } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { postingApp, type PostingWorld } from './posting-support.ts';
import { DAY, jobAt, PLACES, publishAt, searchApi } from './search-support.ts';

// The PostgreSQL search engine on its own (SEARCH_ENGINE=postgres): its copy of the findable jobs
// follows every write, its map counts match the jobs they count (folded or not), jobs past their
// last day leave the copy without a job still open ever leaving it, and writers of jobs in one
// place never wait for each other on a shared count.

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof searchApi>;
let clock: { advance(ms: number): void; now(): Date };
const db = () => f.app.database.db;
const actor = () => ({ companyId: w.x.id, userId: w.employerX.id! });
const idsOf = (page: SearchPage) => page.items.map((i) => i.id);

const US = { north: 49, south: 25, west: -125, east: -66, zoom: 4 };
const WORLD = { north: 85, south: -85, west: -180, east: 180, zoom: 2 };

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await db().execute(query));
  return Number(row?.n ?? 0);
}

/** Open positioned jobs as job_posts has them, and as job_search and its counts (with their changes) do. */
async function counts(at: Date) {
  return {
    open: await count(sql`select count(*) as n from job_posts j join companies c on c.id = j.company_id
      where j.status = 'Active' and j.valid_through > ${at.toISOString()}::timestamptz and c.active and not c.blacklisted
      and j.latitude is not null and j.longitude is not null`),
    copy: await count(
      sql`select count(*) as n from job_search where earth is not null and valid_through > ${at.toISOString()}::timestamptz`,
    ),
    cells: await count(sql`select coalesce(sum(jobs), 0) as n from (
      select jobs from job_search_cells where zoom = 1 union all select jobs from job_search_cell_changes where zoom = 1) c`),
  };
}

beforeAll(async () => {
  process.env.SEARCH_ENGINE = 'postgres';
  ({ f, w, clock } = await postingApp({ adapters: { rateLimiter: allowAll } }));
  api = searchApi(f);
  await seedJobs(f.app.database, { count: 600, companies: 6, seed: 29 });
}, 120_000);
afterAll(async () => {
  delete process.env.SEARCH_ENGINE;
  await f?.stop();
});

describe('choosing the engine', () => {
  it('takes index or postgres, and refuses to start with anything else, saying so', () => {
    for (const engine of ['index', 'postgres']) expect(() => loadConfig({ NODE_ENV: 'test', SEARCH_ENGINE: engine })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test', SEARCH_ENGINE: 'elastic' })).toThrow('SEARCH_ENGINE must be index or postgres');
  });
});

describe('the PostgreSQL search engine', () => {
  it('writes places on the sphere of src/lib/geo.ts, so its nearest first is the great circle’s', async () => {
    for (const [lat, lng] of [
      [45.6387, -122.6615],
      [-33.87, 151.21],
      [0, 180],
    ] as const) {
      const [row] = rowsOf<{ p: string }>(await db().execute(sql`select job_search_point(${lat}::float8, ${lng}::float8)::text as p`));
      const [x, y, z] = row!.p.replace(/[()]/g, '').split(',').map(Number) as [number, number, number];
      const r = (d: number) => d * RADIANS_PER_DEGREE;
      expect(x).toBeCloseTo(EARTH_RADIUS_MILES * Math.cos(r(lat)) * Math.cos(r(lng)), 6);
      expect(y).toBeCloseTo(EARTH_RADIUS_MILES * Math.cos(r(lat)) * Math.sin(r(lng)), 6);
      expect(z).toBeCloseTo(EARTH_RADIUS_MILES * Math.sin(r(lat)), 6);
    }
  });

  it('keeps its copy and its map counts with every write: posted, moved, closed, company hidden and back', async () => {
    const start = await counts(clock.now());
    expect(start.copy).toBe(start.open);
    expect(start.cells).toBe(start.open);

    const id = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Heron Sorter', 'Sort heron parcels.'));
    expect(idsOf(await api.find({ keyword: 'heron' }))).toEqual([id]);
    await db().update(jobPosts).set({ latitude: 40.7128, longitude: -74.006 }).where(eq(jobPosts.id, id));
    await db().update(companies).set({ blacklisted: true }).where(eq(companies.id, w.x.id));
    expect(idsOf(await api.find({ keyword: 'heron' }))).toEqual([]);
    await db().update(companies).set({ blacklisted: false }).where(eq(companies.id, w.x.id));
    const near = { latitude: 40.7128, longitude: -74.006, radius: 5 };
    expect(idsOf(await api.find({ keyword: 'heron', location: near }))).toEqual([id]);

    const now = await counts(clock.now());
    expect(now).toEqual({ open: start.open + 1, copy: start.open + 1, cells: start.open + 1 });
    await foldCellChanges(db());
    expect(await count(sql`select count(*) as n from job_search_cell_changes`)).toBe(0);
    expect(await counts(clock.now())).toEqual(now);

    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
    expect(await counts(clock.now())).toEqual(start);
  });

  it('answers a map of the country and the world from its counts as grouping every job would, folded or not', async () => {
    /** The view's markers computed here from every positioned job: cell ids and counts. */
    const expected = async (viewport: typeof US) => {
      const zoom = gridZoomFor(viewport);
      const jobs = rowsOf<{ latitude: number; longitude: number }>(
        await db().execute(sql`select latitude, longitude from job_search where earth is not null
          and valid_through > ${clock.now().toISOString()}::timestamptz`),
      ).filter(
        (j) => j.latitude >= viewport.south && j.latitude <= viewport.north && j.longitude >= viewport.west && j.longitude <= viewport.east,
      );
      const cells = new Map<string, number>();
      for (const j of jobs) {
        const { id } = cellOf(j.latitude, j.longitude, zoom);
        cells.set(id, (cells.get(id) ?? 0) + 1);
      }
      return [...cells.entries()].sort(([a], [b]) => a.localeCompare(b));
    };
    const markers = (pins: MapPins) => pins.clusters.map((c) => [c.id, c.count] as const).sort(([a], [b]) => a.localeCompare(b));
    await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Plover Sorter', 'Sort plover parcels.'));
    for (const viewport of [US, WORLD]) {
      const before = (await api.ok(await api.clusters({ viewport }))) as MapPins;
      expect(markers(before)).toEqual(await expected(viewport));
      await foldCellChanges(db());
      const folded = (await api.ok(await api.clusters({ viewport }))) as MapPins;
      expect(folded.clusters).toEqual(before.clusters);
      expect(folded.total).toBeGreaterThan(0);
    }
  });

  it('finds a keyword near a crowded place through the place tokens, which no keyword ever matches', async () => {
    const id = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Avocet Sorter', 'Sort avocet parcels.'));
    const near = { latitude: PLACES.vancouver.latitude, longitude: PLACES.vancouver.longitude, radius: 25 };
    for (const radius of [5, 25, 100, 500])
      expect(idsOf(await api.find({ keyword: 'avocet', location: { ...near, radius } }))).toEqual([id]);
    const far = { latitude: 40.7128, longitude: -74.006, radius: 25 };
    expect(idsOf(await api.find({ keyword: 'avocet', location: far, filters: { remote: 'exclude' } }))).toEqual([]);
    // The tokens' text typed as a keyword matches no more jobs in the copy than their own words do.
    for (const keyword of ['p', 'p9r', 'p5r1c2']) {
      const query = sql`to_tsquery('english', ${`${keyword}:*`})`;
      expect(await count(sql`select count(*) as n from job_search where search_document @@ ${query}`), keyword).toBe(
        await count(sql`select count(*) as n from job_search s join job_posts j on j.id = s.id where j.search_document @@ ${query}`),
      );
    }
    await db().update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, id));
  });

  it('sweeps jobs past their last day out of its copy, and never a job still open at real time', async () => {
    const soon = await publishAt(f, actor(), jobAt(PLACES.vancouver, 'Egret Loader', 'Load egret parcels.'), {
      validThrough: new Date(Date.now() + 2 * DAY),
    });
    const inCopy = () => count(sql`select count(*) as n from job_search where id = ${soon}`);
    // The app's clock three days on: the job is past its last day there, not at real time.
    clock.advance(3 * DAY);
    expect(idsOf(await api.find({ keyword: 'egret' }))).toEqual([]);
    await sweepExpired(db(), clock.now());
    expect(await inCopy()).toBe(1);
    clock.advance(-3 * DAY);
    expect(idsOf(await api.find({ keyword: 'egret' }))).toEqual([soon]);

    // Past its last day at both: swept, and out of the counts.
    await db()
      .update(jobPosts)
      .set({ validThrough: new Date(Date.now() - 60_000) })
      .where(eq(jobPosts.id, soon));
    const before = await counts(clock.now());
    expect(before.cells).toBe(before.open + 1);
    const pins = (await api.ok(await api.clusters({ viewport: WORLD }))) as MapPins;
    expect(pins.total, 'a map left without it before the sweep').toBe(before.open);
    await sweepExpired(db(), clock.now());
    expect(await inCopy()).toBe(0);
    expect((await counts(clock.now())).cells).toBe(before.open);
    // Renewed: back at once.
    await db()
      .update(jobPosts)
      .set({ validThrough: new Date(Date.now() + 30 * DAY) })
      .where(eq(jobPosts.id, soon));
    expect(idsOf(await api.find({ keyword: 'egret' }))).toEqual([soon]);
  });

  it('lets two writers of jobs in one place commit in any order, neither waiting for the other', async () => {
    if (f.app.database.kind !== 'postgres') return;
    const make = (title: string) => publishAt(f, actor(), jobAt(PLACES.vancouver, title, 'Load parcels.'), { status: 'Closed' });
    const [one, two] = [await make('Ibex Loader'), await make('Oryx Loader')];
    const url = new URL(process.env.DATABASE_URL!);
    const [{ name }] = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`)) as [{ name: string }];
    url.pathname = `/${name}`;
    const writers = postgres(url.toString(), { max: 2, onnotice: () => {} });
    try {
      const a = await writers.reserve();
      const b = await writers.reserve();
      await a`begin`;
      await a`update job_posts set status = 'Active' where id = ${one}`;
      await b`begin`;
      await b`set local lock_timeout = '2s'`;
      // Same cells at every zoom as the first writer's job: it must not wait for the first to commit.
      await b`update job_posts set status = 'Active' where id = ${two}`;
      await b`commit`;
      await a`commit`;
      a.release();
      b.release();
    } finally {
      await writers.end({ timeout: 5 });
    }
    const found = idsOf(await api.find({ keyword: 'loader ibex' }));
    expect(found).toEqual([one]);
    const after = await counts(clock.now());
    expect(after.cells).toBe(after.open);
  });
});
