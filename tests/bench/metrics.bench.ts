import os from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createAdapters } from '../../server/adapters.ts';
import { buildApp } from '../../server/app.ts';
import { companies, users } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/sql.ts';
import type { EmployerMetricsRequest, JobMetricsRequest, PerformanceRequest } from '../../src/contract/metrics.ts';
import { writeBenchJobs } from './support/jobs.ts';
import { loadAverage, percentile, sendLoad } from './support/load.ts';

/*
 * The metrics calls at scale, on PostgreSQL, through real HTTP (the server on a port, the load
 * client in a worker thread): 1,000,000 jobs in all, of which one company's 1,000 have a year of
 * hourly counts as the counters write them (hour after hour, so a job's rows lie scattered through
 * the table as in a running system), at a realistic density: impressions in about half the hours,
 * views in about 10%, application starts 2%, applications 0.5%, messages 0.1%, more on weekdays
 * and in the daytime of the US, a boosted fiftieth of the jobs twice as much; the company's hourly
 * sums and the daily sums are summed from the same rows, as the flush keeps them, and 50 boosts of
 * 8 paid weeks each sit in the billing tables. Measured:
 * - job-metrics, 365 days ending on the last counted day (and so the 365 before it), a different
 *   job each request, in four time zones;
 * - employer-metrics, 90 days (and the 90 before), ending on one of the last 7 counted days;
 * - jobposts-performance, the last counted day, a page of 10 of the 1,000 jobs;
 * each as latency at a fixed arrival rate (open loop: sent on schedule whatever the answers take,
 * timed from the scheduled moment), p50/p99/p99.9, beside a trivial GET every 10 ms (the floor the
 * machine's other work sets), then saturation apart (requests a second with 8 always in flight) and
 * the server thread's time a request then. The machine is shared: the load average is printed beside
 * every figure.
 *
 * The rows are written once into a database of their own (about 6 minutes on 2 cores) and kept for
 * the next runs:
 *   npx vitest bench --run --project bench tests/bench/metrics.bench.ts
 *   psql postgres://postgres@127.0.0.1:5432/test -c 'drop database bench_metrics'   # when done
 *
 * METRICS_BENCH_DATABASE_URL  the database (default postgres://postgres@127.0.0.1:5432/bench_metrics,
 *                             created when missing; never the test database)
 * METRICS_BENCH_RESEED=1      write the rows again
 * METRICS_BENCH_SECONDS       how long each fixed rate is sent (default 60)
 * METRICS_BENCH_JOB_RATE, METRICS_BENCH_COMPANY_RATE, METRICS_BENCH_PERFORMANCE_RATE: the rates a second
 * Figures: docs/performance.md, "Metrics".
 */

const PG_URL = process.env.METRICS_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_metrics';
const ALL_JOBS = 1_000_000;
const COMPANY_JOBS = 1_000;
const OTHER_COMPANIES = 999;
const DAYS_COUNTED = 365;
const BOOSTED_EVERY = 20;
const BENCH_COMPANY = 'Metrics Bench Staffing LLC';
const SECONDS = Number(process.env.METRICS_BENCH_SECONDS ?? 60);
const RATES = {
  job: Number(process.env.METRICS_BENCH_JOB_RATE ?? 10),
  company: Number(process.env.METRICS_BENCH_COMPANY_RATE ?? 5),
  performance: Number(process.env.METRICS_BENCH_PERFORMANCE_RATE ?? 10),
};
const CONCURRENCY = 8;
const ZONES = ['America/Los_Angeles', 'America/New_York', 'America/Chicago', 'UTC'];
const DAY = 24 * 60 * 60 * 1000;

// The search index is not what this measures: the server answers searches from SQL, and builds none.
process.env.SEARCH_ENGINE = 'postgres';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let base = '';
let companyId = '';
let ownerId = '';
let jobIds: string[] = [];
/** The last day with counts (YYYY-MM-DD, UTC): every range ends on or near it. */
let lastDay = '';
const notes: string[] = [];
const rows: Array<Record<string, string | number>> = [];

