import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  AccountMessages,
  type BusinessVerificationRequest,
  type GoogleCallbackData,
  type SessionData,
  type SocialCompletionRequest,
} from '../../src/contract/account.ts';
import type { Role } from '../../src/contract/roles.ts';
import {
  selectBusy,
  selectCompletion,
  selectFailure,
  socialCallbackMachine,
  type SocialCallbackEmitted,
  type SocialCallbackInput,
} from '../../src/machines/account/social-callback.machine.ts';
import { socialCompletionMachine, type SocialSignup } from '../../src/machines/account/social-completion.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { deferred, modelOf, reachedStates, settle, transitionCases } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof socialCallbackMachine>;
type ModelEvent = { type: string; output?: unknown; error?: unknown };

const NOW = new Date('2026-03-02T10:00:00Z').getTime();
const ADDRESS = 'https://accounts.example.test/o/oauth2/auth?state=fresh';

const sessionAs = (role: Role): SessionData => ({
  accessToken: `access-${role}`,
  refreshToken: `refresh-${role}`,
  expiresIn: 900,
  remember: false,
  users: { id: `id-${role}`, email: `${role.toLowerCase()}@gmail.test`, firstName: 'Ada', lastName: 'Lovelace', role },
});
const signup: SocialSignup = { email: 'new@gmail.test', firstName: 'New', lastName: 'Person', signupToken: 'ticket' };
const request: BusinessVerificationRequest = { email: 'boss@gmail.test', businessName: 'Pending Works', businessTin: '501234567' };
const registered = sessionAs('JobSeeker');

const signedIn = (role: Role): GoogleCallbackData => ({ kind: 'signedIn', session: sessionAs(role) });
const stale = ApiError.of('auth.googleCodeStale', AccountMessages.staleGoogleCode);
const notVerified = ApiError.of('auth.businessUnverified', AccountMessages.notVerified, { request });
const noEmail = new ApiError('client', 400, AccountMessages.socialEmailMissing);
const twoErrors = new ApiError('client', 409, AccountMessages.googleAccountMismatch, [
  AccountMessages.googleAccountMismatch,
  AccountMessages.generic,
]);
const notConfigured = new ApiError('server', 503, AccountMessages.googleNotConfigured);

const modelEvents = (): ModelEvent[] => [
  { type: 'xstate.done.actor.exchange', output: signedIn('JobSeeker') },
  { type: 'xstate.done.actor.exchange', output: signedIn('SuperAdmin') },
  { type: 'xstate.done.actor.exchange', output: signedIn('Employer') },
  { type: 'xstate.done.actor.exchange', output: { kind: 'needsRegistration', signup } },
  { type: 'xstate.error.actor.exchange', error: stale },
  { type: 'xstate.error.actor.exchange', error: notVerified },
  { type: 'xstate.error.actor.exchange', error: noEmail },
  { type: 'xstate.error.actor.exchange', error: twoErrors },
  { type: 'xstate.done.actor.address', output: ADDRESS },
  { type: 'xstate.error.actor.address', error: notConfigured },
  { type: 'xstate.done.actor.completion', output: registered },
];

/** Actor results arrive only from the actor the current state runs. */
const filterEvents = (s: Snap, e: ModelEvent) =>
  (e.type.endsWith('.exchange') && s.matches('exchanging')) ||
  (e.type.endsWith('.address') && s.matches('restarting')) ||
  (e.type.endsWith('.completion') && s.matches('completing'));

function startSut(input: SocialCallbackInput) {
  const pending: {
    exchange?: ReturnType<typeof deferred<GoogleCallbackData>>;
    address?: ReturnType<typeof deferred<string>>;
    complete?: ReturnType<typeof deferred<SessionData>>;
  } = {};
  const log = {
    exchanged: [] as Array<{ code: string; state: string }>,
    redirects: [] as string[],
    saved: [] as BusinessVerificationRequest[],
    emitted: [] as SocialCallbackEmitted[],
    profileLoads: 0,
    completions: [] as SocialCompletionRequest[],
  };
  const machine = socialCallbackMachine.provide({
    actors: {
      exchange: fromPromise<GoogleCallbackData, { code: string; state: string }>(({ input }) => {
        log.exchanged.push(input);
        pending.exchange = deferred();
        return pending.exchange.promise;
      }),
      address: fromPromise<string>(() => {
        pending.address = deferred();
        return pending.address.promise;
      }),
      completion: socialCompletionMachine.provide({
        actors: {
          complete: fromPromise<SessionData, SocialCompletionRequest>(({ input }) => {
            log.completions.push(input);
            pending.complete = deferred();
            return pending.complete.promise;
          }),
        },
      }),
      loadProfile: fromPromise<unknown>(async () => {
        log.profileLoads += 1;
        return null;
      }),
    },
    actions: {
      redirect: (_, params: { url: string }) => {
        log.redirects.push(params.url);
      },
      saveVerificationRequest: (_, params: { request: BusinessVerificationRequest }) => {
        log.saved.push(params.request);
      },
    },
  });
  const actor = createActor(machine, { input });
  actor.on('*', (e) => log.emitted.push(e as SocialCallbackEmitted));
  actor.start();
  return { actor, pending, log };
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: ModelEvent) {
  if (event.type === 'xstate.done.actor.completion') {
    // The new user fills in the completion form, as the person would.
    const form = selectCompletion(sut.actor.getSnapshot())!;
    form.send({ type: 'role.change', role: 0 });
    form.send({ type: 'field.change', field: 'dateOfBirth', value: '2000-05-17' });
    form.send({ type: 'terms.change', value: true });
    form.send({ type: 'form.submit' });
    sut.pending.complete!.resolve(event.output as SessionData);
  } else if (!settle(sut.pending, event)) {
    throw new Error(`unexpected model event ${event.type}`);
  }
  await vi.advanceTimersByTimeAsync(0);
}

