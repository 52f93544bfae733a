import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { companies, jobPosts, users } from '../../../server/db/schema.ts';
import { createTestApp, type TestApp } from '../../support/server/test-app.ts';
import { refreshSearchDocuments } from '../../../server/db/search-document.ts';
import { DEMO_CITIES } from '../../../server/posting/demo-data.ts';

// The search benches' open jobs: `jobs` around the demo's ten US cities (each metro area about 40
// miles wide) and `remote` remote ones, of one company, every 40th boosted into the featured strip
// with its badge. Seeded, so every run measures the same rows.

const TITLES = [
  'Warehouse Associate',
  'Forklift Operator',
  'Registered Nurse',
  'Line Cook',
  'Software Engineer',
  'Electrician',
  'Delivery Driver',
  'Cashier',
  'Data Analyst',
  'Carpenter',
  'Medical Assistant',
  'Barista',
];
const SKILLS = [401, 404, 405, 1401, 1402, 1802, 1817, 114, 115, 506, 507, 1901];

/** A seeded source, so every run measures the same rows. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export interface BenchJobs {
  companyId: string;
  /** The company's owner, who posted them. */
  createdBy: string;
  jobs: number;
  remote: number;
}

/** Writes the jobs (placed first, then remote) with their search documents; returns their ids in that order. */
export async function writeBenchJobs(db: Db, { companyId, createdBy, jobs, remote }: BenchJobs): Promise<string[]> {
  const next = random(45628);
  const now = Date.now();
  const rows = Array.from({ length: jobs + remote }, (_, i) => {
    const isRemote = i >= jobs;
    const city = DEMO_CITIES[i % DEMO_CITIES.length]!;
    const hourly = next() < 0.6;
    const min = hourly ? 16 + Math.floor(next() * 30) : 40_000 + Math.floor(next() * 100_000);
    return {
      companyId,
      title: `${TITLES[i % TITLES.length]}${i % 5 === 0 ? ' II' : ''}`,
      descriptionHtml: `<p>Join our ${TITLES[(i + 3) % TITLES.length]!.toLowerCase()} team in ${city.city}. We train every new hire and promote from within.</p>`,
      jobData: {},
      locationType: isRemote ? ('remote' as const) : ('onsite' as const),
      isRemote,
      city: isRemote ? null : city.city,
      state: isRemote ? null : city.state,
      // Spread across each metro area, about 40 miles wide.
      latitude: isRemote ? null : city.latitude + (next() - 0.5) * 0.6,
      longitude: isRemote ? null : city.longitude + (next() - 0.5) * 0.8,
      jobTypeIds: [1 + (i % 4)],
      scheduleIds: [1 + (i % 21)],
      skillIds: [SKILLS[i % SKILLS.length]!, SKILLS[(i * 7) % SKILLS.length]!],
      workSchedule: 1 + (i % 2),
      minPay: min,
      maxPay: Math.round(min * 1.2),
      payRate: hourly ? 'Hourly' : 'Yearly',
      minExperience: i % 6,
      maxExperience: (i % 6) + 3,
      openToMinors: i % 17 === 0,
      isBoosted: i % 40 === 0,
      boostPlacements: i % 40 === 0 ? (['featuredStrip', 'badge'] as const).slice() : [],
      postedAt: new Date(now - (i % 60) * 24 * 60 * 60 * 1000),
      validThrough: new Date(now + 30 * 24 * 60 * 60 * 1000),
      createdBy,
    };
  });
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const written = await db
      .insert(jobPosts)
      .values(rows.slice(i, i + 500))
      .returning({ id: jobPosts.id });
    ids.push(...written.map((r) => r.id));
  }
  await refreshSearchDocuments(db, sql`true`);
  return ids;
}

/** A verified company and its owner, the employer who posts a bench's jobs. */
export async function writeBenchCompany(
  db: Db,
  { name = 'Bench Staffing LLC', tin = '271234567', email = 'bench.owner@example.com' } = {},
): Promise<{ companyId: string; ownerId: string }> {
  const [company] = await db.insert(companies).values({ name, tin, tinKind: 'EIN', verifiedAt: new Date() }).returning();
  const [owner] = await db
    .insert(users)
    .values({ email, firstName: 'Casey', lastName: 'Hale', role: 'Employer', companyId: company!.id, emailVerifiedAt: new Date() })
    .returning();
  return { companyId: company!.id, ownerId: owner!.id };
}

/** The search benches' app: no rate limit, one verified company with its employer, and a signed-in job seeker's token. */
export async function searchBenchApp(): Promise<{ app: TestApp; companyId: string; ownerId: string; seekerToken: string }> {
  const app = await createTestApp({ adapters: { rateLimiter: { hit: async () => ({ allowed: true, retryAfterSeconds: 1 }) } } });
  const db = app.database.db;
  const { companyId, ownerId } = await writeBenchCompany(db);
  const [seeker] = await db
    .insert(users)
    .values({ email: 'bench.seeker@example.com', firstName: 'Dana', lastName: 'Seeker', role: 'JobSeeker', emailVerifiedAt: new Date() })
    .returning();
  const seekerToken = await app.ctx.tokens.sign({ userId: seeker!.id, role: 'JobSeeker' });
  return { app, companyId, ownerId, seekerToken };
}
