import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CompanyMessages } from '../../src/contract/company.ts';
import { PERMISSION_KEY } from '../../src/services/location-store.ts';
import { expectPath, open, signIn } from './support/account.ts';
import { createVerifiedEmployer } from './support/api.ts';
import { axeViolations, formatViolations, useBrowser } from './support/browser.ts';

// The company's page, as its employer makes it and as anyone then sees it.

/** A picture made here, so no binary fixture is needed. */
async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

type Img = { complete: boolean; naturalWidth: number; src: string };

/** The `<img>` elements `selector` finds: `count` of them, each with its bytes loaded. */
async function expectImagesLoaded(page: Page, selector: string, count: number) {
  const images = page.locator(selector);
  await expect
    .poll(() =>
      images.evaluateAll((imgs) => imgs.map((img) => img as unknown as Img).filter((img) => img.complete && img.naturalWidth > 0).length),
    )
    .toBe(count);
  expect(await images.count()).toBe(count);
}

describe('the company page', () => {
  const browser = useBrowser();

  it('the employer fills in the company, adds a logo and pictures, orders them; anyone then sees the page', async () => {
    const { page, browser: chromium } = browser;
    const employer = await createVerifiedEmployer('Harbor Lights Bakery LLC');
    await signIn(page, employer);

    // The dashboard: the company's counts, zero before any job is posted.
    const posts = page.getByRole('region', { name: 'Job posts' });
    await posts.getByText('0', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Your company' }).getByRole('link', { name: 'Company details' }).click();
    await expectPath(page, '/user/settings/company-details');

    // The details: an insecure website is refused; a place is picked from the search.
    const details = page.getByRole('region', { name: 'Company details' });
    await details.getByLabel('Company name').fill('Harbor Lights Bakery');
    const website = details.getByLabel('Website');
    await website.fill('http://harborlights.example.com');
    await website.blur();
    await details.getByText(CompanyMessages.websiteInsecure).waitFor();
    expect(await details.getByRole('button', { name: 'Save details' }).isDisabled()).toBe(true);
    await website.fill('HarborLights.example.com');
    await details.getByRole('combobox', { name: 'Address' }).fill('Vancouver, WA');
    await page
      .getByRole('option', { name: /^Vancouver, WA/ })
      .first()
      .click();
    await details.getByText('Job seekers see Vancouver, WA.').waitFor();
    await details.getByLabel('About the company').fill('Bread before dawn, pastries by six. We train every baker who joins.');
    await details.getByRole('button', { name: 'Industry' }).click();
    await page.getByRole('option', { name: 'Accommodation and Food Services' }).click();
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText(CompanyMessages.detailsSaved).waitFor();
    expect(await website.inputValue()).toBe('https://harborlights.example.com');

    // The logo, by its section's address.
    await page.getByRole('navigation', { name: 'Company settings sections' }).getByRole('link', { name: 'Company logo' }).click();
    const logoSection = page.getByRole('region', { name: 'Company logo' });
    await expect.poll(() => page.locator(':focus').textContent()).toBe('Company logo');
    await logoSection
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture(800, 800, '#c2410c') });
    await logoSection.getByText(CompanyMessages.logoSaved).waitFor();
    await expectImagesLoaded(page, 'img[alt="Harbor Lights Bakery logo"]', 1);

    // Two pictures, then the second moved first.
    const featured = page.getByRole('region', { name: 'Featured images' });
    for (const [i, colour] of ['#1d4ed8', '#15803d'].entries()) {
      await featured
        .getByLabel('Add an image')
        .setInputFiles({ name: `shop-${i + 1}.png`, mimeType: 'image/png', buffer: await picture(1600, 900, colour) });
      await featured.getByText(`${i + 1} of 6 images. They show on your company page in this order.`).waitFor();
    }
    const order = () => featured.getByRole('img').evaluateAll((imgs) => imgs.map((img) => (img as unknown as Img).src));
    const before = await order();
    await featured.getByRole('button', { name: 'Move image 2 of 2 up' }).click();
    await featured.getByText(CompanyMessages.featuredReordered).waitFor();
    expect(await order()).toEqual([before[1], before[0]]);
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe('Move image 1 of 2 down');

    // The page passes an accessibility check as the employer sees it.
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Anyone, signed out, sees the public page.
    const publicPath = await page.getByRole('link', { name: 'View public page' }).getAttribute('href');
    const visitor = await chromium.newContext({ baseURL: inject('baseUrl') });
    // A returning visitor who skipped the location question today, as every page of these tests.
    await visitor.addInitScript(
      (key) => localStorage.setItem(key, JSON.stringify({ state: 'prompt', userChoice: 'skipped', timestamp: Date.now() })),
      PERMISSION_KEY,
    );
    try {
      const anyone = await visitor.newPage();
      await open(anyone, publicPath!);
      await anyone.getByRole('heading', { level: 1, name: 'Harbor Lights Bakery' }).waitFor();
      await anyone.getByText('Verified business').waitFor();
      await anyone.getByText(/verified \d{2}-\d{2}-\d{4}/).waitFor();
      await anyone.getByText('Vancouver, WA').waitFor();
      const link = anyone.getByRole('link', { name: /harborlights\.example\.com/ });
      expect(await link.getAttribute('href')).toBe('https://harborlights.example.com');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(await link.getAttribute('target')).toBe('_blank');
      await expectImagesLoaded(anyone, 'img', 3);
      await anyone.getByText('No open jobs right now.').waitFor();
      const publicViolations = await axeViolations(anyone);
      expect(publicViolations, formatViolations(publicViolations)).toEqual([]);
    } finally {
      await visitor.close();
    }
  }, 120_000);
});
