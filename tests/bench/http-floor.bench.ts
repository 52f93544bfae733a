import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { users } from '../../server/db/schema.ts';
import { searchIndexReady } from '../../server/jobs/search-index/sync.ts';
import type { SearchRequestInput } from '../../src/contract/search.ts';
import { loadAverage, percentile, sendLoad } from './support/load.ts';

/*
 * The floor under the search figures: what answering costs on this machine before any search
 * work, through the same load client as tests/bench/search-scale.bench.ts (20 requests at once,
 * node:http from a worker thread on the same cores).
 * - Fastify alone: one route answering a fixed JSON page of a search page's size (20 jobs).
 * - Our app: a signed-in seeker's enhanced-search that finds nothing (a word no job holds), so it
 *   costs the request's parsing and validation, the token, the hooks, the search index's look at
 *   its notes and the seeker's kept records, and the answer's writer, with no job to read.
 * Machines differ from round to round (the same search load answered 212 to 434 requests a second
 * on different machines), so search figures are read beside this floor measured on the same one.
 *
 *   npx vitest bench --run --project bench tests/bench/http-floor.bench.ts
 */

const CONCURRENCY = 20;
const REQUESTS = Number(process.env.HTTP_FLOOR_REQUESTS ?? 4000);

/** A list item of about the size a search page's job has (about 1 kB as JSON). */
const item = (i: number) => ({
  id: `0b5c1a9e-5d0a-4c49-9f7c-1e2d3c4b5a${String(i).padStart(2, '0')}`,
  title: 'Warehouse Associate - Forklift Operator',
  company: { id: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', name: 'Pacific Northwest Logistics Co', logo: null, verified: true },
  location: { city: 'Vancouver', state: 'WA', zipCode: '98660', latitude: 45.63, longitude: -122.67 },
  isRemote: false,
  jobTypes: [{ id: 1, name: 'Full-time' }],
  schedules: [
    { id: 2, name: 'Day shift' },
    { id: 3, name: 'Monday to Friday' },
  ],
  pay: { type: 'Range', rate: 'Hourly', minimum: 18.5, maximum: 24, currency: 'USD' },
  postedAt: '2026-11-20T10:11:12.000Z',
  validThrough: '2027-01-20T10:11:12.000Z',
  skills: [
    { id: 11, name: 'Forklift', match: true },
    { id: 12, name: 'Inventory', match: false },
    { id: 13, name: 'Shipping and receiving', match: false },
  ],
  isSaved: false,
  isBoosted: false,
  openToMinors: false,
  experience: { minimum: 1, maximum: 3 },
  summary: 'Load and unload trucks, move pallets with a forklift and keep the warehouse tidy. Training provided for the right candidate.',
  distanceMiles: 3.4,
});
const PAGE = JSON.stringify({
  success: true,
  status: 200,
  data: {
    items: Array.from({ length: 20 }, (_, i) => item(i)),
    total: 1000,
    totalIsLowerBound: true,
    pageNumber: 1,
    pageSize: 20,
    pins: null,
  },
});

const SEARCH: SearchRequestInput = {
  keyword: 'zyzzogeton',
  location: { latitude: 45.628, longitude: -122.6739, radius: 25 },
  filters: {},
  sort: 'relevance',
  paging: { pageNumber: 1 },
  flags: { Pins: false },
};

let bare: FastifyInstance;
let app: TestApp;
let token = '';
const rows: Array<Record<string, string | number>> = [];

const addressOf = (server: FastifyInstance) => {
  const address = server.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

beforeAll(async () => {
  bare = Fastify({ logger: false });
  bare.post('/page', async (_req, res) => res.type('application/json; charset=utf-8').send(PAGE));
  bare.get('/probe', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const [seeker] = await app.database.db
    .insert(users)
    .values({ email: 'floor.seeker@example.com', firstName: 'Dana', lastName: 'Seeker', role: 'JobSeeker', emailVerifiedAt: new Date() })
    .returning();
  token = await app.ctx.tokens.sign({ userId: seeker!.id, role: 'JobSeeker' });
  await searchIndexReady(app.database.db);
}, 120_000);

afterAll(async () => {
  console.log(`\nthe HTTP floor (${CONCURRENCY} concurrent, ${REQUESTS} requests a run); answer of Fastify alone ${PAGE.length} bytes`);
  console.table(rows);
  await bare?.close();
  await app?.stop();
});

async function measure(label: string, url: string, probeUrl: string, body: unknown) {
  const load = { url, token, bodies: Array.from({ length: REQUESTS }, () => body), concurrency: CONCURRENCY, probeUrl };
  // Warmed first, so the code is compiled and the connections open.
  await sendLoad({ ...load, bodies: load.bodies.slice(0, 500) });
  const la = loadAverage();
  const busy = performance.eventLoopUtilization();
  const r = await sendLoad(load);
  const serverBusy = performance.eventLoopUtilization(busy).utilization;
  rows.push({
    measure: label,
    'req/s': Math.round((r.latencies.length / r.elapsed) * 1000),
    'p50 ms': +percentile(r.latencies, 50).toFixed(1),
    'p99 ms': +percentile(r.latencies, 99).toFixed(1),
    'server busy %': Math.round(serverBusy * 100),
    'server thread ms a request': +((serverBusy * r.elapsed) / r.latencies.length).toFixed(3),
    'client busy %': Math.round(r.clientBusy * 100),
    'load avg': la,
  });
}

const once = { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 };

describe('the HTTP floor', () => {
  bench(
    'Fastify alone, then our enhanced-search finding nothing',
    async () => {
      await measure('Fastify alone: a fixed search-sized page', `${addressOf(bare)}/page`, `${addressOf(bare)}/probe`, SEARCH);
      const base = addressOf(app);
      await measure('ours: enhanced-search finding nothing', `${base}/api/JobSeeker/enhanced-search`, `${base}/api/config`, SEARCH);
    },
    once,
  );
});
