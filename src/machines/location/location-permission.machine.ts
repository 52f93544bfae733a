import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LocationResult, UserLocation } from '../../contract/location.ts';
import {
  GeolocationError,
  geolocationMessages,
  geolocationService,
  type BrowserPermission,
  type Coordinates,
  type GeolocationFailure,
} from '../../services/geolocation.ts';
import { locationStore, type PermissionName, type PermissionRecord, type UserChoice } from '../../services/location-store.ts';

/** A denial or a skip is remembered this long before the modal asks again (spec 1 §9: cache 24 hours). */
export const LOCATION_MEMORY_MS = 24 * 60 * 60 * 1000;

/** How a position from the browser is labelled until the user picks a named place. */
export const CURRENT_LOCATION_LABEL = 'Current location';

/** What the browser and the stored records say when the app starts. */
export interface PermissionCheck {
  browser: BrowserPermission | null;
  record: PermissionRecord | null;
  location: UserLocation | null;
}

export interface LocationPermissionContext {
  permission: PermissionName | 'unknown';
  location: UserLocation | null;
  record: PermissionRecord | null;
  /** The geolocation failure to show in the modal. */
  error: string | null;
}

export type LocationPermissionEvent =
  | { type: 'location.allow' }
  | { type: 'location.manual' }
  | { type: 'location.back' }
  | { type: 'location.skip' }
  | { type: 'location.select'; location: LocationResult };

export type LocationPermissionEmitted = { type: 'location.changed'; location: UserLocation };

/** A location the user gave, as opposed to the default one (spec 2 §3). */
export const isRealLocation = (location: UserLocation | null | undefined) => !!location && location.source !== 'default';

/** The permission the app works with: the browser's word, else the last one recorded, else "prompt". */
export function resolvePermission(check: PermissionCheck): PermissionName {
  if (check.browser) return check.browser;
  if (check.record?.state === 'granted' || check.record?.state === 'denied') return check.record.state;
  return 'prompt';
}

/** Whether the user denied or skipped within the last 24 hours. */
export function declinedRecently(record: PermissionRecord | null, now = Date.now()) {
  return !!record && (record.userChoice === 'denied' || record.userChoice === 'skipped') && now - record.timestamp < LOCATION_MEMORY_MS;
}

/** Params of the chart: what the check found, and why the browser gave no position. */
const checkOf = ({ event }: { event: { output: PermissionCheck } }) => event.output;
const reasonOf = ({ event }: { event: { error: unknown } }): GeolocationFailure =>
  event.error instanceof GeolocationError ? event.error.reason : 'unknown';

function gpsLocation(position: Coordinates): UserLocation {
  return { lat: position.lat, lng: position.lng, address: CURRENT_LOCATION_LABEL, source: 'gps' };
}

