import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { companies, jobPosts, users } from '../db/schema.ts';
import { DEMO_CITIES, DEMO_MARKET_COMPANIES, marketJobs, seededRandom, type DemoCity } from '../posting/index.ts';
import { searchDocumentFrom } from '../db/search-document.ts';
import { foldCellChanges } from '../jobs/index.ts';
import { preferLocations } from '../lookups/index.ts';
import type { JobData } from '../../src/contract/posting.ts';
import type { BoostPlacement } from '../../src/contract/billing.ts';

const USAGE = `Usage: npm run seed:jobs -- --count <N> [--companies <K>] [--seed <S>] [--database-url <postgres://…>]

Adds N open (Active) jobs of K new companies (default: one company for every 500 jobs, at least
10) to the configured database: DATABASE_URL (or --database-url), else the embedded database
under DATA_DIR, as the server uses it. Jobs are the demo marketplace's roles, spread around the
100 most populous US places and the demo cities, about 1 in 6 remote; the same --seed writes the
same jobs. With the embedded database, stop the server first: only one process may open it.`;

const DAY = 24 * 60 * 60 * 1000;
/** Rows per INSERT (one JSON parameter of a few MB). */
const BATCH = 2000;
/** The job_posts columns a seeded row sets (search_document is computed). */
const COLUMNS = [
  'id',
  'company_id',
  'status',
  'title',
  'description_html',
  'job_data',
  'location_type',
  'is_remote',
  'city',
  'state',
  'latitude',
  'longitude',
  'job_type_ids',
  'schedule_ids',
  'skill_ids',
  'industry_ids',
  'work_schedule',
  'min_pay',
  'max_pay',
  'pay_rate',
  'min_experience',
  'max_experience',
  'open_to_minors',
  'is_boosted',
  'boost_placements',
  'posted_at',
  'valid_through',
  'created_at',
  'created_by',
  'modified_at',
  'modified_by',
] as const;

/**
 * Where a generated job's boost shows it, from one draw: 2% of jobs are boosted, as the tiers'
 * placements (migration 0017): a quarter premium, a quarter spotlight, half featured.
 */
function boostOf(draw: number): BoostPlacement[] {
  if (draw < 0.005) return ['featuredStrip', 'searchLift', 'badge', 'highlightedPin'];
  if (draw < 0.01) return ['featuredStrip', 'badge', 'highlightedPin'];
  if (draw < 0.02) return ['featuredStrip', 'badge'];
  return [];
}

export interface SeedJobsOptions {
  count: number;
  companies?: number;
  seed?: number;
  /** Called after every batch with the jobs written so far. */
  onProgress?: (written: number, elapsedMs: number) => void;
}

interface Place extends DemoCity {
  weight: number;
}

/** Where jobs are: the 100 most populous US places and the demo cities, weighted by the square root of their size. */
function places(): { list: Place[]; total: number } {
  const list: Place[] = [
    ...DEMO_CITIES.map((c) => ({ ...c, weight: 1.5 })),
    ...preferLocations
      .filter((p) => !DEMO_CITIES.some((c) => c.city === p.name && c.state === p.state))
      .map((p, rank) => ({
        city: p.name,
        state: p.state,
        zip: '',
        latitude: p.latitude,
        longitude: p.longitude,
        weight: 1 / Math.sqrt(1 + rank / 10),
      })),
  ];
  return { list, total: list.reduce((s, p) => s + p.weight, 0) };
}

function pickPlace(random: () => number, all: { list: Place[]; total: number }): Place {
  let r = random() * all.total;
  for (const p of all.list) {
    r -= p.weight;
    if (r <= 0) return p;
  }
  return all.list[all.list.length - 1]!;
}

