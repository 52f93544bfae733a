import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createAdapters } from '../../server/adapters.ts';
import { buildApp } from '../../server/app.ts';
import { users } from '../../server/db/schema.ts';
import { seedJobs } from '../../server/cli/seed-jobs.ts';
import { DEMO_CITIES, seededRandom } from '../../server/posting/demo-data.ts';
import { preferLocations } from '../../server/lookups/data/places.ts';
import type { SearchRequestInput } from '../../src/contract/search.ts';
import type { Viewport } from '../../src/contract/map.ts';
import { naiveRoutes } from './naive-search.ts';
import { loadAverage as load, percentile, sendLoad, type LoadResult } from './support/load.ts';
import { searchIndexReady, searchIndexSync } from '../../server/jobs/search-index/sync.ts';

/*
 * Job search at scale, through real HTTP: the Fastify server listening on a port, 20 clients at
 * once (node:http, in a worker thread so the load's own work does not run on the server's thread),
 * our build of enhanced-search (answered by the in-memory search index, then with SEARCH_ENGINE=postgres by
 * SQL alone) against the naive build (tests/bench/naive-search.ts: distance for
 * every row, count(*) over (), OFFSET paging, no index on the position) on the same rows and the
 * same mix of requests. Beside each run: the longest pause of the server's event loop (what any
 * other request would wait for) and the slowest of trivial requests sent every 10 ms meanwhile.
 * Then the map's clusters for a city, a state, the contiguous US and the world, ours and naive,
 * and the gzip size of the map's answer for a view holding at least 10,000 jobs. Every figure is
 * printed with the machine's load average.
 *
 * Scale and database come from the environment; the defaults keep `npm run bench` short:
 *   SEARCH_BENCH_JOBS       open jobs to measure over (default 10000); missing ones are seeded
 *   SEARCH_BENCH_DB         pglite (default) or postgres
 *   SEARCH_BENCH_DATA_DIR   PGlite folder to keep the seeded rows between runs (default: in memory)
 *   SEARCH_BENCH_DATABASE_URL  PostgreSQL database (default postgres://postgres@127.0.0.1:5432/bench_search,
 *                           created when missing; never the test database)
 *   SEARCH_BENCH_REQUESTS   requests per load run (default 300)
 *   SEARCH_BENCH_NAIVE_REQUESTS  the naive build's share of them (default: as many; 0 skips it)
 *   SEARCH_BENCH_RATES      the fixed-rate runs, engine:rate pairs (default index:100,postgres:30), Poisson arrivals,
 *                           each request timed from its intended send
 *   SEARCH_BENCH_RATE_SECONDS  each run's length (default 20)
 *   SEARCH_BENCH_DURING_BUILD=1  first, searches at the PostgreSQL engine's rate while the index builds
 *   SEARCH_BENCH_PGLITE_YIELD=1  PGlite statements wait for the event loop's next turn (see below)
 *   SEARCH_BENCH_KINDS=1    then each kind of request of the mix alone, for its time a search on the server's thread
 *                           (SEARCH_BENCH_KIND=a place: only the kinds named so; with SEARCH_BENCH_PROFILE, a profile each)
 *   SEARCH_BENCH_PROFILE    a file to write the server thread's CPU profile of our build's load run to
 *                           (.cpuprofile, for Chrome's DevTools)
 *
 * The 100k PGlite run (seed once, about 2 minutes, then measure; the folder can be reused):
 *   npm run seed:jobs -- --count 100000 --companies 200   # with DATA_DIR=/tmp/bench-100k
 *   SEARCH_BENCH_DATA_DIR=/tmp/bench-100k SEARCH_BENCH_JOBS=100000 SEARCH_BENCH_REQUESTS=1000 \
 *     npx vitest bench --run --project bench tests/bench/search-scale.bench.ts
 *
 * The 1M PostgreSQL run (seeding takes about 4 minutes on 2 cores):
 *   psql postgres://postgres@127.0.0.1:5432/test -c 'create database bench_search'
 *   npm run seed:jobs -- --count 1000000 --database-url postgres://postgres@127.0.0.1:5432/bench_search
 *   SEARCH_BENCH_DB=postgres SEARCH_BENCH_JOBS=1000000 SEARCH_BENCH_REQUESTS=1000 SEARCH_BENCH_NAIVE_REQUESTS=200 \
 *     npx vitest bench --run --project bench tests/bench/search-scale.bench.ts
 *   psql postgres://postgres@127.0.0.1:5432/test -c 'drop database bench_search'
 */

