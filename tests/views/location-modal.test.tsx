import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import type { LocationResult, UserLocation } from '../../src/contract/location.ts';
import {
  locationPermissionMachine,
  selectLocating,
  selectLocationError,
  selectModalOpen,
  selectModalStep,
  type LocationPermissionEvent,
  type PermissionCheck,
} from '../../src/machines/location/location-permission.machine.ts';
import { locationSearchMachine } from '../../src/machines/location/location-search.machine.ts';
import { GeolocationError, type Coordinates, type GeolocationFailure } from '../../src/services/geolocation.ts';
import { locationStore } from '../../src/services/location-store.ts';
import { LocationGate } from '../../src/views/location/location-modal.view.tsx';
import { modelOf, transitionPaths } from '../support/client/model.ts';

const PORTLAND: LocationResult = {
  id: 'city:5746545',
  address: { freeformAddress: 'Portland, OR', countrySubdivisionName: 'Oregon' },
  position: { lat: 45.52345, lng: -122.67621 },
};
const HERE: Coordinates = { lat: 45.6387, lng: -122.6615, accuracy: 20 };

const CHECKS: Record<string, PermissionCheck> = {
  firstVisit: { browser: 'prompt', record: null, location: null },
  skippedAnHourAgo: {
    browser: 'prompt',
    record: { state: 'prompt', userChoice: 'skipped', timestamp: Date.now() - 60 * 60 * 1000 },
    location: null,
  },
  denied: { browser: 'denied', record: null, location: null },
};
const FAILURES: GeolocationFailure[] = ['denied', 'unavailable', 'timeout', 'unknown', 'unsupported'];

const CHECK_DONE = 'xstate.done.actor.check';
const GEO_DONE = 'xstate.done.actor.geolocate';
const GEO_ERROR = 'xstate.error.actor.geolocate';

type ModelEvent =
  | LocationPermissionEvent
  | { type: typeof CHECK_DONE; output: PermissionCheck }
  | { type: typeof GEO_DONE; output: Coordinates }
  | { type: typeof GEO_ERROR; error: GeolocationError };

const EVENTS: ModelEvent[] = [
  ...Object.values(CHECKS).map((output) => ({ type: CHECK_DONE, output }) as const),
  { type: 'location.allow' },
  { type: 'location.manual' },
  { type: 'location.back' },
  { type: 'location.skip' },
  { type: 'location.select', location: PORTLAND },
  { type: GEO_DONE, output: HERE },
  ...FAILURES.map((reason) => ({ type: GEO_ERROR, error: new GeolocationError(reason) }) as const),
];

type Snap = SnapshotFrom<typeof locationPermissionMachine>;

/** What the user can tell apart on screen. */
const seen = (s: Snap) => ({
  open: selectModalOpen(s),
  step: selectModalStep(s),
  locating: selectLocating(s),
  error: selectLocationError(s),
});

/** Which events a user can cause in a state: a button must be on screen and enabled. */
function possible(s: Snap, e: ModelEvent): boolean {
  switch (e.type) {
    case CHECK_DONE:
      return s.matches({ permission: 'unknown' });
    case GEO_DONE:
    case GEO_ERROR:
      return s.matches({ modal: 'locating' });
    case 'location.allow':
    case 'location.manual':
      return s.matches({ modal: 'intro' });
    case 'location.back':
    case 'location.select':
      return s.matches({ modal: 'search' });
    case 'location.skip':
      return selectModalOpen(s);
  }
}

const model = modelOf(locationPermissionMachine, {
  events: EVENTS,
  serializeState: (s) => JSON.stringify(seen(s)),
  filterEvents: possible,
});

const isInit = (e: { type: string }) => e.type === 'xstate.init';

function label(events: ModelEvent[]) {
  return events
    .map((e) => {
      if (e.type === CHECK_DONE) return `opens: ${Object.entries(CHECKS).find(([, c]) => c === e.output)?.[0]}`;
      if (e.type === GEO_ERROR) return `browser fails: ${e.error.reason}`;
      if (e.type === GEO_DONE) return 'browser gives the position';
      return e.type.replace('location.', 'clicks ');
    })
    .join(' → ');
}

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

function renderGate() {
  const checks: Array<Pending<PermissionCheck>> = [];
  const positions: Array<Pending<Coordinates>> = [];
  const changes: UserLocation[] = [];
  const logic = locationPermissionMachine.provide({
    actors: {
      check: fromPromise<PermissionCheck>(() => new Promise((resolve, reject) => checks.push({ resolve, reject }))),
      geolocate: fromPromise<Coordinates>(() => new Promise((resolve, reject) => positions.push({ resolve, reject }))),
    },
  });
  const searchLogic = locationSearchMachine.provide({
    actors: { search: fromPromise(async () => [PORTLAND]) },
    delays: { searchDelay: 10 },
  });
  const user = userEvent.setup();
  render(<LocationGate logic={logic} searchLogic={searchLogic} onLocationChange={(l) => changes.push(l)} />);
  return { user, checks, positions, changes };
}

const dialog = () => screen.queryByRole('dialog');
const button = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name });

