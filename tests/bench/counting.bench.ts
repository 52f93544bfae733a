import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import type { TestApp } from '../support/server/test-app.ts';
import { searchChanges } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/sql.ts';
import { DEMO_CITIES } from '../../server/posting/demo-data.ts';
import { COUNTER_FLUSH_EVERY_MS, createCounters, type Counters } from '../../server/platform/counters.ts';
import { recordImpressions } from '../../server/jobs/clicks.ts';
import { searchIndexReady } from '../../server/jobs/search-index/sync.ts';
import type { SearchRequestInput } from '../../src/contract/search.ts';
import { searchBenchApp, writeBenchJobs } from './support/jobs.ts';
import { loadAverage, percentile, sendLoad } from './support/load.ts';

/*
 * What counting impressions costs a search (DESIGN §8 Counting and "Measuring speed"). One data set,
 * COUNT_BENCH_JOBS open jobs (default 100,000: 98% around the demo's ten cities, 2% remote), one app
 * listening on a port, a signed-in job seeker's enhanced-search (best match near a city, with a
 * keyword every other request; page 1, 20 jobs, so 20 impressions a search), answered by the search
 * index. Measured with counting on (the app's counters: every page's jobs added in memory, flushed
 * every 5 s; on PGlite on the server's thread) and off (a counters object whose add does nothing,
 * swapped into the app's context for the measure), on the same data in the same run, after 500
 * searches to warm up, in 8 rounds alternating off, on, on, off, … (a drift of the shared machine's
 * load falls on both alike):
 * - latency at a fixed arrival rate (open loop: each request sent on schedule whatever the answers
 *   take, timed from its scheduled moment), p50/p99/p99.9 over each mode's rounds together, and the
 *   longest event-loop pause; the flushes of the 5-second timer while counting is on, timed;
 * - saturation apart: requests a second with 20 always in flight (closed loop), and the server
 *   thread's busy time a search then (medians of the rounds).
 * Then, in-process: what recording a page's impressions takes (recordImpressions with the real
 * counters, 20 jobs of 2,000, every call), and what a flush of a busy interval takes: 2,000 and
 * 10,000 jobs' impressions in one hour, written new and then added to existing rows.
 *
 *   npx vitest bench --run --project bench tests/bench/counting.bench.ts
 *
 * COUNT_BENCH_JOBS, COUNT_BENCH_RATE (requests a second for the open loop, default 60),
 * COUNT_BENCH_SECONDS (each open loop, default 6), COUNT_BENCH_SATURATION_REQUESTS (each closed loop,
 * default 800) and COUNT_BENCH_ROUNDS (default 8) change the run; DATABASE_URL runs it on PostgreSQL
 * (a database of its own, dropped after) instead of PGlite. Figures: docs/performance.md, "Counting".
 */

const JOBS = Number(process.env.COUNT_BENCH_JOBS ?? 100_000);
const REMOTE = Math.round(JOBS * 0.02);
const RATE = Number(process.env.COUNT_BENCH_RATE ?? 60);
const SECONDS = Number(process.env.COUNT_BENCH_SECONDS ?? 6);
const CONCURRENCY = 20;
const SATURATION_REQUESTS = Number(process.env.COUNT_BENCH_SATURATION_REQUESTS ?? 800);
/** Measures, alternating off, on, on, off, …: the machine's drift falls on both alike. */
const ROUNDS = Number(process.env.COUNT_BENCH_ROUNDS ?? 8);
const WORDS = ['warehouse', 'forklift oper', 'nurse', 'software engineer', 'cook', 'electric', 'cashier', 'barista', 'driver', 'carpenter'];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Best match near the demo cities in turn, a keyword every other request. */
const bodiesOf = (n: number, offset = 0): SearchRequestInput[] =>
  Array.from({ length: n }, (_, k) => {
    const i = k + offset;
    const city = DEMO_CITIES[i % DEMO_CITIES.length]!;
    return {
      keyword: i % 2 === 0 ? WORDS[Math.floor(i / 2) % WORDS.length]! : null,
      location: { latitude: city.latitude, longitude: city.longitude, radius: 25 },
      filters: {},
      sort: 'relevance',
      paging: { pageNumber: 1 },
      flags: { Pins: false },
    };
  });

