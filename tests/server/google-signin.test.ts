import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { companies, socialSignups, users } from '../../server/db/schema.ts';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';

const PUBLIC_URL = 'http://app.test';
const CLIENT_ID = 'marketplace-client';

interface GoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  nonce?: string;
}

let provider: OAuth2Server;
let app: TestApp;
/** Shifts the server's clock, for the expiry rules. */
let clockOffsetMs = 0;
/** Who signs in at the provider next. */
let profile: GoogleProfile;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  // The id_token carries the person the test chose.
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, profile);
  });
  provider.service.on('beforeUserinfo', (res) => {
    res.body = { ...profile };
  });
  app = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      google: { clientId: CLIENT_ID, clientSecret: 'client-secret', issuer: provider.issuer.url! },
    },
    adapters: { now: () => new Date(Date.now() + clockOffsetMs) },
  });
});

afterAll(async () => {
  await app?.stop();
  await provider?.stop();
});

beforeEach(() => {
  clockOffsetMs = 0;
});

let people = 0;
function person(overrides: Partial<GoogleProfile> = {}): GoogleProfile {
  people += 1;
  return {
    sub: `google-${people}`,
    email: `person${people}@gmail.test`,
    email_verified: true,
    given_name: 'Ada',
    family_name: `Lovelace${people}`,
    ...overrides,
  };
}

