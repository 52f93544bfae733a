import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  Subjects,
  birthDate,
  chooseFromUserMenu,
  countMails,
  expectPath,
  followMailLink,
  loginForm,
  mainNav,
  newPerson,
  open,
  readCode,
  signIn,
  signInAdmin,
} from './support/account.ts';
import { createVerifiedJobSeeker } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

/** The text of each of the six code boxes. */
const boxValues = async (page: Page) => Promise.all((await loginForm(page).digits.all()).map((box) => box.inputValue()));

async function expectSignedInAs(page: Page, firstName: string) {
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByText(`Welcome, ${firstName}.`).waitFor();
  const nav = mainNav(page);
  await nav.userMenu(firstName).waitFor();
  expect(await nav.login.count()).toBe(0);
  expect(await nav.register.count()).toBe(0);
}

describe('signing in', () => {
  const browser = useBrowser();

  it('a job seeker registers, verifies the email by the mailed link and signs in with the password', async () => {
    const { page, context } = browser;
    const person = newPerson('seeker', 'Jordan');

    await open(page, '/');
    await mainNav(page).register.click();
    await expectPath(page, '/register');
    await page.getByRole('radio', { name: /job seeker/i }).click();
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
    await page.getByLabel('Date of birth').fill(birthDate(17));
    const submit = page.getByRole('button', { name: 'Create Account' });
    // Not until the terms are accepted.
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await submit.click();
    await page.getByText(AccountMessages.registered).waitFor();

    // Signing in before the email is verified is refused and sends a fresh link.
    await open(page, '/login');
    const login = loginForm(page);
    await login.email.fill(person.email);
    await login.password.fill(person.password);
    await login.submit.click();
    await login.form.getByText(AccountMessages.emailNotVerified).waitFor();
    expect(await countMails(context, person.email, Subjects.verifyEmail)).toBe(2);

    // The inbox: the newest verification mail's link.
    const link = await followMailLink(page, person.email, Subjects.verifyEmail);
    expect(new URL(link).pathname).toBe('/verify-email');
    await page.getByText(AccountMessages.emailVerified).waitFor();
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await expectPath(page, '/login');

    await loginForm(page).email.fill(person.email);
    await loginForm(page).password.fill(person.password);
    await loginForm(page).submit.click();
    await expectPath(page, '/user/dashboard');
    await expectSignedInAs(page, person.firstName);
  });

  it('a verified user signs in with an emailed code, typed and pasted into the six boxes', async () => {
    const { page, context } = browser;
    const person = await createVerifiedJobSeeker(newPerson('otp', 'Morgan'));

    await open(page, '/login');
    const login = loginForm(page);
    // OTP first, then the email: nothing is sent until the button is pressed.
    await login.otpMode.click();
    expect(await login.digits.count()).toBe(6);
    await login.email.fill(person.email);
    await login.form.getByRole('button', { name: 'Send OTP' }).click();
    const resend = login.form.getByRole('button', { name: /^Resend OTP in \d+s$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await login.form.getByText(AccountMessages.otpSent).waitFor();
    expect(await login.submit.isDisabled()).toBe(true);

    const code = await readCode(context, person.email);

    // Typing advances from box to box.
    await login.digits.first().click();
    await page.keyboard.type(code, { delay: 20 });
    expect(await boxValues(page)).toEqual([...code]);
    expect(await login.submit.isEnabled()).toBe(true);

    // Backspace goes back box by box until all are empty.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    expect(await boxValues(page)).toEqual(['', '', '', '', '', '']);
    expect(await login.submit.isDisabled()).toBe(true);

    // Pasting the whole code into the first box spreads it across the six.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(
      (text) => (navigator as unknown as { clipboard: { writeText(t: string): Promise<void> } }).clipboard.writeText(text),
      code,
    );
    await login.digits.first().focus();
    await page.keyboard.press('ControlOrMeta+V');
    expect(await boxValues(page)).toEqual([...code]);

    // The countdown is still running while the user signs in.
    expect(await resend.isVisible()).toBe(true);
    await login.submit.click();
    await expectPath(page, '/user/dashboard');
    await expectSignedInAs(page, person.firstName);
  });

  it('logging out from the navigation shows Login and Register again and closes the user area', async () => {
    const { page } = browser;
    const person = await createVerifiedJobSeeker(newPerson('logout', 'Riley'));
    await signIn(page, person);
    await expectSignedInAs(page, person.firstName);

    await chooseFromUserMenu(page, person.firstName, 'Logout');
    await expectPath(page, '/login');
    const nav = mainNav(page);
    await nav.login.waitFor();
    await nav.register.waitFor();
    expect(await nav.userMenu(person.firstName).count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);

    await page.goto('/user/dashboard');
    await expectPath(page, '/login');
    await loginForm(page).email.waitFor();
  });

  it('an expired session sends the browser to /login a second after the refused call', async () => {
    const { page } = browser;
    const person = await createVerifiedJobSeeker(newPerson('expiry', 'Casey'));
    await signIn(page, person);
    await expectSignedInAs(page, person.firstName);

    // The stored tokens stop being valid (as when they expire or are revoked elsewhere).
    await page.evaluate(() => {
      for (const storage of [localStorage, sessionStorage]) {
        if (storage.getItem('token')) storage.setItem('token', 'expired.garbage.token');
        if (storage.getItem('refreshToken')) storage.setItem('refreshToken', 'garbage-refresh-token');
      }
    });

    // On the home page the navigation still asks for the job seeker's profile completion; it gets a 401.
    // (The call made with the stale token: the page just left may still be answering its own.)
    const refused = page.waitForResponse(
      (res) =>
        res.url().includes('/api/Account/CompletionStatus') &&
        (res.request().headers().authorization ?? '').includes('expired.garbage.token'),
    );
    await page.goto('/');
    const response = await refused;
    const refusedAt = Date.now();
    expect(response.status()).toBe(401);
    await expectPath(page, '/login', 5_000);
    const waited = Date.now() - refusedAt;
    expect(waited).toBeGreaterThanOrEqual(800);
    expect(waited).toBeLessThan(4_000);

    await loginForm(page).email.waitFor();
    await mainNav(page).login.waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);
    // And the user area stays closed.
    await page.goto('/user/dashboard');
    await expectPath(page, '/login');
  });

  it('a SuperAdmin signs in with the password and the emailed code, lands on the back office, and /login sends them back there', async () => {
    const { page } = browser;
    const admin = inject('superAdmin');
    await signInAdmin(page, admin);
    await page.getByRole('heading', { level: 1, name: 'Back Office Dashboard' }).waitFor();
    await mainNav(page).userMenu(admin.firstName).waitFor();
    const dashboard = mainNav(page).nav.getByRole('link', { name: 'Dashboard', exact: true });
    expect(await dashboard.getAttribute('href')).toBe('/back-office/dashboard');

    await page.goto('/login');
    await expectPath(page, '/back-office/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Back Office Dashboard' }).waitFor();
  });
});
