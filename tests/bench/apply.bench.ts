import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { applications, companies, jobSeekerSkills, savedJobs, storedFiles, users } from '../../server/db/schema.ts';
import { publishJobData } from '../../server/posting/jobs.ts';
import type { JobDataInput } from '../../src/contract/posting.ts';
import { percentile } from './support/load.ts';
import { writeViews } from './support/counts.ts';

// Applying and reading a job's page on a market of 2,000 jobs of 20 companies, with their views,
// applications and saved jobs: POST apply (a new application each time, with the emails to the
// company's staff), and the job's page for a visitor and for a signed-in seeker (with the
// seeker's saved, applied, reported and skills state).

const COMPANIES = 20;
const JOBS_PER_COMPANY = 100;
const SEEKERS = 300;
const TITLES = [
  'Warehouse Associate',
  'Order Picker',
  'Forklift Operator',
  'Shipping Clerk',
  'Inventory Specialist',
  'Delivery Coordinator',
  'Packer',
  'Shift Lead',
];

function jobData(i: number): JobDataInput {
  return {
    jobDetails: {
      title: `${TITLES[i % TITLES.length]} ${i}`,
      description:
        '<p>Join our warehouse team. You will pick, pack and ship orders for customers across the Pacific Northwest, with training from day one.</p><ul><li>Pick orders</li><li>Pack parcels</li></ul>',
      positionType: [1 + (i % 3)],
      locationType: 'onsite',
      address: '1200 Main St, Vancouver, WA 98660',
      geoLocation: {
        city: 'Vancouver',
        name: 'Vancouver, WA',
        state: 'WA',
        address: '1200 Main St',
        pinCode: '98660',
        latitude: 45.6387 + (i % 50) * 0.01,
        longitude: -122.6615,
      },
      requiresResume: true,
      requiresWorkAuthorization: i % 2 === 0,
    },
    timeRequirements: { workSchedule: 1, hoursPerWeek: 40, schedules: [1, 7] },
    payDetails: { minSalary: 19 + (i % 5), maxSalary: 26 + (i % 5), rate: 'Hourly', benefits: [1, 6], supplementalPay: 16 },
    categorization: { industries: [48] },
    candidateRequirements: { skills: [404, 405], minExperience: 0, maxExperience: 2 },
  } as JobDataInput;
}

let app: TestApp;
const jobIds: string[] = [];
let seekers: Array<{ id: string; token: string; resumeId: string }> = [];
const report: string[] = [];
const applySamples: number[] = [];
const publicSamples: number[] = [];
const seekerSamples: number[] = [];

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const t0 = performance.now();
  for (let c = 0; c < COMPANIES; c++) {
    const [company] = await db
      .insert(companies)
      .values({ name: `Bench Company ${c} LLC`, tin: String(270000000 + c), tinKind: 'EIN', verifiedAt: new Date() })
      .returning();
    const staff = await db
      .insert(users)
      .values([
        {
          email: `bench.employer${c}@example.com`,
          firstName: 'Morgan',
          lastName: `Lee ${c}`,
          role: 'Employer' as const,
          companyId: company!.id,
          emailVerifiedAt: new Date(),
        },
        {
          email: `bench.recruiter${c}@example.com`,
          firstName: 'Casey',
          lastName: `Hale ${c}`,
          role: 'Recruiter' as const,
          companyId: company!.id,
          emailVerifiedAt: new Date(),
        },
      ])
      .returning();
    for (let j = 0; j < JOBS_PER_COMPANY; j++) {
      const i = c * JOBS_PER_COMPANY + j;
      const { id } = await publishJobData(app.ctx, { companyId: company!.id, userId: staff[j % 2]!.id }, jobData(i), {
        postedAt: new Date(Date.now() - (i % 25) * 86_400_000),
      });
      jobIds.push(id);
    }
  }
  report.push(`publishing ${jobIds.length} jobs of ${COMPANIES} companies: ${(performance.now() - t0).toFixed(0)} ms`);

  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: SEEKERS }, (_, i) => ({
        email: `bench.seeker${i}@example.com`,
        firstName: 'Dana',
        lastName: `Seeker ${i}`,
        role: 'JobSeeker' as const,
        dateOfBirth: '1994-06-01',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const resumes = await db
    .insert(storedFiles)
    .values(
      rows.map((r, i) => ({
        purpose: 'resume' as const,
        ownerId: r.id,
        storageKey: `bench/resume-${i}`,
        originalName: 'resume.pdf',
        contentType: 'application/pdf',
        sizeBytes: 20_000,
      })),
    )
    .returning({ id: storedFiles.id, ownerId: storedFiles.ownerId });
  seekers = await Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      token: await app.ctx.tokens.sign({ userId: r.id, role: 'JobSeeker' }),
      resumeId: resumes.find((d) => d.ownerId === r.id)!.id,
    })),
  );
  await db
    .insert(jobSeekerSkills)
    .values(rows.flatMap((r, i) => [{ userId: r.id, skillId: 404 }, ...(i % 2 ? [{ userId: r.id, skillId: 405 }] : [])]));

  // About 10 views a job, a few applications and saved jobs from the last seekers (the benchmark's seekers apply afresh).
  const views = await writeViews(db, jobIds);
  const background = rows.slice(-50);
  const applied = jobIds.flatMap((jobPostId, i) => background.slice(0, (i * 3) % 7).map((s) => ({ jobPostId, jobSeekerId: s.id })));
  for (let i = 0; i < applied.length; i += 2000) await db.insert(applications).values(applied.slice(i, i + 2000));
  const saved = background.flatMap((s, i) => jobIds.slice(i * 10, i * 10 + 10).map((jobPostId) => ({ userId: s.id, jobPostId })));
  await db.insert(savedJobs).values(saved);
  report.push(`${views} views, ${applied.length} applications and ${saved.length} saved jobs beforehand`);
}, 600_000);

