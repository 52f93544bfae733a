import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  AccountMessages,
  OTP_RESEND_SECONDS,
  type BusinessVerificationRequest,
  type CompletionStatus,
  type SessionData,
} from '../../src/contract/account.ts';
import type { Role } from '../../src/contract/roles.ts';
import {
  loginFieldErrors,
  loginMachine,
  selectAskingForCode,
  selectBusy,
  selectCanSubmit,
  selectCountingDown,
  selectErrors,
  selectFieldErrors,
  safeNextPath,
  selectSecondsLeft,
  type LoginEmitted,
  type LoginInput,
  type LoginEvent,
  type LoginRequest,
} from '../../src/machines/account/login.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof loginMachine>;

const NOW = new Date('2026-03-02T10:00:00Z').getTime();
const TICK = 'xstate.after.tick.login.otp.counting.waiting';
/** The wait after the server emailed a SuperAdmin's code on its own. */
const COOL_TICK = 'xstate.after.tick.login.otp.cooling.waiting';

const sessionFor = (role: Role): SessionData => ({
  accessToken: `access-${role}`,
  refreshToken: `refresh-${role}`,
  expiresIn: 900,
  remember: false,
  users: { id: `id-${role}`, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role },
});

const businessRequest: BusinessVerificationRequest = { email: 'owner@acme.example', businessName: 'Acme Inc', businessTin: '12-3456789' };

const completion: CompletionStatus = {
  isCompleted: false,
  completedPercentage: 40,
  profileComplete: true,
  educationComplete: false,
  skillsComplete: false,
  experienceComplete: true,
  preferencesComplete: false,
  documentsComplete: false,
};

const wrongPassword = ApiError.of('auth.invalidCredentials', AccountMessages.invalidCredentials);
const twoErrors = new ApiError('client', 400, AccountMessages.email, [AccountMessages.email, AccountMessages.password]);
const notVerified = ApiError.of('auth.businessUnverified', AccountMessages.notVerified, { request: businessRequest });
const tooMany = new ApiError('client', 429, AccountMessages.otpResendWait, [AccountMessages.otpResendWait]);
const codeRequired = ApiError.of('auth.codeRequired', AccountMessages.adminCodeSent);
const wrongCode = ApiError.of('auth.invalidCode', AccountMessages.invalidCode);

/** Every event the model may take, with the results the actors may give. */
const modelEvents = [
  { type: 'field.change', field: 'email', value: 'ada@' },
  { type: 'field.change', field: 'email', value: 'ada@example.com' },
  { type: 'field.change', field: 'password', value: '' },
  { type: 'field.change', field: 'password', value: 'correct horse' },
  { type: 'field.change', field: 'code', value: '12 4' },
  { type: 'field.change', field: 'code', value: '123456' },
  { type: 'field.blur', field: 'email' },
  { type: 'field.blur', field: 'password' },
  { type: 'field.blur', field: 'code' },
  { type: 'remember.change', value: true },
  { type: 'mode.change', mode: 'otp' },
  { type: 'mode.change', mode: 'password' },
  { type: 'otp.request' },
  { type: 'login.submit' },
  { type: 'xstate.done.actor.login', output: sessionFor('JobSeeker') },
  { type: 'xstate.done.actor.login', output: sessionFor('SuperAdmin') },
  { type: 'xstate.done.actor.login', output: sessionFor('Employer') },
  { type: 'xstate.error.actor.login', error: wrongPassword },
  { type: 'xstate.error.actor.login', error: twoErrors },
  { type: 'xstate.error.actor.login', error: notVerified },
  { type: 'xstate.error.actor.login', error: codeRequired },
  { type: 'xstate.error.actor.login', error: wrongCode },
  { type: 'adminCode.cancel' },
  { type: 'xstate.done.actor.requestOtp', output: AccountMessages.otpSent },
  { type: 'xstate.error.actor.requestOtp', error: tooMany },
  { type: TICK },
  { type: COOL_TICK },
] as unknown as LoginEvent[];

/** What a user can tell apart: the chart, which fields pass, which errors show, the countdown. */
const observable = (s: Snap) => {
  const all = loginFieldErrors(s.context);
  return JSON.stringify({
    value: s.value,
    mode: s.context.mode,
    valid: { email: !all.email, password: !all.password, code: !all.code },
    shown: selectFieldErrors(s),
    canSubmit: selectCanSubmit(s),
    busy: selectBusy(s),
    errors: selectErrors(s),
    notice: s.context.notice,
    secondsLeft: selectSecondsLeft(s),
  });
};

