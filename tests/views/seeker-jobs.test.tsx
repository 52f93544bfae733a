import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { applicationStatuses, JobMessages, type JobListCount } from '../../src/contract/jobs.ts';
import { routeTable } from '../../src/app/route-table.ts';
import { saveJobMachine } from '../../src/machines/jobs/save-job.machine.ts';
import { seekerJobsMachine, type SeekerJob, type SeekerJobPage, type SeekerList } from '../../src/machines/jobs/seeker-jobs.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import AppliedJobsPage from '../../src/views/jobs/applied-jobs.view.tsx';
import SavedJobsPage from '../../src/views/jobs/saved-jobs.view.tsx';
import { appliedJobs, listJob, sampleCounts, savedJobs } from '../../src/views/jobs/seeker-jobs-stories-support.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const employer = storedSessionFor({ id: 'em-1', email: 'erin@example.com', firstName: 'Erin', lastName: 'Price', role: 'Employer' });

type Load = { list: SeekerList; page: number; ascending: boolean };

/**
 * The seeker's lists as the server keeps them: `rows` paged ten at a time (reversed when
 * ascending); unsaving takes a job out of the saved list. `hold` keeps the next reads waiting.
 */
function server(list: SeekerList, rows: SeekerJob[], options: { counts?: JobListCount; fail?: number } = {}) {
  let jobs = [...rows];
  let failures = options.fail ?? 0;
  const loads: Load[] = [];
  const saves: Array<{ jobId: string; save: boolean }> = [];
  let gate: ReturnType<typeof deferred<void>> | null = null;
  const logic = seekerJobsMachine.provide({
    actors: {
      load: fromPromise<SeekerJobPage, Load>(async ({ input }) => {
        loads.push(input);
        if (gate) await gate.promise;
        if (failures > 0) {
          failures--;
          throw new ApiError('server', 500, 'Something went wrong!!!');
        }
        const ordered = input.ascending ? [...jobs].reverse() : jobs;
        return { items: ordered.slice((input.page - 1) * 10, input.page * 10), hasMore: ordered.length > input.page * 10 };
      }),
      count: fromPromise<JobListCount>(async () => options.counts ?? sampleCounts({ [list]: jobs.length })),
    },
  });
  const saveLogic = saveJobMachine.provide({
    actors: {
      change: fromPromise<boolean, { jobId: string; save: boolean }>(async ({ input }) => {
        saves.push(input);
        if (!input.save && list === 'saved') jobs = jobs.filter((j) => j.id !== input.jobId);
        return input.save;
      }),
    },
  });
  return {
    logic,
    saveLogic,
    loads,
    saves,
    hold: () => (gate = deferred<void>()),
    release: () => {
      gate?.resolve();
      gate = null;
    },
  };
}

const cards = () => screen.getAllByRole('article');
const card = (title: string) => screen.getByRole('article', { name: title });

/** Thirteen saved jobs: the sample ones and more. */
const manySaved = [
  ...savedJobs,
  ...Array.from({ length: 8 }, (_, i) => ({ ...savedJobs[0]!, ...listJob(60 + i, { userActions: { isSaved: true } }) })),
];

