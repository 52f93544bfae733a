import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { WebSocket } from 'ws';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { applications, channels, companies, jobPosts, users } from '../../server/db/schema.ts';
import { createAccessTokens } from '../../server/platform/tokens.ts';
import { MESSAGING_SOCKET_PATH, SEND_LIMIT, SEND_LIMIT_SECONDS, type ServerFrame } from '../../src/contract/messaging.ts';

/*
 * Message delivery across two server processes: `server/main.ts` started twice on one PostgreSQL
 * database (each its own process, connection pool and LISTEN connection). Applicants send through
 * process A (real HTTP) at a steady rate; the company's recruiter has one socket on process B. For
 * each message: the time from the start of its send call to its frame arriving on B's socket
 * (the send's insert and NOTIFY, the other process's delivery), and apart from it the time from the
 * message's storing (its createdAt, the same machine's clock) to the frame on B: the fan-out alone. Senders are many applicants, each
 * within the send limit (SEND_LIMIT per SEND_LIMIT_SECONDS), as real traffic would be.
 *
 *   MESSAGING_BENCH_DATABASE_URL  database to use (default postgres://postgres@127.0.0.1:5432/bench_messaging,
 *                                 dropped and created afresh; never the test database)
 *   MESSAGING_BENCH_RATE          messages per second (default 200)
 *   MESSAGING_BENCH_SECONDS       how long to send (default 10)
 *
 *   npx vitest bench --run --project bench tests/bench/messaging.bench.ts
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_URL = process.env.MESSAGING_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_messaging';
const RATE = Number(process.env.MESSAGING_BENCH_RATE ?? 200);
const SECONDS = Number(process.env.MESSAGING_BENCH_SECONDS ?? 10);
const SECRET = 'messaging-bench-secret-that-is-long-enough-000';
/** Each applicant sends within the limit: this many applicants share the rate. */
const SENDERS = Math.ceil((RATE * SEND_LIMIT_SECONDS) / (SEND_LIMIT * 0.8));

