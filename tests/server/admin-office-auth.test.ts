import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/server/test-app.ts';
import { call, officeApp, officeWorld, refusedCallers, withQuery, type Caller, type OfficeWorld } from './admin-office-support.ts';

// Every route of the report queue, the audit trail and the admin's details is the SuperAdmin's
// alone: every other role is refused with 403, a signed-out caller with 401, before the request is
// read (a body that would be a 400 is never looked at).

let app: TestApp;
let w: OfficeWorld;
beforeAll(async () => {
  ({ app } = await officeApp());
  w = await officeWorld(app);
}, 60_000);
afterAll(async () => app?.stop());

const UNKNOWN_JOB = '00000000-0000-4000-8000-000000000000';

/** Each route with a request that is fine for a SuperAdmin, and one that is not valid at all. */
const routes: Array<{ name: string; method: 'GET' | 'POST'; url: string; body?: unknown; badUrl?: string; badBody?: unknown }> = [
  { name: 'GetAdminDetails', method: 'GET', url: '/api/Admin/GetAdminDetails' },
  {
    name: 'UpdateAdminDetails',
    method: 'POST',
    url: '/api/Admin/UpdateAdminDetails',
    body: { firstName: 'Morgan', lastName: 'Admin', phoneNumber: '' },
    badBody: { firstName: '' },
  },
  {
    name: 'RequestEmailChange',
    method: 'POST',
    url: '/api/Admin/RequestEmailChange',
    body: { email: 'morgan.next@example.com' },
    badBody: { email: 'nope' },
  },
  {
    name: 'ConfirmEmailChange',
    method: 'POST',
    url: '/api/Admin/ConfirmEmailChange',
    body: { email: 'morgan.next@example.com', code: '123456' },
    badBody: { code: 'abc' },
  },
  { name: 'Reports', method: 'GET', url: '/api/Admin/Reports', badUrl: withQuery('/api/Admin/Reports', { pageNumber: 10 ** 9 }) },
  {
    name: 'ResolveReports',
    method: 'POST',
    url: '/api/Admin/ResolveReports',
    body: { jobPostId: UNKNOWN_JOB, action: 'dismiss', note: 'Checked.' },
    badBody: { action: 'nuke' },
  },
  { name: 'Audit', method: 'GET', url: '/api/Admin/Audit', badUrl: withQuery('/api/Admin/Audit', { from: 'yesterday' }) },
];

const send = (caller: Caller, r: (typeof routes)[number], bad: boolean) =>
  call(app, r.method, bad ? (r.badUrl ?? r.url) : r.url, caller, r.method === 'POST' ? (bad ? (r.badBody ?? {}) : r.body) : undefined);

describe('who may call the back office’s queue, trail and details', () => {
  it('a SuperAdmin: answered (200, or the 400/404 the request earns)', async () => {
    for (const r of routes) {
      const answer = await send(w.superAdmin, r, false);
      expect([200, 400, 404], `${r.name}: ${JSON.stringify(answer.body.state)}`).toContain(answer.status);
      if (r.name !== 'ConfirmEmailChange' && r.name !== 'ResolveReports') expect(answer.status, r.name).toBe(200);
    }
  });

  it('no employer, recruiter or job seeker (403), and nobody signed out (401), before the request is read', async () => {
    for (const r of routes) {
      for (const [caller, status] of refusedCallers(w)) {
        for (const bad of [false, true]) {
          const answer = await send(caller, r, bad);
          expect(answer.status, `${r.name} ${caller.label}${bad ? ' (bad request)' : ''}`).toBe(status);
          expect(answer.body.success).toBe(false);
          expect(answer.body.state.code ?? null).toBe(status === 403 ? 'access.denied' : null);
        }
      }
    }
  });

  it('a SuperAdmin’s bad request is a 400: the check of the role came first, then the request', async () => {
    for (const r of routes.filter((r) => r.badUrl || r.badBody)) {
      expect((await send(w.superAdmin, r, true)).status, r.name).toBe(400);
    }
  });

  it('nothing was changed by the refused calls', async () => {
    const details = await call<{ firstName: string; pendingEmail: string | null }>(app, 'GET', '/api/Admin/GetAdminDetails', w.otherAdmin);
    expect(details.body.data).toMatchObject({ firstName: 'Avery', pendingEmail: null });
  });
});