const JOBS = Number(process.env.SEARCH_BENCH_JOBS ?? 10_000);
const KIND = process.env.SEARCH_BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const PG_URL = process.env.SEARCH_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_search';
const REQUESTS = Number(process.env.SEARCH_BENCH_REQUESTS ?? 300);
/** The naive build can be given fewer (the first ones of the same mix) where it is very slow. */
const NAIVE_REQUESTS = Number(process.env.SEARCH_BENCH_NAIVE_REQUESTS ?? REQUESTS);
const CONCURRENCY = 20;
/** The fixed-rate runs: each engine and its requests a second (Poisson arrivals), and for how long each lasts. */
const RATES = (process.env.SEARCH_BENCH_RATES ?? 'index:100,postgres:30').split(',').map((pair) => {
  const [engine, rate] = pair.split(':');
  return { engine: engine === 'postgres' ? ('postgres' as const) : ('index' as const), rate: Number(rate) };
});
const RATE_SECONDS = Number(process.env.SEARCH_BENCH_RATE_SECONDS ?? 20);
/**
 * SEARCH_BENCH_PGLITE_YIELD=1 measures a change to the PGlite driver: each statement waits for the
 * event loop's next turn before it runs, so statements queued by concurrent requests no longer run
 * back to back in one turn (promise continuations), starving timers and sockets.
 */
const PGLITE_YIELD = KIND === 'pglite' && process.env.SEARCH_BENCH_PGLITE_YIELD === '1';

const KEYWORDS = [
  'nurse',
  'warehouse',
  'forklift oper',
  'software engineer',
  'cook',
  'driver -delivery',
  '"customer service"',
  'electric',
  'manager',
  'cashier',
];
const SORTS = ['relevance', 'relevance', 'distance', 'newest', 'pay'] as const;

/**
 * The mix's kinds of request, each alone (SEARCH_BENCH_KINDS=1): every request of a run is of one
 * kind, the place, radius and sort still drawn, so the server's time a search is that kind's.
 */
type KindOf = (pick: <T>(items: readonly T[]) => T) => Partial<SearchRequestInput>;
const WORDS = KEYWORDS.filter((k) => !k.startsWith('"'));
const KINDS: Record<string, KindOf> = {
  'nothing found (a word no job holds)': () => ({ keyword: 'zyzzogeton' }),
  'a place alone': () => ({}),
  'a place, filtered': () => ({ filters: { jobTypes: [1], minimumPay: { amount: 20, rate: 'Hourly' }, experience: 3 } }),
  'a place with the map': () => ({ flags: { Pins: true } }),
  'a keyword': (pick) => ({ keyword: pick(WORDS) }),
  'a keyword with the map': (pick) => ({ keyword: pick(WORDS), flags: { Pins: true } }),
  'the phrase "customer service"': () => ({ keyword: '"customer service"' }),
  'a later page (3)': () => ({ paging: { pageNumber: 3 } }),
};

function kindMix(kind: KindOf, n: number, seed: number, asOf: string): SearchRequestInput[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: n }, () => ({
    keyword: null,
    location: { ...pick(PLACES), radius: pick([10, 10, 25, 50]) },
    filters: {},
    sort: pick(SORTS),
    paging: { pageNumber: 1 },
    flags: { Pins: false },
    asOf,
    ...kind(pick),
  }));
}

/** Places searched: the demo cities and the 40 most populous US places. */
const PLACES = [
  ...DEMO_CITIES.map((c) => ({ latitude: c.latitude, longitude: c.longitude })),
  ...preferLocations.slice(0, 40).map((p) => ({ latitude: p.latitude, longitude: p.longitude })),
];

