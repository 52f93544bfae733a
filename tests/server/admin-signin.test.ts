import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';
import { refreshTokens } from '../../server/db/schema.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { MINUTE, codeIn, inbox, lastMail, passwordLogin, post, verifiedJobSeeker } from './account-support.ts';
import { adminLogin, adminSignedIn, expectField, expectRefused, officeApp, officeWorld, type OfficeWorld } from './admin-office-support.ts';

// A SuperAdmin's sign-in always asks for the emailed code after the password (ASVS V6), and their
// access tokens live 10 minutes. Everyone else signs in as before.

let app: TestApp;
let clock: Awaited<ReturnType<typeof officeApp>>['clock'];
let w: OfficeWorld;
beforeAll(async () => {
  ({ app, clock } = await officeApp());
  w = await officeWorld(app);
}, 60_000);
afterAll(async () => app?.stop());

const codeLogin = (email: string, code: string) => post<SessionData>(app, '/api/Account/Login', { email, password: code, isOtp: true });
const refresh = (refreshToken: string) => post<SessionData>(app, '/api/Account/RefreshToken', { refreshToken });
const sessionsOf = (userId: string) => app.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
const lifetime = (token: string) => {
  const { exp, iat } = decodeJwt(token);
  return exp! - iat!;
};
/** A fresh SuperAdmin, so each test starts with an empty inbox and unused limits. */
const freshAdmin = () => w.admin('SuperAdmin', 'Riley');

