import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resumePdf } from '../../server/jobseeker/demo-resume.ts';
import { mainNav, newPerson, open, signIn } from './support/account.ts';
import { createVerifiedJobSeeker } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

/** The percentage the user menu shows beside the name, e.g. 50 for "(50% complete)". */
async function navPercentage(page: Page, firstName: string): Promise<number> {
  const nav = mainNav(page);
  await nav.userMenu(firstName).click();
  const text = await nav.nav
    .getByRole('list', { name: firstName })
    .getByText(/% complete/)
    .textContent();
  await page.keyboard.press('Escape');
  return Number(/(\d+)% complete/.exec(text ?? '')?.[1]);
}

/** Waits until the user menu shows `expected`, opening it again as the meter updates. */
async function expectNavPercentage(page: Page, firstName: string, expected: number) {
  await expect.poll(() => navPercentage(page, firstName), { timeout: 10_000 }).toBe(expected);
}

/** Picks `option` from a listbox field named `label`. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into a combobox and picks the option whose name starts with `option`. */
async function pick(scope: Page | Locator, page: Page, label: string, typed: string, option: RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

describe("a job seeker's profile", () => {
  const browser = useBrowser();

  it('a new seeker fills every section, uploads a résumé, adds a skill it mentions, and the nav reaches 100%', async () => {
    const { page } = browser;
    const person = await createVerifiedJobSeeker(newPerson('profile', 'Riley'));
    await signIn(page, person);
    // A new account has its name and email, nothing else.
    await expectNavPercentage(page, person.firstName, 0);

    // Profile: the phone number completes it.
    await open(page, '/user/settings/profile');
    await page.getByLabel('Phone Number').fill('(360) 555-0199');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Your profile is saved.' }).first().waitFor();
    await expectNavPercentage(page, person.firstName, 17);

    // Education: a degree from the list, a school found by the university search.
    await open(page, '/user/settings/education');
    await page.getByRole('button', { name: 'Add education' }).click();
    const education = page.getByRole('dialog');
    await choose(education, page, 'Degree', "Associate's degree");
    await pick(education, page, 'University', 'Clark Coll', /^Clark College/);
    await education.getByLabel('Completion year').fill('2019');
    await education.getByRole('button', { name: 'Save', exact: true }).click();
    await education.waitFor({ state: 'detached' });
    const degrees = page.getByRole('list', { name: /education/i });
    await degrees.getByText('Clark College').waitFor();
    await expectNavPercentage(page, person.firstName, 33);

    // Experience: a current job.
    await open(page, '/user/settings/experience');
    await page.getByRole('button', { name: 'Add experience' }).click();
    const job = page.getByRole('dialog');
    await job.getByLabel('Company name').fill('Harbor Freight Lines');
    await job.getByLabel('Job title').fill('Dock Worker');
    await job.getByLabel('Start date').fill('2021-05-03');
    await job.getByRole('checkbox', { name: 'I currently work here' }).check();
    await job.getByRole('button', { name: 'Save', exact: true }).click();
    await job.waitFor({ state: 'detached' });
    await page.getByText('Harbor Freight Lines').waitFor();
    await expectNavPercentage(page, person.firstName, 50);

    // Skills: one picked from the taxonomy.
    await open(page, '/user/settings/skills');
    await pick(page, page, 'Add a skill', 'forklift', /^Forklift operation$/);
    const mine = page.getByRole('list', { name: 'Your skills' });
    await mine.getByText('Forklift operation').waitFor();
    await expectNavPercentage(page, person.firstName, 67);

    // Preferences: a place, a job type and a schedule.
    await open(page, '/user/settings/preferences');
    await pick(page, page, 'Add a place', 'Vancouver, WA', /^Vancouver, WA/);
    await page.getByRole('button', { name: 'Remove Vancouver, WA' }).waitFor();
    await choose(page, page, 'Employment type', 'Full-time');
    await choose(page, page, 'Schedule', 'Day shift');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your preferences are saved.').first().waitFor();
    await expectNavPercentage(page, person.firstName, 83);

    // Documents: a résumé, uploaded with a progress bar; the list then shows it.
    await open(page, '/user/settings/documents');
    const resume = resumePdf({
      name: `${person.firstName} ${person.lastName}`,
      contact: person.email,
      summary: 'Warehouse worker who keeps the dock moving.',
      jobs: [
        {
          title: 'Dock Worker',
          company: 'Harbor Freight Lines',
          dates: 'May 2021 – present',
          points: ['Pallet jack operation and shipping and receiving on the night dock.'],
        },
      ],
      education: [{ degree: "Associate's degree", school: 'Clark College', year: '2019' }],
      skills: ['Forklift operation', 'Pallet jack operation'],
    });
    await page
      .getByRole('button', { name: 'Upload a résumé' })
      .setInputFiles({ name: 'riley-resume.pdf', mimeType: 'application/pdf', buffer: resume });
    await page.getByRole('list', { name: 'Your résumés' }).getByText('riley-resume.pdf').waitFor();
    await expectNavPercentage(page, person.firstName, 100);

    // The résumé names a skill the profile lacks: offered, and added only by a click.
    await open(page, '/user/settings/skills');
    const offered = page.getByRole('button', { name: 'Add Pallet jack operation' });
    await offered.waitFor();
    expect(await mine.getByText('Pallet jack operation').count()).toBe(0);
    await offered.click();
    await mine.getByText('Pallet jack operation').waitFor();
    await offered.waitFor({ state: 'detached' });

    // The dashboard agrees.
    await open(page, '/user/dashboard');
    await page.getByText('Your profile is complete: employers see everything they need.').waitFor();
  }, 120_000);
});
