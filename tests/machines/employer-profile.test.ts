import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { CompanyMessages } from '../../src/contract/company.ts';
import type { Employer } from '../../src/contract/employer.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import {
  employerFields,
  employerProfileMachine,
  selectCanSubmit,
  selectFieldErrors,
  type EmployerField,
  type EmployerProfileEmitted,
  type EmployerProfileEvent,
} from '../../src/machines/company/employer-profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { sampleEmployer } from '../../src/views/company/stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof employerProfileMachine>;
type Saved = { employer: Employer; message: string };

const renamed: Saved = { employer: { ...sampleEmployer, firstName: 'Robyn' }, message: CompanyMessages.employerSaved };
const badPhone = new ApiError('client', 400, ProfileMessages.phone, [ProfileMessages.phone], { phoneNumber: ProfileMessages.phone });

const modelEvents = [
  { type: 'xstate.done.actor.load', output: sampleEmployer },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'employer.retry' },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'phoneNumber', value: '' },
  { type: 'field.change', field: 'phoneNumber', value: '555-01' },
  { type: 'field.blur', field: 'phoneNumber' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: renamed },
  { type: 'xstate.error.actor.save', error: badPhone },
  { type: 'xstate.error.actor.save', error: new TypeError('Failed to fetch') },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({ value: s.value, values: s.context.values, shown: selectFieldErrors(s), error: s.context.error, message: s.context.message, canSubmit: selectCanSubmit(s) });

function startSut() {
  const server = { saves: [] as Array<Record<EmployerField, string>>, pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined> };
  const machine = employerProfileMachine.provide({
    actors: {
      load: fromPromise<Employer>(() => {
        const d = deferred<Employer>();
        server.pending.load = d as never;
        return d.promise;
      }),
      save: fromPromise<Saved, Record<EmployerField, string>>(({ input }) => {
        server.saves.push(input);
        const d = deferred<Saved>();
        server.pending.save = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: EmployerProfileEmitted[] = [];
  const actor = createActor(machine);
  actor.on('employer.saved', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

describe('employer profile machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(employerProfileMachine, {
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
        if (!settle(sut.server.pending, event)) sut.actor.send(event as EmployerProfileEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expect(selectCanSubmit(now)).toBe(now.matches('editing') && Object.keys(now.context.errors).length === 0);
      for (const field of employerFields) {
        const shown = selectFieldErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('employer profile rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fills the form with the phone as people write it; an empty phone is allowed; the session hears of a save', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(sampleEmployer as never);
    await flush();
    expect(sut.actor.getSnapshot().context.values).toEqual({ firstName: 'Robin', lastName: 'Hale', phoneNumber: '(360) 555-0142' });
    sut.actor.send({ type: 'field.change', field: 'phoneNumber', value: '' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([{ firstName: 'Robin', lastName: 'Hale', phoneNumber: '' }]);
    sut.server.pending.save!.resolve(renamed as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'employer.saved', ...renamed }]);
  });

  it('does not save an invalid name or phone', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(sampleEmployer as never);
    await flush();
    sut.actor.send({ type: 'field.change', field: 'lastName', value: ' ' });
    sut.actor.send({ type: 'field.change', field: 'phoneNumber', value: '555-01' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([]);
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ lastName: AccountMessages.lastName, phoneNumber: ProfileMessages.phone });
  });
});
