import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { BillingMessages, TEST_CARDS, type PaymentMethod } from '../../src/contract/billing.ts';
import {
  cardFieldErrors,
  cardFormMachine,
  parseExpiry,
  selectCardErrors,
  selectCardStage,
  type CardFormEvent,
  type CardFormInput,
  type ConfirmSetupInput,
  type PreparedSetup,
} from '../../src/machines/billing/card-form.machine.ts';
import { ProcessorError, reasonOfStripeError } from '../../src/machines/billing/processor.ts';
import { ApiError } from '../../src/services/http.ts';
import { amex, demoSetup, stripeStandIn } from '../../src/views/billing/billing-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof cardFormMachine>;
type PrepareInput = Pick<CardFormInput, 'provider' | 'publishableKey'>;

const testInput: CardFormInput = { provider: 'test', publishableKey: null, firstCard: false };
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const invalidNumber = ApiError.of('card.invalid', BillingMessages.cardNumber, { fieldErrors: { number: BillingMessages.cardNumber } });
const declined = new ProcessorError('declined');

function startSut(input: CardFormInput = testInput) {
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
  const logic = cardFormMachine.provide({
    actors: {
      prepare: stub<PreparedSetup, PrepareInput>('prepare'),
      confirmSetup: stub<string, ConfirmSetupInput>('confirmSetup'),
      addMethod: stub<PaymentMethod, { providerId: string; setAsDefault: boolean }>('addMethod'),
    },
  });
  const actor = createActor(logic, { input }).start();
  const notices: string[] = [];
  actor.on('notify', (e) => notices.push(`${e.tone}: ${e.message}`));
  return { actor, server, notices };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: { type: string; [key: string]: unknown }) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as CardFormEvent);
  await flush();
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    stage: selectCardStage(s),
    fields: s.context.fields,
    errors: selectCardErrors(s),
    error: s.context.error,
    setAsDefault: s.context.setAsDefault,
    providerId: s.context.providerId,
    status: s.status,
  });

const events = [
  { type: 'xstate.done.actor.prepare', output: { setup: demoSetup(), stripe: null } },
  { type: 'xstate.error.actor.prepare', error: serverDown },
  { type: 'card.retry' },
  { type: 'card.field', field: 'number', value: '1234' },
  { type: 'card.field', field: 'number', value: TEST_CARDS.succeeds },
  { type: 'card.field', field: 'expiry', value: '12/30' },
  { type: 'card.field', field: 'cvc', value: '123' },
  { type: 'card.blur', field: 'number' },
  { type: 'card.default', value: true },
  { type: 'card.submit' },
  { type: 'xstate.done.actor.confirmSetup', output: 'pm_test_1' },
  { type: 'xstate.error.actor.confirmSetup', error: invalidNumber },
  { type: 'xstate.error.actor.confirmSetup', error: declined },
  { type: 'xstate.error.actor.confirmSetup', error: serverDown },
  { type: 'xstate.done.actor.addMethod', output: amex },
  { type: 'xstate.error.actor.addMethod', error: serverDown },
] as unknown as EventObject[];

const field = (e: EventObject) => (e as { field?: string }).field;
const value = (e: EventObject) => (e as { value?: string }).value;

/** What each answer tells the user: a failure other than a refused card, and a card added. */
const noticeOf = (e: EventObject): string | null => {
  const error = (e as { error?: unknown }).error;
  if (e.type === 'xstate.error.actor.prepare' || e.type === 'xstate.error.actor.addMethod') return `error: ${BillingMessages.addMethod}`;
  if (e.type === 'xstate.error.actor.confirmSetup' && error === serverDown) return `error: ${BillingMessages.addMethod}`;
  if (e.type === 'xstate.done.actor.addMethod') return `success: ${BillingMessages.methodAdded}`;
  return null;
};

