import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { WebhookSignatureError, type PaymentProvider } from '../../server/platform/payments/provider.ts';
import { createStripeProvider, foldFailure } from '../../server/platform/payments/stripe.ts';
import { startFakeStripe, type FakeStripe, type FakeStripeRequest, type TEST_CARDS } from '../support/server/fake-stripe.ts';

const SECRET_KEY = 'sk_test_51FakeKeyForTheFakeServer';
const PUBLISHABLE_KEY = 'pk_test_51FakeKeyForTheFakeServer';
const WEBHOOK_SECRET = 'whsec_fake_signing_secret_for_tests';

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  stripe = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  });
});
afterAll(async () => fake?.close());

/** A fresh idempotency key, as the browser makes one per attempt. */
const newKey = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

/** The requests made while `run` ran. */
async function during<T>(run: () => Promise<T>): Promise<{ result: T; requests: FakeStripeRequest[] }> {
  const from = fake.requests.length;
  const result = await run();
  return { result, requests: fake.requests.slice(from) };
}

const only = (requests: FakeStripeRequest[], method: string, path: RegExp) => {
  const found = requests.filter((r) => r.method === method && path.test(r.path));
  expect(found, `${method} ${path}`).toHaveLength(1);
  return found[0]!;
};

type TestCard = keyof typeof TEST_CARDS;

/** A company's customer with one card saved through a setup, as the card form saves it; the card is the default. */
async function customerWithCard(card: TestCard = 'pm_card_visa') {
  const customerId = await stripe.createCustomer(
    { companyId: 'company-1', name: 'Acme Staffing', email: 'billing@acme.test' },
    newKey('customer'),
  );
  const setup = await stripe.createSetupIntent(customerId, newKey('setup'));
  const paymentMethodId = fake.confirmSetupIntent(setup.id, card);
  await stripe.attachPaymentMethod(customerId, paymentMethodId);
  await stripe.setDefaultPaymentMethod(customerId, paymentMethodId);
  return { customerId, paymentMethodId };
}

const boost = (customerId: string, paymentMethodId: string) => ({
  customerId,
  paymentMethodId,
  amountCents: 2500,
  periodDays: 7,
  description: 'Featured boost, 7 days: Senior Welder',
  metadata: { subscriptionId: 'sub-ours-1', companyId: 'company-1', jobPostId: 'job-1' },
});

interface FakeSubscription {
  status: string;
  schedule: string | null;
  cancel_at_period_end: boolean;
  cancellation_details: { comment: string | null; feedback: string | null };
  metadata: Record<string, string>;
  latest_invoice: string;
  items: {
    data: {
      id: string;
      price: { id: string; unit_amount: number; product: string };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

describe('Stripe configuration', () => {
  const keys = { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

  it('is off without keys (the built-in test processor), and on with all three', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).stripe).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', ...keys }).stripe).toEqual({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
  });

  it('refuses to start with one or two keys alone, naming the missing ones and never a key', () => {
    for (const name of Object.keys(keys) as (keyof typeof keys)[]) {
      const { [name]: _left, ...two } = keys;
      expect(() => loadConfig({ NODE_ENV: 'test', ...two })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'test', ...two })).toThrow(new RegExp(`missing ${name}$`));
      const [onlyName, onlyValue] = Object.entries(keys).find(([k]) => k === name)!;
      try {
        loadConfig({ NODE_ENV: 'test', [onlyName]: onlyValue });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as Error).message).not.toContain(onlyValue);
      }
    }
  });

  it('refuses keys of the wrong kind, and a test key with a live one', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...keys, STRIPE_SECRET_KEY: PUBLISHABLE_KEY })).toThrow(/STRIPE_SECRET_KEY must be/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...keys, STRIPE_PUBLISHABLE_KEY: SECRET_KEY })).toThrow(/STRIPE_PUBLISHABLE_KEY must be/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...keys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET must be/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(/same mode/);
    expect(loadConfig({ NODE_ENV: 'test', ...keys, STRIPE_SECRET_KEY: 'rk_test_restricted' }).stripe?.secretKey).toBe('rk_test_restricted');
  });
});