/** What the browser does: ask for the address, follow it, and read code and state off the redirect back. */
async function authorize(): Promise<{ code: string; state: string; address: URL }> {
  const start = await app.inject({ method: 'GET', url: '/api/Account/GoogleLogin' });
  expect(start.statusCode).toBe(200);
  const address = new URL(start.json().data as string);
  const res = await fetch(address, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/landing/google`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, address };
}

const callback = (body: { code: string; state: string }) =>
  app.inject({ method: 'POST', url: '/api/Account/GoogleCallback', payload: body });

const complete = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/Account/GoogleCompleteRegistration', payload: body });

async function signIn(who: GoogleProfile) {
  profile = who;
  return callback(await authorize());
}

async function newSignup(who: GoogleProfile) {
  const res = await signIn(who);
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data.kind).toBe('needsRegistration');
  return data.signup as { email: string; firstName: string; lastName: string; signupToken: string };
}

const userByEmail = async (email: string) => (await app.database.db.select().from(users).where(eq(users.email, email)))[0];

const years = (n: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - n);
  return d.toISOString().slice(0, 10);
};

describe('Google sign-in address', () => {
  it('asks for a code with state, PKCE S256 and a nonce, coming back to /landing/google', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/Account/GoogleLogin' });
    const address = new URL(start.json().data);
    expect(`${address.origin}`).toBe(new URL(provider.issuer.url!).origin);
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/landing/google`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(address.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(address.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(address.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });
});

describe('a new Google user', () => {
  it('is asked to complete registration, then becomes a job seeker with a verified email', async () => {
    const who = person();
    const signup = await newSignup(who);
    expect(signup).toMatchObject({ email: who.email, firstName: 'Ada', lastName: who.family_name });
    expect(signup.signupToken.length).toBeGreaterThanOrEqual(40);
    // Only a hash of the ticket is kept.
    const rows = await app.database.db.select().from(socialSignups).where(eq(socialSignups.email, who.email!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(signup.signupToken);
    expect(await userByEmail(who.email!)).toBeUndefined();

    const res = await complete({ role: 0, email: who.email, signupToken: signup.signupToken, dateOfBirth: years(20), acceptTerms: true });
    expect(res.statusCode).toBe(200);
    const session = res.json().data as SessionData;
    expect(session.users).toMatchObject({ email: who.email, firstName: 'Ada', lastName: who.family_name, role: 'JobSeeker' });
    expect(session.accessToken).toBeTruthy();
    expect(session.remember).toBe(false);

    const user = await userByEmail(who.email!);
    expect(user).toMatchObject({ role: 'JobSeeker', googleSubject: who.sub, dateOfBirth: years(20), passwordHash: null });
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user!.termsAcceptedAt).toBeInstanceOf(Date);

    // The session works.
    const me = await app.inject({ method: 'GET', url: '/api/Account/User', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: who.email, emailVerified: true });

    // The ticket is single use.
    const again = await complete({ role: 0, email: who.email, signupToken: signup.signupToken, dateOfBirth: years(20), acceptTerms: true });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AccountMessages.socialEmailMissing);
  });

  it('comes back as a returning user and is signed in', async () => {
    const who = person();
    const signup = await newSignup(who);
    await complete({ role: 0, email: who.email, signupToken: signup.signupToken, dateOfBirth: years(30), acceptTerms: true });

    // Google may report a changed address; the subject still identifies the user.
    const res = await signIn({ ...who, email: `renamed-${who.email}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.kind).toBe('signedIn');
    expect(data.session.users).toMatchObject({ email: who.email, role: 'JobSeeker' });
  });

  it('becomes an employer whose business is verified right away', async () => {
    const who = person();
    const signup = await newSignup(who);
    const res = await complete({
      role: 1,
      email: who.email,
      signupToken: signup.signupToken,
      businessName: 'Lovelace Engines LLC',
      businessEin: '12-3456780',
      acceptTerms: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.users.role).toBe('Employer');
    const user = await userByEmail(who.email!);
    const [company] = await app.database.db.select().from(companies).where(eq(companies.id, user!.companyId!));
    expect(company).toMatchObject({ name: 'Lovelace Engines LLC', tin: '123456780', tinKind: 'EIN', verificationMethod: 'rules:EIN' });
    expect(company!.verifiedAt).toBeInstanceOf(Date);

    // Next time the employer is simply signed in.
    const back = await signIn(who);
    expect(back.json().data.kind).toBe('signedIn');
    expect(back.json().data.session.users.role).toBe('Employer');
  });

  it('creates nothing when the business fails verification, and may try again with the same ticket', async () => {
    const who = person();
    const signup = await newSignup(who);
    const base = { role: 1, email: who.email, signupToken: signup.signupToken, acceptTerms: true };
    const countCompanies = async () => (await app.database.db.select().from(companies)).length;
    const before = await countCompanies();

    const badTin = await complete({ ...base, businessName: 'Babbage Analytical Ltd', businessEin: '07-1001234' });
    expect(badTin.statusCode).toBe(400);
    expect(badTin.json().message).toBe(AccountMessages.tinNotValid);

    const junkName = await complete({ ...base, businessName: 'asdf', businessEin: '12-3456781' });
    expect(junkName.statusCode).toBe(400);
    expect(junkName.json().message).toBe(AccountMessages.businessNameImplausible);

    await app.database.db.insert(companies).values({ name: 'Holder Inc', tin: '201234567', verifiedAt: new Date() });
    const taken = await complete({ ...base, businessName: 'Babbage Analytical Ltd', businessEin: '20-1234567' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(AccountMessages.tinTaken);

    await app.database.db.insert(companies).values({ name: 'Banned Inc', tin: '301234567', blacklisted: true });
    const banned = await complete({ ...base, businessName: 'Babbage Analytical Ltd', businessEin: '30-1234567' });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().message).toBe(AccountMessages.businessBlacklisted);

    expect(await userByEmail(who.email!)).toBeUndefined();
    expect(await countCompanies()).toBe(before + 2);

    const ok = await complete({ ...base, businessName: 'Babbage Analytical Ltd', businessEin: '40-1234567' });
    expect(ok.statusCode).toBe(200);
  });

  it('applies the registration rules: role, age, terms', async () => {
    const who = person();
    const signup = await newSignup(who);
    const young = await complete({ role: 0, email: who.email, signupToken: signup.signupToken, dateOfBirth: years(15), acceptTerms: true });
    expect(young.statusCode).toBe(400);
    expect(young.json().state.errors).toContain(AccountMessages.age);

    const noTerms = await complete({ role: 0, email: who.email, signupToken: signup.signupToken, dateOfBirth: years(20) });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().state.errors).toContain(AccountMessages.terms);

    const noRole = await complete({ role: 3, email: who.email, signupToken: signup.signupToken, acceptTerms: true });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().state.errors).toContain(AccountMessages.role);
    expect(await userByEmail(who.email!)).toBeUndefined();
  });

  it('refuses a ticket for another email, an unknown ticket and an expired one', async () => {
    const who = person();
    const signup = await newSignup(who);
    const body = { role: 0, dateOfBirth: years(25), acceptTerms: true };

    const otherEmail = await complete({ ...body, email: 'someone-else@gmail.test', signupToken: signup.signupToken });
    expect(otherEmail.statusCode).toBe(400);
    expect(otherEmail.json().message).toBe(AccountMessages.socialEmailMissing);

    const unknown = await complete({ ...body, email: who.email, signupToken: 'not-a-ticket' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AccountMessages.socialEmailMissing);

    clockOffsetMs = 31 * 60_000;
    const expired = await complete({ ...body, email: who.email, signupToken: signup.signupToken });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AccountMessages.socialEmailMissing);
  });

  it('is linked, not duplicated, when the email registered meanwhile', async () => {
    const who = person();
    const signup = await newSignup(who);
    await app.database.db
      .insert(users)
      .values({ email: who.email!, passwordHash: null, firstName: 'Ada', lastName: 'L', role: 'JobSeeker', dateOfBirth: years(40) });

    const res = await complete({ role: 0, email: who.email, signupToken: signup.signupToken, dateOfBirth: years(20), acceptTerms: true });
    expect(res.statusCode).toBe(200);
    const rows = await app.database.db.select().from(users).where(eq(users.email, who.email!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ googleSubject: who.sub, dateOfBirth: years(40) });
  });
});

describe('a Google user whose email is already registered', () => {
  it('is linked to the account by the verified email and signed in', async () => {
    const who = person();
    await app.database.db.insert(users).values({
      email: who.email!,
      passwordHash: null,
      firstName: 'Existing',
      lastName: 'User',
      role: 'JobSeeker',
      dateOfBirth: years(22),
    });
    const res = await signIn(who);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'signedIn', session: { users: { email: who.email, firstName: 'Existing' } } });
    const user = await userByEmail(who.email!);
    expect(user!.googleSubject).toBe(who.sub);
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('is never a SuperAdmin: administrators sign in with their password, then the emailed code', async () => {
    const who = person();
    await app.database.db.insert(users).values({
      email: who.email!,
      passwordHash: null,
      firstName: 'Avery',
      lastName: 'Admin',
      role: 'SuperAdmin',
      emailVerifiedAt: new Date(),
    });
    const res = await signIn(who);
    expect(res.statusCode).toBe(403);
    expect(res.json().state.code).toBe('auth.passwordRequired');
    expect(res.json().message).toBe(AccountMessages.adminPasswordRequired);
    // Not linked either: the Google account gains nothing.
    expect((await userByEmail(who.email!))!.googleSubject).toBeNull();
  });

  it('is an employer whose business is not verified yet: 403 with the verification request', async () => {
    const who = person();
    const [company] = await app.database.db.insert(companies).values({ name: 'Pending Works', tin: '501234567' }).returning();
    await app.database.db
      .insert(users)
      .values({ email: who.email!, passwordHash: null, firstName: 'Eve', lastName: 'Boss', role: 'Employer', companyId: company!.id });
    const res = await signIn(who);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: AccountMessages.notVerified,
      request: { email: who.email, businessName: 'Pending Works', businessTin: '501234567' },
    });
  });

  it('is refused when the address belongs to another Google account', async () => {
    const who = person();
    await app.database.db
      .insert(users)
      .values({ email: who.email!, passwordHash: null, firstName: 'A', lastName: 'B', role: 'JobSeeker', googleSubject: 'someone-else' });
    const res = await signIn(who);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AccountMessages.googleAccountMismatch);
  });

  it('is not linked when Google has not verified the address', async () => {
    const who = person({ email_verified: false });
    const res = await signIn(who);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AccountMessages.socialEmailMissing);
  });
});

describe('stale and replayed callbacks', () => {
  it('refuses a replayed callback even though the provider would exchange the code again', async () => {
    profile = person();
    const { code, state } = await authorize();
    expect((await callback({ code, state })).statusCode).toBe(200);
    const replay = await callback({ code, state });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(AccountMessages.staleGoogleCode);
    expect(replay.json().state.code).toBe('auth.googleCodeStale');
  });

  it('refuses an unknown state', async () => {
    profile = person();
    const { code } = await authorize();
    const res = await callback({ code, state: 'made-up-state' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AccountMessages.staleGoogleCode);
    expect(res.json().state.code).toBe('auth.googleCodeStale');
  });

  it('refuses a code the provider rejects (invalid_grant)', async () => {
    profile = person();
    const { code, state } = await authorize();
    provider.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'Bad Request' };
    });
    const res = await callback({ code, state });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: AccountMessages.staleGoogleCode });
  });

  it('refuses a code that was never issued for this attempt', async () => {
    profile = person();
    const { state } = await authorize();
    const res = await callback({ code: 'never-issued', state });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AccountMessages.staleGoogleCode);
  });

  it('refuses a state older than 10 minutes', async () => {
    profile = person();
    const { code, state } = await authorize();
    clockOffsetMs = 11 * 60_000;
    const res = await callback({ code, state });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AccountMessages.staleGoogleCode);
  });

  it('refuses an id_token whose nonce is not the one this attempt sent', async () => {
    profile = person({ nonce: 'another-attempt' });
    const { code, state } = await authorize();
    const res = await callback({ code, state });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AccountMessages.staleGoogleCode);
  });

  it('refuses an id_token issued to another client', async () => {
    profile = { ...person(), aud: 'someone-elses-client' } as GoogleProfile;
    const { code, state } = await authorize();
    const res = await callback({ code, state });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AccountMessages.staleGoogleCode);
  });
});

describe('when Google sign-in is not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.stop();
  });

  it('says so instead of failing', async () => {
    const start = await plain.inject({ method: 'GET', url: '/api/Account/GoogleLogin' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({
      success: false,
      message: AccountMessages.googleNotConfigured,
      state: { code: 'auth.googleUnavailable' },
    });
    const back = await plain.inject({ method: 'POST', url: '/api/Account/GoogleCallback', payload: { code: 'x', state: 'y' } });
    expect(back.statusCode).toBe(404);
    expect(back.json().message).toBe(AccountMessages.googleNotConfigured);
  });
});

describe('when the provider cannot be reached', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp({
      config: { publicUrl: PUBLIC_URL, google: { clientId: CLIENT_ID, clientSecret: 's', issuer: 'http://127.0.0.1:9' } },
    });
  });
  afterAll(async () => {
    await offline.stop();
  });

  it('answers the redirection error without internals', async () => {
    const start = await offline.inject({ method: 'GET', url: '/api/Account/GoogleLogin' });
    expect(start.statusCode).toBe(502);
    expect(start.json().message).toBe(AccountMessages.redirectFailed);
  });
});
