import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { readLookups } from '../../server/lookups/service.ts';
import { percentile } from './support/load.ts';

// What people type into the school field: prefixes, whole words, a miss; and paging on.
const UNIVERSITY_QUERIES = [
  'search=s',
  'search=sta',
  'search=stanford',
  'search=university%20of',
  'search=community%20college',
  'search=texas%20a%26m',
  'search=beauty&page=3',
  'search=zzqxv',
  'search=college&page=10&pageSize=50',
  '',
];

const report: string[] = [];
function summarise(name: string, samples: number[]) {
  report.push(`${name}: n=${samples.length} p50=${percentile(samples, 50).toFixed(3)} ms p99=${percentile(samples, 99).toFixed(3)} ms`);
}

let app: TestApp;
let etag = '';
const allSamples: number[] = [];
const notModifiedSamples: number[] = [];
const universitySamples: number[] = [];
const readSamples: number[] = [];

beforeAll(async () => {
  app = await createTestApp();
  const t0 = performance.now();
  const first = await app.inject({ method: 'GET', url: '/api/Master/GetAllLookups' });
  report.push(
    `first GetAllLookups (reads every list from the database): ${(performance.now() - t0).toFixed(0)} ms, ${first.body.length} bytes`,
  );
  etag = first.headers.etag as string;

  // Migrating a fresh database, as every test file does: with and without the seed migration.
  const folder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
  const withoutSeed = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-migrations-'));
  fs.cpSync(folder, withoutSeed, { recursive: true });
  fs.rmSync(path.join(withoutSeed, '0002_seed-lookups.sql'));
  const journalFile = path.join(withoutSeed, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => e.tag !== '0002_seed-lookups');
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  for (const [name, migrationsFolder] of [
    ['without', withoutSeed],
    ['with', folder],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const client = await PGlite.create('memory://');
      const t = performance.now();
      await migrate(drizzle({ client }), { migrationsFolder });
      times.push(performance.now() - t);
      await client.close();
    }
    report.push(`migrating a fresh in-memory PGlite ${name} the seed migration: ${times.map((m) => m.toFixed(0)).join(', ')} ms`);
  }
  fs.rmSync(withoutSeed, { recursive: true, force: true });
}, 120_000);

afterAll(async () => {
  summarise('GET /api/Master/GetAllLookups via app.inject (lists in memory)', allSamples);
  summarise('GET /api/Master/GetAllLookups with a matching If-None-Match (304)', notModifiedSamples);
  summarise('GET /api/Master/University?search=… via app.inject', universitySamples);
  summarise('reading every list from the database (once per process)', readSamples);
  console.log(`\nlookups figures\n  ${report.join('\n  ')}\n`);
  await app?.stop();
});

describe('lookups', () => {
  bench(
    'GET /api/Master/GetAllLookups',
    async () => {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/Master/GetAllLookups' });
      allSamples.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    },
    { time: 3000, warmupIterations: 20 },
  );

  bench(
    'GET /api/Master/GetAllLookups, If-None-Match (304)',
    async () => {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/Master/GetAllLookups', headers: { 'if-none-match': etag } });
      notModifiedSamples.push(performance.now() - t);
      if (res.statusCode !== 304) throw new Error(`status ${res.statusCode}`);
    },
    { time: 2000, warmupIterations: 20 },
  );

  let i = 0;
  bench(
    'GET /api/Master/University?search=…',
    async () => {
      const query = UNIVERSITY_QUERIES[i++ % UNIVERSITY_QUERIES.length]!;
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/Master/University?${query}` });
      universitySamples.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    },
    { time: 3000, warmupIterations: 20 },
  );

  bench(
    'read every list from the database',
    async () => {
      const t = performance.now();
      await readLookups(app.ctx.db);
      readSamples.push(performance.now() - t);
    },
    { iterations: 10, time: 0, warmupIterations: 1 },
  );
});