describe('the Stripe payment provider', () => {
  it('is Stripe: its publishable key for the card form, and renewals by Stripe', () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.publishableKey).toBe(PUBLISHABLE_KEY);
    expect(stripe.renewals).toBe('provider');
  });

  it('makes one customer per idempotency key, with our company id', async () => {
    const key = newKey('customer');
    const before = fake.count('customer');
    const input = { companyId: 'company-42', name: 'Acme Staffing', email: 'billing@acme.test' };
    const { result: first, requests } = await during(() => stripe.createCustomer(input, key));
    const second = await stripe.createCustomer(input, key);
    expect(second).toBe(first);
    expect(fake.count('customer')).toBe(before + 1);
    const create = only(requests, 'POST', /^\/v1\/customers$/);
    expect(create.idempotencyKey).toBe(key);
    expect(create.body).toEqual({ name: 'Acme Staffing', email: 'billing@acme.test', metadata: { companyId: 'company-42' } });
  });

  it('starts a card setup for later payments, and reads it back once Stripe.js has confirmed it', async () => {
    const customerId = await stripe.createCustomer({ companyId: 'c', name: 'n', email: 'e@x.test' }, newKey('customer'));
    const key = newKey('setup');
    const { result: setup, requests } = await during(() => stripe.createSetupIntent(customerId, key));
    expect(setup).toEqual({
      id: expect.stringMatching(/^seti_/),
      clientSecret: expect.stringMatching(/_secret_/),
      status: 'requires_payment_method',
      paymentMethodId: null,
    });
    const create = only(requests, 'POST', /^\/v1\/setup_intents$/);
    expect(create.idempotencyKey).toBe(key);
    expect(create.body).toEqual({ customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'] });
    expect(await stripe.createSetupIntent(customerId, key)).toEqual(setup);

    const paymentMethodId = fake.confirmSetupIntent(setup.id, 'pm_card_visa');
    expect(await stripe.getSetupIntent(setup.id)).toEqual({ ...setup, status: 'succeeded', paymentMethodId });
    expect(await stripe.getSetupIntent('seti_unknown')).toBeNull();
  });

  it('saves a card with what identifies it to its owner, attaching it only when Stripe.js has not', async () => {
    const customerId = await stripe.createCustomer({ companyId: 'c', name: 'n', email: 'e@x.test' }, newKey('customer'));
    const setup = await stripe.createSetupIntent(customerId, newKey('setup'));
    const fromSetup = fake.confirmSetupIntent(setup.id, 'pm_card_mastercard');
    const { result: card, requests } = await during(() => stripe.attachPaymentMethod(customerId, fromSetup));
    expect(card).toEqual({ id: fromSetup, brand: 'mastercard', last4: '4444', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 });
    expect(requests.filter((r) => r.path.endsWith('/attach'))).toEqual([]);

    // A card added by id: attached here (Stripe makes a card of its own from a test card).
    const { result: added, requests: attaching } = await during(() => stripe.attachPaymentMethod(customerId, 'pm_card_visa'));
    expect(added).toMatchObject({ id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242' });
    expect(added.id).not.toBe('pm_card_visa');
    expect(only(attaching, 'POST', /\/attach$/).body).toEqual({ customer: customerId });
    // Twice is once.
    expect(await stripe.attachPaymentMethod(customerId, added.id)).toEqual(added);

    const other = await stripe.createCustomer({ companyId: 'c2', name: 'n', email: 'e@x.test' }, newKey('customer'));
    await expect(stripe.attachPaymentMethod(other, added.id)).rejects.toThrow(/another customer/);
  });

  it('sets the default card on the customer, and detaches a card (twice is once)', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    expect(fake.get<{ invoice_settings: { default_payment_method: string } }>(customerId).invoice_settings.default_payment_method).toBe(
      paymentMethodId,
    );
    await stripe.detachPaymentMethod(paymentMethodId);
    expect(fake.get<{ customer: string | null }>(paymentMethodId).customer).toBeNull();
    const { requests } = await during(() => stripe.detachPaymentMethod(paymentMethodId));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await stripe.detachPaymentMethod('pm_unknown');
  });

  describe('starting a boost', () => {
    it('creates a subscription at our price, waiting for the first payment, then pays it with the card chosen', async () => {
      const { customerId, paymentMethodId } = await customerWithCard();
      const key = newKey('boost');
      const input = boost(customerId, paymentMethodId);
      const { result, requests } = await during(() => stripe.startSubscription(input, key));

      const product = only(requests, 'POST', /^\/v1\/products$/);
      expect(product.idempotencyKey).toBe(`${key}/product`);
      expect(product.body).toEqual({ name: input.description, metadata: input.metadata });

      const create = only(requests, 'POST', /^\/v1\/subscriptions$/);
      expect(create.idempotencyKey).toBe(key);
      expect(create.body).toMatchObject({
        customer: customerId,
        payment_behavior: 'default_incomplete',
        description: input.description,
        metadata: input.metadata,
        items: [
          {
            price_data: {
              currency: 'usd',
              unit_amount: '2500',
              product: expect.stringMatching(/^prod_/),
              recurring: { interval: 'day', interval_count: '7' },
            },
            quantity: '1',
          },
        ],
      });
      expect(create.body.expand).toEqual(['latest_invoice.payments']);
      // Renewals follow the customer's default card, not one fixed on the subscription.
      expect(create.body).not.toHaveProperty('default_payment_method');

      const confirm = only(requests, 'POST', /^\/v1\/payment_intents\/[^/]+\/confirm$/);
      expect(confirm.idempotencyKey).toBe(`${key}/confirm`);
      expect(confirm.body).toEqual({ payment_method: paymentMethodId });

      expect(result).toEqual({
        subscriptionId: expect.stringMatching(/^sub_/),
        invoiceId: expect.stringMatching(/^in_/),
        payment: { status: 'succeeded', paymentId: expect.stringMatching(/^pi_/) },
      });
      const subscription = fake.get<FakeSubscription>(result.subscriptionId!);
      expect(subscription.status).toBe('active');
      expect(subscription.items.data[0]!.price.unit_amount).toBe(2500);
      expect(subscription.items.data[0]!.current_period_end - subscription.items.data[0]!.current_period_start).toBe(7 * 86_400);
      expect(fake.get<{ status: string; amount_paid: number }>(result.invoiceId!)).toMatchObject({ status: 'paid', amount_paid: 2500 });
    });

    it('creates once for a repeated idempotency key', async () => {
      const { customerId, paymentMethodId } = await customerWithCard();
      const key = newKey('boost');
      const subscriptions = fake.count('subscription');
      const products = fake.count('product');
      const first = await stripe.startSubscription(boost(customerId, paymentMethodId), key);
      const again = await stripe.startSubscription(boost(customerId, paymentMethodId), key);
      expect(again).toEqual(first);
      expect(fake.count('subscription')).toBe(subscriptions + 1);
      expect(fake.count('product')).toBe(products + 1);
    });

    it('refuses a repeated key with another price, creating nothing', async () => {
      const { customerId, paymentMethodId } = await customerWithCard();
      const key = newKey('boost');
      await stripe.startSubscription(boost(customerId, paymentMethodId), key);
      const subscriptions = fake.count('subscription');
      await expect(stripe.startSubscription({ ...boost(customerId, paymentMethodId), amountCents: 1 }, key)).rejects.toThrow(
        /^Stripe could not create the subscription \(StripeIdempotencyError\)$/,
      );
      expect(fake.count('subscription')).toBe(subscriptions);
    });

    it.each([
      ['pm_card_chargeDeclined', 'declined'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
    ] as const)('folds a decline of %s into %s, and the boost stays unpaid', async (card, failure) => {
      const { customerId, paymentMethodId } = await customerWithCard(card);
      const result = await stripe.startSubscription(boost(customerId, paymentMethodId), newKey('boost'));
      expect(result.payment).toEqual({ status: 'failed', paymentId: expect.stringMatching(/^pi_/), failure });
      expect(fake.get<FakeSubscription>(result.subscriptionId!).status).toBe('incomplete');
    });

    it("hands the browser the payment's client secret when the bank asks for confirmation, and reads the outcome after", async () => {
      const { customerId, paymentMethodId } = await customerWithCard('pm_card_authenticationRequired');
      const approved = await stripe.startSubscription(boost(customerId, paymentMethodId), newKey('boost'));
      expect(approved.payment).toEqual({
        status: 'requires_action',
        paymentId: expect.stringMatching(/^pi_/),
        clientSecret: expect.any(String),
      });
      if (approved.payment.status !== 'requires_action') throw new Error('expected requires_action');
      expect(approved.payment.clientSecret).toBe(fake.get<{ client_secret: string }>(approved.payment.paymentId).client_secret);
      fake.authenticate(approved.payment.paymentId, true);
      expect(await stripe.getPayment(approved.payment.paymentId)).toEqual({ status: 'succeeded', paymentId: approved.payment.paymentId });
      expect(fake.get<FakeSubscription>(approved.subscriptionId!).status).toBe('active');

      const refused = await stripe.startSubscription(boost(customerId, paymentMethodId), newKey('boost'));
      fake.authenticate(refused.payment.paymentId!, false);
      expect(await stripe.getPayment(refused.payment.paymentId!)).toEqual({
        status: 'failed',
        paymentId: refused.payment.paymentId,
        failure: 'authentication_failed',
      });
    });
  });

  describe('a renewal charge', () => {
    it('charges the card off session, once per idempotency key', async () => {
      const { customerId, paymentMethodId } = await customerWithCard();
      const key = newKey('charge');
      const input = {
        customerId,
        paymentMethodId,
        amountCents: 4900,
        description: 'Boost renewal',
        metadata: { subscriptionId: 'sub-ours-2' },
      };
      const payments = fake.count('payment_intent');
      const { result, requests } = await during(() => stripe.charge(input, key));
      expect(result).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_/) });
      const create = only(requests, 'POST', /^\/v1\/payment_intents$/);
      expect(create.idempotencyKey).toBe(key);
      expect(create.body).toEqual({
        amount: '4900',
        currency: 'usd',
        customer: customerId,
        payment_method: paymentMethodId,
        allowed_payment_method_types: ['card'],
        confirm: 'true',
        off_session: 'true',
        description: 'Boost renewal',
        metadata: { subscriptionId: 'sub-ours-2' },
      });
      expect(await stripe.charge(input, key)).toEqual(result);
      expect(fake.count('payment_intent')).toBe(payments + 1);
    });

    it.each([
      ['pm_card_chargeDeclined', 'declined'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
      // Off session nobody can confirm with the bank: Stripe declines with authentication_required.
      ['pm_card_authenticationRequired', 'authentication_failed'],
    ] as const)('folds %s into %s', async (card, failure) => {
      const { customerId, paymentMethodId } = await customerWithCard(card);
      const key = newKey('charge');
      const input = { customerId, paymentMethodId, amountCents: 2500, description: 'Boost renewal', metadata: {} };
      const result = await stripe.charge(input, key);
      expect(result).toEqual({ status: 'failed', paymentId: expect.stringMatching(/^pi_/), failure });
      // A retried request gets the same answer (Stripe replays the 402), and charges nothing more.
      expect(await stripe.charge(input, key)).toEqual(result);
    });
  });

  describe('changing and cancelling a boost', () => {
    async function started() {
      const { customerId, paymentMethodId } = await customerWithCard();
      const { subscriptionId } = await stripe.startSubscription(boost(customerId, paymentMethodId), newKey('boost'));
      return subscriptionId!;
    }

    it('changes the price of the same length from the next period: nothing charged or credited now', async () => {
      const subscriptionId = await started();
      const before = fake.get<FakeSubscription>(subscriptionId);
      const period = { ...before.items.data[0]! };
      const key = newKey('change');
      const { requests } = await during(() =>
        stripe.changeSubscription(subscriptionId, { amountCents: 3900, periodDays: 7, description: 'Premium boost, 7 days' }, key),
      );
      const update = only(requests, 'POST', /^\/v1\/subscriptions\/[^/]+$/);
      expect(update.idempotencyKey).toBe(key);
      expect(update.body).toEqual({
        items: [
          {
            id: period.id,
            price_data: {
              currency: 'usd',
              product: expect.stringMatching(/^prod_/),
              unit_amount: '3900',
              recurring: { interval: 'day', interval_count: '7' },
            },
            quantity: '1',
          },
        ],
        proration_behavior: 'none',
      });
      expect(only(requests, 'POST', /^\/v1\/products$/)).toMatchObject({
        idempotencyKey: `${key}/product`,
        body: { name: 'Premium boost, 7 days' },
      });
      const after = fake.get<FakeSubscription>(subscriptionId);
      expect(after.items.data[0]!.price.unit_amount).toBe(3900);
      expect(after.items.data[0]!.current_period_end).toBe(period.current_period_end);
      expect(after.latest_invoice).toBe(before.latest_invoice);
    });

    it('changes the length through a schedule, so the paid period runs out before the new price starts', async () => {
      const subscriptionId = await started();
      const before = fake.get<FakeSubscription>(subscriptionId);
      const item = { ...before.items.data[0]! };
      const key = newKey('change');
      const { requests } = await during(() =>
        stripe.changeSubscription(subscriptionId, { amountCents: 9000, periodDays: 30, description: 'Featured boost, 30 days' }, key),
      );
      expect(requests.filter((r) => r.method === 'POST' && /^\/v1\/subscriptions\//.test(r.path))).toEqual([]);
      const create = only(requests, 'POST', /^\/v1\/subscription_schedules$/);
      expect(create).toMatchObject({ idempotencyKey: `${key}/schedule`, body: { from_subscription: subscriptionId } });
      const update = only(requests, 'POST', /^\/v1\/subscription_schedules\/[^/]+$/);
      expect(update.idempotencyKey).toBe(key);
      expect(update.body).toMatchObject({
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            start_date: String(item.current_period_start),
            end_date: String(item.current_period_end),
            items: [{ price: item.price.id, quantity: '1' }],
            metadata: before.metadata,
          },
          {
            items: [
              { price_data: { currency: 'usd', unit_amount: '9000', recurring: { interval: 'day', interval_count: '30' } }, quantity: '1' },
            ],
            duration: { interval: 'day', interval_count: '30' },
            metadata: before.metadata,
          },
        ],
      });
      const after = fake.get<FakeSubscription>(subscriptionId);
      expect(after.items.data[0]).toMatchObject({
        current_period_start: item.current_period_start,
        current_period_end: item.current_period_end,
      });
      expect(after.latest_invoice).toBe(before.latest_invoice);
      expect(after.schedule).toMatch(/^sub_sched_/);

      // Changed again before the period ends: the same schedule takes the new change.
      const { requests: again } = await during(() =>
        stripe.changeSubscription(
          subscriptionId,
          { amountCents: 5000, periodDays: 14, description: 'Featured boost, 14 days' },
          newKey('change'),
        ),
      );
      expect(again.filter((r) => r.method === 'POST' && r.path === '/v1/subscription_schedules')).toEqual([]);
      expect(only(again, 'POST', /^\/v1\/subscription_schedules\/[^/]+$/).path).toBe(`/v1/subscription_schedules/${after.schedule}`);
    });

    it.each([
      ['position_filled', 'unused'],
      ['too_expensive', 'too_expensive'],
      ['not_enough_applicants', 'low_quality'],
      ['trying_other_options', 'switched_service'],
      ['other', 'other'],
    ] as const)('cancels at the end of the paid period, recording %s as %s', async (reason, feedback) => {
      const subscriptionId = await started();
      const { requests } = await during(() => stripe.cancelSubscription(subscriptionId, { reason, details: 'Hired through a referral' }));
      expect(only(requests, 'POST', /^\/v1\/subscriptions\/[^/]+$/).body).toEqual({
        cancel_at_period_end: 'true',
        cancellation_details: { comment: 'Hired through a referral', feedback },
        metadata: { cancelReason: reason },
      });
      const after = fake.get<FakeSubscription>(subscriptionId);
      expect(after).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        cancellation_details: { comment: 'Hired through a referral', feedback },
      });
    });

    it('cancels a boost with a change waiting, dropping the change', async () => {
      const subscriptionId = await started();
      await stripe.changeSubscription(
        subscriptionId,
        { amountCents: 9000, periodDays: 30, description: 'Featured boost, 30 days' },
        newKey('change'),
      );
      const schedule = fake.get<FakeSubscription>(subscriptionId).schedule!;
      const { requests } = await during(() => stripe.cancelSubscription(subscriptionId, { reason: 'other', details: '' }));
      only(requests, 'POST', /^\/v1\/subscription_schedules\/[^/]+\/release$/);
      expect(only(requests, 'POST', /^\/v1\/subscriptions\/[^/]+$/).body).toEqual({
        cancel_at_period_end: 'true',
        cancellation_details: { feedback: 'other' },
        metadata: { cancelReason: 'other' },
      });
      expect(fake.get<{ status: string }>(schedule).status).toBe('released');
      expect(fake.get<FakeSubscription>(subscriptionId)).toMatchObject({ schedule: null, cancel_at_period_end: true });
    });

    it('ends a boost now, and ending it again does nothing', async () => {
      const subscriptionId = await started();
      const { requests } = await during(() => stripe.endSubscription(subscriptionId));
      only(requests, 'DELETE', /^\/v1\/subscriptions\/[^/]+$/);
      expect(fake.get<FakeSubscription>(subscriptionId).status).toBe('canceled');
      const { requests: again } = await during(() => stripe.endSubscription(subscriptionId));
      expect(again.filter((r) => r.method === 'DELETE')).toEqual([]);
    });
  });

  it('sends an idempotency key of ours with every call that creates something', () => {
    const creates = fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        /^\/v1\/(customers|setup_intents|products|subscriptions|subscription_schedules|payment_intents)$|\/confirm$/.test(r.path),
    );
    expect(creates.length).toBeGreaterThan(20);
    for (const request of creates) {
      expect(request.idempotencyKey, `${request.method} ${request.path}`).toMatch(
        /^(customer|setup|boost|charge|change)-[0-9a-f]{12}(\/\w+)?$/,
      );
    }
  });

  it("never lets Stripe's errors out: a plain error with a short message", async () => {
    const failures = [
      () => stripe.getPayment('pi_unknown'),
      () => stripe.startSubscription(boost('cus_unknown', 'pm_card_visa'), newKey('boost')),
      () => stripe.setDefaultPaymentMethod('cus_unknown', 'pm_card_visa'),
      () =>
        createStripeProvider({
          secretKey: 'sk_test_wrong',
          publishableKey: PUBLISHABLE_KEY,
          webhookSecret: WEBHOOK_SECRET,
          host: '127.0.0.1',
          port: fake.port,
          protocol: 'http',
        }).createCustomer({ companyId: 'c', name: 'n', email: 'e@x.test' }, newKey('customer')),
    ];
    for (const fail of failures) {
      const err = await fail().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(Stripe.errors.StripeError);
      expect((err as Error).message).toMatch(/^Stripe could not [a-z ]+ \(Stripe\w+Error(: \w+)?\)$/);
      expect((err as Error).message).not.toMatch(/No such|API Key|sk_test/);
    }
  });

  it('folds the codes Stripe gives a failed payment into ours', () => {
    expect(foldFailure('card_declined', 'generic_decline')).toBe('declined');
    expect(foldFailure('card_declined', 'do_not_honor')).toBe('declined');
    expect(foldFailure('card_declined', 'insufficient_funds')).toBe('insufficient_funds');
    expect(foldFailure('expired_card', null)).toBe('expired_card');
    expect(foldFailure('authentication_required', 'authentication_required')).toBe('authentication_failed');
    expect(foldFailure('payment_intent_authentication_failure', undefined)).toBe('authentication_failed');
    expect(foldFailure('processing_error', null)).toBe('processing_error');
    expect(foldFailure(undefined, undefined)).toBe('processing_error');
  });
});

