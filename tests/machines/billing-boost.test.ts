import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { BillingMessages, type PaymentMethod } from '../../src/contract/billing.ts';
import {
  boostMachine,
  selectBoostStep,
  selectPrice,
  type BoostEvent,
  type BoostInput,
  type BoostLoaded,
  type CreateInput,
  type CreateOutcome,
} from '../../src/machines/billing/boost.machine.ts';
import { LoadFailure } from '../../src/machines/billing/processor.ts';
import { ApiError } from '../../src/services/http.ts';
import {
  amex,
  awaitingBankResult,
  boostedResult,
  demoBoostJob,
  demoTiers,
  mastercard,
  paymentInfoWith,
  visa,
} from '../../src/views/billing/billing-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof boostMachine>;

const loaded: BoostLoaded = { tiers: demoTiers, info: paymentInfoWith() };
const refusal = (code: Parameters<typeof ApiError.of>[0], message: string) => ApiError.of(code, message);
/** A failed read; its words kept enumerable so the model tells the two apart. */
const loadFailure = (words: string) => Object.assign(new LoadFailure(words), { words });
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const created: CreateOutcome = { result: boostedResult(), code: 'boost.created' };
const awaitingBank: CreateOutcome = { result: awaitingBankResult(), code: 'boost.requiresAction' };
const stillIncomplete: CreateOutcome = { result: awaitingBankResult(), code: null };
const paidAfterBank: CreateOutcome = { result: boostedResult(), code: null };

/** Each refusal the server may give a payment, and the words the dialog says for it. */
const paymentRefusals = [
  [refusal('payment.declined', 'declined'), BillingMessages.declined],
  [refusal('payment.insufficientFunds', 'insufficient'), BillingMessages.insufficientFunds],
  [refusal('payment.expiredCard', 'expired'), BillingMessages.expiredCard],
  [refusal('payment.authenticationFailed', 'not confirmed'), BillingMessages.authenticationFailed],
] as const;

/** `keys`: the keys the machine made, numbered here to tell the attempts apart; null keeps the machine's random ones. */
function startSut(input: BoostInput = { job: demoBoostJob }, keys: string[] | null = []) {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    calls: [] as Array<{ id: string; input: unknown }>,
  };
  const stub = <T, I>(id: string) =>
    fromPromise<T, I>(({ input }) => {
      server.calls.push({ id, input });
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  let n = 0;
  const logic = boostMachine.provide({
    actors: {
      load: stub<BoostLoaded, unknown>('load'),
      create: stub<CreateOutcome, CreateInput>('create'),
      testAuthenticate: stub<void, { clientSecret: string; approve: boolean }>('testAuthenticate'),
      processorAuthenticate: stub<void, { publishableKey: string; clientSecret: string }>('processorAuthenticate'),
      confirmPayment: stub<CreateOutcome, { subscriptionId: string }>('confirmPayment'),
      cardForm: stub<PaymentMethod, unknown>('cardForm') as never,
    },
    ...(keys
      ? {
          actions: {
            freshKey: assign({
              idempotencyKey: () => {
                const key = `key-${++n}`;
                keys.push(key);
                return key;
              },
            }),
          },
        }
      : {}),
  });
  const actor = createActor(logic, { input }).start();
  const boosted: string[] = [];
  actor.on('boosted', (e) => boosted.push(e.jobId));
  return { actor, server, boosted };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: { type: string; [key: string]: unknown }) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as BoostEvent);
  await flush();
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    step: selectBoostStep(s),
    tierId: s.context.tierId,
    lengthDays: s.context.lengthDays,
    methodId: s.context.methodId,
    methods: s.context.methods.map((m) => `${m.last4}${m.isDefault ? '*' : ''}`),
    failure: s.context.failure,
    loadError: s.context.loadError,
    methodNote: s.context.methodNote,
    status: s.status,
    tags: [...s.tags].sort(),
  });