export const locationPermissionMachine = setup({
  types: {
    context: {} as LocationPermissionContext,
    events: {} as LocationPermissionEvent,
    emitted: {} as LocationPermissionEmitted,
  },
  actors: {
    check: fromPromise<PermissionCheck>(async () => ({
      browser: await geolocationService.permission(),
      record: locationStore.readPermission(),
      location: locationStore.readLocation(),
    })),
    geolocate: fromPromise<Coordinates>(({ signal }) => geolocationService.currentPosition({ signal })),
  },
  actions: {
    applyCheck: assign((_, check: PermissionCheck) => ({ record: check.record, location: check.location })),
    /** Records what the user chose, with the permission it was made under. */
    remember: assign({
      record: ({ context }, params: { choice: UserChoice; state?: PermissionName }): PermissionRecord => ({
        state: params.state ?? (context.permission === 'unknown' ? 'prompt' : context.permission),
        userChoice: params.choice,
        timestamp: Date.now(),
      }),
    }),
    persistRecord: ({ context }) => {
      if (context.record) locationStore.writePermission(context.record);
    },
    useGpsPosition: assign((_, position: Coordinates) => ({ location: gpsLocation(position) })),
    useSearchResult: assign(({ event }) => {
      assertEvent(event, 'location.select');
      const result = event.location;
      const location: UserLocation = {
        lat: result.position.lat,
        lng: result.position.lng,
        address: result.address.freeformAddress,
        source: 'search',
      };
      return { location };
    }),
    persistLocation: ({ context }) => {
      if (context.location) locationStore.writeLocation(context.location);
    },
    announceLocation: emit(({ context }) => ({ type: 'location.changed' as const, location: context.location! })),
    showError: assign((_, reason: GeolocationFailure) => ({ error: geolocationMessages[reason] })),
    clearError: assign({ error: null }),
  },
  guards: {
    checkedUnsupported: (_, check: PermissionCheck) => resolvePermission(check) === 'unsupported',
    checkedGranted: (_, check: PermissionCheck) => resolvePermission(check) === 'granted',
    checkedDenied: (_, check: PermissionCheck) => resolvePermission(check) === 'denied',
    // The modal rule of spec 1 §4: permission 'prompt', no real location, no denial or skip in 24 h.
    shouldAsk: (_, check: PermissionCheck) =>
      resolvePermission(check) === 'prompt' && !isRealLocation(check.location) && !declinedRecently(check.record),
    needsPosition: ({ context }) => !isRealLocation(context.location),
    deniedByUser: (_, reason: GeolocationFailure) => reason === 'denied',
    notSupported: (_, reason: GeolocationFailure) => reason === 'unsupported',
  },
}).createMachine({
  id: 'locationPermission',
  type: 'parallel',
  context: { permission: 'unknown', location: null, record: null, error: null },
  states: {
    permission: {
      initial: 'unknown',
      states: {
        unknown: {
          invoke: {
            id: 'check',
            src: 'check',
            onDone: [
              {
                guard: { type: 'checkedUnsupported', params: checkOf },
                target: 'unsupported',
                actions: { type: 'applyCheck', params: checkOf },
              },
              { guard: { type: 'checkedGranted', params: checkOf }, target: 'granted', actions: { type: 'applyCheck', params: checkOf } },
              { guard: { type: 'checkedDenied', params: checkOf }, target: 'denied', actions: { type: 'applyCheck', params: checkOf } },
              {
                guard: { type: 'shouldAsk', params: checkOf },
                target: ['prompt', '#locationPermission.modal.intro'],
                actions: { type: 'applyCheck', params: checkOf },
              },
              { target: 'prompt', actions: { type: 'applyCheck', params: checkOf } },
            ],
            // Nothing can be read: behave as a browser without geolocation, and do not ask.
            onError: { target: 'unsupported' },
          },
        },
        prompt: { entry: assign({ permission: 'prompt' }) },
        granted: {
          entry: assign({ permission: 'granted' }),
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'needsPosition', target: 'refreshing' }, { target: 'settled' }],
            },
            // Access was granted on an earlier visit but no location is kept: read it again, quietly.
            refreshing: {
              invoke: {
                id: 'refreshPosition',
                src: 'geolocate',
                onDone: {
                  target: 'settled',
                  actions: [{ type: 'useGpsPosition', params: ({ event }) => event.output }, 'persistLocation', 'announceLocation'],
                },
                onError: { target: 'settled' },
              },
            },
            settled: {},
          },
        },
        denied: { entry: assign({ permission: 'denied' }) },
        unsupported: { entry: assign({ permission: 'unsupported' }) },
      },
    },
    modal: {
      initial: 'closed',
      states: {
        closed: {},
        intro: {
          tags: ['open'],
          on: {
            'location.allow': { target: 'locating', actions: 'clearError' },
            'location.manual': { target: 'search' },
            'location.skip': {
              target: 'closed',
              actions: [{ type: 'remember', params: { choice: 'skipped' } }, 'persistRecord'],
            },
          },
        },
        locating: {
          tags: ['open', 'loading'],
          on: {
            // The user may give up waiting for the browser's answer.
            'location.skip': {
              target: 'closed',
              actions: [{ type: 'remember', params: { choice: 'skipped' } }, 'persistRecord'],
            },
          },
          invoke: {
            id: 'geolocate',
            src: 'geolocate',
            onDone: {
              target: ['closed', '#locationPermission.permission.granted.settled'],
              actions: [
                { type: 'useGpsPosition', params: ({ event }) => event.output },
                'persistLocation',
                { type: 'remember', params: { choice: 'granted', state: 'granted' } },
                'persistRecord',
                'announceLocation',
              ],
            },
            onError: [
              {
                guard: { type: 'deniedByUser', params: reasonOf },
                target: ['intro', '#locationPermission.permission.denied'],
                actions: [
                  { type: 'showError', params: reasonOf },
                  { type: 'remember', params: { choice: 'denied', state: 'denied' } },
                  'persistRecord',
                ],
              },
              {
                guard: { type: 'notSupported', params: reasonOf },
                target: ['intro', '#locationPermission.permission.unsupported'],
                actions: { type: 'showError', params: reasonOf },
              },
              // Unavailable, timed out or unknown: the user may try again or enter a place.
              { target: 'intro', actions: { type: 'showError', params: reasonOf } },
            ],
          },
        },
        search: {
          tags: ['open'],
          on: {
            'location.back': { target: 'intro' },
            'location.select': {
              target: 'closed',
              actions: [
                'useSearchResult',
                'persistLocation',
                { type: 'remember', params: { choice: 'manual' } },
                'persistRecord',
                'announceLocation',
              ],
            },
            'location.skip': {
              target: 'closed',
              actions: [{ type: 'remember', params: { choice: 'skipped' } }, 'persistRecord'],
            },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof locationPermissionMachine>;

export const selectModalOpen = (s: Snapshot) => s.hasTag('open');
export const selectLocating = (s: Snapshot) => s.hasTag('loading');
/** Which step of the modal shows: the four actions, or the manual search. */
export const selectModalStep = (s: Snapshot): 'actions' | 'search' => (s.matches({ modal: 'search' }) ? 'search' : 'actions');
export const selectLocationError = (s: Snapshot) => s.context.error;
export const selectPermission = (s: Snapshot) => s.context.permission;
export const selectUserLocation = (s: Snapshot) => s.context.location;
