import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { PostingMessages } from '../../src/contract/posting.ts';
import { draftsMachine, type DraftPage } from '../../src/machines/posting/drafts.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import DraftsPage from '../../src/views/posting/drafts.view.tsx';
import { sampleSummaries } from '../../src/views/posting/stories-support.tsx';
import { renderApp, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const employer = storedSessionFor({
  id: 'Employer-1',
  email: 'robin@halefreight.example.com',
  firstName: 'Robin',
  lastName: 'Hale',
  role: 'Employer',
});
const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const PATH = '/user/jobpost-create';
const all = sampleSummaries(23);
const NEW_ID = 'a7d1e2f3-0000-4000-8000-000000000099';

/** The drafts the server keeps, searched and paged as it would. */
function stubbed(options: { remove?: (id: string) => Promise<string> } = {}) {
  const lists: Array<{ page: number; search: string }> = [];
  const removed: string[] = [];
  const created: string[] = [];
  let drafts = [...all];
  const logic = draftsMachine.provide({
    actors: {
      list: fromPromise<DraftPage, { page: number; search: string }>(async ({ input }) => {
        lists.push(input);
        const found = drafts.filter((d) => d.title.toLowerCase().includes(input.search.trim().toLowerCase()));
        return { items: found.slice((input.page - 1) * 10, input.page * 10), total: found.length };
      }),
      remove: fromPromise<string, { id: string }>(async ({ input }) => {
        removed.push(input.id);
        if (options.remove) return options.remove(input.id);
        drafts = drafts.filter((d) => d.jobPostDraftId !== input.id);
        return PostingMessages.draftDeleted;
      }),
      create: fromPromise<string, { title: string }>(async ({ input }) => {
        created.push(input.title);
        return NEW_ID;
      }),
    },
    delays: { searchDelay: 20 },
  });
  return { logic, lists, removed, created };
}

async function opened(options: Parameters<typeof stubbed>[0] = {}) {
  const sut = stubbed(options);
  const app = renderInApp(<DraftsPage logic={sut.logic} />, { path: PATH, stored: employer });
  await screen.findByText('23 drafts, page 1 of 3');
  return { ...sut, app };
}

const rows = () => within(screen.getByRole('list', { name: 'Drafts' })).getAllByRole('listitem');

describe('the job post drafts page', () => {
  it('lists 10 drafts a page with their step and who changed them last', async () => {
    await opened();
    expect(screen.getByRole('heading', { level: 1, name: 'Job post drafts' })).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    const first = rows()[0]!;
    expect(within(first).getByRole('heading', { name: 'Warehouse Associate' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Step 1 of 7: Job details');
    expect(first).toHaveTextContent('Last changed 02-27-2026 by Casey Hale');
    expect(rows()[1]).toHaveTextContent('Step 3 of 7: Pay and benefits');
    expect(rows()[1]).toHaveTextContent('Last changed 02-26-2026 by Robin Hale');
    expect(within(first).getByRole('link', { name: 'Continue Warehouse Associate' })).toHaveAttribute(
      'href',
      `/user/jobs/post-job?draft=${all[0]!.jobPostDraftId}`,
    );
  });

  it('pages through the drafts', async () => {
    const { app, lists } = await opened();
    const pages = screen.getByRole('navigation', { name: 'Draft pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await app.user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('23 drafts, page 3 of 3')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await app.user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('23 drafts, page 2 of 3')).toBeInTheDocument();
    expect(lists.map((l) => l.page)).toEqual([1, 3, 2]);
  });

  it('searches by title once typing pauses, from page 1', async () => {
    const { app, lists } = await opened();
    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('23 drafts, page 2 of 3');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search drafts' }), 'fork');
    expect(await screen.findByText('2 drafts')).toBeInTheDocument();
    expect(lists.at(-1)).toEqual({ page: 1, search: 'fork' });
    expect(rows().map((r) => within(r).getByRole('heading').textContent)).toEqual(['Forklift Operator', 'Forklift Operator']);
    expect(screen.queryByRole('navigation', { name: 'Draft pages' })).not.toBeInTheDocument();
    await app.user.clear(screen.getByRole('searchbox', { name: 'Search drafts' }));
    await app.user.type(screen.getByRole('searchbox', { name: 'Search drafts' }), 'nothing like it');
    expect(await screen.findByText('No drafts match “nothing like it”.')).toBeInTheDocument();
  });

  it('deletes a draft only after a confirmation', async () => {
    const { app, removed } = await opened();
    await app.user.click(within(rows()[0]!).getByRole('button', { name: 'Delete Warehouse Associate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    expect(dialog).toHaveTextContent('“Warehouse Associate” and everything written in it will be deleted.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removed).toEqual([]);

    await app.user.click(within(rows()[0]!).getByRole('button', { name: 'Delete Warehouse Associate' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText(PostingMessages.draftDeleted)).toBeInTheDocument();
    expect(removed).toEqual([all[0]!.jobPostDraftId]);
    expect(await screen.findByText('22 drafts, page 1 of 3')).toBeInTheDocument();
  });

  it('says why a delete failed, and keeps the draft', async () => {
    const { app } = await opened({
      remove: async () => Promise.reject(new ApiError('client', 404, PostingMessages.draftNotFound, [PostingMessages.draftNotFound])),
    });
    await app.user.click(within(rows()[1]!).getByRole('button', { name: /^Delete / }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PostingMessages.draftNotFound);
    expect(rows()).toHaveLength(10);
  });

  it('starts a new job post from its title and opens it in the wizard', async () => {
    const { app, created } = await opened();
    await app.user.click(screen.getByRole('button', { name: 'New job post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New job post' });
    const title = within(dialog).getByLabelText('Job title');
    await waitFor(() => expect(title).toHaveFocus());
    await app.user.type(title, 'Dock');
    await app.user.click(within(dialog).getByRole('button', { name: 'Start the job post' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PostingMessages.title);
    await app.user.type(title, ' Worker{Enter}');
    await waitFor(() => expect(app.location()).toBe(`/user/jobs/post-job?draft=${NEW_ID}`));
    expect(created).toEqual(['Dock Worker']);
  });

  it('says when the drafts could not be read, and reads them again', async () => {
    let fail = true;
    const answers: Array<ReturnType<typeof deferred<DraftPage>>> = [];
    const logic = draftsMachine.provide({
      actors: {
        list: fromPromise<DraftPage, { page: number; search: string }>(async () => {
          if (fail) throw new ApiError('server', 500, 'Something went wrong!!!');
          const d = deferred<DraftPage>();
          answers.push(d);
          return d.promise;
        }),
      },
    });
    const app = renderInApp(<DraftsPage logic={logic} />, { path: PATH, stored: employer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!!!');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading drafts…')).toBeInTheDocument();
    await act(async () => answers[0]!.resolve({ items: [], total: 0 }));
    expect(await screen.findByText('No drafts yet. Start a new job post and it is saved here as you write it.')).toBeInTheDocument();
  });
});

describe('posting routes', () => {
  it('are for company staff: a job seeker is sent to the dashboard', async () => {
    const app = renderApp({ path: PATH, stored: seeker });
    await waitFor(() => expect(app.location.history!.at(-1)).toBe('/user/dashboard'));
  });

  it('send a signed-out visitor to sign in', async () => {
    const app = renderApp({ path: '/user/jobs/post-job' });
    await waitFor(() => expect(app.location.history!.at(-1)).toBe('/login'));
  });
});
