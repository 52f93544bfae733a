import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PostingMessages } from '../../src/contract/posting.ts';
import { payRangeReason } from '../../src/contract/posting-rules.ts';
import { expectPath, open, signIn } from './support/account.ts';
import { createRecruiter, newSession, type Session } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

// A recruiter posts a job: a draft written over two browser sessions, published, closed, reopened
// and cloned; a recruiter of another company cannot open the draft. The server under test starts
// without demo data, so both companies and their recruiters are made here through the public API.

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
/** Waits until the wizard's save status says `text`. */
const saveStatusSays = (page: Page, text: 'Saved' | 'Unsaved changes') =>
  page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();

/** Next, and the step after it opens. */
async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await stepHeading(page, heading).waitFor();
}

/** The jobs list's row of a job, by its title. */
const jobRow = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${title}`) }) });

async function chooseAction(page: Page, title: string, action: 'Close' | 'Reopen' | 'Clone') {
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('posting jobs', () => {
  const browser = useBrowser();

  it('a recruiter writes a draft over two sessions, publishes, closes, reopens and clones it; another company cannot open it', async () => {
    const title = `Store Associate ${Date.now().toString(36)}`;
    const [recruiter, outsider] = await Promise.all([
      createRecruiter('Harbor Lights Bakery LLC', 'Rowan'),
      createRecruiter('Cascade Hardware LLC', 'Morgan'),
    ]);

    // ---- First session: a new job post, its details, and half of the time requirements.
    const { page } = browser;
    await signIn(page, recruiter);
    await open(page, '/user/jobpost-create');
    await page.getByRole('heading', { level: 1, name: 'Job post drafts' }).waitFor();
    await page.getByRole('button', { name: 'New job post' }).click();
    const naming = page.getByRole('dialog', { name: 'New job post' });
    await naming.getByLabel('Job title').fill(title);
    await naming.getByRole('button', { name: 'Start the job post' }).click();
    await page.waitForURL((url) => url.pathname === '/user/jobs/post-job' && url.searchParams.has('draft'));
    const draftId = new URL(page.url()).searchParams.get('draft')!;

    await stepHeading(page, 'Step 1 of 7: Job details').waitFor();
    expect(await page.getByRole('textbox', { name: 'Job title' }).inputValue()).toBe(title);
    const description = page.getByRole('textbox', { name: 'Job description' });
    await description.click();
    await page.keyboard.type('Help customers find what they need, keep the aisles stocked and run the register on busy weekends.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Paid training from day one');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Staff discount');
    await page.getByRole('group', { name: 'Job type' }).getByRole('checkbox', { name: 'Full-time' }).check();
    await page.getByLabel('Number of people to hire').fill('2');
    await page.getByRole('radiogroup', { name: 'Where the work is done' }).getByRole('radio', { name: 'On-site' }).click();
    await page.getByRole('combobox', { name: 'Job address' }).fill('Vancouver, WA');
    await page
      .getByRole('option', { name: /^Vancouver, WA/ })
      .first()
      .click();
    await page.getByText('Job seekers see Vancouver, WA.').waitFor();
    await page.getByRole('checkbox', { name: 'A résumé is required to apply' }).check();
    await next(page, 'Step 2 of 7: Time requirements');
    // Moving on saved the step.
    await saveStatusSays(page, 'Saved');

    await page.getByRole('radiogroup', { name: 'Work schedule' }).getByRole('radio', { name: 'Full time' }).click();
    await page.getByLabel('Hours per week').fill('40');
    await page.getByRole('group', { name: 'Shifts and schedule' }).getByRole('checkbox', { name: 'Day shift' }).check();
    // Saved by itself a moment after the typing stops.
    await saveStatusSays(page, 'Unsaved changes');
    await saveStatusSays(page, 'Saved');

    // The tab goes away mid-step.
    await browser.context.close();

    // ---- Second session: the drafts list, and the draft resumes at the step it was left on.
    const second = await newSession(browser.browser);
    let other: Session | undefined;
    try {
      const { page: later } = second;
      await signIn(later, recruiter);
      await open(later, '/user/jobpost-create');
      const draftItem = later.getByRole('listitem', { name: title });
      await draftItem.getByText('Step 2 of 7: Time requirements').waitFor();
      await draftItem.getByRole('link', { name: `Continue ${title}` }).click();
      await expectPath(later, '/user/jobs/post-job');
      expect(new URL(later.url()).searchParams.get('draft')).toBe(draftId);
      await stepHeading(later, 'Step 2 of 7: Time requirements').waitFor();
      expect(await later.getByRole('heading', { name: 'Unsaved changes found' }).count()).toBe(0);
      expect(await later.getByRole('radio', { name: 'Full time' }).getAttribute('aria-checked')).toBe('true');
      expect(await later.getByLabel('Hours per week').inputValue()).toBe('40');
      expect(await later.getByRole('checkbox', { name: 'Day shift' }).isChecked()).toBe(true);
      await later.getByRole('navigation', { name: 'Job post steps' }).getByRole('button', { name: 'Job details (completed)' }).waitFor();
      await later.getByLabel('Duration in months').fill('6');
      await next(later, 'Step 3 of 7: Pay and benefits');

      // Pay: Washington asks for a range, and the wizard says why while the maximum is missing.
      const reason = payRangeReason([{ name: 'Washington' }]);
      await later.getByRole('status').filter({ hasText: reason }).waitFor();
      await later.getByRole('button', { name: 'Pay period' }).click();
      await later.getByRole('option', { name: 'Per hour' }).click();
      await later.getByLabel('Minimum pay (USD)').fill('22');
      await later.getByRole('button', { name: 'Next', exact: true }).click();
      const maximum = later.getByLabel('Maximum pay (USD)');
      await later.getByRole('alert').filter({ hasText: reason }).waitFor();
      expect(await maximum.getAttribute('aria-invalid')).toBe('true');
      await stepHeading(later, 'Step 3 of 7: Pay and benefits').waitFor();
      await maximum.fill('28.50');
      await later.getByRole('group', { name: 'Benefits' }).getByRole('checkbox', { name: 'Employee discount' }).check();
      await next(later, 'Step 4 of 7: Industry');

      await later.getByRole('combobox', { name: 'Industry' }).fill('Retail');
      await later.getByRole('option', { name: 'Retail Trade' }).click();
      await later.getByRole('list', { name: 'Industries chosen' }).getByText('Retail Trade').waitFor();
      await next(later, 'Step 5 of 7: Candidate requirements');

      await later.getByRole('combobox', { name: 'Skills' }).fill('Customer serv');
      await later.getByRole('option', { name: 'Customer service', exact: true }).click();
      await later.getByRole('list', { name: 'Skills chosen' }).getByText('Customer service').waitFor();
      await later.getByLabel('Minimum years of experience').fill('1');
      await later.getByLabel('Maximum years of experience').fill('3');
      await next(later, 'Step 6 of 7: Boost');

      expect(await later.getByRole('radio', { name: /^No boost/ }).getAttribute('aria-checked')).toBe('true');
      await next(later, 'Step 7 of 7: Review and publish');

      // The review reads as the job will, and publishing opens the active jobs.
      await later.getByText('Everything is in place. Check the job as job seekers will read it, then publish.').waitFor();
      const details = later.getByRole('region', { name: 'Job details' });
      await details.getByText('On-site: Vancouver, WA').waitFor();
      await details.getByRole('listitem').filter({ hasText: 'Paid training from day one' }).waitFor();
      await later.getByRole('region', { name: 'Time requirements' }).getByText('6 months').waitFor();
      await later.getByRole('region', { name: 'Pay and benefits' }).getByText('$22.00–$28.50 an hour').waitFor();
      await later.getByRole('region', { name: 'Boost' }).getByText('No boost').waitFor();
      await later.getByRole('button', { name: 'Publish job' }).click();
      await later.waitForURL((url) => url.pathname === '/user/jobs' && url.searchParams.get('job') === 'active');
      await later.getByText(PostingMessages.published).first().waitFor();
      const row = jobRow(later, title);
      await row.getByText('Active', { exact: true }).waitFor();
      await row.getByText('Vancouver, WA').waitFor();
      await row.getByText(`Created by ${recruiter.firstName} ${recruiter.lastName}`).waitFor();

      // Closed from its menu: gone from the active jobs, listed among the closed ones.
      await chooseAction(later, title, 'Close');
      await later.getByText(PostingMessages.closed).first().waitFor();
      await open(later, '/user/jobs?job=closed');
      await jobRow(later, title).getByText('Closed', { exact: true }).waitFor();

      // Reopened: active again.
      await chooseAction(later, title, 'Reopen');
      await later.getByText(PostingMessages.reopened).first().waitFor();
      await open(later, '/user/jobs?job=active');
      await jobRow(later, title).getByText('Active', { exact: true }).waitFor();

      // Cloned: a new draft of the same job opens in the wizard.
      await chooseAction(later, title, 'Clone');
      await later.waitForURL((url) => url.pathname === '/user/jobs/post-job' && url.searchParams.has('draft'));
      const cloneId = new URL(later.url()).searchParams.get('draft')!;
      expect(cloneId).not.toBe(draftId);
      await later.getByText(PostingMessages.cloned).first().waitFor();
      await stepHeading(later, 'Step 1 of 7: Job details').waitFor();
      expect(await later.getByRole('textbox', { name: 'Job title' }).inputValue()).toBe(title);
      expect(second.errors).toEqual([]);

      // ---- A recruiter of another company, given the draft's address, is refused and sees none of it.
      other = await newSession(browser.browser);
      await signIn(other.page, outsider);
      const refused = other.page.waitForResponse((res) => new URL(res.url()).pathname === `/api/job/draft/${cloneId}`);
      await open(other.page, `/user/jobs/post-job?draft=${encodeURIComponent(cloneId)}`);
      expect((await refused).status()).toBe(404);
      await other.page.getByRole('alert').filter({ hasText: PostingMessages.draftNotFound }).waitFor();
      expect(await other.page.getByText(title).count()).toBe(0);
      expect(await other.page.getByRole('textbox', { name: 'Job title' }).count()).toBe(0);
      expect(other.errors).toEqual([]);
    } finally {
      await other?.context.close();
      await second.context.close();
    }
  }, 90_000);
});
