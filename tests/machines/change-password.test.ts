import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';
import {
  changePasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  type ChangePasswordEmitted,
  type ChangePasswordEvent,
  type ChangePasswordField,
  type SessionRef,
} from '../../src/machines/account/change-password.machine.ts';
import { sessionMachine, type SessionEvent } from '../../src/machines/account/session.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import type { StoredSession } from '../../src/services/session-store.ts';
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

type Snap = SnapshotFrom<typeof changePasswordMachine>;
type Values = Record<ChangePasswordField, string>;

const OLD = 'old-secret-1';
const NEW = 'new-secret-22';
const wrongOld = new ApiError('client', 400, AccountMessages.oldPasswordWrong, [AccountMessages.oldPasswordWrong], {
  oldPassword: AccountMessages.oldPasswordWrong,
});

/** Every event the model may take, with each result the server may give. */
const modelEvents = [
  { type: 'field.change', field: 'oldPassword', value: OLD },
  { type: 'field.change', field: 'newPassword', value: OLD },
  { type: 'field.change', field: 'newPassword', value: NEW },
  { type: 'field.change', field: 'retypePassword', value: NEW },
  { type: 'field.blur', field: 'oldPassword' },
  { type: 'field.blur', field: 'newPassword' },
  { type: 'field.blur', field: 'retypePassword' },
  { type: 'form.submit' },
  { type: 'session.changed', signedIn: false },
  { type: 'session.changed', signedIn: true },
  { type: 'xstate.done.actor.changePassword', output: AccountMessages.passwordChanged },
  { type: 'xstate.error.actor.changePassword', error: wrongOld },
  { type: 'xstate.error.actor.changePassword', error: new ApiError('client', 429, AccountMessages.tooManyRequests) },
  { type: 'xstate.error.actor.changePassword', error: new ApiError('unauthorized', 401, 'Unauthorized') },
  { type: 'xstate.error.actor.changePassword', error: new TypeError('Failed to fetch') },
];

const stored: StoredSession = {
  token: 'access-1',
  refreshToken: 'refresh-1',
  role: 'Employer',
  user: { id: 'u1', email: 'erin@example.com', firstName: 'Erin', lastName: 'Price', role: 'Employer' },
  expiresAt: Date.now() + 15 * 60_000,
  remember: true,
};

/** The real session machine, signed in, with no server behind it. */
function startSession() {
  const revoked: Array<string | undefined> = [];
  const navigated: string[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise<StoredSession | null>(async () => stored),
        refresh: fromPromise<SessionData, { refreshToken: string }>(() => new Promise(() => {})),
        revoke: fromPromise<void, { refreshToken: string | undefined }>(async ({ input }) => {
          revoked.push(input.refreshToken);
        }),
      },
      actions: { persist: () => {}, clearStorage: () => {} },
      guards: { holdsNoSession: () => false },
    }),
  );
  actor.on('navigate', (e) => navigated.push(e.to));
  actor.start();
  return { actor, revoked, navigated };
}

/** A stand-in for the session that only records what it is told. */
function recordingSession() {
  const received: SessionEvent[] = [];
  const actor = createActor(fromCallback<SessionEvent>(({ receive }) => receive((e) => received.push(e))));
  actor.start();
  return { actor: actor as unknown as SessionRef, received };
}

/** What the stubbed server saw and the call it has not answered yet. */
const server = { calls: [] as Values[], pending: undefined as ReturnType<typeof deferred<string>> | undefined };

const testMachine = changePasswordMachine.provide({
  actors: {
    changePassword: fromPromise<string, Values>(({ input }) => {
      server.calls.push(input);
      server.pending = deferred<string>();
      return server.pending.promise;
    }),
  },
});

/** The machine under test, told about the real session machine or a recording stand-in. */
async function startSut({ signedIn = true, session = 'real' }: { signedIn?: boolean; session?: 'real' | 'recording' } = {}) {
  const real = session === 'real' ? startSession() : null;
  const recording = session === 'recording' ? recordingSession() : null;
  if (real) await flush();
  server.calls = [];
  server.pending = undefined;
  const sut = {
    real,
    recording,
    calls: server.calls,
    emitted: [] as ChangePasswordEmitted[],
    actor: createActor(testMachine, { input: { session: (real?.actor ?? recording!.actor) as SessionRef, signedIn } }),
  };
  sut.actor.on('*', (e) => sut.emitted.push(e));
  sut.actor.start();
  return sut;
}

type Sut = Awaited<ReturnType<typeof startSut>>;

async function exec(sut: Sut, event: unknown) {
  if (!settle({ changePassword: server.pending }, event as EventObject)) return sut.actor.send(event as ChangePasswordEvent);
  await flush();
}

function checkInvariants(s: Snap) {
  expectFormRules(s, {
    fields: ['oldPassword', 'newPassword', 'retypePassword'],
    shown: selectFieldErrors(s),
    canSubmit: selectCanSubmit(s),
  });
  const valid = Object.keys(s.context.errors).length === 0;
  const { oldPassword, newPassword, retypePassword } = s.context.values;
  // The new password may not equal the old one (spec 1 §5).
  if (newPassword && newPassword === oldPassword) expect(valid).toBe(false);
  if (retypePassword !== newPassword) expect(s.context.errors.retypePassword).toBe('New passwords must match');
  expect(s.hasTag('error')).toBe(s.matches({ editing: 'failed' }) || s.matches('signedOut'));
  if (s.matches('signedOut')) expect(selectError(s)).toBe('You must be signed in to change your password!');
}

