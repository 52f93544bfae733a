import os from 'node:os';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createAdapters } from '../../server/adapters.ts';
import { buildApp } from '../../server/app.ts';
import { users } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/sql.ts';
import { loadAverage, percentile, sendLoad } from './support/load.ts';

/*
 * The back office's company list at 100,000 companies, on PostgreSQL, through real HTTP (the server
 * on a port, the load client in a worker thread). Each company has an owner, one in three a
 * recruiter too; 3% are blacklisted, 5% inactive, 8% await verification, 30% show a display name;
 * 300,000 job posts (4 in 10 open) and 5,000 open reports lie among them, so the rows' counts are
 * read as they would be. Names are two words of a list of 120 each and a legal suffix, so a word
 * matches about 1 in 60 companies, as real names share words.
 * Measured, each as latency at a fixed arrival rate (open loop: sent on schedule whatever the answers
 * take, timed from the scheduled moment), p50/p99/p99.9, beside a trivial GET every 10 ms, then
 * saturation apart (requests a second with 8 always in flight):
 * - CompanyListing searching part of a name (5 to 8 letters typed from the middle of a real one);
 * - searching part of a staff email (the local part and its number: one person);
 * - searching a word of the names with a state filter, by name;
 * - the TIN's last four digits;
 * - no search, the newest first, pages 1 to 100;
 * - BlackListedCompanyList, pages 1 to 5.
 *
 * The rows are written once into a database of their own (about a minute on 2 cores) and kept:
 *   npx vitest bench --run --project bench tests/bench/admin-companies.bench.ts
 *   psql postgres://postgres@127.0.0.1:5432/test -c 'drop database bench_admin'   # when done
 *
 * ADMIN_BENCH_DATABASE_URL  the database (default postgres://postgres@127.0.0.1:5432/bench_admin,
 *                           created when missing; never the test database)
 * ADMIN_BENCH_RESEED=1      write the rows again
 * ADMIN_BENCH_SECONDS       how long each fixed rate is sent (default 30)
 * ADMIN_BENCH_RATE          requests a second of each call (default 20)
 * Figures: docs/performance.md, "Back office".
 */

const PG_URL = process.env.ADMIN_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_admin';
const COMPANIES = 100_000;
const JOBS = 300_000;
const SECONDS = Number(process.env.ADMIN_BENCH_SECONDS ?? 30);
const RATE = Number(process.env.ADMIN_BENCH_RATE ?? 20);
const CONCURRENCY = 8;
const MARK = 'Bench Admin Marker LLC';

process.env.SEARCH_ENGINE = 'postgres';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let base = '';
let adminId = '';
const notes: string[] = [];
const rows: Array<Record<string, string | number>> = [];