const events = [
  { type: 'xstate.done.actor.load', output: loaded },
  { type: 'xstate.error.actor.load', error: loadFailure(BillingMessages.loadTiers) },
  { type: 'xstate.error.actor.load', error: loadFailure(BillingMessages.loadPaymentInfo) },
  { type: 'boost.retry' },
  { type: 'tier.choose', tierId: 'standard' },
  { type: 'tier.choose', tierId: 'premium' },
  { type: 'length.choose', lengthDays: 7 },
  { type: 'length.choose', lengthDays: 30 },
  { type: 'boost.next' },
  { type: 'boost.back' },
  { type: 'method.choose', id: mastercard.id },
  { type: 'card.add' },
  { type: 'card.cancel' },
  { type: 'xstate.done.actor.cardForm', output: amex },
  { type: 'boost.confirm' },
  { type: 'xstate.done.actor.create', output: created },
  { type: 'xstate.done.actor.create', output: awaitingBank },
  ...paymentRefusals.map(([error]) => ({ type: 'xstate.error.actor.create', error })),
  { type: 'xstate.error.actor.create', error: refusal('payment.methodRequired', BillingMessages.noPaymentMethod) },
  { type: 'xstate.error.actor.create', error: refusal('boost.alreadyBoosted', BillingMessages.alreadyBoosted) },
  { type: 'xstate.error.actor.create', error: serverDown },
  { type: 'boost.changeCard' },
  { type: 'auth.approve' },
  { type: 'auth.fail' },
  { type: 'xstate.done.actor.testAuthenticate', output: undefined },
  { type: 'xstate.error.actor.testAuthenticate', error: serverDown },
  { type: 'xstate.done.actor.confirmPayment', output: paidAfterBank },
  { type: 'xstate.done.actor.confirmPayment', output: stillIncomplete },
  { type: 'xstate.error.actor.confirmPayment', error: refusal('payment.authenticationFailed', 'not confirmed') },
] as unknown as EventObject[];

const is = (e: EventObject, type: string, key: string, value: unknown) =>
  e.type === type && (e as unknown as Record<string, unknown>)[key] === value;

