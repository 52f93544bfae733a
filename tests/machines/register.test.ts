import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { AccountMessages, type BusinessVerificationRequest } from '../../src/contract/account.ts';
import {
  registerFieldErrors,
  registerMachine,
  selectBusy,
  selectCanSubmit,
  selectErrors,
  selectFieldErrors,
  type RegisterEmitted,
  type RegisterEvent,
  type RegisterOutcome,
  type RegisterRequest,
  type RegisterValues,
} from '../../src/machines/account/register.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof registerMachine>;

// The 16th birthday of someone born 2010-03-02 is today.
const NOW = new Date('2026-03-02T10:00:00Z').getTime();

const businessRequest: BusinessVerificationRequest = { email: 'owner@acme.example', businessName: 'Acme Inc', businessTin: '12-3456789' };
const emailTaken = new ApiError('client', 409, AccountMessages.emailTaken, [AccountMessages.emailTaken]);
const twoErrors = new ApiError('client', 400, AccountMessages.firstName, [AccountMessages.firstName, AccountMessages.lastName]);

/** Every event the model may take, with the results the register call may give. */
const modelEvents = [
  { type: 'role.change', role: 0 },
  { type: 'role.change', role: 1 },
  { type: 'field.change', field: 'firstName', value: 'Ada' },
  { type: 'field.change', field: 'lastName', value: 'Lovelace' },
  { type: 'field.change', field: 'email', value: 'ada@' },
  { type: 'field.change', field: 'email', value: 'ada@example.com' },
  { type: 'field.change', field: 'password', value: 'short' },
  { type: 'field.change', field: 'password', value: 'correct horse' },
  { type: 'field.change', field: 'confirmPassword', value: 'correct horse' },
  { type: 'field.change', field: 'confirmPassword', value: 'correct hose' },
  { type: 'field.change', field: 'companyName', value: 'Acme Inc' },
  { type: 'field.change', field: 'companyTin', value: '12-3456789' },
  { type: 'field.change', field: 'dateOfBirth', value: '2010-03-02' },
  { type: 'field.change', field: 'dateOfBirth', value: '2010-03-03' },
  { type: 'field.blur', field: 'email' },
  { type: 'field.blur', field: 'confirmPassword' },
  { type: 'field.blur', field: 'dateOfBirth' },
  { type: 'field.blur', field: 'companyTin' },
  { type: 'terms.change', value: true },
  { type: 'terms.change', value: false },
  { type: 'register.submit' },
  { type: 'xstate.done.actor.register', output: { data: null, request: null } },
  { type: 'xstate.done.actor.register', output: { data: null, request: businessRequest } },
  { type: 'xstate.error.actor.register', error: emailTaken },
  { type: 'xstate.error.actor.register', error: twoErrors },
] as unknown as RegisterEvent[];

/** What a user can tell apart: the chart, the role, which fields pass, which errors show. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    role: s.context.values.role,
    failing: registerFieldErrors(s.context.values),
    shown: selectFieldErrors(s),
    canSubmit: selectCanSubmit(s),
    busy: selectBusy(s),
    errors: selectErrors(s),
  });

/** The order a user fills the form in; the role's own fields sit between the passwords and the terms. */
const order = ['role', 'firstName', 'lastName', 'email', 'password', 'confirmPassword', 'roleFields', 'acceptTerms'] as const;
type Step = (typeof order)[number];
const roleFields = ['companyName', 'companyTin', 'dateOfBirth'];
const stepOf = (field: string): Step => (roleFields.includes(field) ? 'roleFields' : (field as Step));

function filled(v: RegisterValues, step: Step) {
  if (step === 'role') return v.role !== null;
  if (step === 'acceptTerms') return v.acceptTerms;
  if (step === 'roleFields') return v.role === 1 ? !!v.companyName && !!v.companyTin : !!v.dateOfBirth;
  return v[step] !== '';
}

/**
 * Keeps the model to what a browser can do and small enough to walk: the call answers once; fields
 * are filled in order, each changed or left while it is the last one filled; the role may change any time.
 */
