import { describe, expect, inject, it } from 'vitest';
import type { College } from '../../src/contract/colleges.ts';
import { open } from './support/account.ts';
import { createVerifiedEmployer, expectCall, tokenOf } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { vancouver, vancouverJobData } from './support/jobs.ts';

// A student finds their college and the jobs near its campus: an internship is posted next to
// Clark College (Vancouver, WA) through the API; a visitor finds the college on /colleges, sees the
// internship among the jobs nearest the campus, and opens the search page around it.

describe('colleges', () => {
  const browser = useBrowser();

  it('a visitor finds a college by name, sees an internship near its campus, and opens the search around it', async () => {
    const found = await fetch(new URL('/api/Common/colleges?q=clark%20college', inject('baseUrl')));
    const clark = ((await found.json()) as { data: { colleges: College[] } }).data.colleges.find(
      (c) => c.name === 'Clark College' && c.state === 'WA',
    )!;
    expect(clark).toBeDefined();

    const title = `Library Intern ${Date.now().toString(36)}`;
    const employer = await createVerifiedEmployer('Fort Vancouver Books LLC');
    const data = vancouverJobData(title);
    data.jobDetails.positionType = [5];
    data.jobDetails.geoLocation = { ...vancouver, latitude: clark.latitude, longitude: clark.longitude };
    data.timeRequirements = { workSchedule: 2, hoursPerWeek: 15, schedules: [1] };
    await expectCall('/api/job/jobpost', { jobData: data }, 201, await tokenOf(employer));

    const { page } = browser;
    await open(page, '/colleges');
    await page.getByRole('heading', { level: 1, name: 'Colleges' }).waitFor();
    await page.getByRole('combobox', { name: 'College or university' }).fill('clark coll');
    await page.getByRole('option', { name: 'Clark College (Vancouver, WA)' }).click();

    const section = page.getByRole('region', { name: 'Part-time jobs and internships near Clark College' });
    const card = section.getByRole('list', { name: 'Jobs near Clark College' }).getByRole('article', { name: title });
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('Internship');

    await section.getByRole('link', { name: /^(See all .* on the map and list|Search and widen on the jobs page)$/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/jobs');
    const params = new URL(page.url()).searchParams;
    expect(params.get('types')).toBe('2,5');
    expect(params.get('place')).toBe('Vancouver, WA');
    await page.getByRole('list', { name: 'Search results' }).getByRole('article', { name: title }).waitFor();
  });
});