/** What each state shows. */
function expectScreen(expected: ReturnType<typeof seen>) {
  if (!expected.open) {
    expect(dialog()).not.toBeInTheDocument();
    return;
  }
  const d = screen.getByRole('dialog', { name: 'Enable Location Access' });
  expect(within(d).getByRole('heading', { name: 'Enable Location Access' })).toBeInTheDocument();
  if (expected.error) expect(within(d).getByRole('alert')).toHaveTextContent(expected.error);
  else expect(within(d).queryByRole('alert')).not.toBeInTheDocument();
  expect(button('Continue Without Location')).toBeEnabled();
  if (expected.step === 'search') {
    expect(within(d).getByRole('combobox', { name: 'City, state or ZIP code' })).toBeInTheDocument();
    expect(button('Back')).toBeEnabled();
    expect(within(d).queryByRole('button', { name: 'Allow Location Access' })).not.toBeInTheDocument();
  } else {
    expect(within(d).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(d).queryByRole('combobox')).not.toBeInTheDocument();
    const allow = button('Allow Location Access');
    if (expected.locating) {
      expect(allow).toBeDisabled();
      expect(allow).toHaveAttribute('aria-busy', 'true');
      expect(button('Enter Location Manually')).toBeDisabled();
    } else {
      expect(allow).toBeEnabled();
      expect(button('Enter Location Manually')).toBeEnabled();
    }
  }
}

describe('Location modal: every state through the screen (model-based)', () => {
  const paths = transitionPaths(model, label);

  it('shows every state of the modal and tries every action', () => {
    const views = new Set(paths.map((p) => JSON.stringify(seen(p.state as Snap))));
    for (const error of [null, ...FAILURES.map((f) => new GeolocationError(f).message)]) {
      expect(views).toContain(JSON.stringify({ open: true, step: 'actions', locating: false, error }));
      if (error !== null) expect(views).toContain(JSON.stringify({ open: true, step: 'search', locating: false, error }));
    }
    expect(views).toContain(JSON.stringify({ open: true, step: 'actions', locating: true, error: null }));
    expect(views).toContain(JSON.stringify({ open: false, step: 'actions', locating: false, error: null }));
    const tried = new Set(paths.flatMap((p) => p.steps.filter((s) => !isInit(s.event)).map((s) => JSON.stringify(s.event))));
    for (const event of EVENTS) expect(tried).toContain(JSON.stringify(event));
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { user, checks, positions, changes } = renderGate();
    expect(dialog()).not.toBeInTheDocument();
    await path.test({
      events: {
        [CHECK_DONE]: async ({ event }) => {
          await act(async () => checks.at(-1)!.resolve((event as unknown as { output: PermissionCheck }).output));
        },
        [GEO_DONE]: async ({ event }) => {
          await act(async () => positions.at(-1)!.resolve((event as unknown as { output: Coordinates }).output));
          expect(changes.at(-1)).toMatchObject({ source: 'gps', lat: HERE.lat, lng: HERE.lng });
        },
        [GEO_ERROR]: async ({ event }) => {
          await act(async () => positions.at(-1)!.reject((event as unknown as { error: unknown }).error));
        },
        'location.allow': () => user.click(button('Allow Location Access')),
        'location.manual': async () => {
          await user.click(button('Enter Location Manually'));
          // The search field loads on demand.
          await screen.findByRole('combobox', { name: 'City, state or ZIP code' });
        },
        'location.back': () => user.click(button('Back')),
        'location.skip': () => user.click(button('Continue Without Location')),
        'location.select': async () => {
          await user.type(screen.getByRole('combobox', { name: 'City, state or ZIP code' }), 'port');
          await user.click(await screen.findByRole('option', { name: /Portland, OR/ }));
          expect(changes.at(-1)).toEqual({
            lat: PORTLAND.position.lat,
            lng: PORTLAND.position.lng,
            address: 'Portland, OR',
            source: 'search',
          });
        },
      },
      states: {
        '*': (state) => expectScreen(seen(state as Snap)),
      },
    });
  });
});

describe('Location modal', () => {
  it('shows the spec messages word for word', () => {
    expect(FAILURES.map((f) => new GeolocationError(f).message)).toEqual([
      'Location access was denied. You can manually enter your location instead.',
      'Location information is unavailable.',
      'Location request timed out.',
      'An unknown error occurred while retrieving location.',
      'Geolocation is not supported by this browser',
    ]);
    expect(AccountMessages.noLocations).toBe('No locations found');
  });

  it('treats closing the dialog with Escape as Continue Without Location', async () => {
    const { user, checks } = renderGate();
    await act(async () => checks[0]!.resolve(CHECKS.firstVisit!));
    expect(screen.getByRole('dialog', { name: 'Enable Location Access' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(dialog()).not.toBeInTheDocument();
    expect(locationStore.readPermission()).toMatchObject({ userChoice: 'skipped' });
  });

  it('keeps the dialog open when Escape only closes the list of places', async () => {
    const { user, checks } = renderGate();
    await act(async () => checks[0]!.resolve(CHECKS.firstVisit!));
    await user.click(button('Enter Location Manually'));
    const field = await screen.findByRole('combobox', { name: 'City, state or ZIP code' });
    expect(field).toHaveFocus();
    await user.type(field, 'port');
    await screen.findByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('stores the place picked by hand and does not ask again on the next visit', async () => {
    const { user, checks } = renderGate();
    await act(async () => checks[0]!.resolve(CHECKS.firstVisit!));
    await user.click(button('Enter Location Manually'));
    await user.type(await screen.findByRole('combobox', { name: 'City, state or ZIP code' }), 'port');
    await user.click(await screen.findByRole('option', { name: /Portland, OR/ }));
    expect(dialog()).not.toBeInTheDocument();
    expect(locationStore.readLocation()).toMatchObject({ address: 'Portland, OR', source: 'search' });
    expect(locationStore.readPermission()).toMatchObject({ userChoice: 'manual' });
  });

  it('asks nothing while it is still reading the permission', async () => {
    const { checks } = renderGate();
    expect(checks).toHaveLength(1);
    expect(dialog()).not.toBeInTheDocument();
    await act(async () => checks[0]!.resolve(CHECKS.skippedAnHourAgo!));
    expect(dialog()).not.toBeInTheDocument();
  });
});
