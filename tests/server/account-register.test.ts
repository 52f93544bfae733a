import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import type { TestApp } from '../support/server/test-app.ts';
import {
  DAY,
  HOUR,
  PASSWORD,
  accountApp,
  employerBody,
  expectFailure,
  inbox,
  jobSeekerBody,
  lastMail,
  linkIn,
  passwordLogin,
  post,
  testClock,
  uniqueEmail,
  yearsAgo,
} from './account-support.ts';

const clock = testClock();
let app: TestApp;
beforeAll(async () => {
  app = await accountApp({ adapters: { now: clock.now }, env: { PUBLIC_URL: 'https://jobs.example.com' } });
});
afterAll(async () => {
  await app.stop();
});

describe('Register', () => {
  it('creates a job seeker, answers 201 with the success message and mails a verification link', async () => {
    const email = uniqueEmail('Seeker');
    const answer = await post(app, '/api/Account/Register', jobSeekerBody(email));
    expect(answer.status).toBe(201);
    expect(answer.body.success).toBe(true);
    expect(answer.body.data).toBeNull();
    expect(answer.body.message).toBe(AccountMessages.registered);
    expect(answer.body.request).toBeUndefined();

    const mail = await lastMail(app, email);
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.subject).toMatch(/verify your email/i);
    expect(mail.html).toContain('#1DA425');
    expect(mail.html).toContain('Job Marketplace');
    const link = linkIn(mail);
    expect(link.href.startsWith('https://jobs.example.com/verify-email?')).toBe(true);
    expect(link.email).toBe(email.toLowerCase());
    expect(link.token.length).toBeGreaterThanOrEqual(40);
    expect(mail.html).toContain(link.href.replace(/&/g, '&amp;'));
  });

  it('creates an employer with an unverified company: 201, no data, and the business verification request', async () => {
    const email = uniqueEmail('boss');
    const answer = await post(app, '/api/Account/Register', employerBody(email, { companyTin: '27-1234567' }));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toBeNull();
    expect(answer.body.message).toBe(AccountMessages.registered);
    expect(answer.body.request).toEqual({ email, businessName: 'Hale Logistics LLC', businessTin: '271234567' });
    expect(await inbox(app, email)).toHaveLength(1);

    // Before the business is verified, signing in sends the employer to business verification.
    const login = await passwordLogin(app, email);
    expectFailure(login, 403, AccountMessages.notVerified);
    expect(login.body.request).toEqual({ email, businessName: 'Hale Logistics LLC', businessTin: '271234567' });
  });

  it('registers an email once, whatever its case', async () => {
    const email = uniqueEmail('twice');
    expect((await post(app, '/api/Account/Register', jobSeekerBody(email))).status).toBe(201);
    const again = await post(app, '/api/Account/Register', jobSeekerBody(email.toUpperCase()));
    expectFailure(again, 409, AccountMessages.emailTaken);
    const asEmployer = await post(app, '/api/Account/Register', employerBody(`  ${email.toUpperCase()} `));
    expectFailure(asEmployer, 409, AccountMessages.emailTaken);
  });

  it('lets a job seeker register on their 16th birthday but not the day before it', async () => {
    const today = await post(app, '/api/Account/Register', jobSeekerBody(uniqueEmail('sixteen'), { dateOfBirth: yearsAgo(16) }));
    expect(today.status).toBe(201);
    const tomorrow = await post(app, '/api/Account/Register', jobSeekerBody(uniqueEmail('fifteen'), { dateOfBirth: yearsAgo(16, 1) }));
    expectFailure(tomorrow, 400, AccountMessages.age);
    expect(tomorrow.body.state.fieldErrors?.dateOfBirth).toBe(AccountMessages.age);
  });

  it('refuses a job seeker older than 120 and a date that is not a date', async () => {
    expectFailure(
      await post(app, '/api/Account/Register', jobSeekerBody(uniqueEmail('old'), { dateOfBirth: yearsAgo(120, -1) })),
      400,
      AccountMessages.age,
    );
    expectFailure(
      await post(app, '/api/Account/Register', jobSeekerBody(uniqueEmail('bad'), { dateOfBirth: '2001-02-30' })),
      400,
      AccountMessages.dateOfBirth,
    );
    expectFailure(
      await post(app, '/api/Account/Register', jobSeekerBody(uniqueEmail('none'), { dateOfBirth: undefined })),
      400,
      AccountMessages.dateOfBirth,
    );
  });

  it('offers only the employer and job seeker roles', async () => {
    for (const role of [2, 3, -1, 'SuperAdmin']) {
      expectFailure(await post(app, '/api/Account/Register', jobSeekerBody(uniqueEmail('role'), { role })), 400, AccountMessages.role);
    }
  });

  it('checks every field with the messages of the form', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: ' ' }, AccountMessages.firstName],
      [{ lastName: '' }, AccountMessages.lastName],
      [{ email: 'not-an-email' }, AccountMessages.email],
      [{ password: 'short' }, AccountMessages.passwordLength],
      [{ acceptTerms: false }, AccountMessages.terms],
    ];
    for (const [override, message] of cases) {
      expectFailure(await post(app, '/api/Account/Register', jobSeekerBody(uniqueEmail('field'), override)), 400, message);
    }
    expectFailure(
      await post(app, '/api/Account/Register', employerBody(uniqueEmail('biz'), { companyName: '' })),
      400,
      AccountMessages.businessName,
    );
    expectFailure(
      await post(app, '/api/Account/Register', employerBody(uniqueEmail('biz'), { companyTin: '12-345' })),
      400,
      AccountMessages.businessTin,
    );
  });
});