describe('the saved jobs page', () => {
  it('says it is loading, then lists the saved jobs with the day each was saved and whether it is still open', async () => {
    const sut = server('saved', savedJobs);
    sut.hold();
    renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, { path: '/user/saved-jobs', stored: seeker });
    expect(await screen.findByText('Loading your saved jobs…')).toBeInTheDocument();
    sut.release();
    await screen.findByRole('heading', { level: 3, name: 'Barista' });

    expect(screen.getByRole('heading', { level: 1, name: 'Saved jobs' })).toBeInTheDocument();
    expect(cards()).toHaveLength(5);
    const barista = card('Barista');
    expect(within(barista).getByRole('link', { name: 'Barista' })).toHaveAttribute('href', `/jobs/${savedJobs[0]!.id}`);
    expect(barista).toHaveTextContent('Saved 03-08-2025');
    expect(within(barista).getByRole('button', { name: 'Saved: Barista' })).toHaveAttribute('aria-pressed', 'true');
    expect(card('Delivery Driver')).toHaveTextContent('This job is closed');
    expect(card('Retail Associate')).toHaveTextContent('This job has expired');
    expect(barista).not.toHaveTextContent('This job is');
    expect(sut.loads).toEqual([{ list: 'saved', page: 1, ascending: false }]);
  });

  it('shows Applied and Saved as tabs with their counts, Saved the current one', async () => {
    const sut = server('saved', savedJobs);
    renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, { path: '/user/saved-jobs', stored: seeker });
    const tabs = await screen.findByRole('navigation', { name: 'Your jobs' });
    expect(await within(tabs).findByRole('link', { name: 'Saved jobs (5)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Applied jobs (8)' })).toHaveAttribute('href', '/user/applied-jobs');
    expect(within(tabs).getByRole('link', { name: 'Applied jobs (8)' })).not.toHaveAttribute('aria-current');
  });

  it('takes an unsaved job off the list at once, says so, keeps the focus in the list and fills the page again', async () => {
    const sut = server('saved', manySaved);
    const { user } = renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, {
      path: '/user/saved-jobs',
      stored: seeker,
    });
    await screen.findByRole('heading', { level: 3, name: 'Barista' });
    expect(cards()).toHaveLength(10);
    await user.click(within(card('Barista')).getByRole('button', { name: 'Saved: Barista' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Barista' })).not.toBeInTheDocument());
    expect(sut.saves).toEqual([{ jobId: savedJobs[0]!.id, save: false }]);
    expect(screen.getByText(JobMessages.unsaved)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 2, name: 'Your saved jobs' })).toHaveFocus();
    // The page is read again: the eleventh job moves up.
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(sut.loads.at(-1)).toEqual({ list: 'saved', page: 1, ascending: false });
    expect(screen.getByRole('link', { name: 'Saved jobs (12)' })).toBeInTheDocument();
  });

  it('goes back a page when unsaving empties the last one', async () => {
    const sut = server(
      'saved',
      savedJobs
        .concat(manySaved.slice(5))
        .concat([{ ...savedJobs[0]!, ...listJob(90, { title: 'Night Porter', userActions: { isSaved: true } }) }]),
    );
    const { user } = renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, {
      path: '/user/saved-jobs',
      stored: seeker,
    });
    await screen.findByText('14 saved jobs, page 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('14 saved jobs, page 2');
    expect(cards()).toHaveLength(4);
    for (const title of cards().map((c) => c.querySelector('h3')!.textContent!)) {
      await user.click(screen.getByRole('button', { name: `Saved: ${title}` }));
      await waitFor(() => expect(screen.queryByRole('article', { name: title })).not.toBeInTheDocument());
    }
    expect(await screen.findByText('10 saved jobs')).toBeInTheDocument();
    expect(cards()).toHaveLength(10);
    expect(sut.loads.at(-1)).toEqual({ list: 'saved', page: 1, ascending: false });
    expect(screen.queryByRole('navigation', { name: 'Your saved jobs pages' })).not.toBeInTheDocument();
  });

  it('pages ten at a time while more follow', async () => {
    const sut = server('saved', manySaved);
    const { user } = renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, {
      path: '/user/saved-jobs',
      stored: seeker,
    });
    await screen.findByText('13 saved jobs, page 1');
    const pager = screen.getByRole('navigation', { name: 'Your saved jobs pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('13 saved jobs, page 2')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('13 saved jobs, page 1')).toBeInTheDocument();
    expect(sut.loads.map((l) => l.page)).toEqual([1, 2, 1]);
  });

  it('shows the oldest first on request, from page 1', async () => {
    const sut = server('saved', manySaved);
    const { user } = renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, {
      path: '/user/saved-jobs',
      stored: seeker,
    });
    await screen.findByText('13 saved jobs, page 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('13 saved jobs, page 2');
    const oldest = screen.getByRole('button', { name: 'Oldest first' });
    expect(oldest).toHaveAttribute('aria-pressed', 'false');
    await user.click(oldest);
    expect(await screen.findByText('13 saved jobs, page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Oldest first' })).toHaveAttribute('aria-pressed', 'true');
    expect(sut.loads.at(-1)).toEqual({ list: 'saved', page: 1, ascending: true });
    expect(cards()[0]).toHaveAccessibleName(manySaved.at(-1)!.title);
  });

  it('says when nothing is saved and leads to the job search', async () => {
    const sut = server('saved', []);
    renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, { path: '/user/saved-jobs', stored: seeker });
    expect(await screen.findByText(/You have no saved jobs/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/user/search-jobs');
    expect(screen.queryByRole('button', { name: 'Oldest first' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again on request', async () => {
    const sut = server('saved', savedJobs, { fail: 1 });
    const { user } = renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, {
      path: '/user/saved-jobs',
      stored: seeker,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your saved jobs could not be loaded. Something went wrong!!!');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Barista' })).toBeInTheDocument();
    expect(sut.loads).toHaveLength(2);
  });

  it('is for job seekers only', async () => {
    const sut = server('saved', savedJobs);
    renderInApp(<SavedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, { path: '/user/saved-jobs', stored: employer });
    expect(await screen.findByText(/This page is for job seekers/)).toBeInTheDocument();
    expect(sut.loads).toEqual([]);
  });
});