/** A job of the template re-placed near the place: about ±20 miles, denser at the centre. */
function placedAt(random: () => number, template: JobData, company: string, templateCompany: string, place: Place): JobData {
  const j = template.jobDetails;
  const spread = () => (random() + random() - 1) * 0.3;
  const latitude = Math.round((place.latitude + spread()) * 1e5) / 1e5;
  const longitude = Math.round((place.longitude + spread() / Math.cos((place.latitude * Math.PI) / 180)) * 1e5) / 1e5;
  const oldPlace = j.geoLocation ? `in ${j.geoLocation.city}, ${j.geoLocation.state}` : null;
  let description = (j.description ?? '').replace(templateCompany, company);
  if (oldPlace) description = description.replace(oldPlace, `in ${place.city}, ${place.state}`);
  const address = `${place.city}, ${place.state}${place.zip ? ` ${place.zip}` : ''}`;
  return {
    ...template,
    jobDetails: {
      ...j,
      description,
      address: j.locationType === 'remote' ? null : address,
      geoLocation:
        j.locationType === 'remote'
          ? null
          : {
              city: place.city,
              name: `${place.city}, ${place.state}`,
              state: place.state,
              address,
              pinCode: place.zip || null,
              latitude,
              longitude,
            },
    },
  } as JobData;
}

/**
 * Writes `count` open jobs of `companies` new companies, in INSERTs of 1,000 rows with their
 * search documents computed by the same expression publishing uses; then vacuums and analyses
 * the table. Returns how many jobs were written and how long it took.
 */
export async function seedJobs(database: Database, options: SeedJobsOptions): Promise<{ jobs: number; companies: number; ms: number }> {
  const t0 = performance.now();
  const { db } = database;
  const count = Math.max(0, Math.floor(options.count));
  const companyCount = Math.max(1, Math.floor(options.companies ?? Math.max(10, Math.ceil(count / 500))));
  const seed = options.seed ?? 1;
  const random = seededRandom(seed);
  const run = `${seed}-${Date.now().toString(36)}`;
  const now = Date.now();

  // Companies and their owners: each company is a kind of market company (health, logistics, …).
  const specs = Array.from({ length: companyCount }, (_, k) => {
    const base = DEMO_MARKET_COMPANIES[k % DEMO_MARKET_COMPANIES.length]!;
    return { base, id: randomUUID(), ownerId: randomUUID(), name: `${base.name} ${Math.floor(k / DEMO_MARKET_COMPANIES.length) + 1}` };
  });
  for (let i = 0; i < specs.length; i += BATCH) {
    const slice = specs.slice(i, i + BATCH);
    await db.insert(companies).values(
      slice.map((s, n) => ({
        id: s.id,
        name: s.name,
        tin: String(100_000_000 + ((seed * 7919 + i + n) % 900_000_000)),
        tinKind: 'EIN',
        verifiedAt: new Date(now),
        verificationMethod: 'rules:EIN',
        industryId: s.base.industryId,
        about: s.base.about,
      })),
    );
    await db.insert(users).values(
      slice.map((s, n) => ({
        id: s.ownerId,
        email: `owner.${run}.${i + n}@seed.example.com`,
        firstName: 'Seed',
        lastName: `Owner ${i + n + 1}`,
        role: 'Employer' as const,
        companyId: s.id,
        emailVerifiedAt: new Date(now),
      })),
    );
  }

  // The roles of each kind of company, as the demo writes them (some remote), to copy from.
  const templates = DEMO_MARKET_COMPANIES.map((base, k) => ({
    companyName: base.name,
    jobs: marketJobs(seededRandom(seed * 31 + k), base, 60).map((s) => s.jobData),
  }));
  const where = places();

  let written = 0;
  let done = 0;
  const inFlight: Promise<void>[] = [];
  while (written < count) {
    const n = Math.min(BATCH, count - written);
    const rows = Array.from({ length: n }, (_, b) => {
      const i = written + b;
      const company = specs[i % specs.length]!;
      const kind = templates[DEMO_MARKET_COMPANIES.indexOf(company.base)]!;
      const template = kind.jobs[Math.floor(random() * kind.jobs.length)]!;
      const d = placedAt(random, template, company.name, kind.companyName, pickPlace(random, where));
      const j = d.jobDetails;
      const c = d.candidateRequirements;
      const remote = j.locationType === 'remote';
      const postedAt = new Date(now - Math.floor(random() * 30 * DAY));
      const validThrough = new Date(postedAt.getTime() + (30 + Math.floor(random() * 30)) * DAY);
      const boost = boostOf(random());
      // The table's own column names: the batch is read by jsonb_populate_recordset.
      return {
        id: randomUUID(),
        company_id: company.id,
        status: 'Active',
        title: j.title,
        description_html: j.description ?? '',
        job_data: d,
        location_type: j.locationType ?? 'onsite',
        is_remote: remote,
        city: j.geoLocation?.city ?? null,
        state: j.geoLocation?.state ?? null,
        latitude: remote ? null : (j.geoLocation?.latitude ?? null),
        longitude: remote ? null : (j.geoLocation?.longitude ?? null),
        job_type_ids: j.positionType,
        schedule_ids: d.timeRequirements.schedules,
        skill_ids: c.skills,
        industry_ids: d.categorization.industries,
        work_schedule: d.timeRequirements.workSchedule,
        min_pay: d.payDetails.minSalary,
        max_pay: d.payDetails.maxSalary,
        pay_rate: d.payDetails.rate,
        min_experience: c.minExperience,
        max_experience: c.maxExperience,
        open_to_minors: c.openToMinors,
        is_boosted: boost.length > 0,
        boost_placements: boost,
        posted_at: postedAt.toISOString(),
        valid_through: validThrough.toISOString(),
        created_at: postedAt.toISOString(),
        created_by: company.ownerId,
        modified_at: postedAt.toISOString(),
        modified_by: company.ownerId,
      };
    });
    // One parameter a batch, the search documents computed by the database as it writes the rows.
    const r = (column: string) => sql.raw(`r.${column}`);
    const insert = db.execute(sql`
      insert into ${jobPosts} (${sql.raw(COLUMNS.join(', '))}, search_document)
      select ${sql.raw(COLUMNS.map((c) => `r.${c}`).join(', '))}, ${searchDocumentFrom({ title: r('title'), descriptionHtml: r('description_html'), skillIds: r('skill_ids'), companyId: r('company_id') })}
      from jsonb_populate_recordset(null::job_posts, ${JSON.stringify(rows)}::jsonb) as r`);
    // PostgreSQL writes two batches at once (each on its own connection); PGlite one at a time.
    inFlight.push(
      insert.then(() => {
        done += n;
        options.onProgress?.(done, performance.now() - t0);
      }),
    );
    if (inFlight.length >= (database.kind === 'postgres' ? 2 : 1)) await inFlight.shift();
    written += n;
  }
  await Promise.all(inFlight);
  // The planner's statistics, and the visibility map that lets counting read indexes alone.
  await db.execute(sql`vacuum analyze job_posts`);
  // The map's counts of the new jobs folded in at once, and the search copy's statistics.
  await foldCellChanges(db);
  await db.execute(sql`vacuum analyze job_search`);
  await db.execute(sql`vacuum analyze job_search_cells`);
  await db.execute(sql`vacuum analyze companies`);
  return { jobs: written, companies: companyCount, ms: performance.now() - t0 };
}

