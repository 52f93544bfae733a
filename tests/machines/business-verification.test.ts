import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { AccountMessages, type BusinessVerificationRequest, type VerifyBusinessRequest } from '../../src/contract/account.ts';
import {
  businessFieldErrors,
  businessVerificationMachine,
  selectBusy,
  selectCanSubmit,
  selectFailure,
  selectFieldErrors,
  selectVerified,
  type BusinessVerificationEvent,
} from '../../src/machines/account/business-verification.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { verificationRequestStore } from '../../src/services/verification-request-store.ts';
import { deferred, flush, modelOf, reachedStates, settle, transitionCases } from '../support/client/model.ts';

/** The machines project runs in node: a Storage for the verification request store to use. */
const sessionStorage_ = (() => {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  } as Storage;
  (globalThis as unknown as { window: unknown }).window ??= { sessionStorage: storage };
  return storage;
})();

type Snap = SnapshotFrom<typeof businessVerificationMachine>;

const stored: BusinessVerificationRequest = { email: 'owner@acme.test', businessName: 'Acme Widgets LLC', businessTin: '123456780' };
const oneError = new ApiError('client', 400, AccountMessages.tinNotValid);
const twoErrors = new ApiError('client', 400, AccountMessages.businessName, [AccountMessages.businessName, AccountMessages.businessTin]);

/** Every event the model may take, with the results the server may give. */
const modelEvents = (): BusinessVerificationEvent[] =>
  [
    { type: 'field.change', field: 'email', value: 'owner@acme.test' },
    { type: 'field.change', field: 'businessName', value: 'Acme Widgets LLC' },
    { type: 'field.change', field: 'businessName', value: '' },
    { type: 'field.change', field: 'businessTin', value: '12-3456780' },
    { type: 'field.change', field: 'businessTin', value: '12-34' },
    { type: 'field.blur', field: 'businessTin' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.verify', output: AccountMessages.businessVerified },
    { type: 'xstate.error.actor.verify', error: oneError },
    { type: 'xstate.error.actor.verify', error: twoErrors },
  ] as unknown as BusinessVerificationEvent[];

/** States differ by where the chart is and what a user sees, not by every keystroke. */
const serializeState = (s: Snap) =>
  JSON.stringify([
    s.value,
    Object.keys(businessFieldErrors(s.context)),
    s.context.submitted,
    Object.keys(s.context.touched),
    s.context.errors.length,
  ]);

/** Actor results arrive only while the actor runs. */
const filterEvents = (s: Snap, e: BusinessVerificationEvent) => !e.type.startsWith('xstate.') || s.matches('submitting');

function model(request: BusinessVerificationRequest | null) {
  return modelOf(businessVerificationMachine, { events: modelEvents(), input: { request }, serializeState, filterEvents });
}

function startSut(request: BusinessVerificationRequest | null) {
  const pending: { verify?: ReturnType<typeof deferred<string>> } = {};
  const log = { sent: [] as VerifyBusinessRequest[], cleared: 0 };
  const machine = businessVerificationMachine.provide({
    actors: {
      verify: fromPromise<string, VerifyBusinessRequest>(({ input }) => {
        log.sent.push(input);
        pending.verify = deferred();
        return pending.verify.promise;
      }),
    },
    actions: {
      clearRequest: () => {
        log.cleared += 1;
      },
    },
  });
  const actor = createActor(machine, { input: { request } }).start();
  return { actor, pending, log };
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: BusinessVerificationEvent) {
  if (!settle(sut.pending, event)) sut.actor.send(event);
  await flush();
}

describe.each([
  ['prefilled from the stored request', stored],
  ['with no stored request', null],
] as const)('business verification machine (model-based), %s', (_label, request) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const cases = transitionCases(model(request));

  it('covers every state of the chart', () => {
    const states = reachedStates(cases);
    for (const s of ['editing', 'submitting', 'verified']) expect(states).toContain(s);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const sut = startSut(request);
    for (const event of c.path) await exec(sut, event);
    expect(sut.actor.getSnapshot().value).toEqual(c.from.value);
    await exec(sut, c.event);
    const snap = sut.actor.getSnapshot();
    const expected = c.expected as Snap;
    expect(snap.value).toEqual(expected.value);
    expect(snap.context).toEqual(expected.context);

    // What the user sees in each state.
    expect(selectBusy(snap)).toBe(snap.matches('submitting'));
    expect(selectVerified(snap)).toBe(snap.matches('verified'));
    if (snap.matches('verified')) {
      expect(snap.context.message).toBe(AccountMessages.businessVerified);
      expect(sut.log.cleared).toBe(1);
    } else {
      expect(sut.log.cleared).toBe(0);
    }
    if (snap.matches('submitting')) {
      expect(selectCanSubmit(snap)).toBe(false);
      expect(sut.log.sent.at(-1)).toEqual({
        email: snap.context.values.email,
        businessName: snap.context.values.businessName.trim(),
        businessTin: snap.context.values.businessTin.replace(/[\s-]/g, ''),
      });
    }
    const failure = selectFailure(snap);
    if (snap.context.errors.length === 2) expect(failure).toEqual({ message: AccountMessages.businessName, contactSupport: true });
    if (snap.context.errors.length === 1) expect(failure).toEqual({ message: AccountMessages.tinNotValid, contactSupport: false });
    if (snap.context.errors.length === 0) expect(failure).toBeNull();
    sut.actor.stop();
  });
});

describe('business verification rules', () => {
  beforeEach(() => {
    sessionStorage_.clear();
  });

  it('is prefilled from the stored request when none is given', () => {
    verificationRequestStore.save(stored);
    const actor = createActor(businessVerificationMachine, { input: {} }).start();
    expect(actor.getSnapshot().context.values).toEqual({
      email: 'owner@acme.test',
      businessName: 'Acme Widgets LLC',
      businessTin: '123456780',
    });
    expect(actor.getSnapshot().context.emailKnown).toBe(true);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
  });

  it('shows errors only for touched fields until a submit', () => {
    const actor = createActor(businessVerificationMachine, { input: { request: null } }).start();
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'field.blur', field: 'businessName' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ businessName: AccountMessages.businessName });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      email: AccountMessages.email,
      businessName: AccountMessages.businessName,
      businessTin: AccountMessages.businessTin,
    });
  });

  it('clears the stored request on success', async () => {
    verificationRequestStore.save(stored);
    const actor = createActor(
      businessVerificationMachine.provide({
        actors: { verify: fromPromise<string, VerifyBusinessRequest>(async () => AccountMessages.businessVerified) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'form.submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('verified');
    expect(verificationRequestStore.read()).toBeNull();
  });
});
