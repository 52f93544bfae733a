import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { DEFAULT_LOCATION, type LocationResult, type UserLocation } from '../../src/contract/location.ts';
import {
  CURRENT_LOCATION_LABEL,
  LOCATION_MEMORY_MS,
  locationPermissionMachine,
  selectModalOpen,
  selectModalStep,
  type LocationPermissionEvent,
  type PermissionCheck,
} from '../../src/machines/location/location-permission.machine.ts';
import { GEOLOCATION_OPTIONS, GeolocationError, type Coordinates, type GeolocationFailure } from '../../src/services/geolocation.ts';
import { LOCATION_KEY, PERMISSION_KEY, locationStore, type PermissionRecord } from '../../src/services/location-store.ts';
import { modelOf, transitionPaths } from '../support/client/model.ts';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const HOUR = 60 * 60 * 1000;

/** localStorage for a test that runs outside a browser. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const storage = new MemoryStorage();

const PORTLAND: LocationResult = {
  id: 'city:5746545',
  address: { freeformAddress: 'Portland, OR', countrySubdivisionName: 'Oregon' },
  position: { lat: 45.52345, lng: -122.67621 },
};
const BOISE: UserLocation = { lat: 43.6135, lng: -116.2035, address: 'Boise, ID', source: 'search' };
const HERE: Coordinates = { lat: 45.6387, lng: -122.6615, accuracy: 20 };

const record = (userChoice: PermissionRecord['userChoice'], hoursAgo: number, state: PermissionRecord['state'] = 'prompt') => ({
  state,
  userChoice,
  timestamp: NOW - hoursAgo * HOUR,
});

/** What the start-up check can find, one case per rule of spec 1 §4. */
const CHECKS: Record<string, PermissionCheck> = {
  firstVisit: { browser: 'prompt', record: null, location: null },
  skippedAnHourAgo: { browser: 'prompt', record: record('skipped', 1), location: null },
  deniedAlmostADayAgo: { browser: 'prompt', record: record('denied', 23.9), location: null },
  skippedOverADayAgo: { browser: 'prompt', record: record('skipped', 24), location: null },
  placeKnown: { browser: 'prompt', record: null, location: BOISE },
  onlyDefaultPlace: { browser: 'prompt', record: null, location: DEFAULT_LOCATION },
  grantedNoPlace: { browser: 'granted', record: null, location: null },
  grantedWithPlace: { browser: 'granted', record: record('granted', 2, 'granted'), location: BOISE },
  denied: { browser: 'denied', record: null, location: null },
  unsupported: { browser: 'unsupported', record: null, location: null },
  noPermissionsApiGranted: { browser: null, record: record('granted', 30, 'granted'), location: null },
  noPermissionsApi: { browser: null, record: null, location: null },
};

const FAILURES: GeolocationFailure[] = ['denied', 'unavailable', 'timeout', 'unknown', 'unsupported'];

const CHECK_DONE = 'xstate.done.actor.check';
const CHECK_ERROR = 'xstate.error.actor.check';
const GEO_DONE = 'xstate.done.actor.geolocate';
const GEO_ERROR = 'xstate.error.actor.geolocate';
const REFRESH_DONE = 'xstate.done.actor.refreshPosition';
const REFRESH_ERROR = 'xstate.error.actor.refreshPosition';

type ModelEvent =
  | LocationPermissionEvent
  | { type: typeof CHECK_DONE; output: PermissionCheck }
  | { type: typeof CHECK_ERROR; error: unknown }
  | { type: typeof GEO_DONE | typeof REFRESH_DONE; output: Coordinates }
  | { type: typeof GEO_ERROR | typeof REFRESH_ERROR; error: unknown };

const EVENTS: ModelEvent[] = [
  ...Object.values(CHECKS).map((output) => ({ type: CHECK_DONE, output }) as const),
  { type: CHECK_ERROR, error: new Error('storage blocked') },
  { type: 'location.allow' },
  { type: 'location.manual' },
  { type: 'location.back' },
  { type: 'location.skip' },
  { type: 'location.select', location: PORTLAND },
  { type: GEO_DONE, output: HERE },
  ...FAILURES.map((reason) => ({ type: GEO_ERROR, error: new GeolocationError(reason) }) as const),
  { type: REFRESH_DONE, output: HERE },
  { type: REFRESH_ERROR, error: new GeolocationError('timeout') },
];