describe('VerifyEmail', () => {
  it('verifies with the emailed link; the user can then sign in; opening the link again just says so', async () => {
    const email = uniqueEmail('verify');
    await post(app, '/api/Account/Register', jobSeekerBody(email));
    expectFailure(await passwordLogin(app, email), 403, AccountMessages.emailNotVerified);

    // The first link still works although signing in sent a newer one.
    const [newest, first] = await inbox(app, email);
    expect(newest!.subject).toBe(first!.subject);
    const link = linkIn(first!);
    const ok = await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toBe(AccountMessages.emailVerified);
    expect(ok.body.message).toBe(AccountMessages.emailVerified);

    // The link is spent, but the user who opens it again is told the truth: the email is verified.
    const again = await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toBe(AccountMessages.emailVerified);

    const login = await passwordLogin(app, email);
    expect(login.status).toBe(200);
  });

  it('refuses a link with another email, a made-up token, and a link older than 48 hours', async () => {
    const email = uniqueEmail('late');
    await post(app, '/api/Account/Register', jobSeekerBody(email));
    const link = linkIn(await lastMail(app, email));

    expectFailure(
      await post(app, '/api/Account/VerifyEmail', { email: 'someone.else@example.com', token: link.token }),
      400,
      AccountMessages.emailLinkInvalid,
    );
    expectFailure(
      await post(app, '/api/Account/VerifyEmail', { email: link.email, token: 'x'.repeat(43) }),
      400,
      AccountMessages.emailLinkInvalid,
    );
    expectFailure(await post(app, '/api/Account/VerifyEmail', { email: link.email, token: '' }), 400, AccountMessages.emailLinkInvalid);

    clock.advance(48 * HOUR + 1000);
    try {
      expectFailure(
        await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token }),
        400,
        AccountMessages.emailLinkInvalid,
      );
    } finally {
      clock.advance(-(48 * HOUR + 1000));
    }
  });

  it('accepts a link up to 48 hours old', async () => {
    const email = uniqueEmail('intime');
    await post(app, '/api/Account/Register', jobSeekerBody(email));
    const link = linkIn(await lastMail(app, email));
    clock.advance(2 * DAY - HOUR);
    try {
      expect((await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token })).status).toBe(200);
    } finally {
      clock.advance(-(2 * DAY - HOUR));
    }
    void PASSWORD;
  });
});
