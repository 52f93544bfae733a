import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { RequireRole } from '../../src/app/guards.tsx';
import { routeTable } from '../../src/app/route-table.ts';
import { PostingMessages, type JobListRequest, type JobPage } from '../../src/contract/posting.ts';
import { jobListMachine, type DraftResult, type StatusResult } from '../../src/machines/posting/job-list.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import JobsPage from '../../src/views/posting/jobs.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { analyst, clonedDraft, closedNurse, companyJob, editDraft, nurse, page, scheduler } from '../support/client/job-fixtures.ts';
import { deferred } from '../support/client/model.ts';
import { widenScreen } from '../support/client/wide-screen.ts';

const employer = storedSessionFor({ id: 'e-1', email: 'robin@northwind.example', firstName: 'Robin', lastName: 'Hale', role: 'Employer' });
const recruiter = storedSessionFor({
  id: 'r-1',
  email: 'amir@northwind.example',
  firstName: 'Amir',
  lastName: 'Nguyen',
  role: 'Recruiter',
});
const seeker = storedSessionFor({ id: 's-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });

const firstPage = page([nurse, analyst, scheduler], 23);

type Handler<I, O> = (input: I) => Promise<O>;

/** The page with every server call stubbed: each answers with its handler and is recorded. */
function stubbed(
  options: {
    path?: string;
    load?: Handler<JobListRequest, JobPage>;
    setStatus?: Handler<{ id: string; status: 'Active' | 'Closed' }, StatusResult>;
    remove?: Handler<{ id: string }, { message: string }>;
    clone?: Handler<{ id: string }, DraftResult>;
    editAsDraft?: Handler<{ id: string }, DraftResult>;
  } = {},
) {
  const calls = {
    loads: [] as JobListRequest[],
    statuses: [] as unknown[],
    removes: [] as string[],
    clones: [] as string[],
    edits: [] as string[],
  };
  const refuse = () => Promise.reject(new Error('unexpected call'));
  const logic = jobListMachine.provide({
    actors: {
      load: fromPromise<JobPage, JobListRequest>(({ input }) => {
        calls.loads.push(input);
        return (options.load ?? (async () => firstPage))(input);
      }),
      setStatus: fromPromise<StatusResult, { id: string; status: 'Active' | 'Closed' }>(({ input }) => {
        calls.statuses.push(input);
        return options.setStatus ? options.setStatus(input) : refuse();
      }),
      remove: fromPromise<{ message: string }, { id: string }>(({ input }) => {
        calls.removes.push(input.id);
        return options.remove ? options.remove(input) : refuse();
      }),
      clone: fromPromise<DraftResult, { id: string }>(({ input }) => {
        calls.clones.push(input.id);
        return options.clone ? options.clone(input) : refuse();
      }),
      editAsDraft: fromPromise<DraftResult, { id: string }>(({ input }) => {
        calls.edits.push(input.id);
        return options.editAsDraft ? options.editAsDraft(input) : refuse();
      }),
    },
  });
  const app = renderInApp(<JobsPage logic={logic} />, { path: options.path ?? '/user/jobs', stored: employer });
  return { app, calls };
}

const card = async (title: string) => (await screen.findByRole('article', { name: title })) as HTMLElement;

async function choose(app: ReturnType<typeof renderInApp>, title: string, item: string) {
  await app.user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
  await app.user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the jobs page', () => {
  it('shows each job as a card on a narrow screen: title, place, status, dates, counts and who made and changed it', async () => {
    stubbed();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Jobs' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual([nurse.title, analyst.title, scheduler.title]);

    const first = await card(nurse.title);
    expect(first).toHaveTextContent('Vancouver, WA');
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(first).toHaveTextContent('Posted:03-04-2025');
    expect(first).toHaveTextContent('Valid through:04-03-2025');
    expect(first).toHaveTextContent('Clicks:148');
    expect(first).toHaveTextContent('Applicants:12');
    expect(first).toHaveTextContent('Created by Robin Hale');
    expect(first).toHaveTextContent('Changed by Amir Nguyen, 03-06-2025');

    const remote = await card(analyst.title);
    expect(remote).toHaveTextContent('Remote');
    expect(within(remote).getByText('Closed')).toBeInTheDocument();
    expect(remote).not.toHaveTextContent('Changed by');

    const expired = await card(scheduler.title);
    expect(expired).toHaveTextContent('Portland, OR (hybrid)');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    // Never published: the day it was made.
    expect(expired).toHaveTextContent('Posted:12-01-2024');
    expect(screen.getByText('23 jobs')).toBeInTheDocument();
  });

  it('shows a table on a wide screen, a row per job with every field', async () => {
    widenScreen();
    stubbed();
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job', 'Status', 'Posted', 'Valid through', 'Clicks', 'Applicants', 'People', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').length)).toEqual([7, 7, 7]);
    const cells = (r: HTMLElement) =>
      [within(r).getByRole('rowheader'), ...within(r).getAllByRole('cell').slice(0, 6)].map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual([
      'Registered Nurse, Night ShiftVancouver, WA',
      'Active',
      '03-04-2025',
      '04-03-2025',
      '148',
      '12',
      'Created by Robin HaleChanged by Amir Nguyen, 03-06-2025',
    ]);
    expect(cells(rows[1]!).slice(0, 2)).toEqual(['Data AnalystRemote', 'Closed']);
    expect(cells(rows[2]!).slice(0, 2)).toEqual(['Front Desk SchedulerPortland, OR (hybrid)', 'Expired']);
  });

  it('links to the wizard and the drafts', async () => {
    stubbed();
    expect(await screen.findByRole('link', { name: 'Post a job' })).toHaveAttribute('href', '/user/jobs/post-job');
    expect(screen.getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/user/jobpost-create');
  });

  it('shows placeholder rows while the first page is read', async () => {
    const load = deferred<JobPage>();
    stubbed({ load: () => load.promise });
    expect(await screen.findByRole('status', { name: 'Loading jobs' })).toBeInTheDocument();
    await act(async () => load.resolve(firstPage));
    expect(screen.queryByRole('status', { name: 'Loading jobs' })).not.toBeInTheDocument();
    expect(await card(nurse.title)).toBeInTheDocument();
  });

  it('opens ?job=active on the active jobs, and ?job=closed on the closed and expired ones', async () => {
    const active = stubbed({ path: '/user/jobs?job=active' });
    expect(await screen.findByRole('button', { name: /Status/ })).toHaveTextContent('Active');
    expect(active.calls.loads[0]).toMatchObject({ activeFlag: 1, pageNumber: 1 });
    active.app.unmount();

    const closed = stubbed({ path: '/user/jobs?job=closed' });
    expect(await screen.findByRole('button', { name: /Status/ })).toHaveTextContent('Closed or expired');
    expect(closed.calls.loads[0]).toMatchObject({ activeFlag: 2 });
  });

  it('filters and sorts from the toolbar, back to page 1, and keeps the filter in the address', async () => {
    const { app, calls } = stubbed();
    await app.user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ pageNumber: 2 }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: /Status/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ activeFlag: 1, pageNumber: 1 }));
    expect(app.location()).toBe('/user/jobs?job=active');

    await app.user.click(screen.getByRole('button', { name: /Sort by/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Fewest applicants' }));
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ sortFlag: 2, ascending: true, activeFlag: 1, pageNumber: 1 }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('searches after a pause in typing, from page 1', async () => {
    const { app, calls } = stubbed({ load: async (req) => (req.search ? page([nurse], 1) : firstPage) });
    await app.user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.loads).toHaveLength(2));
    await app.user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'nurse');
    expect(calls.loads).toHaveLength(2);
    await waitFor(() => expect(calls.loads).toHaveLength(3));
    expect(calls.loads.at(-1)).toMatchObject({ search: 'nurse', pageNumber: 1 });
    expect(await screen.findByText('1 job')).toBeInTheDocument();
  });

  it('closes a job from its menu by keyboard: the toast says so and the chip follows', async () => {
    const { app, calls } = stubbed({ setStatus: async () => closedNurse });
    const button = await screen.findByRole('button', { name: `Actions for ${nurse.title}` });
    act(() => button.focus());
    await app.user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit', 'Close', 'Clone', 'Delete']);
    await app.user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText(PostingMessages.closed)).toBeInTheDocument();
    expect(calls.statuses).toEqual([{ id: nurse.id, status: 'Closed' }]);
    expect(within(await card(nurse.title)).getByText('Closed')).toBeInTheDocument();
  });

  it('reopens a closed job, and shows a refusal without losing the list', async () => {
    const { app, calls } = stubbed({ setStatus: () => Promise.reject(new ApiError('client', 400, PostingMessages.statusUnchanged)) });
    await app.user.click(await screen.findByRole('button', { name: `Actions for ${analyst.title}` }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Edit', 'Reopen', 'Clone', 'Delete']);
    await app.user.click(screen.getByRole('menuitem', { name: 'Reopen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PostingMessages.statusUnchanged);
    expect(calls.statuses).toEqual([{ id: analyst.id, status: 'Active' }]);
    expect(within(await card(analyst.title)).getByText('Closed')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('asks before deleting: Cancel keeps the job, Delete job removes it and reads the page again', async () => {
    const { app, calls } = stubbed({ remove: async () => ({ message: PostingMessages.deleted }) });
    await choose(app, nurse.title, 'Delete');
    let dialog = await screen.findByRole('dialog', { name: 'Delete job?' });
    expect(dialog).toHaveTextContent(`“${nurse.title}” will disappear from your lists and from job search. Its applications are kept.`);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.removes).toEqual([]);

    await choose(app, nurse.title, 'Delete');
    dialog = await screen.findByRole('dialog', { name: 'Delete job?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete job' }));
    expect(await screen.findByText(PostingMessages.deleted)).toBeInTheDocument();
    expect(calls.removes).toEqual([nurse.id]);
    await waitFor(() => expect(calls.loads).toHaveLength(2));
  });

  it('clones a job and opens the copy in the wizard', async () => {
    const { app, calls } = stubbed({ clone: async () => clonedDraft });
    await choose(app, scheduler.title, 'Clone');
    await waitFor(() => expect(app.location()).toBe(`/user/jobs/post-job?draft=${clonedDraft.draftId}`));
    expect(calls.clones).toEqual([scheduler.id]);
    expect(await screen.findByText(PostingMessages.cloned)).toBeInTheDocument();
  });

  it('edits a job through a draft, or the draft it already has', async () => {
    const { app, calls } = stubbed({ editAsDraft: async () => editDraft });
    await choose(app, analyst.title, 'Edit');
    await waitFor(() => expect(app.location()).toBe(`/user/jobs/post-job?draft=${analyst.editDraftId}`));
    expect(calls.edits).toEqual([]);
    app.unmount();

    const again = stubbed({ editAsDraft: async () => editDraft });
    await choose(again.app, nurse.title, 'Edit');
    await waitFor(() => expect(again.app.location()).toBe(`/user/jobs/post-job?draft=${editDraft.draftId}`));
    expect(again.calls.edits).toEqual([nurse.id]);
  });

  it('says when there are no jobs, per filter, with the way to post one', async () => {
    const none = stubbed({ load: async () => page([], 0) });
    expect(await screen.findByText('No jobs yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Post a job' }).at(-1)).toHaveAttribute('href', '/user/jobs/post-job');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    none.app.unmount();

    stubbed({ path: '/user/jobs?job=active', load: async () => page([], 0) });
    expect(await screen.findByText('No active jobs yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Post a job' })).toHaveLength(2);
  });

  it('says when a search finds nothing, and clears it', async () => {
    const { app, calls } = stubbed({ path: '/user/jobs?job=closed', load: async (req) => (req.search ? page([], 0) : firstPage) });
    expect(await screen.findByText('23 jobs')).toBeInTheDocument();
    await app.user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'welder{Enter}');
    expect(await screen.findByText('No jobs match your search.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('23 jobs')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('');
    expect(calls.loads.map((l) => l.search)).toEqual([null, 'welder', null]);
  });

  it('says when the closed filter has nothing', async () => {
    stubbed({ path: '/user/jobs?job=closed', load: async () => page([], 0) });
    expect(await screen.findByText('No closed or expired jobs.')).toBeInTheDocument();
  });

  it('says why the list could not be read, and reads it again on Try again', async () => {
    let fail = true;
    const { app, calls } = stubbed({
      load: async () => {
        if (fail) throw new ApiError('server', 500, 'Something went wrong!!!');
        return firstPage;
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!!!');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card(nurse.title)).toBeInTheDocument();
    expect(calls.loads).toHaveLength(2);
  });

  it('pages with Previous and Next, saying which page of how many', async () => {
    const { app, calls } = stubbed({
      load: async (req) =>
        page(req.pageNumber === 3 ? [companyJob({ id: 'x', title: 'Last one' })] : [nurse], 23, req.pageNumber as number),
    });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    await app.user.click(within(pages).getByRole('button', { name: 'Next' }));
    await app.user.click(await within(pages).findByRole('button', { name: 'Next' }));
    expect(await card('Last one')).toBeInTheDocument();
    expect(pages).toHaveTextContent('Page 3 of 3');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await app.user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 2 of 3'));
    expect(calls.loads.map((l) => l.pageNumber)).toEqual([1, 2, 3, 2]);
  });
});

describe('the posted jobs page', () => {
  it('is the same list with a company search', async () => {
    const { app, calls } = stubbed({ path: '/user/posted-jobs' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Posted Jobs' })).toBeInTheDocument();
    await app.user.type(screen.getByRole('searchbox', { name: 'Company' }), 'Northwind{Enter}');
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ companySearch: 'Northwind', pageNumber: 1 }));

    await app.user.click(screen.getByRole('button', { name: /Status/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Closed or expired' }));
    expect(app.location()).toBe('/user/posted-jobs?job=closed');
  });
});

describe('who may open the job lists', () => {
  it('are pages of a company’s staff', () => {
    expect(routeTable.filter((r) => ['/user/jobs', '/user/posted-jobs'].includes(r.path)).map((r) => [r.path, r.page, r.access])).toEqual([
      ['/user/jobs', 'posting/jobs.view', 'companyStaff'],
      ['/user/posted-jobs', 'posting/jobs.view', 'companyStaff'],
    ]);
  });

  it('sends a job seeker to their dashboard', async () => {
    const app = renderInApp(
      <RequireRole role={['Employer', 'Recruiter']}>
        <p>Company jobs</p>
      </RequireRole>,
      { path: '/user/jobs', stored: seeker },
    );
    await waitFor(() => expect(app.location()).toBe('/user/dashboard'));
    expect(screen.queryByText('Company jobs')).not.toBeInTheDocument();
  });

  it('lets a recruiter in', async () => {
    renderInApp(
      <RequireRole role={['Employer', 'Recruiter']}>
        <p>Company jobs</p>
      </RequireRole>,
      { path: '/user/jobs', stored: recruiter },
    );
    expect(await screen.findByText('Company jobs')).toBeInTheDocument();
  });
});