describe('the applied jobs page', () => {
  async function opened() {
    const sut = server('applied', appliedJobs);
    const app = renderInApp(<AppliedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, {
      path: '/user/applied-jobs',
      stored: seeker,
    });
    await screen.findByRole('heading', { level: 3, name: 'Warehouse Associate' });
    return { ...sut, app };
  }

  it('shows each application’s status in words and the day it was sent', async () => {
    await opened();
    expect(screen.getByRole('heading', { level: 1, name: 'Applied jobs' })).toBeInTheDocument();
    expect(screen.getByText('8 applications')).toBeInTheDocument();
    expect(cards()).toHaveLength(8);
    const statuses = cards().map((c) => c.querySelector('[data-status]')!.textContent!.replace(/^\W+/, ''));
    expect(statuses).toEqual([...applicationStatuses, 'Applied']);
    expect(card('Warehouse Associate')).toHaveTextContent('Applied 03-10-2025');
    expect(card('Barista')).toHaveTextContent('Applied 03-07-2025');
    expect(within(screen.getByRole('navigation', { name: 'Your jobs' })).getByRole('link', { name: 'Applied jobs (8)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('leads to the conversation about an application once the company wrote, and nowhere before', async () => {
    await opened();
    const barista = card('Barista');
    const link = within(barista).getByRole('link', { name: `Messages with ${appliedJobs[1]!.companyName} about Barista` });
    expect(link).toHaveAttribute('href', `/user/messaging?c=${appliedJobs[1]!.conversationUrl}`);
    expect(within(card('Warehouse Associate')).queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument();
  });

  it('says when a job closed or expired, and when its employer removed it, without a link to a page that is gone', async () => {
    await opened();
    expect(card('Line Cook')).toHaveTextContent('This job is closed');
    expect(card('Retail Associate')).toHaveTextContent('This job has expired');
    const removed = card('Data Entry Clerk');
    expect(removed).toHaveTextContent('Removed by the employer');
    expect(within(removed).queryByRole('link')).not.toBeInTheDocument();
    expect(within(removed).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('Line Cook')).getByRole('link', { name: 'Line Cook' })).toHaveAttribute('href', `/jobs/${appliedJobs[4]!.id}`);
  });

  it('saves a job from the list and keeps it there', async () => {
    const { app, saves } = await opened();
    await app.user.click(within(card('Warehouse Associate')).getByRole('button', { name: 'Save: Warehouse Associate' }));
    expect(await within(card('Warehouse Associate')).findByRole('button', { name: 'Saved: Warehouse Associate' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(saves).toEqual([{ jobId: appliedJobs[0]!.id, save: true }]);
    expect(screen.getByRole('link', { name: 'Saved jobs (6)' })).toBeInTheDocument();
    await app.user.click(within(card('Barista')).getByRole('button', { name: 'Saved: Barista' }));
    expect(await within(card('Barista')).findByRole('button', { name: 'Save: Barista' })).toBeInTheDocument();
    expect(cards()).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Saved jobs (5)' })).toBeInTheDocument();
  });

  it('says when nothing was applied to yet', async () => {
    const sut = server('applied', []);
    renderInApp(<AppliedJobsPage logic={sut.logic} saveLogic={sut.saveLogic} />, { path: '/user/applied-jobs', stored: seeker });
    expect(await screen.findByText(/You have not applied to any job yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/user/search-jobs');
  });
});

describe('the way to the lists', () => {
  it('serves both pages to signed-in users', () => {
    expect(routeTable.find((r) => r.path === '/user/applied-jobs')).toMatchObject({ page: 'jobs/applied-jobs.view', access: 'signedIn' });
    expect(routeTable.find((r) => r.path === '/user/saved-jobs')).toMatchObject({ page: 'jobs/saved-jobs.view', access: 'signedIn' });
  });
});