async function openBenchDatabase(fresh: boolean): Promise<Database> {
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test')
    throw new Error(`ADMIN_BENCH_DATABASE_URL names ${name}: give a database of its own`);
  const adminUrl = new URL(PG_URL);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  if (fresh) await admin.unsafe(`drop database if exists ${name} with (force)`);
  const [found] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!found) await admin.unsafe(`create database ${name}`);
  await admin.end({ timeout: 5 });
  return openDatabase({ databaseUrl: PG_URL, dataDir: '' });
}

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(0)} s`;

const FIRST = `Cedar Maple Summit Harbor River Granite Pioneer Atlas Beacon Crescent Falcon Golden Horizon Iron Juniper Keystone
  Liberty Meridian North Oak Pacific Quarry Redwood Silver Timber Union Valley Willow Aspen Bluebird Canyon Delta Eagle Frontier
  Glacier Heritage Inland Jasper Kodiak Lakeside Mesa Nova Orchard Prairie Quest Ridge Sierra Trident Upland Vista Westwind
  Yellowstone Zenith Alpine Bayside Coastal Desert Evergreen Fairview Greenfield Highland Ironwood Jade Kingfisher Lantern Magnolia
  Northstar Oasis Pinnacle Quicksilver Riverbend Sagebrush Tidewater Urban Vantage Wildflower Apex Birch Cobalt Dune Ember Fern
  Garnet Hawthorn Indigo Jubilee Kestrel Linden Monarch Nimbus Onyx Palisade Quartz Rainier Sequoia Tundra Umber Vermilion Wren
  Amber Bridgeport Cypress Driftwood Elmwood Foxglove Grove Hollow Ivy Juno Knoll Laurel Mariner Newport Olympus Pebble Royal
  Spruce Tamarack Sterling Blue Red Bright`.split(/\s+/);
const SECOND = `Logistics Freight Staffing Foods Builders Health Care Clinic Dental Motors Electric Plumbing Roofing Landscaping Bakery
  Kitchens Brewing Coffee Market Grocers Pharmacy Labs Software Systems Analytics Media Printing Packaging Warehousing Movers
  Transport Trucking Aviation Marine Energy Solar Power Mechanical Welding Fabrication Machining Tools Supply Hardware Lumber
  Millwork Cabinets Flooring Painting Cleaning Janitorial Security Consulting Partners Advisors Accounting Legal Insurance Realty
  Properties Homes Living Senior Services Childcare Learning Academy Fitness Wellness Spa Salon Apparel Textiles Outfitters
  Sports Outdoors Garden Nursery Farms Orchards Dairy Ranch Seafood Catering Events Hospitality Hotels Travel Tours Auto Tire
  Glass Steel Concrete Paving Excavation Drilling Mining Recycling Waste Water Environmental Engineering Design Architecture
  Interiors Furniture Appliances Electronics Networks Telecom Wireless Robotics Devices Medical Imaging Therapy Rehab Recruiting
  Distribution Imports Exports Trading Wholesale`.split(/\s+/);
const SUFFIX = ['LLC', 'Inc', 'Co', 'Group', 'Corp', 'Partners LLC'];
const PEOPLE = ['Casey', 'Jordan', 'Riley', 'Morgan', 'Avery', 'Quinn', 'Parker', 'Reese', 'Rowan', 'Sawyer', 'Emerson', 'Finley'];
const LAST = ['Hale', 'Ortiz', 'Nguyen', 'Patel', 'Kim', 'Garcia', 'Smith', 'Okafor', 'Rossi', 'Schmidt', 'Cohen', 'Silva'];
const pgArray = (words: string[]) => `{${words.map((w) => `"${w}"`).join(',')}}`;

async function seed() {
  const db = database.db;
  let t0 = performance.now();
  await db.execute(sql`
    insert into companies (name, display_name, tin, tin_kind, verified_at, verification_method, active, blacklisted, blacklisted_at,
      blacklist_reason, deactivated_at, deactivation_reason, city, state, created_at)
    select
      f.w[1 + (g * 7919) % array_length(f.w, 1)] || ' ' || s.w[1 + (g * 3571) % array_length(s.w, 1)] || ' ' || x.w[1 + g % array_length(x.w, 1)],
      case when g % 10 < 3 then f.w[1 + (g * 31) % array_length(f.w, 1)] || ' ' || s.w[1 + (g * 17) % array_length(s.w, 1)] end,
      (100000000 + g * 7)::text, 'EIN',
      case when g % 100 between 3 and 10 then null else now() - (g % 900) * interval '1 day' end,
      case when g % 100 between 3 and 10 then null else 'rules:EIN' end,
      not (g % 100 between 11 and 15),
      g % 100 < 3,
      case when g % 100 < 3 then now() - (g % 300) * interval '1 day' end,
      case when g % 100 < 3 then 'Fake job posts' end,
      case when g % 100 between 11 and 15 then now() - (g % 200) * interval '1 day' end,
      case when g % 100 between 11 and 15 then 'Asked to pause' end,
      'Portland', 'OR',
      now() - (g % 1000) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${COMPANIES}) g,
      (select ${pgArray(FIRST)}::text[] as w) f, (select ${pgArray(SECOND)}::text[] as w) s, (select ${pgArray(SUFFIX)}::text[] as w) x`);
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, company_id, email_verified_at, created_at)
    select lower(p.w[1 + n % 12]) || '.' || lower(l.w[1 + (n / 12) % 12]) || n || '@' ||
        lower(regexp_replace(split_part(c.name, ' ', 1) || split_part(c.name, ' ', 2), '[^A-Za-z]', '', 'g')) || '.example',
      p.w[1 + n % 12], l.w[1 + (n / 12) % 12], 'Employer', c.id, now(), c.created_at
    from (select id, name, created_at, row_number() over (order by created_at, id) as n from companies) c,
      (select ${pgArray(PEOPLE)}::text[] as w) p, (select ${pgArray(LAST)}::text[] as w) l`);
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, company_id, email_verified_at, created_at)
    select 'recruiter.' || n || '@talent' || (n % 500) || '.example', 'Sam', 'Recruiter' || n, 'Recruiter', c.id, now(), c.created_at
    from (select id, created_at, row_number() over (order by id) as n from companies) c where n % 3 = 0`);
  notes.push(`${COMPANIES.toLocaleString('en-US')} companies and their staff in ${seconds(t0)}`);
  t0 = performance.now();
  await db.execute(sql`
    with owners as (select company_id, id, (row_number() over (order by company_id) - 1)::int as k from users where role = 'Employer')
    insert into job_posts (company_id, status, title, description_html, job_data, location_type, is_remote, city, state, latitude, longitude,
      posted_at, valid_through, closed_at, created_by)
    select o.company_id, case when g % 10 < 6 then 'Closed' else 'Active' end, 'Bench Role ' || g, '<p>A role.</p>', '{}'::jsonb,
      'onsite', false, 'Portland', 'OR', 45.5, -122.6, now() - (g % 400) * interval '1 day', now() + interval '30 days',
      case when g % 10 < 6 then now() end, o.id
    from generate_series(1, ${JOBS}) g join owners o on o.k = g % ${COMPANIES}`);
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, email_verified_at)
    select 'seeker.' || g || '@bench.example', 'Seeker', 'Number ' || g, 'JobSeeker', now() from generate_series(1, 5000) g`);
  await db.execute(sql`
    insert into job_reports (job_post_id, reporter_id, reason)
    select j.id, s.id, 'scam'
    from (select id, row_number() over (order by id) as n from job_posts where status = 'Active' limit 5000) j
    join (select id, row_number() over (order by id) as n from users where role = 'JobSeeker') s on s.n = j.n`);
  await db.execute(sql`truncate search_changes`);
  await db.insert(users).values({ email: 'admin@bench.example', firstName: 'Bench', lastName: 'Admin', role: 'SuperAdmin' });
  await db.execute(sql`insert into companies (name, tin) values (${MARK}, '999999999')`);
  for (const table of ['companies', 'users', 'job_posts', 'job_reports']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  notes.push(`${JOBS.toLocaleString('en-US')} jobs, reports and vacuum in ${seconds(t0)}`);
}

