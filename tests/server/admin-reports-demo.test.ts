import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import type { AuditList, ReportQueue } from '../../src/contract/admin.ts';
import type { JobDetail } from '../../src/contract/jobs.ts';
import { passwordLogin } from './account-support.ts';
import { adminSignedIn } from './admin-office-support.ts';
import { getJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

// The demo marketplace's report queue: what a new user finds signed in as the demo SuperAdmin.

let f: FilesApp;
let admin = '';
let seeker = '';
beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  // The demo SuperAdmin signs in as any administrator does: the password, then the emailed code.
  const session = await adminSignedIn(f.app, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
  admin = session.accessToken;
  seeker = (await passwordLogin(f.app, DEMO_ACCOUNTS.jobSeeker, DEMO_PASSWORD)).body.data.accessToken;
}, 300_000);
afterAll(async () => f?.app.stop());

describe('the demo report queue', () => {
  it('has open reports on three jobs, the most reported with four seekers and several reasons', async () => {
    const queue = (await getJson<ReportQueue>(f, '/api/Admin/Reports', admin)).body.data;
    expect(queue.totalCount).toBe(3);
    const [first] = queue.groups;
    expect(first!.reportCount).toBe(4);
    expect(new Set(first!.reports.map((r) => r.reporter.id)).size).toBe(4);
    expect(first!.reasons.map((r) => r.reason).sort()).toEqual(['misleading', 'other', 'scam']);
    expect(first!.reports.map((r) => r.reporter.email)).toContain(DEMO_ACCOUNTS.jobSeeker);
  });

  it('has resolved reports with notes by the demo SuperAdmin, each with its audit entry', async () => {
    const resolved = (await getJson<ReportQueue>(f, '/api/Admin/Reports?status=resolved', admin)).body.data;
    expect(resolved.groups.map((g) => g.reports[0]!.status).sort()).toEqual(['dismissed', 'jobClosed']);
    for (const group of resolved.groups) {
      for (const r of group.reports) {
        expect(r.resolvedBy?.email).toBe(DEMO_ACCOUNTS.admin);
        expect(r.resolutionNote).toBeTruthy();
      }
    }
    const closed = resolved.groups.find((g) => g.reports[0]!.status === 'jobClosed')!;
    expect(closed.job.status).toBe('Closed');

    const audit = (await getJson<AuditList>(f, '/api/Admin/Audit', admin)).body.data;
    const entries = audit.entries.filter((e) => e.action.startsWith('reports.'));
    expect(entries.map((e) => e.action).sort()).toEqual(['reports.closeJob', 'reports.dismiss']);
    expect(entries.map((e) => e.targetId).sort()).toEqual(resolved.groups.map((g) => g.job.id).sort());
    for (const e of entries) expect(e.admin.email).toBe(DEMO_ACCOUNTS.admin);
  });

  it('the demo job seeker sees their reports’ status on the job pages: one under review, one reviewed', async () => {
    const queue = (await getJson<ReportQueue>(f, '/api/Admin/Reports', admin)).body.data;
    const resolved = (await getJson<ReportQueue>(f, '/api/Admin/Reports?status=resolved', admin)).body.data;
    const theirs = [...queue.groups, ...resolved.groups].filter((g) => g.reports.some((r) => r.reporter.email === DEMO_ACCOUNTS.jobSeeker));
    const statuses = [];
    for (const group of theirs) {
      const job = (await getJson<JobDetail>(f, `/api/JobSeeker/job?id=${group.job.id}`, seeker)).body.data;
      statuses.push(job.viewer!.report!.status);
    }
    expect(statuses.sort()).toEqual(['dismissed', 'open']);
  });
});
