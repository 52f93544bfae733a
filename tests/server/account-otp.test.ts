import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import type { TestApp } from '../support/server/test-app.ts';
import {
  MINUTE,
  accountApp,
  allowAll,
  codeIn,
  expectFailure,
  inbox,
  jobSeekerBody,
  lastMail,
  passwordLogin,
  post,
  testClock,
  uniqueEmail,
  verifiedJobSeeker,
} from './account-support.ts';
import type { SessionData } from '../../src/contract/account.ts';

const codeLogin = (app: TestApp, email: string, code: string, ip?: string) =>
  post<SessionData>(app, '/api/Account/Login', { email, password: code, isOtp: true }, ip ? { ip } : {});
const requestCode = (app: TestApp, email: string, ip?: string) => post<string>(app, '/api/Account/RequestOtp', { email }, ip ? { ip } : {});

/** Every six digit code except `code`, in a fixed order. */
function wrongCodes(code: string, count: number): string[] {
  const out: string[] = [];
  for (let n = 0; out.length < count; n += 997) {
    const guess = String(n % 1_000_000).padStart(6, '0');
    if (guess !== code) out.push(guess);
  }
  return out;
}

describe('RequestOtp and code sign-in', () => {
  const clock = testClock();
  let app: TestApp;
  let seeker: string;
  beforeAll(async () => {
    app = await accountApp({ adapters: { now: clock.now } });
    seeker = await verifiedJobSeeker(app);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('answers known and unknown emails identically and mails a code only to the known one', async () => {
    const unknown = uniqueEmail('ghost');
    const known = await requestCode(app, seeker);
    const ghost = await requestCode(app, unknown);
    expect(known.status).toBe(200);
    expect(ghost.status).toBe(200);
    expect(ghost.body).toEqual(known.body);
    expect(known.body.data).toBe(AccountMessages.otpSent);
    expect(known.body.message).toBe(AccountMessages.otpSent);
    expect(await inbox(app, unknown)).toHaveLength(0);

    const mail = await lastMail(app, seeker);
    expect(mail.subject).toMatch(/sign-in code/i);
    expect(mail.html).toContain('#1DA425');
    const code = codeIn(mail);
    expect(mail.html).toContain(code);

    // Both are held to the 60 second wait alike.
    expectFailure(await requestCode(app, seeker), 429, AccountMessages.otpResendWait);
    expectFailure(await requestCode(app, unknown), 429, AccountMessages.otpResendWait);

    const session = await codeLogin(app, seeker, code);
    expect(session.status).toBe(200);
    expect(session.body.data.users.email).toBe(seeker);

    // Single use.
    expectFailure(await codeLogin(app, seeker, code), 400, AccountMessages.invalidCode, 'auth.invalidCode');
    clock.advance(61_000);
  });

  it('sends a new code only after 60 seconds, and the new code voids the old one', async () => {
    const email = await verifiedJobSeeker(app);
    expect((await requestCode(app, email)).status).toBe(200);
    const first = codeIn(await lastMail(app, email));

    clock.advance(59_000);
    const early = await requestCode(app, email);
    expectFailure(early, 429, AccountMessages.otpResendWait);
    expect(await inbox(app, email)).toHaveLength(2); // verification + first code

    clock.advance(2_000);
    expect((await requestCode(app, email)).status).toBe(200);
    const second = codeIn(await lastMail(app, email));
    expect(await inbox(app, email)).toHaveLength(3);

    if (first !== second) expectFailure(await codeLogin(app, email, first), 400, AccountMessages.invalidCode);
    expect((await codeLogin(app, email, second)).status).toBe(200);
    clock.advance(61_000);
  });

  it('lets a code expire after 10 minutes', async () => {
    const email = await verifiedJobSeeker(app);
    await requestCode(app, email);
    const code = codeIn(await lastMail(app, email));
    clock.advance(10 * MINUTE + 1000);
    expectFailure(await codeLogin(app, email, code), 400, AccountMessages.invalidCode);
    clock.advance(61_000);
  });

  it('kills the code after 5 wrong tries: the 6th try with the right code fails', async () => {
    const email = await verifiedJobSeeker(app);
    await requestCode(app, email);
    const code = codeIn(await lastMail(app, email));
    for (const guess of wrongCodes(code, 5)) {
      expectFailure(await codeLogin(app, email, guess), 400, AccountMessages.invalidCode);
    }
    expectFailure(await codeLogin(app, email, code), 400, AccountMessages.invalidCode);
    clock.advance(61_000);
  });

  it('a code sign-in proves the inbox: it verifies the email', async () => {
    const email = uniqueEmail('codefirst');
    await post(app, '/api/Account/Register', jobSeekerBody(email));
    expectFailure(await passwordLogin(app, email), 403, AccountMessages.emailNotVerified);

    await requestCode(app, email);
    const answer = await codeLogin(app, email, codeIn(await lastMail(app, email)));
    expect(answer.status).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/Account/User',
      headers: { authorization: `Bearer ${answer.body.data.accessToken}` },
    });
    expect(me.json().data.emailVerified).toBe(true);
    expect((await passwordLogin(app, email)).status).toBe(200);
    clock.advance(61_000);
  });

  it('never signs in an unknown email, even with the right number of digits', async () => {
    const email = uniqueEmail('ghost');
    await requestCode(app, email);
    expect(await inbox(app, email)).toHaveLength(0);
    expectFailure(await codeLogin(app, email, '000000'), 400, AccountMessages.invalidCode);
    clock.advance(61_000);
  });

  it('limits code sends per email and per address with 429', async () => {
    const email = await verifiedJobSeeker(app);
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(app, email, '192.0.2.10')).status).toBe(200);
      clock.advance(61_000);
    }
    expectFailure(await requestCode(app, email, '192.0.2.11'), 429, AccountMessages.tooManyRequests);

    const ip = '192.0.2.50';
    for (let i = 0; i < 30; i++) expect((await requestCode(app, uniqueEmail('many'), ip)).status).toBe(200);
    expectFailure(await requestCode(app, uniqueEmail('many'), ip), 429, AccountMessages.tooManyRequests);
    expect((await requestCode(app, uniqueEmail('many'), '192.0.2.51')).status).toBe(200);
  });

  it('limits code checks per email with 429', async () => {
    const email = uniqueEmail('checks');
    for (let i = 0; i < 10; i++) expectFailure(await codeLogin(app, email, '123456', '192.0.2.70'), 400, AccountMessages.invalidCode);
    expectFailure(await codeLogin(app, email, '123456', '192.0.2.71'), 429, AccountMessages.tooManyRequests);
  });
});

