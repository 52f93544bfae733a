import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import type { TestApp } from '../support/server/test-app.ts';
import { DEMO_CITIES } from '../../server/posting/demo-data.ts';
import { searchJobs } from '../../server/jobs/search.ts';
import { DEFAULT_SEARCH_LOCATION, NO_FILTERS } from '../../src/contract/search.ts';
import { EARTH_RADIUS_MILES } from '../../src/lib/geo.ts';
import { searchBenchApp, writeBenchJobs } from './support/jobs.ts';
import { percentile } from './support/load.ts';

// Job search and the map's clusters over 5,000 open jobs around the demo's ten US cities (and 300
// remote ones): anonymous simple-search, a signed-in seeker's enhanced-search with a keyword,
// filters and sorts, page 1 with its pins, a deep page, boosts, and the clusters of a city and of
// the whole country. Beside them, the naive build of the default search on the same rows: the
// distance computed for every row (no bounding box), the total by count(*) over ().

const JOBS = 5000;
const REMOTE = 300;
const KEYWORDS = ['warehouse', 'forklift oper', 'nurse', 'software engineer', 'cook', 'driver -delivery', '"data analyst"', 'electric'];

let app: TestApp;
let seekerToken = '';
const samples: Record<string, number[]> = {};
const report: string[] = [];
const VANCOUVER = { latitude: 45.628, longitude: -122.6739 };

beforeAll(async () => {
  const bench = await searchBenchApp();
  app = bench.app;
  seekerToken = bench.seekerToken;
  const db = app.database.db;

  const t0 = performance.now();
  await writeBenchJobs(db, { companyId: bench.companyId, createdBy: bench.ownerId, jobs: JOBS, remote: REMOTE });
  report.push(
    `${JOBS} placed and ${REMOTE} remote open jobs written with their search documents: ${(performance.now() - t0).toFixed(0)} ms`,
  );
}, 300_000);

afterAll(async () => {
  const width = Math.max(...Object.keys(samples).map((k) => k.length));
  for (const [name, s] of Object.entries(samples)) {
    report.push(
      `${name.padEnd(width)}  n=${String(s.length).padStart(5)}  p50=${percentile(s, 50).toFixed(1).padStart(6)} ms  p99=${percentile(s, 99).toFixed(1).padStart(6)} ms`,
    );
  }
  console.log(`\nsearch figures (${app.database.kind})\n  ${report.join('\n  ')}\n`);
  await app?.stop();
});

async function timed(name: string, run: () => Promise<void>) {
  const t = performance.now();
  await run();
  (samples[name] ??= []).push(performance.now() - t);
}

async function post(url: string, payload: unknown, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

const options = { time: 3000, warmupIterations: 10 };

describe('search', () => {
  bench(
    'simple-search, Vancouver WA 10 miles, page 1',
    () => timed('simple-search default (page 1 of 20)', () => post('/api/JobSeeker/simple-search', {})),
    options,
  );

  let k = 0;
  bench(
    'enhanced-search, keyword, filters and sorts',
    () => {
      const i = k++;
      const city = DEMO_CITIES[i % DEMO_CITIES.length]!;
      const body = {
        keyword: KEYWORDS[i % KEYWORDS.length],
        location: { latitude: city.latitude, longitude: city.longitude, radius: [10, 25, 50][i % 3] },
        filters: i % 2 ? { jobTypes: [1, 2], minimumPay: { amount: 20, rate: 'Hourly' }, experience: 3 } : { remote: 'exclude' },
        sort: (['relevance', 'distance', 'newest', 'pay'] as const)[i % 4],
      };
      return timed('enhanced-search keyword + filters + sort', () => post('/api/JobSeeker/enhanced-search', body, seekerToken));
    },
    options,
  );

  bench(
    'enhanced-search, page 1 with pins, 50 miles',
    () =>
      timed('enhanced-search page 1 with pins (50 mi)', () =>
        post('/api/JobSeeker/enhanced-search', { location: { ...VANCOUVER, radius: 50 }, flags: { Pins: true } }, seekerToken),
      ),
    options,
  );

  bench(
    'simple-search, 500 miles, page 20 by distance',
    () =>
      timed('simple-search 500 mi, page 20 by distance', () =>
        post('/api/JobSeeker/simple-search', { location: { ...VANCOUVER, radius: 500 }, sort: 'distance', paging: { pageNumber: 20 } }),
      ),
    options,
  );

  bench('boosts, 25 miles', () => timed('boosts (25 mi)', () => post('/api/job/boosts', { ...VANCOUVER, distance: 25 })), options);

  bench(
    'the default search as a service call (no HTTP)',
    () =>
      timed('default search, service call (no HTTP)', async () => {
        await searchJobs(
          app.ctx,
          {
            keyword: null,
            location: DEFAULT_SEARCH_LOCATION,
            filters: NO_FILTERS,
            sort: 'relevance',
            pageNumber: 1,
            pageSize: 20,
            asOf: null,
            pins: null,
          },
          { seekerId: null },
        );
      }),
    options,
  );

  bench(
    'naive: default search with every distance computed and count(*) over ()',
    () =>
      timed('naive default search, raw SQL (no box, count over)', async () => {
        const d = sql`2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(power(sin(radians(j.latitude - ${VANCOUVER.latitude}::float8) / 2), 2) + cos(radians(${VANCOUVER.latitude}::float8)) * cos(radians(j.latitude)) * power(sin(radians(j.longitude - ${VANCOUVER.longitude}::float8) / 2), 2))))`;
        await app.database.db.execute(
          sql`select j.*, c.name, ${d} as distance, count(*) over () as total from job_posts j join companies c on c.id = j.company_id where j.status = 'Active' and j.valid_through > now() and c.active and not c.blacklisted and (j.is_remote or ${d} <= 10) order by ${d} asc nulls last, j.posted_at desc, j.id limit 20 offset 0`,
        );
      }),
    options,
  );
});

describe('map clusters', () => {
  bench(
    'a city at zoom 11',
    () =>
      timed('map-clusters city view (zoom 11)', () =>
        post('/api/job/map-clusters', { viewport: { north: 45.9, south: 45.3, west: -123.2, east: -122.2, zoom: 11 } }),
      ),
    options,
  );
  bench(
    'the contiguous US at zoom 5',
    () =>
      timed('map-clusters whole US (zoom 5)', () =>
        post('/api/job/map-clusters', { viewport: { north: 49.5, south: 24.5, west: -125, east: -66.9, zoom: 5 } }),
      ),
    options,
  );
  bench(
    'the whole world claimed at zoom 20',
    () =>
      timed('map-clusters world at zoom 20 (coarsened)', () =>
        post('/api/job/map-clusters', { viewport: { north: 85, south: -85, west: -180, east: 180, zoom: 20 }, keyword: 'nurse' }),
      ),
    options,
  );
});