// ---------- webhooks ----------

const T0 = 1_790_000_000;

const event = (type: string, object: Record<string, unknown>, id = `evt_${randomBytes(6).toString('hex')}`) => ({
  id,
  object: 'event',
  api_version: Stripe.API_VERSION,
  created: T0 + 60,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
});

const invoice = (extra: Record<string, unknown> = {}) => ({
  id: 'in_renewal',
  object: 'invoice',
  status: 'paid',
  amount_due: 2500,
  amount_paid: 2500,
  customer: 'cus_1',
  next_payment_attempt: null,
  // The period before, for usage: never the period paid for.
  period_start: T0 - 7 * 86_400,
  period_end: T0,
  parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: 'sub_1', metadata: {} } },
  lines: {
    object: 'list',
    has_more: false,
    data: [
      {
        id: 'il_1',
        object: 'line_item',
        amount: 2500,
        period: { start: T0, end: T0 + 7 * 86_400 },
        parent: {
          type: 'subscription_item_details',
          subscription_item_details: { subscription: 'sub_1', subscription_item: 'si_1', proration: false },
        },
      },
    ],
  },
  ...extra,
});

const subscription = (extra: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  status: 'active',
  cancel_at_period_end: false,
  customer: 'cus_1',
  items: {
    object: 'list',
    data: [{ id: 'si_1', object: 'subscription_item', current_period_start: T0, current_period_end: T0 + 7 * 86_400 }],
  },
  ...extra,
});

