import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { routeTable } from '../../src/app/route-table.ts';
import { ContactMessages, type JobAlert, type SubscribeInput } from '../../src/contract/contact.ts';
import { JobAlertMessages, type AlertFrequency, type MyJobAlert } from '../../src/contract/job-alerts.ts';
import type { AllLookups } from '../../src/contract/lookups.ts';
import type { JobPostListItem } from '../../src/contract/posting.ts';
import type {
  BoostsPage,
  BoostsRequestInput,
  ClusterRequestInput,
  MapPins,
  SearchPage,
  SearchRequestInput,
} from '../../src/contract/search.ts';
import { jobAlertMachine } from '../../src/machines/jobs/job-alert.machine.ts';
import type { MapActorRef } from '../../src/machines/jobs/map.machine.ts';
import { jobSearchMachine, type JobSearchEvent } from '../../src/machines/jobs/search.machine.ts';
import { jobAlertsMachine } from '../../src/machines/jobseeker/job-alerts.machine.ts';
import { confirmAlertMachine } from '../../src/machines/public/confirm-alert.machine.ts';
import { unsubscribeMachine } from '../../src/machines/public/unsubscribe.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { LOCATION_KEY } from '../../src/services/location-store.ts';
import SearchJobsPage from '../../src/views/jobs/search-jobs.view.tsx';
import JobAlertsPage from '../../src/views/jobseeker/job-alerts.view.tsx';
import ConfirmAlertPage from '../../src/views/public/confirm-alert.view.tsx';
import UnsubscribePage from '../../src/views/public/unsubscribe.view.tsx';
import { renderApp, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { boostsPage, itemsFrom, pageOfJob, pinsOf, searchPage } from '../support/client/search-fixtures.ts';

const seeker = storedSessionFor({ id: 's-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const employer = storedSessionFor({ id: 'em-1', email: 'owner@example.com', firstName: 'Olu', lastName: 'Ade', role: 'Employer' });
const recruiter = storedSessionFor({ id: 're-1', email: 'rec@example.com', firstName: 'Rae', lastName: 'Cole', role: 'Recruiter' });
const admin = storedSessionFor({ id: 'ad-1', email: 'admin@example.com', firstName: 'Ann', lastName: 'Min', role: 'SuperAdmin' });

const noindex = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

describe('the confirmation link of a job alert', () => {
  const answering = (answer: (token: string) => Promise<AlertFrequency>) =>
    confirmAlertMachine.provide({
      actors: { confirm: fromPromise<AlertFrequency, { token: string }>(({ input }) => answer(input.token)) },
    });

  it('confirms the alert, says how often it comes, and leads on to the jobs, out of search results', async () => {
    const tokens: string[] = [];
    renderInApp(<ConfirmAlertPage logic={answering(async (t) => (tokens.push(t), 'weekly'))} />, { path: '/job-alerts/confirm?token=abc' });
    expect(await screen.findByText(JobAlertMessages.confirmed)).toBeInTheDocument();
    expect(screen.getByText('We will email you weekly when there are new jobs.')).toBeInTheDocument();
    expect(tokens).toEqual(['abc']);
    expect(screen.getByRole('link', { name: 'Search jobs' })).toHaveAttribute('href', '/jobs');
    expect(noindex()).toBe('noindex');
  });

  it.each([404, 400])('says a link the server answers %s to is invalid or expired', async (status) => {
    renderInApp(<ConfirmAlertPage logic={answering(() => Promise.reject(new ApiError('client', status, 'Not found')))} />, {
      path: '/job-alerts/confirm?token=used',
    });
    expect(await screen.findByText(JobAlertMessages.confirmLinkInvalid)).toBeInTheDocument();
    expect(screen.queryByText(JobAlertMessages.confirmed)).not.toBeInTheDocument();
  });

  it('is a route for anyone, as the unsubscribe link is, and both keep out of search results', async () => {
    expect(routeTable.filter((r) => r.path.startsWith('/job-alerts/'))).toEqual([
      { path: '/job-alerts/confirm', page: 'public/confirm-alert.view', access: 'anyone' },
      { path: '/job-alerts/unsubscribe', page: 'public/unsubscribe.view', access: 'anyone' },
    ]);
    const leave = unsubscribeMachine.provide({
      actors: { unsubscribe: fromPromise<string, { token: string }>(async () => ContactMessages.unsubscribed) },
    });
    renderInApp(<UnsubscribePage logic={leave} />, { path: '/job-alerts/unsubscribe?token=abc' });
    expect(await screen.findByText(ContactMessages.unsubscribed)).toBeInTheDocument();
    expect(noindex()).toBe('noindex');
  });
});

/** The search page with its calls answered at once: three jobs around Portland, OR. */
const searchLogic = jobSearchMachine.provide({
  actors: {
    lookups: fromPromise<AllLookups>(() => new Promise(() => {})),
    homeChanges: fromCallback<JobSearchEvent>(() => {}),
    search: fromPromise<SearchPage, { request: SearchRequestInput; asSeeker: boolean }>(async () =>
      searchPage(itemsFrom(1, 3), 3, 1, pinsOf([])),
    ),
    clusters: fromPromise<MapPins, ClusterRequestInput>(async () => pinsOf([])),
    boosts: fromPromise<BoostsPage, BoostsRequestInput>(async () => boostsPage([])),
    pinned: fromPromise<JobPostListItem, { jobId: string; asSeeker: boolean }>(async () => pageOfJob(1)),
    mapEvents: fromCallback<JobSearchEvent, { map: MapActorRef }>(() => {}),
  },
});

function searchWithAlerts(options: {
  stored?: typeof seeker | null;
  path?: string;
  answer?: (input: SubscribeInput) => Promise<JobAlert>;
}) {
  localStorage.setItem(
    LOCATION_KEY,
    JSON.stringify({ lat: 45.5152, lng: -122.6784, address: 'Portland, OR', source: 'manual', radius: 25 }),
  );
  const sent: SubscribeInput[] = [];
  const alertLogic = jobAlertMachine.provide({
    actors: {
      subscribe: fromPromise<JobAlert, SubscribeInput>(({ input }) => {
        sent.push(input);
        return (options.answer ?? (async (i) => ({ ...i, keyword: i.keyword ?? null, confirmed: false }) as JobAlert))(input);
      }),
    },
  });
  const app = renderInApp(<SearchJobsPage logic={searchLogic} alertLogic={alertLogic} />, {
    path: options.path ?? '/jobs?q=barista',
    stored: options.stored ?? null,
  });
  return { app, sent };
}

// The dialog's radio group and fields are Headless UI's, which jsdom renders slowly.
describe('Email me jobs like these', { timeout: 20_000 }, () => {
  it('subscribes a visitor to the search on screen, asking them to confirm from the mail', async () => {
    const { app, sent } = searchWithAlerts({});
    const open = await screen.findByRole('button', { name: JobAlertMessages.emailMeJobs });
    await app.user.click(open);
    const dialog = await screen.findByRole('dialog', { name: JobAlertMessages.emailMeJobs });
    expect(within(dialog).getByText('“barista”')).toBeInTheDocument();
    expect(within(dialog).getByText('Within 25 miles of Portland, OR')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Daily' })).toBeChecked();
    const email = within(dialog).getByRole('textbox', { name: 'Your email' });
    expect(email).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toBeDisabled();

    await app.user.type(email, 'robin@');
    await app.user.tab();
    expect(within(dialog).getByText(ContactMessages.email)).toBeInTheDocument();
    await app.user.type(email, 'example.com');
    await app.user.click(within(dialog).getByRole('radio', { name: 'Weekly' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));

    expect(await within(dialog).findByText(JobAlertMessages.checkEmail)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        email: 'robin@example.com',
        keyword: 'barista',
        placeName: 'Portland, OR',
        latitude: 45.5152,
        longitude: -122.6784,
        radius: 25,
        frequency: 'weekly',
      },
    ]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('uses a signed-in job seeker’s own email and says the alert is on', async () => {
    const { app, sent } = searchWithAlerts({
      stored: seeker,
      path: '/user/search-jobs?q=barista',
      answer: async (i) => ({ ...i, keyword: 'barista', confirmed: true }) as JobAlert,
    });
    await app.user.click(await screen.findByRole('button', { name: JobAlertMessages.emailMeJobs }));
    const dialog = await screen.findByRole('dialog', { name: JobAlertMessages.emailMeJobs });
    const email = within(dialog).getByRole('textbox', { name: 'Your email' });
    expect(email).toHaveValue('maria@example.com');
    expect(email).toHaveAttribute('readonly');
    await app.user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText(JobAlertMessages.subscribedConfirmed)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Settings: Job alerts' })).toHaveAttribute('href', '/user/settings/job-alerts');
    expect(sent[0]).toMatchObject({ email: 'maria@example.com', frequency: 'daily' });
  });

  it('shows the server’s word on the email next to it, and too many requests in the product’s words', async () => {
    let refusal: ApiError = new ApiError('client', 400, ContactMessages.email, [ContactMessages.email], { email: ContactMessages.email });
    const { app } = searchWithAlerts({ answer: () => Promise.reject(refusal) });
    await app.user.click(await screen.findByRole('button', { name: JobAlertMessages.emailMeJobs }));
    const dialog = await screen.findByRole('dialog', { name: JobAlertMessages.emailMeJobs });
    const email = within(dialog).getByRole('textbox', { name: 'Your email' });
    await app.user.type(email, 'robin@example.com');
    await app.user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText(ContactMessages.email)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    refusal = new ApiError('client', 429, '', ['']);
    await app.user.type(email, 'x');
    await app.user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText(ContactMessages.tooManyRequests)).toBeInTheDocument();
  });
});

const alert = (id: string, more: Partial<MyJobAlert> = {}): MyJobAlert => ({
  id,
  keyword: 'barista',
  placeName: 'Vancouver, WA',
  latitude: 45.63,
  longitude: -122.67,
  radius: 10,
  frequency: 'daily',
  confirmed: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSentAt: '2026-11-20T08:00:00.000Z',
  ...more,
});
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function settings(list: MyJobAlert[]) {
  const calls = { updates: [] as Array<{ id: string; frequency: AlertFrequency }>, removes: [] as string[] };
  const logic = jobAlertsMachine.provide({
    actors: {
      load: fromPromise<MyJobAlert[]>(async () => list),
      update: fromPromise<MyJobAlert, { id: string; frequency: AlertFrequency }>(async ({ input }) => {
        calls.updates.push(input);
        return { ...list.find((a) => a.id === input.id)!, frequency: input.frequency };
      }),
      remove: fromPromise<void, { id: string }>(async ({ input }) => {
        calls.removes.push(input.id);
      }),
    },
  });
  const app = renderInApp(<JobAlertsPage logic={logic} />, { path: '/user/settings/job-alerts', stored: seeker });
  return { app, calls };
}

describe('the job alerts settings page', { timeout: 20_000 }, () => {
  it('lists each alert in words, with its state, in the settings navigation', async () => {
    settings([alert(A), alert(B, { keyword: null, placeName: null, latitude: null, longitude: null, radius: null, confirmed: false })]);
    const items = within(await screen.findByRole('list', { name: 'Job alerts' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: '“barista”' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Within 10 miles of Vancouver, WA');
    expect(items[0]).toHaveTextContent('Last sent 11-20-2026');
    expect(within(items[0]!).getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(within(items[1]!).getByRole('heading', { name: 'All new jobs' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Anywhere');
    expect(items[1]).toHaveTextContent('Waiting for your confirmation');
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Job alerts' })).toHaveAttribute('aria-current', 'page');
  });

  it('changes how often an alert comes and says so', async () => {
    const { app, calls } = settings([alert(A)]);
    const item = within(await screen.findByRole('list', { name: 'Job alerts' })).getByRole('listitem');
    await app.user.click(within(item).getByRole('radio', { name: 'Weekly' }));
    expect(await screen.findByText(JobAlertMessages.updated)).toBeInTheDocument();
    expect(calls.updates).toEqual([{ id: A, frequency: 'weekly' }]);
    expect(within(item).getByRole('radio', { name: 'Weekly' })).toBeChecked();
  });

  it('deletes an alert once confirmed, then shows how to get new ones', async () => {
    const { app, calls } = settings([alert(A)]);
    const item = within(await screen.findByRole('list', { name: 'Job alerts' })).getByRole('listitem');
    await app.user.click(within(item).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this job alert?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.removes).toEqual([]);

    await app.user.click(within(item).getByRole('button', { name: /^Delete/ }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(JobAlertMessages.deleted)).toBeInTheDocument();
    expect(calls.removes).toEqual([A]);
    expect(screen.getByText(JobAlertMessages.none)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search jobs' })).toHaveAttribute('href', '/user/search-jobs');
  });
});

describe('the job seeker’s settings routes', () => {
  it('are for job seekers; the profile is also each staff member’s own', () => {
    const settingsRoutes = Object.fromEntries(
      routeTable.filter((r) => r.path.startsWith('/user/settings/')).map((r) => [r.path, r.access]),
    );
    expect(settingsRoutes).toMatchObject({
      '/user/settings/profile': 'member',
      '/user/settings/skills': 'JobSeeker',
      '/user/settings/preferences': 'JobSeeker',
      '/user/settings/documents': 'JobSeeker',
      '/user/settings/education': 'JobSeeker',
      '/user/settings/experience': 'JobSeeker',
      '/user/settings/job-alerts': 'JobSeeker',
    });
  });

  it.each([
    ['/user/settings/experience', employer, '/user/dashboard'],
    ['/user/settings/job-alerts', recruiter, '/user/dashboard'],
    ['/user/settings/skills', admin, '/back-office/dashboard'],
    ['/user/settings/profile', admin, '/back-office/dashboard'],
    ['/user/settings/job-alerts', null, '/login'],
  ] as const)('%s sends %# elsewhere before the page loads', async (path, stored, home) => {
    const app = renderApp({ path, stored });
    await waitFor(() => expect(app.location.history!.at(-1)).toBe(home));
    expect(screen.queryByText('Loading your job alerts…')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading your experience…')).not.toBeInTheDocument();
  });

  it('shows a staff member their own profile there', async () => {
    const app = renderApp({ path: '/user/settings/profile', stored: employer });
    await act(async () => {});
    expect(app.location.history!.at(-1)).toBe('/user/settings/profile');
  });
});
