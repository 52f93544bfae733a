import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { StaffMessages, type Recruiter } from '../../src/contract/staff.ts';
import {
  inviteFields,
  inviteMachine,
  selectCanInvite,
  selectInviteErrors,
  type InviteEmitted,
  type InviteEvent,
  type InviteField,
  type Invited,
} from '../../src/machines/staff/invite.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof inviteMachine>;

const invitation: Recruiter = {
  email: 'casey@example.com',
  firstName: 'Casey',
  lastName: '',
  name: 'Casey',
  jobTitle: null,
  phoneNumber: null,
  status: 'invited',
  sentAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2025-03-08T10:00:00.000Z',
  expired: false,
  joinedAt: null,
};
const sent: Invited = { recruiter: invitation, resent: false, message: StaffMessages.invited('casey@example.com') };
const hasAccount = new ApiError('client', 409, StaffMessages.emailHasAccount, [StaffMessages.emailHasAccount], {
  email: StaffMessages.emailHasAccount,
});
const tooMany = new ApiError('client', 429, AccountMessages.tooManyRequests);

const modelEvents = [
  { type: 'field.change', field: 'email', value: 'casey@example.com' },
  { type: 'field.change', field: 'email', value: 'casey@' },
  { type: 'field.change', field: 'firstName', value: 'Casey' },
  { type: 'field.blur', field: 'email' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.send', output: sent },
  { type: 'xstate.error.actor.send', error: hasAccount },
  { type: 'xstate.error.actor.send', error: tooMany },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    shown: selectInviteErrors(s),
    error: s.context.error,
    canSubmit: selectCanInvite(s),
  });

function startSut() {
  const server = {
    sends: [] as Array<Record<InviteField, string>>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = inviteMachine.provide({
    actors: {
      send: fromPromise<Invited, Record<InviteField, string>>(({ input }) => {
        server.sends.push(input);
        const d = deferred<Invited>();
        server.pending.send = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: InviteEmitted[] = [];
  const actor = createActor(machine);
  actor.on('invitation.sent', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

describe('invite machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(inviteMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => (e.type.endsWith('actor.send') ? s.matches('sending') : s.status === 'active'),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'editing.failed',
      'editing.idle',
      'sending',
      'sent',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as InviteEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Send only when valid and not busy; a rule's error shows only for a field left once, or after a submit.
      expect(selectCanInvite(now)).toBe(now.matches('editing') && Object.keys(now.context.errors).length === 0);
      for (const field of inviteFields) {
        const shown = selectInviteErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      // Announced exactly when sent.
      expect(sut.emitted.length).toBe(now.matches('sent') ? 1 : 0);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('invite rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('needs a valid email; the name and title may stay empty', async () => {
    const sut = startSut();
    expect(selectCanInvite(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'form.submit' });
    expect(selectInviteErrors(sut.actor.getSnapshot())).toEqual({ email: AccountMessages.email });
    sut.actor.send({ type: 'field.change', field: 'email', value: 'casey@example.com' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.sends).toEqual([{ email: 'casey@example.com', firstName: '', lastName: '', jobTitle: '' }]);
    sut.server.pending.send!.resolve(sent as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'invitation.sent', ...sent }]);
  });

  it("puts the server's word on the email next to it; other refusals in the alert", async () => {
    const sut = startSut();
    sut.actor.send({ type: 'field.change', field: 'email', value: 'taken@example.com' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.send!.reject(hasAccount);
    await flush();
    expect(selectInviteErrors(sut.actor.getSnapshot()).email).toBe(StaffMessages.emailHasAccount);
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    // Typing a new address clears the server's word.
    sut.actor.send({ type: 'field.change', field: 'email', value: 'other@example.com' });
    expect(selectInviteErrors(sut.actor.getSnapshot()).email).toBeUndefined();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.send!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
  });
});
