import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchIndexReady, searchIndexSync } from '../../server/jobs/search-index/sync.ts';
import { setJobsBoosted } from '../../server/posting/index.ts';
import {
  DEFAULT_SEARCH_LOCATION,
  liftsIn,
  searchSorts,
  type MapPins,
  type SearchPage,
  type SearchSort,
} from '../../src/contract/search.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { allowAll } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { postingApp, type PostingWorld } from './posting-support.ts';
import { jobAt, PLACES, publishAt, searchApi, setBoosted, TIER_PLACEMENTS, type Place } from './search-support.ts';

// What a boost's tier buys in search: premium jobs lifted first in the orders that lift (best match
// and newest, not nearest or highest pay), on both engines alike, page after page; spotlight and
// premium jobs' pins highlighted; the badge and the featured strip for every tier.

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof searchApi>;

/** Places within the default search's 10 miles, each its own spot on the map. */
const at = (name: string, latitude: number, longitude: number): Place => ({ ...PLACES.vancouver, name, latitude, longitude });
const SPOTS = {
  hazelDell: at('Hazel Dell', 45.68, -122.66),
  orchards: at('Orchards', 45.64, -122.54),
  minnehaha: at('Minnehaha', 45.66, -122.62),
};

type Tier = keyof typeof TIER_PLACEMENTS;
interface Spec {
  name: string;
  place: Place | null;
  daysAgo: number;
  /** Hourly pay. */
  pay: number;
  tier: Tier | null;
}
/** Every job holds "warehouse" once, in its title: they all match it alike. */
const SPECS: Spec[] = [
  { name: 'lead', place: PLACES.vancouver, daysAgo: 1, pay: 30, tier: null },
  { name: 'picker', place: PLACES.northPortland, daysAgo: 2, pay: 20, tier: 'featured' },
  { name: 'driver', place: PLACES.portland, daysAgo: 3, pay: 25, tier: 'spotlight' },
  { name: 'planner', place: null, daysAgo: 4, pay: 22, tier: null },
  { name: 'loader', place: SPOTS.hazelDell, daysAgo: 5, pay: 21, tier: null },
  { name: 'clerk', place: SPOTS.orchards, daysAgo: 8, pay: 18, tier: 'premium' },
  { name: 'packer', place: SPOTS.minnehaha, daysAgo: 12, pay: 19, tier: 'premium' },
];
const id: Record<string, string> = {};
const nameOf = (jobId: string) => SPECS.find((s) => id[s.name] === jobId)?.name ?? jobId;
const namesOf = (page: SearchPage) => page.items.map((i) => nameOf(i.id));

/** The jobs' order as the search defines it, without boosts: nearer first (remote last), newer first; or best paid first. */
function ordered(sort: SearchSort, specs = SPECS): string[] {
  const { latitude, longitude } = DEFAULT_SEARCH_LOCATION;
  const miles = (s: Spec) => (s.place ? haversineMiles(latitude, longitude, s.place.latitude, s.place.longitude) : Infinity);
  const by: Record<SearchSort, (a: Spec, b: Spec) => number> = {
    newest: (a, b) => a.daysAgo - b.daysAgo,
    distance: (a, b) => miles(a) - miles(b) || a.daysAgo - b.daysAgo,
    // Every job matches alike: best match is nearest first.
    relevance: (a, b) => miles(a) - miles(b) || a.daysAgo - b.daysAgo,
    pay: (a, b) => b.pay - a.pay,
  };
  return [...specs].sort(by[sort]).map((s) => s.name);
}

/** The order with lifted (premium) jobs first, each group in the order itself. */
function liftedFirst(order: string[], tiers: Record<string, Tier | null>): string[] {
  const lifted = (name: string) => tiers[name] === 'premium';
  return [...order.filter(lifted), ...order.filter((n) => !lifted(n))];
}
const tiersNow = () => Object.fromEntries(SPECS.map((s) => [s.name, s.tier]));

const answered = () => searchIndexSync(f.app.database.db)!.answered;

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

