import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingWebhookEvents, boostSubscriptions, users } from '../../server/db/schema.ts';
import { createStripeProvider } from '../../server/platform/payments/stripe.ts';
import type { OutcomeCode } from '../../src/contract/outcome-codes.ts';
import { BillingMessages, SUBSCRIPTIONS_WEBHOOK_PATH, type Subscription } from '../../src/contract/billing.ts';
import {
  startFakeStripe,
  type FakeStripe,
  type FakeStripeRequest,
  type StripeEvent,
  type TEST_CARDS,
} from '../support/server/fake-stripe.ts';
import { billingApp, DAY, expectOk, expectRefused, MINUTE, type BillingWorld, type Caller } from './billing-support.ts';

// The whole app on the Stripe adapter: the billing calls as the pages make them, the adapter
// talking to a stand-in for Stripe's API over HTTP, and Stripe's events posted to the webhook
// route with real signatures.

const SECRET_KEY = 'sk_test_51AppOnTheFakeStripeServer';
const PUBLISHABLE_KEY = 'pk_test_51AppOnTheFakeStripeServer';
const WEBHOOK_SECRET = 'whsec_app_on_the_fake_stripe_server';

let fake: FakeStripe;
let t: BillingWorld;

beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  const payments = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  });
  t = await billingApp({ adapters: { payments } });
}, 120_000);
afterAll(async () => {
  await t?.f.stop();
  await fake?.close();
});

type TestCard = keyof typeof TEST_CARDS;

/** The requests to Stripe made while `run` ran. */
async function during<T>(run: () => Promise<T>): Promise<{ result: T; requests: FakeStripeRequest[] }> {
  const from = fake.requests.length;
  const result = await run();
  return { result, requests: fake.requests.slice(from) };
}

const creates = (requests: FakeStripeRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.path === path);

/** What Stripe.js does in the browser with a setup the server started: the card holder enters a test card and it is confirmed. */
async function cardFromBrowser(employer: Caller, card: TestCard) {
  const setup = expectOk(await t.b.storeSetup(employer), 201);
  return { setupIntentId: setup.id, paymentMethodId: fake.confirmSetupIntent(setup.id, card) };
}

/** A company of its own with an open job, whose employer saved `card` in the browser (the first card: the default). */
async function companyWithCard(card: TestCard = 'pm_card_visa') {
  const world = await t.newCompany();
  const jobId = await world.job();
  const { paymentMethodId } = await cardFromBrowser(world.employer, card);
  expect((await t.b.add(world.employer, { providerId: paymentMethodId })).status).toBe(201);
  return { ...world, jobId, paymentMethodId, customerId: fake.get<{ customer: string }>(paymentMethodId).customer };
}

/** The tier table's price of one tier and length, as the server sells it. */
async function tablePrice(caller: Caller, tierId: string, lengthDays: number) {
  const tier = expectOk(await t.b.tier(caller, tierId));
  return tier.prices.find((p) => p.lengthDays === lengthDays)!.priceCents;
}

const boostedNearby = async (jobId: string) => expectOk(await t.b.boostsNear()).items.some((item) => item.id === jobId && item.isBoosted);

/** A job boosted with the default card: the boost, and its subscription at Stripe. */
async function boosted(card: TestCard = 'pm_card_visa') {
  const world = await companyWithCard(card);
  const { subscription } = await t.boost(world.employer, world.jobId);
  const providerId = (await t.subscriptionRow(subscription.id)).providerSubscriptionId!;
  return { ...world, sub: subscription, providerId };
}

interface FakeSubscription {
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  cancellation_details: { comment: string | null; feedback: string | null };
  latest_invoice: string;
  items: { data: { current_period_start: number; current_period_end: number; price: { unit_amount: number } }[] };
}

// ---------- webhooks, as Stripe posts them ----------

const signedHeader = (body: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });

/** Posts an event to the webhook route: signed now with the endpoint's secret, unless `signature` says otherwise (null: no header). */
async function deliver(event: StripeEvent, signature?: string | null) {
  const body = JSON.stringify(event, null, 2);
  const header = signature === undefined ? signedHeader(body) : signature;
  const res = await t.f.app.inject({
    method: 'POST',
    url: SUBSCRIPTIONS_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header !== null && { 'stripe-signature': header }) },
    payload: body,
  });
  return { status: res.statusCode, outcome: (res.json() as { data?: { outcome?: string } }).data?.outcome };
}