const VIEWS: Record<string, Viewport> = {
  'city (Vancouver WA, zoom 11)': { north: 45.9, south: 45.3, west: -123.2, east: -122.2, zoom: 11 },
  'state (Washington, zoom 7)': { north: 49.1, south: 45.5, west: -124.9, east: -116.9, zoom: 7 },
  'contiguous US (zoom 5)': { north: 49.5, south: 24.5, west: -125, east: -66.9, zoom: 5 },
  'world (zoom 2)': { north: 85, south: -85, west: -180, east: 180, zoom: 2 },
};

/** The requests of one load run: seeded, so both builds answer the same ones. */
function requestMix(n: number, seed: number, asOf: string): SearchRequestInput[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: n }, () => {
    const place = pick(PLACES);
    const page = random() < 0.8 ? 1 : 2 + Math.floor(random() * 4);
    const filtered = random() < 0.3;
    return {
      keyword: random() < 0.5 ? pick(KEYWORDS) : null,
      location: { ...place, radius: pick([10, 10, 25, 50]) },
      filters: filtered ? { jobTypes: [1], minimumPay: { amount: 20, rate: 'Hourly' as const }, experience: 3 } : {},
      sort: pick(SORTS),
      paging: { pageNumber: page },
      flags: { Pins: page === 1 && random() < 0.3 },
      ...(page > 1 ? { asOf } : {}),
    };
  });
}

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let base = '';
let token = '';
const rows: Array<Record<string, string | number>> = [];
const notes: string[] = [];

async function openBenchDatabase(): Promise<Database> {
  if (KIND === 'pglite') return openDatabase({ dataDir: process.env.SEARCH_BENCH_DATA_DIR ?? 'memory://' });
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test')
    throw new Error(`SEARCH_BENCH_DATABASE_URL names ${name}: give a database of its own`);
  const adminUrl = new URL(PG_URL);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  const [found] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!found) await admin.unsafe(`create database ${name}`);
  await admin.end({ timeout: 5 });
  return openDatabase({ databaseUrl: PG_URL, dataDir: '' });
}