describe('a SuperAdmin signs in with the password, then the emailed code', () => {
  it('the right password alone mails a code and answers auth.codeRequired, with no session', async () => {
    const admin = await freshAdmin();
    const asked = await adminLogin(app, admin.email);
    expectRefused(asked, 403, AccountMessages.adminCodeSent, 'auth.codeRequired');
    expect(asked.body.data).toBeNull();
    expect(await sessionsOf(admin.id!)).toHaveLength(0);

    const mail = await lastMail(app, admin.email);
    expect(mail.subject).toMatch(/^Your Job Marketplace sign-in code: \d{6}$/);
    expect(mail.text).toMatch(/Your password was entered to sign in to the Job Marketplace back office/);
    expect(mail.text).toMatch(/If you did not just sign in, someone knows your password/);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it('the password with the right code signs in once, for 10-minute access tokens', async () => {
    const admin = await freshAdmin();
    await adminLogin(app, admin.email);
    const code = codeIn(await lastMail(app, admin.email));

    const session = await adminLogin(app, admin.email, { code, rememberMe: true });
    expect(session.status).toBe(200);
    expect(session.body.data.users).toMatchObject({ email: admin.email, role: 'SuperAdmin', firstName: 'Riley' });
    expect(session.body.data.expiresIn).toBe(600);
    expect(session.body.data.remember).toBe(true);
    expect(lifetime(session.body.data.accessToken)).toBe(600);

    // A code works once.
    expectRefused(await adminLogin(app, admin.email, { code }), 400, AccountMessages.invalidCode, 'auth.invalidCode');
  });

  it('a wrong code is refused, and a code with the wrong password is never checked', async () => {
    const admin = await freshAdmin();
    await adminLogin(app, admin.email);
    const code = codeIn(await lastMail(app, admin.email));
    const wrong = code === '000000' ? '111111' : '000000';

    expectRefused(await adminLogin(app, admin.email, { code: wrong }), 400, AccountMessages.invalidCode, 'auth.invalidCode');
    expectRefused(
      await post(app, '/api/Account/Login', { email: admin.email, password: 'not-the-password', isOtp: false, code }),
      400,
      AccountMessages.invalidCredentials,
      'auth.invalidCredentials',
    );
    // The right code still works with the right password: the wrong password did not spend it.
    expect((await adminLogin(app, admin.email, { code })).status).toBe(200);
  });

  it('a code alone never signs a SuperAdmin in, and a wrong one tells nobody the email is an administrator’s', async () => {
    const admin = await freshAdmin();
    expect((await post(app, '/api/Account/RequestOtp', { email: admin.email })).status).toBe(200);
    const code = codeIn(await lastMail(app, admin.email));
    const wrong = code === '000000' ? '111111' : '000000';

    expectRefused(await codeLogin(admin.email, wrong), 400, AccountMessages.invalidCode, 'auth.invalidCode');
    expectRefused(await codeLogin(admin.email, code), 403, AccountMessages.adminPasswordRequired, 'auth.passwordRequired');
    expect(await sessionsOf(admin.id!)).toHaveLength(0);
  });

  it('asking again within a minute keeps the code already sent; after a minute a new one replaces it', async () => {
    const admin = await freshAdmin();
    await adminLogin(app, admin.email);
    const first = codeIn(await lastMail(app, admin.email));
    expectRefused(await adminLogin(app, admin.email), 403, AccountMessages.adminCodeSent, 'auth.codeRequired');
    expect(await inbox(app, admin.email)).toHaveLength(1);

    clock.advance(MINUTE + 1000);
    expectRefused(await adminLogin(app, admin.email), 403, AccountMessages.adminCodeSent, 'auth.codeRequired');
    expect(await inbox(app, admin.email)).toHaveLength(2);
    const second = codeIn(await lastMail(app, admin.email));
    if (second !== first) {
      expectRefused(await adminLogin(app, admin.email, { code: first }), 400, AccountMessages.invalidCode, 'auth.invalidCode');
    }
    expect((await adminLogin(app, admin.email, { code: second })).status).toBe(200);
  });

  it('a new sign-in within the minute gets a new code when the last one was used or spent on wrong tries', async () => {
    const admin = await freshAdmin();
    await adminSignedIn(app, admin.email);
    expectRefused(await adminLogin(app, admin.email), 403, AccountMessages.adminCodeSent, 'auth.codeRequired');
    expect(await inbox(app, admin.email)).toHaveLength(2);
    const code = codeIn(await lastMail(app, admin.email));
    const wrong = code === '000000' ? '111111' : '000000';
    // From another network, so the password's own limit (per address and network) stays out of the way.
    for (let i = 0; i < 5; i++) await adminLogin(app, admin.email, { code: wrong }, '198.51.100.77');
    // Five wrong tries voided it: the password mails a fresh one at once, and that one works.
    expectRefused(await adminLogin(app, admin.email, { code }), 400, AccountMessages.invalidCode);
    expectRefused(await adminLogin(app, admin.email), 403, AccountMessages.adminCodeSent, 'auth.codeRequired');
    expect(await inbox(app, admin.email)).toHaveLength(3);
    expect((await adminLogin(app, admin.email, { code: codeIn(await lastMail(app, admin.email)) })).status).toBe(200);
  }, 60_000);

  it('limits code checks per address like the code sign-in: the 11th in a quarter hour is a 429, from any network', async () => {
    const admin = await freshAdmin();
    await adminLogin(app, admin.email);
    const code = codeIn(await lastMail(app, admin.email));
    const wrong = code === '000000' ? '111111' : '000000';
    // Each try from another network, so the password's own limit (per address and network) is not what stops them.
    for (let i = 0; i < 10; i++) {
      expectRefused(await adminLogin(app, admin.email, { code: wrong }, `198.51.100.${i + 1}`), 400, AccountMessages.invalidCode);
    }
    expectRefused(await adminLogin(app, admin.email, { code }, '198.51.100.99'), 429, AccountMessages.tooManyRequests, 'rate.limited');
  }, 60_000);

  it('limits the codes it mails like RequestOtp: 5 an hour per address', async () => {
    const admin = await freshAdmin();
    for (let i = 0; i < 5; i++) {
      expectRefused(await adminLogin(app, admin.email), 403, AccountMessages.adminCodeSent);
      clock.advance(MINUTE + 1000);
    }
    expectRefused(await adminLogin(app, admin.email), 429, AccountMessages.tooManyRequests, 'rate.limited');
    expect(await inbox(app, admin.email)).toHaveLength(5);
  }, 60_000);

  it('a malformed code is a 400 naming the code field', async () => {
    expectField(await adminLogin(app, w.superAdmin.email, { code: '12a456' }), 'code', AccountMessages.otp);
    expectField(await adminLogin(app, w.superAdmin.email, { code: '1234567' }), 'code', AccountMessages.otp);
  });

  it('every refresh of a SuperAdmin’s sign-in gives a 10-minute access token again', async () => {
    const admin = await freshAdmin();
    const session = await adminSignedIn(app, admin.email);
    const next = await refresh(session.refreshToken);
    expect(next.status).toBe(200);
    expect(next.body.data.expiresIn).toBe(600);
    expect(lifetime(next.body.data.accessToken)).toBe(600);
    expect(next.body.data.users.role).toBe('SuperAdmin');
  });
});

describe('everyone else signs in as before', () => {
  it('a job seeker with a password alone, for 15-minute access tokens, and refreshes to 15 minutes', async () => {
    const email = await verifiedJobSeeker(app);
    const answer = await passwordLogin(app, email);
    expect(answer.status).toBe(200);
    expect(answer.body.data.expiresIn).toBe(900);
    expect(lifetime(answer.body.data.accessToken)).toBe(900);
    const next = await refresh(answer.body.data.refreshToken);
    expect(next.body.data.expiresIn).toBe(900);
  });

  it('a job seeker with a code alone; a code sent with their password is not asked for and changes nothing', async () => {
    const email = await verifiedJobSeeker(app);
    clock.advance(MINUTE + 1000);
    await post(app, '/api/Account/RequestOtp', { email });
    const code = codeIn(await lastMail(app, email));
    expect((await codeLogin(email, code)).status).toBe(200);
    expect((await passwordLogin(app, email)).status).toBe(200);
    const withCode = await post<SessionData>(app, '/api/Account/Login', {
      email,
      password: 'correct-horse-battery',
      isOtp: false,
      code: '123456',
    });
    expect(withCode.status).toBe(200);
  });
});