describe('the boost machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(boostMachine, {
    events,
    input: { job: demoBoostJob },
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      const s = snap as Snap;
      if (s.status === 'done' || !whileActorRuns(s, e)) return false;
      const c = s.context;
      // Choices are tried once each way, and only one plan goes on to pay, so the walk stays small.
      if (e.type === 'tier.choose') return is(e, 'tier.choose', 'tierId', 'standard') ? c.tierId === null : c.tierId === 'standard';
      if (e.type === 'length.choose') return is(e, 'length.choose', 'lengthDays', 7) ? c.lengthDays === null : c.lengthDays === 7;
      if (e.type === 'boost.next' && s.matches('tier')) return c.tierId !== 'standard';
      if (e.type === 'boost.next' && s.matches('length')) return c.lengthDays !== 7;
      if (e.type === 'method.choose') return c.methodId === visa.id && c.methods.length === 2;
      if (e.type === 'card.add') return c.methods.length === 2 && c.methodId === visa.id;
      if (e.type === 'boost.next' && s.matches('method')) return c.methodId === visa.id;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    const leaves = [...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort();
    expect(leaves).toEqual(
      [
        'authenticating.approving',
        'authenticating.challenge',
        'authenticating.finishing',
        'authenticating.refusing',
        'boosted',
        'confirm',
        'declined',
        'failed',
        'length',
        'loadFailed',
        'loading',
        'method.adding',
        'method.choosing',
        'processing',
        'tier',
      ].sort(),
    );
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) await play(sut, event);
      const real = sut.actor.getSnapshot();
      expect(observable(real)).toBe(observable(expected));
      // A boosted job is announced once, for the list to mark it.
      expect(sut.boosted).toEqual(real.matches('boosted') ? [demoBoostJob.id] : []);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the boost rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Loads, chooses Premium for 30 days with the default card, and reaches the confirmation. */
  async function toConfirm(sut: Sut) {
    await play(sut, { type: 'xstate.done.actor.load', output: loaded } as EventObject);
    for (const e of [
      { type: 'tier.choose', tierId: 'premium' },
      { type: 'boost.next' },
      { type: 'length.choose', lengthDays: 30 },
      { type: 'boost.next' },
      { type: 'boost.next' },
    ])
      await play(sut, e);
    expect(selectBoostStep(sut.actor.getSnapshot())).toBe('confirm');
  }

  it('confirms the server’s price for the tier and length, with the default card chosen', async () => {
    const sut = startSut();
    await toConfirm(sut);
    const s = sut.actor.getSnapshot();
    expect(selectPrice(s)).toEqual({ lengthDays: 30, priceCents: 16800, listCents: 21000, discountPercentage: 20 });
    expect(s.context.methodId).toBe(visa.id);
    await play(sut, { type: 'boost.confirm' });
    expect(sut.server.calls.at(-1)).toEqual({
      id: 'create',
      input: {
        jobPostId: demoBoostJob.id,
        tierId: 'premium',
        lengthDays: 30,
        paymentMethodId: visa.id,
        idempotencyKey: 'key-1',
        fromDraft: false,
      },
    });
  });

  it('says every card refusal in its own words and lets another card be chosen, with a new key for the new attempt', async () => {
    for (const [error, message] of paymentRefusals) {
      const keys: string[] = [];
      const sut = startSut(undefined, keys);
      await toConfirm(sut);
      await play(sut, { type: 'boost.confirm' });
      await play(sut, { type: 'xstate.error.actor.create', error } as EventObject);
      expect(selectBoostStep(sut.actor.getSnapshot())).toBe('declined');
      expect(sut.actor.getSnapshot().context.failure).toEqual({ message, detail: null });
      await play(sut, { type: 'boost.changeCard' });
      await play(sut, { type: 'method.choose', id: mastercard.id });
      await play(sut, { type: 'boost.next' });
      await play(sut, { type: 'boost.confirm' });
      const sent = sut.server.calls.filter((c) => c.id === 'create').map((c) => c.input as CreateInput);
      expect(sent.map((c) => [c.paymentMethodId, c.idempotencyKey])).toEqual([
        [visa.id, 'key-1'],
        [mastercard.id, 'key-2'],
      ]);
      sut.actor.stop();
    }
  });

  it('retries a failed attempt with the same key; the server’s reason is given beside the spec’s words', async () => {
    const sut = startSut();
    await toConfirm(sut);
    await play(sut, { type: 'boost.confirm' });
    await play(sut, { type: 'xstate.error.actor.create', error: serverDown } as EventObject);
    expect(sut.actor.getSnapshot().context.failure).toEqual({ message: BillingMessages.createSubscription, detail: null });
    await play(sut, { type: 'boost.retry' });
    await play(sut, { type: 'xstate.error.actor.create', error: refusal('boost.jobNotOpen', 'closed') } as EventObject);
    expect(sut.actor.getSnapshot().context.failure).toEqual({
      message: BillingMessages.createSubscription,
      detail: BillingMessages.jobNotOpen,
    });
    const keys = sut.server.calls.filter((c) => c.id === 'create').map((c) => (c.input as CreateInput).idempotencyKey);
    expect(keys).toEqual(['key-1', 'key-1']);
  });

  it('waits for the bank: the test processor’s stand-in approves, then the server is asked and the job is boosted', async () => {
    const sut = startSut();
    await toConfirm(sut);
    await play(sut, { type: 'boost.confirm' });
    await play(sut, { type: 'xstate.done.actor.create', output: awaitingBank } as EventObject);
    expect(selectBoostStep(sut.actor.getSnapshot())).toBe('challenge');
    await play(sut, { type: 'auth.approve' });
    await play(sut, { type: 'xstate.done.actor.testAuthenticate', output: undefined } as EventObject);
    await play(sut, { type: 'xstate.done.actor.confirmPayment', output: paidAfterBank } as EventObject);
    expect(sut.server.calls.map((c) => c.id)).toEqual(['load', 'create', 'testAuthenticate', 'confirmPayment']);
    expect(sut.server.calls[2]!.input).toEqual({ clientSecret: 'pi_demo_secret', approve: true });
    expect(sut.server.calls[3]!.input).toEqual({ subscriptionId: awaitingBank.result.subscription.id });
    expect(sut.actor.getSnapshot().status).toBe('done');
    expect(sut.actor.getSnapshot().output).toEqual({ jobId: demoBoostJob.id, subscription: paidAfterBank.result.subscription });
    expect(sut.boosted).toEqual([demoBoostJob.id]);
  });

  it('with Stripe, Stripe.js confirms the payment, and a payment the bank did not confirm is declined', async () => {
    const sut = startSut();
    await play(sut, {
      type: 'xstate.done.actor.load',
      output: { tiers: demoTiers, info: paymentInfoWith(undefined, 'stripe') },
    } as EventObject);
    for (const e of [
      { type: 'tier.choose', tierId: 'standard' },
      { type: 'boost.next' },
      { type: 'length.choose', lengthDays: 7 },
      { type: 'boost.next' },
      { type: 'boost.next' },
      { type: 'boost.confirm' },
    ])
      await play(sut, e);
    await play(sut, { type: 'xstate.done.actor.create', output: awaitingBank } as EventObject);
    expect(sut.server.calls.at(-1)).toEqual({
      id: 'processorAuthenticate',
      input: { publishableKey: 'pk_test_stand_in', clientSecret: 'pi_demo_secret' },
    });
    // Whatever Stripe.js says, the server tells where the payment stands.
    await play(sut, { type: 'xstate.error.actor.processorAuthenticate', error: new Error('closed') } as EventObject);
    await play(sut, { type: 'xstate.done.actor.confirmPayment', output: stillIncomplete } as EventObject);
    expect(selectBoostStep(sut.actor.getSnapshot())).toBe('declined');
    expect(sut.actor.getSnapshot().context.failure?.message).toBe(BillingMessages.authenticationFailed);
  });

  it('opens on the card with the draft’s plan, and pays with a card added on the way under the wizard’s call', async () => {
    const sut = startSut({ job: demoBoostJob, plan: { tierId: 'standard', lengthDays: 14 }, fromDraft: true });
    await play(sut, {
      type: 'xstate.done.actor.load',
      output: { tiers: demoTiers, info: paymentInfoWith([]) },
    } as EventObject);
    const s = sut.actor.getSnapshot();
    expect(selectBoostStep(s)).toBe('method');
    expect([s.context.tierId, s.context.lengthDays, s.context.methodId]).toEqual(['standard', 14, null]);
    await play(sut, { type: 'boost.next' });
    expect(sut.actor.getSnapshot().context.methodNote).toBe(BillingMessages.noPaymentMethod);
    await play(sut, { type: 'card.add' });
    await play(sut, { type: 'xstate.done.actor.cardForm', output: { ...amex, isDefault: true } } as EventObject);
    await play(sut, { type: 'boost.next' });
    await play(sut, { type: 'boost.confirm' });
    expect(sut.server.calls.at(-1)!.input).toMatchObject({ tierId: 'standard', lengthDays: 14, paymentMethodId: amex.id, fromDraft: true });
  });

  it('drops a plan the tiers no longer sell, and a length the new tier does not offer', async () => {
    const sut = startSut({ job: demoBoostJob, plan: { tierId: 'gold', lengthDays: 30 } });
    await play(sut, { type: 'xstate.done.actor.load', output: loaded } as EventObject);
    expect(selectBoostStep(sut.actor.getSnapshot())).toBe('tier');
    const trimmed = { ...loaded, tiers: [demoTiers[0]!, { ...demoTiers[1]!, prices: demoTiers[1]!.prices.slice(0, 1) }] };
    const other = startSut();
    await play(other, { type: 'xstate.done.actor.load', output: trimmed } as EventObject);
    await play(other, { type: 'tier.choose', tierId: 'standard' });
    await play(other, { type: 'boost.next' });
    await play(other, { type: 'length.choose', lengthDays: 30 });
    await play(other, { type: 'boost.back' });
    await play(other, { type: 'tier.choose', tierId: 'premium' });
    expect(other.actor.getSnapshot().context.lengthDays).toBeNull();
  });

  it('makes a random key for each attempt by default', async () => {
    const sut = startSut(undefined, null);
    await toConfirm(sut);
    const first = sut.actor.getSnapshot().context.idempotencyKey;
    await play(sut, { type: 'boost.back' });
    await play(sut, { type: 'boost.next' });
    const second = sut.actor.getSnapshot().context.idempotencyKey;
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });
});
