import { assertEvent, assign, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  MAX_PREFERRED_LOCATIONS,
  preferencesInputSchema,
  ProfileMessages,
  type Preferences,
  type PreferredLocation,
  type updatePreferences,
} from '../../contract/jobseeker.ts';
import type { BodyOf } from '../../contract/endpoint.ts';
import type { LocationResult } from '../../contract/location.ts';
import { SUPPLEMENTAL_PAY_ALL, type AllLookups } from '../../contract/lookups.ts';
import { jobSeekerService } from '../../services/jobseeker.ts';
import { loadLookups } from '../../services/lookups.ts';
import { profileChanges } from '../../services/profile-changes.ts';
import { togglePay } from '../../lib/supplemental-pay.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';

/**
 * The typed fields; `additionalCompensation` holds the supplemental pay flags as one integer,
 * `findable` ("Let employers find me") 'true' or 'false'.
 */
export const preferenceFields = ['employmentType', 'scheduleType', 'salary', 'salaryType', 'additionalCompensation', 'findable'] as const;
export type PreferenceField = (typeof preferenceFields)[number];

/** The lists the form offers its choices from. */
export type PreferenceLookups = Pick<AllLookups, 'jobTypes' | 'jobSchedules' | 'jobSupplementalPays'>;

export interface PreferencesContext extends FormState<PreferenceField> {
  /** The places chosen, in the order they were added. */
  locations: PreferredLocation[];
  /** Why the last place picked was not added. */
  locationError: string | null;
  lookups: PreferenceLookups;
  /** What the last save said. */
  message: string | null;
}

export type PreferencesEvent =
  | FormEvent<PreferenceField>
  | { type: 'location.add'; location: LocationResult }
  | { type: 'location.remove'; name: string }
  | { type: 'pay.toggle'; flag: number; checked: boolean }
  | { type: 'pay.all'; checked: boolean }
  | { type: 'preferences.retry' };

export type PreferencesEmitted = { type: 'preferences.saved'; preferences: Preferences; message: string };

export interface PreferencesLoaded {
  preferences: Preferences;
  lookups: PreferenceLookups;
}

/** What a save sends. */
export type PreferencesInput = BodyOf<typeof updatePreferences>;

const blank = (v: string) => v.trim() === '';

/** What the form holds, as the contract takes it: a blank choice is no preference. */
export function inputOf(values: Record<PreferenceField, string>, locations: PreferredLocation[]): PreferencesInput {
  return {
    locations,
    employmentType: blank(values.employmentType) ? null : Number(values.employmentType),
    scheduleType: blank(values.scheduleType) ? null : Number(values.scheduleType),
    salary: blank(values.salary) ? null : Number(values.salary.trim()),
    salaryType: blank(values.salaryType) ? null : (values.salaryType as PreferencesInput['salaryType']),
    additionalCompensation: blank(values.additionalCompensation) ? 0 : Number(values.additionalCompensation),
    findable: values.findable !== 'false',
  };
}

const valuesOf = (p: Preferences): Record<PreferenceField, string> => ({
  employmentType: p.employmentType == null ? '' : String(p.employmentType),
  scheduleType: p.scheduleType == null ? '' : String(p.scheduleType),
  salary: p.salary == null ? '' : String(p.salary),
  salaryType: p.salaryType ?? '',
  additionalCompensation: String(p.additionalCompensation),
  findable: String(p.findable),
});

const form = formOf<PreferenceField, PreferencesContext, PreferencesEvent>(preferenceFields, (values, context) =>
  validate(preferencesInputSchema, inputOf(values, context.locations ?? []), preferenceFields),
);

/**
 * A place the location search found, as a preferred location: "Portland, OR" with its city, state
 * code and position. A ZIP code ("98660 Vancouver, WA") counts as its city.
 */