const eventsRecorded = async () => Number((await t.db.select({ n: count() }).from(billingWebhookEvents))[0]!.n);
const seconds = (iso: string | Date | null) => Math.floor(new Date(iso!).getTime() / 1000);

describe('cards, with Stripe', () => {
  it('payment-info names Stripe and its publishable key; a setup makes the customer and a SetupIntent, each with an idempotency key', async () => {
    const { employer, company } = await t.newCompany();
    expect(expectOk(await t.b.info(employer))).toMatchObject({
      provider: 'stripe',
      publishableKey: PUBLISHABLE_KEY,
      hasCustomer: false,
      hasPaymentMethods: false,
    });

    const { result: answer, requests } = await during(() => t.b.storeSetup(employer));
    const setup = expectOk(answer, 201);
    expect(setup).toMatchObject({ provider: 'stripe', status: 'requires_payment_method', paymentMethodId: null });
    const [customer] = creates(requests, '/v1/customers');
    const [setupCreate] = creates(requests, '/v1/setup_intents');
    expect(customer).toMatchObject({ idempotencyKey: `customer:${company.id}`, body: { metadata: { companyId: company.id } } });
    expect(setupCreate!.idempotencyKey).toMatch(new RegExp(`^setup:${company.id}:`));
    const seti = fake.get<{ customer: string; client_secret: string; usage: string }>(setup.id);
    expect(seti).toMatchObject({ usage: 'off_session', client_secret: setup.clientSecret });
    expect(fake.get<{ object: string }>(seti.customer).object).toBe('customer');
    expect(expectOk(await t.b.info(employer)).hasCustomer).toBe(true);

    // A second card setup: the same customer, a new SetupIntent.
    const { requests: again } = await during(async () => expectOk(await t.b.storeSetup(employer), 201));
    expect(creates(again, '/v1/customers')).toHaveLength(0);
    expect(creates(again, '/v1/setup_intents')).toHaveLength(1);
  });

  it('the card confirmed in the browser is saved with its brand, last 4 and expiry, and is the default at Stripe too', async () => {
    const { employer } = await t.newCompany();
    const { setupIntentId, paymentMethodId } = await cardFromBrowser(employer, 'pm_card_visa');
    expect(expectOk(await t.b.setup(employer, setupIntentId))).toMatchObject({ status: 'succeeded', paymentMethodId });

    const saved = expectOk(await t.b.attach(employer, { setupIntentId, paymentMethodId }), 201);
    const year = new Date().getUTCFullYear() + 3;
    expect(saved).toMatchObject({ paymentMethodId, brand: 'visa', last4: '4242', expMonth: 12, expYear: year, isDefault: true });
    expect(saved.expiry).toBe(`12/${String(year % 100).padStart(2, '0')}`);
    const customer = fake.get<{ customer: string }>(paymentMethodId).customer;
    expect(fake.get<{ invoice_settings: { default_payment_method: string } }>(customer).invoice_settings.default_payment_method).toBe(
      paymentMethodId,
    );
    // payment-methods/add with the same card: saved already, nothing more.
    expect(expectOk(await t.b.add(employer, { providerId: paymentMethodId }))).toMatchObject({ id: saved.id, isDefault: true });
    expect(expectOk(await t.b.methods(employer))).toHaveLength(1);
  });
});

