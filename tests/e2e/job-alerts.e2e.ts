import { describe, expect, inject, it } from 'vitest';
import { JobAlertMessages } from '../../src/contract/job-alerts.ts';
import { findMail, open, uniqueEmail } from './support/account.ts';
import { createVerifiedEmployer, expectCall, mailedLink, tokenOf } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { vancouverJobData } from './support/jobs.ts';

// A visitor asks for new jobs like the ones they searched for, confirms the alert from the mail,
// and receives a digest once a matching job is posted and a day has passed (the server's dev clock
// moves the day); the digest's one-click unsubscribe (RFC 8058) ends the alert.

const DAY_MS = 24 * 60 * 60 * 1000;

async function moveClock(advanceMs: number): Promise<{ digests: { sent: number } }> {
  const res = await fetch(new URL('/dev/clock', inject('baseUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { digests: { sent: number } } }).data;
}

describe('job alerts', () => {
  const browser = useBrowser();

  it('a visitor subscribes from a search, confirms from the mail, receives a digest of a new matching job, and leaves with one click', async () => {
    const suffix = Date.now().toString(36);
    const keyword = `Lamplighter ${suffix}`;
    const email = uniqueEmail('alerts');
    const { page } = browser;

    // ---- The search, and "Email me jobs like these" with it.
    await open(page, '/jobs');
    const search = page.getByRole('search', { name: 'Jobs' });
    await expect.poll(() => search.getByRole('combobox', { name: 'Where' }).inputValue()).toContain('Vancouver');
    await search.getByRole('searchbox', { name: 'What' }).fill(keyword);
    await search.getByRole('searchbox', { name: 'What' }).press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q') ?? new URL(page.url()).search).toContain('Lamplighter');

    await page.getByRole('button', { name: JobAlertMessages.emailMeJobs }).click();
    const dialog = page.getByRole('dialog', { name: JobAlertMessages.emailMeJobs });
    await dialog.getByRole('textbox', { name: 'Your email' }).waitFor();
    await expect.poll(() => dialog.innerText()).toContain(keyword);
    await expect.poll(() => dialog.innerText()).toContain('Vancouver');
    await dialog.getByRole('textbox', { name: 'Your email' }).fill(email);
    await dialog.getByRole('radio', { name: 'Daily' }).check();
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await dialog.getByText(JobAlertMessages.checkEmail).waitFor();

    // ---- Nothing is sent before the address confirms; the mail's link confirms it.
    const confirm = await mailedLink(email, '/job-alerts/confirm');
    const employer = await createVerifiedEmployer('Harbor Lights LLC');
    const title = `Night ${keyword}`;
    await expectCall('/api/job/jobpost', { jobData: vancouverJobData(`Early ${keyword}`) }, 201, await tokenOf(employer));
    expect((await moveClock(DAY_MS + 60_000)).digests.sent, 'no digest for an alert not confirmed').toBe(0);
    await moveClock(-(DAY_MS + 60_000));

    await page.goto(confirm.pathname + confirm.search);
    await page.getByText(JobAlertMessages.confirmed).waitFor();

    // ---- A matching job is posted; a day later the digest lists it.
    await expectCall('/api/job/jobpost', { jobData: vancouverJobData(title) }, 201, await tokenOf(employer));
    try {
      expect((await moveClock(DAY_MS + 60_000)).digests.sent).toBeGreaterThanOrEqual(1);
    } finally {
      await moveClock(-(DAY_MS + 60_000));
    }
    const digest = await findMail(page, email, /new job.* for your Job Marketplace job alert/);
    const text = await digest.innerText();
    expect(text).toContain(title);
    // Posted before the alert was confirmed: not in its first digest.
    expect(text).not.toContain(`Early ${keyword}`);
    expect(text).toContain('List-Unsubscribe-Post');
    expect(text).toContain('List-Unsubscribe=One-Click');
    await digest
      .getByRole('link', { name: new RegExp(`/jobs/`) })
      .first()
      .waitFor();

    // ---- One click in the mail program: a POST to the List-Unsubscribe address ends the alert.
    const html = await page.content();
    const oneClick = /(https?:\/\/[^\s<>"]*\/api\/job\/Unsubscribe\/one-click\?token=[^\s<>"&]+)/.exec(html)?.[1];
    expect(oneClick, 'the digest names its one-click unsubscribe address').toBeDefined();
    const post = () =>
      fetch(oneClick!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await post()).status).toBe(200);
    expect((await post()).status, 'the alert is gone').toBe(404);
  });
});
