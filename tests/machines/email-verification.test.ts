import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  emailVerificationMachine,
  selectErrors,
  selectLoading,
  selectMessage,
  type EmailVerificationInput,
} from '../../src/machines/account/email-verification.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, modelOf, modelStates } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof emailVerificationMachine>;

const linkInvalid = new ApiError('client', 400, AccountMessages.emailLinkInvalid, [AccountMessages.emailLinkInvalid]);
const twoErrors = new ApiError('client', 400, AccountMessages.email, [AccountMessages.email, AccountMessages.emailLinkInvalid]);

const modelEvents: EventObject[] = [
  { type: 'xstate.done.actor.verifyEmail', output: AccountMessages.emailVerified },
  { type: 'xstate.done.actor.verifyEmail', output: '' },
  { type: 'xstate.error.actor.verifyEmail', error: linkInvalid },
  { type: 'xstate.error.actor.verifyEmail', error: twoErrors },
  { type: 'xstate.error.actor.verifyEmail', error: new Error('socket hang up') },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({ value: s.value, loading: selectLoading(s), message: selectMessage(s), errors: selectErrors(s) });

/** The links a user may arrive with. */
const links: Array<[string, EmailVerificationInput]> = [
  ['a whole link', { token: 'tok-123', email: 'ada@example.com' }],
  ['a link without its token', { token: null, email: 'ada@example.com' }],
  ['a link without its email', { token: 'tok-123', email: '' }],
  ['no query at all', {}],
];

function startSut(input: EmailVerificationInput) {
  const pending: { verify?: ReturnType<typeof deferred<string>> } = {};
  const calls: Array<{ email: string; token: string }> = [];
  const machine = emailVerificationMachine.provide({
    actors: {
      verifyEmail: fromPromise<string, { email: string; token: string }>(({ input: body }) => {
        calls.push(body);
        pending.verify = deferred();
        return pending.verify.promise;
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, pending, calls };
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: EventObject) {
  const e = event as { type: string; output?: string; error?: unknown };
  if (e.type === 'xstate.done.actor.verifyEmail') sut.pending.verify!.resolve(e.output!);
  else sut.pending.verify!.reject(e.error);
  await vi.advanceTimersByTimeAsync(0);
}

describe('email verification machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const all = links.map(([name, input]) => {
    const model = modelOf(emailVerificationMachine, {
      events: modelEvents,
      input,
      serializeState: observable,
      // The call answers once.
      filterEvents: (s) => s.matches('verifying'),
    });
    return { name, input, states: modelStates(model) };
  });

  it('reaches every state of the chart and tries every event', () => {
    const reached = new Set(all.flatMap((m) => m.states.flatMap((s) => atomicStates(s.state.value))));
    expect([...reached].sort()).toEqual(['failure', 'success', 'verifying']);
    const tried = all.flatMap((m) => m.states.flatMap((s) => s.transitions.map((t) => t.event)));
    expect(tried).toHaveLength(modelEvents.length);
  });

  const cases = all.flatMap((m) => m.states.map((s) => [`${m.name}: ${s.key}`, m.input, s] as const));
  it.each(cases)('%s', async (_name, input, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut(input);
      for (const event of path) await exec(sut, event);
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      // A call is made only for a whole link, with what the link says.
      expect(sut.calls).toEqual(input.token && input.email ? [{ email: input.email, token: input.token }] : []);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('email verification rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is loading while the call runs, then shows the server message', async () => {
    const sut = startSut({ token: 'tok-123', email: 'ada@example.com' });
    expect(selectLoading(sut.actor.getSnapshot())).toBe(true);
    await exec(sut, { type: 'xstate.done.actor.verifyEmail', output: 'Thanks, Ada: your email is verified.' } as EventObject);
    expect(selectLoading(sut.actor.getSnapshot())).toBe(false);
    expect(selectMessage(sut.actor.getSnapshot())).toBe('Thanks, Ada: your email is verified.');
  });

  it('a link missing its token or email fails at once with a clear message and calls nothing', () => {
    for (const input of [
      { token: '  ', email: 'ada@example.com' },
      { token: 'tok', email: null },
    ]) {
      const sut = startSut(input);
      expect(sut.actor.getSnapshot().value).toBe('failure');
      expect(selectErrors(sut.actor.getSnapshot())).toEqual([AccountMessages.emailLinkInvalid]);
      expect(sut.calls).toEqual([]);
    }
  });

  it('shows the server message on failure; an unreadable failure gets the generic message', async () => {
    const sut = startSut({ token: 'tok-123', email: 'ada@example.com' });
    await exec(sut, { type: 'xstate.error.actor.verifyEmail', error: linkInvalid } as EventObject);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([AccountMessages.emailLinkInvalid]);
    const other = startSut({ token: 'tok-123', email: 'ada@example.com' });
    await exec(other, { type: 'xstate.error.actor.verifyEmail', error: new TypeError('boom') } as EventObject);
    expect(selectErrors(other.actor.getSnapshot())).toEqual([AccountMessages.generic]);
  });
});
