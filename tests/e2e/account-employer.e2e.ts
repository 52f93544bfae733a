import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import { Subjects, expectPath, followMailLink, loginForm, mainNav, newPerson, open, uniqueEin, type Person } from './support/account.ts';
import { useBrowser } from './support/browser.ts';

interface Employer extends Person {
  businessName: string;
  ein: string;
}

function newEmployer(firstName: string): Employer {
  return { ...newPerson('employer', firstName), businessName: 'Harbor Lights Bakery LLC', ein: uniqueEin() };
}

/** Fills and sends the register form as an employer. */
async function registerEmployer(page: Page, employer: Employer) {
  await open(page, '/register');
  await page.getByRole('radio', { name: /employer/i }).click();
  await page.getByLabel('First name').fill(employer.firstName);
  await page.getByLabel('Last name').fill(employer.lastName);
  await page.getByLabel('Email', { exact: true }).fill(employer.email);
  await page.getByLabel('Password', { exact: true }).fill(employer.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(employer.password);
  await page.getByLabel('Legal business or personal name').fill(employer.businessName);
  const tin = page.getByLabel('EIN/TIN/SSN', { exact: true });
  await tin.fill(employer.ein);
  // Masked until the user asks to see it.
  expect(await tin.getAttribute('type')).toBe('password');
  await page.getByRole('button', { name: 'Show EIN/TIN/SSN' }).click();
  expect(await tin.getAttribute('type')).toBe('text');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** The business verification form, as the page shows it. */
function businessForm(page: Page) {
  return {
    name: page.getByLabel('Legal business or personal name'),
    tin: page.getByLabel('EIN/TIN/SSN', { exact: true }),
    submit: page.getByRole('button', { name: 'Verify Business' }),
  };
}

async function verifyPrefilledBusiness(page: Page, employer: Employer) {
  await page.getByRole('heading', { name: 'Business Verification' }).waitFor();
  const form = businessForm(page);
  // Prefilled from the request the server answered with.
  await page.getByText(`Account: ${employer.email}`).waitFor();
  expect(await form.name.inputValue()).toBe(employer.businessName);
  expect((await form.tin.inputValue()).replace(/\D/g, '')).toBe(employer.ein.replace(/\D/g, ''));
  expect(await form.tin.getAttribute('type')).toBe('password');
  await form.submit.click();
  await page.getByText(AccountMessages.businessVerified).waitFor();
}

async function submitLogin(page: Page, who: Pick<Person, 'email' | 'password'>) {
  const login = loginForm(page);
  await login.email.fill(who.email);
  await login.password.fill(who.password);
  await login.submit.click();
}

describe('employers', () => {
  const browser = useBrowser();

  it('an employer registers, verifies the business, verifies the email by the mailed link and signs in', async () => {
    const { page } = browser;
    const employer = newEmployer('Dana');

    await registerEmployer(page, employer);
    await expectPath(page, '/business-validation');
    await verifyPrefilledBusiness(page, employer);

    await followMailLink(page, employer.email, Subjects.verifyEmail);
    await page.getByText(AccountMessages.emailVerified).waitFor();
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await expectPath(page, '/login');

    await submitLogin(page, employer);
    await expectPath(page, '/user/dashboard');
    await page.getByText(`Welcome, ${employer.firstName}.`).waitFor();
    await mainNav(page).userMenu(employer.firstName).waitFor();
  });

  it('an employer signing in before the business is verified is sent to business verification', async () => {
    const { page } = browser;
    const employer = newEmployer('Emerson');

    // Registers, then leaves business verification without finishing it.
    await registerEmployer(page, employer);
    await expectPath(page, '/business-validation');
    await businessForm(page).submit.waitFor();

    // Later, in a new browser session: the stored request is gone, the server sends it again.
    await page.evaluate(() => sessionStorage.clear());
    await open(page, '/login');
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/Account/Login'));
    await submitLogin(page, employer);
    // The server answers "Uh oh! Your account has not been verified yet…" with the request to verify.
    const refused = await answer;
    expect(refused.status()).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain(AccountMessages.notVerified);
    await expectPath(page, '/business-validation');
    // The user is told why they are here.
    await page.getByText(AccountMessages.notVerified).waitFor();
    await verifyPrefilledBusiness(page, employer);

    // Business verified; the email is not yet: signing in says so and mails a fresh link.
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expectPath(page, '/login');
    await submitLogin(page, employer);
    await loginForm(page).form.getByText(AccountMessages.emailNotVerified).waitFor();

    await followMailLink(page, employer.email, Subjects.verifyEmail);
    await page.getByText(AccountMessages.emailVerified).waitFor();
    await open(page, '/login');
    await submitLogin(page, employer);
    await expectPath(page, '/user/dashboard');
    await mainNav(page).userMenu(employer.firstName).waitFor();
  });
});
