import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import type { AppliedJobPage, JobDetail, JobListCount, SavedJobPage } from '../../src/contract/jobs.ts';
import type { BoostsPage } from '../../src/contract/search.ts';
import { passwordLogin } from './account-support.ts';
import { getJson, postJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

let f: FilesApp;
let seeker = '';
let newcomer = '';

beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  seeker = (await passwordLogin(f.app, DEMO_ACCOUNTS.jobSeeker, DEMO_PASSWORD)).body.data.accessToken;
  newcomer = (await passwordLogin(f.app, DEMO_ACCOUNTS.newJobSeeker, DEMO_PASSWORD)).body.data.accessToken;
}, 300_000);
afterAll(async () => f?.stop());

describe('the demo job seekers’ jobs', () => {
  it('the demo seeker has applications at every stage, one to a job since closed, and saved jobs', async () => {
    const applied = (await postJson<AppliedJobPage>(f, '/api/JobSeeker/applied-list', {}, seeker)).body.data;
    expect(applied.items).toHaveLength(6);
    expect(applied.items.map((j) => j.applicationStatus).sort()).toEqual([
      'Applied',
      'Applied',
      'Interviewing',
      'Offered',
      'Rejected',
      'Reviewed',
    ]);
    expect(applied.items.find((j) => j.applicationStatus === 'Rejected')!.jobStatus).toBe('Closed');
    expect(applied.items.every((j) => j.companyName === 'Demo Hiring Co')).toBe(true);
    for (const job of applied.items) expect(Date.parse(job.appliedDate)).toBeLessThanOrEqual(Date.now());

    const saved = (await postJson<SavedJobPage>(f, '/api/JobSeeker/saved-jobs', {}, seeker)).body.data;
    expect(saved.items).toHaveLength(4);
    expect(new Set(saved.items.map((j) => j.companyName)).size).toBeGreaterThan(1);

    const counts = (await getJson<JobListCount>(f, '/api/JobSeeker/job-list-count', seeker)).body.data;
    expect(counts).toMatchObject({ saved: 4, applied: 6 });
    expect(counts.matched).toBeGreaterThan(0);

    const page = (await getJson<JobDetail>(f, `/api/JobSeeker/job?id=${applied.items[0]!.id}`, seeker)).body.data;
    expect(page.viewer).toMatchObject({ hasApplied: true, application: { status: applied.items[0]!.applicationStatus } });
    expect(page.viewer!.application!.id).toBe(applied.items[0]!.applicationId);
  });

  it('the newcomer has saved two jobs and applied to none', async () => {
    expect((await getJson<JobListCount>(f, '/api/JobSeeker/job-list-count', newcomer)).body.data).toMatchObject({ saved: 2, applied: 0 });
  });
});

describe('the demo market’s featured jobs', () => {
  it('a visitor near the default place (Vancouver, WA) sees featured jobs of several companies', async () => {
    const page = (await postJson<BoostsPage>(f, '/api/job/boosts', { latitude: 45.628, longitude: -122.6739, distance: 25 })).body.data;
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items).toHaveLength(5);
    expect(new Set(page.items.map((j) => j.companyName)).size).toBeGreaterThanOrEqual(2);
    for (const job of page.items) expect(job.distanceMiles).toBeLessThanOrEqual(25);
  });
});
