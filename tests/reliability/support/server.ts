import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { companies, storedFiles, users } from '../../../server/db/schema.ts';
import { createAccessTokens } from '../../../server/platform/tokens.ts';
import type { Role } from '../../../src/contract/roles.ts';

// The real server for the reliability scripts: started as `npm start` starts its API (node with
// tsx's loader running server/main.ts, so the process killed is the server itself), its people
// written straight into the database beforehand and their tokens signed with the server's secret.

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const JWT_SECRET = 'reliability-scripts-secret-0123456789abcdef';
/** Tokens signed here live 4 hours: a soak outlives the 15 minutes of a real one. */
const tokens = createAccessTokens(JWT_SECRET, 4 * 60 * 60);
export const signToken = (userId: string, role: Role) => tokens.sign({ userId, role });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the data lives: a PGlite folder, or a PostgreSQL database made for the run (dropped by `drop`). */
export interface Store {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function pgliteStore(prefix: string): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', `${prefix}-`));
  return {
    kind: 'pglite',
    dataDir,
    databaseUrl: undefined,
    open: () => openDatabase({ dataDir }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresStore(base: string, prefix: string): Promise<Store> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  const name = `${prefix}_${process.pid}`;
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', `${prefix}-`));
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir }),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Servers started and not yet gone: killed when the script ends, however it ends. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface Server {
  port: number;
  base: string;
  child: ChildProcess;
  /** The server's output so far (the last 200 lines). */
  output: string[];
}

/** Starts the API on `port` and waits for /api/health; the time that took, ms. */
export async function startServer(store: Store, port: number, env: NodeJS.ProcessEnv = {}): Promise<{ server: Server; ms: number }> {
  const t0 = performance.now();
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...base,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      DEMO_DATA: '0',
      TRUST_PROXY: '1',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const server: Server = { port, base: `http://127.0.0.1:${port}`, child, output };
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (;;) {
    const gone = await Promise.race([exited, sleep(100).then(() => undefined)]);
    if (gone !== undefined) throw new Error(`the server exited (${gone}) while starting:\n${output.slice(-30).join('\n')}`);
    try {
      const res = await fetch(`${server.base}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - t0 > 120_000)
      throw new Error(`the server did not answer /api/health in 2 minutes:\n${output.slice(-30).join('\n')}`);
  }
  return { server, ms: performance.now() - t0 };
}

/** kill -9: no shutdown, no flush. */
export async function killServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const gone = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGKILL');
  await gone;
}

/** SIGTERM, as an operator stops it: in-flight requests finish, the database closes. */
export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const gone = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await gone;
}

/** The server process's resident memory, kB (ps -o rss). */
export function rssKb(server: Server): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

export interface Answer {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** An address of its own for each call: the server (TRUST_PROXY) limits registrations and logins per address. */
const someAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** A JSON call over real HTTP; a connection refused or cut (the server killed) throws. */
export async function call(server: Server, method: string, url: string, body?: unknown, token?: string): Promise<Answer> {
  const res = await fetch(server.base + url, {
    method,
    headers: {
      'x-forwarded-for': someAddress(),
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** `call` that must answer one of `ok`; the answer's data. */
export async function expectCall(server: Server, method: string, url: string, body: unknown, token: string | undefined, ok = [200, 201]) {
  const res = await call(server, method, url, body, token);
  if (!ok.includes(res.status)) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.json).slice(0, 400)}`);
  return res.json.data;
}

export interface Person {
  id: string;
  token: string;
}

let tins = 0;
const tin = () => String(400000000 + process.pid * 1000 + ++tins).slice(-9);

/** A verified company with its employer, written straight into the database. */
export async function insertCompany(database: Database, name: string): Promise<{ companyId: string; employer: Person }> {
  const [company] = await database.db
    .insert(companies)
    .values({ name, tin: tin(), tinKind: 'EIN', verifiedAt: new Date(), verificationMethod: 'rules:EIN' })
    .returning({ id: companies.id });
  const [employer] = await database.db
    .insert(users)
    .values({
      email: `employer.${company!.id}@example.com`,
      firstName: 'Morgan',
      lastName: 'Lee',
      role: 'Employer',
      companyId: company!.id,
      emailVerifiedAt: new Date(),
      termsAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  return { companyId: company!.id, employer: { id: employer!.id, token: await signToken(employer!.id, 'Employer') } };
}

/** Job seekers of 30 with a résumé each (a stored file row; applying does not read its bytes). */
export async function insertSeekers(database: Database, count: number, tag: string): Promise<Array<Person & { resumeId: string }>> {
  const out: Array<Person & { resumeId: string }> = [];
  for (let from = 0; from < count; from += 500) {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
          email: `seeker.${tag}.${from + i}@example.com`,
          firstName: 'Dana',
          lastName: `Seeker ${from + i}`,
          role: 'JobSeeker' as const,
          dateOfBirth: '1994-06-01',
          emailVerifiedAt: new Date(),
          termsAcceptedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const files = await database.db
      .insert(storedFiles)
      .values(
        rows.map((r) => ({
          purpose: 'resume' as const,
          ownerId: r.id,
          storageKey: `reliability/resume-${r.id}`,
          originalName: 'resume.pdf',
          contentType: 'application/pdf',
          sizeBytes: 20_000,
        })),
      )
      .returning({ id: storedFiles.id, ownerId: storedFiles.ownerId });
    const resumeOf = new Map(files.map((f) => [f.ownerId, f.id]));
    for (const r of rows) out.push({ id: r.id, token: await signToken(r.id, 'JobSeeker'), resumeId: resumeOf.get(r.id)! });
  }
  return out;
}

/** A job ready to publish in Vancouver, WA, asking for nothing but the application. */
export function jobData(title: string) {
  return {
    jobDetails: {
      title,
      description: '<p>Load and unload trailers at our Vancouver dock. Forklift certification provided.</p>',
      positionType: [1],
      numberOfHires: 2,
      locationType: 'onsite',
      address: '1200 Main St, Vancouver, WA 98660',
      geoLocation: {
        city: 'Vancouver',
        name: 'Vancouver, WA',
        state: 'WA',
        address: '1200 Main St, Vancouver, WA 98660',
        pinCode: '98660',
        latitude: 45.6387,
        longitude: -122.6615,
      },
      requiresResume: false,
    },
    timeRequirements: { workSchedule: 1, hoursPerWeek: 40, schedules: [1] },
    payDetails: { minSalary: 21.5, maxSalary: 25, rate: 'Hourly', benefits: [1], supplementalPay: 16 },
    categorization: { industries: [48] },
    candidateRequirements: { skills: [401, 404], minExperience: 0, maxExperience: 2 },
  };
}

/** Publishes a job through the API: its id. */
export async function postJob(server: Server, employer: Person, title: string): Promise<string> {
  const data = await expectCall(server, 'POST', '/api/job/jobpost', { jobData: jobData(title) }, employer.token, [201]);
  return data.id ?? data.jobPostId ?? data.jobPost?.id;
}

export const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
