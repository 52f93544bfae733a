import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { StaffMessages, type Recruiter } from '../../src/contract/staff.ts';
import {
  detailFields,
  editRecruiterMachine,
  selectCanSave,
  selectEditErrors,
  type DetailField,
  type EditedRecruiter,
  type EditRecruiterEmitted,
  type EditRecruiterEvent,
} from '../../src/machines/staff/edit-recruiter.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof editRecruiterMachine>;
type SaveInput = Record<DetailField, string> & { email: string };

const recruiter: Recruiter = {
  email: 'casey@example.com',
  firstName: 'Casey',
  lastName: 'Nguyen',
  name: 'Casey Nguyen',
  jobTitle: 'Talent Partner',
  phoneNumber: '+15035550123',
  status: 'active',
  sentAt: null,
  expiresAt: null,
  expired: false,
  joinedAt: '2025-03-01T10:00:00.000Z',
};
const saved: EditedRecruiter = {
  recruiter: { ...recruiter, firstName: 'Cass', name: 'Cass Nguyen' },
  message: StaffMessages.recruiterSaved,
};
const badPhone = new ApiError('client', 400, StaffMessages.phone, [StaffMessages.phone], { phoneNumber: StaffMessages.phone });
const gone = new ApiError('client', 404, StaffMessages.noRecruiter);

const modelEvents = [
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'firstName', value: 'Cass' },
  { type: 'field.change', field: 'phoneNumber', value: '555-01' },
  { type: 'field.blur', field: 'firstName' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: badPhone },
  { type: 'xstate.error.actor.save', error: gone },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    shown: selectEditErrors(s),
    error: s.context.error,
    canSubmit: selectCanSave(s),
  });

function startSut() {
  const server = { saves: [] as SaveInput[], pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined> };
  const machine = editRecruiterMachine.provide({
    actors: {
      save: fromPromise<EditedRecruiter, SaveInput>(({ input }) => {
        server.saves.push(input);
        const d = deferred<EditedRecruiter>();
        server.pending.save = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: EditRecruiterEmitted[] = [];
  const actor = createActor(machine, { input: recruiter });
  actor.on('recruiter.saved', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

describe('edit recruiter machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(editRecruiterMachine, {
    events: modelEvents,
    input: recruiter,
    serializeState: observable,
    filterEvents: (s, e) => (e.type.endsWith('actor.save') ? s.matches('saving') : s.status === 'active'),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'editing.failed',
      'editing.idle',
      'saved',
      'saving',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as EditRecruiterEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expect(selectCanSave(now)).toBe(now.matches('editing') && Object.keys(now.context.errors).length === 0);
      for (const field of detailFields) {
        const shown = selectEditErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      expect(sut.emitted.length).toBe(now.matches('saved') ? 1 : 0);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('edit recruiter rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts from the row, the phone as a person writes it, and saves it under the recruiter’s email', async () => {
    const sut = startSut();
    expect(sut.actor.getSnapshot().context.values).toEqual({
      firstName: 'Casey',
      lastName: 'Nguyen',
      jobTitle: 'Talent Partner',
      phoneNumber: '(503) 555-0123',
    });
    sut.actor.send({ type: 'field.change', field: 'jobTitle', value: '' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([
      { email: 'casey@example.com', firstName: 'Casey', lastName: 'Nguyen', jobTitle: '', phoneNumber: '(503) 555-0123' },
    ]);
    sut.server.pending.save!.resolve(saved as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'recruiter.saved', ...saved }]);
  });

  it('shows every unmet rule on submit and saves nothing', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'field.change', field: 'lastName', value: ' ' });
    sut.actor.send({ type: 'field.change', field: 'jobTitle', value: 'x'.repeat(101) });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([]);
    expect(selectEditErrors(sut.actor.getSnapshot())).toEqual({ lastName: StaffMessages.lastName, jobTitle: StaffMessages.jobTitle });
  });

  it('says a failure that names no field in the alert', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(gone);
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(StaffMessages.noRecruiter);
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
  });
});
