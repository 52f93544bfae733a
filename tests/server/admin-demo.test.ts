import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import type { AdminCompanyDetail, AdminCompanyList } from '../../src/contract/admin.ts';
import { passwordLogin } from './account-support.ts';
import { getJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

// The demo marketplace as a new SuperAdmin meets it in the back office.

let f: FilesApp;
let adminToken: string;
beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  const [admin] = await f.app.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.email, DEMO_ACCOUNTS.admin) });
  adminToken = await f.app.ctx.tokens.sign({ userId: admin!.id, role: 'SuperAdmin' });
}, 120_000);
afterAll(async () => f?.stop());

const list = async (query: string) => (await getJson<AdminCompanyList>(f, `/api/Admin/CompanyListing${query}`, adminToken)).body.data;

describe('the demo back office', () => {
  it('has companies in every state, with reasons, and the demo SuperAdmin’s trail of what was done to them', async () => {
    for (const status of ['active', 'inactive', 'blacklisted', 'awaitingVerification']) {
      expect((await list(`?status=${status}`)).totalCount, status).toBeGreaterThan(0);
    }
    const [blacklisted] = (await list('?status=blacklisted')).companies;
    expect(blacklisted).toMatchObject({ legalName: 'QuickCash Staffing LLC', blacklistReason: expect.stringMatching(/training fee/) });
    const [inactive] = (await list('?status=inactive')).companies;
    expect(inactive!.deactivationReason).toMatch(/pause hiring/);

    const [northwind] = (await list('?search=northwind')).companies;
    expect(northwind!.state).toBe('active');
    const page = (await getJson<AdminCompanyDetail>(f, `/api/Admin/GetCompanyById?companyId=${northwind!.id}`, adminToken)).body.data;
    expect(page.audit.map((e) => [e.action, e.admin.email])).toEqual([
      ['company.activate', DEMO_ACCOUNTS.admin],
      ['company.deactivate', DEMO_ACCOUNTS.admin],
    ]);
  });

  it('leaves the demo employer and recruiter able to sign in', async () => {
    expect((await passwordLogin(f.app, DEMO_ACCOUNTS.employer, DEMO_PASSWORD)).status).toBe(200);
    expect((await passwordLogin(f.app, DEMO_ACCOUNTS.recruiter, DEMO_PASSWORD)).status).toBe(200);
    const [demo] = (await list('?search=demo%20hiring')).companies;
    expect(demo!.state).toBe('active');
  });
});