/** Counting off: nothing is added, nothing written. */
const NOT_COUNTING: Counters = { add() {}, flush: async () => {}, start() {}, stop: async () => {} };

let app: TestApp;
let counting: Counters;
let url = '';
let token = '';
let seekerId = '';
const notes: string[] = [];
const rows: Array<Record<string, string | number>> = [];
/** Per mode: every open-loop latency (pooled over its rounds) and each round's saturation and server time. */
const pooled: Record<Mode, { latencies: number[]; saturation: number[]; serverMs: number[]; loopMax: number[] }> = {
  off: { latencies: [], saturation: [], serverMs: [], loopMax: [] },
  on: { latencies: [], saturation: [], serverMs: [], loopMax: [] },
};
/** How long each flush of the timer took while counting was on. */
const flushTimes: number[] = [];
let timing = false;
let flushTimer: NodeJS.Timeout | null = null;

beforeAll(async () => {
  const t0 = performance.now();
  const bench = await searchBenchApp();
  app = bench.app;
  token = bench.seekerToken;
  seekerId = (await app.ctx.tokens.verify(token))!.userId;
  counting = app.ctx.counters;
  const db = app.database.db;
  await writeBenchJobs(db, { companyId: bench.companyId, createdBy: bench.ownerId, jobs: JOBS - REMOTE, remote: REMOTE });
  await db.execute(sql`analyze job_posts`);
  // The seed's change notes aged past the index's safety pass, as on a server that has run a while.
  await db.update(searchChanges).set({ changedAt: sql`now() - interval '10 minutes'` });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/JobSeeker/enhanced-search`;
  await searchIndexReady(db, app.database);
  // The app's own flush timer gives way to one with the same period that times each flush.
  await counting.stop();
  flushTimer = setInterval(() => {
    const t = performance.now();
    void counting.flush().then(() => {
      if (timing) flushTimes.push(performance.now() - t);
    });
  }, COUNTER_FLUSH_EVERY_MS);
  notes.push(`${app.database.kind}, ${JOBS} open jobs (${REMOTE} remote), ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}, 1_800_000);

afterAll(async () => {
  if (flushTimer) clearInterval(flushTimer);
  console.log(`\ncounting: ${notes.join('; ')}; ${os.cpus().length} cores`);
  console.table(rows);
  const median = (values: number[]) => percentile(values, 50);
  const figure = (mode: Mode) => ({
    'p50 ms': percentile(pooled[mode].latencies, 50),
    'p99 ms': percentile(pooled[mode].latencies, 99),
    'p99.9 ms': percentile(pooled[mode].latencies, 99.9),
    'loop pause max ms': Math.max(...pooled[mode].loopMax),
    'saturation req/s (median)': median(pooled[mode].saturation),
    'server ms a search (median)': median(pooled[mode].serverMs),
  });
  if (pooled.off.latencies.length && pooled.on.latencies.length) {
    const off = figure('off');
    const on = figure('on');
    console.table(
      (Object.keys(off) as Array<keyof typeof off>).map((measure) => ({
        measure,
        'counting off': +off[measure].toFixed(2),
        'counting on': +on[measure].toFixed(2),
        'on - off': +(on[measure] - off[measure]).toFixed(2),
        'on / off': +(on[measure] / off[measure]).toFixed(3),
      })),
    );
  }
  app.ctx.counters = counting;
  await app?.stop();
});

type Mode = 'off' | 'on';

