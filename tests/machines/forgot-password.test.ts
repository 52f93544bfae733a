import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  forgotPasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  selectSentMessage,
  type ForgotPasswordEvent,
} from '../../src/machines/account/forgot-password.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import {
  deferred,
  eventTypesOf,
  expectFormRules,
  settle,
  flush,
  groupCases,
  modelOf,
  reachedStates,
  transitionCases,
  whileActorRuns,
} from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof forgotPasswordMachine>;

const SENT = 'If an account exists for this email, a password reset link has been sent to it.';

/** Every event the model may take, with each result the server may give. */
const modelEvents = [
  { type: 'field.change', field: 'email', value: '' },
  { type: 'field.change', field: 'email', value: 'ada@' },
  { type: 'field.change', field: 'email', value: '  ada@example.com ' },
  { type: 'field.blur', field: 'email' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.sendResetLink', output: SENT },
  { type: 'xstate.done.actor.sendResetLink', output: '' },
  { type: 'xstate.error.actor.sendResetLink', error: new ApiError('client', 429, AccountMessages.tooManyRequests) },
  { type: 'xstate.error.actor.sendResetLink', error: new ApiError('client', 400, 'First.', ['First.', 'Second.']) },
  {
    type: 'xstate.error.actor.sendResetLink',
    error: new ApiError('client', 400, AccountMessages.email, [AccountMessages.email], { email: AccountMessages.email }),
  },
  { type: 'xstate.error.actor.sendResetLink', error: new TypeError('Failed to fetch') },
];

function startSut(input?: { email?: string | null }) {
  const sut = {
    calls: [] as Array<{ email: string }>,
    pending: undefined as ReturnType<typeof deferred<string>> | undefined,
    actor: undefined as unknown as ReturnType<typeof createActor<typeof forgotPasswordMachine>>,
  };
  const machine = forgotPasswordMachine.provide({
    actors: {
      sendResetLink: fromPromise<string, { email: string }>(({ input }) => {
        sut.calls.push(input);
        sut.pending = deferred<string>();
        return sut.pending.promise;
      }),
    },
  });
  sut.actor = createActor(machine, { input });
  sut.actor.start();
  return sut;
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: unknown) {
  if (!settle({ sendResetLink: sut.pending }, event as EventObject)) return sut.actor.send(event as ForgotPasswordEvent);
  await flush();
}

/** What must hold in every state, whatever the path: the rules of spec 1 §5 and §8. */
function checkInvariants(s: Snap) {
  const shown = selectFieldErrors(s);
  expectFormRules(s, { fields: ['email'], shown, canSubmit: selectCanSubmit(s) });
  if (s.context.touched.email && s.context.errors.email) expect(shown.email).toBe(s.context.errors.email);
  expect(s.hasTag('error')).toBe(s.matches({ editing: 'failed' }));
  if (s.matches({ editing: 'failed' })) expect(s.context.error ?? s.context.serverErrors.email).toBeTruthy();
  if (s.matches('sent')) expect(selectSentMessage(s)).toBeTruthy();
  else expect(selectSentMessage(s)).toBeNull();
}

describe('forgot password machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(forgotPasswordMachine, { events: modelEvents, filterEvents: whileActorRuns });
  const cases = transitionCases(model);

  it('reaches every state and takes every event of the chart', () => {
    expect(reachedStates(cases)).toEqual(new Set(['{"editing":"idle"}', '{"editing":"failed"}', 'submitting', 'sent']));
    const taken = new Set(cases.map((c) => c.event.type as string));
    for (const type of eventTypesOf(forgotPasswordMachine)) expect(taken).toContain(type);
  });

  it.each(groupCases(cases))('%s', async (_name, group) => {
    for (const c of group) {
      const sut = startSut();
      for (const event of c.path) await exec(sut, event);
      expect(sut.actor.getSnapshot().value).toEqual(c.from.value);
      const callsBefore = sut.calls.length;
      await exec(sut, c.event);

      const s = sut.actor.getSnapshot();
      const expected = c.expected as Snap;
      expect(s.value).toEqual(expected.value);
      const { values, touched, errors, serverErrors, error, message } = s.context;
      expect({ values, touched, errors, serverErrors, error, message }).toEqual({
        values: expected.context.values,
        touched: expected.context.touched,
        errors: expected.context.errors,
        serverErrors: expected.context.serverErrors,
        error: expected.context.error,
        message: expected.context.message,
      });
      expect(selectFieldErrors(s)).toEqual(selectFieldErrors(expected));
      expect(selectError(s)).toEqual(selectError(expected));
      checkInvariants(s);
      // Entering `submitting` makes exactly one call, with the trimmed email.
      if (s.matches('submitting') && !(c.from as Snap).matches('submitting')) {
        expect(sut.calls.slice(callsBefore)).toEqual([{ email: values.email.trim() }]);
      } else {
        expect(sut.calls.length).toBe(callsBefore);
      }
      sut.actor.stop();
    }
  });
});

describe('forgot password rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('validates the email only after it was left, and keeps submit disabled while it is invalid', () => {
    const sut = startSut();
    sut.actor.send({ type: 'field.change', field: 'email', value: 'ada@' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'field.blur', field: 'email' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ email: 'Please enter a valid email' });
    sut.actor.send({ type: 'field.change', field: 'email', value: 'ada@example.com' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(true);
  });

  it('a submit with an invalid email shows the rule and calls nobody', () => {
    const sut = startSut();
    sut.actor.send({ type: 'form.submit' });
    expect(sut.actor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ email: 'Please enter a valid email' });
    expect(sut.calls).toEqual([]);
  });

  it('starts from an email passed in', () => {
    const sut = startSut({ email: 'ada@example.com' });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(true);
  });

  it('is busy while the call runs, then shows what the server said', async () => {
    const sut = startSut({ email: 'ada@example.com' });
    sut.actor.send({ type: 'form.submit' });
    expect(sut.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'form.submit' });
    expect(sut.calls).toHaveLength(1);
    await exec(sut, { type: 'xstate.done.actor.sendResetLink', output: SENT });
    expect(selectSentMessage(sut.actor.getSnapshot())).toBe(SENT);
  });

  it("falls back to 'Something went wrong. Please try again!' and joins several errors with a space", async () => {
    const sut = startSut({ email: 'ada@example.com' });
    sut.actor.send({ type: 'form.submit' });
    await exec(sut, { type: 'xstate.error.actor.sendResetLink', error: new TypeError('Failed to fetch') });
    expect(selectError(sut.actor.getSnapshot())).toBe('Something went wrong. Please try again!');
    expect(sut.actor.getSnapshot().hasTag('error')).toBe(true);

    sut.actor.send({ type: 'form.submit' });
    expect(selectError(sut.actor.getSnapshot())).toBeNull();
    await exec(sut, { type: 'xstate.error.actor.sendResetLink', error: new ApiError('client', 400, 'First.', ['First.', 'Second.']) });
    expect(selectError(sut.actor.getSnapshot())).toBe('First. Second.');
  });
});
