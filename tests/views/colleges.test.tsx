import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { College } from '../../src/contract/colleges.ts';
import { campusSearchHref } from '../../src/lib/colleges.ts';
import { collegesMachine, type CampusJobs } from '../../src/machines/public/colleges.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import CollegesPage from '../../src/views/public/colleges.view.tsx';
import { renderInApp } from '../support/client/app-harness.tsx';
import { searchItem } from '../support/search-data.ts';

const PSU: College = {
  id: 209807,
  name: 'Portland State University',
  city: 'Portland',
  state: 'OR',
  latitude: 45.52345,
  longitude: -122.67621,
};
const REED: College = { id: 209922, name: 'Reed College', city: 'Portland', state: 'OR', latitude: 45.52345, longitude: -122.67621 };

function stubbed(jobs: (college: College) => Promise<CampusJobs>) {
  const searches: string[] = [];
  const logic = collegesMachine.provide({
    actors: {
      findColleges: fromPromise<College[], { text: string }>(async ({ input }) => {
        searches.push(input.text);
        return [PSU, REED].filter((c) => c.name.toLowerCase().includes(input.text.trim().toLowerCase()));
      }),
      loadJobs: fromPromise<CampusJobs, { college: College }>(({ input }) => jobs(input.college)),
    },
  });
  return { logic, searches };
}

async function chooseCollege(user: ReturnType<typeof renderInApp>['user'], typed: string, option: RegExp) {
  await user.type(await screen.findByRole('combobox', { name: 'College or university' }), typed);
  await user.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}

describe('the colleges page', () => {
  it('finds a college by name and lists the part-time jobs and internships nearest its campus, with the full search a link away', async () => {
    const jobs = [
      searchItem(1, { title: 'Library Assistant', jobType: [{ id: 2, name: 'Part-time' }] }),
      searchItem(2, { title: 'Marketing Intern', jobType: [{ id: 5, name: 'Internship' }] }),
    ];
    const { logic } = stubbed(async () => ({ items: jobs, total: 12, totalIsLowerBound: false }));
    const { user } = renderInApp(<CollegesPage logic={logic} />, { path: '/colleges' });
    expect(screen.getByRole('heading', { level: 1, name: 'Colleges' })).toBeInTheDocument();

    await chooseCollege(user, 'portland', /Portland State University \(Portland, OR\)/);
    const section = await screen.findByRole('region', { name: 'Part-time jobs and internships near Portland State University' });
    expect(await within(section).findByText('12 part-time jobs and internships open near this campus.')).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'Jobs near Portland State University' });
    expect(within(list).getByRole('link', { name: 'Library Assistant' })).toHaveAttribute('href', '/jobs/job-1');
    expect(within(list).getByRole('link', { name: 'Marketing Intern' })).toHaveAttribute('href', '/jobs/job-2');
    expect(within(section).getByRole('link', { name: 'See all 12 on the map and list' })).toHaveAttribute('href', campusSearchHref(PSU));
    expect(screen.getByRole('combobox', { name: 'College or university' })).toHaveValue('Portland State University');
  });

  it('says so when no job is open near the campus, and still offers the search page', async () => {
    const { logic } = stubbed(async () => ({ items: [], total: 0, totalIsLowerBound: false }));
    const { user } = renderInApp(<CollegesPage logic={logic} />, { path: '/colleges' });
    await chooseCollege(user, 'reed', /Reed College/);
    expect(await screen.findByText('No part-time jobs or internships are open near this campus yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search and widen on the jobs page' })).toHaveAttribute('href', campusSearchHref(REED));
  });

  it('says why the jobs could not be loaded and tries again on request', async () => {
    let calls = 0;
    const { logic } = stubbed(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError('network', 0, 'Network Error!, Please check your connection.', []);
      return { items: [searchItem(3, { title: 'Barista' })], total: 1, totalIsLowerBound: false };
    });
    const { user } = renderInApp(<CollegesPage logic={logic} />, { path: '/colleges' });
    await chooseCollege(user, 'portland', /Portland State University/);
    expect(await screen.findByText('Network Error!, Please check your connection.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 part-time job or internship open near this campus.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Barista' })).toBeInTheDocument();
  });

  it('tells a visitor when no college has the name typed', async () => {
    const { logic } = stubbed(async () => ({ items: [], total: 0, totalIsLowerBound: false }));
    const { user } = renderInApp(<CollegesPage logic={logic} />, { path: '/colleges' });
    await user.type(await screen.findByRole('combobox', { name: 'College or university' }), 'zzz');
    expect(await screen.findByText('No college found by that name.', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
