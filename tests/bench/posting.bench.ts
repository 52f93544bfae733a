import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { applications, companies, users } from '../../server/db/schema.ts';
import { publishJobData } from '../../server/posting/jobs.ts';
import { saveDraftFor } from '../../server/posting/drafts.ts';
import type { JobDataInput } from '../../src/contract/posting.ts';
import { percentile } from './support/load.ts';
import { writeViews } from './support/counts.ts';

// Posting on a company with 500 jobs (with their clicks and applications): saving a draft, publishing
// one, and the staff's job list, whose rows count clicks and applicants for every job listed.

const JOBS = 500;
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
        latitude: 45.6387,
        longitude: -122.6615,
      },
    },
    timeRequirements: { workSchedule: 1, hoursPerWeek: 40, schedules: [1, 7] },
    payDetails: { minSalary: 19 + (i % 5), maxSalary: 26 + (i % 5), rate: 'Hourly', benefits: [1, 6] },
    categorization: { industries: [48] },
    candidateRequirements: { skills: [404, 405], minExperience: 0, maxExperience: 2 },
  } as JobDataInput;
}

let app: TestApp;
let token = '';
let listActor = { companyId: '', userId: '' };
let publishActor = { companyId: '', userId: '' };
let draftId = '';
const report: string[] = [];
const saveSamples: number[] = [];
const publishSamples: number[] = [];
const listSamples: number[] = [];

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  const [x, p] = await db
    .insert(companies)
    .values([
      { name: 'Hale Logistics LLC', tin: '271234567', tinKind: 'EIN', verifiedAt: new Date() },
      { name: 'Pacific Pallets LLC', tin: '274567893', tinKind: 'EIN', verifiedAt: new Date() },
    ])
    .returning();
  const [recruiter, publisher] = await db
    .insert(users)
    .values([
      {
        email: 'bench.recruiter@example.com',
        firstName: 'Casey',
        lastName: 'Hale',
        role: 'Recruiter',
        companyId: x!.id,
        emailVerifiedAt: new Date(),
      },
      {
        email: 'bench.publisher@example.com',
        firstName: 'Avery',
        lastName: 'Chen',
        role: 'Recruiter',
        companyId: p!.id,
        emailVerifiedAt: new Date(),
      },
    ])
    .returning();
  listActor = { companyId: x!.id, userId: recruiter!.id };
  publishActor = { companyId: p!.id, userId: publisher!.id };
  token = await app.ctx.tokens.sign({ userId: recruiter!.id, role: 'Recruiter' });

  const t0 = performance.now();
  const start = Date.now() - 60 * 24 * 60 * 60 * 1000;
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const postedAt = new Date(start + i * 2 * 60 * 60 * 1000);
    const { id } = await publishJobData(app.ctx, listActor, jobData(i), { postedAt, status: i % 7 === 0 ? 'Closed' : 'Active' });
    ids.push(id);
  }
  report.push(`publishing ${JOBS} jobs through publishJobData: ${(performance.now() - t0).toFixed(0)} ms`);

  // About 10 views a job and 4 applications a job, spread unevenly.
  const seekers = await db
    .insert(users)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        email: `bench.seeker${i}@example.com`,
        firstName: 'Dana',
        lastName: `Seeker ${i}`,
        role: 'JobSeeker' as const,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const views = await writeViews(db, ids);
  const applied = ids.flatMap((jobPostId, i) => seekers.slice(0, (i * 3) % 9).map((s) => ({ jobPostId, jobSeekerId: s.id })));
  for (let i = 0; i < applied.length; i += 1000) await db.insert(applications).values(applied.slice(i, i + 1000));
  report.push(`${views} views (on their days) and ${applied.length} applications over the ${JOBS} jobs`);

  draftId = (await saveDraftFor(app.ctx, listActor, { jobData: jobData(0) })).jobPostDraftId;
}, 300_000);

afterAll(async () => {
  const line = (name: string, s: number[]) =>
    `${name}: n=${s.length} p50=${percentile(s, 50).toFixed(1)} ms p99=${percentile(s, 99).toFixed(1)} ms`;
  report.push(line('POST /api/job/draft-update (save a complete draft)', saveSamples));
  report.push(line('POST /api/job/jobpost-create (publish a draft)', publishSamples));
  report.push(line(`POST /api/Employer/job-posts (a page of 10 of ${JOBS} jobs, every filter and sort)`, listSamples));
  console.log(`\nposting figures (${app.database.kind})\n  ${report.join('\n  ')}\n`);
  await app?.stop();
});

async function inject(method: 'GET' | 'POST', url: string, payload: unknown, expected: number, samples: number[], bearer = token) {
  const t = performance.now();
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bearer}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  samples.push(performance.now() - t);
  if (res.statusCode !== expected) throw new Error(`status ${res.statusCode}: ${res.body.slice(0, 300)}`);
}

describe('posting', () => {
  let n = 0;
  bench(
    'draft-update',
    () =>
      inject(
        'POST',
        '/api/job/draft-update',
        {
          Draft: {
            jobPostDraftId: draftId,
            jobData: jobData(n++),
            stepTracking: { currentStep: 'payDetails', completedSteps: ['jobDetails', 'timeRequirements'] },
          },
        },
        200,
        saveSamples,
      ),
    { time: 3000, warmupIterations: 10 },
  );

  let publisherToken = '';
  bench(
    'jobpost-create',
    async () => {
      publisherToken ||= await app.ctx.tokens.sign({ userId: publishActor.userId, role: 'Recruiter' });
      const draft = await saveDraftFor(app.ctx, publishActor, { jobData: jobData(n++) });
      await inject('POST', '/api/job/jobpost-create', { DraftId: draft.jobPostDraftId }, 201, publishSamples, publisherToken);
    },
    { time: 3000, warmupIterations: 5 },
  );

  let q = 0;
  bench(
    'Employer job-posts',
    () => {
      const i = q++;
      const body = {
        sortFlag: i % 5,
        activeFlag: Math.floor(i / 5) % 3,
        pageNumber: 1 + (i % 40),
        ascending: i % 2 === 0,
        ...(i % 11 === 0 ? { search: 'picker' } : {}),
      };
      return inject('POST', '/api/Employer/job-posts', body, 200, listSamples);
    },
    { time: 5000, warmupIterations: 10 },
  );
});