/** Every page of a search, page by page, on both engines. */
async function allPages(body: Record<string, unknown>, pageSize: number): Promise<{ sql: string[]; index: string[] }> {
  const out = { sql: [] as string[], index: [] as string[] };
  for (let pageNumber = 1; pageNumber <= Math.ceil(SPECS.length / pageSize); pageNumber++) {
    const { sql, index } = await both(() => api.find({ ...body, paging: { pageNumber, pageSize } }));
    expect(index.total).toBe(SPECS.length);
    expect(sql.total).toBe(SPECS.length);
    out.sql.push(...namesOf(sql));
    out.index.push(...namesOf(index));
  }
  return out;
}

beforeAll(async () => {
  ({ f, w } = await postingApp({ adapters: { rateLimiter: allowAll } }));
  api = searchApi(f);
  const x = { companyId: w.x.id, userId: w.employerX.id! };
  for (const s of SPECS) {
    id[s.name] = await publishAt(
      f,
      x,
      jobAt(
        s.place,
        `Warehouse ${s.name[0]!.toUpperCase()}${s.name.slice(1)}`,
        'Keep the shelves stocked, the aisles clear and the team safe.',
        {
          payDetails: { minSalary: s.pay - 2, maxSalary: s.pay, rate: 'Hourly' },
        },
      ),
      { daysAgo: s.daysAgo },
    );
    if (s.tier) await setBoosted(f, id[s.name]!, s.tier);
  }
  expect(await searchIndexReady(f.app.database.db)).toBe(true);
}, 60_000);
afterAll(async () => f?.stop());

describe('the search lift (premium)', () => {
  it('puts premium jobs first in best match and newest, each group in the order, on both engines', async () => {
    for (const keyword of [null, 'warehouse']) {
      for (const sort of ['relevance', 'newest'] as const) {
        const body = { keyword, sort };
        const { sql, index } = await both(() => api.find(body));
        const expected = liftedFirst(ordered(sort), tiersNow());
        expect(namesOf(sql), JSON.stringify(body)).toEqual(expected);
        expect(namesOf(index), JSON.stringify(body)).toEqual(expected);
        expect(expected.slice(0, 2)).toEqual(expect.arrayContaining(['clerk', 'packer']));
      }
    }
  });

  it('leaves nearest and highest pay in their order: a premium job is not lifted there', async () => {
    for (const sort of ['distance', 'pay'] as const) {
      const { sql, index } = await both(() => api.find({ sort }));
      expect(namesOf(sql), sort).toEqual(ordered(sort));
      expect(namesOf(index), sort).toEqual(ordered(sort));
    }
    expect(ordered('pay').at(-1)).toBe('clerk');
  });

  it('lifts a featured or spotlight job no higher than its place', async () => {
    const { index } = await both(() => api.find({ sort: 'newest' }));
    const shown = namesOf(index).filter((n) => n !== 'clerk' && n !== 'packer');
    expect(shown).toEqual(ordered('newest').filter((n) => n !== 'clerk' && n !== 'packer'));
  });

  it('keeps the lift from page 1 onwards: pages of any size join into the same order, with no job twice', async () => {
    for (const sort of searchSorts) {
      const expected = liftsIn(sort) ? liftedFirst(ordered(sort), tiersNow()) : ordered(sort);
      for (const pageSize of [1, 2, 3]) {
        const pages = await allPages({ sort }, pageSize);
        expect(pages.sql, `${sort} by ${pageSize}`).toEqual(expected);
        expect(pages.index, `${sort} by ${pageSize}`).toEqual(expected);
      }
    }
  });

  it('follows a change of placements at once: a job lifted when its boost becomes premium, no longer when it ends', async () => {
    const db = f.app.database.db;
    await setBoosted(f, id.picker!, 'premium');
    const upgraded = { ...tiersNow(), picker: 'premium' as const };
    let page = await both(() => api.find({ sort: 'newest' }));
    expect(namesOf(page.index)).toEqual(liftedFirst(ordered('newest'), upgraded));
    expect(namesOf(page.sql)).toEqual(namesOf(page.index));

    await setJobsBoosted(db, [id.picker!, id.clerk!], []);
    const ended = { ...tiersNow(), picker: null, clerk: null };
    page = await both(() => api.find({ sort: 'newest' }));
    expect(namesOf(page.index)).toEqual(liftedFirst(ordered('newest'), ended));
    expect(namesOf(page.sql)).toEqual(namesOf(page.index));
    expect(page.index.items.find((i) => i.id === id.clerk)).toMatchObject({ isBoosted: false, boostPlacements: [] });

    await setBoosted(f, id.picker!, 'featured');
    await setBoosted(f, id.clerk!, 'premium');
    page = await both(() => api.find({ sort: 'newest' }));
    expect(namesOf(page.index)).toEqual(liftedFirst(ordered('newest'), tiersNow()));
  });
});

