import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';
import type { TestApp } from '../support/server/test-app.ts';
import {
  HOUR,
  PASSWORD,
  accountApp,
  expectFailure,
  inbox,
  lastMail,
  linkIn,
  passwordLogin,
  post,
  signedIn,
  testClock,
  uniqueEmail,
  verifiedJobSeeker,
} from './account-support.ts';

const NEW_PASSWORD = 'a-brand-new-passphrase';
const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await accountApp({ adapters: { now: clock.now }, env: { PUBLIC_URL: 'https://jobs.example.com' } });
});
afterAll(async () => {
  await app.stop();
});

const refresh = (refreshToken: string) => post<SessionData>(app, '/api/Account/RefreshToken', { refreshToken });
const forgot = (email: string, ip?: string) => post<string>(app, '/api/Account/ForgotPassword', { email }, ip ? { ip } : {});

describe('ForgotPassword', () => {
  it('answers known and unknown emails identically and mails a reset link only to the known one', async () => {
    const email = await verifiedJobSeeker(app);
    const unknown = uniqueEmail('ghost');
    const known = await forgot(email);
    const ghost = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(ghost.body).toEqual(known.body);
    expect(known.body.data).toBe(AccountMessages.resetSent);
    expect(known.body.message).toBe(AccountMessages.resetSent);
    expect(await inbox(app, unknown)).toHaveLength(0);

    const mail = await lastMail(app, email);
    expect(mail.subject).toMatch(/reset your .* password/i);
    expect(mail.html).toContain('#1DA425');
    const link = linkIn(mail);
    expect(link.href.startsWith('https://jobs.example.com/reset-password?')).toBe(true);
    expect(link.email).toBe(email);
  });

  it('limits requests per email with 429', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expect((await forgot(email, '192.0.2.80')).status).toBe(200);
    expectFailure(await forgot(email, '192.0.2.81'), 429, AccountMessages.tooManyRequests);
  });
});

describe('ResetPassword', () => {
  it('sets the new password with the link once, signs out every session, and the old password stops working', async () => {
    const email = await verifiedJobSeeker(app);
    const session = await signedIn(app, email);
    await forgot(email);
    const link = linkIn(await lastMail(app, email));

    const answer = await post(app, '/api/Account/ResetPassword', { email: link.email, token: link.token, newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBe(AccountMessages.passwordReset);

    expectFailure(await refresh(session.refreshToken), 401, 'Your session has expired. Please sign in again.');
    expectFailure(await passwordLogin(app, email), 400, AccountMessages.invalidCredentials);
    expect((await passwordLogin(app, email, NEW_PASSWORD)).status).toBe(200);

    const again = await post(app, '/api/Account/ResetPassword', {
      email: link.email,
      token: link.token,
      newPassword: 'yet-another-password',
    });
    expectFailure(again, 400, AccountMessages.resetLinkInvalid);
  });

  it('refuses a link older than 1 hour, a link of another email, an older link once a newer one was sent, and a made-up one', async () => {
    const email = await verifiedJobSeeker(app);
    await forgot(email);
    const older = linkIn(await lastMail(app, email));
    await forgot(email);
    const newer = linkIn(await lastMail(app, email));

    const attempt = (link: { email: string; token: string }) =>
      post(app, '/api/Account/ResetPassword', { email: link.email, token: link.token, newPassword: NEW_PASSWORD });
    expectFailure(await attempt(older), 400, AccountMessages.resetLinkInvalid);
    expectFailure(await attempt({ email: 'other@example.com', token: newer.token }), 400, AccountMessages.resetLinkInvalid);
    expectFailure(await attempt({ email, token: 'made-up-token' }), 400, AccountMessages.resetLinkInvalid);

    clock.advance(HOUR + 1000);
    try {
      expectFailure(await attempt(newer), 400, AccountMessages.resetLinkInvalid);
    } finally {
      clock.advance(-(HOUR + 1000));
    }
    // Nothing changed: the old password still works.
    expect((await passwordLogin(app, email)).status).toBe(200);
  });

  it('checks the new password', async () => {
    expectFailure(
      await post(app, '/api/Account/ResetPassword', { email: 'a@example.com', token: 't', newPassword: 'short' }),
      400,
      AccountMessages.passwordLength,
    );
    expectFailure(
      await post(app, '/api/Account/ResetPassword', { email: 'a@example.com', token: '', newPassword: NEW_PASSWORD }),
      400,
      AccountMessages.resetLinkInvalid,
    );
  });
});

describe('ChangePassword', () => {
  const change = (token: string | undefined, body: Record<string, string>) =>
    post<string>(app, '/api/Account/ChangePassword', body, token ? { token } : {});

  it('needs a signed-in user', async () => {
    const answer = await change(undefined, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, retypePassword: NEW_PASSWORD });
    expect(answer.status).toBe(401);
  });

  it('refuses a wrong old password, a mismatched retype, and a new password equal to the old', async () => {
    const email = await verifiedJobSeeker(app);
    const { accessToken } = await signedIn(app, email);
    const wrong = await change(accessToken, { oldPassword: 'not-my-password', newPassword: NEW_PASSWORD, retypePassword: NEW_PASSWORD });
    expectFailure(wrong, 400, AccountMessages.oldPasswordWrong);
    expectFailure(
      await change(accessToken, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, retypePassword: 'different-one' }),
      400,
      AccountMessages.newPasswordsMatch,
    );
    expectFailure(
      await change(accessToken, { oldPassword: PASSWORD, newPassword: PASSWORD, retypePassword: PASSWORD }),
      400,
      AccountMessages.sameAsOld,
    );
    expectFailure(
      await change(accessToken, { oldPassword: '', newPassword: NEW_PASSWORD, retypePassword: NEW_PASSWORD }),
      400,
      AccountMessages.oldPassword,
    );
    expect((await passwordLogin(app, email)).status).toBe(200);
  });

  it('changes the password, answers with the message and signs out every session', async () => {
    const email = await verifiedJobSeeker(app);
    const first = await signedIn(app, email);
    const second = await signedIn(app, email, PASSWORD, true);
    const answer = await change(first.accessToken, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, retypePassword: NEW_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBe(AccountMessages.passwordChanged);
    expect(answer.body.message).toBe(AccountMessages.passwordChanged);

    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expectFailure(await passwordLogin(app, email), 400, AccountMessages.invalidCredentials);
    expect((await passwordLogin(app, email, NEW_PASSWORD)).status).toBe(200);
  });
});
