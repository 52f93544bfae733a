// How far behind the search index runs under writes, on PostgreSQL (run by hand, not in CI):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx tests/reliability/search-index-lag.ts
// A fresh database with JOBS jobs (default 20,000); writers update random jobs at WRITES a second
// (default 200) over 8 connections, each transaction held open 0–50 ms so commits land out of
// sequence order; searches look at the notes at SEARCHES a second (default 50). Reported for each
// phase: the look's time (the part of a search that reads the notes), and the index's pending
// notes and behindMs as /api/health shows them, sampled every 100 ms.
import postgres from 'postgres';
import { seedJobs } from '../../server/cli/seed-jobs.ts';
import { openDatabase } from '../../server/db/client.ts';
import { searchIndexReady, searchIndexSync } from '../../server/jobs/search-index/sync.ts';

const base = process.env.DATABASE_URL;
if (!base) throw new Error('Set DATABASE_URL to a PostgreSQL server (a database of its own is made and dropped).');
const JOBS = Number(process.env.JOBS ?? 20_000);
const WRITES = Number(process.env.WRITES ?? 200);
const SEARCHES = Number(process.env.SEARCHES ?? 50);
const PHASE_MS = Number(process.env.PHASE_MS ?? 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const summary = (xs: number[]) =>
  xs.length
    ? `p50 ${quantile(xs, 0.5).toFixed(1)}, p99 ${quantile(xs, 0.99).toFixed(1)}, max ${Math.max(...xs).toFixed(1)} (n=${xs.length})`
    : 'none';

/** Calls `work` at `perSecond` on schedule (open loop), whatever each call takes, until `stop`. */
function atRate(perSecond: number, work: () => Promise<void>, stop: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (perSecond <= 0) return resolve();
    const started = performance.now();
    let sent = 0;
    const running = new Set<Promise<void>>();
    const tick = () => {
      if (stop()) return void Promise.all(running).then(() => resolve());
      const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
      for (; sent < due; sent++) {
        const p = work().finally(() => running.delete(p));
        running.add(p);
      }
      setTimeout(tick, 2);
    };
    tick();
  });
}

const admin = postgres(base, { max: 1, onnotice: () => {} });
const name = `search_lag_${process.pid}`;
await admin.unsafe(`drop database if exists ${name}`);
await admin.unsafe(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
const writers = postgres(url.toString(), { max: 8, onnotice: () => {} });
try {
  const seeded = await seedJobs(database, { count: JOBS, seed: 7 });
  console.log(`${seeded.jobs} jobs seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
  if (!(await searchIndexReady(database.db))) throw new Error('the index did not build');
  const sync = searchIndexSync(database.db)!;
  const ids = (await writers<{ id: string }[]>`select id from job_posts where status = 'Active'`).map((r) => r.id);

  for (const phase of [
    { name: `writes ${WRITES}/s, searches ${SEARCHES}/s`, searches: SEARCHES },
    { name: `writes ${WRITES}/s, no searches (only the minute's safety pass reads)`, searches: 0 },
  ]) {
    const until = performance.now() + PHASE_MS;
    const stop = () => performance.now() > until;
    const looks: number[] = [];
    const pending: number[] = [];
    const behind: number[] = [];
    let written = 0;
    const write = async () => {
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      await writers.begin(async (tx) => {
        await tx`update job_posts set title = title where id = ${id}`;
        await sleep(Math.random() * 50);
      });
      written++;
    };
    const look = async () => {
      const t0 = performance.now();
      await sync.fresh();
      looks.push(performance.now() - t0);
    };
    const sample = async () => {
      const h = await sync.health();
      pending.push(h.pendingNotes);
      behind.push(h.behindMs);
    };
    await Promise.all([atRate(WRITES, write, stop), atRate(phase.searches, look, stop), atRate(10, sample, stop)]);
    console.log(`\n${phase.name}, ${PHASE_MS / 1000} s: ${written} writes committed`);
    console.log(`  look before a search, ms: ${summary(looks)}`);
    console.log(`  pending notes (health):   ${summary(pending)}`);
    console.log(`  behindMs (health):        ${summary(behind)}`);
  }
} finally {
  await writers.end({ timeout: 5 });
  await database.close();
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.end({ timeout: 5 });
}