const isResultOf = (e: { type: string }, id: string) => e.type === `xstate.done.actor.${id}` || e.type === `xstate.error.actor.${id}`;

/**
 * Keeps the model to what the browser can do and small enough to walk: an actor answers once per
 * call, and the countdown runs its whole course from one state (the others stop at its first second).
 */
function possible(s: Snap, e: { type: string }) {
  const counting = s.matches({ otp: 'counting' });
  const cooling = s.matches({ otp: 'cooling' });
  if (counting && s.context.secondsLeft < OTP_RESEND_SECONDS) return e.type === TICK;
  if (cooling && s.context.secondsLeft < OTP_RESEND_SECONDS) return e.type === COOL_TICK;
  if (s.matches({ form: 'signedIn' }) || s.matches({ form: 'verifyingBusiness' })) return false;
  const error = (e as { error?: unknown }).error;
  const done = (e as { output?: SessionData }).output;
  // The server asks for the code only after a password; a code sent with it is right or wrong.
  if (s.matches({ form: 'submitting' })) {
    return (
      isResultOf(e, 'login') &&
      (error !== wrongCode || s.context.mode === 'otp') &&
      (error !== codeRequired || s.context.mode === 'password')
    );
  }
  if (s.matches({ form: { adminCode: 'verifying' } })) {
    return (isResultOf(e, 'login') && done?.users.role === 'SuperAdmin') || error === wrongCode;
  }
  if (s.matches({ form: { adminCode: 'resending' } })) return error === codeRequired || error === wrongPassword;
  if (isResultOf(e, 'login')) return false;
  if (s.matches({ form: { adminCode: 'entering' } })) {
    // The code step shows the code boxes, Resend, "Use another account" and Login, nothing else.
    const field = (e as { field?: string }).field;
    if (e.type === 'field.change' || e.type === 'field.blur') return field === 'code';
    if (e.type === 'mode.change' || e.type === 'remember.change') return false;
  } else if (e.type === 'adminCode.cancel') return false;
  // The code request is pending until it answers (the notice is cleared when it starts).
  if (isResultOf(e, 'requestOtp')) return counting && s.context.notice === null;
  if (e.type === TICK) {
    return counting && s.context.notice !== null && s.context.mode === 'otp' && s.context.code === '' && !s.context.errors.length;
  }
  // The code step's wait runs its course from the step as it first shows.
  if (e.type === COOL_TICK) return cooling && s.context.code === '' && !s.context.errors.length && !s.context.submitted;
  return true;
}

function buildModel() {
  return modelOf(loginMachine, { events: modelEvents, serializeState: observable, filterEvents: possible });
}

/** The system under test: the real machine with its calls swapped for controllable stubs. */
function startSut(input: LoginInput = {}) {
  const pending: {
    login?: ReturnType<typeof deferred<SessionData>>;
    requestOtp?: ReturnType<typeof deferred<string>>;
  } = {};
  const log = {
    logins: [] as LoginRequest[],
    codeRequests: [] as string[],
    completionLoads: 0,
    saved: [] as BusinessVerificationRequest[],
    emitted: [] as LoginEmitted[],
  };
  const machine = loginMachine.provide({
    actors: {
      login: fromPromise<SessionData, LoginRequest>(({ input }) => {
        log.logins.push(input);
        pending.login = deferred();
        return pending.login.promise;
      }),
      requestOtp: fromPromise<string, { email: string }>(({ input }) => {
        log.codeRequests.push(input.email);
        pending.requestOtp = deferred();
        return pending.requestOtp.promise;
      }),
      loadCompletionStatus: fromPromise<CompletionStatus>(async () => {
        log.completionLoads += 1;
        return completion;
      }),
    },
    actions: {
      saveVerificationRequest: (_, params) => {
        log.saved.push(params.request);
      },
    },
  });
  const actor = createActor(machine, { input });
  actor.on('*', (e) => log.emitted.push(e));
  actor.start();
  return { actor, pending, log };
}

type Sut = ReturnType<typeof startSut>;