describe('1,000 wrong guesses', () => {
  const clock = testClock();
  let app: TestApp;
  beforeAll(async () => {
    // No rate limiter: the code's own rules alone must hold.
    app = await accountApp({ adapters: { now: clock.now, rateLimiter: allowAll } });
  });
  afterAll(async () => {
    await app.stop();
  });

  it('never sign in, and the code dies after the 5th', async () => {
    const email = await verifiedJobSeeker(app);
    await requestCode(app, email);
    const code = codeIn(await lastMail(app, email));
    const statuses = new Map<number, number>();
    for (const guess of wrongCodes(code, 1000)) {
      const answer = await codeLogin(app, email, guess);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.body.message).toBe(AccountMessages.invalidCode);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 400: 1000 });
    expectFailure(await codeLogin(app, email, code), 400, AccountMessages.invalidCode);

    // A new code a minute later works again.
    clock.advance(61_000);
    await requestCode(app, email);
    expect((await codeLogin(app, email, codeIn(await lastMail(app, email)))).status).toBe(200);
  }, 120_000);

  it('with the rate limiter on, 1,000 guesses get 400 or 429 and never sign in', async () => {
    const limited = await accountApp({ adapters: { now: clock.now } });
    try {
      const email = await verifiedJobSeeker(limited);
      await requestCode(limited, email);
      const code = codeIn(await lastMail(limited, email));
      const statuses = new Set<number>();
      for (const guess of wrongCodes(code, 1000)) statuses.add((await codeLogin(limited, email, guess)).status);
      expect([...statuses].sort()).toEqual([400, 429]);
      expect((await codeLogin(limited, email, code, '10.9.9.9')).status).not.toBe(200);
    } finally {
      await limited.stop();
    }
  }, 120_000);
});
