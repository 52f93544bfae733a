import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, users } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/platform/passwords.ts';
import { createMemoryRateLimiter, type RateLimiter } from '../../server/platform/rate-limit.ts';
import type { SessionData } from '../../src/contract/account.ts';
import type { Recruiter, RecruiterList } from '../../src/contract/staff.ts';
import type { TestApp } from '../support/server/test-app.ts';
import {
  accountApp,
  allowAll,
  get,
  lastMail,
  linkIn,
  PASSWORD,
  post,
  testClock,
  uniqueEmail,
  verifiedJobSeeker,
  signedIn,
} from './account-support.ts';

/**
 * The staff limits count for real (the invitation limit is under test); every other limit lets
 * everything through, so a file may sign in more often than one visitor would.
 */
export function staffLimiter(): RateLimiter {
  const real = createMemoryRateLimiter();
  return { hit: (key, limit, window) => (key.startsWith('staff:') ? real.hit(key, limit, window) : allowAll.hit(key, limit, window)) };
}

export async function staffApp() {
  const clock = testClock();
  const app = await accountApp({ adapters: { now: clock.now, rateLimiter: staffLimiter() } });
  return { app, clock };
}

export interface Member {
  email: string;
  id: string;
  token: string;
  refreshToken: string;
  firstName: string;
}

let passwordHash: Promise<string> | undefined;

/** An employer of a new verified company, signed in. */
export async function verifiedEmployer(
  app: TestApp,
  companyName = 'Northwind Traders LLC',
  firstName = 'Robin',
): Promise<Member & { companyId: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const [company] = await app.database.db
    .insert(companies)
    .values({
      name: companyName,
      tin: String(randomInt(100_000_000, 999_999_999)),
      tinKind: 'EIN',
      verifiedAt: new Date(),
      verificationMethod: 'test',
    })
    .returning();
  const email = uniqueEmail('employer');
  const [user] = await app.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      firstName,
      lastName: 'Hale',
      role: 'Employer',
      companyId: company!.id,
      emailVerifiedAt: new Date(),
    })
    .returning();
  const session = await signedIn(app, email);
  return { email, id: user!.id, companyId: company!.id, token: session.accessToken, refreshToken: session.refreshToken, firstName };
}

export async function signedInJobSeeker(app: TestApp): Promise<Member> {
  const email = await verifiedJobSeeker(app);
  const session = await signedIn(app, email);
  return {
    email,
    id: session.users.id,
    token: session.accessToken,
    refreshToken: session.refreshToken,
    firstName: session.users.firstName,
  };
}

export const invite = (app: TestApp, employer: Pick<Member, 'token'>, body: Record<string, unknown>) =>
  post<{ recruiter: Recruiter; resent: boolean }>(app, '/api/Employer/InviteRecruiter', body, { token: employer.token });

/** The token of the newest invitation mailed to `email`. */
export async function invitationToken(app: TestApp, email: string): Promise<string> {
  const link = linkIn(await lastMail(app, email));
  expect(link.path).toBe('/accept-invitation');
  return link.token;
}

export const accept = (app: TestApp, token: string, overrides: Record<string, unknown> = {}) =>
  post<SessionData>(app, '/api/Account/AcceptInvitation', {
    token,
    firstName: 'Casey',
    lastName: 'Nguyen',
    password: PASSWORD,
    acceptTerms: true,
    ...overrides,
  });

/** A recruiter of the employer's company, joined through an accepted invitation and signed in. */
export async function joinedRecruiter(app: TestApp, employer: Pick<Member, 'token'>, firstName = 'Casey'): Promise<Member> {
  const email = uniqueEmail('recruiter');
  expect((await invite(app, employer, { email, jobTitle: 'Talent Partner' })).status).toBe(200);
  const accepted = await accept(app, await invitationToken(app, email), { firstName });
  expect(accepted.status).toBe(201);
  const session = accepted.body.data;
  return { email, id: session.users.id, token: session.accessToken, refreshToken: session.refreshToken, firstName };
}

export async function staffOf(app: TestApp, employer: Pick<Member, 'token'>): Promise<Recruiter[]> {
  const answer = await get<RecruiterList>(app, '/api/Employer/RecruiterList', employer.token);
  expect(answer.status).toBe(200);
  return answer.body.data.recruiters;
}

export async function userRow(app: TestApp, email: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Calls an employer action that names its recruiter in the query. */
export const act = (app: TestApp, path: string, query: Record<string, string>, token?: string) =>
  post<{ recruiter: Recruiter } | null>(app, `${path}?${new URLSearchParams(query).toString()}`, undefined, token ? { token } : {});