/** Makes the SUT live through one model event, as the browser and the server would. */
async function exec(sut: Sut, event: LoginEvent) {
  if ((event.type as string) === TICK || (event.type as string) === COOL_TICK) {
    await vi.advanceTimersByTimeAsync(1000);
    return;
  }
  if (!settle(sut.pending, event)) sut.actor.send(event);
  await vi.advanceTimersByTimeAsync(0);
}

/** What the SUT must have done on a transition, beyond its new state. */
function checkEffects(sut: Sut, before: number, event: LoginEvent, expected: Snap) {
  const emitted = sut.log.emitted.slice(before);
  const e = event as unknown as { type: string; output?: SessionData };
  if (e.type === 'xstate.done.actor.login') {
    const data = e.output!;
    const home = data.users.role === 'SuperAdmin' ? '/back-office/dashboard' : '/user/dashboard';
    expect(emitted).toEqual([
      { type: 'signedIn', data },
      { type: 'navigate', to: home },
    ]);
    expect(sut.log.completionLoads).toBe(data.users.role === 'JobSeeker' ? 1 : 0);
  } else if (expected.matches({ form: 'verifyingBusiness' })) {
    expect(emitted).toEqual([
      { type: 'notify', message: AccountMessages.notVerified },
      { type: 'navigate', to: '/business-validation' },
    ]);
    expect(sut.log.saved).toEqual([businessRequest]);
  } else {
    expect(emitted).toEqual([]);
  }
}

describe('login machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const model = buildModel();
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    const reached = new Set(states.flatMap((s) => atomicStates(s.state.value)));
    expect([...reached].sort()).toEqual(
      [
        'form.adminCode.entering',
        'form.adminCode.resending',
        'form.adminCode.verifying',
        'form.editing',
        'form.signedIn',
        'form.submitting',
        'form.verifyingBusiness',
        'otp.cooling.waiting',
        'otp.counting.waiting',
        'otp.idle',
      ].sort(),
    );
    const tried = new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)));
    expect([...tried].sort()).toEqual([...new Set(modelEvents.map((e) => e.type))].sort());
    // The countdown runs its whole course: every second from 60 down to 1 is a state of its own.
    const seconds = new Set(states.map((s) => s.state.context.secondsLeft));
    for (let n = 0; n <= OTP_RESEND_SECONDS; n++) expect(seconds).toContain(n);
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    for (const t of s.transitions) {
      const sut = startSut();
      for (const event of s.path) await exec(sut, event);
      expect(observable(sut.actor.getSnapshot())).toBe(s.key);
      expect(sut.actor.getSnapshot().context).toEqual(s.state.context);
      const before = sut.log.emitted.length;
      await exec(sut, t.event);
      const snap = sut.actor.getSnapshot();
      expect(observable(snap), `after ${JSON.stringify(t.event)}`).toBe(observable(t.next));
      expect(selectCountingDown(snap)).toBe(t.next.matches({ otp: 'counting' }) || t.next.matches({ otp: 'cooling' }));
      checkEffects(sut, before, t.event, t.next);
      sut.actor.stop();
    }
  });
});

