import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PUBLIC_PAGES } from '../../src/lib/public-site.ts';
import { createVerifiedJobSeeker, createVerifiedEmployer, expectCall, tokenOf } from './support/api.ts';
import { newPerson, open, signIn } from './support/account.ts';
import { expectNoA11yViolations, useBrowser } from './support/browser.ts';
import { vancouverJobData } from './support/jobs.ts';

// The public site as a visitor meets it: every page served with its content and head before any
// script runs, taken over by the app without an error, then checked by axe in light and in dark.
// A job's page too: drawn by the server per job, its head written per job.

/** Errors the page logs or throws from now on (a blocked script, a hydration that had to start again). */
function watchComplaints(page: Page) {
  const complaints: string[] = [];
  const listen = (m: { type(): string; text(): string }) => m.type() === 'error' && complaints.push(m.text());
  const thrown = (e: Error) => complaints.push(String(e));
  page.on('console', listen);
  page.on('pageerror', thrown);
  return () => {
    page.off('console', listen);
    page.off('pageerror', thrown);
    return complaints;
  };
}

/** How far the page's content moved on its own since it was opened (the cumulative layout shift). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        // Typed as Node's observer, which knows no layout shifts; the page's does.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true } as unknown as Parameters<PerformanceObserver['observe']>[0]);
        setTimeout(() => resolve(sum), 200);
      }),
  );
}

describe('the public pages', () => {
  // A visitor who has not answered the location prompt yet, so the browser takes each prerendered
  // page over (a kept answer has the app draw it afresh instead, see src/app/hydration.ts).
  const browser = useBrowser({ skipLocationPrompt: false });

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
      const stopWatching = watchComplaints(page);
      await open(page, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(stopWatching()).toEqual([]);
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

  it('/jobs arrives with its search form and is taken over without an error, then searches', async () => {
    const { page } = browser;
    const html = await (await page.request.get('/jobs')).text();
    expect(html).toMatch(/<h1 id="page-title"[^>]*>Browse Jobs<\/h1>/);
    expect(html).toContain('Sign in to save and apply.');
    const stopWatching = watchComplaints(page);
    await open(page, '/jobs');
    // The search around the default place is answered (how many it found is said to screen readers).
    await page
      .getByRole('status')
      .filter({ hasText: /^[\d,]+\+? jobs? found$/ })
      .waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(stopWatching()).toEqual([]);
  });

  it('/jobs/:id arrives with the job and its head, is taken over without an error or a second request by a visitor and by a job seeker, stays put, and has no axe violations', async () => {
    const title = `Forklift Operator ${Date.now().toString(36)}`;
    const employer = await createVerifiedEmployer('Harbor Freight Lines LLC', 'Rowan');
    const created = (await expectCall('/api/job/jobpost', { jobData: vancouverJobData(title) }, 201, await tokenOf(employer))) as {
      data: { id: string };
    };
    const path = `/jobs/${created.data.id}`;
    const { page } = browser;

    // The HTML as sent is the job's page itself: its head, and the job drawn with the app's views.
    const res = await page.request.get(path);
    const html = await res.text();
    expect(res.status()).toBe(200);
    expect(html).toContain(`<title>${title} at `);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path.replace(/\//g, '\\/')}" />`));
    expect(html).toMatch(new RegExp(`<h1 id="page-title"[^>]*>${title}</h1>`));
    expect(html).toContain('Harbor Freight Lines LLC');
    expect(html).not.toContain('Loading the job…');

    // A visitor: taken over without a complaint and without asking for the job again (only its
    // view is counted), nothing moves, and no location prompt covers the job they came to read.
    let stopWatching = watchComplaints(page);
    const calls: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
    };
    page.on('request', onRequest);
    await open(page, path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(stopWatching()).toEqual([]);
    expect(calls.filter((c) => c.startsWith('/api/job/'))).toEqual([`/api/job/job-click/${created.data.id}`]);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(await page.getByRole('dialog', { name: 'Enable Location Access' }).count()).toBe(0);
    await expectNoA11yViolations(page, `${path} (light)`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('themeMode', 'dark'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectNoA11yViolations(page, `${path} (dark)`);
    await page.evaluate(() => localStorage.removeItem('themeMode'));
    await page.emulateMedia({ colorScheme: 'light' });

    // A signed-in job seeker lands on the same page: the stored session may be read before the page
    // is taken over, and still nothing complains.
    const seeker = await createVerifiedJobSeeker(newPerson('reader', 'Sky'));
    await signIn(page, seeker);
    stopWatching = watchComplaints(page);
    await open(page, path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(stopWatching()).toEqual([]);
  });
});

describe('the public pages, the location prompt answered', () => {
  const browser = useBrowser();

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
