import { resumePdf } from '../../server/jobseeker/demo-resume.ts';
import { describe, expect, inject, it } from 'vitest';
import { JobMessages } from '../../src/contract/jobs.ts';
import { chooseFromUserMenu, expectPath, loginForm, newPerson, open } from './support/account.ts';
import { createVerifiedEmployer, createVerifiedJobSeeker, expectCall, tokenOf } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { vancouverJobData } from './support/jobs.ts';

// Finding and applying for a job: a visitor searches near Vancouver, WA on the offline map (no
// Maps key), opens a job, signs in from its Apply button, applies with a chosen résumé and finds
// the job among the applied jobs; then saves a job from the search results and unsaves it from
// the saved jobs. The job and the seeker are made through the public API beforehand.

/** Uploads a résumé for the seeker through the API, as the documents page does. */
async function uploadResume(token: string, name: string, fileName: string) {
  const form = new FormData();
  form.append('type', '1');
  form.append(
    'file',
    new Blob(
      [
        new Uint8Array(
          resumePdf({
            name,
            contact: '(360) 555-0100',
            summary: 'Dock lead who keeps the trailers moving.',
            jobs: [],
            education: [],
            skills: ['Forklift operation'],
          }),
        ),
      ],
      { type: 'application/pdf' },
    ),
    fileName,
  );
  const res = await fetch(new URL('/api/JobSeeker/documents', inject('baseUrl')), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`documents answered ${res.status}: ${await res.text()}`);
}

describe('finding and applying for jobs', () => {
  const browser = useBrowser();

  it('a visitor finds a job near Vancouver, WA on the offline map, signs in from Apply, applies with a résumé and finds it in applied jobs; a saved job leaves the saved jobs when unsaved', async () => {
    const suffix = Date.now().toString(36);
    const title = `Dock Lead ${suffix}`;
    const employer = await createVerifiedEmployer('Riverside Freight LLC');
    const job = (await expectCall('/api/job/jobpost', { jobData: vancouverJobData(title) }, 201, await tokenOf(employer))) as {
      data: { id: string };
    };
    const seeker = await createVerifiedJobSeeker(newPerson('applicant', 'Jordan'));
    await uploadResume(await tokenOf(seeker), 'Jordan Applicant', 'jordan-resume.pdf');

    // ---- A visitor searches near the default place, Vancouver, WA, without any Maps key.
    const { page } = browser;
    await open(page, `/jobs`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('search', { name: 'Jobs' }).getByRole('combobox', { name: 'Where' }).inputValue())
      .toContain('Vancouver');
    const map = page.getByRole('region', { name: 'Job map' });
    await map.getByRole('application', { name: /^Job map, zoom \d+ of 20$/ }).waitFor();
    await page.getByRole('search', { name: 'Jobs' }).getByRole('searchbox', { name: 'What' }).fill(title);
    await page.getByRole('search', { name: 'Jobs' }).getByRole('searchbox', { name: 'What' }).press('Enter');
    const results = page.getByRole('list', { name: 'Search results' });
    const card = results.getByRole('article', { name: title });
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('Riverside Freight');
    await expect.poll(() => card.innerText()).toContain('$21.50–$25.00 an hour');
    await expect.poll(() => results.getByRole('article').count()).toBe(1);
    // The job's pin is on the map: a single job's marker names it.
    await map
      .getByRole('list', { name: 'Jobs on the map' })
      .getByRole('button', { name: new RegExp(title) })
      .waitFor();
    // The address holds the search, so it can be shared and Back returns to it.
    expect(new URL(page.url()).searchParams.get('q')).toBe(title);

    // ---- The job's page, and Apply as a visitor leads to sign in and back.
    await card.getByRole('link', { name: title }).click();
    await expectPath(page, `/jobs/${job.data.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText(JobMessages.verifiedBusiness).first().waitFor();
    await page.getByRole('link', { name: 'Apply' }).click();
    await expectPath(page, '/login');
    await page.getByLabel('Email', { exact: true }).fill(seeker.email);
    await page.locator('input[type=password]').fill(seeker.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectPath(page, `/jobs/${job.data.id}`);

    // ---- Applying with the résumé chosen.
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /jordan-resume\.pdf/ }).check();
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await dialog.getByText(JobMessages.applied).waitFor();
    await dialog.getByRole('link', { name: 'See your applied jobs' }).click();
    await expectPath(page, '/user/applied-jobs');
    const applied = page.getByRole('article', { name: title });
    await applied.waitFor();
    await expect.poll(() => applied.innerText()).toMatch(/Applied/);

    // ---- Saving from the search results, unsaving from the saved jobs.
    await open(page, `/user/search-jobs?q=${encodeURIComponent(title)}`);
    const result = page.getByRole('list', { name: 'Search results' }).getByRole('article', { name: title });
    await result.getByRole('button', { name: `Save: ${title}` }).click();
    await result.getByRole('button', { name: `Saved: ${title}` }).waitFor();
    await open(page, '/user/saved-jobs');
    const saved = page.getByRole('article', { name: title });
    await saved.getByRole('button', { name: `Saved: ${title}` }).click();
    await saved.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: JobMessages.unsaved }).first().waitFor();
    await open(page, '/user/saved-jobs');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('article', { name: title }).count()).toBe(0);
  });

  it('signs in a returning seeker straight to the page asked for, never to another site', async () => {
    const seeker = await createVerifiedJobSeeker(newPerson('returning', 'Parker'));
    const { page } = browser;
    await open(page, '/login?next=%2Fuser%2Fsaved-jobs');
    const login = loginForm(page);
    await login.email.fill(seeker.email);
    await login.password.fill(seeker.password);
    await login.submit.click();
    await expectPath(page, '/user/saved-jobs');

    await chooseFromUserMenu(page, seeker.firstName, 'Logout');
    await expectPath(page, '/login');
    await open(page, '/login?next=%2F%2Fevil.example%2Fsteal');
    await login.email.fill(seeker.email);
    await login.password.fill(seeker.password);
    await login.submit.click();
    await expectPath(page, '/user/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(inject('baseUrl')).host);
  });
});
