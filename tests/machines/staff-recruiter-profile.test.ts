import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { StaffMessages, type RecruiterProfile } from '../../src/contract/staff.ts';
import { detailFields, type DetailField } from '../../src/machines/staff/edit-recruiter.machine.ts';
import {
  recruiterProfileMachine,
  selectCanSaveProfile,
  selectProfileErrors,
  type RecruiterProfileEmitted,
  type RecruiterProfileEvent,
} from '../../src/machines/staff/recruiter-profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof recruiterProfileMachine>;
type Saved = { profile: RecruiterProfile; message: string };

const stored: RecruiterProfile = {
  email: 'casey@example.com',
  firstName: 'Casey',
  lastName: 'Nguyen',
  jobTitle: 'Talent Partner',
  phoneNumber: '+15035550123',
  company: { id: 'c-1', name: 'Northwind Traders' },
};
const renamed: Saved = { profile: { ...stored, firstName: 'Cass' }, message: StaffMessages.profileSaved };
const invalidData = new ApiError('invalid-response', 200, StaffMessages.invalidData);
const badPhone = new ApiError('client', 400, StaffMessages.phone, [StaffMessages.phone], { phoneNumber: StaffMessages.phone });
const failed = new ApiError('server', 500, 'Something went wrong!!!');

const modelEvents = [
  { type: 'xstate.done.actor.load', output: stored },
  { type: 'xstate.error.actor.load', error: invalidData },
  { type: 'profile.retry' },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'firstName', value: 'Cass' },
  { type: 'field.blur', field: 'firstName' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: renamed },
  { type: 'xstate.error.actor.save', error: badPhone },
  { type: 'xstate.error.actor.save', error: failed },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    shown: selectProfileErrors(s),
    error: s.context.error,
    loadError: s.context.loadError,
    message: s.context.message,
    canSubmit: selectCanSaveProfile(s),
  });

function startSut() {
  const server = { loads: 0, saves: [] as Array<Record<DetailField, string>>, pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined> };
  const machine = recruiterProfileMachine.provide({
    actors: {
      load: fromPromise<RecruiterProfile>(() => {
        server.loads++;
        const d = deferred<RecruiterProfile>();
        server.pending.load = d as never;
        return d.promise;
      }),
      save: fromPromise<Saved, Record<DetailField, string>>(({ input }) => {
        server.saves.push(input);
        const d = deferred<Saved>();
        server.pending.save = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: RecruiterProfileEmitted[] = [];
  const actor = createActor(machine);
  actor.on('profile.saved', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

describe('recruiter profile machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(recruiterProfileMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.load')) return s.matches('loading');
      if (e.type.endsWith('actor.save')) return s.matches('saving');
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'editing.failed',
      'editing.idle',
      'editing.saved',
      'loadFailed',
      'loading',
      'saving',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as RecruiterProfileEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expect(selectCanSaveProfile(now)).toBe(now.matches('editing') && Object.keys(now.context.errors).length === 0);
      for (const field of detailFields) {
        const shown = selectProfileErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('recruiter profile rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says "Invalid recruiter data received" when the answer does not fit, and reads again on retry', async () => {
    const sut = startSut();
    sut.server.pending.load!.reject(invalidData);
    await flush();
    expect(sut.actor.getSnapshot().context.loadError).toBe('Invalid recruiter data received');
    sut.actor.send({ type: 'profile.retry' });
    await flush();
    expect(sut.server.loads).toBe(2);
    expect(sut.actor.getSnapshot().context.loadError).toBeNull();
  });

  it('fills the form from the details and saves what was typed, then announces it', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(stored as never);
    await flush();
    expect(sut.actor.getSnapshot().context.values).toEqual({ firstName: 'Casey', lastName: 'Nguyen', jobTitle: 'Talent Partner', phoneNumber: '(503) 555-0123' });
    sut.actor.send({ type: 'field.change', field: 'firstName', value: 'Cass' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([{ firstName: 'Cass', lastName: 'Nguyen', jobTitle: 'Talent Partner', phoneNumber: '(503) 555-0123' }]);
    sut.server.pending.save!.resolve(renamed as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'profile.saved', ...renamed }]);
    expect(sut.actor.getSnapshot().context.message).toBe(StaffMessages.profileSaved);
  });

  it('puts a field’s refusal next to it and a general one in the alert', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(stored as never);
    await flush();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(badPhone);
    await flush();
    expect(selectProfileErrors(sut.actor.getSnapshot()).phoneNumber).toBe(StaffMessages.phone);
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
  });
});