/** Runs the command line; returns the exit code. */
export async function runSeedJobsCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: { log(line: string): void; error(line: string): void } = console,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        count: { type: 'string' },
        companies: { type: 'string' },
        seed: { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    out.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out.log(USAGE);
    return 0;
  }
  const positive = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);
  const count = positive(values.count);
  if (count === null) {
    out.error(`--count must be a whole number above 0.\n\n${USAGE}`);
    return 2;
  }
  const companyCount = values.companies === undefined ? undefined : positive(values.companies);
  const seed = values.seed === undefined ? 1 : positive(values.seed);
  if (companyCount === null || seed === null) {
    out.error(`--companies and --seed must be whole numbers above 0.\n\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig({ ...env, ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}) });
  } catch (err) {
    if (err instanceof ConfigError) {
      out.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  try {
    let shown = 0;
    const result = await seedJobs(database, {
      count,
      ...(companyCount !== undefined ? { companies: companyCount } : {}),
      seed,
      onProgress: (written, ms) => {
        if (written === count || written - shown >= Math.max(BATCH, Math.round(count / 20))) {
          shown = written;
          out.log(
            `  ${written.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} jobs (${(ms / 1000).toFixed(1)} s, ${Math.round(written / (ms / 1000)).toLocaleString('en-US')} a second)`,
          );
        }
      },
    });
    out.log(
      `Wrote ${result.jobs.toLocaleString('en-US')} open jobs of ${result.companies.toLocaleString('en-US')} companies to ${where} in ${(result.ms / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSeedJobsCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