type Snap = SnapshotFrom<typeof locationPermissionMachine>;

const serialize = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    // Which message shows is checked on every step; for the graph, whether one shows is enough.
    error: !!s.context.error,
    location: s.context.location,
    record: s.context.record,
  });

// The guards and the records read the clock while the model is walked: walk it at a fixed time.
vi.useFakeTimers({ now: NOW });

const model = modelOf(locationPermissionMachine, {
  events: EVENTS,
  serializeState: serialize,
  // Answers only come while something waits for them.
  filterEvents: (s, e) => {
    if (e.type === CHECK_DONE || e.type === CHECK_ERROR) return s.matches({ permission: 'unknown' });
    if (e.type === GEO_DONE || e.type === GEO_ERROR) return s.matches({ modal: 'locating' });
    if (e.type === REFRESH_DONE || e.type === REFRESH_ERROR) return s.matches({ permission: { granted: 'refreshing' } });
    return true;
  },
});

const isInit = (e: { type: string }) => e.type === 'xstate.init';

function label(events: ModelEvent[]) {
  return events
    .map((e) => {
      if (e.type === CHECK_DONE) return `check: ${Object.entries(CHECKS).find(([, c]) => c === e.output)?.[0]}`;
      if (e.type === GEO_ERROR || e.type === REFRESH_ERROR) return `${e.type.slice(19)} failed: ${(e.error as GeolocationError).reason}`;
      if (e.type.startsWith('xstate.')) return e.type.replace(/^xstate\.(done|error)\.actor\.(\w+)$/, '$2 $1');
      return e.type;
    })
    .join(' → ');
}

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

