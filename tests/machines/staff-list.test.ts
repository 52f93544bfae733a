import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { StaffMessages, type Recruiter } from '../../src/contract/staff.ts';
import {
  actionsFor,
  selectBusyEmail,
  selectDialog,
  staffMachine,
  upsert,
  type ActionResult,
  type StaffAction,
  type StaffEvent,
} from '../../src/machines/staff/staff.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof staffMachine>;

const person = (email: string, firstName: string, status: 'active' | 'inactive'): Recruiter => ({
  email,
  firstName,
  lastName: 'Nguyen',
  name: `${firstName} Nguyen`,
  jobTitle: 'Talent Partner',
  phoneNumber: null,
  status,
  sentAt: null,
  expiresAt: null,
  expired: false,
  joinedAt: '2025-01-10T10:00:00.000Z',
});
const invitation = (email: string, sentAt: string): Recruiter => ({
  email,
  firstName: '',
  lastName: '',
  name: '',
  jobTitle: null,
  phoneNumber: null,
  status: 'invited',
  sentAt,
  expiresAt: '2025-03-08T10:00:00.000Z',
  expired: false,
  joinedAt: null,
});

const amir = person('amir@example.com', 'Amir', 'active');
const bea = person('bea@example.com', 'Bea', 'inactive');
const cleo = invitation('cleo@example.com', '2025-03-01T10:00:00.000Z');
const dana = invitation('dana@example.com', '2025-03-02T10:00:00.000Z');
const staff = [amir, bea, cleo];

const results: Record<string, ActionResult> = {
  amirOff: { recruiter: { ...amir, status: 'inactive' }, message: StaffMessages.deactivated('Amir Nguyen') },
  beaOn: { recruiter: { ...bea, status: 'active' }, message: StaffMessages.activated('Bea Nguyen') },
  cleoAgain: { recruiter: { ...cleo, sentAt: '2025-03-03T10:00:00.000Z' }, message: StaffMessages.resent(cleo.email) },
  removed: { recruiter: null, message: StaffMessages.deleted('Someone') },
};
const invalidData = new ApiError('invalid-response', 200, StaffMessages.invalidData);
const notFound = new ApiError('client', 404, StaffMessages.noRecruiter);

const modelEvents = [
  { type: 'xstate.done.actor.load', output: staff },
  { type: 'xstate.error.actor.load', error: invalidData },
  { type: 'staff.retry' },
  { type: 'invite.open' },
  { type: 'dialog.close' },
  { type: 'invite.done', recruiter: dana, message: StaffMessages.invited(dana.email) },
  { type: 'edit.open', email: amir.email },
  { type: 'edit.open', email: cleo.email },
  { type: 'edit.done', recruiter: { ...amir, firstName: 'Amira', name: 'Amira Nguyen' }, message: StaffMessages.recruiterSaved },
  { type: 'recruiter.deactivate', email: amir.email },
  { type: 'recruiter.activate', email: bea.email },
  { type: 'recruiter.activate', email: amir.email },
  { type: 'invitation.resend', email: cleo.email },
  { type: 'recruiter.delete', email: amir.email },
  { type: 'invitation.revoke', email: cleo.email },
  { type: 'confirm.accept' },
  ...Object.values(results).map((output) => ({ type: 'xstate.done.actor.act', output })),
  { type: 'xstate.error.actor.act', error: notFound },
] as unknown as EventObject[];

/** What the page shows: the rows, the dialog, the busy row, and what the last change said. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    rows: s.context.recruiters.map((r) => `${r.name}|${r.email}|${r.status}|${r.sentAt}`),
    dialog: selectDialog(s),
    target: s.context.target?.email ?? null,
    action: s.context.action,
    busy: selectBusyEmail(s),
    loadError: s.context.loadError,
    notice: s.context.notice,
    actionError: s.context.actionError,
  });

/**
 * The model tells states apart by what changes the chart's behaviour: the state, the dialog and
 * its row, which rows exist with which status, and whether a change was just reported.
 */
const modelKey = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    target: s.context.target?.email ?? null,
    action: s.context.action,
    rows: s.context.recruiters.map((r) => `${r.email}|${r.status}`),
    said: [!!s.context.notice, !!s.context.actionError, !!s.context.loadError],
  });

/** The answer an action gives for its row: the row itself as it now is, or none when it left. */
const fitsAction = (s: Snap, output: ActionResult) =>
  output.recruiter
    ? output.recruiter.email === s.context.target?.email && ['activate', 'deactivate', 'resend'].includes(s.context.action!)
    : ['delete', 'revoke'].includes(s.context.action!);

