import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { expectPath, open, signIn } from './support/account.ts';
import { createRecruiter, createVerifiedJobSeeker, expectCall, tokenOf } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { vancouverJobData } from './support/jobs.ts';

// A recruiter reads what happened to a job: two job seekers open its page and start applying, the
// recruiter opens the job's dashboard from the jobs list, pages the range back a week and forward
// again, and reads today's counts in the table that stands in for the charts.

/** Views and starts are counted for people in browsers; the load here comes from the API, so it says it is one. */
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function seekerAction(path: string, token: string): Promise<void> {
  const res = await fetch(new URL(path, inject('baseUrl')), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'user-agent': BROWSER_AGENT },
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
}

const display = (d: dayjs.Dayjs) => d.format('MM-DD-YYYY');
const range = (start: dayjs.Dayjs, end: dayjs.Dayjs) => `${display(start)} – ${display(end)} (7 days)`;

describe('metrics', () => {
  const browser = useBrowser();

  it('a recruiter opens a job’s dashboard, pages the range back a week and forward again, and reads today’s counts as a table', async () => {
    const title = `Forklift Operator ${Date.now().toString(36)}`;
    const recruiter = await createRecruiter('Harbor Logistics LLC', 'Morgan');
    const created = (await expectCall('/api/job/jobpost', { jobData: vancouverJobData(title) }, 201, await tokenOf(recruiter))) as {
      data: { id: string };
    };
    const jobId = created.data.id;

    // Two seekers open the job's page; one of them starts applying.
    for (const [i, starts] of [
      [0, true],
      [1, false],
    ] as const) {
      const seeker = await createVerifiedJobSeeker(undefined, 30 + i);
      const token = await tokenOf(seeker);
      await seekerAction(`/api/job/job-click/${jobId}`, token);
      if (starts) await seekerAction(`/api/job/job-apply/${jobId}`, token);
    }

    const { page } = browser;
    await signIn(page, recruiter);
    await open(page, '/user/jobs');
    await page.getByRole('link', { name: `Metrics for ${title}` }).click();
    await expectPath(page, `/user/jobs/${jobId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // The week ending today; there is nothing later to see.
    const today = dayjs();
    const dates = page.getByRole('group', { name: 'Dates shown' });
    const shown = dates.locator('output');
    await expect.poll(() => shown.innerText()).toBe(range(today.subtract(6, 'day'), today));
    const later = dates.getByRole('button', { name: /Later/ });
    expect(await later.getAttribute('aria-disabled')).toBe('true');

    // A week back, then forward again.
    await dates.getByRole('button', { name: /Earlier/ }).click();
    await expect.poll(() => shown.innerText()).toBe(range(today.subtract(13, 'day'), today.subtract(7, 'day')));
    expect(await later.getAttribute('aria-disabled')).toBeNull();
    await later.click();
    await expect.poll(() => shown.innerText()).toBe(range(today.subtract(6, 'day'), today));

    // The charts as a table: today's row holds the two views and the one start (counts reach the
    // table within a few seconds; the page is read again until they have).
    const todayCounts = async () => {
      await page.reload();
      await page.getByRole('button', { name: 'Show as table' }).first().click();
      const table = page.getByRole('table').first();
      const headers = (await table.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).slice(1);
      const row = table.getByRole('row', { name: new RegExp(`^${display(today)}`) });
      const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
      return { views: cells[headers.indexOf('Views')], starts: cells[headers.indexOf('Application starts')] };
    };
    await expect.poll(todayCounts, { timeout: 20_000, interval: 1_000 }).toEqual({ views: '2', starts: '1' });
  });
});
