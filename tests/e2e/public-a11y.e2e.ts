import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../src/lib/public-site.ts';
import { open } from './support/account.ts';
import { expectNoA11yViolations, useBrowser } from './support/browser.ts';

// The public site as a visitor meets it: every page served with its content and head before any
// script runs, taken over by the app without an error, then checked by axe in light and in dark.

describe('the public pages', () => {
  const browser = useBrowser();

  const pages = [...PUBLIC_PAGES.map((p) => p.path), '/blogs/your-first-resume'];

  for (const path of pages) {
    it(`${path} arrives with its content and head, and has no axe violations in light and dark`, async () => {
      const { page } = browser;
      // The HTML as sent: its heading and canonical address are there without JavaScript.
      const res = await page.request.get(path);
      const html = await res.text();
      expect(res.status()).toBe(200);
      expect(html).toMatch(/<h1 id="page-title"[^>]*>/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path.replace(/\//g, '\\/')}" />`));
      expect(html).not.toContain('%PUBLIC_URL%');

      // The browser takes the page over without a complaint: no script blocked by the page's
      // policy, no hydration that had to start again.
      const complaints: string[] = [];
      const listen = (m: { type(): string; text(): string }) => m.type() === 'error' && complaints.push(m.text());
      page.on('console', listen);
      page.on('pageerror', (e) => complaints.push(String(e)));
      await open(page, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      page.off('console', listen);
      expect(complaints).toEqual([]);
      await expectNoA11yViolations(page, `${path} (light)`);

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.evaluate(() => localStorage.setItem('themeMode', 'dark'));
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoA11yViolations(page, `${path} (dark)`);
      await page.evaluate(() => localStorage.removeItem('themeMode'));
      await page.emulateMedia({ colorScheme: 'light' });
    });
  }

  it('/faqs has no axe violations with an answer open', async () => {
    const { page } = browser;
    await open(page, '/faqs');
    const question = page.getByRole('button', { name: 'Does it cost anything to look for work here?' });
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await expectNoA11yViolations(page, '/faqs (an answer open)');
  });

  it('serves the blog feed', async () => {
    const res = await browser.page.request.get('/blogs/rss.xml');
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('<title>How to write your first resume, even with no work history</title>');
  });
});
