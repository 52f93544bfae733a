import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import {
  invitationStatuses,
  type SeekerInvitationPage,
  type SentInvitationPage,
  type SuggestedSeekerAnyJobPage,
} from '../../src/contract/suggestions.ts';
import type { JobPage } from '../../src/contract/posting.ts';
import { passwordLogin } from './account-support.ts';
import { getJson, postJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

let f: FilesApp;
let recruiter = '';
let seeker = '';

beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  recruiter = (await passwordLogin(f.app, DEMO_ACCOUNTS.recruiter, DEMO_PASSWORD)).body.data.accessToken;
  seeker = (await passwordLogin(f.app, DEMO_ACCOUNTS.jobSeeker, DEMO_PASSWORD)).body.data.accessToken;
}, 300_000);
afterAll(async () => f?.stop());

describe('the demo company’s invitations', () => {
  it('the demo recruiter sees invitations sent at every stage, the demo seeker among those invited', async () => {
    const page = (await postJson<SentInvitationPage>(f, '/api/Recruiter/invitations', { pageSize: 50 }, recruiter)).body.data;
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(new Set(page.items.map((i) => i.status))).toEqual(new Set(invitationStatuses));
    for (const item of page.items) {
      expect(Date.parse(item.invitedAt)).toBeLessThanOrEqual(Date.now());
      if (item.appliedAt) expect(Date.parse(item.appliedAt)).toBeGreaterThan(Date.parse(item.invitedAt));
    }
    expect(page.items.some((i) => i.invitedBy?.name === 'Casey Nguyen')).toBe(true);
  });

  it('the demo seeker’s dashboard has an invitation not yet opened, to an open job of Demo Hiring Co', async () => {
    const mine = (await getJson<SeekerInvitationPage>(f, '/api/JobSeeker/invitations?pageSize=5', seeker)).body.data;
    const open = mine.items.find((i) => i.status === 'sent');
    expect(open).toMatchObject({ companyName: 'Demo Hiring Co', jobOpen: true, viewedAt: null });
    expect(mine.items.some((i) => i.status === 'applied')).toBe(true);
  });
});

describe('the demo recruiter’s suggested job seekers', () => {
  it('without a job: seekers matching the company’s open jobs, each once, with the open job they match best', async () => {
    const page = (await postJson<SuggestedSeekerAnyJobPage>(f, '/api/Recruiter/SuggestedJobSeeker', {}, recruiter)).body.data;
    expect(page.total).toBeGreaterThan(0);
    expect(page.job).toBeNull();
    expect(new Set(page.items.map((i) => i.id)).size).toBe(page.items.length);
    const open = (await getJson<JobPage>(f, '/api/Recruiter/GetJobsByStatus?Status=true&pageSize=100', recruiter)).body.data.items.map(
      (j) => j.id,
    );
    for (const item of page.items) expect(open).toContain(item.job.id);
    const scores = page.items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