async function measure(mode: Mode, round: number) {
  app.ctx.counters = mode === 'on' ? counting : NOT_COUNTING;
  // Warmed, and what earlier measures counted written, so this one's flushes hold only its own.
  await sendLoad({ url, token, bodies: bodiesOf(100, round * 7), concurrency: 4 });
  await counting.flush();
  timing = mode === 'on';
  const la = loadAverage();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const open = await sendLoad({
    url,
    token,
    bodies: bodiesOf(Math.round(RATE * SECONDS), round * 13),
    concurrency: 64,
    rate: RATE,
  }).finally(() => loop.disable());
  const busy = performance.eventLoopUtilization();
  const closed = await sendLoad({ url, token, bodies: bodiesOf(SATURATION_REQUESTS, round * 17), concurrency: CONCURRENCY });
  const serverBusy = performance.eventLoopUtilization(busy).utilization;
  timing = false;
  const saturation = (closed.latencies.length / closed.elapsed) * 1000;
  const serverMs = (serverBusy * closed.elapsed) / closed.latencies.length;
  pooled[mode].latencies.push(...open.latencies);
  pooled[mode].saturation.push(saturation);
  pooled[mode].serverMs.push(serverMs);
  pooled[mode].loopMax.push(loop.max / 1e6);
  rows.push({
    counting: mode,
    round,
    'rate /s': RATE,
    n: open.latencies.length,
    'p50 ms': +percentile(open.latencies, 50).toFixed(1),
    'p99 ms': +percentile(open.latencies, 99).toFixed(1),
    'loop pause max ms': +(loop.max / 1e6).toFixed(1),
    'send lag max ms': +open.sendLagMax.toFixed(1),
    'saturation req/s': Math.round(saturation),
    'server ms a search': +serverMs.toFixed(3),
    'load avg': la,
  });
}

/** What recording one page's impressions takes on the request's thread, and what flushing a busy interval takes. */
async function inProcess() {
  const db = app.database.db;
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from job_posts order by id limit 10000`)).map((r) => r.id);
  const caller = { userId: seekerId, role: 'JobSeeker' as const };
  // Recording: 20 jobs of 2,000 a page, 50,000 pages, into counters of their own (never flushed here).
  let at = new Date(Date.UTC(2031, 0, 6, 9));
  const recorder = createCounters(db, { now: () => at, log: console });
  const ctx = { ...app.ctx, counters: recorder };
  const pages = 50_000;
  const t0 = performance.now();
  for (let p = 0; p < pages; p++) {
    const start = (p * 20) % 2000;
    recordImpressions(ctx, ids.slice(start, start + 20), { caller, userAgent: BROWSER });
  }
  const perPage = ((performance.now() - t0) / pages) * 1000;
  notes.push(`recording a page's 20 impressions: ${perPage.toFixed(2)} µs (50,000 pages over 2,000 jobs, in memory)`);
  await recorder.flush();

  // Flushing a busy interval: each job's impressions of one hour, new rows then added to.
  for (const jobs of [2000, 10_000]) {
    const times: Record<'new' | 'added', number[]> = { new: [], added: [] };
    for (let i = 0; i < 5; i++) {
      at = new Date(Date.UTC(2031, 1, 1 + i, 10));
      for (const kind of ['new', 'added'] as const) {
        recorder.add(ids.slice(0, jobs), 'impression', 7);
        const t = performance.now();
        await recorder.flush();
        times[kind].push(performance.now() - t);
      }
    }
    for (const kind of ['new', 'added'] as const) {
      notes.push(
        `a flush of ${jobs} jobs' impressions (${kind === 'new' ? 'new rows' : 'adding to rows'}): p50 ${percentile(times[kind], 50).toFixed(0)} ms, max ${Math.max(...times[kind]).toFixed(0)} ms`,
      );
    }
  }
}

describe('counting', () => {
  bench(
    'search with counting off and on, alternating, then recording and flushing in-process',
    async () => {
      await sendLoad({ url, token, bodies: bodiesOf(500, 3), concurrency: 8 });
      const order: Mode[] = Array.from({ length: ROUNDS }, (_, i) => (i % 4 === 0 || i % 4 === 3 ? 'off' : 'on'));
      for (const [round, mode] of order.entries()) await measure(mode, round);
      app.ctx.counters = counting;
      notes.push(
        flushTimes.length
          ? `the timer's flushes while counting was on: n=${flushTimes.length} p50 ${percentile(flushTimes, 50).toFixed(1)} ms, max ${Math.max(...flushTimes).toFixed(1)} ms`
          : 'no flush ran while counting was on',
      );
      await inProcess();
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
