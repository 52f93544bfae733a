import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPosts } from '../../server/db/schema.ts';
import { refreshSearchDocuments } from '../../server/db/search-document.ts';
import { SearchMessages, type MapPins, type SearchPage } from '../../src/contract/search.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { cellOf, gridZoomFor } from '../../src/lib/map-grid.ts';
import { allowAll } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { postingApp, type PostingWorld } from './posting-support.ts';
import { DAY, searchApi } from './search-support.ts';

// Distances are true great-circle distances: the search's results and their order are compared
// with a brute-force haversine (src/lib/geo.ts) over the same rows, and the map's clusters with
// the same grid computed here.

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof searchApi>;

interface Spot {
  id: string;
  title: string;
  latitude: number;
  longitude: number;
}
const spots: Spot[] = [];

/** A seeded source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

beforeAll(async () => {
  ({ f, w } = await postingApp({ adapters: { rateLimiter: allowAll } }));
  api = searchApi(f);
  const next = random(20240305);
  const places: Array<[number, number]> = [
    // 400 around Kansas, 2,000 anywhere on Earth, 40 on both sides of the 180th meridian, 12 near the North Pole.
    ...Array.from({ length: 400 }, (): [number, number] => [38.5 + (next() - 0.5) * 8, -98 + (next() - 0.5) * 10]),
    ...Array.from({ length: 2000 }, (): [number, number] => [next() * 130 - 60, next() * 360 - 180]),
    ...Array.from({ length: 40 }, (_, i): [number, number] => [-17 + (next() - 0.5), i % 2 ? 179.2 + next() * 0.8 : -180 + next() * 0.8]),
    ...Array.from({ length: 12 }, (_, i): [number, number] => [89.2 + next() * 0.7, i * 30 - 180]),
  ];
  const now = Date.now();
  const rows = places.map(([latitude, longitude], i) => ({
    companyId: w.x.id,
    title: `${i % 2 ? 'Welder' : 'Cashier'} ${i}`,
    descriptionHtml: '<p>Work with a friendly team.</p>',
    jobData: {},
    locationType: 'onsite' as const,
    isRemote: false,
    latitude,
    longitude,
    jobTypeIds: [1],
    postedAt: new Date(now - (i % 30) * DAY),
    validThrough: new Date(now + 30 * DAY),
    createdBy: w.employerX.id!,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const written = await f.app.database.db
      .insert(jobPosts)
      .values(rows.slice(i, i + 500))
      .returning({ id: jobPosts.id, title: jobPosts.title, latitude: jobPosts.latitude, longitude: jobPosts.longitude });
    spots.push(...written.map((r) => ({ id: r.id, title: r.title, latitude: r.latitude!, longitude: r.longitude! })));
  }
  // Rows written without publishing get their search documents the way a company's rename writes them.
  await refreshSearchDocuments(f.app.database.db, sql`true`);
}, 120_000);
afterAll(async () => f?.stop());

/** Every page of a search sorted by distance. */
async function allByDistance(latitude: number, longitude: number, radius: number) {
  const found: Array<{ id: string; distanceMiles: number }> = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.find({
      location: { latitude, longitude, radius },
      sort: 'distance',
      filters: { remote: 'exclude' },
      paging: { pageNumber, pageSize: 50 },
    });
    found.push(...page.items.map((i) => ({ id: i.id, distanceMiles: i.distanceMiles! })));
    if (found.length >= page.total || page.items.length === 0) {
      expect(found).toHaveLength(page.total);
      return found;
    }
  }
}

/** The same, by brute force over every row. */
function bruteForce(latitude: number, longitude: number, radius: number) {
  return spots
    .map((s) => ({ id: s.id, distanceMiles: haversineMiles(latitude, longitude, s.latitude, s.longitude) }))
    .filter((s) => s.distanceMiles <= radius)
    .sort((a, b) => a.distanceMiles - b.distanceMiles || (a.id < b.id ? -1 : 1));
}

