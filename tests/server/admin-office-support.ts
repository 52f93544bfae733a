import { expect } from 'vitest';
import { companies, users } from '../../server/db/schema.ts';
import { createSuperAdmin } from '../../server/cli/admin.ts';
import type { Role } from '../../src/contract/roles.ts';
import type { SessionData } from '../../src/contract/account.ts';
import type { OutcomeCode } from '../../src/contract/outcome-codes.ts';
import type { AuditList, ReportGroup, ReportQueue } from '../../src/contract/admin.ts';
import type { AdminDetails } from '../../src/contract/admin-details.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { PASSWORD, accountApp, api, codeIn, lastMail, post, testClock, type Answer } from './account-support.ts';

export { PASSWORD, type Answer };

/** One caller of the role matrix every back-office route is tried with. */
export interface Caller {
  label: string;
  id: string | null;
  email: string;
  token: string | undefined;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++seq}@example.com`;

/** An app with a clock the test moves. */
export async function officeApp() {
  const clock = testClock();
  const app = await accountApp({ adapters: { now: clock.now } });
  return { app, clock };
}

/**
 * The people the back office is tried with: two SuperAdmins (made as the admin command makes them,
 * so they can sign in with their password), a verified company with its employer and a recruiter,
 * two job seekers and an anonymous visitor. Tokens are signed directly, as a sign-in would.
 */
export async function officeWorld(app: TestApp) {
  const db = app.database.db;
  const now = new Date();
  const [company] = await db
    .insert(companies)
    .values({ name: 'Hale Logistics LLC', tin: '271234567', tinKind: 'EIN', verifiedAt: now, verificationMethod: 'rules:EIN' })
    .returning();

  const tokenOf = (id: string, role: Role) => app.ctx.tokens.sign({ userId: id, role });

  async function admin(label: string, firstName: string): Promise<Caller> {
    const email = unique('admin');
    const row = await createSuperAdmin(db, { email, password: PASSWORD, firstName, lastName: 'Admin' });
    return { label, id: row.id, email, token: await tokenOf(row.id, 'SuperAdmin') };
  }

  async function person(role: Role, label: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<Caller> {
    const email = unique(role.toLowerCase());
    const [row] = await db
      .insert(users)
      .values({ email, firstName: 'Robin', lastName: 'Hale', role, emailVerifiedAt: now, ...extra })
      .returning({ id: users.id });
    return { label, id: row!.id, email, token: await tokenOf(row!.id, role) };
  }

  const superAdmin = await admin('SuperAdmin', 'Morgan');
  const otherAdmin = await admin('another SuperAdmin', 'Avery');
  const employer = await person('Employer', 'Employer', { companyId: company!.id });
  const recruiter = await person('Recruiter', 'Recruiter', { companyId: company!.id, firstName: 'Casey' });
  const seeker = await person('JobSeeker', 'JobSeeker', { firstName: 'Dana', lastName: 'Fields' });
  const seeker2 = await person('JobSeeker', 'another JobSeeker', { firstName: 'Jordan', lastName: 'Lee' });
  const anonymous: Caller = { label: 'anonymous', id: null, email: '', token: undefined };
  return { company: company!, superAdmin, otherAdmin, employer, recruiter, seeker, seeker2, anonymous, person, admin };
}
export type OfficeWorld = Awaited<ReturnType<typeof officeWorld>>;

/** Every role but SuperAdmin, with what each is answered: 403 signed in, 401 signed out. */
export const refusedCallers = (w: OfficeWorld): Array<[Caller, number]> => [
  [w.employer, 403],
  [w.recruiter, 403],
  [w.seeker, 403],
  [w.anonymous, 401],
];

export const call = <T = unknown>(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  caller: { token?: string | undefined },
  body?: unknown,
) => api<T>(app, method, url, { ...(caller.token ? { token: caller.token } : {}), ...(body !== undefined ? { body } : {}) });

type Query = Record<string, string | number | boolean | undefined>;
type Who = { token?: string | undefined };

/** Every call of the report queue, the audit trail and the admin's details, as the back office makes them. */
export function officeCalls(app: TestApp) {
  return {
    details: (c: Who) => call<AdminDetails>(app, 'GET', '/api/Admin/GetAdminDetails', c),
    updateDetails: (c: Who, body: unknown) =>
      call<{ details: AdminDetails; message: string }>(app, 'POST', '/api/Admin/UpdateAdminDetails', c, body),
    requestEmail: (c: Who, body: unknown) => call<string>(app, 'POST', '/api/Admin/RequestEmailChange', c, body),
    confirmEmail: (c: Who, body: unknown) =>
      call<{ details: AdminDetails; message: string }>(app, 'POST', '/api/Admin/ConfirmEmailChange', c, body),
    reports: (c: Who, query: Query = {}) => call<ReportQueue>(app, 'GET', withQuery('/api/Admin/Reports', query), c),
    resolve: (c: Who, body: unknown) => call<{ group: ReportGroup; message: string }>(app, 'POST', '/api/Admin/ResolveReports', c, body),
    audit: (c: Who, query: Query = {}) => call<AuditList>(app, 'GET', withQuery('/api/Admin/Audit', query), c),
  };
}
export type OfficeCalls = ReturnType<typeof officeCalls>;

/** A GET with its query built from an object (undefined values left out). */
export function withQuery(path: string, query: Query = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export function expectOk<T>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body.state)).toBe(200);
  expect(answer.body.success).toBe(true);
  return answer.body.data;
}

/** A refusal: its status, its product copy and, where given, its outcome code. */
export function expectRefused(answer: Answer, status: number, message?: string, code?: OutcomeCode) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.success).toBe(false);
  if (message !== undefined) expect(answer.body.message).toBe(message);
  if (code !== undefined) expect(answer.body.state.code).toBe(code);
}

/** A 400 naming one field with its message. */
export function expectField(answer: Answer, field: string, message: string) {
  expectRefused(answer, 400, message, 'request.invalid');
  expect(answer.body.state.fieldErrors).toEqual({ [field]: message });
}

export const adminLogin = (app: TestApp, email: string, extra: Record<string, unknown> = {}, ip?: string) =>
  post<SessionData>(app, '/api/Account/Login', { email, password: PASSWORD, isOtp: false, ...extra }, ip ? { ip } : {});

/** A SuperAdmin's whole sign-in: the password, the code from the mail, the password with the code. */
export async function adminSignedIn(app: TestApp, email: string, password = PASSWORD): Promise<SessionData> {
  const asked = await adminLogin(app, email, { password });
  expect(asked.body.state.code).toBe('auth.codeRequired');
  const code = codeIn(await lastMail(app, email));
  const answer = await adminLogin(app, email, { password, code });
  expect(answer.status).toBe(200);
  return answer.body.data;
}
