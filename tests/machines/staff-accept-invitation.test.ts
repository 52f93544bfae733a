import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';
import { InvitationMessages, type Invitation } from '../../src/contract/invitations.ts';
import {
  acceptFields,
  acceptInvitationMachine,
  selectAcceptErrors,
  selectCanAccept,
  TICKED,
  type AcceptField,
  type AcceptInvitationEmitted,
  type AcceptInvitationEvent,
} from '../../src/machines/staff/accept-invitation.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof acceptInvitationMachine>;
type AcceptInput = { token: string; values: Record<AcceptField, string> };

const PASSWORD = 'Correct-Horse-42';
const invitation: Invitation = {
  email: 'casey@example.com',
  companyName: 'Northwind Traders',
  inviterName: 'Robin Hale',
  firstName: 'Casey',
  lastName: 'Nguyen',
  jobTitle: 'Talent Partner',
  expiresAt: '2025-03-08T10:00:00.000Z',
};
const session: SessionData = {
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresIn: 900,
  remember: false,
  users: { id: 'r-1', email: 'casey@example.com', firstName: 'Casey', lastName: 'Nguyen', role: 'Recruiter' },
};
const expired = ApiError.of('invitation.gone', InvitationMessages.invitationExpired);
const used = ApiError.of('invitation.gone', InvitationMessages.invitationUsed);
const network = new ApiError('network', 0, HttpMessages.network);
const weak = new ApiError('client', 400, AccountMessages.passwordLength, [AccountMessages.passwordLength], {
  password: AccountMessages.passwordLength,
});

const modelEvents = [
  { type: 'xstate.done.actor.lookup', output: invitation },
  { type: 'xstate.error.actor.lookup', error: expired },
  { type: 'xstate.error.actor.lookup', error: network },
  { type: 'invitation.retry' },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'password', value: PASSWORD },
  { type: 'field.change', field: 'confirmPassword', value: PASSWORD },
  { type: 'field.change', field: 'acceptTerms', value: TICKED },
  { type: 'field.blur', field: 'firstName' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.accept', output: session },
  { type: 'xstate.error.actor.accept', error: used },
  { type: 'xstate.error.actor.accept', error: weak },
  { type: 'xstate.error.actor.accept', error: network },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    shown: selectAcceptErrors(s),
    error: s.context.error,
    problem: s.context.problem,
    invitation: s.context.invitation?.companyName ?? null,
    canSubmit: selectCanAccept(s),
  });

function startSut(token: string | null = 'tok') {
  const server = {
    lookups: [] as string[],
    accepts: [] as AcceptInput[],
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = acceptInvitationMachine.provide({
    actors: {
      lookup: fromPromise<Invitation, { token: string }>(({ input }) => {
        server.lookups.push(input.token);
        const d = deferred<Invitation>();
        server.pending.lookup = d as never;
        return d.promise;
      }),
      accept: fromPromise<SessionData, AcceptInput>(({ input }) => {
        server.accepts.push(input);
        const d = deferred<SessionData>();
        server.pending.accept = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: AcceptInvitationEmitted[] = [];
  const actor = createActor(machine, { input: { token } });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

describe('accept invitation machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(acceptInvitationMachine, {
    events: modelEvents,
    input: { token: 'tok' },
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.lookup')) return s.matches('loading');
      if (e.type.endsWith('actor.accept')) return s.matches('accepting');
      return s.status === 'active';
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'accepting',
      'form.failed',
      'form.idle',
      'loadFailed',
      'loading',
      'signedIn',
      'unusable',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as AcceptInvitationEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expect(selectCanAccept(now)).toBe(now.matches('form') && Object.keys(now.context.errors).length === 0);
      for (const field of acceptFields) {
        const shown = selectAcceptErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      // Signed in exactly once, and only when the server said yes.
      expect(sut.emitted.filter((e) => e.type === 'signedIn')).toHaveLength(now.matches('signedIn') ? 1 : 0);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('accepting an invitation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function filled() {
    const sut = startSut();
    sut.server.pending.lookup!.resolve(invitation as never);
    await flush();
    for (const [field, value] of [
      ['password', PASSWORD],
      ['confirmPassword', PASSWORD],
      ['acceptTerms', TICKED],
    ] as const) {
      sut.actor.send({ type: 'field.change', field, value });
    }
    return sut;
  }

  it('says so without calling when the link has no token', () => {
    const sut = startSut(null);
    expect(sut.actor.getSnapshot().matches('unusable')).toBe(true);
    expect(sut.actor.getSnapshot().context.problem).toBe(InvitationMessages.invitationInvalid);
    expect(sut.server.lookups).toEqual([]);
  });

  it('prefills the names the employer gave and needs the password twice and the terms', async () => {
    const sut = startSut();
    expect(sut.server.lookups).toEqual(['tok']);
    sut.server.pending.lookup!.resolve(invitation as never);
    await flush();
    expect(sut.actor.getSnapshot().context.values).toMatchObject({ firstName: 'Casey', lastName: 'Nguyen', password: '' });
    sut.actor.send({ type: 'field.change', field: 'password', value: PASSWORD });
    sut.actor.send({ type: 'field.change', field: 'confirmPassword', value: 'Correct-Horse-43' });
    sut.actor.send({ type: 'form.submit' });
    expect(selectAcceptErrors(sut.actor.getSnapshot())).toEqual({
      confirmPassword: AccountMessages.passwordsMatch,
      acceptTerms: AccountMessages.terms,
    });
    expect(sut.server.accepts).toEqual([]);
  });

  it('signs in: the session first, a welcome, then the dashboard', async () => {
    const sut = await filled();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.accepts).toEqual([
      {
        token: 'tok',
        values: { firstName: 'Casey', lastName: 'Nguyen', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: TICKED },
      },
    ]);
    sut.server.pending.accept!.resolve(session as never);
    await flush();
    expect(sut.emitted).toEqual([
      { type: 'signedIn', data: session },
      { type: 'notify', message: InvitationMessages.welcome('Northwind Traders') },
      { type: 'navigate', to: '/user/dashboard' },
    ]);
  });

  it('shows the reason instead of the form once the link is no good', async () => {
    const sut = await filled();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.accept!.reject(used);
    await flush();
    expect(sut.actor.getSnapshot().matches('unusable')).toBe(true);
    expect(sut.actor.getSnapshot().context.problem).toBe(InvitationMessages.invitationUsed);
  });
});
