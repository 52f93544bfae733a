import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { AccountMessages, type SessionData, type SocialCompletionRequest } from '../../src/contract/account.ts';
import {
  completionFieldErrors,
  selectBusy,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  socialCompletionMachine,
  type SocialCompletionEvent,
  type SocialSignup,
} from '../../src/machines/account/social-completion.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { deferred, flush, modelOf, reachedStates, settle, transitionCases } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof socialCompletionMachine>;

const NOW = new Date('2026-03-02T10:00:00Z').getTime();
const signup: SocialSignup = { email: 'ada@gmail.test', firstName: 'Ada', lastName: 'Lovelace', signupToken: 'ticket-1' };
const session: SessionData = {
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresIn: 900,
  remember: false,
  users: { id: 'u1', email: 'ada@gmail.test', firstName: 'Ada', lastName: 'Lovelace', role: 'JobSeeker' },
};
const taken = new ApiError('client', 409, AccountMessages.tinTaken);

const modelEvents = (): SocialCompletionEvent[] =>
  [
    { type: 'role.change', role: 0 },
    { type: 'role.change', role: 1 },
    { type: 'field.change', field: 'businessName', value: 'Lovelace Engines LLC' },
    { type: 'field.change', field: 'businessEin', value: '12-3456780' },
    { type: 'field.change', field: 'businessEin', value: '12' },
    { type: 'field.change', field: 'dateOfBirth', value: '2000-05-17' },
    { type: 'field.change', field: 'dateOfBirth', value: '2015-01-01' },
    { type: 'terms.change', value: true },
    { type: 'terms.change', value: false },
    { type: 'field.blur', field: 'dateOfBirth' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.complete', output: session },
    { type: 'xstate.error.actor.complete', error: taken },
  ] as unknown as SocialCompletionEvent[];

/** States differ by where the chart is and what a user sees, not by every keystroke. */
const serializeState = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.role,
    Object.keys(completionFieldErrors(s.context)),
    Object.keys(selectFieldErrors(s)),
    s.context.errors.length,
  ]);

/** Actor results arrive only while the actor runs; while it runs the form takes no typing; a finished form takes nothing. */
const filterEvents = (s: Snap, e: SocialCompletionEvent) => {
  if (s.matches('done')) return false;
  if (s.matches('submitting')) return e.type.startsWith('xstate.') || e.type === 'form.submit';
  return !e.type.startsWith('xstate.');
};

function startSut() {
  const pending: { complete?: ReturnType<typeof deferred<SessionData>> } = {};
  const log = { sent: [] as SocialCompletionRequest[] };
  const machine = socialCompletionMachine.provide({
    actors: {
      complete: fromPromise<SessionData, SocialCompletionRequest>(({ input }) => {
        log.sent.push(input);
        pending.complete = deferred();
        return pending.complete.promise;
      }),
    },
  });
  return { actor: createActor(machine, { input: { signup } }).start(), pending, log };
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: SocialCompletionEvent) {
  if (!settle(sut.pending, event)) sut.actor.send(event);
  await flush();
}

describe('social completion machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Built with the same clock as the runs: the age rule depends on today.
  vi.useFakeTimers({ now: NOW });
  const cases = transitionCases(
    modelOf(socialCompletionMachine, { events: modelEvents(), input: { signup }, serializeState, filterEvents }),
  );
  vi.useRealTimers();

  it('covers every state of the chart', () => {
    const states = reachedStates(cases);
    for (const s of ['editing', 'submitting', 'done']) expect(states).toContain(s);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const sut = startSut();
    for (const event of c.path) await exec(sut, event);
    expect(sut.actor.getSnapshot().value).toEqual(c.from.value);
    await exec(sut, c.event);
    const snap = sut.actor.getSnapshot();
    const expected = c.expected as Snap;
    expect(snap.value).toEqual(expected.value);
    expect(snap.context).toEqual(expected.context);

    expect(selectBusy(snap)).toBe(snap.matches('submitting'));
    if (snap.matches('submitting')) {
      expect(selectCanSubmit(snap)).toBe(false);
      const sent = sut.log.sent.at(-1)!;
      expect(sent).toMatchObject({ email: signup.email, signupToken: signup.signupToken, role: snap.context.role, acceptTerms: true });
      // Only the chosen role's fields go to the server.
      if (sent.role === 0) expect(sent).not.toHaveProperty('businessEin');
      if (sent.role === 1) expect(sent).not.toHaveProperty('dateOfBirth');
    }
    if (snap.matches('done')) {
      expect(snap.status).toBe('done');
      expect(snap.output).toEqual(session);
    }
    expect(selectError(snap)).toBe(snap.context.errors.length ? AccountMessages.tinTaken : null);
    sut.actor.stop();
  });
});

describe('social completion rules', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it("asks for a role first, then the chosen role's fields and the terms", () => {
    const actor = createActor(socialCompletionMachine, { input: { signup } }).start();
    actor.send({ type: 'form.submit' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ role: AccountMessages.role, acceptTerms: AccountMessages.terms });
    actor.send({ type: 'role.change', role: 1 });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      businessName: AccountMessages.businessName,
      businessEin: AccountMessages.businessTin,
      acceptTerms: AccountMessages.terms,
    });
    actor.send({ type: 'role.change', role: 0 });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      dateOfBirth: AccountMessages.dateOfBirth,
      acceptTerms: AccountMessages.terms,
    });
    actor.send({ type: 'field.change', field: 'dateOfBirth', value: '2012-01-01' });
    expect(selectFieldErrors(actor.getSnapshot()).dateOfBirth).toBe(AccountMessages.age);
  });

  it('shows nothing before a field is touched', () => {
    const actor = createActor(socialCompletionMachine, { input: { signup } }).start();
    actor.send({ type: 'role.change', role: 0 });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'field.blur', field: 'dateOfBirth' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ dateOfBirth: AccountMessages.dateOfBirth });
  });
});
