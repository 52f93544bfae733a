import { describe, it } from 'vitest';
import { chooseFromUserMenu, newPerson, open, signIn } from './support/account.ts';
import { createVerifiedJobSeeker } from './support/api.ts';
import { expectNoA11yViolations, useBrowser } from './support/browser.ts';

describe('accessibility of the account screens', () => {
  const browser = useBrowser();

  for (const path of ['/login', '/forget-password', '/business-validation']) {
    it(`finds no axe violations on ${path}`, async () => {
      const { page } = browser;
      await open(page, path);
      await page.getByRole('button', { name: /^(Login|Send Reset Link|Verify Business)$/ }).waitFor();
      await expectNoA11yViolations(page, path);
    });
  }

  it('finds no axe violations on /login in OTP mode', async () => {
    const { page } = browser;
    await open(page, '/login');
    await page.getByRole('radio', { name: 'OTP' }).click();
    await page.getByRole('button', { name: 'Send OTP' }).waitFor();
    await expectNoA11yViolations(page, '/login (OTP)');
  });

  for (const role of ['Employer', 'Job Seeker']) {
    it(`finds no axe violations on /register for the ${role} role`, async () => {
      const { page } = browser;
      await open(page, '/register');
      await page.getByRole('radio', { name: new RegExp(role, 'i') }).click();
      await page.getByLabel(role === 'Employer' ? 'Legal business or personal name' : 'Date of birth').waitFor();
      await expectNoA11yViolations(page, `/register (${role})`);
    });
  }

  it('finds no axe violations with the change-password modal open', async () => {
    const { page } = browser;
    const person = await createVerifiedJobSeeker(newPerson('a11y', 'Sawyer'));
    await signIn(page, person);
    await chooseFromUserMenu(page, person.firstName, 'Change Password');
    await page.getByRole('dialog', { name: 'Change Password' }).getByLabel('Old Password', { exact: true }).waitFor();
    await expectNoA11yViolations(page, '/user/dashboard (Change Password dialog)');
  });
});
