import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMessages } from '../../src/contract/admin.ts';
import { adminApp, expectRefused, type AdminWorld, type Answer, type Caller } from './admin-support.ts';

// Who may use the back office's company and recruiter calls (the SuperAdmin alone), and the
// requests refused with the contract's messages.

let t: AdminWorld;

beforeAll(async () => {
  t = await adminApp();
}, 60_000);
afterAll(async () => t?.f.stop());

/** Every route, with a request the SuperAdmin may make (the toggles ask for the state the company has: nothing changes). */
const routes = (): Record<string, (c: Caller) => Promise<Answer>> => ({
  AdminDashBoard: (c) => t.a.dashboard(c, { timeZone: 'America/Chicago' }),
  CompanyListing: (c) => t.a.companies(c, { search: 'hale' }),
  BlackListedCompanyList: (c) => t.a.blacklisted(c),
  GetCompanyById: (c) => t.a.company(c, t.w.x.id),
  'ToggleforActive (GET)': (c) => t.a.toggleActive(c, { companyId: t.w.y.id, active: true, reason: 'Checked' }, 'GET'),
  'ToggleforActive (POST)': (c) => t.a.toggleActive(c, { companyId: t.w.y.id, active: true, reason: 'Checked' }),
  'ToggleforBlacklist (GET)': (c) => t.a.toggleBlacklist(c, { companyId: t.w.y.id, blacklisted: false, reason: 'Checked' }, 'GET'),
  'ToggleforBlacklist (POST)': (c) => t.a.toggleBlacklist(c, { companyId: t.w.y.id, blacklisted: false, reason: 'Checked' }),
  GetRecruitersByCompanyName: (c) => t.a.recruiters(c, { companyName: 'hale' }),
  GetRecruiterDetails: (c) => t.a.recruiter(c, t.w.recruiterX.id!),
});

describe('who may call', () => {
  it('the SuperAdmin: every route answers', async () => {
    for (const [name, call] of Object.entries(routes())) expect((await call(t.admin)).status, name).toBe(200);
  });

  it('no employer, recruiter or job seeker (403), and no one signed out (401)', async () => {
    for (const [name, call] of Object.entries(routes())) {
      for (const caller of [t.w.employerX, t.w.recruiterX, t.w.employerY, t.w.seekerA]) {
        expect((await call(caller)).status, `${name} ${caller.label}`).toBe(403);
      }
      expect((await call(t.w.anonymous)).status, `${name} anonymous`).toBe(401);
    }
    // Nothing was changed or recorded by the refused calls.
    expect(await t.auditOf(t.w.y.id)).toEqual([]);
  });

  it('refuses before it reads the request: a bad request of the wrong caller is 401 or 403, not 400', async () => {
    const bad = { companyId: 'nope', reason: '' };
    expect((await t.a.toggleBlacklist(t.w.anonymous, bad)).status).toBe(401);
    expect((await t.a.toggleBlacklist(t.w.employerX, bad)).status).toBe(403);
    expect((await t.a.toggleActive(t.w.seekerA, bad, 'GET')).status).toBe(403);
    expect((await t.a.companies(t.w.recruiterX, { pageNumber: 1e9 })).status).toBe(403);
  });

  it('a token of a SuperAdmin that no longer exists changes nothing: signed out', async () => {
    const ghost = { ...t.admin, token: await t.f.app.ctx.tokens.sign({ userId: randomUUID(), role: 'SuperAdmin' }) };
    expectRefused(await t.a.toggleActive(ghost, { companyId: t.w.y.id, reason: 'Ghost' }), 401);
    expect(await t.auditOf(t.w.y.id)).toEqual([]);
  });
});

describe('requests refused with the contract’s messages', () => {
  const expectField = (answer: Answer, field: string, message: string) => {
    expectRefused(answer, 400, message, 'request.invalid');
    expect(answer.body.state.fieldErrors).toMatchObject({ [field]: message });
  };

  it('a toggle without a reason, or with one too long, by GET or POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expectField(await t.a.toggleActive(t.admin, { companyId: t.w.y.id }, method), 'reason', AdminMessages.reason);
      expectField(await t.a.toggleActive(t.admin, { companyId: t.w.y.id, reason: '   ' }, method), 'reason', AdminMessages.reason);
      expectField(
        await t.a.toggleBlacklist(t.admin, { companyId: t.w.y.id, reason: 'x'.repeat(501) }, method),
        'reason',
        AdminMessages.reason,
      );
    }
    expect(await t.auditOf(t.w.y.id)).toEqual([]);
  });

  it('an unknown company: 404 company.notFound; a malformed id: 400', async () => {
    const unknown = randomUUID();
    for (const method of ['GET', 'POST'] as const) {
      expectRefused(
        await t.a.toggleActive(t.admin, { companyId: unknown, reason: 'Spam' }, method),
        404,
        AdminMessages.companyNotFound,
        'company.notFound',
      );
      expectRefused(
        await t.a.toggleBlacklist(t.admin, { companyId: unknown, reason: 'Spam' }, method),
        404,
        AdminMessages.companyNotFound,
        'company.notFound',
      );
    }
    expectRefused(await t.a.company(t.admin, unknown), 404, AdminMessages.companyNotFound, 'company.notFound');
    expectField(await t.a.company(t.admin, 'not-a-company'), 'companyId', AdminMessages.companyNotFound);
    expectField(await t.a.toggleActive(t.admin, { companyId: 'x', reason: 'Spam' }), 'companyId', AdminMessages.companyNotFound);
    expectRefused(await t.a.recruiter(t.admin, randomUUID()), 404, AdminMessages.recruiterNotFound);
    // A job seeker is no recruiter.
    expectRefused(await t.a.recruiter(t.admin, t.w.seekerA.id!), 404, AdminMessages.recruiterNotFound);
  });

  it('a TIN filter of letters, a page of 10^9, a page size past 50, a search past 100 characters, an unknown state or sort', async () => {
    for (const list of [t.a.companies, t.a.blacklisted]) {
      expectField(await list(t.admin, { tinLastFour: 'abcd' }), 'tinLastFour', AdminMessages.tinLastFour);
      expectField(await list(t.admin, { tinLastFour: '123' }), 'tinLastFour', AdminMessages.tinLastFour);
      expectField(await list(t.admin, { pageNumber: 1e9 }), 'pageNumber', AdminMessages.page);
      expectField(await list(t.admin, { pageNumber: 0 }), 'pageNumber', AdminMessages.page);
      expectField(await list(t.admin, { pageSize: 51 }), 'pageSize', AdminMessages.pageSize);
      expectField(await list(t.admin, { search: 'x'.repeat(101) }), 'search', AdminMessages.search);
      expectRefused(await list(t.admin, { sort: 'richest' }), 400);
    }
    expectRefused(await t.a.companies(t.admin, { status: 'sleeping' }), 400);
    expectField(await t.a.recruiters(t.admin, {}), 'companyName', AdminMessages.companyName);
    expectField(await t.a.recruiters(t.admin, { companyName: 'hale', pageNumber: 1e9 }), 'pageNumber', AdminMessages.page);
    expectRefused(await t.a.dashboard(t.admin, { timeZone: 'Mars/Olympus_Mons' }), 400);
  });
});