async function openBenchDatabase(fresh: boolean): Promise<Database> {
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test')
    throw new Error(`METRICS_BENCH_DATABASE_URL names ${name}: give a database of its own`);
  const adminUrl = new URL(PG_URL);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  if (fresh) await admin.unsafe(`drop database if exists ${name} with (force)`);
  const [found] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!found) await admin.unsafe(`create database ${name}`);
  await admin.end({ timeout: 5 });
  return openDatabase({ databaseUrl: PG_URL, dataDir: '' });
}

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await database.db.execute(query))[0]!;
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(0)} s`;

/** Writes the million jobs, the company's year of counts and its boosts, each step set-based. */
async function seed() {
  const db = database.db;
  let t0 = performance.now();
  const [company] = await db
    .insert(companies)
    .values({ name: BENCH_COMPANY, tin: '271234599', tinKind: 'EIN', verifiedAt: new Date() })
    .returning();
  const [owner] = await db
    .insert(users)
    .values({
      email: 'metrics.owner@example.com',
      firstName: 'Casey',
      lastName: 'Hale',
      role: 'Employer',
      companyId: company!.id,
      emailVerifiedAt: new Date(),
    })
    .returning();
  // The company's jobs as the search benches write them, posted before the counted year and open through it.
  const ids = await writeBenchJobs(db, { companyId: company!.id, createdBy: owner!.id, jobs: COMPANY_JOBS, remote: 0 });
  await db.execute(sql`
    update job_posts set posted_at = now() - interval '400 days' + (abs(hashtext(id::text)) % 30) * interval '1 day',
      valid_through = now() + interval '30 days'
    where company_id = ${company!.id}`);
  notes.push(`the company's ${ids.length} jobs in ${seconds(t0)}`);

  // The other 999,000 jobs, of 999 other companies, 7 in 10 closed: one INSERT … SELECT.
  t0 = performance.now();
  await db.execute(sql`
    insert into companies (name, tin, tin_kind, verified_at)
    select 'Bench Company ' || g, (400000000 + g)::text, 'EIN', now() from generate_series(1, ${OTHER_COMPANIES}) g`);
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, company_id, email_verified_at)
    select 'owner.' || c.id || '@bench.example.com', 'Bench', 'Owner', 'Employer', c.id, now()
    from companies c where c.name like 'Bench Company %'`);
  await db.execute(sql`
    with owners as (
      select c.id as company_id, u.id as owner_id, (row_number() over (order by c.id) - 1)::int as k
      from companies c join users u on u.company_id = c.id where c.name like 'Bench Company %'
    )
    insert into job_posts (company_id, status, title, description_html, job_data, location_type, is_remote, city, state,
      latitude, longitude, job_type_ids, posted_at, valid_through, closed_at, created_by)
    select o.company_id, case when g % 10 < 7 then 'Closed' else 'Active' end, 'Bench Role ' || g,
      '<p>A role of a bench company.</p>', '{}'::jsonb, 'onsite', false, 'Portland', 'OR',
      45.3 + (g % 1000) * 0.0006, -122.9 + (g % 997) * 0.0008, array[1 + g % 4],
      now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day' + interval '60 days',
      case when g % 10 < 7 then now() - (g % 700) * interval '1 day' + interval '20 days' end, o.owner_id
    from generate_series(1, ${ALL_JOBS - COMPANY_JOBS}) g join owners o on o.k = g % ${OTHER_COMPANIES}`);
  // Their change notes are for a search index this run does not build.
  await db.execute(sql`truncate search_changes`);
  notes.push(`${(ALL_JOBS - COMPANY_JOBS).toLocaleString('en-US')} other jobs in ${seconds(t0)}`);

  // A year of counts of the company's jobs, hour after hour as the flushes write them, a month a statement.
  t0 = performance.now();
  await db.execute(sql`select setseed(0.28)`);
  await db.execute(sql`
    create unlogged table bench_job_weights as
    select id, (0.3 + 1.4 * random()) * case when row_number() over (order by id) % ${BOOSTED_EVERY} = 0 then 2 else 1 end as weight
    from job_posts where company_id = ${company!.id}`);
  const end = await one<{ at: string }>(sql`select (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::text as at`);
  for (let month = 0; month < Math.ceil(DAYS_COUNTED / 30); month++) {
    const from = Math.max(0, DAYS_COUNTED - (month + 1) * 30);
    const to = DAYS_COUNTED - month * 30;
    await db.execute(sql`
      insert into job_counts_hourly (job_post_id, hour, kind, count)
      select j.id, h.hour, k.kind,
        case when k.kind = 'impression' then 1 + floor(random() * 8 * j.weight) when k.kind = 'view' then 1 + floor(random() * 1.6) else 1 end
      from generate_series(${end.at}::timestamptz - ${to} * interval '1 day', ${end.at}::timestamptz - ${from} * interval '1 day' - interval '1 hour', interval '1 hour') h(hour)
      cross join lateral (
        -- Weekdays and the US daytime (Chicago) are busier; the factors average about 1.
        select (case when extract(isodow from h.hour at time zone 'America/Chicago') >= 6 then 0.55 else 1.18 end)
             * (case when extract(hour from h.hour at time zone 'America/Chicago') between 8 and 20 then 1.4 else 0.55 end) as rhythm
      ) r
      cross join bench_job_weights j
      cross join (values ('impression', 0.5), ('view', 0.10), ('apply_start', 0.02), ('application', 0.005), ('message', 0.001)) k(kind, p)
      where random() < k.p * r.rhythm * j.weight
      order by h.hour, j.id`);
  }
  await db.execute(sql`drop table bench_job_weights`);
  notes.push(`hourly counts in ${seconds(t0)}`);
  t0 = performance.now();
  // The two sums, from the same rows (as the flush and migration 0019 write them).
  await db.execute(sql`
    insert into company_counts_hourly (company_id, hour, kind, count)
    select j.company_id, c.hour, c.kind, sum(c.count)::int
    from job_counts_hourly c join job_posts j on j.id = c.job_post_id group by 1, 2, 3 order by 2`);
  await db.execute(sql`
    insert into job_counts_daily (job_post_id, company_id, day, kind, count)
    select c.job_post_id, j.company_id, (c.hour at time zone 'UTC')::date, c.kind, sum(c.count)::int
    from job_counts_hourly c join job_posts j on j.id = c.job_post_id group by 1, 2, 3, 4 order by 3`);

  // Every twentieth job boosted for 8 paid weeks at some point of the year.
  await db.execute(sql`
    with boosted as (
      select id, title, row_number() over (order by id) as n from job_posts
      where company_id = ${company!.id} order by id
    ), subs as (
      insert into boost_subscriptions (company_id, job_post_id, tier_id, length_days, price_cents, list_cents, status, provider,
        idempotency_key, current_period_start, current_period_end, ended_at, created_by, created_at)
      select ${company!.id}, b.id, 'featured', 7, 3500, 3500, 'ended', 'test', 'bench-' || b.id,
        ${end.at}::timestamptz - (300 - b.n / 5) * interval '1 day' + interval '49 days',
        ${end.at}::timestamptz - (300 - b.n / 5) * interval '1 day' + interval '56 days',
        ${end.at}::timestamptz - (300 - b.n / 5) * interval '1 day' + interval '56 days', ${owner!.id},
        ${end.at}::timestamptz - (300 - b.n / 5) * interval '1 day'
      from boosted b where b.n % ${BOOSTED_EVERY} = 0
      returning id, job_post_id, created_at
    )
    insert into invoices (company_id, number, status, subscription_id, job_post_id, job_title, lines, subtotal_cents, discount_cents,
      total_cents, period_start, period_end, issued_at, paid_at, company_name, provider)
    select ${company!.id}, row_number() over (order by s.created_at, w), 'paid', s.id, s.job_post_id, 'Bench job',
      '[{"description":"Featured boost, 7 days","quantity":1,"unitCents":3500,"amountCents":3500}]'::jsonb, 3500, 0, 3500,
      s.created_at + w * interval '7 days', s.created_at + (w + 1) * interval '7 days', s.created_at + w * interval '7 days',
      s.created_at + w * interval '7 days', ${BENCH_COMPANY}, 'test'
    from subs s cross join generate_series(0, 7) w`);
  // As autovacuum leaves a table some time after it was written: statistics and visibility current.
  for (const table of ['job_posts', 'job_counts_hourly', 'company_counts_hourly', 'job_counts_daily', 'boost_subscriptions', 'invoices']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  notes.push(`sums, boosts and vacuum in ${seconds(t0)}`);
}

beforeAll(async () => {
  const t0 = performance.now();
  database = await openBenchDatabase(process.env.METRICS_BENCH_RESEED === '1');
  const found = await one<{ id: string } | undefined>(sql`select id from companies where name = ${BENCH_COMPANY}`);
  if (!found) await seed();
  ({ id: companyId } = await one<{ id: string }>(sql`select id from companies where name = ${BENCH_COMPANY}`));
  ({ id: ownerId } = await one<{ id: string }>(sql`select id from users where company_id = ${companyId} and role = 'Employer'`));
  jobIds = rowsOf<{ id: string }>(await database.db.execute(sql`select id from job_posts where company_id = ${companyId} order by id`)).map(
    (r) => r.id,
  );
  const figures = await one<{
    jobs: number;
    hourly: number;
    daily: number;
    company: number;
    last: string;
    h: string;
    c: string;
    d: string;
  }>(sql`
    select (select count(*)::int from job_posts) as jobs,
      (select count(*)::int from job_counts_hourly) as hourly,
      (select count(*)::int from job_counts_daily) as daily,
      (select count(*)::int from company_counts_hourly) as company,
      (select (max(hour) at time zone 'UTC')::date::text from job_counts_hourly) as last,
      (select sum(count)::text from job_counts_hourly) as h,
      (select sum(count)::text from company_counts_hourly) as c,
      (select sum(count)::text from job_counts_daily) as d`);
  if (figures.h !== figures.c || figures.h !== figures.d) throw new Error(`the sums disagree: ${figures.h} ${figures.c} ${figures.d}`);
  lastDay = figures.last;
  const sizes = await one<{ hourly: string; daily: string }>(sql`
    select pg_size_pretty(pg_total_relation_size('job_counts_hourly')) as hourly, pg_size_pretty(pg_total_relation_size('job_counts_daily')) as daily`);
  notes.push(
    `${figures.jobs.toLocaleString('en-US')} jobs; ${figures.hourly.toLocaleString('en-US')} hourly rows (${sizes.hourly}), ` +
      `${figures.daily.toLocaleString('en-US')} daily (${sizes.daily}), ${figures.company.toLocaleString('en-US')} company hours, ` +
      `${Number(figures.h).toLocaleString('en-US')} events to ${lastDay}; ready in ${seconds(t0)}`,
  );

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: '0' }, { clientDir: null });
  app = await buildApp(config, await createAdapters(config, database), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 3_600_000);

afterAll(async () => {
  console.log(`\nmetrics: ${notes.join('; ')}; ${os.cpus().length} cores`);
  console.table(rows);
  await app?.close();
});

const dayBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);

/** A seeded order of the company's jobs, so every run asks for the same ones. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const k = Math.floor(next() * (i + 1));
    [out[i], out[k]] = [out[k]!, out[i]!];
  }
  return out;
}

const CALLS = {
  'job-metrics, 365 days': {
    path: '/api/Recruiter/job-metrics',
    rate: () => RATES.job,
    bodies: (n: number, seed: number): JobMetricsRequest[] => {
      const jobs = shuffled(jobIds, seed);
      return Array.from({ length: n }, (_, i) => ({
        jobPostId: jobs[i % jobs.length]!,
        startDate: dayBefore(lastDay, 364),
        endDate: lastDay,
        timeZone: ZONES[i % ZONES.length]!,
      }));
    },
  },
  'employer-metrics, 90 days': {
    path: '/api/Employer/employer-metrics',
    rate: () => RATES.company,
    bodies: (n: number, seed: number): EmployerMetricsRequest[] =>
      Array.from({ length: n }, (_, i) => {
        const end = dayBefore(lastDay, (i + seed) % 7);
        return { startDate: dayBefore(end, 89), endDate: end, timeZone: ZONES[i % ZONES.length]! };
      }),
  },
  'jobposts-performance, a page of 10': {
    path: '/api/Recruiter/jobposts-performance',
    rate: () => RATES.performance,
    bodies: (n: number, seed: number): PerformanceRequest[] =>
      Array.from({ length: n }, (_, i) => ({
        date: dayBefore(lastDay, (i + seed) % 7),
        timeZone: ZONES[i % ZONES.length]!,
        pageNumber: 1 + ((i * 7 + seed) % 100),
      })),
  },
} as const;

describe('metrics', () => {
  bench(
    'job-metrics, employer-metrics and jobposts-performance of a company of 1,000 jobs among 1,000,000',
    async () => {
      for (const [name, call] of Object.entries(CALLS)) {
        // A token per measure: the load outlasts no access token.
        const token = await app.ctx.tokens.sign({ userId: ownerId, role: 'Employer' });
        const url = `${base}${call.path}`;
        const rate = call.rate();
        // Warmed: the code compiled, the connections open, the statements prepared.
        await sendLoad({ url, token, bodies: call.bodies(Math.max(60, rate * 2), 99), concurrency: 4 });
        const la = loadAverage();
        // Beside the open loop: the longest pause of the server's event loop and of its collector.
        const loop = monitorEventLoopDelay({ resolution: 5 });
        const gcPauses: number[] = [0];
        const gc = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) gcPauses.push(entry.duration);
        });
        loop.enable();
        gc.observe({ entryTypes: ['gc'] });
        const open = await sendLoad({
          url,
          token,
          bodies: call.bodies(Math.round(rate * SECONDS), 1),
          concurrency: 64,
          rate,
          probeUrl: `${base}/api/config`,
        }).finally(() => {
          loop.disable();
          gc.disconnect();
        });
        const busy = performance.eventLoopUtilization();
        const cpu = process.cpuUsage();
        const closed = await sendLoad({ url, token, bodies: call.bodies(Math.max(200, rate * 10), 2), concurrency: CONCURRENCY });
        const serverBusy = performance.eventLoopUtilization(busy).utilization;
        // The process's CPU time (its threads, the load client's worker among them) a request: unlike the busy time, not stretched by waiting for a core.
        const used = process.cpuUsage(cpu);
        rows.push({
          call: name,
          'rate /s': rate,
          n: open.latencies.length,
          'p50 ms': +percentile(open.latencies, 50).toFixed(1),
          'p99 ms': +percentile(open.latencies, 99).toFixed(1),
          'p99.9 ms': +percentile(open.latencies, 99.9).toFixed(1),
          'max ms': +Math.max(...open.latencies).toFixed(1),
          // What the machine's other work costs meanwhile: a trivial GET every 10 ms beside the load.
          'trivial GET p50/p99 ms': `${percentile(open.probes, 50).toFixed(1)} / ${percentile(open.probes, 99).toFixed(1)}`,
          'loop pause max ms': +(loop.max / 1e6).toFixed(1),
          'gc pause max ms': +Math.max(...gcPauses).toFixed(1),
          'send lag max ms': +open.sendLagMax.toFixed(1),
          'saturation req/s': Math.round((closed.latencies.length / closed.elapsed) * 1000),
          'server ms a request': +((serverBusy * closed.elapsed) / closed.latencies.length).toFixed(2),
          'process CPU ms a request': +((used.user + used.system) / 1000 / closed.latencies.length).toFixed(2),
          'load avg': la,
        });
      }
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