describe('login rules', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  const type = async (sut: Sut, field: 'email' | 'password' | 'code', value: string) => {
    await exec(sut, { type: 'field.change', field, value });
    await exec(sut, { type: 'field.blur', field });
  };

  it('shows a field error only once the field was left, or after a submit', async () => {
    const sut = startSut();
    await exec(sut, { type: 'field.change', field: 'email', value: 'ada@' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
    await exec(sut, { type: 'field.blur', field: 'email' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ email: AccountMessages.email });
    await exec(sut, { type: 'login.submit' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ email: AccountMessages.email, password: AccountMessages.password });
    expect(sut.log.logins).toEqual([]);
  });

  it('submits the password, the mode and Remember Me, and cannot submit twice while busy', async () => {
    const sut = startSut();
    await type(sut, 'email', '  ada@example.com ');
    await type(sut, 'password', 'correct horse');
    await exec(sut, { type: 'remember.change', value: true });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(true);
    await exec(sut, { type: 'login.submit' });
    await exec(sut, { type: 'login.submit' });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    expect(sut.log.logins).toEqual([{ email: 'ada@example.com', password: 'correct horse', isOtp: false, rememberMe: true }]);
  });

  it('sends the code, not the password, in OTP mode', async () => {
    const sut = startSut();
    await type(sut, 'email', 'ada@example.com');
    await type(sut, 'password', 'correct horse');
    await exec(sut, { type: 'mode.change', mode: 'otp' });
    await type(sut, 'code', '12345');
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ code: AccountMessages.otp });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    await type(sut, 'code', '123456');
    await exec(sut, { type: 'login.submit' });
    expect(sut.log.logins).toEqual([{ email: 'ada@example.com', password: '123456', isOtp: true, rememberMe: false }]);
  });

  it('switching to OTP requests a code for the typed email, only when it is valid', async () => {
    const sut = startSut();
    await exec(sut, { type: 'mode.change', mode: 'otp' });
    expect(sut.log.codeRequests).toEqual([]);
    await exec(sut, { type: 'mode.change', mode: 'password' });
    await type(sut, 'email', 'grace@example.com');
    await exec(sut, { type: 'mode.change', mode: 'otp' });
    expect(sut.log.codeRequests).toEqual(['grace@example.com']);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(60);
  });

  it('Send OTP with an invalid email shows the email error and sends nothing', async () => {
    const sut = startSut();
    await exec(sut, { type: 'field.change', field: 'email', value: 'grace' });
    await exec(sut, { type: 'otp.request' });
    expect(sut.log.codeRequests).toEqual([]);
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ email: AccountMessages.email });
  });

  it('counts 60 s down a second at a time before another code can be sent', async () => {
    const sut = startSut();
    await type(sut, 'email', 'ada@example.com');
    await exec(sut, { type: 'otp.request' });
    await exec(sut, { type: 'xstate.done.actor.requestOtp', output: AccountMessages.otpSent } as unknown as LoginEvent);
    expect(sut.actor.getSnapshot().context.notice).toBe(AccountMessages.otpSent);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(60);
    await vi.advanceTimersByTimeAsync(999);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(60);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(59);
    await vi.advanceTimersByTimeAsync(18_000);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(41);
    // Asking again during the wait does nothing.
    await exec(sut, { type: 'otp.request' });
    expect(sut.log.codeRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(1);
    expect(selectCountingDown(sut.actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectCountingDown(sut.actor.getSnapshot())).toBe(false);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(0);
    await exec(sut, { type: 'otp.request' });
    expect(sut.log.codeRequests).toEqual(['ada@example.com', 'ada@example.com']);
  });

  it('an error stops the countdown and shows the error', async () => {
    const sut = startSut();
    await type(sut, 'email', 'ada@example.com');
    await exec(sut, { type: 'otp.request' });
    await vi.advanceTimersByTimeAsync(17_000);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(43);
    sut.pending.requestOtp!.reject(tooMany);
    await vi.advanceTimersByTimeAsync(0);
    const snap = sut.actor.getSnapshot();
    expect(selectCountingDown(snap)).toBe(false);
    expect(selectSecondsLeft(snap)).toBe(0);
    expect(selectErrors(snap)).toEqual([AccountMessages.otpResendWait]);
    // Stopped for good: time passing changes nothing, and a new code may be asked for at once.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(0);
    await exec(sut, { type: 'otp.request' });
    expect(sut.log.codeRequests).toHaveLength(2);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([]);
  });

  it('keeps counting down while the code is typed and submitted', async () => {
    const sut = startSut();
    await type(sut, 'email', 'ada@example.com');
    await exec(sut, { type: 'mode.change', mode: 'otp' });
    await vi.advanceTimersByTimeAsync(5000);
    await type(sut, 'code', '654321');
    await exec(sut, { type: 'login.submit' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectBusy(sut.actor.getSnapshot())).toBe(true);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(54);
  });

  it('signs a job seeker in, navigates, then fetches the completion status without waiting for it', async () => {
    const sut = startSut();
    let release!: () => void;
    const slow = loginMachine.provide({
      actors: {
        login: fromPromise(async () => sessionFor('JobSeeker')),
        requestOtp: fromPromise(async () => ''),
        loadCompletionStatus: fromPromise<CompletionStatus>(
          () =>
            new Promise((resolve) => {
              sut.log.completionLoads += 1;
              release = () => resolve(completion);
            }),
        ),
      },
    });
    const actor = createActor(slow, { input: {} });
    const emitted: LoginEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    actor.send({ type: 'field.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'field.change', field: 'password', value: 'correct horse' });
    actor.send({ type: 'login.submit' });
    await vi.advanceTimersByTimeAsync(0);
    // Navigation happened while the completion status is still on its way.
    expect(emitted.map((e) => e.type)).toEqual(['signedIn', 'navigate']);
    expect(emitted[1]).toEqual({ type: 'navigate', to: '/user/dashboard' });
    expect(sut.log.completionLoads).toBe(1);
    expect(actor.getSnapshot().matches({ form: 'signedIn' })).toBe(true);
    release();
    actor.stop();
  });

  it('keeps every message of a failed sign-in, in order, and clears them on the next try', async () => {
    const sut = startSut();
    await type(sut, 'email', 'ada@example.com');
    await type(sut, 'password', 'wrong');
    await exec(sut, { type: 'login.submit' });
    sut.pending.login!.reject(twoErrors);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([AccountMessages.email, AccountMessages.password]);
    await exec(sut, { type: 'login.submit' });
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([]);
    sut.pending.login!.reject(new Error('socket hang up'));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([AccountMessages.generic]);
  });
});

describe('a SuperAdmin’s second step: the emailed code', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  /** The password is right: the server emailed the code and asks for it. */
  async function askedForCode(rememberMe = false) {
    const sut = startSut();
    await exec(sut, { type: 'field.change', field: 'email', value: ' chief@example.com ' });
    await exec(sut, { type: 'field.change', field: 'password', value: 'correct horse' });
    if (rememberMe) await exec(sut, { type: 'remember.change', value: true });
    await exec(sut, { type: 'login.submit' });
    sut.pending.login!.reject(codeRequired);
    await vi.advanceTimersByTimeAsync(0);
    return sut;
  }

  it('asks for the code with the server’s words and starts the resend wait; nothing is announced yet', async () => {
    const sut = await askedForCode();
    const snap = sut.actor.getSnapshot();
    expect(selectAskingForCode(snap)).toBe(true);
    expect(snap.context.notice).toBe(AccountMessages.adminCodeSent);
    expect(selectErrors(snap)).toEqual([]);
    expect(selectFieldErrors(snap)).toEqual({});
    expect(selectCountingDown(snap)).toBe(true);
    expect(selectSecondsLeft(snap)).toBe(60);
    expect(selectCanSubmit(snap)).toBe(false);
    expect(sut.log.emitted).toEqual([]);
    expect(sut.log.codeRequests).toEqual([]);
  });

  it('sends the same email and password with the code; a wrong code is shown, the right one signs in to the back office', async () => {
    const sut = await askedForCode(true);
    await exec(sut, { type: 'field.change', field: 'code', value: '12 4' });
    await exec(sut, { type: 'field.blur', field: 'code' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ code: AccountMessages.otp });
    // The sixth digit sends the code; Login cannot send it twice.
    await exec(sut, { type: 'field.change', field: 'code', value: '123456' });
    expect(selectBusy(sut.actor.getSnapshot())).toBe(true);
    await exec(sut, { type: 'login.submit' });
    sut.pending.login!.reject(wrongCode);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([AccountMessages.invalidCode]);
    expect(selectAskingForCode(sut.actor.getSnapshot())).toBe(true);
    // Login sends the code as it stands again.
    await exec(sut, { type: 'login.submit' });
    sut.pending.login!.reject(wrongCode);
    await vi.advanceTimersByTimeAsync(0);

    await exec(sut, { type: 'field.change', field: 'code', value: '654321' });
    sut.pending.login!.resolve(sessionFor('SuperAdmin'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sut.log.logins.slice(1)).toEqual([
      { email: 'chief@example.com', password: 'correct horse', isOtp: false, rememberMe: true, code: '123456' },
      { email: 'chief@example.com', password: 'correct horse', isOtp: false, rememberMe: true, code: '123456' },
      { email: 'chief@example.com', password: 'correct horse', isOtp: false, rememberMe: true, code: '654321' },
    ]);
    expect(sut.log.emitted).toEqual([
      { type: 'signedIn', data: sessionFor('SuperAdmin') },
      { type: 'navigate', to: '/back-office/dashboard' },
    ]);
  });

  it('resends after the wait by sending the password again, which restarts the wait and empties the boxes', async () => {
    const sut = await askedForCode();
    await exec(sut, { type: 'field.change', field: 'code', value: '12' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(selectSecondsLeft(sut.actor.getSnapshot())).toBe(30);
    // Not during the wait.
    await exec(sut, { type: 'otp.request' });
    expect(sut.log.logins).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(selectCountingDown(sut.actor.getSnapshot())).toBe(false);

    await exec(sut, { type: 'otp.request' });
    expect(selectBusy(sut.actor.getSnapshot())).toBe(true);
    expect(sut.log.logins.at(-1)).toEqual({ email: 'chief@example.com', password: 'correct horse', isOtp: false, rememberMe: false });
    sut.pending.login!.reject(codeRequired);
    await vi.advanceTimersByTimeAsync(0);
    const snap = sut.actor.getSnapshot();
    expect(snap.context.code).toBe('');
    expect(selectSecondsLeft(snap)).toBe(60);
    expect(selectAskingForCode(snap)).toBe(true);
    // Any other answer to the resend is shown, and the step stays.
    await vi.advanceTimersByTimeAsync(60_000);
    await exec(sut, { type: 'otp.request' });
    sut.pending.login!.reject(tooMany);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([AccountMessages.otpResendWait]);
    expect(selectAskingForCode(sut.actor.getSnapshot())).toBe(true);
  });

  it('“Use another account” goes back to the email and password, the password emptied', async () => {
    const sut = await askedForCode();
    await exec(sut, { type: 'field.change', field: 'code', value: '123' });
    await exec(sut, { type: 'adminCode.cancel' });
    const snap = sut.actor.getSnapshot();
    expect(snap.matches({ form: 'editing' })).toBe(true);
    expect(selectAskingForCode(snap)).toBe(false);
    expect(snap.context).toMatchObject({ email: ' chief@example.com ', password: '', code: '', notice: null });
    expect(selectFieldErrors(snap)).toEqual({});
  });
});

describe('returning to the page that asked for the sign-in (?next=)', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('takes only a path of this site', () => {
    for (const path of ['/jobs/3c9d4b1e-2f6a-4c8b-9e1d-5a7b3c2d1e0f', '/', '/user/saved-jobs?page=2#top', '/jobs/a%2Fb'])
      expect(safeNextPath(path)).toBe(path);
    for (const path of [
      '//evil.com',
      '//evil.com/jobs/1',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      'https://evil.com/jobs/1',
      'http:evil.com',
      'javascript:alert(1)',
      'jobs/1',
      '%2F%2Fevil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      ' /jobs/1',
      '',
      null,
      undefined,
      `/${'a'.repeat(2000)}`,
    ]) {
      expect(safeNextPath(path), String(path)).toBeNull();
    }
  });

  async function signIn(input: LoginInput, role: Role) {
    const sut = startSut(input);
    await exec(sut, { type: 'field.change', field: 'email', value: 'ada@example.com' });
    await exec(sut, { type: 'field.change', field: 'password', value: 'correct horse' });
    await exec(sut, { type: 'login.submit' });
    sut.pending.login!.resolve(sessionFor(role));
    await vi.advanceTimersByTimeAsync(0);
    return sut.log.emitted;
  }

  it('goes back to the job after signing in, whatever the role', async () => {
    for (const role of ['JobSeeker', 'Employer', 'SuperAdmin'] as const) {
      const emitted = await signIn({ next: '/jobs/3c9d4b1e-2f6a-4c8b-9e1d-5a7b3c2d1e0f' }, role);
      expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/jobs/3c9d4b1e-2f6a-4c8b-9e1d-5a7b3c2d1e0f' });
    }
  });

  it('goes home instead of to another site or a scheme', async () => {
    for (const next of ['//evil.com', 'https://evil.com', 'javascript:alert(1)', '/\\evil.com']) {
      const emitted = await signIn({ next }, 'JobSeeker');
      expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/user/dashboard' });
    }
  });

  it('still sends an employer whose business is not verified to business verification', async () => {
    const sut = startSut({ next: '/jobs/3c9d4b1e-2f6a-4c8b-9e1d-5a7b3c2d1e0f' });
    await exec(sut, { type: 'field.change', field: 'email', value: 'owner@acme.example' });
    await exec(sut, { type: 'field.change', field: 'password', value: 'correct horse' });
    await exec(sut, { type: 'login.submit' });
    sut.pending.login!.reject(notVerified);
    await vi.advanceTimersByTimeAsync(0);
    expect(sut.log.emitted.at(-1)).toEqual({ type: 'navigate', to: '/business-validation' });
  });
});