describe('the card form machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(cardFormMachine, {
    events,
    input: testInput,
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      const s = snap as Snap;
      if (s.status === 'done' || !whileActorRuns(s, e)) return false;
      const f = s.context.fields;
      // The fields are typed in order, a wrong number first tried on its own.
      if (e.type === 'card.field' && field(e) === 'number') return value(e) === '1234' ? f.number === '' : f.number !== TEST_CARDS.succeeds;
      if (e.type === 'card.field' && field(e) === 'expiry') return f.number === TEST_CARDS.succeeds && f.expiry === '';
      if (e.type === 'card.field' && field(e) === 'cvc') return f.expiry !== '' && f.cvc === '';
      if (e.type === 'card.blur') return f.number === '1234' && !s.context.touched.number;
      if (e.type === 'card.default') return !s.context.setAsDefault && f.cvc !== '';
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    const leaves = [...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort();
    expect(leaves).toEqual(['confirming', 'done', 'editing', 'failed', 'preparing', 'saving']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) await play(sut, event);
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      expect(sut.notices).toEqual(path.map(noticeOf).filter((n) => n !== null));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the card form rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function typed(sut: Sut, number: string = TEST_CARDS.succeeds) {
    await play(sut, { type: 'xstate.done.actor.prepare', output: { setup: demoSetup(), stripe: null } } as EventObject);
    for (const [f, v] of [
      ['number', number],
      ['expiry', '12/30'],
      ['cvc', '123'],
    ] as const)
      await play(sut, { type: 'card.field', field: f, value: v });
  }

  it('sends the test card to the test processor, then saves the confirmed card, the default when asked', async () => {
    const sut = startSut();
    await typed(sut, '4242 4242 4242 4242');
    await play(sut, { type: 'card.default', value: true });
    await play(sut, { type: 'card.submit' });
    expect(sut.server.calls.at(-1)).toEqual({
      id: 'confirmSetup',
      input: { setup: demoSetup(), card: { number: '4242 4242 4242 4242', cvc: '123', expMonth: 12, expYear: 30 }, confirmer: null },
    });
    await play(sut, { type: 'xstate.done.actor.confirmSetup', output: 'pm_test_1' } as EventObject);
    expect(sut.server.calls.at(-1)).toEqual({ id: 'addMethod', input: { providerId: 'pm_test_1', setAsDefault: true } });
    await play(sut, { type: 'xstate.done.actor.addMethod', output: amex } as EventObject);
    expect(sut.actor.getSnapshot().output).toEqual(amex);
  });

  it('places the processor’s refusal on its field, and a failed save is tried again without confirming twice', async () => {
    const sut = startSut();
    await typed(sut);
    await play(sut, { type: 'card.submit' });
    await play(sut, {
      type: 'xstate.error.actor.confirmSetup',
      error: ApiError.of('card.invalid', 'refused', { fieldErrors: { 'body.expMonth': BillingMessages.cardExpiry } }),
    } as EventObject);
    expect(selectCardErrors(sut.actor.getSnapshot())).toEqual({ expiry: BillingMessages.cardExpiry });
    await play(sut, { type: 'card.field', field: 'expiry', value: '11/31' });
    expect(selectCardErrors(sut.actor.getSnapshot())).toEqual({});
    await play(sut, { type: 'card.submit' });
    await play(sut, { type: 'xstate.done.actor.confirmSetup', output: 'pm_test_2' } as EventObject);
    await play(sut, { type: 'xstate.error.actor.addMethod', error: serverDown } as EventObject);
    expect(sut.actor.getSnapshot().context.error).toBe(BillingMessages.addMethod);
    await play(sut, { type: 'card.submit' });
    expect(sut.server.calls.map((c) => c.id)).toEqual(['prepare', 'confirmSetup', 'confirmSetup', 'addMethod', 'addMethod']);
  });

  it('the first card is the default whatever is chosen', async () => {
    const sut = startSut({ ...testInput, firstCard: true });
    await typed(sut);
    await play(sut, { type: 'card.default', value: false });
    await play(sut, { type: 'card.submit' });
    await play(sut, { type: 'xstate.done.actor.confirmSetup', output: 'pm_1' } as EventObject);
    expect(sut.server.calls.at(-1)!.input).toEqual({ providerId: 'pm_1', setAsDefault: true });
  });

  it('with Stripe, the card is confirmed by Stripe’s form with the setup’s client secret', async () => {
    const { stripe, setups } = stripeStandIn();
    const confirmer = {
      confirmSetup: async (secret: string) => {
        const answer = await stripe.confirmCardSetup(secret);
        return String(answer.setupIntent?.payment_method);
      },
    };
    const actor = createActor(
      cardFormMachine.provide({
        actors: {
          prepare: fromPromise<PreparedSetup, PrepareInput>(async () => ({ setup: demoSetup('stripe'), stripe })),
          addMethod: fromPromise<PaymentMethod, { providerId: string; setAsDefault: boolean }>(async ({ input }) => ({
            ...amex,
            paymentMethodId: input.providerId,
          })),
        },
      }),
      { input: { provider: 'stripe', publishableKey: 'pk_test_stand_in', firstCard: false } },
    ).start();
    await flush();
    expect(actor.getSnapshot().context.stripe).toBe(stripe);
    actor.send({ type: 'card.submit', confirmer });
    await flush();
    expect(setups).toEqual(['seti_demo_secret']);
    expect(actor.getSnapshot().output?.paymentMethodId).toBe('pm_stand_in');
  });

  it('reads the test form as the contract does, and folds Stripe’s codes into the product’s words', () => {
    expect(parseExpiry('04/29')).toEqual({ expMonth: 4, expYear: 29 });
    expect(parseExpiry('4 / 2029')).toEqual({ expMonth: 4, expYear: 2029 });
    expect(parseExpiry('0429')).toBeNull();
    expect(cardFieldErrors({ number: '4242', expiry: '13/29', cvc: '12' })).toEqual({
      number: BillingMessages.cardNumber,
      expiry: BillingMessages.cardExpiry,
      cvc: BillingMessages.cardCvc,
    });
    expect(cardFieldErrors({ number: TEST_CARDS.declined, expiry: '01/40', cvc: '1234' })).toEqual({});
    expect(reasonOfStripeError({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe('insufficientFunds');
    expect(reasonOfStripeError({ code: 'card_declined', decline_code: 'generic_decline' })).toBe('declined');
    expect(reasonOfStripeError({ code: 'expired_card' })).toBe('expiredCard');
    expect(reasonOfStripeError({ code: 'incorrect_number' })).toBe('number');
    expect(reasonOfStripeError({ code: 'invalid_expiry_year' })).toBe('expiry');
    expect(reasonOfStripeError({ code: 'incorrect_cvc' })).toBe('cvc');
    expect(reasonOfStripeError({ code: 'setup_intent_authentication_failure' })).toBe('authenticationFailed');
    expect(reasonOfStripeError({ code: 'rate_limit' })).toBe('other');
  });
});
