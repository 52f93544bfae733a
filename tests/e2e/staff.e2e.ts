import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import { StaffMessages } from '../../src/contract/staff.ts';
import { PERMISSION_KEY } from '../../src/services/location-store.ts';
import { chooseFromUserMenu, expectPath, followMailLink, loginForm, mainNav, newPerson, open, signIn } from './support/account.ts';
import { createVerifiedEmployer } from './support/api.ts';
import { expectNoA11yViolations, useBrowser } from './support/browser.ts';

/** The staff table's row of a person, found by their email. */
const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

describe('company staff', () => {
  const browser = useBrowser();

  it('an employer invites a recruiter, who joins from the mailed link and is signed in; once deactivated, their open page goes to /login on its next call', async () => {
    const { page: employerPage } = browser;
    const employer = await createVerifiedEmployer('Harbor Lights Bakery LLC', 'Harper');
    const recruiter = newPerson('recruiter', 'Rowan');

    // The employer invites the recruiter from the staff page.
    await signIn(employerPage, employer);
    await open(employerPage, '/user/staff');
    await employerPage.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await employerPage.getByText('No recruiters yet. Invite one to share the hiring work.').waitFor();
    await employerPage.getByRole('button', { name: 'Invite recruiter' }).click();
    const dialog = employerPage.getByRole('dialog', { name: 'Invite a recruiter' });
    await dialog.getByLabel('Email').fill(recruiter.email);
    await dialog.getByLabel('First name (optional)').fill(recruiter.firstName);
    await dialog.getByLabel('Job title (optional)').fill('Talent Partner');
    await expectNoA11yViolations(employerPage, 'the invite dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await employerPage.getByText(StaffMessages.invited(recruiter.email)).waitFor();
    await rowOf(employerPage, recruiter.email).getByText('Invited', { exact: true }).waitFor();
    await expectNoA11yViolations(employerPage, 'the staff page');

    // The recruiter, in a browser of their own, follows the mailed link.
    const recruiterContext = await browser.browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    try {
      const recruiterPage = await recruiterContext.newPage();
      const recruiterErrors: Error[] = [];
      recruiterPage.on('pageerror', (err) => recruiterErrors.push(err));
      // A returning visitor who skipped the location prompt, as in every other test.
      await recruiterPage.addInitScript((key) => {
        try {
          localStorage.setItem(key, JSON.stringify({ state: 'prompt', userChoice: 'skipped', timestamp: Date.now() }));
        } catch {
          // about:blank has no storage.
        }
      }, PERMISSION_KEY);
      const href = await followMailLink(recruiterPage, recruiter.email, /invited you to join Harbor Lights Bakery LLC on Job Marketplace$/);
      expect(new URL(href).pathname).toBe('/accept-invitation');
      await recruiterPage.getByRole('heading', { level: 1, name: 'Join Harbor Lights Bakery LLC' }).waitFor();
      await recruiterPage.getByText(recruiter.email, { exact: true }).waitFor();
      expect(await recruiterPage.getByLabel('First name').inputValue()).toBe(recruiter.firstName);
      await recruiterPage.getByLabel('Last name').fill(recruiter.lastName);
      await recruiterPage.getByLabel('Password', { exact: true }).fill(recruiter.password);
      await recruiterPage.getByLabel('Confirm password', { exact: true }).fill(recruiter.password);
      await recruiterPage.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
      await expectNoA11yViolations(recruiterPage, 'the accept-invitation page');
      await recruiterPage.getByRole('button', { name: 'Accept and sign in' }).click();
      await expectPath(recruiterPage, '/user/dashboard');
      await recruiterPage.getByText(`Welcome, ${recruiter.firstName}.`).waitFor();
      await mainNav(recruiterPage).userMenu(recruiter.firstName).waitFor();

      // The employer sees them active, then switches them off.
      await employerPage.reload();
      const row = rowOf(employerPage, recruiter.email);
      await row.getByText('Active', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Actions for ${recruiter.firstName} ${recruiter.lastName}` }).click();
      await employerPage.getByRole('menuitem', { name: 'Deactivate' }).click();
      await employerPage.getByText(StaffMessages.deactivated(`${recruiter.firstName} ${recruiter.lastName}`)).waitFor();
      await row.getByText('Inactive', { exact: true }).waitFor();

      // The recruiter's open page makes its next call: refused, and a second later the sign-in page.
      const refused = recruiterPage.waitForResponse((res) => res.url().includes('/api/Recruiter/GetRecruiter'));
      await chooseFromUserMenu(recruiterPage, recruiter.firstName, 'Profile');
      expect((await refused).status()).toBe(401);
      await expectPath(recruiterPage, '/login', 5_000);
      await loginForm(recruiterPage).email.waitFor();

      // Signing in again is refused while switched off.
      await loginForm(recruiterPage).email.fill(recruiter.email);
      await loginForm(recruiterPage).password.fill(recruiter.password);
      await loginForm(recruiterPage).submit.click();
      await loginForm(recruiterPage).form.getByText(AccountMessages.accountDeactivated).waitFor();
      expect(recruiterErrors).toEqual([]);
    } finally {
      await recruiterContext.close();
    }
  });
});
