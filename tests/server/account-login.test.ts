import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';
import { companies, users } from '../../server/db/schema.ts';
import { createSuperAdmin } from '../../server/cli/admin.ts';
import type { TestApp } from '../support/server/test-app.ts';
import {
  PASSWORD,
  accountApp,
  codeIn,
  employerBody,
  expectFailure,
  inbox,
  lastMail,
  linkIn,
  passwordLogin,
  post,
  uniqueEmail,
  verifiedJobSeeker,
} from './account-support.ts';

let app: TestApp;
let seeker: string;
beforeAll(async () => {
  app = await accountApp();
  seeker = await verifiedJobSeeker(app);
});
afterAll(async () => {
  await app.stop();
});

describe('Login with a password', () => {
  it('signs a verified job seeker in for the browser session only without Remember Me', async () => {
    const answer = await passwordLogin(app, seeker.toUpperCase());
    expect(answer.status).toBe(200);
    const session = answer.body.data;
    expect(session.users).toMatchObject({ email: seeker, firstName: 'Dana', lastName: 'Fields', role: 'JobSeeker' });
    expect(session.remember).toBe(false);
    expect(session.expiresIn).toBeLessThanOrEqual(15 * 60);
    expect(session.accessToken.split('.')).toHaveLength(3);
    expect(Buffer.from(session.refreshToken, 'base64url').length).toBeGreaterThanOrEqual(32);

    const me = await app.inject({ method: 'GET', url: '/api/Account/User', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(seeker);
  });

  it('remembers the sign-in when Remember Me is ticked', async () => {
    const answer = await passwordLogin(app, seeker, PASSWORD, true);
    expect(answer.status).toBe(200);
    expect(answer.body.data.remember).toBe(true);
  });

  it('answers a wrong password and an unknown email the same way, both after hashing', async () => {
    const t0 = performance.now();
    const wrong = await passwordLogin(app, seeker, 'not-the-password');
    const t1 = performance.now();
    const unknown = await passwordLogin(app, uniqueEmail('nobody'), 'not-the-password');
    const t2 = performance.now();
    expectFailure(wrong, 400, AccountMessages.invalidCredentials, 'auth.invalidCredentials');
    expectFailure(unknown, 400, AccountMessages.invalidCredentials, 'auth.invalidCredentials');
    expect(unknown.body).toEqual(wrong.body);
    // scrypt with N=2^17 takes tens of milliseconds at least: the unknown email was hashed too.
    expect(t1 - t0).toBeGreaterThan(20);
    expect(t2 - t1).toBeGreaterThan(20);
  });

  it('refuses an unverified email with a clear message and mails a fresh verification link', async () => {
    const email = uniqueEmail('unverified');
    await post(app, '/api/Account/Register', {
      role: 0,
      firstName: 'Ula',
      lastName: 'Vee',
      email,
      password: PASSWORD,
      dateOfBirth: '1999-01-01',
      acceptTerms: true,
    });
    expect(await inbox(app, email)).toHaveLength(1);

    const answer = await passwordLogin(app, email);
    expectFailure(answer, 403, AccountMessages.emailNotVerified, 'auth.unverified');
    const mails = await inbox(app, email);
    expect(mails).toHaveLength(2);
    const fresh = linkIn(mails[0]!);
    expect(fresh.token).not.toBe(linkIn(mails[1]!).token);

    // The fresh link works.
    expect((await post(app, '/api/Account/VerifyEmail', { email: fresh.email, token: fresh.token })).status).toBe(200);
    expect((await passwordLogin(app, email)).status).toBe(200);
  });

  it('does not mail a verification link to an unverified user whose password is wrong', async () => {
    const email = uniqueEmail('unverified');
    await post(app, '/api/Account/Register', {
      role: 0,
      firstName: 'Ula',
      lastName: 'Vee',
      email,
      password: PASSWORD,
      dateOfBirth: '1999-01-01',
      acceptTerms: true,
    });
    expectFailure(await passwordLogin(app, email, 'wrong-password'), 400, AccountMessages.invalidCredentials);
    expect(await inbox(app, email)).toHaveLength(1);
  });

  it('refuses a disabled user', async () => {
    const email = await verifiedJobSeeker(app);
    await app.database.db.update(users).set({ disabled: true }).where(eq(users.email, email));
    expectFailure(await passwordLogin(app, email), 403, AccountMessages.accountDisabled, 'auth.disabled');
  });

  it('sends an employer to business verification until the company is verified, then signs them in', async () => {
    const email = uniqueEmail('employer');
    const reg = await post(
      app,
      '/api/Account/Register',
      employerBody(email, { companyName: 'Acme Freight Inc', companyTin: '45-6789012' }),
    );
    expect(reg.status).toBe(201);
    const link = linkIn((await inbox(app, email))[0]!);
    expect((await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token })).status).toBe(200);

    const before = await passwordLogin(app, email);
    expectFailure(before, 403, AccountMessages.notVerified, 'auth.businessUnverified');
    expect(before.body.request).toEqual({ email, businessName: 'Acme Freight Inc', businessTin: '456789012' });

    const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
    await app.database.db
      .update(companies)
      .set({ verifiedAt: new Date(), verificationMethod: 'rules:EIN' })
      .where(eq(companies.id, user!.companyId!));
    const after = await passwordLogin(app, email);
    expect(after.status).toBe(200);
    expect(after.body.data.users.role).toBe('Employer');
  });

  it('asks a SuperAdmin for the emailed code after the password (tests/server/admin-signin.test.ts has the rest)', async () => {
    const email = uniqueEmail('admin');
    await createSuperAdmin(app.database.db, { email, password: PASSWORD });
    expectFailure(await passwordLogin(app, email), 403, AccountMessages.adminCodeSent, 'auth.codeRequired');
    const code = codeIn(await lastMail(app, email));
    const answer = await post<SessionData>(app, '/api/Account/Login', { email, password: PASSWORD, isOtp: false, code });
    expect(answer.status).toBe(200);
    expect(answer.body.data.users.role).toBe('SuperAdmin');
  });

  it('checks the request with the form messages', async () => {
    expectFailure(await post(app, '/api/Account/Login', { email: 'nope', password: 'x', isOtp: false }), 400, AccountMessages.email);
    expectFailure(await post(app, '/api/Account/Login', { email: seeker, password: '', isOtp: false }), 400, AccountMessages.password);
    expectFailure(await post(app, '/api/Account/Login', { email: seeker, password: '12a456', isOtp: true }), 400, AccountMessages.otp);
  });

  it('limits password attempts per email and address with 429, while other addresses still get through', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      expectFailure(await passwordLogin(app, seeker, `wrong-${i}-password`, false, ip), 400, AccountMessages.invalidCredentials);
    }
    const limited = await passwordLogin(app, seeker, PASSWORD, false, ip);
    expectFailure(limited, 429, AccountMessages.tooManyRequests);
    const elsewhere = await passwordLogin(app, seeker, PASSWORD, false, '198.51.100.9');
    expect(elsewhere.status).toBe(200);
  }, 120_000);
});