/** A body and its Stripe-Signature header, signed now (or at `timestamp`) with `secret`. */
function signed(payload: object, secret = WEBHOOK_SECRET, timestamp?: number) {
  const body = JSON.stringify(payload, null, 2);
  return { body: Buffer.from(body), signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}

const read = (payload: object) => {
  const { body, signature } = signed(payload);
  return stripe.readWebhook(body, signature);
};

const at = (seconds: number) => new Date(seconds * 1000);

describe('Stripe webhooks', () => {
  it('reads invoice.paid: the subscription from the invoice parent, the period from its line', () => {
    const e = event('invoice.paid', invoice());
    expect(read(e)).toEqual({
      id: e.id,
      type: 'invoice.paid',
      subscriptionId: 'sub_1',
      invoiceId: 'in_renewal',
      paymentId: null,
      amountCents: 2500,
      periodStart: at(T0),
      periodEnd: at(T0 + 7 * 86_400),
      created: at(T0 + 60),
    });
    const withPayments = invoice({
      payments: {
        object: 'list',
        data: [{ id: 'inpay_1', is_default: true, payment: { type: 'payment_intent', payment_intent: 'pi_1' } }],
      },
    });
    expect(read(event('invoice.paid', withPayments))).toMatchObject({ paymentId: 'pi_1' });
  });

  it('reads invoice.payment_failed with the amount due and the next try', () => {
    const e = event('invoice.payment_failed', invoice({ status: 'open', amount_paid: 0, next_payment_attempt: T0 + 86_400 }));
    expect(read(e)).toEqual({
      id: e.id,
      type: 'invoice.payment_failed',
      subscriptionId: 'sub_1',
      invoiceId: 'in_renewal',
      amountCents: 2500,
      failure: 'declined',
      nextAttemptAt: at(T0 + 86_400),
      created: at(T0 + 60),
    });
    expect(read(event('invoice.payment_failed', invoice({ status: 'open', next_payment_attempt: null })))).toMatchObject({
      nextAttemptAt: null,
    });
  });

  it("reads customer.subscription.updated with the period from the subscription's item", () => {
    const e = event('customer.subscription.updated', subscription({ status: 'past_due', cancel_at_period_end: true }));
    expect(read(e)).toEqual({
      id: e.id,
      type: 'subscription.updated',
      subscriptionId: 'sub_1',
      status: 'past_due',
      cancelAtPeriodEnd: true,
      currentPeriodStart: at(T0),
      currentPeriodEnd: at(T0 + 7 * 86_400),
      created: at(T0 + 60),
    });
  });

  it('reads customer.subscription.deleted and setup_intent.succeeded', () => {
    const deleted = event('customer.subscription.deleted', subscription({ status: 'canceled' }));
    expect(read(deleted)).toEqual({ id: deleted.id, type: 'subscription.deleted', subscriptionId: 'sub_1', created: at(T0 + 60) });
    const setup = event('setup_intent.succeeded', {
      id: 'seti_1',
      object: 'setup_intent',
      status: 'succeeded',
      customer: 'cus_1',
      payment_method: 'pm_1',
      usage: 'off_session',
    });
    expect(read(setup)).toEqual({
      id: setup.id,
      type: 'setup_intent.succeeded',
      setupIntentId: 'seti_1',
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      created: at(T0 + 60),
    });
  });

  it('answers every other event, and an invoice of no subscription, as ignored', () => {
    const e = event('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect(read(e)).toEqual({ id: e.id, type: 'ignored', providerType: 'charge.refunded', created: at(T0 + 60) });
    expect(read(event('invoice.paid', invoice({ parent: null })))).toMatchObject({ type: 'ignored', providerType: 'invoice.paid' });
  });

  it('refuses a wrong secret, a missing signature, a changed body and a stale signature', () => {
    const payload = event('invoice.paid', invoice());
    const wrongSecret = signed(payload, 'whsec_someone_else');
    expect(() => stripe.readWebhook(wrongSecret.body, wrongSecret.signature)).toThrow(WebhookSignatureError);

    const good = signed(payload);
    expect(() => stripe.readWebhook(good.body, undefined)).toThrow(WebhookSignatureError);
    expect(() => stripe.readWebhook(good.body, '')).toThrow(WebhookSignatureError);
    expect(() => stripe.readWebhook(good.body, 'not a signature')).toThrow(WebhookSignatureError);

    const tampered = Buffer.from(good.body.toString().replace('"amount_paid": 2500', '"amount_paid": 1'));
    expect(tampered.equals(good.body)).toBe(false);
    expect(() => stripe.readWebhook(tampered, good.signature)).toThrow(WebhookSignatureError);

    const nowSeconds = Math.floor(Date.now() / 1000);
    const stale = signed(payload, WEBHOOK_SECRET, nowSeconds - 301);
    expect(() => stripe.readWebhook(stale.body, stale.signature)).toThrow(WebhookSignatureError);
    const recent = signed(payload, WEBHOOK_SECRET, nowSeconds - 240);
    expect(stripe.readWebhook(recent.body, recent.signature)).toMatchObject({ type: 'invoice.paid' });
  });
});