beforeAll(async () => {
  const t0 = performance.now();
  database = await openBenchDatabase();
  const open = async () => {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from job_posts where status = 'Active' and valid_through > now()`,
    )) as unknown;
    const list = Array.isArray(result) ? result : (result as { rows: Array<{ n: number }> }).rows;
    return Number(list[0]?.n ?? 0);
  };
  const have = await open();
  if (have < JOBS) {
    const seeded = await seedJobs(database, { count: JOBS - have, seed: 7 + have });
    notes.push(`seeded ${seeded.jobs.toLocaleString('en-US')} jobs in ${(seeded.ms / 1000).toFixed(1)} s`);
  }
  if (PGLITE_YIELD) {
    const client = (database.db as unknown as { $client: Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>> }).$client;
    for (const method of ['query', 'exec'] as const) {
      const run = client[method].bind(client);
      client[method] = async (...args: unknown[]) => {
        await new Promise((resolve) => setImmediate(resolve));
        return run(...args);
      };
    }
    notes.push('PGlite statements yield to the event loop first');
  }
  const jobs = await open();
  notes.push(`${KIND}, ${jobs.toLocaleString('en-US')} open jobs (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: '0' }, { clientDir: null });
  const adapters = {
    ...(await createAdapters(config, database)),
    rateLimiter: { hit: async () => ({ allowed: true, retryAfterSeconds: 1 }) },
  };
  app = await buildApp(config, adapters, { logger: false });
  naiveRoutes(app, app.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const [seeker] = await database.db
    .insert(users)
    .values({
      email: `bench.seeker.${Date.now()}@example.com`,
      firstName: 'Dana',
      lastName: 'Seeker',
      role: 'JobSeeker',
      emailVerifiedAt: new Date(),
    })
    .returning();
  token = await app.ctx.tokens.sign({ userId: seeker!.id, role: 'JobSeeker' });
  // The search index is built beside the running server (in slices), then measured ready.
  const heap = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const building = searchIndexReady(database.db);
  if (process.env.SEARCH_BENCH_DURING_BUILD === '1') await whileBuilding(building);
  const built = await building;
  const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const sync = searchIndexSync(database.db);
  notes.push(
    built
      ? `search index of ${sync!.index!.live.toLocaleString('en-US')} jobs built in ${(sync!.buildMs / 1000).toFixed(1)} s, about ${Math.round((heapAfter - heap) / 1e6)} MB`
      : 'search index off (SEARCH_ENGINE=postgres)',
  );
  if (built && KIND === 'pglite') {
    // On PGlite the list-view rows of every open job are kept too.
    const t1 = performance.now();
    await searchIndexReady(database.db, database);
    const heapRows = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    notes.push(
      `list-view rows kept in ${((performance.now() - t1) / 1000).toFixed(1)} s, about ${Math.round((heapRows - heapAfter) / 1e6)} MB`,
    );
  }
}, 3_600_000);

/** Sends the bodies at a fixed rate (Poisson arrivals), each timed from its intended send, and records the figures. */
async function atRate(measure: string, build: string, bodies: unknown[], rate: number, poissonSeed: number): Promise<void> {
  const la = load();
  const r = await sendLoad({ url: `${base}/api/JobSeeker/enhanced-search`, token, bodies, concurrency: 64, rate, poissonSeed });
  rows.push({
    measure,
    build,
    n: r.latencies.length,
    'p50 ms': +percentile(r.latencies, 50).toFixed(1),
    'p99 ms': +percentile(r.latencies, 99).toFixed(1),
    'p99.9 ms': +percentile(r.latencies, 99.9).toFixed(1),
    'max ms': +Math.max(...r.latencies).toFixed(1),
    'load avg': la,
  });
}

/**
 * SEARCH_BENCH_DURING_BUILD=1: searches at the PostgreSQL engine's rate (the second of
 * SEARCH_BENCH_RATES, or 30) sent to a process whose index is still building, which answers them
 * through the PostgreSQL engine. The run is 15 s; it says whether the build was still going at its end.
 */
async function whileBuilding(building: Promise<boolean>): Promise<void> {
  let ended = false;
  void building.then(() => (ended = true));
  const rate = RATES.find((r) => r.engine === 'postgres')?.rate ?? 30;
  const bodies = requestMix(rate * 15, 20261130, new Date().toISOString());
  await atRate(
    `enhanced-search, ${rate}/s for 15 s while the index builds${ended ? ' (the build ended before the run did)' : ''}`,
    'ours (index building: PostgreSQL engine)',
    bodies,
    rate,
    5,
  );
}

/** Runs `work` with the search index turned off (the PostgreSQL engine alone). */
async function withoutIndex<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.SEARCH_ENGINE;
  process.env.SEARCH_ENGINE = 'postgres';
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.SEARCH_ENGINE;
    else process.env.SEARCH_ENGINE = before;
  }
}

afterAll(async () => {
  console.log(`\nsearch at scale: ${notes.join('; ')}; ${os.cpus().length} cores`);
  console.table(rows);
  await app?.close();
  await database?.close();
});

/**
 * Statements PostgreSQL has run in this database so far (each of ours is a transaction of its own):
 * its statistics, which a backend reports at most once a second, so read after a pause.
 */