function harness() {
  const checks: Array<Pending<PermissionCheck>> = [];
  const positions: Array<Pending<Coordinates>> = [];
  const announced: UserLocation[] = [];
  const logic = locationPermissionMachine.provide({
    actors: {
      check: fromPromise<PermissionCheck>(() => new Promise((resolve, reject) => checks.push({ resolve, reject }))),
      geolocate: fromPromise<Coordinates>(() => new Promise((resolve, reject) => positions.push({ resolve, reject }))),
    },
  });
  const actor = createActor(logic);
  actor.on('location.changed', (e) => announced.push(e.location));
  actor.start();
  return { actor, checks, positions, announced };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

function storeFixture(check: PermissionCheck) {
  if (check.record) locationStore.writePermission(check.record);
  if (check.location) locationStore.writeLocation(check.location);
}

beforeEach(() => {
  storage.clear();
  vi.stubGlobal('localStorage', storage);
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const paths = transitionPaths(model, label);
vi.useRealTimers();

describe('location permission machine: every state and every event (model-based)', () => {
  it('reaches every state of the chart and tries every event', () => {
    const reached = new Set(paths.flatMap((p) => [(p.state as Snap).value].map((v) => JSON.stringify(v))));
    for (const value of [
      { permission: 'unknown', modal: 'closed' },
      { permission: 'prompt', modal: 'closed' },
      { permission: 'prompt', modal: 'intro' },
      { permission: 'prompt', modal: 'locating' },
      { permission: 'prompt', modal: 'search' },
      { permission: { granted: 'refreshing' }, modal: 'closed' },
      { permission: { granted: 'settled' }, modal: 'closed' },
      { permission: 'denied', modal: 'closed' },
      { permission: 'denied', modal: 'intro' },
      { permission: 'denied', modal: 'search' },
      { permission: 'unsupported', modal: 'closed' },
      { permission: 'unsupported', modal: 'intro' },
    ]) {
      expect(reached, JSON.stringify(value)).toContain(JSON.stringify(value));
    }
    const tried = new Set(paths.flatMap((p) => p.steps.filter((s) => !isInit(s.event)).map((s) => JSON.stringify(s.event))));
    for (const event of EVENTS) expect(tried).toContain(JSON.stringify(event));
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { actor, checks, positions, announced } = harness();
    expect(actor.getSnapshot().value).toEqual({ permission: 'unknown', modal: 'closed' });
    const send = async (event: LocationPermissionEvent) => {
      actor.send(event);
      await flush();
    };
    const announces = async (run: () => unknown) => {
      const before = announced.length;
      await run();
      expect(announced).toHaveLength(before + 1);
      expect(announced.at(-1)).toEqual(actor.getSnapshot().context.location);
    };
    await path.test({
      events: {
        'location.allow': ({ event }) => send(event as LocationPermissionEvent),
        'location.manual': ({ event }) => send(event as LocationPermissionEvent),
        'location.back': ({ event }) => send(event as LocationPermissionEvent),
        'location.skip': ({ event }) => send(event as LocationPermissionEvent),
        'location.select': async ({ event }) => {
          const e = event as LocationPermissionEvent;
          if (actor.getSnapshot().can(e)) await announces(() => send(e));
          else await send(e);
        },
        [CHECK_DONE]: async ({ event }) => {
          const { output } = event as unknown as { output: PermissionCheck };
          storeFixture(output);
          checks.at(-1)!.resolve(output);
          await flush();
        },
        [CHECK_ERROR]: async ({ event }) => {
          checks.at(-1)!.reject((event as unknown as { error: unknown }).error);
          await flush();
        },
        [GEO_DONE]: ({ event }) =>
          announces(async () => {
            positions.at(-1)!.resolve((event as unknown as { output: Coordinates }).output);
            await flush();
          }),
        [GEO_ERROR]: async ({ event }) => {
          positions.at(-1)!.reject((event as unknown as { error: unknown }).error);
          await flush();
        },
        [REFRESH_DONE]: ({ event }) =>
          announces(async () => {
            positions.at(-1)!.resolve((event as unknown as { output: Coordinates }).output);
            await flush();
          }),
        [REFRESH_ERROR]: async ({ event }) => {
          positions.at(-1)!.reject((event as unknown as { error: unknown }).error);
          await flush();
        },
      },
      states: {
        '*': (state) => {
          const expected = state as Snap;
          const real = actor.getSnapshot();
          expect(real.value).toEqual(expected.value);
          expect(real.context).toEqual(expected.context);
          // What the machine knows is what the browser keeps.
          expect(locationStore.readPermission()).toEqual(expected.context.record);
          expect(locationStore.readLocation()).toEqual(expected.context.location);
          expect(selectModalOpen(real)).toBe(!real.matches({ modal: 'closed' }));
          expect(selectModalStep(real)).toBe(real.matches({ modal: 'search' }) ? 'search' : 'actions');
          if (expected.context.error) expect(Object.values(AccountMessages)).toContain(expected.context.error);
        },
      },
    });
    actor.stop();
  });
});

describe('location permission machine: the rules', () => {
  const start = async (check: PermissionCheck) => {
    const logic = locationPermissionMachine.provide({
      actors: {
        check: fromPromise(async () => check),
        geolocate: fromPromise<Coordinates>(() => new Promise(() => {})),
      },
    });
    const actor = createActor(logic).start();
    await flush();
    return actor;
  };

  it('shows the modal only for permission "prompt", with no real location and no recent denial or skip', async () => {
    const shown = async (name: keyof typeof CHECKS) => selectModalOpen((await start(CHECKS[name]!)).getSnapshot());
    expect(await shown('firstVisit')).toBe(true);
    expect(await shown('onlyDefaultPlace')).toBe(true);
    expect(await shown('skippedOverADayAgo')).toBe(true);
    expect(await shown('noPermissionsApi')).toBe(true);
    expect(await shown('skippedAnHourAgo')).toBe(false);
    expect(await shown('deniedAlmostADayAgo')).toBe(false);
    expect(await shown('placeKnown')).toBe(false);
    expect(await shown('grantedNoPlace')).toBe(false);
    expect(await shown('denied')).toBe(false);
    expect(await shown('unsupported')).toBe(false);
    expect(await shown('noPermissionsApiGranted')).toBe(false);
  });

  it('shows each geolocation failure with the words of the spec', async () => {
    const messages: Record<GeolocationFailure, string> = {
      denied: 'Location access was denied. You can manually enter your location instead.',
      unavailable: 'Location information is unavailable.',
      timeout: 'Location request timed out.',
      unknown: 'An unknown error occurred while retrieving location.',
      unsupported: 'Geolocation is not supported by this browser',
    };
    for (const reason of FAILURES) {
      const logic = locationPermissionMachine.provide({
        actors: {
          check: fromPromise(async () => CHECKS.firstVisit!),
          geolocate: fromPromise<Coordinates>(async () => {
            throw new GeolocationError(reason);
          }),
        },
      });
      const actor = createActor(logic).start();
      await flush();
      actor.send({ type: 'location.allow' });
      await flush();
      expect(actor.getSnapshot().context.error).toBe(messages[reason]);
      expect(selectModalStep(actor.getSnapshot())).toBe('actions');
    }
  });
});

/** A browser's geolocation and permissions, answering as the test says. */
function fakeBrowser(options: { permission?: PermissionState | null; geolocation?: boolean } = {}) {
  const calls: PositionOptions[] = [];
  let answer: { position?: Coordinates; code?: number } = { position: HERE };
  const geolocation = {
    getCurrentPosition(success: PositionCallback, failure: PositionErrorCallback | null, opts?: PositionOptions) {
      calls.push(opts ?? {});
      queueMicrotask(() => {
        if (answer.position) {
          const { lat, lng, accuracy } = answer.position;
          success({ coords: { latitude: lat, longitude: lng, accuracy } } as GeolocationPosition);
        } else failure?.({ code: answer.code } as GeolocationPositionError);
      });
    },
  };
  const permissions = { query: async () => ({ state: options.permission ?? 'prompt' }) };
  vi.stubGlobal('navigator', {
    ...(options.geolocation === false ? {} : { geolocation }),
    ...(options.permission === null ? {} : { permissions }),
  });
  return {
    calls,
    answer(next: { position?: Coordinates; code?: number }) {
      answer = next;
    },
  };
}

async function visit() {
  const actor = createActor(locationPermissionMachine).start();
  await flush();
  return actor;
}

describe('location permission with the browser services', () => {
  it('asks on a first visit, and Allow stores the position, the permission, and announces the place', async () => {
    const browser = fakeBrowser({ permission: 'prompt' });
    const actor = await visit();
    const announced: UserLocation[] = [];
    actor.on('location.changed', (e) => announced.push(e.location));
    expect(actor.getSnapshot().value).toEqual({ permission: 'prompt', modal: 'intro' });

    actor.send({ type: 'location.allow' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();

    expect(browser.calls).toEqual([{ enableHighAccuracy: true, timeout: 10000, maximumAge: 600000 }]);
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 600000 });
    const place = { lat: HERE.lat, lng: HERE.lng, address: CURRENT_LOCATION_LABEL, source: 'gps' };
    expect(actor.getSnapshot().value).toEqual({ permission: { granted: 'settled' }, modal: 'closed' });
    expect(JSON.parse(storage.getItem(LOCATION_KEY)!)).toEqual(place);
    expect(JSON.parse(storage.getItem(PERMISSION_KEY)!)).toEqual({ state: 'granted', userChoice: 'granted', timestamp: NOW });
    expect(announced).toEqual([place]);

    // The next visit knows the place and does not ask.
    const next = await visit();
    expect(selectModalOpen(next.getSnapshot())).toBe(false);
  });

  it.each([
    [1, AccountMessages.geolocationDenied],
    [2, AccountMessages.geolocationUnavailable],
    [3, AccountMessages.geolocationTimeout],
    [99, AccountMessages.geolocationUnknown],
  ])('shows the message for geolocation error code %i', async (code, message) => {
    const browser = fakeBrowser({ permission: 'prompt' });
    browser.answer({ code });
    const actor = await visit();
    actor.send({ type: 'location.allow' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(actor.getSnapshot().matches({ modal: 'intro' })).toBe(true);
    // Trying again clears the message while it waits.
    browser.answer({ position: HERE });
    actor.send({ type: 'location.allow' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('does not offer geolocation where the browser has none', async () => {
    fakeBrowser({ geolocation: false });
    const actor = await visit();
    expect(actor.getSnapshot().value).toEqual({ permission: 'unsupported', modal: 'closed' });
  });

  it('remembers a skip for 24 hours', async () => {
    fakeBrowser({ permission: 'prompt' });
    const first = await visit();
    first.send({ type: 'location.skip' });
    expect(JSON.parse(storage.getItem(PERMISSION_KEY)!)).toEqual({ state: 'prompt', userChoice: 'skipped', timestamp: NOW });

    vi.setSystemTime(NOW + LOCATION_MEMORY_MS - 1);
    expect(selectModalOpen((await visit()).getSnapshot())).toBe(false);
    vi.setSystemTime(NOW + LOCATION_MEMORY_MS);
    expect(selectModalOpen((await visit()).getSnapshot())).toBe(true);
  });

  it('remembers a denial for 24 hours, even when the browser would ask again', async () => {
    const browser = fakeBrowser({ permission: 'prompt' });
    browser.answer({ code: 1 });
    const first = await visit();
    first.send({ type: 'location.allow' });
    await flush();
    expect(first.getSnapshot().value).toEqual({ permission: 'denied', modal: 'intro' });
    expect(JSON.parse(storage.getItem(PERMISSION_KEY)!)).toEqual({ state: 'denied', userChoice: 'denied', timestamp: NOW });
    // The user may still enter a place by hand.
    first.send({ type: 'location.manual' });
    expect(selectModalStep(first.getSnapshot())).toBe('search');
    first.send({ type: 'location.back' });
    first.send({ type: 'location.skip' });

    vi.setSystemTime(NOW + 23 * HOUR);
    expect(selectModalOpen((await visit()).getSnapshot())).toBe(false);
    vi.setSystemTime(NOW + 25 * HOUR);
    expect(selectModalOpen((await visit()).getSnapshot())).toBe(true);
  });

  it('stores a place chosen by hand, and does not ask again', async () => {
    fakeBrowser({ permission: 'prompt' });
    const actor = await visit();
    actor.send({ type: 'location.manual' });
    actor.send({ type: 'location.select', location: PORTLAND });
    expect(JSON.parse(storage.getItem(LOCATION_KEY)!)).toEqual({
      lat: PORTLAND.position.lat,
      lng: PORTLAND.position.lng,
      address: 'Portland, OR',
      source: 'search',
    });
    expect(JSON.parse(storage.getItem(PERMISSION_KEY)!)).toMatchObject({ userChoice: 'manual' });
    vi.setSystemTime(NOW + 48 * HOUR);
    expect(selectModalOpen((await visit()).getSnapshot())).toBe(false);
  });

  it('reads the position quietly when access was granted before but no place is kept', async () => {
    fakeBrowser({ permission: 'granted' });
    const actor = await visit();
    await flush();
    expect(actor.getSnapshot().value).toEqual({ permission: { granted: 'settled' }, modal: 'closed' });
    expect(locationStore.readLocation()).toMatchObject({ source: 'gps', lat: HERE.lat });
  });

  it('falls back on the stored permission where the Permissions API is missing', async () => {
    fakeBrowser({ permission: null });
    storage.setItem(PERMISSION_KEY, JSON.stringify({ state: 'granted', userChoice: 'granted', timestamp: NOW - 100 * HOUR }));
    storage.setItem(LOCATION_KEY, JSON.stringify(BOISE));
    const actor = await visit();
    expect(actor.getSnapshot().value).toEqual({ permission: { granted: 'settled' }, modal: 'closed' });
    expect(actor.getSnapshot().context.location).toEqual(BOISE);
  });

  it('ignores stored records it cannot read', async () => {
    fakeBrowser({ permission: 'prompt' });
    storage.setItem(PERMISSION_KEY, '{not json');
    storage.setItem(LOCATION_KEY, JSON.stringify({ lat: 'north' }));
    expect(selectModalOpen((await visit()).getSnapshot())).toBe(true);
  });
});