export function preferredPlaceOf(result: LocationResult): PreferredLocation {
  const parts = result.address.freeformAddress
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const code = parts.length > 1 ? /^([A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/.exec(parts.at(-1)!)?.[1] : undefined;
  const city = parts.length > 1 ? parts.at(-2)!.replace(/^\d{5}(?:-\d{4})?\s+/, '') : null;
  const state = code ?? (result.address.countrySubdivisionName || null);
  return {
    name: city && code ? `${city}, ${code}` : result.address.freeformAddress.trim(),
    city,
    state,
    latitude: result.position.lat,
    longitude: result.position.lng,
  };
}

const samePlace = (a: PreferredLocation, b: PreferredLocation) => a.name.trim().toLowerCase() === b.name.trim().toLowerCase();

export { togglePay };

const flagsOf = (context: PreferencesContext) => Number(context.values.additionalCompensation) || 0;
const payChange = (value: number) => ({ type: 'field.change' as const, field: 'additionalCompensation' as const, value: String(value) });

/**
 * The job seeker's preferences (spec 2 §3 "Preferences"): up to five places, employment type,
 * schedule, desired pay and supplemental pay, and whether employers may find the seeker. Loaded with the lists they are chosen from, edited
 * with the contract's rules, saved as a whole; a save tells the completion meter.
 */
export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    emitted: {} as PreferencesEmitted,
  },
  actors: {
    load: fromPromise<PreferencesLoaded>(async ({ signal }) => {
      const [res, lookups] = await Promise.all([jobSeekerService.preferences(signal), loadLookups()]);
      return {
        preferences: res.data,
        lookups: { jobTypes: lookups.jobTypes, jobSchedules: lookups.jobSchedules, jobSupplementalPays: lookups.jobSupplementalPays },
      };
    }),
    save: fromPromise<Preferences, PreferencesInput>(
      async ({ input, signal }) => (await jobSeekerService.updatePreferences(input, signal)).data,
    ),
  },
  actions: {
    ...form.actions,
    announceChange: () => profileChanges.changed(),
    clearMessages: assign({ message: null, locationError: null }),
    addLocation: assign(({ context, event }) => {
      assertEvent(event, 'location.add');
      return { locations: [...context.locations, preferredPlaceOf(event.location)] };
    }),
    removeLocation: assign(({ context, event }) => {
      assertEvent(event, 'location.remove');
      return { locations: context.locations.filter((l) => l.name !== event.name) };
    }),
    refuseFull: assign({ locationError: ProfileMessages.locations }),
    refuseDuplicate: assign({ locationError: ProfileMessages.locationDuplicate }),
    // The pay boxes are one field: each tick becomes a change of it, checked by the same rules.
    togglePay: raise(({ context, event }) => {
      assertEvent(event, 'pay.toggle');
      return payChange(togglePay(flagsOf(context), event.flag, event.checked));
    }),
    // "All of these" is every flag but "None"; clearing it clears them all.
    setAllPay: raise(({ event }) => {
      assertEvent(event, 'pay.all');
      return payChange(event.checked ? SUPPLEMENTAL_PAY_ALL : 0);
    }),
  },
  guards: {
    ...form.guards,
    full: ({ context }) => context.locations.length >= MAX_PREFERRED_LOCATIONS,
    known: ({ context, event }) => {
      assertEvent(event, 'location.add');
      const place = preferredPlaceOf(event.location);
      return context.locations.some((l) => samePlace(l, place));
    },
  },
}).createMachine({
  id: 'jobSeekerPreferences',
  context: {
    ...form.empty(),
    locations: [],
    locationError: null,
    lookups: { jobTypes: [], jobSchedules: [], jobSupplementalPays: [] },
    message: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            ...form.empty(valuesOf(event.output.preferences)),
            locations: event.output.preferences.locations,
            lookups: event.output.lookups,
          })),
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'preferences.retry': 'loading' },
    },
    editing: {
      initial: 'idle',
      on: {
        'field.change': { target: '.idle', actions: [{ type: 'changeField', params: ({ event }) => event }, 'clearMessages'] },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'pay.toggle': { actions: 'togglePay' },
        'pay.all': { actions: 'setAllPay' },
        'location.add': [
          { guard: 'full', actions: 'refuseFull' },
          { guard: 'known', actions: 'refuseDuplicate' },
          { target: '.idle', actions: ['addLocation', 'clearMessages'] },
        ],
        'location.remove': { target: '.idle', actions: ['removeLocation', 'clearMessages'] },
        'form.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'touchAll' }],
      },
      states: {
        idle: {},
        saved: {},
        failed: {
          tags: ['error'],
          always: { guard: 'nothingToShow', target: 'idle' },
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: ['clearFailure', 'clearMessages'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => inputOf(context.values, context.locations),
        onDone: {
          target: 'editing.saved',
          actions: [
            assign(({ event }) => ({
              ...form.empty(valuesOf(event.output)),
              locations: event.output.locations,
              message: ProfileMessages.preferencesSaved,
            })),
            emit(({ event }) => ({
              type: 'preferences.saved' as const,
              preferences: event.output,
              message: ProfileMessages.preferencesSaved,
            })),
            'announceChange',
          ],
        },
        onError: {
          target: 'editing.failed',
          actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)),
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof preferencesMachine>;

export const selectFieldErrors = (s: Snap) => form.visibleErrors(s.context);
/** Save is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snap) => canSubmit(!s.matches('editing'), form.isValid(s.context));
/** The supplemental pay flags ticked. */
export const selectPayFlags = (s: Snap) => flagsOf(s.context);
/** Another place can be picked: the list is not full. */
export const selectCanAddPlace = (s: Snap) => s.context.locations.length < MAX_PREFERRED_LOCATIONS;
