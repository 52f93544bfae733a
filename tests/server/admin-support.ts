import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminAudit, users } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/platform/passwords.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import type {
  AdminCompanyDetail,
  AdminCompanyList,
  AdminDashboard,
  AdminRecruiterDetail,
  AdminRecruiterList,
  CompanyActionAnswer,
} from '../../src/contract/admin.ts';
import type { SessionData } from '../../src/contract/account.ts';
import { PASSWORD } from './account-support.ts';
import { billingApp } from './billing-support.ts';
import type { FilesApp } from './files-support.ts';
import type { Answer, Caller } from './jobs-support.ts';

export { expectOk, expectRefused } from './jobs-support.ts';
export type { Answer, Caller };

type Query = Record<string, string | number | boolean | undefined | null>;

/** A query string of the defined values, as a page's service sends it. */
export function queryOf(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function inject<T>(f: FilesApp, method: 'GET' | 'POST', url: string, caller: Caller, json?: unknown): Promise<Answer<T>> {
  const res = await f.app.inject({
    method,
    url,
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
    ...(json !== undefined ? { payload: json as object } : {}),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: (isJson ? res.json() : {}) as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

const A = '/api/Admin';

/** Every back office call of companies and recruiters, as the pages make them. */
export function adminCalls(f: FilesApp) {
  return {
    dashboard: (c: Caller, query: Query = {}) => inject<AdminDashboard>(f, 'GET', `${A}/AdminDashBoard${queryOf(query)}`, c),
    companies: (c: Caller, query: Query = {}) => inject<AdminCompanyList>(f, 'GET', `${A}/CompanyListing${queryOf(query)}`, c),
    blacklisted: (c: Caller, query: Query = {}) => inject<AdminCompanyList>(f, 'GET', `${A}/BlackListedCompanyList${queryOf(query)}`, c),
    company: (c: Caller, companyId: string) => inject<AdminCompanyDetail>(f, 'GET', `${A}/GetCompanyById${queryOf({ companyId })}`, c),
    /** ToggleforActive by the spec's GET (query) or by POST (body). */
    toggleActive: (c: Caller, request: Query, method: 'GET' | 'POST' = 'POST') =>
      method === 'GET'
        ? inject<CompanyActionAnswer>(f, 'GET', `${A}/ToggleforActive${queryOf(request)}`, c)
        : inject<CompanyActionAnswer>(f, 'POST', `${A}/ToggleforActive`, c, request),
    toggleBlacklist: (c: Caller, request: Query, method: 'GET' | 'POST' = 'POST') =>
      method === 'GET'
        ? inject<CompanyActionAnswer>(f, 'GET', `${A}/ToggleforBlacklist${queryOf(request)}`, c)
        : inject<CompanyActionAnswer>(f, 'POST', `${A}/ToggleforBlacklist`, c, request),
    recruiters: (c: Caller, query: Query = {}) =>
      inject<AdminRecruiterList>(f, 'GET', `${A}/GetRecruitersByCompanyName${queryOf(query)}`, c),
    recruiter: (c: Caller, recruiterId: string) =>
      inject<AdminRecruiterDetail>(f, 'GET', `${A}/GetRecruiterDetails${queryOf({ recruiterId })}`, c),
  };
}

export type AdminCalls = ReturnType<typeof adminCalls>;

/**
 * A SuperAdmin of the app, its access token signed directly: a SuperAdmin's sign-in asks for an
 * emailed code after the password, which tests of other things need not go through.
 */
export async function superAdmin(f: FilesApp, firstName = 'Avery', lastName = 'Admin'): Promise<Caller> {
  const [row] = await f.app.database.db
    .insert(users)
    .values({
      email: `admin.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      firstName,
      lastName,
      role: 'SuperAdmin',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  return { label: 'SuperAdmin', id: row!.id, companyId: null, token: await f.app.ctx.tokens.sign({ userId: row!.id, role: 'SuperAdmin' }) };
}

/**
 * The billing world (companies X and Y with their staff, job seekers, jobs, cards and boosts) with a
 * SuperAdmin and the back office's calls.
 */
export async function adminApp(options: Parameters<typeof billingApp>[0] = {}) {
  const t = await billingApp(options);
  const admin = await superAdmin(t.f);
  const a = adminCalls(t.f);

  /** Gives the user a password, so they sign in as a person does (refresh tokens and all). */
  async function withPassword(caller: Caller): Promise<string> {
    const [row] = await t.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, caller.id!))
      .returning({ email: users.email });
    return row!.email;
  }

  /** Signs the user in with their password; answers the session. */
  async function signIn(email: string): Promise<Answer<SessionData>> {
    const res = await t.f.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { email, password: PASSWORD, isOtp: false } });
    return { status: res.statusCode, body: res.json() as Envelope<SessionData>, headers: res.headers, raw: res.rawPayload };
  }

  /** Uses a refresh token as the browser does when its access token expires. */
  async function refresh(refreshToken: string) {
    const res = await t.f.app.inject({ method: 'POST', url: '/api/Account/RefreshToken', payload: { refreshToken } });
    return res.statusCode;
  }

  /** The audit trail of a company, oldest first. */
  const auditOf = (companyId: string) => t.db.select().from(adminAudit).where(eq(adminAudit.companyId, companyId)).orderBy(adminAudit.id);

  /** The callers every back office route is tried with: the SuperAdmin, each other role, and anyone signed out. */
  const everyone = () => [admin, t.w.employerX, t.w.recruiterX, t.w.seekerA, t.w.anonymous];

  return { ...t, admin, a, withPassword, signIn, refresh, auditOf, everyone };
}

export type AdminWorld = Awaited<ReturnType<typeof adminApp>>;

/** Expects a 200 and its message. */
export function expectDone<T>(answer: Answer<T>, message?: string): T {
  expect(answer.status, JSON.stringify(answer.body?.state)).toBe(200);
  if (message !== undefined) expect(answer.body.message).toBe(message);
  return answer.body.data;
}
