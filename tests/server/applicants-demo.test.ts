import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import type { ApplicantDetail, ApplicantPage, JobWithApplicants, TaskCount } from '../../src/contract/applicants.ts';
import type { DashboardCount } from '../../src/contract/company.ts';
import { applicationStatuses } from '../../src/contract/jobs.ts';
import { passwordLogin } from './account-support.ts';
import { getJson, postJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

let f: FilesApp;
let recruiter = '';
let employer = '';

beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  recruiter = (await passwordLogin(f.app, DEMO_ACCOUNTS.recruiter, DEMO_PASSWORD)).body.data.accessToken;
  employer = (await passwordLogin(f.app, DEMO_ACCOUNTS.employer, DEMO_PASSWORD)).body.data.accessToken;
}, 300_000);
afterAll(async () => f?.stop());

describe('the demo company’s applicants', () => {
  it('the demo recruiter has applicants at every status, some of them new', async () => {
    const page = (await postJson<ApplicantPage>(f, '/api/Recruiter/applicants', { pageSize: 100 }, recruiter)).body.data;
    expect(page.total).toBeGreaterThanOrEqual(applicationStatuses.length);
    expect(new Set(page.items.map((i) => i.status))).toEqual(new Set(applicationStatuses));
    expect(page.items.filter((i) => i.isNew).length).toBeGreaterThan(0);
    expect(page.items.filter((i) => !i.isNew).length).toBeGreaterThan(0);
    expect(page.items.map((i) => i.jobSeeker.email)).toContain(DEMO_ACCOUNTS.jobSeeker);
    for (const item of page.items) expect(Date.parse(item.appliedDate)).toBeLessThanOrEqual(Date.now());

    const tasks = (await getJson<TaskCount>(f, '/api/Recruiter/AssignTaskCount', recruiter)).body.data;
    expect(tasks.newApplicants).toBe(page.items.filter((i) => i.isNew).length);
    // The dashboard's pipeline adds up to the same applicants, step by step.
    const of = (status: string) => page.items.filter((i) => i.status === status).length;
    const counts = (await getJson<DashboardCount>(f, '/api/Recruiter/DashboardCount', recruiter)).body.data;
    expect(counts).toMatchObject({
      applicants: page.total,
      newApplicants: tasks.newApplicants,
      toReview: of('Applied'),
      interviewing: of('Interviewing'),
      offered: of('Offered'),
      hired: of('Hired'),
    });
    const jobs = (await getJson<{ items: JobWithApplicants[] }>(f, '/api/Employer/jobs-with-applicants', employer)).body.data.items;
    expect(jobs.reduce((sum, j) => sum + j.applicants, 0)).toBe(page.total);
  });

  it('each applicant past Applied has its history, and its résumé downloads', async () => {
    const page = (await postJson<ApplicantPage>(f, '/api/Recruiter/applicants', { pageSize: 100 }, recruiter)).body.data;
    for (const status of ['Hired', 'Withdrawn', 'Offered'] as const) {
      const item = page.items.find((i) => i.status === status)!;
      const one = (await getJson<ApplicantDetail>(f, `/api/Recruiter/applicant/${item.id}`, recruiter)).body.data;
      expect(one.history.at(-1)?.to).toBe(status);
      expect(one.history[0]?.from).toBe('Applied');
      for (const [k, h] of one.history.entries()) if (k > 0) expect(h.from).toBe(one.history[k - 1]!.to);
      if (status === 'Withdrawn') expect(one.history.at(-1)!.changedBy?.id).toBe(one.jobSeeker.id);
      expect(one.resume).not.toBeNull();
      const file = await f.app.inject({ method: 'GET', url: one.resume!.downloadUrl, headers: { authorization: `Bearer ${recruiter}` } });
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const seekers = page.items.filter((i) => i.jobSeeker.email === DEMO_ACCOUNTS.jobSeeker && i.status !== 'Applied');
    expect(seekers.length).toBeGreaterThan(0);
    for (const item of seekers) {
      const one = (await getJson<ApplicantDetail>(f, `/api/Recruiter/applicant/${item.id}`, recruiter)).body.data;
      expect(one.history.at(-1)?.to).toBe(item.status);
    }
  });
});
