import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  resetPasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  selectDoneMessage,
  selectLinkValid,
  type ResetPasswordEmitted,
  type ResetPasswordEvent,
  type ResetPasswordInput,
  type ResetResult,
} from '../../src/machines/account/reset-password.machine.ts';
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

type Snap = SnapshotFrom<typeof resetPasswordMachine>;

const LINK = { token: 'b3f1c2d4e5', email: 'ada@example.com' };
const RESET = 'Your password has been reset. You may now log in with your new password.';

/** Every event the model may take, with each result the server may give. */
const modelEvents = [
  { type: 'field.change', field: 'newPassword', value: '' },
  { type: 'field.change', field: 'newPassword', value: 'short' },
  { type: 'field.change', field: 'newPassword', value: 'correct horse' },
  { type: 'field.change', field: 'retypePassword', value: 'correct horse' },
  { type: 'field.blur', field: 'newPassword' },
  { type: 'field.blur', field: 'retypePassword' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.resetPassword', output: { status: 200, message: RESET } },
  { type: 'xstate.done.actor.resetPassword', output: { status: 202, message: 'Accepted' } },
  { type: 'xstate.error.actor.resetPassword', error: new ApiError('client', 400, AccountMessages.resetLinkInvalid) },
  {
    type: 'xstate.error.actor.resetPassword',
    error: new ApiError('client', 400, AccountMessages.passwordLength, [AccountMessages.passwordLength], {
      newPassword: AccountMessages.passwordLength,
    }),
  },
  { type: 'xstate.error.actor.resetPassword', error: new TypeError('Failed to fetch') },
];

function startSut(input: ResetPasswordInput = LINK) {
  const sut = {
    calls: [] as Array<{ token: string; email: string; newPassword: string }>,
    emitted: [] as ResetPasswordEmitted[],
    pending: undefined as ReturnType<typeof deferred<ResetResult>> | undefined,
    actor: undefined as unknown as ReturnType<typeof createActor<typeof resetPasswordMachine>>,
  };
  const machine = resetPasswordMachine.provide({
    actors: {
      resetPassword: fromPromise<ResetResult, { token: string; email: string; newPassword: string }>(({ input }) => {
        sut.calls.push(input);
        sut.pending = deferred<ResetResult>();
        return sut.pending.promise;
      }),
    },
  });
  sut.actor = createActor(machine, { input });
  sut.actor.on('*', (e) => sut.emitted.push(e));
  sut.actor.start();
  return sut;
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: unknown) {
  if (!settle({ resetPassword: sut.pending }, event as EventObject)) return sut.actor.send(event as ResetPasswordEvent);
  await flush();
}

function checkInvariants(s: Snap) {
  expectFormRules(s, { fields: ['newPassword', 'retypePassword'], shown: selectFieldErrors(s), canSubmit: selectCanSubmit(s) });
  if (s.context.values.retypePassword !== s.context.values.newPassword)
    expect(s.context.errors.retypePassword).toBe('Passwords must match');
  expect(s.hasTag('error')).toBe(s.matches({ editing: 'failed' }) || s.matches('invalidLink'));
  expect(selectLinkValid(s)).toBe(!s.matches('invalidLink'));
}

describe('reset password machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const casesFor = (input: Partial<ResetPasswordInput>) =>
    transitionCases(modelOf(resetPasswordMachine, { events: modelEvents, input, filterEvents: whileActorRuns }));
  const linked = casesFor(LINK);
  const broken = [{ token: null, email: LINK.email }, { token: LINK.token, email: '' }, {}].flatMap((input) =>
    casesFor(input).map((c) => ({ ...c, input: input as ResetPasswordInput })),
  );
  const cases = [...linked.map((c) => ({ ...c, input: LINK as ResetPasswordInput })), ...broken];

  it('reaches every state and takes every event of the chart', () => {
    expect(reachedStates(cases)).toEqual(new Set(['{"editing":"idle"}', '{"editing":"failed"}', 'submitting', 'done', 'invalidLink']));
    const taken = new Set(cases.map((c) => c.event.type as string));
    for (const type of eventTypesOf(resetPasswordMachine)) expect(taken).toContain(type);
  });

  it.each(groupCases(cases))('%s', async (_name, group) => {
    for (const c of group) {
      const sut = startSut(c.input);
      for (const event of c.path) await exec(sut, event);
      expect(sut.actor.getSnapshot().value).toEqual(c.from.value);
      const callsBefore = sut.calls.length;
      const emittedBefore = sut.emitted.length;
      await exec(sut, c.event);

      const s = sut.actor.getSnapshot();
      const expected = c.expected as Snap;
      expect(s.value).toEqual(expected.value);
      const pick = ({ values, touched, errors, serverErrors, error, token, email, message }: Snap['context']) => ({
        values,
        touched,
        errors,
        serverErrors,
        error,
        token,
        email,
        message,
      });
      expect(pick(s.context)).toEqual(pick(expected.context));
      expect(selectFieldErrors(s)).toEqual(selectFieldErrors(expected));
      expect(selectError(s)).toEqual(selectError(expected));
      checkInvariants(s);

      const entered = (state: 'submitting' | 'done') => s.matches(state) && !(c.from as Snap).matches(state);
      expect(sut.calls.slice(callsBefore)).toEqual(
        entered('submitting') ? [{ token: s.context.token, email: s.context.email, newPassword: s.context.values.newPassword }] : [],
      );
      // Only a 200 answer goes to login, with the server's message as a toast.
      const output = (c.event as { output?: ResetResult }).output;
      expect(sut.emitted.slice(emittedBefore)).toEqual(
        entered('done')
          ? [
              { type: 'notify', message: output!.message },
              { type: 'navigate', to: '/login' },
            ]
          : [],
      );
      sut.actor.stop();
    }
  });
});