describe('boosting a job, with Stripe', () => {
  it('charges the tier table’s price through a subscription, boosts the job, and answers a retried request with the same boost', async () => {
    const { employer, company, jobId, customerId } = await companyWithCard();
    const priceCents = await tablePrice(employer, 'featured', 7);
    const body = t.boostBody(jobId, { priceCents: 1, amountCents: 1 });

    const { result: answer, requests } = await during(() => t.b.create(employer, body));
    const result = expectOk(answer, 201);
    expect(answer.body.state.code).toBe<OutcomeCode>('boost.created');
    expect(result.subscription).toMatchObject({ jobPostId: jobId, tierId: 'featured', lengthDays: 7, priceCents, status: 'active' });
    expect(result.clientSecret).toBeNull();

    const [created] = creates(requests, '/v1/subscriptions');
    expect(created!.idempotencyKey).toBe(`boost:${company.id}:${body.idempotencyKey}`);
    expect(created!.body).toMatchObject({
      customer: customerId,
      payment_behavior: 'default_incomplete',
      items: [{ price_data: { currency: 'usd', unit_amount: String(priceCents), recurring: { interval: 'day', interval_count: '7' } } }],
      metadata: { subscriptionId: result.subscription.id, companyId: company.id, jobPostId: jobId },
    });
    expect(creates(requests, '/v1/products')[0]!.idempotencyKey).toBe(`boost:${company.id}:${body.idempotencyKey}/product`);
    const providerId = (await t.subscriptionRow(result.subscription.id)).providerSubscriptionId!;
    const stripeSub = fake.get<FakeSubscription>(providerId);
    expect(stripeSub).toMatchObject({ status: 'active', customer: customerId });
    expect(stripeSub.items.data[0]!.price.unit_amount).toBe(priceCents);

    expect(await t.isBoosted(jobId)).toBe(true);
    expect(await boostedNearby(jobId)).toBe(true);
    const [invoice] = await t.invoicesOf(result.subscription.id);
    expect(invoice).toMatchObject({ number: 1, status: 'paid', totalCents: priceCents, providerInvoiceId: stripeSub.latest_invoice });
    expect(fake.get<{ status: string; amount_paid: number }>(stripeSub.latest_invoice)).toMatchObject({
      status: 'paid',
      amount_paid: priceCents,
    });

    // The same request again (a double click, a retry): the same boost, nothing more at Stripe.
    const { result: again, requests: retried } = await during(() => t.b.create(employer, body));
    expect(expectOk(again, 201).subscription.id).toBe(result.subscription.id);
    expect(again.body.state.code).toBe<OutcomeCode>('boost.created');
    expect(creates(retried, '/v1/subscriptions')).toHaveLength(0);
    expect(fake.calls('POST', '/v1/subscriptions').filter((r) => r.body.customer === customerId)).toHaveLength(1);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 1 });
  });

  it('a declined card is answered 402 payment.declined: nothing is stored, the job is not boosted, and Stripe’s subscription is ended', async () => {
    const { employer, company, jobId, customerId } = await companyWithCard('pm_card_chargeDeclined');
    const answer = await t.b.create(employer, t.boostBody(jobId));
    expectRefused(answer, 402, BillingMessages.declined, 'payment.declined');
    expect(await t.stored(company.id)).toEqual({ subscriptions: 0, invoices: 0 });
    expect(expectOk(await t.b.list(employer))).toMatchObject({ items: [], total: 0 });
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(await boostedNearby(jobId)).toBe(false);
    // The subscription Stripe made for the first payment is ended, so it charges nothing later.
    expect(fake.calls('POST', '/v1/subscriptions').filter((r) => r.body.customer === customerId)).toHaveLength(1);
    const ended = fake
      .calls('DELETE', '/v1/subscriptions/:id')
      .map((r) => fake.get<FakeSubscription>(r.path.split('/')[3]!))
      .filter((s) => s.customer === customerId);
    expect(ended).toMatchObject([{ status: 'canceled' }]);
  });

  /** A boost whose first payment waits for the bank (3-D Secure): answered 202 with the secret Stripe.js confirms with. */
  async function waitingForTheBank() {
    const world = await companyWithCard('pm_card_authenticationRequired');
    const answer = await t.b.create(world.employer, t.boostBody(world.jobId));
    const waiting = expectOk(answer, 202);
    expect(answer.body.state.code).toBe<OutcomeCode>('boost.requiresAction');
    expect(waiting.subscription.status).toBe('incomplete');
    expect(waiting.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(await t.isBoosted(world.jobId)).toBe(false);
    expect(await boostedNearby(world.jobId)).toBe(false);
    const row = await t.subscriptionRow(waiting.subscription.id);
    const intent = fake.get<{ status: string; client_secret: string }>(row.firstPaymentId!);
    expect(intent).toMatchObject({ status: 'requires_action', client_secret: waiting.clientSecret });
    return { ...world, sub: waiting.subscription, paymentId: row.firstPaymentId!, providerId: row.providerSubscriptionId! };
  }

  it('a card that asks for 3-D Secure is answered 202 with the client secret; once the bank approves, payment-intent boosts the job', async () => {
    const { employer, company, jobId, sub, paymentId, providerId } = await waitingForTheBank();
    // Stripe.js shows the bank's page; the card holder approves, five minutes later.
    fake.authenticate(paymentId, true);
    t.clock.advance(5 * MINUTE);
    try {
      const mails = await t.mailsDuring(async () => {
        const done = await t.b.paymentIntent(employer, { subscriptionId: sub.id });
        expect(expectOk(done, 201).subscription.status).toBe('active');
        expect(done.body.state.code).toBe<OutcomeCode>('boost.created');
      });
      expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your receipt INV-000001: /)]);
      expect(await t.isBoosted(jobId)).toBe(true);
      expect(await boostedNearby(jobId)).toBe(true);

      // Stripe tells of the first invoice paid too, after the browser did: the same invoice, not a second one,
      // and the boost's period is Stripe's.
      const stripeSub = fake.get<FakeSubscription>(providerId);
      const firstInvoice = stripeSub.latest_invoice;
      const firstPaid = fake.event('invoice.paid', firstInvoice);
      expect(await t.mailsDuring(async () => expect((await deliver(firstPaid)).status).toBe(200))).toEqual([]);
      expect((await t.invoicesOf(sub.id)).map((i) => [i.number, i.status, i.providerInvoiceId])).toEqual([[1, 'paid', firstInvoice]]);
      expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 1 });
      const { current_period_start: start, current_period_end: end } = stripeSub.items.data[0]!;
      const started = expectOk(await t.b.one(employer, sub.id));
      expect([seconds(started.currentPeriodStart), seconds(started.currentPeriodEnd)]).toEqual([start, end]);

      // So Stripe's renewal follows on: the period extends with invoice 2.
      const renewal = fake.renew(providerId);
      expect(await deliver(fake.event('invoice.paid', renewal))).toEqual({ status: 200, outcome: 'applied' });
      expect(seconds(expectOk(await t.b.one(employer, sub.id)).currentPeriodEnd)).toBe(end + 7 * 86_400);
      expect((await t.invoicesOf(sub.id)).map((i) => [i.number, i.providerInvoiceId])).toEqual([
        [1, firstInvoice],
        [2, renewal],
      ]);
    } finally {
      t.clock.advance(-5 * MINUTE);
    }
  });

  it('when Stripe’s invoice.paid comes before the browser’s payment-intent, the webhook boosts the job and payment-intent finds it done', async () => {
    const { employer, company, jobId, sub, paymentId, providerId } = await waitingForTheBank();
    fake.authenticate(paymentId, true);
    const stripeSub = fake.get<FakeSubscription>(providerId);
    expect(stripeSub.status).toBe('active');
    expect(await deliver(fake.event('invoice.paid', stripeSub.latest_invoice))).toEqual({ status: 200, outcome: 'applied' });
    expect(await t.isBoosted(jobId)).toBe(true);
    const done = await t.b.paymentIntent(employer, { subscriptionId: sub.id });
    expect(expectOk(done, 201).subscription.status).toBe('active');
    expect(done.body.state.code).toBe<OutcomeCode>('boost.created');
    expect((await t.invoicesOf(sub.id)).map((i) => [i.number, i.status, i.providerInvoiceId])).toEqual([
      [1, 'paid', stripeSub.latest_invoice],
    ]);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 1 });
  });

  it('a bank that refuses the 3-D Secure check: payment-intent answers 402 payment.authenticationFailed and nothing is kept', async () => {
    const { employer, company, jobId, sub, paymentId, providerId } = await waitingForTheBank();
    fake.authenticate(paymentId, false);
    expectRefused(
      await t.b.paymentIntent(employer, { subscriptionId: sub.id }),
      402,
      BillingMessages.authenticationFailed,
      'payment.authenticationFailed',
    );
    expect(await t.stored(company.id)).toEqual({ subscriptions: 0, invoices: 0 });
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(fake.get<FakeSubscription>(providerId).status).toBe('canceled');
  });
});

