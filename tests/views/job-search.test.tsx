import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'wouter';
import { fromCallback, fromPromise } from 'xstate';
import { routeTable } from '../../src/app/route-table.ts';
import type { JobPostListItem } from '../../src/contract/posting.ts';
import type { AllLookups } from '../../src/contract/lookups.ts';
import {
  SearchMessages,
  type BoostsPage,
  type BoostsRequestInput,
  type ClusterRequestInput,
  type MapPins,
  type SearchPage,
  type SearchRequestInput,
} from '../../src/contract/search.ts';
import type { MapActorRef } from '../../src/machines/jobs/map.machine.ts';
import { jobSearchMachine, type JobSearchEvent } from '../../src/machines/jobs/search.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { LOCATION_KEY, locationStore } from '../../src/services/location-store.ts';
import SearchJobsPage from '../../src/views/jobs/search-jobs.view.tsx';
import { roleLinks } from '../../src/views/layout/nav-items.ts';
import HomePage from '../../src/views/public/home.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { boosted, boostsPage, itemsFrom, pageOfJob, pinOf, pinsOf, searchPage } from '../support/client/search-fixtures.ts';
import { widenScreen } from '../support/client/wide-screen.ts';

const seeker = storedSessionFor({ id: 's-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });

const LOOKUPS: AllLookups = {
  jobSkills: [
    { id: 10, name: 'Forklift operation', category: 'Warehouse' },
    { id: 11, name: 'Inventory control', category: 'Warehouse' },
  ],
  jobTypes: [
    { id: 1, name: 'Full-time' },
    { id: 2, name: 'Part-time' },
  ],
  jobEducations: [],
  jobBenefits: [],
  fieldsOfStudy: [],
  industries: [],
  jobSchedules: [
    { id: 1, name: 'Day shift' },
    { id: 5, name: 'Night shift' },
  ],
  jobSupplementalPays: [],
  preferLocations: [],
};

/** 45 jobs: pages of 20, 20 and 5. */
function pagesOf45(request: SearchRequestInput): Promise<SearchPage> {
  const n = request.paging?.pageNumber ?? 1;
  const count = n === 3 ? 5 : 20;
  return Promise.resolve(searchPage(itemsFrom((n - 1) * 20 + 1, count), 45, n, n === 1 ? pinsOf([pinOf(1)]) : null));
}

type Handler<I, O> = (input: I) => Promise<O>;

/** The page with every call stubbed and recorded; `hooks` reach the map and stand in for what it reports. */
function stubbed(
  options: {
    path?: string;
    stored?: typeof seeker | null;
    search?: Handler<SearchRequestInput, SearchPage>;
    boosts?: Handler<BoostsRequestInput, BoostsPage>;
    pinned?: Handler<{ jobId: string }, JobPostListItem>;
  } = {},
) {
  const calls = {
    searches: [] as Array<{ request: SearchRequestInput; asSeeker: boolean }>,
    boosts: [] as BoostsRequestInput[],
    clusters: [] as ClusterRequestInput[],
    pinned: [] as string[],
  };
  const hooks: { map?: MapActorRef; report?: (e: JobSearchEvent) => void } = {};
  const logic = jobSearchMachine.provide({
    actors: {
      lookups: fromPromise<AllLookups>(async () => LOOKUPS),
      search: fromPromise<SearchPage, { request: SearchRequestInput; asSeeker: boolean }>(({ input }) => {
        calls.searches.push(input);
        return (options.search ?? pagesOf45)(input.request);
      }),
      boosts: fromPromise<BoostsPage, BoostsRequestInput>(({ input }) => {
        calls.boosts.push(input);
        return (options.boosts ?? (async () => boostsPage([])))(input);
      }),
      clusters: fromPromise<MapPins, ClusterRequestInput>(async ({ input }) => {
        calls.clusters.push(input);
        return pinsOf([]);
      }),
      pinned: fromPromise<JobPostListItem, { jobId: string; asSeeker: boolean }>(({ input }) => {
        calls.pinned.push(input.jobId);
        return (options.pinned ?? (async () => pageOfJob(30)))(input);
      }),
      // What the map tells the search is played by the test.
      mapEvents: fromCallback<JobSearchEvent, { map: MapActorRef }>(({ input, sendBack }) => {
        hooks.map = input.map;
        hooks.report = sendBack;
      }),
    },
  });
  const nav: { go?: (to: string) => void } = {};
  function Navigator() {
    const [, navigate] = useLocation();
    nav.go = navigate;
    return null;
  }
  const app = renderInApp(
    <>
      <Navigator />
      <SearchJobsPage logic={logic} />
    </>,
    { path: options.path ?? '/user/search-jobs', stored: options.stored === undefined ? seeker : options.stored },
  );
  return { app, calls, hooks, nav };
}

const results = async () => within(await screen.findByRole('list', { name: 'Search results' }));
const titles = async () => (await results()).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

// Typing into the forms takes a while on a busy machine.
describe('the job search page', { timeout: 20_000 }, () => {
  it('searches around the seeker’s stored place and shows the first 20 of the total, with Save on each', async () => {
    localStorage.setItem(
      LOCATION_KEY,
      JSON.stringify({ lat: 45.5152, lng: -122.6784, address: 'Portland, OR', source: 'manual', radius: 25 }),
    );
    const { calls } = stubbed();
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Jobs' })).toBeInTheDocument();
    expect(await titles()).toHaveLength(20);
    expect(screen.getByText('45 jobs')).toBeInTheDocument();
    expect(screen.getByText('within 25 miles of Portland, OR')).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 45 jobs')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Save: / })).toHaveLength(20);
    expect(calls.searches).toEqual([
      {
        asSeeker: true,
        request: expect.objectContaining({
          paging: { pageNumber: 1, pageSize: 20 },
          location: { latitude: 45.5152, longitude: -122.6784, radius: 25 },
          flags: { Pins: true },
          asOf: null,
        }),
      },
    ]);
    // A job's title leads to its page.
    expect((await results()).getByRole('link', { name: 'Line Cook 1' })).toHaveAttribute('href', '/jobs/job-1');
  });

  it('searches around Vancouver, WA, 10 miles, when no place is stored', async () => {
    const { calls } = stubbed();
    await titles();
    expect(calls.searches[0]!.request.location).toEqual({ latitude: 45.628, longitude: -122.6739, radius: 10 });
    expect(screen.getByText('within 10 miles of Vancouver, WA')).toBeInTheDocument();
    expect(calls.boosts).toEqual([{ latitude: 45.628, longitude: -122.6739, distance: 10, pageNumber: 1, pageSize: 5 }]);
  });

  it('searches around the place chosen in the location prompt once it is kept, replacing Vancouver, WA', async () => {
    const { calls } = stubbed();
    await titles();
    act(() => locationStore.writeLocation({ lat: 45.5152, lng: -122.6784, address: 'Portland, OR', source: 'manual' }));
    expect(await screen.findByText('within 10 miles of Portland, OR')).toBeInTheDocument();
    expect(calls.searches.at(-1)!.request.location).toEqual({ latitude: 45.5152, longitude: -122.6784, radius: 10 });
  });

  it('appends later pages with Load more, moving the keyboard to the first new job, until all 45 are shown', async () => {
    const { app, calls } = stubbed();
    await titles();
    const more = screen.getByRole('button', { name: 'Load more jobs' });
    more.focus();
    await app.user.keyboard('{Enter}');
    await waitFor(async () => expect(await titles()).toHaveLength(40));
    expect(calls.searches[1]!.request).toMatchObject({
      paging: { pageNumber: 2 },
      flags: { Pins: false },
      asOf: '2025-03-10T12:00:00.000Z',
    });
    expect(screen.getByRole('link', { name: 'Cashier 21' })).toHaveFocus();
    expect(screen.getByText('Showing 40 of 45 jobs')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Load more jobs' }));
    await waitFor(async () => expect(await titles()).toHaveLength(45));
    expect((await titles()).slice(0, 2)).toEqual(['Line Cook 1', 'Barista 2']);
    expect(screen.queryByRole('button', { name: 'Load more jobs' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 45 of 45 jobs')).toBeInTheDocument();
  });

  it('searches a keyword from page 1 and keeps it in the address; going back to the address before searches as before', async () => {
    const { app, calls, nav } = stubbed();
    await titles();
    const before = app.location();
    expect(before).toBe('/user/search-jobs');
    await app.user.type(screen.getByRole('searchbox', { name: 'What' }), 'forklift');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.searches.at(-1)!.request).toMatchObject({ keyword: 'forklift', paging: { pageNumber: 1 } }));
    await waitFor(() =>
      expect(app.location()).toMatch(/^\/user\/search-jobs\?q=forklift&place=Vancouver%2C\+WA&lat=45\.628&lng=-122\.6739&r=10$/),
    );
    const withKeyword = app.location();

    act(() => nav.go!('/user/search-jobs'));
    await waitFor(() => expect(calls.searches.at(-1)!.request.keyword).toBeNull());
    expect(screen.getByRole('searchbox', { name: 'What' })).toHaveValue('');

    // A shared address opens its search.
    act(() => nav.go!(withKeyword.replace('r=10', 'r=50').replace('forklift', 'nurse')));
    await waitFor(() => expect(calls.searches.at(-1)!.request).toMatchObject({ keyword: 'nurse', location: { radius: 50 } }));
    expect(screen.getByRole('searchbox', { name: 'What' })).toHaveValue('nurse');
  });

  it('applies filters together, counts them on the button, and refuses a minimum pay it cannot read', async () => {
    const { app, calls } = stubbed();
    await titles();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(toggle);
    const form = within(await screen.findByRole('form', { name: 'Filters' }, { timeout: 5000 }));
    await app.user.click(form.getByRole('checkbox', { name: 'Part-time' }));
    await app.user.click(form.getByRole('checkbox', { name: 'Night shift' }));
    await app.user.click(form.getByRole('radio', { name: 'Remote only' }));
    await app.user.type(form.getByRole('textbox', { name: 'Amount' }), 'lots');
    await app.user.click(form.getByRole('button', { name: 'Show jobs' }));
    expect(await form.findByText(SearchMessages.minimumPay)).toBeInTheDocument();
    expect(calls.searches).toHaveLength(1);

    await app.user.clear(form.getByRole('textbox', { name: 'Amount' }));
    await app.user.type(form.getByRole('textbox', { name: 'Amount' }), '$22.50');
    await app.user.type(form.getByRole('textbox', { name: 'Your years of experience' }), '2');
    await app.user.click(form.getByRole('checkbox', { name: 'Open to applicants aged 16+' }));
    await app.user.click(form.getByRole('button', { name: 'Show jobs' }));
    await waitFor(() =>
      expect(calls.searches.at(-1)!.request).toMatchObject({
        paging: { pageNumber: 1 },
        filters: {
          jobTypes: [2],
          schedules: [5],
          remote: 'only',
          minimumPay: { amount: 22.5, rate: 'Hourly' },
          experience: 2,
          openToMinors: true,
          postedSince: '1987-01-01',
        },
      }),
    );
    // The form closes and the keyboard is back on its button, which counts the filters in use.
    const counted = screen.getByRole('button', { name: 'Filters (6 in use)' });
    expect(counted).toHaveFocus();
    expect(app.location()).toContain('types=2&schedules=5&pay=22.5&rate=Hourly&exp=2');
    expect(app.location()).toContain('remote=only');

    await app.user.click(counted);
    await app.user.click(
      within(await screen.findByRole('form', { name: 'Filters' }, { timeout: 5000 })).getByRole('button', { name: 'Clear filters' }),
    );
    await waitFor(() =>
      expect(calls.searches.at(-1)!.request.filters).toMatchObject({ jobTypes: [], remote: 'include', minimumPay: null }),
    );
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('sorts from page 1', async () => {
    const { app, calls } = stubbed();
    await titles();
    await app.user.click(screen.getByRole('button', { name: /Sort by/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Newest' }));
    await waitFor(() => expect(calls.searches.at(-1)!.request).toMatchObject({ sort: 'newest', paging: { pageNumber: 1 } }));
    expect(app.location()).toContain('sort=newest');
  });

  it('says "Search failed" and searches again with Try again', async () => {
    let fail = true;
    const { app, calls } = stubbed({
      search: (r) => (fail ? Promise.reject(new ApiError('server', 500, 'Something went wrong!!!')) : pagesOf45(r)),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await titles()).toHaveLength(20);
    expect(calls.searches).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the search has no usable place', async () => {
    stubbed({ search: () => Promise.reject(ApiError.of('request.invalid', SearchMessages.noLocation)) });
    expect(await screen.findByRole('alert')).toHaveTextContent('No valid location available for search');
  });

  it('keeps the results read when a later page fails, and asks for that page again', async () => {
    let failPage2 = true;
    const { app, calls } = stubbed({
      search: (r) =>
        r.paging?.pageNumber === 2 && failPage2
          ? Promise.reject(new ApiError('network', 0, 'Network Error!, Please check your connection.'))
          : pagesOf45(r),
    });
    await titles();
    await app.user.click(screen.getByRole('button', { name: 'Load more jobs' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed');
    expect(await titles()).toHaveLength(20);
    failPage2 = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await titles()).toHaveLength(40));
    expect(calls.searches.map((s) => s.request.paging?.pageNumber)).toEqual([1, 2, 2]);
  });

  it('suggests a wider radius when nothing is found, and clearing the filters in use', async () => {
    const { app, calls } = stubbed({ search: async () => searchPage([], 0, 1, pinsOf([])) });
    expect(await screen.findByRole('heading', { name: 'No jobs match your search' })).toBeInTheDocument();
    expect(screen.getByText('0 jobs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Search within 25 miles' }));
    await waitFor(() => expect(calls.searches.at(-1)!.request.location).toMatchObject({ radius: 25 }));
    expect(calls.boosts.at(-1)).toMatchObject({ distance: 25 });
  });

  it('shows featured jobs above the results; when they cannot be read, only the results', async () => {
    stubbed({ boosts: async () => boostsPage([boosted(201), boosted(202)]) });
    const strip = within(await screen.findByRole('list', { name: 'Featured jobs' }));
    expect(strip.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Featured Job 201', 'Featured Job 202']);
    expect(strip.getAllByText('Featured')).toHaveLength(2);
  });

  it('shows the results without the strip when the featured jobs fail', async () => {
    stubbed({ boosts: () => Promise.reject(new ApiError('server', 500, 'Something went wrong!!!')) });
    expect(await titles()).toHaveLength(20);
    expect(screen.queryByRole('heading', { name: 'Featured jobs nearby' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('highlights a result’s pin while the result is pointed at, and marks the result of a pin chosen on the map', async () => {
    const { hooks } = stubbed();
    await titles();
    const card = screen.getByRole('article', { name: 'Barista 2' });
    fireEvent.mouseEnter(card);
    expect(hooks.map!.getSnapshot().context.highlightedJobId).toBe('job-2');
    fireEvent.mouseLeave(card);
    expect(hooks.map!.getSnapshot().context.highlightedJobId).toBeNull();

    act(() => hooks.report!({ type: 'map.selected', cluster: pinOf(3) }));
    const current = (await results()).getAllByRole('listitem').filter((li) => li.getAttribute('aria-current') === 'true');
    expect(current.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Forklift Operator 3']);
  });

  it('shows the job of a pin chosen on the map that is not among the results read, until closed', async () => {
    const { app, calls, hooks } = stubbed();
    await titles();
    act(() => hooks.report!({ type: 'map.selected', cluster: pinOf(30) }));
    const chosen = within(await screen.findByRole('region', { name: 'Chosen on the map' }));
    expect(await chosen.findByRole('heading', { level: 3, name: 'Warehouse Associate 30' })).toBeInTheDocument();
    expect(calls.pinned).toEqual(['job-30']);
    await app.user.click(chosen.getByRole('button', { name: 'Close the job chosen on the map' }));
    expect(screen.queryByRole('region', { name: 'Chosen on the map' })).not.toBeInTheDocument();
  });

  it('links to the job of a chosen pin whose details cannot be read', async () => {
    const { hooks } = stubbed({ pinned: () => Promise.reject(new ApiError('client', 404, 'The job was not found.')) });
    await titles();
    act(() => hooks.report!({ type: 'map.selected', cluster: pinOf(30) }));
    const chosen = within(await screen.findByRole('region', { name: 'Chosen on the map' }));
    expect(await chosen.findByRole('link', { name: 'Warehouse Associate 30' })).toHaveAttribute('href', '/jobs/job-30');
  });

  it('switches between the list and the map on a narrow screen', async () => {
    const { app } = stubbed();
    await titles();
    const list = screen.getByRole('button', { name: 'List' });
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('complementary', { name: 'Map of the results' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.getByRole('complementary', { name: 'Map of the results' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    await app.user.click(list);
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeInTheDocument();
  });

  it('shows the map beside the results on a wide screen, without the switch', async () => {
    widenScreen();
    stubbed();
    await titles();
    expect(screen.getByRole('complementary', { name: 'Map of the results' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Map' })).not.toBeInTheDocument();
  });
});

describe('the public job search', { timeout: 20_000 }, () => {
  it('searches without signing in, with no Save buttons, and asks to sign in to save and apply', async () => {
    const { calls } = stubbed({ path: '/jobs', stored: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Jobs' })).toBeInTheDocument();
    expect(await titles()).toHaveLength(20);
    expect(screen.queryByRole('button', { name: /^Save: / })).not.toBeInTheDocument();
    const prompt = screen.getByRole('note');
    expect(prompt).toHaveTextContent('Sign in to save and apply.');
    // Signing in leads on to the seeker's search page with the same search.
    const next = new URL(within(prompt).getByRole('link', { name: 'Sign in' }).getAttribute('href')!, 'https://site.test');
    expect(next.pathname).toBe('/login');
    expect(next.searchParams.get('next')).toMatch(/^\/user\/search-jobs\?/);
    expect(calls.searches[0]!.asSeeker).toBe(false);
  });

  it('serves /jobs and /browse-jobs to anyone and /user/search-jobs to signed-in users, and links job seekers to it', () => {
    const routes = routeTable.filter((r) => r.page === 'jobs/search-jobs.view').map(({ path, access }) => ({ path, access }));
    expect(routes).toEqual([
      { path: '/user/search-jobs', access: 'signedIn' },
      { path: '/jobs', access: 'anyone' },
      { path: '/browse-jobs', access: 'anyone' },
    ]);
    expect(routeTable.filter((r) => ['/jobs', '/browse-jobs', '/user/search-jobs'].includes(r.path))).toHaveLength(3);
    expect(roleLinks('JobSeeker')).toEqual([{ label: 'Find jobs', href: '/user/search-jobs' }]);
    expect(roleLinks('Employer')).toEqual([
      { label: 'Jobs', href: '/user/jobs' },
      { label: 'Applicants', href: '/user/applicants' },
    ]);
  });

  it('opens the search with the keyword typed on the home page', async () => {
    const app = renderInApp(<HomePage />, { path: '/' });
    await app.user.type(await screen.findByRole('searchbox', { name: 'Job title, skill or company' }), 'line cook');
    await app.user.click(screen.getByRole('button', { name: 'Search jobs' }));
    expect(app.location()).toBe('/jobs?q=line+cook');
  });

  it('sends a signed-in job seeker from the home page to their own search', async () => {
    const app = renderInApp(<HomePage />, { path: '/', stored: seeker });
    await app.user.type(await screen.findByRole('searchbox', { name: 'Job title, skill or company' }), 'barista');
    await app.user.click(screen.getByRole('button', { name: 'Search jobs' }));
    expect(app.location()).toBe('/user/search-jobs?q=barista');
  });
});