async function statementsRun(): Promise<number | null> {
  if (KIND !== 'postgres') return null;
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const result = (await database.db.execute(
    sql`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
  )) as unknown;
  const list = Array.isArray(result) ? result : (result as { rows: Array<{ n: number }> }).rows;
  return Number(list[0]?.n ?? 0);
}

async function runLoad(
  path: string,
  bodies: unknown[],
): Promise<LoadResult & { loopMax: number; serverBusy: number; statements: number | null; gcPauses: number[] }> {
  const statements = await statementsRun();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // The collector's pauses of this process (its young and old generations alike).
  const gcPauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const busy = performance.eventLoopUtilization();
  const result = await sendLoad({ url: `${base}${path}`, token, bodies, concurrency: CONCURRENCY, probeUrl: `${base}/api/config` }).finally(
    () => {
      loop.disable();
      gc.disconnect();
    },
  );
  const serverBusy = performance.eventLoopUtilization(busy).utilization;
  const after = await statementsRun();
  // Less the one that reads the counter.
  return {
    ...result,
    loopMax: loop.max / 1e6,
    serverBusy,
    gcPauses,
    statements: statements === null || after === null ? null : after - statements - 1,
  };
}

/** Runs `work` under the CPU profiler, writing the profile to `file`. */
async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

/** Runs `bodies` after a warm-up run (`warmUp`, by default their first 40), and records the figures. */
async function measureLoad(
  label: string,
  build: string,
  path: string,
  bodies: unknown[],
  options: { profile?: string | undefined; warmUp?: unknown[] } = {},
) {
  const { profile, warmUp = bodies.slice(0, 40) } = options;
  await runLoad(path, warmUp);
  const la = load();
  const r = profile ? await profiled(profile, () => runLoad(path, bodies)) : await runLoad(path, bodies);
  rows.push({
    measure: label,
    build,
    n: r.latencies.length,
    'p50 ms': +percentile(r.latencies, 50).toFixed(1),
    'p99 ms': +percentile(r.latencies, 99).toFixed(1),
    'max ms': +Math.max(...r.latencies).toFixed(1),
    'req/s': +((r.latencies.length / r.elapsed) * 1000).toFixed(0),
    'loop pause max ms': +r.loopMax.toFixed(1),
    'probe max ms': +Math.max(...r.probes).toFixed(1),
    'server busy %': Math.round(r.serverBusy * 100),
    'server ms a search': +((r.serverBusy * r.elapsed) / r.latencies.length).toFixed(2),
    'gc ms a search': +(r.gcPauses.reduce((sum, ms) => sum + ms, 0) / r.latencies.length).toFixed(2),
    'gc pause max ms': +Math.max(0, ...r.gcPauses).toFixed(1),
    'client busy %': Math.round(r.clientBusy * 100),
    ...(r.statements === null ? {} : { 'statements a search': +(r.statements / r.latencies.length).toFixed(2) }),
    'load avg': la,
  });
}

async function post(path: string, body: unknown): Promise<{ ms: number; text: string }> {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - t, text };
}

const once = { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 };

describe(`search at scale (${KIND}, ${JOBS} jobs)`, () => {
  bench(
    'enhanced-search at 20 concurrent: ours, then naive',
    async () => {
      const asOf = new Date().toISOString();
      const bodies = requestMix(REQUESTS, 20261122, asOf);
      // A server that has run a while: its code compiled by the JIT, the index's kept parts (grid
      // cells' counts, remote matches per keyword) filled. The warm-up is as many requests of the
      // same kinds, from another seed.
      await measureLoad(
        'enhanced-search, 20 concurrent',
        PGLITE_YIELD ? 'ours (index), PGlite yielding' : 'ours (index)',
        '/api/JobSeeker/enhanced-search',
        bodies,
        {
          profile: process.env.SEARCH_BENCH_PROFILE,
          warmUp: requestMix(REQUESTS, 20261123, asOf),
        },
      );
      if (process.env.SEARCH_BENCH_SQL !== '0') {
        await withoutIndex(() =>
          measureLoad(
            'enhanced-search, 20 concurrent',
            'ours (PostgreSQL engine)',
            '/api/JobSeeker/enhanced-search',
            bodies.slice(0, NAIVE_REQUESTS || REQUESTS),
          ),
        );
      }
      if (NAIVE_REQUESTS > 0)
        await measureLoad('enhanced-search, 20 concurrent', 'naive', '/api/naive/enhanced-search', bodies.slice(0, NAIVE_REQUESTS));
      if (process.env.SEARCH_BENCH_KINDS === '1') {
        const only = process.env.SEARCH_BENCH_KIND;
        for (const [i, [name, kind]] of Object.entries(KINDS).entries()) {
          if (only && !name.startsWith(only)) continue;
          const profile = process.env.SEARCH_BENCH_PROFILE?.replace(/(\.cpuprofile)?$/, `.kind-${i}.cpuprofile`);
          await measureLoad(
            `kind: ${name}`,
            'ours (index)',
            '/api/JobSeeker/enhanced-search',
            kindMix(kind, Math.min(REQUESTS, 500), 20261124, asOf),
            { profile },
          );
        }
      }
    },
    once,
  );

  bench(
    'enhanced-search at a fixed rate (Poisson arrivals): each engine at its rate',
    async () => {
      const asOf = new Date().toISOString();
      for (const [i, { engine, rate }] of RATES.entries()) {
        const bodies = requestMix(Math.round(rate * RATE_SECONDS), 20261129 + i, asOf);
        const run = async () => {
          await sendLoad({ url: `${base}/api/JobSeeker/enhanced-search`, token, bodies: bodies.slice(0, 40), concurrency: 4 });
          await atRate(
            `enhanced-search, ${rate}/s for ${RATE_SECONDS} s, timed from the intended send`,
            engine === 'index' ? 'ours (index)' : 'ours (PostgreSQL engine)',
            bodies,
            rate,
            7 + i,
          );
        };
        await (engine === 'postgres' ? withoutIndex(run) : run());
      }
    },
    once,
  );

  bench(
    'map clusters for a city, a state, the US and the world: ours, then naive',
    async () => {
      for (const [name, viewport] of Object.entries(VIEWS)) {
        for (const [build, path] of [
          ['ours (index)', '/api/job/map-clusters'],
          ['ours (PostgreSQL engine)', '/api/job/map-clusters'],
          ...(NAIVE_REQUESTS > 0 ? [['naive', '/api/naive/map-clusters'] as const] : []),
        ] as const) {
          const sqlOnly = build === 'ours (PostgreSQL engine)';
          if (sqlOnly) process.env.SEARCH_ENGINE = 'postgres';
          for (let i = 0; i < 3; i++) await post(path, { viewport });
          const la = load();
          const samples: number[] = [];
          let answer = '';
          for (let i = 0; i < 15; i++) {
            const r = await post(path, { viewport });
            samples.push(r.ms);
            answer = r.text;
          }
          if (sqlOnly) delete process.env.SEARCH_ENGINE;
          const pins = JSON.parse(answer) as { data: { total: number; clusters: unknown[] } };
          rows.push({
            measure: `clusters ${name}: ${pins.data.total} jobs in ${pins.data.clusters.length} markers`,
            build,
            n: samples.length,
            'p50 ms': +percentile(samples, 50).toFixed(1),
            'p99 ms': +percentile(samples, 99).toFixed(1),
            'max ms': +Math.max(...samples).toFixed(1),
            'gzip bytes': gzipSync(answer).length,
            'load avg': la,
          });
        }
      }
    },
    once,
  );

  bench(
    'the map answer for a view of at least 10,000 jobs, and the same jobs as raw pins',
    async () => {
      // The smallest of these views around Chicago that holds 10,000 jobs (or the US).
      const around = (d: number) => ({
        north: 41.88 + d,
        south: 41.88 - d,
        west: -87.63 - d * 1.4,
        east: -87.63 + d * 1.4,
        zoom: Math.max(4, Math.round(9 - Math.log2(d))),
      });
      let view = around(0.5);
      let answer = (await post('/api/job/map-clusters', { viewport: view })).text;
      for (const d of [1, 2, 4, 8, 16]) {
        if ((JSON.parse(answer) as { data: { total: number } }).data.total >= 10_000) break;
        view = around(d);
        answer = (await post('/api/job/map-clusters', { viewport: view })).text;
      }
      const total = (JSON.parse(answer) as { data: { total: number } }).data.total;
      // Without clustering: every job of the view as a pin of its own (id, position, title), at most 10,000.
      const raw = (await database.db.execute(
        sql`select id, latitude, longitude, title from job_posts where status = 'Active' and latitude between ${view.south} and ${view.north} and longitude between ${view.west} and ${view.east} limit 10000`,
      )) as unknown;
      const pins = Array.isArray(raw) ? raw : (raw as { rows: unknown[] }).rows;
      rows.push({
        measure: `map answer, ${total} jobs in view`,
        build: 'ours (clusters)',
        n: 1,
        'gzip bytes': gzipSync(answer).length,
        'load avg': load(),
      });
      rows.push({
        measure: `the same view as ${pins.length} raw pins`,
        build: 'naive (pins)',
        n: 1,
        'gzip bytes': gzipSync(JSON.stringify(pins)).length,
        'load avg': load(),
      });
    },
    once,
  );
});
