import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { ProfileMessages, type Preferences } from '../../src/contract/jobseeker.ts';
import type { LocationResult } from '../../src/contract/location.ts';
import { SUPPLEMENTAL_PAYS, SupplementalPay } from '../../src/contract/lookups.ts';
import {
  preferenceFields,
  preferencesMachine,
  preferredPlaceOf,
  selectCanAddPlace,
  selectCanSubmit,
  selectFieldErrors,
  selectPayFlags,
  togglePay,
  type PreferenceLookups,
  type PreferencesEmitted,
  type PreferencesEvent,
  type PreferencesInput,
  type PreferencesLoaded,
} from '../../src/machines/jobseeker/preferences.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof preferencesMachine>;

const place = (name: string, state: string, lat: number, lng: number) => ({
  name: `${name}, ${state}`,
  city: name,
  state,
  latitude: lat,
  longitude: lng,
});
const result = (freeform: string, subdivision: string, lat: number, lng: number): LocationResult => ({
  id: `city:${freeform}`,
  address: { freeformAddress: freeform, countrySubdivisionName: subdivision },
  position: { lat, lng },
});

const lookups: PreferenceLookups = {
  jobTypes: [
    { id: 1, name: 'Full-time' },
    { id: 2, name: 'Part-time' },
  ],
  jobSchedules: [
    { id: 3, name: 'Day shift' },
    { id: 4, name: 'Night shift' },
  ],
  jobSupplementalPays: [...SUPPLEMENTAL_PAYS],
};
const stored: Preferences = {
  locations: [
    place('Vancouver', 'WA', 45.6387, -122.6615),
    place('Portland', 'OR', 45.5152, -122.6784),
    place('Seattle', 'WA', 47.6062, -122.3321),
    place('Boise', 'ID', 43.615, -116.2023),
  ],
  employmentType: 1,
  employmentTypeName: 'Full-time',
  scheduleType: 3,
  scheduleTypeName: 'Day shift',
  salary: 22,
  salaryType: 'Hourly',
  additionalCompensation: SupplementalPay.OvertimePay | SupplementalPay.PerformanceBonuses,
  findable: true,
};
const loaded: PreferencesLoaded = { preferences: stored, lookups };
const BOSTON = result('Boston, MA', 'Massachusetts', 42.3601, -71.0589);
const PORTLAND = result('Portland, OR', 'Oregon', 45.52345, -122.67621);
const failed = new ApiError('server', 500, 'Something went wrong!!!', ['Something went wrong!!!']);
const refused = new ApiError('client', 400, ProfileMessages.compensationNone, [ProfileMessages.compensationNone], {
  additionalCompensation: ProfileMessages.compensationNone,
});

const modelEvents = [
  { type: 'xstate.done.actor.load', output: loaded },
  { type: 'xstate.error.actor.load', error: failed },
  { type: 'preferences.retry' },
  { type: 'field.change', field: 'salary', value: 'abc' },
  { type: 'field.change', field: 'salary', value: '25' },
  { type: 'field.blur', field: 'salary' },
  { type: 'field.change', field: 'employmentType', value: '' },
  { type: 'location.add', location: BOSTON },
  { type: 'location.add', location: PORTLAND },
  { type: 'location.remove', name: 'Portland, OR' },
  { type: 'pay.toggle', flag: SupplementalPay.None, checked: true },
  { type: 'pay.toggle', flag: SupplementalPay.None, checked: false },
  { type: 'pay.toggle', flag: SupplementalPay.Tips, checked: true },
  { type: 'pay.toggle', flag: SupplementalPay.Tips, checked: false },
  { type: 'pay.all', checked: true },
  { type: 'pay.all', checked: false },
  { type: 'form.submit' },
  // The server answers the preferences it keeps.
  { type: 'xstate.done.actor.save', output: stored },
  { type: 'xstate.error.actor.save', error: failed },
  { type: 'xstate.error.actor.save', error: refused },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    places: s.context.locations.map((l) => l.name),
    placeError: s.context.locationError,
    shown: selectFieldErrors(s),
    error: s.context.error,
    message: s.context.message,
    canSubmit: selectCanSubmit(s),
    canAddPlace: selectCanAddPlace(s),
  });

/**
 * What of the form differs from what was loaded, by kind of change. The model tries one kind of
 * change at a time: every rule is walked through, without walking every mix of them.
 */
function changedKinds(s: Snap): Set<string> {
  const { values, touched, locations, locationError } = s.context;
  const kinds = new Set<string>();
  if (locations.map((l) => l.name).join('|') !== stored.locations.map((l) => l.name).join('|') || locationError) kinds.add('location');
  if (values.additionalCompensation !== String(stored.additionalCompensation) || touched.additionalCompensation) kinds.add('pay');
  if (values.salary !== String(stored.salary) || touched.salary) kinds.add('salary');
  if (values.employmentType !== String(stored.employmentType) || touched.employmentType) kinds.add('employmentType');
  if (touched.scheduleType || touched.salaryType) kinds.add('other');
  return kinds;
}

