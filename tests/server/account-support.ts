import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import type { Adapters } from '../../server/adapters.ts';
import type { Config } from '../../server/config.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import type { SessionData } from '../../src/contract/account.ts';
import type { RateLimiter } from '../../server/platform/rate-limit.ts';
import type { OutcomeCode } from '../../src/contract/outcome-codes.ts';

/** A clock the test moves forward; the app reads it through adapters.now. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const allowAll: RateLimiter = { hit: async () => ({ allowed: true, retryAfterSeconds: 1 }) };

export async function accountApp(
  options: { env?: NodeJS.ProcessEnv; config?: Partial<Config>; adapters?: Partial<Adapters> } = {},
): Promise<TestApp> {
  return createTestApp(options);
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export async function api<T = unknown>(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

export const post = <T = unknown>(app: TestApp, url: string, body: unknown, options: { token?: string; ip?: string } = {}) =>
  api<T>(app, 'POST', url, { ...options, body });
export const get = <T = unknown>(app: TestApp, url: string, token?: string) => api<T>(app, 'GET', url, token ? { token } : {});

/** What a user sees of a failure: the status and the first message. */
/** A refusal: its status, its product copy, and where given its outcome code (state.code). */
export function expectFailure(answer: Answer, status: number, message: string, code?: OutcomeCode) {
  expect(answer.status).toBe(status);
  expect(answer.body.success).toBe(false);
  expect(answer.body.state.hasError).toBe(true);
  expect(answer.body.message).toBe(message);
  expect(answer.body.state.errors[0]).toBe(message);
  if (code !== undefined) expect(answer.body.state.code).toBe(code);
}

/** The inbox of one address, newest first, as the outbox recorded it. */
export async function inbox(app: TestApp, to: string) {
  return app.database.db.select().from(outbox).where(eq(outbox.to, to.toLowerCase())).orderBy(desc(outbox.createdAt));
}

export async function lastMail(app: TestApp, to: string) {
  const [mail] = await inbox(app, to);
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

/** The link a mail carries, split into what the page would read from its address. */
export function linkIn(mail: { links: string[]; text: string; html: string }) {
  const href = mail.links.find((l) => /^https?:/.test(l));
  if (!href) throw new Error('mail has no link');
  expect(mail.text).toContain(href);
  const url = new URL(href);
  return { href, path: url.pathname, token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
}

export function codeIn(mail: { links: string[]; text: string; subject: string }) {
  const code = mail.links.find((l) => /^\d{6}$/.test(l));
  if (!code) throw new Error('mail has no code');
  expect(mail.text).toContain(code);
  return code;
}

/** YYYY-MM-DD of a date `years` before today (local calendar). */
export function yearsAgo(years: number, extraDays = 0, today = new Date()) {
  const d = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() + extraDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

let seq = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++seq}@example.com`;

export const PASSWORD = 'correct-horse-battery';

export function jobSeekerBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    role: 0,
    firstName: 'Dana',
    lastName: 'Fields',
    email,
    password: PASSWORD,
    dateOfBirth: '1990-06-15',
    acceptTerms: true,
    ...overrides,
  };
}

export function employerBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    role: 1,
    firstName: 'Robin',
    lastName: 'Hale',
    email,
    password: PASSWORD,
    companyName: 'Hale Logistics LLC',
    companyTin: '27-1234567',
    acceptTerms: true,
    ...overrides,
  };
}

/** Registers a job seeker and follows the emailed verification link, as a new user would. */
export async function verifiedJobSeeker(app: TestApp, email = uniqueEmail('seeker'), overrides: Record<string, unknown> = {}) {
  const reg = await post(app, '/api/Account/Register', jobSeekerBody(email, overrides));
  expect(reg.status).toBe(201);
  const link = linkIn(await lastMail(app, email));
  const verified = await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token });
  expect(verified.status).toBe(200);
  return email;
}

export async function passwordLogin(app: TestApp, email: string, password = PASSWORD, rememberMe = false, ip?: string) {
  return post<SessionData>(app, '/api/Account/Login', { email, password, isOtp: false, rememberMe }, ip ? { ip } : {});
}

export async function signedIn(app: TestApp, email: string, password = PASSWORD, rememberMe = false) {
  const answer = await passwordLogin(app, email, password, rememberMe);
  expect(answer.status).toBe(200);
  return answer.body.data;
}