afterAll(async () => {
  const line = (name: string, s: number[]) =>
    `${name}: n=${s.length} p50=${percentile(s, 50).toFixed(1)} ms p99=${percentile(s, 99).toFixed(1)} ms`;
  report.push(line('POST /api/JobSeeker/apply (a new application, emails to the staff)', applySamples));
  report.push(line('GET /api/job/job-post/:id (a visitor)', publicSamples));
  report.push(line('GET /api/JobSeeker/job (a signed-in seeker, with its state)', seekerSamples));
  console.log(`\napply and job page figures (${app.database.kind})\n  ${report.join('\n  ')}\n`);
  await app.ctx.mailer.drain();
  await app?.stop();
});

async function inject(method: 'GET' | 'POST', url: string, payload: unknown, expected: number, samples: number[], bearer?: string) {
  const t = performance.now();
  const res = await app.inject({
    method,
    url,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  samples.push(performance.now() - t);
  if (res.statusCode !== expected) throw new Error(`status ${res.statusCode}: ${res.body.slice(0, 300)}`);
}

describe('apply and a job’s page', () => {
  let n = 0;
  bench(
    'apply',
    () => {
      // Every iteration a seeker and job that have not met: a real new application.
      const i = n++;
      const seeker = seekers[i % (SEEKERS - 50)]!;
      const jobIndex = Math.floor(i / (SEEKERS - 50)) * 7 + (i % 7);
      const jobId = jobIds[jobIndex % jobIds.length]!;
      return inject(
        'POST',
        '/api/JobSeeker/apply',
        { jobId, resumeId: seeker.resumeId, workAuthorization: true, sponsorship: false },
        201,
        applySamples,
        seeker.token,
      );
    },
    { time: 4000, warmupIterations: 10 },
  );

  let p = 0;
  bench('job-post/{id}', () => inject('GET', `/api/job/job-post/${jobIds[(p++ * 13) % jobIds.length]}`, undefined, 200, publicSamples), {
    time: 3000,
    warmupIterations: 10,
  });

  let q = 0;
  bench(
    'JobSeeker/job',
    () => {
      const i = q++;
      const seeker = seekers[SEEKERS - 1 - (i % 50)]!;
      return inject('GET', `/api/JobSeeker/job?id=${jobIds[(i * 17) % jobIds.length]}`, undefined, 200, seekerSamples, seeker.token);
    },
    { time: 3000, warmupIterations: 10 },
  );
});
