import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { JOB_PAGE_CACHE_SIZE } from '../../server/jobs/seo.ts';
import { percentile } from './support/load.ts';
import { writeBenchCompany } from './support/jobs.ts';
import { publishJobData } from '../../server/posting/jobs.ts';
import { completeJobData } from '../server/posting-support.ts';
// @ts-expect-error the build script is plain JavaScript
import { clientDir, ensureBuilt } from '../../scripts/lib/build.mjs';

/*
 * What a job's page costs the server now that it arrives drawn (server/jobs/seo.ts): the job read,
 * drawn by the app's server rendering (dist/ssr), written into the page with its head. Against the
 * page sent before, the build's shell with the head written in and the job drawn by the browser.
 * 600 open jobs; a visit either to a job drawn moments ago (kept) or to one not drawn yet (the
 * visits walk the jobs in turn, more than the JOB_PAGE_CACHE_SIZE kept).
 *
 *   npx vitest bench --run --project bench tests/bench/job-page-html.bench.ts
 */

const JOBS = 600;
const report: string[] = [];
const samples: Record<string, number[]> = { kept: [], drawn: [], shell: [] };

let drawing: TestApp;
let shellOnly: TestApp;
let shellDir = '';
let ids: string[] = [];
let shellIds: string[] = [];

async function seeded(app: TestApp): Promise<string[]> {
  const { companyId, ownerId } = await writeBenchCompany(app.database.db);
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const { id } = await publishJobData(app.ctx, { companyId, userId: ownerId }, completeJobData({ title: `Warehouse Associate ${i}` }));
    ids.push(id);
  }
  return ids;
}

beforeAll(async () => {
  if ((ensureBuilt as (o: object) => number)({ log: () => undefined }) !== 0) throw new Error('the app did not build');
  drawing = await createTestApp({ config: { clientDir: clientDir as string } });
  // The same build without its server rendering: the page as it was sent before.
  shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-shell-'));
  fs.mkdirSync(path.join(shellDir, 'client'));
  fs.copyFileSync(path.join(clientDir as string, 'index.html'), path.join(shellDir, 'client', 'index.html'));
  fs.cpSync(path.join(clientDir as string, 'pages'), path.join(shellDir, 'client', 'pages'), { recursive: true });
  shellOnly = await createTestApp({ config: { clientDir: path.join(shellDir, 'client') } });
  [ids, shellIds] = await Promise.all([seeded(drawing), seeded(shellOnly)]);
  report.push(`${JOBS} open jobs, ${JOB_PAGE_CACHE_SIZE} drawn pages kept`);
}, 600_000);

afterAll(async () => {
  const line = (name: string, s: number[]) =>
    `${name}: n=${s.length} p50=${percentile(s, 50).toFixed(2)} ms p99=${percentile(s, 99).toFixed(2)} ms`;
  report.push(line('a job drawn moments ago (kept)', samples.kept!));
  report.push(line('a job not drawn yet (drawn now)', samples.drawn!));
  report.push(line('the build’s shell, the job drawn by the browser (before)', samples.shell!));
  console.log(`\njob page HTML figures (${drawing.database.kind})\n  ${report.join('\n  ')}\n`);
  await drawing?.stop();
  await shellOnly?.stop();
  fs.rmSync(shellDir, { recursive: true, force: true });
});

async function visit(app: TestApp, id: string, into: number[], drawn: boolean) {
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url: `/jobs/${id}`, headers: { 'accept-encoding': 'br' } });
  into.push(performance.now() - t);
  if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${res.body.slice(0, 500)}`);
  // Sent compressed, as to a browser; a drawn page carries the job as its data, the shell does not.
  const html = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
  if (html.includes('id="page-data"') !== drawn) throw new Error(`the page of ${id} was ${drawn ? 'not ' : ''}drawn`);
}

const VISITS = Number(process.env.JOB_PAGE_VISITS ?? 1000);
const once = { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 };

/** Visits one after another (a job's page is cheap next to what would saturate the process); the first 50 warm up. */
async function visits(app: TestApp, idOf: (i: number) => string, into: number[], drawn: boolean) {
  const warm: number[] = [];
  for (let i = 0; i < 50; i++) await visit(app, idOf(i), warm, drawn);
  for (let i = 50; i < VISITS + 50; i++) await visit(app, idOf(i), into, drawn);
}

describe('a job’s page as HTML', () => {
  bench('the same job again (kept)', () => visits(drawing, () => ids[0]!, samples.kept!, true), once);
  // Walking the other jobs in turn, each visit finds its job no longer kept.
  bench('a job not drawn yet', () => visits(drawing, (i) => ids[1 + (i % (JOBS - 1))]!, samples.drawn!, true), once);
  bench('the shell (before)', () => visits(shellOnly, (i) => shellIds[i % JOBS]!, samples.shell!, false), once);
});