const processes: ChildProcess[] = [];
let database: Database;
let baseA = '';
let baseB = '';
let recruiterToken = '';
const senders: Array<{ token: string; url: string }> = [];
const rows: Array<Record<string, string | number>> = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startServer(): Promise<string> {
  const port = await freePort();
  const { DATABASE_URL: _test, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'development',
      DATABASE_URL: PG_URL,
      JWT_SECRET: SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: os.tmpdir(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/config`)).ok) return base;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

async function freshDatabase(): Promise<Database> {
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end({ timeout: 5 });
  return openDatabase({ databaseUrl: PG_URL, dataDir: '' });
}

/** A company, its recruiter, a job and SENDERS applicants, each with a conversation. */
async function seed() {
  const db = database.db;
  const tokens = createAccessTokens(SECRET, 3600);
  const now = new Date();
  const [company] = await db.insert(companies).values({ name: 'Bench Logistics LLC', tin: '123456789', verifiedAt: now }).returning();
  const [recruiter] = await db
    .insert(users)
    .values({
      email: `bench.recruiter.${Date.now()}@example.com`,
      firstName: 'Casey',
      lastName: 'Bench',
      role: 'Recruiter',
      companyId: company!.id,
      emailVerifiedAt: now,
    })
    .returning();
  recruiterToken = await tokens.sign({ userId: recruiter!.id, role: 'Recruiter' });
  const [job] = await db
    .insert(jobPosts)
    .values({
      companyId: company!.id,
      title: 'Warehouse Associate',
      descriptionHtml: '<p>Pick and pack.</p>',
      jobData: {},
      locationType: 'remote',
      isRemote: true,
      validThrough: new Date(now.getTime() + 30 * 86400_000),
      createdBy: recruiter!.id,
    })
    .returning();
  for (let i = 0; i < SENDERS; i++) {
    const [seeker] = await db
      .insert(users)
      .values({
        email: `bench.seeker.${i}.${Date.now()}@example.com`,
        firstName: `Applicant${i}`,
        lastName: 'Bench',
        role: 'JobSeeker',
        emailVerifiedAt: now,
      })
      .returning();
    const [application] = await db.insert(applications).values({ jobPostId: job!.id, jobSeekerId: seeker!.id }).returning();
    const url = `ch_bench_${i}_${randomUUID()}`;
    await db.insert(channels).values({
      url,
      jobPostId: job!.id,
      applicationId: application!.id,
      seekerId: seeker!.id,
      companyId: company!.id,
      createdAt: now,
      lastMessageAt: now,
    });
    senders.push({ token: await tokens.sign({ userId: seeker!.id, role: 'JobSeeker' }), url });
  }
}

async function receiverOnB(onMessage: (clientMessageId: string, at: number, storedAgo: number) => void): Promise<WebSocket> {
  const session = (await (
    await fetch(`${baseB}/api/Recruiter/messaging-session`, { headers: { authorization: `Bearer ${recruiterToken}` } })
  ).json()) as { data: { sessionToken: string } };
  const ws = new WebSocket(`${baseB.replace('http', 'ws')}${MESSAGING_SOCKET_PATH}`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const ready = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const at = performance.now();
      const wall = Date.now();
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === 'ready') resolve();
      if (frame.type === 'message' && frame.message.clientMessageId)
        onMessage(frame.message.clientMessageId, at, wall - Date.parse(frame.message.createdAt));
    });
  });
  ws.send(JSON.stringify({ type: 'hello', sessionToken: session.data.sessionToken, lastMessageId: null }));
  await ready;
  return ws;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Sends `count` messages through A at RATE a second, round robin over the applicants; answers each one's latency. */
async function run(count: number, round: number) {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const calls: number[] = [];
  const fanOut: number[] = [];
  let failed = 0;
  let firstFailure = '';
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const ws = await receiverOnB((id, at, storedAgo) => {
    const t0 = sentAt.get(id);
    if (t0 === undefined) return;
    sentAt.delete(id);
    latencies.push(at - t0);
    fanOut.push(storedAgo);
    if (latencies.length + failed === count) done();
  });
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const sender = senders[i % senders.length]!;
    const id = `r${round}-m${i}`;
    const t0 = performance.now();
    sentAt.set(id, t0);
    inFlight.push(
      fetch(`${baseA}/api/messaging/channels/${sender.url}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
        body: JSON.stringify({ clientMessageId: id, text: `Hello, this is message ${i} of the run. Is the position still open?` }),
      }).then(
        async (res) => {
          if (res.status !== 201) {
            failed += 1;
            firstFailure ||= `${res.status} ${await res.text()}`;
            sentAt.delete(id);
            if (latencies.length + failed === count) done();
          } else {
            await res.arrayBuffer();
            calls.push(performance.now() - t0);
          }
        },
        (err: unknown) => {
          failed += 1;
          firstFailure ||= String(err);
          sentAt.delete(id);
          if (latencies.length + failed === count) done();
        },
      ),
    );
  }
  const elapsed = performance.now() - start;
  await Promise.all(inFlight);
  await Promise.race([all, new Promise((r) => setTimeout(r, 10_000))]);
  ws.close();
  if (failed) throw new Error(`${failed} sends failed, first: ${firstFailure}`);
  return {
    latencies: latencies.sort((a, b) => a - b),
    calls: calls.sort((a, b) => a - b),
    fanOut: fanOut.sort((a, b) => a - b),
    lost: sentAt.size,
    rate: (count / elapsed) * 1000,
  };
}

beforeAll(async () => {
  database = await freshDatabase();
  await seed();
  [baseA, baseB] = [await startServer(), await startServer()];
}, 300_000);

afterAll(async () => {
  console.log(
    `\nmessaging across two server processes on PostgreSQL: ${SENDERS} applicants sending through A, the recruiter's socket on B; load avg ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; ${os.cpus().length} cores`,
  );
  console.table(rows);
  for (const p of processes) p.kill('SIGTERM');
  await Promise.all(processes.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)));
  await database?.close();
}, 60_000);

const once = { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 };

describe(`messaging delivery (${RATE} messages/s for ${SECONDS} s)`, () => {
  bench(
    'send on A, receive on B',
    async () => {
      // Warm-up: connections, statement caches, JIT; then wait out the send windows it used.
      await run(Math.min(RATE, 100), 0);
      await new Promise((r) => setTimeout(r, SEND_LIMIT_SECONDS * 1000 + 500));
      const la = os.loadavg()[0]!.toFixed(2);
      const r = await run(RATE * SECONDS, 1);
      rows.push({
        measure: 'delivery latency (send call start → frame on B)',
        messages: r.latencies.length,
        lost: r.lost,
        'sent/s': +r.rate.toFixed(0),
        'p50 ms': +percentile(r.latencies, 50).toFixed(1),
        'p99 ms': +percentile(r.latencies, 99).toFixed(1),
        'max ms': +Math.max(...r.latencies).toFixed(1),
        'send call p50 ms': +percentile(r.calls, 50).toFixed(1),
        'send call p99 ms': +percentile(r.calls, 99).toFixed(1),
        'stored on A → frame on B p50 ms': +percentile(r.fanOut, 50).toFixed(1),
        'stored → frame p99 ms': +percentile(r.fanOut, 99).toFixed(1),
        'load avg': la,
      });
    },
    once,
  );
});
