import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages, type JobSeekerProfile } from '../../src/contract/account.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import {
  profileFields,
  profileMachine,
  selectCanSubmit,
  selectFieldErrors,
  type ProfileEmitted,
  type ProfileEvent,
  type ProfileField,
} from '../../src/machines/jobseeker/profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof profileMachine>;
type Saved = { profile: JobSeekerProfile; message: string };

const stored: JobSeekerProfile = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  pendingEmail: null,
  phoneNumber: '+15035550123',
  dateOfBirth: '1996-02-03',
};
const renamed: Saved = { profile: { ...stored, firstName: 'Mara' }, message: ProfileMessages.profileSaved };
const moving: Saved = { profile: { ...stored, pendingEmail: 'mara@example.org' }, message: ProfileMessages.emailChangeSent('mara@example.org') };
const taken = new ApiError('client', 409, ProfileMessages.emailTaken, [ProfileMessages.emailTaken]);
const badPhone = new ApiError('client', 400, ProfileMessages.phone, [ProfileMessages.phone], { phoneNumber: ProfileMessages.phone });

const modelEvents = [
  { type: 'xstate.done.actor.load', output: stored },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'profile.retry' },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'firstName', value: 'Mara' },
  { type: 'field.change', field: 'phoneNumber', value: '555-01' },
  { type: 'field.blur', field: 'firstName' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: renamed },
  { type: 'xstate.done.actor.save', output: moving },
  { type: 'xstate.error.actor.save', error: taken },
  { type: 'xstate.error.actor.save', error: badPhone },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    shown: selectFieldErrors(s),
    error: s.context.error,
    message: s.context.message,
    canSubmit: selectCanSubmit(s),
  });

function startSut() {
  const server = {
    loads: 0,
    saves: [] as Array<Record<ProfileField, string>>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = profileMachine.provide({
    actors: {
      load: fromPromise<JobSeekerProfile>(() => {
        server.loads++;
        const d = deferred<JobSeekerProfile>();
        server.pending.load = d as never;
        return d.promise;
      }),
      save: fromPromise<Saved, Record<ProfileField, string>>(({ input }) => {
        server.saves.push(input);
        const d = deferred<Saved>();
        server.pending.save = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: ProfileEmitted[] = [];
  const actor = createActor(machine);
  actor.on('profile.saved', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

describe('job seeker profile machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(profileMachine, {
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
        if (!settle(sut.server.pending, event)) sut.actor.send(event as ProfileEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Save only when valid and not busy; a rule's error shows only for a field left once, or after a submit.
      expect(selectCanSubmit(now)).toBe(now.matches('editing') && Object.keys(now.context.errors).length === 0);
      for (const field of profileFields) {
        const shown = selectFieldErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('job seeker profile rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function loaded() {
    const sut = startSut();
    sut.server.pending.load!.resolve(stored as never);
    await flush();
    return sut;
  }

  it('fills the form from the profile; a pending email shows what the user asked for', async () => {
    const sut = await loaded();
    expect(sut.actor.getSnapshot().context.values).toEqual({ firstName: 'Maria', lastName: 'Lopez', email: 'maria@example.com', phoneNumber: '(503) 555-0123' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.resolve(moving as never);
    await flush();
    expect(sut.actor.getSnapshot().context.values.email).toBe('mara@example.org');
    expect(sut.actor.getSnapshot().context.message).toBe(ProfileMessages.emailChangeSent('mara@example.org'));
  });

  it('saves what was typed, then tells the completion meter and whoever shows the name', async () => {
    const sut = await loaded();
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    sut.actor.send({ type: 'field.change', field: 'firstName', value: 'Mara' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([{ firstName: 'Mara', lastName: 'Lopez', email: 'maria@example.com', phoneNumber: '(503) 555-0123' }]);
    expect(changes).toBe(0);
    sut.server.pending.save!.resolve(renamed as never);
    await flush();
    expect(changes).toBe(1);
    expect(sut.emitted).toEqual([{ type: 'profile.saved', ...renamed }]);
    stop();
  });

  it('does not save while a rule is unmet, and shows every unmet rule on submit', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'field.change', field: 'phoneNumber', value: '555-01' });
    sut.actor.send({ type: 'field.change', field: 'lastName', value: ' ' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([]);
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ lastName: ProfileMessages.lastName, phoneNumber: ProfileMessages.phone });
  });

  it("puts the server's word on a field next to it, and the rest in the alert", async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(badPhone);
    await flush();
    expect(selectFieldErrors(sut.actor.getSnapshot()).phoneNumber).toBe(ProfileMessages.phone);
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
  });
});