const withCode: SocialCallbackInput = { code: 'code-1', state: 'state-1' };
const withoutCode: SocialCallbackInput = { code: null, state: 'state-1' };

describe('social callback machine (model-based)', () => {
  const input = withCode;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const cases = transitionCases(modelOf(socialCallbackMachine, { events: modelEvents(), input, filterEvents }));

  it('covers every state of the chart', () => {
    const states = reachedStates(cases);
    for (const s of ['exchanging', 'restarting', 'redirecting', 'completing', 'signedIn', 'verifyingBusiness', 'failed']) {
      expect(states).toContain(s);
    }
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const sut = startSut(input);
    for (const event of c.path) await exec(sut, event as ModelEvent);
    expect(sut.actor.getSnapshot().value).toEqual(c.from.value);
    await exec(sut, c.event as ModelEvent);
    const snap = sut.actor.getSnapshot();
    const expected = c.expected as Snap;
    expect(snap.value).toEqual(expected.value);
    expect(snap.context).toEqual(expected.context);

    expect(sut.log.exchanged).toEqual([{ code: 'code-1', state: 'state-1' }]);
    expect(selectBusy(snap)).toBe(['exchanging', 'restarting', 'redirecting'].some((s) => snap.matches(s as 'failed')));
    if (snap.matches('redirecting')) expect(sut.log.redirects).toEqual([ADDRESS]);
    else expect(sut.log.redirects).toEqual([]);

    if (snap.matches('signedIn')) {
      const session = snap.context.session!;
      // The session goes to the session actor, then navigation as at login.
      expect(sut.log.emitted).toEqual([
        { type: 'signedIn', data: session },
        { type: 'navigate', to: session.users.role === 'SuperAdmin' ? '/back-office/dashboard' : '/user/dashboard' },
      ]);
      expect(sut.log.profileLoads).toBe(session.users.role === 'JobSeeker' ? 1 : 0);
    } else if (snap.matches('verifyingBusiness')) {
      expect(sut.log.saved).toEqual([request]);
      expect(sut.log.emitted).toEqual([{ type: 'navigate', to: '/business-validation' }]);
    } else {
      expect(sut.log.emitted).toEqual([]);
      expect(sut.log.profileLoads).toBe(0);
    }

    if (snap.matches('completing')) {
      expect(selectCompletion(snap)?.getSnapshot().context.signup).toEqual(signup);
    } else {
      expect(selectCompletion(snap)).toBeNull();
    }
    if (snap.matches('failed')) {
      const failure = selectFailure(snap)!;
      expect(failure.message).toBe(snap.context.errors[0]);
      expect(failure.contactSupport).toBe(snap.context.errors.length > 1);
    } else {
      expect(selectFailure(snap)).toBeNull();
    }
    sut.actor.stop();
  });
});

describe('social callback rules', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('fails at once with the redirection message when Google sent no code back', () => {
    const model = modelOf(socialCallbackMachine, { events: modelEvents(), input: withoutCode });
    // The chart's own view: the checking state leads straight to failed, with nothing to exchange.
    expect(new Set(model.getShortestPaths({ allowDuplicatePaths: true }).map((p) => p.state.value))).toEqual(new Set(['failed']));
    const sut = startSut(withoutCode);
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(selectFailure(sut.actor.getSnapshot())).toEqual({ message: AccountMessages.redirectFailed, contactSupport: false });
    expect(sut.log.exchanged).toEqual([]);
    expect(selectBusy(sut.actor.getSnapshot())).toBe(false);
  });

  it('restarts only for the stale-code answer, not for other 400s', async () => {
    const sut = startSut(withCode);
    await exec(sut, { type: 'xstate.error.actor.exchange', error: noEmail });
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(selectFailure(sut.actor.getSnapshot())!.message).toBe(AccountMessages.socialEmailMissing);
  });

  it('signs a new user in once the completion form is done', async () => {
    const sut = startSut(withCode);
    await exec(sut, { type: 'xstate.done.actor.exchange', output: { kind: 'needsRegistration', signup } });
    await exec(sut, { type: 'xstate.done.actor.completion', output: registered });
    expect(sut.log.completions).toEqual([
      { role: 0, email: signup.email, signupToken: signup.signupToken, dateOfBirth: '2000-05-17', acceptTerms: true },
    ]);
    expect(sut.actor.getSnapshot().value).toBe('signedIn');
    expect(sut.log.emitted[0]).toEqual({ type: 'signedIn', data: registered });
  });
});
