// A long run of a mixed workload on PGlite with 100,000 jobs (run by hand, not in CI):
//   npx tsx tests/reliability/soak.ts
//   DURATION=5 npx tsx tests/reliability/soak.ts          (a 5-minute soak)
// A PGlite folder under TMPDIR (removed at the end) is seeded with JOBS jobs (default 100,000,
// server/cli/seed-jobs.ts), seekers with a résumé and conversations; then the real server (node +
// tsx running server/main.ts, as `npm start` runs the API) answers a mix over HTTP: 40% searches
// (FindJobs, a keyword near a city), 35% job pages, 15% applications (a random seeker to a random
// open job: 201, or 200 when that seeker applied already), 10% messages in the conversations.
// Once the search index is built (the first search starts it), its saturation: SATURATION_S
// seconds (default 30) of CONCURRENCY (default 8) loops each sending its next request when the last
// answered (closed loop). Then the soak: DURATION minutes (default 30) at RATE requests a second
// (default half the saturation), sent on a fixed schedule whatever the answers take (open loop, each timed from its scheduled moment). Every answer must be
// 2xx (errors expected: 0). Each minute: requests, errors, p50/p99/max latency, and the server
// process's resident memory (VmRSS, as `ps -o rss` reads it); minute 5 and the last minute are
// compared. The machine is shared: the load averages are printed beside the figures.
//
// Knobs: JOBS, DURATION (minutes), RATE, SATURATION_S, CONCURRENCY, SEEKERS (500), CHANNELS (50), PORT (3393).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { seedJobs } from '../../server/cli/seed-jobs.ts';
import { rowsOf } from '../../server/db/sql.ts';
import {
  call,
  expectCall,
  insertCompany,
  insertSeekers,
  pgliteStore,
  postJob,
  quantile,
  rssKb,
  sleep,
  startServer,
  stopServer,
  type Server,
} from './support/server.ts';

const JOBS = Number(process.env.JOBS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 30);
const SATURATION_S = Number(process.env.SATURATION_S ?? 30);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SEEKERS = Number(process.env.SEEKERS ?? 500);
const CHANNELS = Number(process.env.CHANNELS ?? 50);
const PORT = Number(process.env.PORT ?? 3393);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const store = await pgliteStore('soak');
console.log(`soak on PGlite (${store.dataDir}), ${JOBS} jobs, machine load ${load()}`);

// ---------- the data ----------