describe('distance', () => {
  it.each([
    ['central Kansas, 50 miles', 38.5, -98, 50],
    ['central Kansas, 150 miles', 38.5, -98, 150],
    ['the edge of the Kansas jobs, 500 miles', 42.1, -103.2, 500],
    ['across the 180th meridian, 60 miles', -17, 179.9, 60],
    ['across the 180th meridian from the west, 45 miles', -17.2, -179.95, 45],
    ['near the North Pole, 120 miles', 89.8, 45, 120],
  ])('finds the same jobs in the same order as a brute-force haversine: %s', async (_, lat, lng, radius) => {
    const expected = bruteForce(lat, lng, radius);
    expect(expected.length).toBeGreaterThan(5);
    const found = await allByDistance(lat, lng, radius);
    expect(found.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    found.forEach((r, i) => expect(r.distanceMiles).toBeCloseTo(expected[i]!.distanceMiles, 9));
  });

  it('agrees with the brute force at 25 random places and radii', async () => {
    const next = random(99);
    for (let i = 0; i < 25; i++) {
      const [lat, lng, radius] = [38.5 + (next() - 0.5) * 9, -98 + (next() - 0.5) * 11, 1 + next() * 120];
      const found = (await allByDistance(lat, lng, radius)).map((r) => r.id);
      expect(found, `${lat}, ${lng}, ${radius} mi`).toEqual(bruteForce(lat, lng, radius).map((r) => r.id));
    }
  });
});

describe('the map’s clusters (api/job/map-clusters)', () => {
  /** The clusters the grid gives for the jobs inside a view, computed here. */
  function expectedClusters(
    view: { north: number; south: number; east: number; west: number; zoom: number },
    keep: (s: Spot) => boolean = () => true,
  ) {
    const zoom = gridZoomFor(view);
    const inside = spots.filter(
      (s) =>
        keep(s) &&
        s.latitude >= view.south &&
        s.latitude <= view.north &&
        (view.west <= view.east
          ? s.longitude >= view.west && s.longitude <= view.east
          : s.longitude >= view.west || s.longitude <= view.east),
    );
    const cells = new Map<string, Spot[]>();
    for (const s of inside) {
      const id = cellOf(s.latitude, s.longitude, zoom).id;
      cells.set(id, [...(cells.get(id) ?? []), s]);
    }
    return { zoom, total: inside.length, cells };
  }

  const clusters = async (body: object) => api.ok(await api.clusters(body));

  function expectSame(pins: MapPins, expected: ReturnType<typeof expectedClusters>) {
    expect(pins.zoom).toBe(expected.zoom);
    expect(pins.total).toBe(expected.total);
    expect(pins.clusters.reduce((n, c) => n + c.count, 0)).toBe(expected.total);
    expect(pins.clusters.length).toBe(expected.cells.size);
    expect(pins.clusters.length).toBeLessThanOrEqual(500);
    for (const c of pins.clusters) {
      const members = expected.cells.get(c.id);
      expect(members, c.id).toBeDefined();
      expect(c.count).toBe(members!.length);
      expect(c.latitude).toBeCloseTo(members!.reduce((n, s) => n + s.latitude, 0) / members!.length, 9);
      expect(c.longitude).toBeCloseTo(members!.reduce((n, s) => n + s.longitude, 0) / members!.length, 9);
      if (c.count === 1) expect(c).toMatchObject({ jobId: members![0]!.id, title: members![0]!.title });
      else expect(c).toMatchObject({ jobId: null, title: null });
    }
  }

  it('groups the jobs in a view into its zoom’s grid cells: a count and the average position each', async () => {
    const view = { north: 42, south: 35, west: -104, east: -92, zoom: 7 };
    expectSame(await clusters({ viewport: view }), expectedClusters(view));
  });

  it('names the job where a cell holds one, at a close zoom', async () => {
    const view = { north: 38.6, south: 38.4, west: -98.2, east: -97.8, zoom: 14 };
    const expected = expectedClusters(view);
    const pins = await clusters({ viewport: view });
    expectSame(pins, expected);
    expect(pins.clusters.some((c) => c.count === 1)).toBe(true);
  });

  it('never answers more than 500 markers: a whole-world view at zoom 20 is grouped on a coarser grid', async () => {
    const view = { north: 85, south: -85, west: -180, east: 180, zoom: 20 };
    const pins = await clusters({ viewport: view });
    expect(pins.zoom).toBeLessThan(20);
    expect(pins.total).toBe(spots.filter((s) => s.latitude <= 85 && s.latitude >= -85).length);
    expectSame(pins, expectedClusters(view));
    expect(new Set(pins.clusters.map((c) => c.id)).size).toBe(pins.clusters.length);
  });

  it('handles a view across the 180th meridian', async () => {
    const view = { north: -16, south: -18, west: 179, east: -179, zoom: 9 };
    const expected = expectedClusters(view);
    expect(expected.total).toBeGreaterThanOrEqual(40);
    expectSame(await clusters({ viewport: view }), expected);
  });

  it('applies the keyword, the filters and the search circle', async () => {
    const view = { north: 42, south: 35, west: -104, east: -92, zoom: 7 };
    expectSame(
      await clusters({ viewport: view, keyword: 'welder' }),
      expectedClusters(view, (s) => s.title.startsWith('Welder')),
    );
    const circle = { latitude: 38.5, longitude: -98, radius: 60 };
    expectSame(
      await clusters({ viewport: view, location: circle }),
      expectedClusters(view, (s) => haversineMiles(38.5, -98, s.latitude, s.longitude) <= 60),
    );
    expect((await clusters({ viewport: view, filters: { jobTypes: [2] } })).total).toBe(0);
  });

  it('are the pins of a search’s first page, over the map’s view or the search circle', async () => {
    const circle = { latitude: 38.5, longitude: -98, radius: 100 };
    const page: SearchPage = await api.find({ location: circle, flags: { Pins: true }, filters: { remote: 'exclude' } });
    const nearby = bruteForce(38.5, -98, 100).length;
    expect(page.total).toBe(nearby);
    expect(page.pins!.total).toBe(nearby);
    expect(page.pins!.clusters.length).toBeLessThanOrEqual(500);
    const view = { north: 39, south: 38, west: -99, east: -97, zoom: 10 };
    const inView = await api.find({ location: circle, flags: { Pins: true }, viewport: view });
    expectSame(
      inView.pins!,
      expectedClusters(view, (s) => haversineMiles(38.5, -98, s.latitude, s.longitude) <= 100),
    );
  });

  it('refuses a view that is not one', async () => {
    for (const viewport of [
      { north: 30, south: 40, west: -100, east: -90, zoom: 7 },
      { north: 40, south: 30, west: -100, east: -90, zoom: 0 },
      { north: 40, south: 30, west: -100, east: -90, zoom: 21 },
      { north: 95, south: 30, west: -100, east: -90, zoom: 7 },
      { north: 40, south: 30, west: -100, east: -90 },
      null,
    ]) {
      const answer = await api.clusters({ viewport });
      expect(answer.status, JSON.stringify(viewport)).toBe(400);
      expect(answer.body.message).toBe(SearchMessages.viewport);
    }
    const bad = await api.clusters({
      viewport: { north: 40, south: 30, west: -100, east: -90, zoom: 7 },
      location: { latitude: 99, longitude: 0 },
    });
    expect(bad.body.message).toBe(SearchMessages.noLocation);
  });
});