describe('Stripe’s webhooks, through the route', () => {
  it('the first invoice’s invoice.paid changes nothing; the next period’s extends the boost with invoice 2, once however often it comes', async () => {
    const { employer, sub, providerId, jobId } = await boosted();
    const [first] = await t.invoicesOf(sub.id);
    const firstPaid = await deliver(fake.event('invoice.paid', first!.providerInvoiceId!));
    expect(firstPaid).toEqual({ status: 200, outcome: 'applied' });
    expect(await t.invoicesOf(sub.id)).toHaveLength(1);

    const renewal = fake.renew(providerId);
    const paid = fake.event('invoice.paid', renewal);
    const mails = await t.mailsDuring(async () => expect(await deliver(paid)).toEqual({ status: 200, outcome: 'applied' }));
    const item = fake.get<FakeSubscription>(providerId).items.data[0]!;
    const renewed = expectOk(await t.b.one(employer, sub.id));
    expect(renewed.status).toBe('active');
    expect(seconds(renewed.currentPeriodStart)).toBe(item.current_period_start);
    expect(seconds(renewed.currentPeriodEnd)).toBe(item.current_period_end);
    expect(Math.abs(Date.parse(renewed.currentPeriodEnd!) - Date.parse(sub.currentPeriodEnd!) - 7 * DAY)).toBeLessThan(2000);
    const bills = await t.invoicesOf(sub.id);
    expect(bills.map((i) => [i.number, i.status, i.providerInvoiceId, i.totalCents])).toEqual([
      [1, 'paid', first!.providerInvoiceId, sub.priceCents],
      [2, 'paid', renewal, sub.priceCents],
    ]);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your receipt INV-000002: /)]);
    expect(await t.isBoosted(jobId)).toBe(true);

    // Stripe delivers an event again when it is not sure it was received: applied once.
    const replayed = await t.mailsDuring(async () => expect(await deliver(paid)).toEqual({ status: 200, outcome: 'duplicate' }));
    expect(replayed).toEqual([]);
    expect(await t.invoicesOf(sub.id)).toHaveLength(2);
    expect(seconds(expectOk(await t.b.one(employer, sub.id)).currentPeriodEnd)).toBe(item.current_period_end);
  });

  it('a wrong signature, a stale one or none is answered 400 and changes nothing', async () => {
    const { sub, providerId, jobId } = await boosted();
    fake.endNow(providerId);
    const deleted = fake.event('customer.subscription.deleted', providerId);
    const body = JSON.stringify(deleted, null, 2);
    const before = { events: await eventsRecorded(), row: await t.subscriptionRow(sub.id) };
    const refused = [
      signedHeader(body, { secret: 'whsec_someone_else' }),
      signedHeader(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      'not a signature',
      null,
    ];
    for (const signature of refused) expect((await deliver(deleted, signature)).status).toBe(400);
    // Signed right, but the body changed on the way.
    const tampered = { ...deleted, data: { object: { ...deleted.data.object, id: 'sub_someone_else' } } };
    expect((await deliver(tampered, signedHeader(body))).status).toBe(400);
    expect(await eventsRecorded()).toBe(before.events);
    expect(await t.subscriptionRow(sub.id)).toEqual(before.row);
    expect(await t.isBoosted(jobId)).toBe(true);

    // The same event, signed as Stripe signs it.
    expect(await deliver(deleted)).toEqual({ status: 200, outcome: 'applied' });
    expect((await t.subscriptionRow(sub.id)).status).toBe('canceled');
  });

  it('a failed renewal: past due, the job paused, the employer mailed; an older subscription.updated changes nothing; deleted ends the boost', async () => {
    const { employer, sub, providerId, jobId } = await boosted();
    // The employer makes a card that will be declined the default: Stripe renews with it.
    const { paymentMethodId: declining } = await cardFromBrowser(employer, 'pm_card_chargeDeclined');
    expect(expectOk(await t.b.add(employer, { providerId: declining, setAsDefault: true }), 201).isDefault).toBe(true);
    const active = fake.event('customer.subscription.updated', providerId, { created: Math.floor(Date.now() / 1000) - 30 });

    const failedInvoice = fake.renew(providerId);
    expect(fake.get<FakeSubscription>(providerId).status).toBe('past_due');
    const failed = fake.event('invoice.payment_failed', failedInvoice);
    const mails = await t.mailsDuring(async () => expect(await deliver(failed)).toEqual({ status: 200, outcome: 'applied' }));
    expect((await t.subscriptionRow(sub.id)).status).toBe('past_due');
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(await boostedNearby(jobId)).toBe(false);
    expect(mails).toHaveLength(1);
    const [payer] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, employer.id!));
    expect(mails[0]!.to).toBe(payer!.email);
    expect(mails[0]!.subject).toContain('is paused');
    expect(mails[0]!.links).toEqual([`${t.ctx.config.publicUrl}/user/billing`]);
    expect(mails[0]!.text).toContain(`${t.ctx.config.publicUrl}/user/billing`);
    const bills = await t.invoicesOf(sub.id);
    expect(bills.map((i) => [i.number, i.status, i.providerInvoiceId, i.failure])).toEqual([
      [1, 'paid', expect.any(String), null],
      [2, 'open', failedInvoice, 'declined'],
    ]);

    // Stripe's subscription.updated events arrive out of order: the newer (past_due) first, then the older (active).
    const pastDue = fake.event('customer.subscription.updated', providerId);
    expect(await deliver(pastDue)).toEqual({ status: 200, outcome: 'applied' });
    expect(await deliver(active)).toEqual({ status: 200, outcome: 'ignored' });
    expect((await t.subscriptionRow(sub.id)).status).toBe('past_due');
    expect(await t.isBoosted(jobId)).toBe(false);

    // The retries are used up: Stripe cancels the subscription.
    fake.endNow(providerId);
    expect(await deliver(fake.event('customer.subscription.deleted', providerId))).toEqual({ status: 200, outcome: 'applied' });
    const over = expectOk(await t.b.one(employer, sub.id));
    expect(over).toMatchObject<Partial<Subscription>>({ status: 'canceled', nextChargeAt: null });
    expect(await t.isBoosted(jobId)).toBe(false);
    expect((await t.invoicesOf(sub.id)).map((i) => i.status)).toEqual(['paid', 'void']);
    expect(expectOk(await t.b.list(employer)).items.filter((s) => s.status === 'active' || s.status === 'past_due')).toEqual([]);
  });
});

