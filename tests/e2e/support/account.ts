import dayjs from 'dayjs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { AccountMessages } from '../../../src/contract/account.ts';

/** Subjects of the account mails, as an inbox lists them. */
export const Subjects = {
  verifyEmail: 'Verify your email for Job Marketplace',
  signInCode: /^Your Job Marketplace sign-in code: \d{6}$/,
  resetPassword: 'Reset your Job Marketplace password',
} as const;

export const PASSWORD = 'Correct-Horse-42';

let counter = 0;
/** An address no other test (or earlier run against the same server) has used. */
export function uniqueEmail(who: string): string {
  counter += 1;
  return `${who}.${Date.now().toString(36)}.${process.pid}.${counter}@jobmarketplace.test`.toLowerCase();
}

/** A structurally valid EIN (campus prefix 12) that is not a placeholder; one per company. */
export function uniqueEin(): string {
  const serial = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
  return `12-${serial}`;
}

/** A date of birth the given number of years ago, as the date input wants it. */
export function birthDate(yearsAgo = 30): string {
  return dayjs().subtract(yearsAgo, 'year').subtract(3, 'day').format('YYYY-MM-DD');
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newPerson(who = 'jobseeker', firstName = 'Avery'): Person {
  return { firstName, lastName: 'Quinn', email: uniqueEmail(who), password: PASSWORD };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the browser shows `path` (SPA navigations included). */
export async function expectPath(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
  expect(pathOf(page)).toBe(path);
}

/** Opens a path and waits until the app has rendered it. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main#main > *').first().waitFor();
}

// ---------------------------------------------------------------------------------------------
// The dev mailbox, read in the browser as a user reads an inbox.

/**
 * Opens the dev mailbox in `page`, filtered to `to`, and waits (reloading, as a user would) until
 * the newest mail with that subject is there. Returns that mail's article.
 */
export async function findMail(page: Page, to: string, subject: string | RegExp, timeout = 10_000): Promise<Locator> {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const deadline = Date.now() + timeout;
  for (;;) {
    await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    const mail = page
      .getByRole('article', { name: subject })
      .filter({ hasText: `To ${to}` })
      .first();
    if ((await mail.count()) > 0) return mail;
    if (Date.now() > deadline) throw new Error(`No mail "${String(subject)}" to ${to} in the dev mailbox within ${timeout} ms`);
    await page.waitForTimeout(250);
    await page.reload();
  }
}

/** How many mails with that subject `to` has received, read from the mailbox in a new tab. */
export async function countMails(context: BrowserContext, to: string, subject: string | RegExp): Promise<number> {
  const inbox = await context.newPage();
  try {
    await inbox.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await inbox.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    return await inbox.getByRole('article', { name: subject }).count();
  } finally {
    await inbox.close();
  }
}

/** Opens the mailbox in `page`, finds the newest mail with that subject and clicks its link. */
export async function followMailLink(page: Page, to: string, subject: string | RegExp): Promise<string> {
  const mail = await findMail(page, to, subject);
  const link = mail.getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  expect(href.startsWith(inject('baseUrl')), `the mailed link ${href} points at the app`).toBe(true);
  await link.click();
  await page.waitForURL((url) => url.href === href);
  return href;
}

/** Reads the newest 6 digit sign-in code mailed to `to`, in a second tab that is closed afterwards. */
export async function readCode(context: BrowserContext, to: string): Promise<string> {
  const inbox = await context.newPage();
  try {
    const mail = await findMail(inbox, to, Subjects.signInCode);
    const text = await mail.locator('pre').innerText();
    const code = /Your code: (\d{6})/.exec(text)?.[1];
    if (!code) throw new Error(`No 6 digit code in the mail:\n${text}`);
    return code;
  } finally {
    await inbox.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The sign-in screen.

export function loginForm(page: Page) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Login', exact: true }) });
  return {
    form,
    email: form.getByLabel('Email', { exact: true }),
    password: form.getByRole('textbox', { name: 'Password', exact: true }),
    submit: form.getByRole('button', { name: 'Login', exact: true }),
    otpMode: form.getByRole('radio', { name: 'OTP' }),
    digits: form.getByRole('textbox', { name: /^Digit \d of 6$/ }),
    error: form.getByRole('alert'),
  };
}

/** Signs in with a password on /login and waits for the page the app lands on. */
export async function signIn(page: Page, person: Pick<Person, 'email' | 'password'>, landing = '/user/dashboard'): Promise<void> {
  await open(page, '/login');
  const login = loginForm(page);
  await login.email.fill(person.email);
  await login.password.fill(person.password);
  await login.submit.click();
  await expectPath(page, landing);
}

/**
 * A SuperAdmin's sign-in: the password, then the 6-digit code the server emails (read from the dev
 * mailbox in a second tab) typed into the code step, which sends it; waits for the page the app lands on.
 */
export async function signInAdmin(
  page: Page,
  person: Pick<Person, 'email' | 'password'>,
  landing = '/back-office/dashboard',
): Promise<void> {
  await open(page, '/login');
  const login = loginForm(page);
  await login.email.fill(person.email);
  await login.password.fill(person.password);
  await login.submit.click();
  await login.form.getByText(AccountMessages.adminCodeSent).waitFor();
  const code = await readCode(page.context(), person.email);
  await login.digits.first().click();
  // The sixth digit sends the code.
  await page.keyboard.type(code, { delay: 20 });
  await expectPath(page, landing);
}

/** Tries a password that should not work and returns the message the form shows. */
export async function failedSignIn(page: Page, person: Pick<Person, 'email' | 'password'>): Promise<string> {
  await open(page, '/login');
  const login = loginForm(page);
  await login.email.fill(person.email);
  await login.password.fill(person.password);
  await login.submit.click();
  const alert = login.form.getByText(AccountMessages.invalidCredentials);
  await alert.waitFor();
  expect(pathOf(page)).toBe('/login');
  return alert.innerText();
}

/** The main navigation and its signed-in user menu. */
export function mainNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  return {
    nav,
    userMenu: (firstName: string) => nav.getByRole('button', { name: firstName, exact: true }),
    login: nav.getByRole('link', { name: 'Login', exact: true }),
    register: nav.getByRole('link', { name: 'Register', exact: true }),
  };
}

/** Opens the first-name menu in the navigation and chooses an item. */
export async function chooseFromUserMenu(page: Page, firstName: string, item: 'Profile' | 'Change Password' | 'Logout'): Promise<void> {
  await mainNav(page).userMenu(firstName).click();
  const list = mainNav(page).nav.getByRole('list', { name: firstName });
  await (item === 'Profile' ? list.getByRole('link', { name: /^Profile/ }) : list.getByRole('button', { name: item })).click();
}
