import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mainNav, signIn } from './support/account.ts';
import { createVerifiedEmployer } from './support/api.ts';
import { expectNoA11yViolations, tabTo, useBrowser } from './support/browser.ts';

const NOT_FOUND = "It seems like you've stumbled upon a page that doesn't exist!";
const SERVER_ERROR = 'ERROR_500: Something went wrong!';
const HOME_TITLE = 'Find work close to home. Hire people close to you.';

/** Opens a path and waits until the app has rendered it and stopped fetching. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main#main > *').first().waitFor();
}

/** The accessible text of the element that has the focus. */
async function focusedText(page: Page): Promise<string> {
  return (await page.locator(':focus').innerText()).replace(/\s+/g, ' ').replace('✓', '').trim();
}

const visible = (page: Page, locator: ReturnType<Page['locator']>) => locator.waitFor({ state: 'visible' }).then(() => page);

describe('the app shell', () => {
  const ui = useBrowser();

  it('renders the home page with its heading and the top navigation', async () => {
    const { page } = ui;
    await open(page, '/');
    expect(await page.title()).toBeTruthy();
    const heading = page.getByRole('heading', { level: 1, name: HOME_TITLE });
    await heading.waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Colleges', 'Login', 'Register']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible(), `link ${name}`).toBe(true);
    }
    for (const name of ['JobSeeker', 'Employers', 'About us', 'Support']) {
      expect(await nav.getByRole('button', { name, exact: true }).isVisible(), `menu ${name}`).toBe(true);
    }
    // Signed out: no dashboard.
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });

  const menus: Array<{ label: string; button: string | RegExp; items: string[] }> = [
    { label: 'JobSeeker', button: 'JobSeeker', items: ['Job Seekers', 'Browse Jobs', 'Blogs', 'Build Your Resume'] },
    { label: 'Employers', button: 'Employers', items: ['Employers', 'Hiring Minors', 'Blogs'] },
    { label: 'About us', button: 'About us', items: ['About us', 'Contact'] },
    { label: 'Support', button: 'Support', items: ['Terms of Service', 'Privacy Policy', 'FAQs'] },
    { label: 'Theme', button: /^Theme: /, items: ['Light', 'Dark', 'System'] },
  ];

  for (const menu of menus) {
    it(`opens the ${menu.label} dropdown with the keyboard`, async () => {
      const { page } = ui;
      await open(page, '/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const button = nav.getByRole('button', { name: menu.button });
      await tabTo(page, button);

      await page.keyboard.press('Enter');
      const list = nav.getByRole('list', { name: menu.label, exact: true });
      await visible(page, list);
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      const items = (await list.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').replace('✓', '').trim());
      expect(items).toEqual(menu.items);
      // Tab goes into the list; the arrows move between its items.
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe(menu.items[0]);
      await page.keyboard.press('ArrowDown');
      expect(await focusedText(page)).toBe(menu.items[1]);

      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
      // Focus goes back to the button that opened it.
      expect(await button.and(page.locator(':focus')).count()).toBe(1);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
    });
  }

  it('follows a menu item chosen with the keyboard', async () => {
    const { page } = ui;
    await open(page, '/');
    await tabTo(page, page.getByRole('button', { name: 'Employers', exact: true }));
    await page.keyboard.press('ArrowDown');
    await page.getByRole('list', { name: 'Employers' }).getByRole('link', { name: 'Employers' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/hiringMinors');
    await page.getByRole('heading', { level: 1, name: 'Hiring Minors' }).waitFor();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page } = ui;
    for (const path of ['/no/such/page', '/error-404']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await page.getByText(NOT_FOUND).waitFor();
      expect(await page.getByRole('heading', { level: 1, name: '404' }).isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: HOME_TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows the server-error page with the support address from configuration', async () => {
    const { page } = ui;
    await open(page, '/error-500');
    await page.getByRole('heading', { level: 1, name: SERVER_ERROR }).waitFor();
    const support = inject('supportEmail');
    const link = page.getByRole('link', { name: support });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`mailto:${support}`);
  });

  it('keeps the dark theme across a reload', async () => {
    const { page } = ui;
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/');
    const dark = page.locator('html.dark');
    expect(await dark.count()).toBe(0);

    await page.getByRole('button', { name: /^Theme: / }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await dark.waitFor({ state: 'attached' });

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: HOME_TITLE }).waitFor();
    expect(await dark.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Theme: Dark' }).isVisible()).toBe(true);

    // And back to light.
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await page.getByRole('button', { name: 'Light', exact: true }).click();
    await dark.waitFor({ state: 'detached' });
  });

  it('collapses the navigation into a Menu button below 1,200 px', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1100, height: 900 });
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('button', { name: 'JobSeeker' }).isVisible()).toBe(false);
    // The header's link (the footer has one too).
    const browseJobs = page.getByRole('banner').getByRole('link', { name: 'Browse Jobs' });
    expect(await browseJobs.isVisible()).toBe(false);

    const menuButton = page.getByRole('button', { name: 'Menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    await visible(page, browseJobs);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const header = page.getByRole('banner');
    for (const name of ['Home', 'Colleges', 'Hiring Minors', 'FAQs', 'Login', 'Register']) {
      expect(await header.getByRole('link', { name, exact: true }).isVisible(), `link ${name}`).toBe(true);
    }

    await browseJobs.click();
    await page.waitForURL('**/browse-jobs');
    await page.getByRole('heading', { level: 1, name: 'Browse Jobs' }).waitFor();
    // Choosing a link closes the menu.
    await browseJobs.waitFor({ state: 'hidden' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the full navigation from 1,200 px up', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1200, height: 900 });
    await open(page, '/');
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'JobSeeker' }).isVisible()).toBe(true);
    // A visitor's row has room for the product's name beside its mark.
    const name = await page.getByRole('link', { name: 'Job Marketplace' }).getByText('Job Marketplace', { exact: true }).boundingBox();
    expect(name?.width).toBeGreaterThan(100);
  });

  // A company's staff have the most links: each label on one line, the row inside the window.
  for (const width of [1200, 1280]) {
    it(`keeps a company's staff navigation on one row at ${width.toLocaleString('en-US')} px`, async () => {
      const { page } = ui;
      const employer = await createVerifiedEmployer(`Nav Row ${width} LLC`, 'Christopher');
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, employer, '/user/dashboard');
      const { nav, userMenu } = mainNav(page);
      await userMenu(employer.firstName).waitFor();
      const controls = nav.locator(':is(a, button):visible');
      const boxes = await controls.evaluateAll((elements) =>
        elements.map((e) => ({
          text: (e as unknown as { innerText: string }).innerText.replace(/\s+/g, ' ').trim(),
          ...e.getBoundingClientRect().toJSON(),
        })),
      );
      expect(boxes.map((b) => b.text)).toEqual(
        expect.arrayContaining(['Dashboard', 'Jobs', 'Applicants', 'About us', expect.stringMatching(/Christopher$/)]),
      );
      for (const box of boxes) {
        expect(box.height, `${box.text} on one line`).toBeLessThan(40);
        expect(box.right, `${box.text} inside the window`).toBeLessThanOrEqual(width);
      }
      // One row: every control shares the row's middle.
      const middles = boxes.map((b) => Math.round(b.top + b.height / 2));
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
      // The product's name stays the home link's name when only the mark shows.
      expect(await nav.getByRole('link', { name: 'Job Marketplace' }).isVisible()).toBe(true);
    });
  }
});

describe('accessibility', () => {
  const ui = useBrowser();

  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['404', '/no/such/page'],
    ['server error', '/error-500'],
    ['login', '/login'],
  ];

  for (const [name, path] of pages) {
    it(`finds no axe violations on the ${name} page`, async () => {
      const { page } = ui;
      await open(page, path);
      await expectNoA11yViolations(page, path);
    });
  }

  it('finds no axe violations on the home page in the dark theme', async () => {
    const { page } = ui;
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, '/');
    await page.locator('html.dark').waitFor({ state: 'attached' });
    await expectNoA11yViolations(page, '/ (dark)');
  });

  it('finds no axe violations with a navigation menu open', async () => {
    const { page } = ui;
    await open(page, '/');
    await page.getByRole('button', { name: 'JobSeeker', exact: true }).click();
    await page.getByRole('list', { name: 'JobSeeker' }).waitFor();
    await expectNoA11yViolations(page, '/ (JobSeeker menu open)');
  });

  it('finds no axe violations with the mobile menu open', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 400, height: 900 });
    await open(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Browse Jobs' }).waitFor();
    await expectNoA11yViolations(page, '/ (menu open)');
  });
});
