import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { PERMISSION_KEY } from '../../../src/services/location-store.ts';
import { birthDate, newPerson, uniqueEin, type Person } from './account.ts';

// The public API as the pages call it, for journeys that start from accounts, companies or jobs
// made beforehand: the server under test starts without demo data.

export interface Answer {
  status: number;
  json: unknown;
}

/** An address of its own for each call made beforehand (the server under test trusts the forwarded one). */
const someAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** A JSON call to the server under test, with a bearer token when given. */
export async function apiCall(path: string, body?: unknown, token?: string, method = 'POST'): Promise<Answer> {
  const res = await fetch(new URL(path, inject('baseUrl')), {
    method,
    headers: {
      'x-forwarded-for': someAddress(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** `apiCall` that must answer `status`; the answer's JSON. */
export async function expectCall(path: string, body: unknown, status: number, token?: string, method = 'POST'): Promise<unknown> {
  const res = await apiCall(path, body, token, method);
  if (res.status !== status) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json;
}

/** The newest link to `pathname` mailed to `to`, read from the dev mailbox. */
export async function mailedLink(to: string, pathname: string): Promise<URL> {
  const inbox = await fetch(new URL(`/dev/mailbox?to=${encodeURIComponent(to)}`, inject('baseUrl')));
  const href = new RegExp(`href="([^"]*${pathname}\\?[^"]*)"`).exec(await inbox.text())?.[1]?.replaceAll('&amp;', '&');
  if (!href) throw new Error(`No ${pathname} link for ${to} in the dev mailbox`);
  return new URL(href);
}

/** Confirms `email` with the token its verification mail carries, as the mailed link does. */
async function verifyEmail(email: string): Promise<void> {
  const params = (await mailedLink(email, '/verify-email')).searchParams;
  await expectCall('/api/Account/VerifyEmail', { email: params.get('email'), token: params.get('token') }, 200);
}

/** Signs in through the API: the access token. */
export async function tokenOf(person: Pick<Person, 'email' | 'password'>): Promise<string> {
  const signedIn = (await expectCall('/api/Account/Login', { email: person.email, password: person.password }, 200)) as {
    data: { accessToken: string };
  };
  return signedIn.data.accessToken;
}

/** Registers a job seeker (30 years old unless told) and confirms the email. */
export async function createVerifiedJobSeeker(person: Person = newPerson(), yearsOld = 30): Promise<Person> {
  await expectCall(
    '/api/Account/Register',
    {
      role: 0,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      password: person.password,
      dateOfBirth: birthDate(yearsOld),
      acceptTerms: true,
    },
    201,
  );
  await verifyEmail(person.email);
  return person;
}

export interface Employer extends Person {
  businessName: string;
}

/** An employer registered, its business verified and its email confirmed, as the pages do it. */
export async function createVerifiedEmployer(businessName: string, firstName = 'Harper'): Promise<Employer> {
  const employer: Employer = { ...newPerson('employer', firstName), businessName };
  const ein = uniqueEin();
  await expectCall(
    '/api/Account/Register',
    {
      role: 1,
      firstName: employer.firstName,
      lastName: employer.lastName,
      email: employer.email,
      password: employer.password,
      companyName: businessName,
      companyTin: ein,
      acceptTerms: true,
    },
    201,
  );
  await expectCall('/api/Account/VerifyBusiness', { businessName, businessTin: ein, email: employer.email }, 200);
  await verifyEmail(employer.email);
  return employer;
}

/** A company with a recruiter: the employer registers and invites the recruiter, who accepts. */
export async function createRecruiter(businessName: string, firstName: string): Promise<Person> {
  const employer = await createVerifiedEmployer(businessName);
  const recruiter = newPerson('recruiter', firstName);
  await expectCall('/api/Employer/InviteRecruiter', { email: recruiter.email, firstName }, 200, await tokenOf(employer));
  const token = (await mailedLink(recruiter.email, '/accept-invitation')).searchParams.get('token');
  await expectCall(
    '/api/Account/AcceptInvitation',
    { token, firstName, lastName: recruiter.lastName, password: recruiter.password, acceptTerms: true },
    201,
  );
  return recruiter;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

/** A browser session of its own (cookies and storage), as a returning visitor who skipped the location prompt. */
export async function newSession(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Session> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport, locale: 'en-US' });
  context.setDefaultTimeout(10_000);
  await context.addInitScript((key) => {
    try {
      if (localStorage.getItem(key) === null)
        localStorage.setItem(key, JSON.stringify({ state: 'prompt', userChoice: 'skipped', timestamp: Date.now() }));
    } catch {
      // about:blank has no storage.
    }
  }, PERMISSION_KEY);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (err) => errors.push(err));
  return { context, page, errors };
}