const database = await store.open();
const seeded = await seedJobs(database, {
  count: JOBS,
  seed: 11,
  onProgress: (n, ms) => {
    if (n % 20_000 === 0) console.log(`  ${n} jobs seeded in ${(ms / 1000).toFixed(0)} s`);
  },
});
console.log(`${seeded.jobs} jobs seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
const main = await insertCompany(database, 'Riverside Freight LLC');
const seekers = await insertSeekers(database, SEEKERS + CHANNELS, 'soak');
// Jobs a seeker with a résumé may apply to: open a while yet, no cover letter asked.
const open = await database.db.execute(sql`
  select id from job_posts
  where status = 'Active' and valid_through > now() + interval '2 days'
    and coalesce((job_data -> 'jobDetails' ->> 'requiresCoverLetter')::boolean, false) = false`);
const openIds = rowsOf<{ id: string }>(open).map((r) => r.id);
console.log(`${openIds.length} jobs open to applications`);
await database.close();

const { server, ms } = await startServer(store, PORT);
console.log(`server up in ${(ms / 1000).toFixed(1)} s`);
const chatJob = await postJob(server, main.employer, 'Forklift Operator');
const channels: Array<{ url: string; token: string }> = [];
for (const seeker of seekers.slice(SEEKERS)) {
  const applied = await expectCall(
    server,
    'POST',
    '/api/JobSeeker/apply',
    { jobId: chatJob, workAuthorization: true, sponsorship: false },
    seeker.token,
    [201],
  );
  const init = await expectCall(
    server,
    'POST',
    '/api/Recruiter/message-init',
    { applicantId: applied.id, jobPostId: chatJob },
    main.employer.token,
  );
  channels.push({ url: init.url, token: seeker.token });
}

// ---------- the mix ----------

const PLACES = [
  { latitude: 45.6387, longitude: -122.6615 }, // Vancouver, WA
  { latitude: 40.7128, longitude: -74.006 }, // New York
  { latitude: 34.0522, longitude: -118.2437 }, // Los Angeles
  { latitude: 41.8781, longitude: -87.6298 }, // Chicago
  { latitude: 29.7604, longitude: -95.3698 }, // Houston
  { latitude: 47.6062, longitude: -122.3321 }, // Seattle
];
const KEYWORDS = ['', 'warehouse', 'nurse', 'driver', 'cook', 'forklift', 'cashier', 'software engineer', 'electrician', 'part time'];
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

type Kind = 'search' | 'job page' | 'apply' | 'message';
const KINDS: Kind[] = ['search', 'job page', 'apply', 'message'];
function nextKind(): Kind {
  const r = Math.random();
  return r < 0.4 ? 'search' : r < 0.75 ? 'job page' : r < 0.9 ? 'apply' : 'message';
}
let nextChannel = 0;
/** One request of the kind; its error (status and the answer's start), or null. */
async function request(kind: Kind, to: Server): Promise<string | null> {
  try {
    let res;
    if (kind === 'search') {
      res = await call(to, 'POST', '/api/job/FindJobs', {
        keyword: pick(KEYWORDS),
        ...pick(PLACES),
        distance: 25,
        pageNumber: 1,
        pageSize: 20,
      });
    } else if (kind === 'job page') {
      res = await call(to, 'GET', `/api/job/job-post/${pick(openIds)}`);
    } else if (kind === 'apply') {
      const seeker = seekers[Math.floor(Math.random() * SEEKERS)]!;
      res = await call(
        to,
        'POST',
        '/api/JobSeeker/apply',
        { jobId: pick(openIds), resumeId: seeker.resumeId, workAuthorization: true, sponsorship: false },
        seeker.token,
      );
    } else {
      const channel = channels[nextChannel++ % channels.length]!;
      res = await call(
        to,
        'POST',
        `/api/messaging/channels/${channel.url}/messages`,
        { clientMessageId: randomUUID(), text: 'Is the early shift still open?' },
        channel.token,
      );
    }
    return res.status >= 200 && res.status < 300 ? null : `${kind} ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`;
  } catch (err) {
    return `${kind} ${(err as Error).message}`;
  }
}

// The first search builds the search index (100,000 jobs: a minute or more); until it is ready
// searches are answered in SQL, slower, so both phases wait for it.
const building = performance.now();
await call(server, 'POST', '/api/job/FindJobs', { keyword: 'warehouse', ...PLACES[0], distance: 25 });
for (;;) {
  const health = await call(server, 'GET', '/api/health');
  if (health.json?.data?.searchIndex?.state === 'ready') break;
  if (performance.now() - building > 15 * 60_000) throw new Error('the search index was not ready in 15 minutes');
  await sleep(1000);
}
console.log(`search index ready in ${((performance.now() - building) / 1000).toFixed(1)} s`);

// ---------- saturation (closed loop) ----------

let saturation = Number(process.env.RATE ?? 0) * 2;
if (!process.env.RATE) {
  const warmUntil = performance.now() + 10_000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < warmUntil) await request(nextKind(), server);
    }),
  );
  const t0 = performance.now();
  const until = t0 + SATURATION_S * 1000;
  let done = 0;
  let errors = 0;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        if (await request(nextKind(), server)) errors++;
        times.push(performance.now() - t);
        done++;
      }
    }),
  );
  saturation = done / ((performance.now() - t0) / 1000);
  console.log(
    `saturation (closed loop, ${CONCURRENCY} at once, ${SATURATION_S} s): ${saturation.toFixed(1)} requests/s, ` +
      `p50 ${quantile(times, 0.5).toFixed(0)} ms, p99 ${quantile(times, 0.99).toFixed(0)} ms, ${errors} errors; load ${load()}`,
  );
}
const RATE = Number(process.env.RATE ?? (saturation / 2).toFixed(1));

// ---------- the soak (open loop) ----------

console.log(`soak: ${DURATION} minutes at ${RATE} requests/s (open loop)\n`);
interface Minute {
  latencies: number[];
  errors: number;
  byKind: Record<Kind, number>;
}
const minutes: Minute[] = [];
const minuteOf = (i: number) => (minutes[i] ??= { latencies: [], errors: 0, byKind: { search: 0, 'job page': 0, apply: 0, message: 0 } });
const rss: number[] = [];
const errorSamples: string[] = [];
let errorsTotal = 0;
let sentTotal = 0;
let sendLagMax = 0;
const t0 = performance.now();
const end = t0 + DURATION * 60_000;
const pending = new Set<Promise<void>>();
let reported = 0;
const report = (m: number) => {
  const minute = minuteOf(m);
  const mem = rssKb(server);
  rss[m] = mem;
  const l = minute.latencies;
  console.log(
    `minute ${String(m + 1).padStart(2)}: ${l.length} answered (${KINDS.map((k) => `${k} ${minute.byKind[k]}`).join(', ')}), ` +
      `${minute.errors} errors, p50 ${quantile(l, 0.5).toFixed(0)} ms, p99 ${quantile(l, 0.99).toFixed(0)} ms, max ${Math.max(0, ...l).toFixed(0)} ms; ` +
      `server RSS ${(mem / 1024).toFixed(0)} MB; load ${load()}`,
  );
};
for (let i = 0; ; i++) {
  const due = t0 + (i * 1000) / RATE;
  if (due >= end) break;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  sendLagMax = Math.max(sendLagMax, performance.now() - due);
  const m = Math.floor((due - t0) / 60_000);
  while (reported < m) report(reported++);
  const kind = nextKind();
  sentTotal++;
  const p = request(kind, server).then((error) => {
    const minute = minuteOf(m);
    minute.latencies.push(performance.now() - due);
    minute.byKind[kind]++;
    if (error) {
      minute.errors++;
      errorsTotal++;
      if (errorSamples.length < 5) errorSamples.push(error);
    }
  });
  pending.add(p);
  void p.finally(() => pending.delete(p));
}
await Promise.all(pending);
while (reported < Math.ceil(DURATION)) report(reported++);

const all = minutes.flatMap((m) => m.latencies);
const at = (m: number) => (rss[m - 1] !== undefined ? `${(rss[m - 1]! / 1024).toFixed(0)} MB` : 'n/a');
console.log(
  `\nsoak of ${DURATION} minutes at ${RATE} requests/s (saturation ${saturation.toFixed(1)}/s): ${sentTotal} requests, ${errorsTotal} errors; ` +
    `p50 ${quantile(all, 0.5).toFixed(0)} ms, p99 ${quantile(all, 0.99).toFixed(0)} ms, max ${Math.max(0, ...all).toFixed(0)} ms; ` +
    `the schedule's worst send lag ${sendLagMax.toFixed(0)} ms\nserver RSS at minute 5: ${at(5)}, at minute ${Math.ceil(DURATION)}: ${at(Math.ceil(DURATION))}; load ${load()}`,
);
if (errorSamples.length) console.log(`first errors:\n  ${errorSamples.join('\n  ')}`);
await stopServer(server);
await store.drop();
process.exit(errorsTotal ? 1 : 0);
