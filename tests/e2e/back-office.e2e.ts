import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { AccountMessages } from '../../src/contract/account-messages.ts';
import { AdminMessages } from '../../src/contract/admin.ts';
import { expectPath, loginForm, open, readCode } from './support/account.ts';
import { apiCall, createVerifiedEmployer, expectCall, tokenOf } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { vancouverJobData } from './support/jobs.ts';

// The SuperAdmin polices the marketplace: signs in with the password and the emailed code, finds a
// company in the back office, blacklists it with a reason, and from that moment a job seeker's
// search no longer finds its jobs and its employer cannot sign in.

/** The titles a visitor's search in Vancouver, WA finds for `keyword`. */
async function searchTitles(keyword: string): Promise<string[]> {
  const answer = (await expectCall('/api/JobSeeker/simple-search', { keyword }, 200)) as { data: { items: Array<{ title: string }> } };
  return answer.data.items.map((i) => i.title);
}

describe('back office', () => {
  const browser = useBrowser();

  it('the SuperAdmin signs in with the emailed code, finds a company, blacklists it with a reason, and its jobs leave search', async () => {
    const suffix = Date.now().toString(36);
    const companyName = `Tidewater Freight ${suffix} LLC`;
    const title = `Dock Loader ${suffix}`;
    const employer = await createVerifiedEmployer(companyName, 'Quinn');
    await expectCall('/api/job/jobpost', { jobData: vancouverJobData(title) }, 201, await tokenOf(employer));
    await expect.poll(() => searchTitles(title), { timeout: 10_000 }).toContain(title);

    // The password first, then the code mailed to the admin.
    const admin = inject('superAdmin');
    const { page, context } = browser;
    await open(page, '/login');
    const login = loginForm(page);
    await login.email.fill(admin.email);
    await login.password.fill(admin.password);
    await login.submit.click();
    await login.form.getByText(AccountMessages.adminCodeSent).waitFor();
    const code = await readCode(context, admin.email);
    await login.digits.first().click();
    await page.keyboard.type(code);
    await expectPath(page, '/back-office/dashboard');

    // The company list finds it by name; its page blacklists it with a reason.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Companies' }).click();
    await expectPath(page, '/back-office/company');
    await page.getByLabel('Search companies').fill(companyName);
    await page
      .getByRole('link', { name: new RegExp(companyName) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: companyName }).waitFor();
    await page.getByRole('button', { name: 'Blacklist', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (required)').fill('Asked applicants to pay for training.');
    await dialog.getByRole('button', { name: 'Blacklist company' }).click();
    await page.getByText(AdminMessages.blacklisted(companyName)).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Its jobs are gone from search at once, and its employer is told why at sign-in.
    expect(await searchTitles(title)).not.toContain(title);
    const signIn = await apiCall('/api/Account/Login', { email: employer.email, password: employer.password });
    expect(signIn.status).toBe(403);
    expect((signIn.json as { message: string }).message).toBe(AccountMessages.companyBlacklisted);

    // The audit trail shows the action with its reason.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit trail' }).click();
    await page.getByText('Asked applicants to pay for training.').first().waitFor();
  });
});