function kindOf(event: EventObject): string | null {
  if (event.type.startsWith('location.')) return 'location';
  if (event.type.startsWith('pay.')) return 'pay';
  if (event.type.startsWith('field.')) return (event as unknown as { field: string }).field;
  return null;
}

function startSut() {
  const server = {
    saves: [] as PreferencesInput[],
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = preferencesMachine.provide({
    actors: {
      load: fromPromise<PreferencesLoaded>(() => {
        const d = deferred<PreferencesLoaded>();
        server.pending.load = d as never;
        return d.promise;
      }),
      save: fromPromise<Preferences, PreferencesInput>(({ input }) => {
        server.saves.push(input);
        const d = deferred<Preferences>();
        server.pending.save = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: PreferencesEmitted[] = [];
  const actor = createActor(machine);
  actor.on('preferences.saved', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

describe('job seeker preferences machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(preferencesMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.load')) return s.matches('loading');
      if (e.type.endsWith('actor.save')) return s.matches('saving');
      const kind = kindOf(e);
      if (kind === null || !s.matches('editing')) return true;
      const changed = changedKinds(s);
      return changed.size === 0 || (changed.size === 1 && changed.has(kind));
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event in each', () => {
    const leaves = (s: (typeof states)[number]) => atomicStates(s.state.value);
    expect([...new Set(states.flatMap(leaves))].sort()).toEqual([
      'editing.failed',
      'editing.idle',
      'editing.saved',
      'loadFailed',
      'loading',
      'saving',
    ]);
    const tried = new Set(states.flatMap((s) => leaves(s).flatMap((leaf) => s.transitions.map((t) => `${leaf} ${t.event.type}`))));
    const userEvents = [...new Set(modelEvents.map((e) => e.type).filter((t) => !t.startsWith('xstate.')))];
    for (const leaf of ['loading', 'loadFailed', 'editing.idle', 'editing.saved', 'editing.failed', 'saving']) {
      for (const type of userEvents) expect(tried, `${type} in ${leaf}`).toContain(`${leaf} ${type}`);
    }
    for (const type of ['xstate.done.actor.load', 'xstate.error.actor.load']) expect(tried).toContain(`loading ${type}`);
    for (const type of ['xstate.done.actor.save', 'xstate.error.actor.save']) expect(tried).toContain(`saving ${type}`);
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as PreferencesEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Save only when valid and not busy; a rule's error shows only for a field left once, or after a submit.
      expect(selectCanSubmit(now)).toBe(now.matches('editing') && Object.keys(now.context.errors).length === 0);
      for (const field of preferenceFields) {
        const shown = selectFieldErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      // "None" never stands with another kind of pay, and the list of places never passes 5.
      const flags = selectPayFlags(now);
      if (flags & SupplementalPay.None) expect(flags).toBe(SupplementalPay.None);
      expect(now.context.locations.length).toBeLessThanOrEqual(5);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('job seeker preferences rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function started(preferences: Preferences = stored) {
    const sut = startSut();
    sut.server.pending.load!.resolve({ preferences, lookups } as never);
    await flush();
    return sut;
  }
  const flagsOf = (sut: ReturnType<typeof startSut>) => selectPayFlags(sut.actor.getSnapshot());

  it('fills the form from the stored preferences, and offers the lists they are chosen from', async () => {
    const sut = await started();
    const { context } = sut.actor.getSnapshot();
    expect(context.values).toEqual({
      employmentType: '1',
      scheduleType: '3',
      salary: '22',
      salaryType: 'Hourly',
      additionalCompensation: '48',
      findable: 'true',
    });
    expect(context.locations).toEqual(stored.locations);
    expect(context.lookups).toEqual(lookups);
  });

  it('saves what was chosen as the contract takes it, then says so and tells the completion meter', async () => {
    const sut = await started({
      ...stored,
      locations: [],
      employmentType: null,
      scheduleType: null,
      salary: null,
      salaryType: null,
      additionalCompensation: 0,
    });
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    sut.actor.send({ type: 'location.add', location: PORTLAND });
    sut.actor.send({ type: 'field.change', field: 'scheduleType', value: '4' });
    sut.actor.send({ type: 'field.change', field: 'salary', value: ' 52000 ' });
    sut.actor.send({ type: 'field.change', field: 'salaryType', value: 'Yearly' });
    sut.actor.send({ type: 'pay.toggle', flag: SupplementalPay.Commission, checked: true });
    sut.actor.send({ type: 'pay.toggle', flag: SupplementalPay.Tips, checked: true });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([
      {
        locations: [{ name: 'Portland, OR', city: 'Portland', state: 'OR', latitude: 45.52345, longitude: -122.67621 }],
        employmentType: null,
        scheduleType: 4,
        salary: 52000,
        salaryType: 'Yearly',
        additionalCompensation: 257,
        findable: true,
      },
    ]);
    expect(changes).toBe(0);
    const answer: Preferences = {
      ...stored,
      locations: [preferredPlaceOf(PORTLAND)],
      employmentType: null,
      scheduleType: 4,
      salary: 52000,
      salaryType: 'Yearly',
      additionalCompensation: 257,
    };
    sut.server.pending.save!.resolve(answer as never);
    await flush();
    expect(changes).toBe(1);
    expect(sut.emitted).toEqual([{ type: 'preferences.saved', preferences: answer, message: ProfileMessages.preferencesSaved }]);
    expect(sut.actor.getSnapshot().context.message).toBe(ProfileMessages.preferencesSaved);
    expect(sut.actor.getSnapshot().context.values.salary).toBe('52000');
    stop();
  });

  it('"None" stands alone: ticking it clears the others, ticking another clears it', async () => {
    const sut = await started();
    sut.actor.send({ type: 'pay.toggle', flag: SupplementalPay.None, checked: true });
    expect(flagsOf(sut)).toBe(512);
    sut.actor.send({ type: 'pay.toggle', flag: SupplementalPay.Tips, checked: true });
    expect(flagsOf(sut)).toBe(256);
    sut.actor.send({ type: 'pay.toggle', flag: SupplementalPay.None, checked: true });
    sut.actor.send({ type: 'pay.all', checked: true });
    expect(flagsOf(sut)).toBe(511);
    sut.actor.send({ type: 'pay.toggle', flag: SupplementalPay.Commission, checked: false });
    expect(flagsOf(sut)).toBe(510);
    sut.actor.send({ type: 'pay.all', checked: false });
    expect(flagsOf(sut)).toBe(0);
  });

  it('togglePay keeps to the flags: all nine together, none alone', () => {
    expect(togglePay(0, SupplementalPay.HolidayPay, true)).toBe(4);
    expect(togglePay(4 | 8, SupplementalPay.HolidayPay, false)).toBe(8);
    expect(togglePay(511, SupplementalPay.None, true)).toBe(512);
    expect(togglePay(512, SupplementalPay.ShiftDifferential, true)).toBe(128);
    expect(togglePay(512, SupplementalPay.None, false)).toBe(0);
  });

  it('adds each place once, at most 5, and says why one was not added', async () => {
    const sut = await started();
    sut.actor.send({ type: 'location.add', location: result('portland, or', 'Oregon', 45.5, -122.6) });
    expect(sut.actor.getSnapshot().context.locationError).toBe(ProfileMessages.locationDuplicate);
    expect(sut.actor.getSnapshot().context.locations).toHaveLength(4);
    sut.actor.send({ type: 'location.add', location: BOSTON });
    expect(sut.actor.getSnapshot().context.locationError).toBeNull();
    expect(selectCanAddPlace(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'location.add', location: result('Denver, CO', 'Colorado', 39.7392, -104.9903) });
    expect(sut.actor.getSnapshot().context.locationError).toBe(ProfileMessages.locations);
    expect(sut.actor.getSnapshot().context.locations.map((l) => l.name)).toEqual([
      'Vancouver, WA',
      'Portland, OR',
      'Seattle, WA',
      'Boise, ID',
      'Boston, MA',
    ]);
    sut.actor.send({ type: 'location.remove', name: 'Seattle, WA' });
    expect(sut.actor.getSnapshot().context.locations.map((l) => l.name)).toEqual([
      'Vancouver, WA',
      'Portland, OR',
      'Boise, ID',
      'Boston, MA',
    ]);
    expect(selectCanAddPlace(sut.actor.getSnapshot())).toBe(true);
  });

  it('takes a place found by the search as its city, state code and position', () => {
    expect(preferredPlaceOf(PORTLAND)).toEqual({
      name: 'Portland, OR',
      city: 'Portland',
      state: 'OR',
      latitude: 45.52345,
      longitude: -122.67621,
    });
    expect(preferredPlaceOf(result('98660 Vancouver, WA', 'Washington', 45.64, -122.68))).toEqual({
      name: 'Vancouver, WA',
      city: 'Vancouver',
      state: 'WA',
      latitude: 45.64,
      longitude: -122.68,
    });
    expect(
      preferredPlaceOf(result('1600 Pennsylvania Avenue NW, Washington, DC 20500', 'District of Columbia', 38.9, -77.04)),
    ).toMatchObject({
      name: 'Washington, DC',
      city: 'Washington',
      state: 'DC',
    });
    expect(preferredPlaceOf(result('Guam', 'Guam', 13.44, 144.79))).toMatchObject({ name: 'Guam', city: null, state: 'Guam' });
  });

  it('does not save while the pay amount is not a number of 0 or more, and shows why on submit', async () => {
    const sut = await started();
    sut.actor.send({ type: 'field.change', field: 'salary', value: '-5' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([]);
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ salary: ProfileMessages.salary });
    sut.actor.send({ type: 'field.change', field: 'salary', value: '' });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(true);
  });

  it("puts the server's word on the pay boxes next to them, and anything else in the alert; the input stays", async () => {
    const sut = await started();
    sut.actor.send({ type: 'field.change', field: 'salary', value: '30' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(refused);
    await flush();
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ additionalCompensation: ProfileMessages.compensationNone });
    expect(sut.actor.getSnapshot().context.values.salary).toBe('30');
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
    expect(sut.actor.getSnapshot().context.locations).toEqual(stored.locations);
  });
});
