import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountUser, CompletionStatus } from '../../src/contract/account.ts';
import { companies, users } from '../../server/db/schema.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { accountApp, employerBody, get, inbox, linkIn, post, signedIn, uniqueEmail, verifiedJobSeeker } from './account-support.ts';

let app: TestApp;
let seeker: string;
let seekerToken: string;
let employerToken: string;
beforeAll(async () => {
  app = await accountApp();
  seeker = await verifiedJobSeeker(app, uniqueEmail('profile'), { dateOfBirth: '1995-04-12' });
  seekerToken = (await signedIn(app, seeker)).accessToken;

  const employer = uniqueEmail('employer');
  await post(app, '/api/Account/Register', employerBody(employer, { companyName: 'Northwind Traders LLC', companyTin: '12-4567893' }));
  const link = linkIn((await inbox(app, employer))[0]!);
  await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token });
  const [user] = await app.database.db.select().from(users).where(eq(users.email, employer));
  await app.database.db.update(companies).set({ verifiedAt: new Date() }).where(eq(companies.id, user!.companyId!));
  employerToken = (await signedIn(app, employer)).accessToken;
});
afterAll(async () => {
  await app.stop();
});

describe('GET /api/Account/User', () => {
  it('returns the signed-in job seeker fresh from the database', async () => {
    const answer = await get<AccountUser>(app, '/api/Account/User', seekerToken);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      email: seeker,
      firstName: 'Dana',
      lastName: 'Fields',
      role: 'JobSeeker',
      emailVerified: true,
      dateOfBirth: '1995-04-12',
      phoneNumber: null,
      company: null,
    });
  });

  it('returns an employer with their company', async () => {
    const answer = await get<AccountUser>(app, '/api/Account/User', employerToken);
    expect(answer.body.data.role).toBe('Employer');
    expect(answer.body.data.company).toMatchObject({ name: 'Northwind Traders LLC', verified: true });
  });

  it('signs out a user who has been disabled since the token was issued', async () => {
    const email = await verifiedJobSeeker(app);
    const { accessToken } = await signedIn(app, email);
    await app.database.db.update(users).set({ disabled: true }).where(eq(users.email, email));
    expect((await get(app, '/api/Account/User', accessToken)).status).toBe(401);
  });
});

describe('GET /api/JobSeeker/Profile', () => {
  it('returns the job seeker profile with the date of birth year-month-day', async () => {
    const answer = await get(app, '/api/JobSeeker/Profile', seekerToken);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      firstName: 'Dana',
      lastName: 'Fields',
      email: seeker,
      pendingEmail: null,
      phoneNumber: null,
      dateOfBirth: '1995-04-12',
    });
  });

  it('is for job seekers only', async () => {
    expect((await get(app, '/api/JobSeeker/Profile', employerToken)).status).toBe(403);
    expect((await get(app, '/api/JobSeeker/Profile')).status).toBe(401);
  });
});

describe('Completion status and percentage', () => {
  it('counts the personal part once it has a phone number; the five other parts are not stored yet', async () => {
    const before = await get<CompletionStatus>(app, '/api/Account/CompletionStatus', seekerToken);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      isCompleted: false,
      completedPercentage: 0,
      profileComplete: false,
      educationComplete: false,
      skillsComplete: false,
      experienceComplete: false,
      preferencesComplete: false,
      documentsComplete: false,
    });
    expect((await get<number>(app, '/api/JobSeeker/ProfileCompletePercentage', seekerToken)).body.data).toBe(0);

    await app.database.db.update(users).set({ phoneNumber: '+1 555 0100' }).where(eq(users.email, seeker));
    const after = await get<CompletionStatus>(app, '/api/Account/CompletionStatus', seekerToken);
    expect(after.body.data.profileComplete).toBe(true);
    expect(after.body.data.completedPercentage).toBe(17);
    expect(after.body.data.isCompleted).toBe(false);
    expect((await get<number>(app, '/api/JobSeeker/ProfileCompletePercentage', seekerToken)).body.data).toBe(17);
    // Spec 2 §7 names CompletionStatus as a POST and a GET: one answer.
    const posted = await post<CompletionStatus>(app, '/api/Account/CompletionStatus', undefined, { token: seekerToken });
    expect([posted.status, posted.body.data]).toEqual([200, after.body.data]);
  });

  it('is for job seekers only', async () => {
    expect((await get(app, '/api/Account/CompletionStatus', employerToken)).status).toBe(403);
    expect((await get(app, '/api/JobSeeker/ProfileCompletePercentage', employerToken)).status).toBe(403);
    expect((await get(app, '/api/Account/CompletionStatus')).status).toBe(401);
    expect((await post(app, '/api/Account/CompletionStatus', undefined, { token: employerToken })).status).toBe(403);
    expect((await post(app, '/api/Account/CompletionStatus', undefined)).status).toBe(401);
  });
});