function startSut() {
  const server = {
    loads: 0,
    acts: [] as Array<{ action: StaffAction; email: string }>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = staffMachine.provide({
    actors: {
      load: fromPromise<Recruiter[]>(() => {
        server.loads++;
        const d = deferred<Recruiter[]>();
        server.pending.load = d as never;
        return d.promise;
      }),
      act: fromPromise<ActionResult, { action: StaffAction; email: string }>(({ input }) => {
        server.acts.push(input);
        const d = deferred<ActionResult>();
        server.pending.act = d as never;
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, server };
}

describe('staff list machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(staffMachine, {
    events: modelEvents,
    serializeState: modelKey,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.load')) return s.matches('loading');
      if (e.type === 'xstate.done.actor.act')
        return s.matches({ ready: 'acting' }) && fitsAction(s, (e as unknown as { output: ActionResult }).output);
      if (e.type === 'xstate.error.actor.act') return s.matches({ ready: 'acting' });
      // A dialog's result comes only from an open dialog.
      if (e.type === 'invite.done') return s.matches({ ready: 'inviting' });
      if (e.type === 'edit.done') return s.matches({ ready: 'editing' }) && s.context.target?.email === amir.email;
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'loadFailed',
      'loading',
      'ready.acting',
      'ready.confirming',
      'ready.editing',
      'ready.idle',
      'ready.inviting',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as StaffEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A row's menu offers only what applies to it; a busy row is the one being changed.
      for (const r of now.context.recruiters) {
        expect(actionsFor(r)).toEqual(
          r.status === 'invited' ? ['resend', 'revoke'] : r.status === 'active' ? ['deactivate', 'delete'] : ['activate', 'delete'],
        );
      }
      expect(selectBusyEmail(now)).toBe(now.matches({ ready: 'acting' }) ? now.context.target!.email : null);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('staff list rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function loaded() {
    const sut = startSut();
    sut.server.pending.load!.resolve(staff as never);
    await flush();
    return sut;
  }

  it('says "Invalid recruiter data received" when the list does not fit, and reads again on retry', async () => {
    const sut = startSut();
    sut.server.pending.load!.reject(invalidData);
    await flush();
    expect(sut.actor.getSnapshot().context.loadError).toBe('Invalid recruiter data received');
    sut.actor.send({ type: 'staff.retry' });
    expect(sut.server.loads).toBe(2);
  });

  it('asks before deleting; cancelling calls nothing', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'recruiter.delete', email: amir.email });
    expect(selectDialog(sut.actor.getSnapshot())).toBe('confirm');
    sut.actor.send({ type: 'dialog.close' });
    await flush();
    expect(sut.server.acts).toEqual([]);
    sut.actor.send({ type: 'recruiter.delete', email: amir.email });
    sut.actor.send({ type: 'confirm.accept' });
    await flush();
    expect(sut.server.acts).toEqual([{ action: 'delete', email: amir.email }]);
    sut.server.pending.act!.resolve(results.removed as never);
    await flush();
    expect(sut.actor.getSnapshot().context.recruiters.map((r) => r.email)).toEqual([bea.email, cleo.email]);
    expect(sut.actor.getSnapshot().context.notice).toBe(results.removed!.message);
  });

  it('switches a recruiter off at once, and shows a refusal without changing the row', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'recruiter.deactivate', email: amir.email });
    await flush();
    expect(sut.server.acts).toEqual([{ action: 'deactivate', email: amir.email }]);
    sut.server.pending.act!.reject(notFound);
    await flush();
    expect(sut.actor.getSnapshot().context.actionError).toBe(StaffMessages.noRecruiter);
    expect(sut.actor.getSnapshot().context.recruiters).toEqual(staff);
  });

  it('ignores an action that does not apply to the row', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'recruiter.activate', email: amir.email });
    sut.actor.send({ type: 'invitation.revoke', email: amir.email });
    sut.actor.send({ type: 'recruiter.delete', email: cleo.email });
    sut.actor.send({ type: 'edit.open', email: cleo.email });
    await flush();
    expect(sut.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(sut.server.acts).toEqual([]);
  });

  it('puts a new or resent invitation first among the invitations, and a person in their place', () => {
    expect(upsert(staff, dana).map((r) => r.email)).toEqual([amir.email, bea.email, dana.email, cleo.email]);
    const resent = { ...cleo, sentAt: '2025-03-09T10:00:00.000Z' };
    expect(upsert([amir, dana, cleo], resent).map((r) => r.email)).toEqual([amir.email, cleo.email, dana.email]);
    const off = { ...amir, status: 'inactive' as const };
    expect(upsert(staff, off)).toEqual([off, bea, cleo]);
    expect(upsert([], dana)).toEqual([dana]);
  });
});
