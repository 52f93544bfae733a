import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { createMemoryRateLimiter } from '../../server/platform/rate-limit.ts';
import { buildGazetteer, getGazetteer, loadGazetteerSources, type GazetteerSources } from '../../server/location/gazetteer.ts';
import { percentile } from './support/load.ts';

// What people type: prefixes of every length, "city, ST", ZIP codes and prefixes, misses.
const QUERIES = [
  'san',
  'san fr',
  'port',
  'Portland, ME',
  'new york',
  'st lo',
  'sea',
  'Los Angeles',
  'austin, tx',
  'spring',
  '98660',
  '981',
  'Vancouver, WA 98660',
  'zzyzxq',
  'kansas city missouri',
  'bo',
];

const report: string[] = [];
function summarise(name: string, samples: number[]) {
  report.push(`${name}: n=${samples.length} p50=${percentile(samples, 50).toFixed(3)} ms p99=${percentile(samples, 99).toFixed(3)} ms`);
}

let app: TestApp;
let sources: GazetteerSources;
const injectSamples: number[] = [];
const directSamples: number[] = [];
const buildSamples: number[] = [];

beforeAll(async () => {
  const t0 = performance.now();
  sources = await loadGazetteerSources();
  report.push(`reading the place data packages (once per process): ${(performance.now() - t0).toFixed(0)} ms`);
  // A limiter that never runs out: the benchmark sends far more than one person would.
  const rateLimiter = createMemoryRateLimiter();
  app = await createTestApp({ adapters: { rateLimiter: { hit: async (...a) => ({ ...(await rateLimiter.hit(...a)), allowed: true }) } } });
  await getGazetteer();
}, 120_000);

afterAll(async () => {
  summarise('POST /api/job/location-search via app.inject (warm index)', injectSamples);
  summarise('gazetteer.search alone (warm index)', directSamples);
  summarise('cold index build (data already read)', buildSamples);
  console.log(`\nlocation search figures\n  ${report.join('\n  ')}\n`);
  await app?.stop();
});

describe('location search', () => {
  let i = 0;
  bench(
    'POST /api/job/location-search (warm index)',
    async () => {
      const locationName = QUERIES[i++ % QUERIES.length]!;
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/job/location-search', payload: { locationName, type: 1 } });
      injectSamples.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    },
    { time: 3000, warmupIterations: 20 },
  );

  let j = 0;
  bench(
    'gazetteer.search (warm index)',
    async () => {
      const gazetteer = await getGazetteer();
      const query = QUERIES[j++ % QUERIES.length]!;
      const t = performance.now();
      gazetteer.search(query);
      directSamples.push(performance.now() - t);
    },
    { time: 2000, warmupIterations: 50 },
  );

  bench(
    'cold index build',
    () => {
      const t = performance.now();
      buildGazetteer(sources);
      buildSamples.push(performance.now() - t);
    },
    { iterations: 8, time: 0, warmupIterations: 1 },
  );
});
