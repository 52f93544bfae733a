import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  Subjects,
  chooseFromUserMenu,
  expectPath,
  failedSignIn,
  followMailLink,
  loginForm,
  mainNav,
  newPerson,
  open,
  signIn,
} from './support/account.ts';
import { createVerifiedJobSeeker } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

const NEW_PASSWORD = 'Brand-New-Secret-7';

async function fillResetForm(page: Page, password: string) {
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Retype Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
}

describe('passwords', () => {
  const browser = useBrowser();

  it('forgot → reset by the mailed link → sign in with the new password; the used link is refused', async () => {
    const { page } = browser;
    const person = await createVerifiedJobSeeker(newPerson('forgot', 'Harper'));

    // From the sign-in screen, with the email already typed there.
    await open(page, '/login');
    await loginForm(page).email.fill(person.email);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expectPath(page, '/forget-password');
    const email = page.getByLabel('Email', { exact: true });
    expect(await email.inputValue()).toBe(person.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Check your email').waitFor();
    await page.getByText(AccountMessages.resetSent).waitFor();
    await page.getByText(AccountMessages.checkSpam).waitFor();
    await page.getByRole('button', { name: 'Back to Login' }).waitFor();

    const link = await followMailLink(page, person.email, Subjects.resetPassword);
    expect(new URL(link).pathname).toBe('/reset-password');
    await page.getByText(`Choose a new password for ${person.email}.`).waitFor();
    await fillResetForm(page, NEW_PASSWORD);
    // Success goes straight to the sign-in screen.
    await expectPath(page, '/login');
    await page.getByText(AccountMessages.passwordReset).waitFor();

    await failedSignIn(page, person);
    await signIn(page, { email: person.email, password: NEW_PASSWORD });
    await mainNav(page).userMenu(person.firstName).waitFor();

    // The link works once.
    await chooseFromUserMenu(page, person.firstName, 'Logout');
    await expectPath(page, '/login');
    await page.goto(link);
    await fillResetForm(page, 'Yet-Another-Secret-9');
    await page.getByText(AccountMessages.resetLinkInvalid).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');
  });

  it('change password from the navigation: signed out to /login, the new password works and the old one does not', async () => {
    const { page } = browser;
    const person = await createVerifiedJobSeeker(newPerson('change', 'Quinn'));
    await signIn(page, person);

    await chooseFromUserMenu(page, person.firstName, 'Change Password');
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    // The dialog opens on its first field.
    const oldPassword = dialog.getByLabel('Old Password', { exact: true });
    await oldPassword.waitFor();
    await oldPassword.and(page.locator(':focus')).waitFor();
    await oldPassword.fill(person.password);
    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Retype New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();

    await expectPath(page, '/login');
    await page.getByText(AccountMessages.passwordChangedSignIn).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await mainNav(page).login.waitFor();

    await failedSignIn(page, person);
    await signIn(page, { email: person.email, password: NEW_PASSWORD });
    await mainNav(page).userMenu(person.firstName).waitFor();
  });
});