describe('change password machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // The model's own session stands in for the app's; only its identity is kept in the context.
  const modelSession = createActor(sessionMachine);
  // Starting signed out leads into the same graph; the rules below check that start.
  const cases = transitionCases(
    modelOf(changePasswordMachine, { events: modelEvents, input: { session: modelSession, signedIn: true }, filterEvents: whileActorRuns }),
  );

  it('reaches every state and takes every event of the chart', () => {
    expect(reachedStates(cases)).toEqual(new Set(['{"editing":"idle"}', '{"editing":"failed"}', 'submitting', 'changed', 'signedOut']));
    const taken = new Set(cases.map((c) => c.event.type as string));
    for (const type of eventTypesOf(changePasswordMachine)) expect(taken).toContain(type);
  });

  it.each(groupCases(cases))('%s', async (_name, group) => {
    for (const c of group) {
      const sut = await startSut({ session: 'recording' });
      for (const event of c.path) await exec(sut, event);
      expect(sut.actor.getSnapshot().value).toEqual(c.from.value);
      const callsBefore = sut.calls.length;
      const emittedBefore = sut.emitted.length;
      await exec(sut, c.event);

      const s = sut.actor.getSnapshot();
      const expected = c.expected as Snap;
      expect(s.value).toEqual(expected.value);
      const pick = ({ values, touched, errors, serverErrors, error, signedIn }: Snap['context']) => ({
        values,
        touched,
        errors,
        serverErrors,
        error,
        signedIn,
      });
      expect(pick(s.context)).toEqual(pick(expected.context));
      expect(selectFieldErrors(s)).toEqual(selectFieldErrors(expected));
      expect(selectError(s)).toEqual(selectError(expected));
      checkInvariants(s);

      const entered = (state: 'submitting' | 'changed') => s.matches(state) && !(c.from as Snap).matches(state);
      expect(sut.calls.slice(callsBefore)).toEqual(entered('submitting') ? [s.context.values] : []);
      expect(sut.emitted.slice(emittedBefore)).toEqual(
        entered('changed')
          ? [{ type: 'notify', message: 'Your password has been changed. Please log in again with your new password.' }]
          : [],
      );
      // Changed: the session is told to sign out, once.
      expect(sut.recording!.received).toEqual(s.matches('changed') ? [{ type: 'session.logout' }] : []);
      sut.actor.stop();
    }
  });
});

describe('change password rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const fill = (sut: Sut, values: Partial<Values>) => {
    for (const [field, value] of Object.entries(values)) {
      sut.actor.send({ type: 'field.change', field: field as ChangePasswordField, value });
      sut.actor.send({ type: 'field.blur', field: field as ChangePasswordField });
    }
  };
  const errors = (sut: Sut) => selectFieldErrors(sut.actor.getSnapshot());

  it('uses the messages of spec 1 §5, each after its field was left', async () => {
    const sut = await startSut();
    sut.actor.send({ type: 'field.change', field: 'retypePassword', value: 'x' });
    expect(errors(sut)).toEqual({});
    sut.actor.send({ type: 'field.blur', field: 'oldPassword' });
    sut.actor.send({ type: 'field.blur', field: 'newPassword' });
    sut.actor.send({ type: 'field.blur', field: 'retypePassword' });
    expect(errors(sut)).toEqual({
      oldPassword: 'Please enter your old password',
      newPassword: 'Please enter your new password',
      retypePassword: 'New passwords must match',
    });
  });

  it('refuses a new password equal to the old one', async () => {
    const sut = await startSut();
    fill(sut, { oldPassword: OLD, newPassword: OLD, retypePassword: OLD });
    expect(errors(sut)).toEqual({ newPassword: AccountMessages.sameAsOld });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'form.submit' });
    expect(sut.calls).toEqual([]);
  });

  it('shows a wrong old password from the server under that field until it is typed again', async () => {
    const sut = await startSut();
    fill(sut, { oldPassword: OLD, newPassword: NEW, retypePassword: NEW });
    sut.actor.send({ type: 'form.submit' });
    expect(sut.calls).toEqual([{ oldPassword: OLD, newPassword: NEW, retypePassword: NEW }]);
    await exec(sut, { type: 'xstate.error.actor.changePassword', error: wrongOld });
    expect(errors(sut)).toEqual({ oldPassword: 'Your old password is incorrect.' });
    expect(selectError(sut.actor.getSnapshot())).toBeNull();
    expect(sut.actor.getSnapshot().hasTag('error')).toBe(true);
    sut.actor.send({ type: 'field.change', field: 'oldPassword', value: 'old-secret-2' });
    expect(errors(sut)).toEqual({});
    expect(sut.actor.getSnapshot().value).toEqual({ editing: 'idle' });
  });

  it('only a signed-in user may change the password', async () => {
    const sut = await startSut({ signedIn: false });
    expect(sut.actor.getSnapshot().value).toBe('signedOut');
    expect(selectError(sut.actor.getSnapshot())).toBe('You must be signed in to change your password!');
    sut.actor.send({ type: 'form.submit' });
    expect(sut.calls).toEqual([]);
  });

  it('on success signs the user out and says to log in again', async () => {
    const sut = await startSut();
    fill(sut, { oldPassword: OLD, newPassword: NEW, retypePassword: NEW });
    sut.actor.send({ type: 'form.submit' });
    await exec(sut, { type: 'xstate.done.actor.changePassword', output: AccountMessages.passwordChanged });
    expect(sut.emitted).toEqual([{ type: 'notify', message: AccountMessages.passwordChangedSignIn }]);
    await flush();
    expect(sut.real!.actor.getSnapshot().value).toBe('signedOut');
    expect(sut.real!.revoked).toEqual(['refresh-1']);
    expect(sut.real!.navigated).toEqual(['/login']);
  });
});