describe('the highlighted pin (spotlight, premium)', () => {
  const pinOf = (pins: MapPins, name: string) => pins.clusters.find((c) => c.jobId === id[name]);

  it('marks the pins of spotlight and premium jobs, not featured or unboosted ones, on both engines', async () => {
    const { sql, index } = await both(() => api.find({ flags: { Pins: true } }));
    for (const pins of [sql.pins!, index.pins!]) {
      for (const s of SPECS.filter((x) => x.place)) {
        const pin = pinOf(pins, s.name);
        expect(pin, s.name).toMatchObject({ count: 1, highlightedPin: s.tier === 'spotlight' || s.tier === 'premium' });
      }
      for (const cluster of pins.clusters.filter((c) => c.count > 1)) expect(cluster.highlightedPin).toBeUndefined();
    }
    expect(index.pins).toEqual(sql.pins);
  });

  it('marks them in the map’s clusters of a view too, and follows a change of placements', async () => {
    const viewport = { north: 45.72, south: 45.48, west: -122.75, east: -122.5, zoom: 12 };
    let { sql, index } = await both(async () => api.ok(await api.clusters({ viewport })));
    expect(index).toEqual(sql);
    expect(pinOf(index, 'driver')).toMatchObject({ highlightedPin: true });
    expect(pinOf(index, 'picker')).toMatchObject({ highlightedPin: false });

    await setBoosted(f, id.driver!, 'featured');
    ({ sql, index } = await both(async () => api.ok(await api.clusters({ viewport }))));
    expect(pinOf(sql, 'driver')).toMatchObject({ highlightedPin: false });
    expect(pinOf(index, 'driver')).toMatchObject({ highlightedPin: false });
    await setBoosted(f, id.driver!, 'spotlight');
  });
});

describe('the badge and the featured strip', () => {
  it('come with every tier: each job says where its boost shows it', async () => {
    const page = await api.find({});
    for (const s of SPECS) {
      const item = page.items.find((i) => i.id === id[s.name])!;
      expect(item, s.name).toMatchObject({ isBoosted: s.tier !== null, boostPlacements: s.tier ? TIER_PLACEMENTS[s.tier] : [] });
    }
    const { latitude, longitude } = DEFAULT_SEARCH_LOCATION;
    const { sql, index } = await both(async () => api.ok(await api.boosts({ latitude, longitude, distance: 10 })));
    const boosted = SPECS.filter((s) => s.tier).map((s) => s.name);
    // Nearest first, as the strip always is: no lift there.
    const expected = ordered('distance').filter((n) => boosted.includes(n));
    expect(sql.items.map((i) => nameOf(i.id))).toEqual(expected);
    expect(index.items.map((i) => nameOf(i.id))).toEqual(expected);
    expect(sql.total).toBe(boosted.length);
  });

  it('leaves a job out of the strip once its boost ends', async () => {
    await setJobsBoosted(f.app.database.db, [id.picker!], []);
    const { latitude, longitude } = DEFAULT_SEARCH_LOCATION;
    const { sql, index } = await both(async () => api.ok(await api.boosts({ latitude, longitude, distance: 10 })));
    expect(sql.items.map((i) => i.id)).not.toContain(id.picker);
    expect(index.items.map((i) => i.id)).not.toContain(id.picker);
    await setBoosted(f, id.picker!, 'featured');
  });
});