function possible(s: Snap, e: RegisterEvent | { type: string }) {
  if (s.matches('submitting')) return e.type.includes('.actor.register');
  if (!s.matches('editing') || e.type.includes('.actor.register')) return false;
  if (e.type === 'register.submit' || e.type === 'role.change') return true;
  const v = s.context.values;
  const frontier = (step: Step) => {
    const i = order.indexOf(step);
    return order.slice(0, i).every((p) => filled(v, p)) && order.slice(i + 1).every((p) => !filled(v, p));
  };
  if (e.type === 'terms.change') return frontier('acceptTerms');
  const { field } = e as { field: keyof RegisterValues };
  if ((field === 'companyName' || field === 'companyTin') && v.role !== 1) return false;
  if (field === 'dateOfBirth' && v.role !== 0) return false;
  if (e.type === 'field.blur') return !s.context.touched[field] && v[field] !== '' && frontier(stepOf(field));
  return frontier(stepOf(field));
}

function buildModel() {
  return modelOf(registerMachine, { events: modelEvents, serializeState: observable, filterEvents: possible });
}

function startSut() {
  const pending: { register?: ReturnType<typeof deferred<RegisterOutcome>> } = {};
  const log = { requests: [] as RegisterRequest[], saved: [] as BusinessVerificationRequest[], emitted: [] as RegisterEmitted[] };
  const machine = registerMachine.provide({
    actors: {
      register: fromPromise<RegisterOutcome, RegisterRequest>(({ input }) => {
        log.requests.push(input);
        pending.register = deferred();
        return pending.register.promise;
      }),
    },
    actions: {
      saveVerificationRequest: (_, params) => {
        log.saved.push(params.request);
      },
    },
  });
  const actor = createActor(machine);
  actor.on('*', (e) => log.emitted.push(e));
  actor.start();
  return { actor, pending, log };
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: RegisterEvent) {
  if (!settle(sut.pending, event)) sut.actor.send(event);
  await flush();
}

describe('register machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Built with fake timers on: the age rule reads today's date.
  vi.useFakeTimers({ now: NOW });
  const states = modelStates(buildModel());
  vi.useRealTimers();

  it('reaches every state of the chart and tries every event', () => {
    const reached = new Set(states.flatMap((s) => atomicStates(s.state.value)));
    expect([...reached].sort()).toEqual(['editing', 'registered', 'submitting', 'verifyingBusiness']);
    const tried = new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)));
    expect([...tried].sort()).toEqual([...new Set(modelEvents.map((e) => e.type))].sort());
    // Every rule of spec 1 §5 for this form shows up somewhere on the way.
    const messages = new Set(states.flatMap((s) => Object.values(selectFieldErrors(s.state))));
    for (const m of [
      AccountMessages.role,
      AccountMessages.firstName,
      AccountMessages.lastName,
      AccountMessages.email,
      AccountMessages.passwordLength,
      AccountMessages.passwordsMatch,
      AccountMessages.businessName,
      AccountMessages.businessTin,
      AccountMessages.dateOfBirth,
      AccountMessages.age,
      AccountMessages.terms,
    ]) {
      expect(messages).toContain(m);
    }
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    for (const t of s.transitions) {
      const sut = startSut();
      for (const event of s.path) await exec(sut, event);
      expect(observable(sut.actor.getSnapshot())).toBe(s.key);
      expect(sut.actor.getSnapshot().context).toEqual(s.state.context);
      const before = sut.log.emitted.length;
      await exec(sut, t.event);
      expect(observable(sut.actor.getSnapshot()), `after ${JSON.stringify(t.event)}`).toBe(observable(t.next));
      const emitted = sut.log.emitted.slice(before);
      if (t.next.matches('verifyingBusiness')) {
        expect(emitted).toEqual([{ type: 'navigate', to: '/business-validation' }]);
        expect(sut.log.saved).toEqual([businessRequest]);
      } else {
        expect(emitted).toEqual([]);
        expect(sut.log.saved).toEqual([]);
      }
      sut.actor.stop();
    }
  });
});

