import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, jobPosts } from '../../server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { DEMO_CITIES } from '../../server/posting/demo-data.ts';
import type { JobPage } from '../../src/contract/posting.ts';
import type { SearchPage } from '../../src/contract/search.ts';
import { passwordLogin } from './account-support.ts';
import { getJson, postJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

let f: FilesApp;
let token: string;
beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  token = (await passwordLogin(f.app, DEMO_ACCOUNTS.recruiter, DEMO_PASSWORD)).body.data.accessToken;
}, 300_000);
afterAll(async () => f?.stop());

const list = async (body: object) => (await postJson<JobPage>(f, '/api/Employer/job-posts', body, token)).body.data;

describe("the demo company's jobs, as its recruiter finds them", () => {
  it('has about 40 jobs in every state: active, closed and expired ones, and drafts stopped at different steps', async () => {
    expect((await list({ activeFlag: 1 })).total).toBe(24);
    const inactive = await list({ activeFlag: 2, pageSize: 20 });
    expect(inactive.total).toBe(11);
    expect(inactive.items.filter((j) => j.status === 'Closed')).toHaveLength(6);
    expect(inactive.items.filter((j) => j.status === 'Expired')).toHaveLength(5);

    const drafts = (
      await getJson<{ items: Array<{ stepTracking: { currentStep: string } }>; total: number }>(f, '/api/job/draft-list?pageSize=20', token)
    ).body.data;
    expect(drafts.total).toBe(5);
    expect(new Set(drafts.items.map((d) => d.stepTracking.currentStep)).size).toBe(5);
  });

  it('shows views on its active jobs, created by both the employer and the recruiter', async () => {
    const page = await list({ activeFlag: 1, sortFlag: 1, pageSize: 24 });
    expect(page.items[0]!.clicks).toBeGreaterThan(0);
    expect(new Set(page.items.map((j) => j.createdBy.name)).size).toBe(2);
  });
});

describe('the demo market', () => {
  it('adds about ten verified companies with about 300 active jobs around ten US cities, Vancouver WA among them', async () => {
    const { db } = f.app.ctx;
    const verified = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(isNotNull(companies.verifiedAt));
    expect(verified[0]!.n).toBeGreaterThanOrEqual(11);

    const open = await db
      .select({
        latitude: jobPosts.latitude,
        longitude: jobPosts.longitude,
        isRemote: jobPosts.isRemote,
        minPay: jobPosts.minPay,
        maxPay: jobPosts.maxPay,
      })
      .from(jobPosts)
      .where(and(eq(jobPosts.status, 'Active'), sql`${jobPosts.validThrough} > now()`));
    expect(open.length).toBeGreaterThanOrEqual(300);

    // Every on-site or hybrid job has a position, near one of the ten cities.
    const placed = open.filter((j) => !j.isRemote);
    for (const job of placed) {
      expect(job.latitude).not.toBeNull();
      const nearest = Math.min(...DEMO_CITIES.map((c) => haversineMiles(c.latitude, c.longitude, job.latitude!, job.longitude!)));
      expect(nearest).toBeLessThan(15);
    }
    const nearVancouver = placed.filter((j) => haversineMiles(45.628, -122.6739, j.latitude!, j.longitude!) <= 10);
    expect(nearVancouver.length).toBeGreaterThanOrEqual(30);
    // Real-looking pay: a range on every job.
    expect(open.every((j) => j.minPay > 0 && j.maxPay >= j.minPay)).toBe(true);
  });
});

describe('the demo market, as a visitor searches it', () => {
  it('answers a search with no input with jobs near Vancouver, WA, and keywords with jobs anywhere', async () => {
    const near = (await postJson<SearchPage>(f, '/api/JobSeeker/simple-search', {})).body.data;
    expect(near.total).toBeGreaterThanOrEqual(30);
    expect(near.items).toHaveLength(20);
    expect(near.items.every((j) => j.isRemote || j.distanceMiles! <= 10)).toBe(true);

    const nurses = (
      await postJson<SearchPage>(f, '/api/JobSeeker/simple-search', {
        keyword: 'nurse',
        location: { latitude: 39.5, longitude: -98.35, radius: 500 },
      })
    ).body.data;
    const everywhere = (await getJson<SearchPage>(f, '/api/job/GetAllJobPostList?pageSize=50')).body.data;
    expect(everywhere.total).toBeGreaterThanOrEqual(300);
    expect(nurses.total).toBeGreaterThan(0);
    expect(nurses.items.every((j) => /nurs/i.test(j.title) || j.skills.some((s) => /nurs/i.test(s.name)))).toBe(true);
  });
});