/** A seeded source, so every run asks the same things. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const query = (q: Record<string, string | number>) => `?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;

/** Query strings for each measure, drawn from the rows themselves. */
async function requests(n: number, seed: number) {
  const next = random(seed);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const sample = rowsOf<{ name: string; tin: string; email: string }>(
    await database.db.execute(sql`
      select c.name, c.tin, u.email from companies c join users u on u.company_id = c.id and u.role = 'Employer'
      order by md5(c.id::text || ${String(seed)}) limit 500`),
  );
  const typed = (name: string) => {
    const length = 5 + Math.floor(next() * 4);
    const start = Math.floor(next() * Math.max(1, name.length - length));
    return name.slice(start, start + length);
  };
  const states = ['active', 'inactive', 'blacklisted', 'awaitingVerification'];
  return {
    'search: part of a name': Array.from({ length: n }, () => query({ search: typed(pick(sample).name) })),
    'search: part of a staff email': Array.from({ length: n }, () => query({ search: pick(sample).email.split('@')[0]!.split('.')[1]! })),
    'search: a word, a state, by name': Array.from({ length: n }, () =>
      query({ search: pick(FIRST).toLowerCase(), status: pick(states), sort: 'name' }),
    ),
    'TIN last four': Array.from({ length: n }, () => query({ tinLastFour: pick(sample).tin.slice(-4) })),
    'no search, newest, pages 1-100': Array.from({ length: n }, () => query({ pageNumber: 1 + Math.floor(next() * 100) })),
    'BlackListedCompanyList, pages 1-5': Array.from({ length: n }, () => query({ pageNumber: 1 + Math.floor(next() * 5) })),
  };
}

