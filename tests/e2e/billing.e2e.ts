import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BillingMessages, CANCEL_REASON_NAMES, TEST_CARDS } from '../../src/contract/billing.ts';
import { expectPath, open, signIn } from './support/account.ts';
import { createVerifiedEmployer, expectCall, tokenOf } from './support/api.ts';
import { urlOf, useBrowser } from './support/browser.ts';
import { vancouverJobData } from './support/jobs.ts';

// Paying to boost a job, with the built-in test processor (the server under test has no Stripe
// keys): the employer adds a test card on the billing page, is refused with a declined card, boosts
// a job from the jobs list, a visitor finds the job among the featured jobs near Vancouver, WA, the
// employer downloads the first invoice as a PDF and cancels the boost with a reason.

describe('billing', () => {
  const browser = useBrowser();

  it('an employer adds a test card, boosts a job that then shows as featured near it, reads and downloads the invoice, and cancels with a reason', async () => {
    const title = `Dock Lead ${Date.now().toString(36)}`;
    const employer = await createVerifiedEmployer('Riverside Freight LLC', 'Quinn');
    await expectCall('/api/job/jobpost', { jobData: vancouverJobData(title) }, 201, await tokenOf(employer));

    // ---- A card that declines, then the one that pays; the first card saved becomes the default.
    const { page } = browser;
    await signIn(page, employer);
    await open(page, '/user/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    const cards = page.getByRole('list', { name: 'Cards' });

    async function addCard(number: string) {
      await page.getByRole('button', { name: 'Add card' }).click();
      const form = page.getByRole('form', { name: 'Add a card' });
      await form.getByText('Test mode').first().waitFor();
      await form.getByRole('textbox', { name: 'Card number' }).fill(number);
      await form.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
      await form.getByRole('textbox', { name: 'CVC' }).fill('123');
      await form.getByRole('button', { name: /Add|Save/ }).click();
      return form;
    }

    // A number that fails the checksum is refused on its field, and nothing is saved.
    const bad = await addCard('4242 4242 4242 4241');
    await bad.getByText(BillingMessages.cardNumber).waitFor();
    await bad.getByRole('button', { name: 'Cancel' }).click();

    await addCard(TEST_CARDS.declined);
    await cards.getByText('Default', { exact: true }).waitFor();
    await expect.poll(() => cards.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => cards.innerText()).toMatch(/Visa[^]*0002[^]*Expires 12\/34/);

    // ---- Boosting with the declining card: refused in the employer's words, nothing charged.
    await open(page, '/user/jobs');
    await page.getByRole('button', { name: `Boost ${title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Boost “${title}”` });
    await dialog.getByRole('radio', { name: /Premium/ }).check();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('radio', { name: /^7 days/ }).check();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Review', exact: true }).click();
    await dialog.getByRole('button', { name: /^Pay \$\d+(\.\d\d)? and boost$/ }).click();
    await dialog.getByText(BillingMessages.declined).waitFor();
    await dialog.getByText('Nothing was charged.').waitFor();

    // Another card, added on the way, pays.
    await dialog.getByRole('button', { name: 'Choose another card' }).click();
    await dialog.getByRole('button', { name: /Add a card|Add card/ }).click();
    await dialog.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.succeeds);
    await dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
    await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
    await dialog
      .getByRole('button', { name: /Add|Save/ })
      .last()
      .click();
    await dialog.getByRole('radio', { name: /4242/ }).check();
    await dialog.getByRole('button', { name: 'Review', exact: true }).click();
    await dialog.getByRole('button', { name: /^Pay \$\d+(\.\d\d)? and boost$/ }).click();
    await dialog.getByText(BillingMessages.boosted).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: title }).getByText('Boosted').waitFor();

    // ---- A visitor near Vancouver, WA finds it among the featured jobs.
    const visitor = await browser.browser.newContext({ baseURL: urlOf(), viewport: { width: 1280, height: 900 } });
    try {
      const seekerPage = await visitor.newPage();
      await open(seekerPage, '/jobs');
      // A first visit asks about the location; the visitor goes on without sharing it (Vancouver, WA).
      await seekerPage.getByRole('button', { name: 'Continue Without Location' }).click();
      const featured = seekerPage.getByRole('list', { name: 'Featured jobs' });
      const card = featured.getByRole('article', { name: title });
      await card.waitFor();
      await card.getByText('Featured', { exact: true }).waitFor();
    } finally {
      await visitor.close();
    }

    // ---- The invoice: readable, and downloaded as a PDF.
    await open(page, '/user/billing');
    await page.getByRole('link', { name: 'INV-000001' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/user/billing/invoices/'));
    await page.getByRole('heading', { level: 1, name: /INV-000001/ }).waitFor();
    await expect.poll(() => page.locator('main').innerText()).toContain(title);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Visa.*4242/s);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // ---- Cancelling with a reason: the boost runs to the end of its paid period.
    await page.getByRole('link', { name: 'Back to billing' }).click();
    await expectPath(page, '/user/billing');
    await page.getByRole('button', { name: `Cancel the boost of ${title}` }).click();
    const cancel = page.getByRole('form', { name: `Cancel the boost of ${title}` });
    await cancel.getByRole('radio', { name: CANCEL_REASON_NAMES.position_filled }).check();
    await cancel.getByRole('textbox', { name: 'Tell us more (optional)' }).fill('We hired from the first week of applicants.');
    await cancel.getByRole('button', { name: 'Cancel boost' }).click();
    const boost = page.getByRole('list', { name: 'Boosts' }).getByRole('article', { name: title });
    await boost.getByText(/Cancelled: runs until \d\d-\d\d-\d{4}/).waitFor();
    await expect.poll(() => boost.getByRole('button', { name: `Cancel the boost of ${title}` }).count()).toBe(0);
  }, 120_000);
});