describe('cancelling a boost, with Stripe', () => {
  it('cancels at Stripe at the period’s end with the reason; the boost runs until then, and ends when Stripe ends it', async () => {
    const { employer, sub, providerId, jobId } = await boosted();
    const before = fake.event('customer.subscription.updated', providerId, { created: Math.floor(Date.now() / 1000) - 30 });
    const { result: answer, requests } = await during(() =>
      t.b.cancel(employer, sub.id, { reason: 'too_expensive', details: '  Over our budget this quarter.  ' }),
    );
    const cancelled = expectOk(answer);
    expect(cancelled).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      cancelReason: 'too_expensive',
      cancelDetails: 'Over our budget this quarter.',
      currentPeriodEnd: sub.currentPeriodEnd,
    });
    const update = requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${providerId}`);
    expect(update!.body).toMatchObject({
      cancel_at_period_end: 'true',
      cancellation_details: { comment: 'Over our budget this quarter.', feedback: 'too_expensive' },
    });
    expect(fake.get<FakeSubscription>(providerId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancellation_details: { comment: 'Over our budget this quarter.', feedback: 'too_expensive' },
    });
    expect(await t.isBoosted(jobId)).toBe(true);

    // Stripe tells of the change; an event older than it, arriving late, does not undo the cancellation.
    const now = fake.event('customer.subscription.updated', providerId);
    expect(await deliver(now)).toEqual({ status: 200, outcome: 'applied' });
    expect(await deliver(before)).toEqual({ status: 200, outcome: 'ignored' });
    const told = expectOk(await t.b.one(employer, sub.id));
    expect(told).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    // The period is Stripe's, to the second.
    expect(seconds(told.currentPeriodEnd)).toBe(fake.get<FakeSubscription>(providerId).items.data[0]!.current_period_end);
    expect(Math.abs(Date.parse(told.currentPeriodEnd!) - Date.parse(sub.currentPeriodEnd!))).toBeLessThan(1000);
    expect(await t.isBoosted(jobId)).toBe(true);
    expect(await boostedNearby(jobId)).toBe(true);

    // The period is over: Stripe ends the subscription.
    fake.endNow(providerId);
    expect(await deliver(fake.event('customer.subscription.deleted', providerId))).toEqual({ status: 200, outcome: 'applied' });
    const [row] = await t.db.select().from(boostSubscriptions).where(eq(boostSubscriptions.id, sub.id));
    expect(row).toMatchObject({ status: 'ended', cancelReason: 'too_expensive' });
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(await t.invoicesOf(sub.id)).toHaveLength(1);
  });

  it('a boost cancelled can be boosted again only after it ended; a new idempotency key makes a new subscription at Stripe', async () => {
    const { employer, sub, providerId, jobId, customerId } = await boosted();
    expectOk(await t.b.cancel(employer, sub.id, { reason: 'position_filled' }));
    expectRefused(await t.b.create(employer, t.boostBody(jobId)), 409, BillingMessages.alreadyBoosted, 'boost.alreadyBoosted');
    fake.endNow(providerId);
    expect((await deliver(fake.event('customer.subscription.deleted', providerId))).outcome).toBe('applied');
    const again = await t.boost(employer, jobId, { idempotencyKey: randomUUID() });
    expect(again.subscription.id).not.toBe(sub.id);
    expect(fake.calls('POST', '/v1/subscriptions').filter((r) => r.body.customer === customerId)).toHaveLength(2);
    expect(await t.isBoosted(jobId)).toBe(true);
  });
});