describe('reset password rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes token and email from the link; without either the form says the link cannot work', () => {
    expect(startSut().actor.getSnapshot().context).toMatchObject(LINK);
    for (const input of [{ token: '', email: LINK.email }, { token: LINK.token, email: null }, {}]) {
      const s = startSut(input).actor.getSnapshot();
      expect(s.value).toBe('invalidLink');
      expect(selectError(s)).toBe('Could not update password. Use the link found in the email sent to you to continue.');
      expect(selectCanSubmit(s)).toBe(false);
    }
  });

  it("asks for a new password and 'Passwords must match', after the fields are left", () => {
    const sut = startSut();
    const errors = () => selectFieldErrors(sut.actor.getSnapshot());
    sut.actor.send({ type: 'field.blur', field: 'newPassword' });
    expect(errors()).toEqual({ newPassword: 'Please enter a password' });
    sut.actor.send({ type: 'field.change', field: 'newPassword', value: 'correct horse' });
    sut.actor.send({ type: 'field.change', field: 'retypePassword', value: 'correct hose' });
    expect(errors()).toEqual({});
    sut.actor.send({ type: 'field.blur', field: 'retypePassword' });
    expect(errors()).toEqual({ retypePassword: 'Passwords must match' });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'field.change', field: 'retypePassword', value: 'correct horse' });
    expect(errors()).toEqual({});
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(true);
  });

  it('a submit before anything was typed shows every rule and calls nobody', () => {
    const sut = startSut();
    sut.actor.send({ type: 'form.submit' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ newPassword: 'Please enter a password' });
    sut.actor.send({ type: 'field.change', field: 'newPassword', value: 'correct horse' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ retypePassword: 'Passwords must match' });
    expect(sut.calls).toEqual([]);
  });

  it('on 200 tells the view to go to /login with the server message', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'field.change', field: 'newPassword', value: 'correct horse' });
    sut.actor.send({ type: 'field.change', field: 'retypePassword', value: 'correct horse' });
    sut.actor.send({ type: 'form.submit' });
    expect(sut.calls).toEqual([{ token: LINK.token, email: LINK.email, newPassword: 'correct horse' }]);
    await exec(sut, { type: 'xstate.done.actor.resetPassword', output: { status: 200, message: RESET } });
    expect(sut.emitted).toEqual([
      { type: 'notify', message: RESET },
      { type: 'navigate', to: '/login' },
    ]);
    expect(selectDoneMessage(sut.actor.getSnapshot())).toBe(RESET);
  });

  it('a refused link shows the server message, or the spec message when there is none', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'field.change', field: 'newPassword', value: 'correct horse' });
    sut.actor.send({ type: 'field.change', field: 'retypePassword', value: 'correct horse' });
    sut.actor.send({ type: 'form.submit' });
    await exec(sut, { type: 'xstate.error.actor.resetPassword', error: new ApiError('client', 429, AccountMessages.tooManyRequests) });
    expect(selectError(sut.actor.getSnapshot())).toBe(AccountMessages.tooManyRequests);
    sut.actor.send({ type: 'form.submit' });
    await exec(sut, { type: 'xstate.error.actor.resetPassword', error: new TypeError('Failed to fetch') });
    expect(selectError(sut.actor.getSnapshot())).toBe(
      'Could not update password. Use the link found in the email sent to you to continue.',
    );
    expect(sut.emitted).toEqual([]);
  });
});