beforeAll(async () => {
  const t0 = performance.now();
  database = await openBenchDatabase(process.env.ADMIN_BENCH_RESEED === '1');
  const [found] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from companies where name = ${MARK}`));
  if (!found) await seed();
  adminId = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = 'admin@bench.example'`))[0]!.id;
  const [sizes] = rowsOf<{ companies: number; staff: number; jobs: number; size: string }>(
    await database.db.execute(sql`
      select (select count(*)::int from companies) as companies,
        (select count(*)::int from users where company_id is not null) as staff,
        (select count(*)::int from job_posts) as jobs,
        pg_size_pretty(pg_indexes_size('companies') + pg_indexes_size('users')) as size`),
  );
  notes.push(
    `${sizes!.companies.toLocaleString('en-US')} companies, ${sizes!.staff.toLocaleString('en-US')} staff, ` +
      `${sizes!.jobs.toLocaleString('en-US')} jobs; companies' and users' indexes ${sizes!.size}; ready in ${seconds(t0)}`,
  );
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: '0' }, { clientDir: null });
  app = await buildApp(config, await createAdapters(config, database), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 3_600_000);

afterAll(async () => {
  console.log(`\nback office: ${notes.join('; ')}; ${os.cpus().length} cores`);
  console.table(rows);
  await app?.close();
});

describe('back office', () => {
  bench(
    'CompanyListing and BlackListedCompanyList over 100,000 companies',
    async () => {
      const warm = await requests(60, 99);
      const measured = await requests(Math.round(RATE * SECONDS), 1);
      const saturation = await requests(Math.max(200, RATE * 10), 2);
      for (const name of Object.keys(measured) as Array<keyof typeof measured>) {
        const path = name.startsWith('BlackListed') ? '/api/Admin/BlackListedCompanyList' : '/api/Admin/CompanyListing';
        const url = `${base}${path}`;
        // A token per measure: the load outlasts no access token.
        const token = await app.ctx.tokens.sign({ userId: adminId, role: 'SuperAdmin' });
        const load = { url, token, method: 'GET' as const };
        // Warmed: the code compiled, the connections open, the statements prepared.
        await sendLoad({ ...load, bodies: warm[name], concurrency: 4 });
        const la = loadAverage();
        const open = await sendLoad({ ...load, bodies: measured[name], concurrency: 64, rate: RATE, probeUrl: `${base}/api/config` });
        const busy = performance.eventLoopUtilization();
        const closed = await sendLoad({ ...load, bodies: saturation[name], concurrency: CONCURRENCY });
        const serverBusy = performance.eventLoopUtilization(busy).utilization;
        rows.push({
          call: name,
          'rate /s': RATE,
          n: open.latencies.length,
          'p50 ms': +percentile(open.latencies, 50).toFixed(1),
          'p99 ms': +percentile(open.latencies, 99).toFixed(1),
          'p99.9 ms': +percentile(open.latencies, 99.9).toFixed(1),
          'max ms': +Math.max(...open.latencies).toFixed(1),
          'trivial GET p50/p99 ms': `${percentile(open.probes, 50).toFixed(1)} / ${percentile(open.probes, 99).toFixed(1)}`,
          'send lag max ms': +open.sendLagMax.toFixed(1),
          'saturation req/s': Math.round((closed.latencies.length / closed.elapsed) * 1000),
          'server ms a request': +((serverBusy * closed.elapsed) / closed.latencies.length).toFixed(2),
          'load avg': la,
        });
      }
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