describe('register rules', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  const fill = async (sut: Sut, values: Partial<Record<string, string>>) => {
    for (const [field, value] of Object.entries(values)) {
      await exec(sut, { type: 'field.change', field, value } as RegisterEvent);
      await exec(sut, { type: 'field.blur', field } as RegisterEvent);
    }
  };
  const common = {
    firstName: ' Ada ',
    lastName: 'Lovelace',
    email: 'ada@example.com ',
    password: 'correct horse',
    confirmPassword: 'correct horse',
  };

  it('sends a job seeker with the date of birth and no business fields', async () => {
    const sut = startSut();
    await exec(sut, { type: 'role.change', role: 0 });
    await fill(sut, { ...common, companyName: 'Leftover Ltd', dateOfBirth: '2010-03-02' });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    await exec(sut, { type: 'terms.change', value: true });
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(true);
    await exec(sut, { type: 'register.submit' });
    expect(sut.log.requests).toEqual([
      {
        role: 0,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'correct horse',
        dateOfBirth: '2010-03-02',
        acceptTerms: true,
      },
    ]);
    sut.pending.register!.resolve({ data: null, request: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(sut.actor.getSnapshot().value).toBe('registered');
  });

  it('sends an employer with the business name and TIN, then goes to business verification', async () => {
    const sut = startSut();
    await exec(sut, { type: 'role.change', role: 1 });
    await fill(sut, { ...common, companyName: ' Acme Inc ', companyTin: '12-3456789', dateOfBirth: 'not asked' });
    await exec(sut, { type: 'terms.change', value: true });
    await exec(sut, { type: 'register.submit' });
    expect(sut.log.requests).toEqual([
      {
        role: 1,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'correct horse',
        companyName: 'Acme Inc',
        companyTin: '12-3456789',
        acceptTerms: true,
      },
    ]);
    sut.pending.register!.resolve({ data: null, request: businessRequest });
    await vi.advanceTimersByTimeAsync(0);
    expect(sut.log.saved).toEqual([businessRequest]);
    expect(sut.log.emitted).toEqual([{ type: 'navigate', to: '/business-validation' }]);
  });

  it('job seekers must be 16 today: the birthday counts, the day after does not', async () => {
    const sut = startSut();
    await exec(sut, { type: 'role.change', role: 0 });
    await fill(sut, { dateOfBirth: '2010-03-03' });
    expect(selectFieldErrors(sut.actor.getSnapshot()).dateOfBirth).toBe(AccountMessages.age);
    await fill(sut, { dateOfBirth: '2010-03-02' });
    expect(selectFieldErrors(sut.actor.getSnapshot()).dateOfBirth).toBeUndefined();
    await fill(sut, { dateOfBirth: '1906-03-01' });
    expect(selectFieldErrors(sut.actor.getSnapshot()).dateOfBirth).toBe(AccountMessages.age);
    await fill(sut, { dateOfBirth: '2010-02-30' });
    expect(selectFieldErrors(sut.actor.getSnapshot()).dateOfBirth).toBe(AccountMessages.dateOfBirth);
  });

  it('shows a mismatched confirmation as soon as it is left, before the rest of the form is filled', async () => {
    const sut = startSut();
    await fill(sut, { password: 'correct horse', confirmPassword: 'correct hose' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ confirmPassword: AccountMessages.passwordsMatch });
  });

  it('a submit of an unfinished form shows every error and sends nothing', async () => {
    const sut = startSut();
    await exec(sut, { type: 'register.submit' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({
      role: AccountMessages.role,
      firstName: AccountMessages.firstName,
      lastName: AccountMessages.lastName,
      email: AccountMessages.email,
      password: AccountMessages.password,
      acceptTerms: AccountMessages.terms,
    });
    expect(sut.log.requests).toEqual([]);
  });

  it('keeps the server messages in order and clears them on the next try', async () => {
    const sut = startSut();
    await exec(sut, { type: 'role.change', role: 0 });
    await fill(sut, { ...common, dateOfBirth: '1990-01-01' });
    await exec(sut, { type: 'terms.change', value: true });
    await exec(sut, { type: 'register.submit' });
    sut.pending.register!.reject(twoErrors);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([AccountMessages.firstName, AccountMessages.lastName]);
    await exec(sut, { type: 'register.submit' });
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([]);
    expect(selectBusy(sut.actor.getSnapshot())).toBe(true);
  });
});
