import { createHash, randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingWebhookEvents } from '../../server/db/schema.ts';
import { runDueRenewals } from '../../server/billing/index.ts';
import { customerIdOf } from '../../server/billing/payer.ts';
import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from '../../server/platform/payments/provider.ts';
import type { TestProcessor } from '../../server/platform/payments/test-processor.ts';
import { SUBSCRIPTIONS_WEBHOOK_PATH, TEST_CARDS } from '../../src/contract/billing.ts';
import { billingApp, DAY, expectOk, MINUTE, type BillingWorld } from './billing-support.ts';

// The handling of the processor's events, with a stand-in for Stripe: a processor whose
// subscriptions renew themselves and tell billing by webhook, whose signature is a plain header.

let t: BillingWorld;
let inner: TestProcessor;
const calls: string[] = [];

const SIGNATURE = 'signed-by-the-processor';
const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

function processorLikeStripe(processor: TestProcessor): PaymentProvider {
  return {
    ...processor,
    name: 'stripe',
    publishableKey: 'pk_test_stand_in',
    renewals: 'provider',
    async startSubscription(input, key) {
      const started = await processor.startSubscription(input, key);
      return { ...started, subscriptionId: `sub_${hash(key)}`, invoiceId: `in_${hash(key)}` };
    },
    async changeSubscription(id, input) {
      calls.push(`change ${id} ${input.amountCents} ${input.periodDays}`);
    },
    async cancelSubscription(id, input) {
      calls.push(`cancel ${id} ${input.reason}`);
    },
    async endSubscription(id) {
      calls.push(`end ${id}`);
    },
    readWebhook(raw, signature) {
      if (signature !== SIGNATURE) throw new WebhookSignatureError('The signature is not valid.');
      const e = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      for (const key of ['created', 'periodStart', 'periodEnd', 'nextAttemptAt', 'currentPeriodStart', 'currentPeriodEnd']) {
        if (typeof e[key] === 'string') e[key] = new Date(e[key]);
      }
      return e as unknown as ProviderEvent;
    },
  };
}

beforeAll(async () => {
  t = await billingApp();
  inner = t.ctx.adapters.payments as TestProcessor;
  t.ctx.adapters.payments = processorLikeStripe(inner);
}, 120_000);
afterAll(async () => t?.f.stop());

type EventInput = {
  [K in ProviderEvent['type']]: Omit<Extract<ProviderEvent, { type: K }>, 'id' | 'created'> & { id?: string; created?: Date };
}[ProviderEvent['type']];

async function post(event: EventInput, signature: string | null = SIGNATURE) {
  const body = { id: `evt_${randomUUID()}`, created: t.clock.now(), ...event };
  const res = await t.f.app.inject({
    method: 'POST',
    url: SUBSCRIPTIONS_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, outcome: (res.json() as { data?: { outcome?: string } }).data?.outcome, id: body.id, body };
}

const eventsRecorded = async () => Number((await t.db.select({ n: count() }).from(billingWebhookEvents))[0]!.n);

/** A company whose card was saved in the browser and told by setup_intent.succeeded, with a boosted job. */
async function boostedCompany() {
  const world = await t.newCompany();
  const setup = expectOk(await t.b.storeSetup(world.employer), 201);
  expect(setup.provider).toBe('stripe');
  const customer = (await customerIdOf(t.db, world.company.id, 'stripe'))!;
  const confirmed = await inner.confirmSetupWithCard(customer, setup.id, {
    number: TEST_CARDS.succeeds,
    expMonth: 12,
    expYear: t.clock.now().getUTCFullYear() + 3,
    cvc: '123',
  });
  const paymentMethodId = (confirmed as { paymentMethodId: string }).paymentMethodId;
  expect((await post({ type: 'setup_intent.succeeded', setupIntentId: setup.id, customerId: customer, paymentMethodId })).outcome).toBe(
    'applied',
  );
  const jobId = await world.job();
  const result = await t.boost(world.employer, jobId);
  const row = await t.subscriptionRow(result.subscription.id);
  return { ...world, customer, paymentMethodId, jobId, sub: result.subscription, providerId: row.providerSubscriptionId! };
}

describe('the webhook’s signature', () => {
  it('a wrong or missing signature is answered 400 and changes nothing', async () => {
    const { sub, providerId } = await boostedCompany();
    const before = await eventsRecorded();
    const deleted = { type: 'subscription.deleted' as const, subscriptionId: providerId };
    expect((await post(deleted, 'forged')).status).toBe(400);
    expect((await post(deleted, null)).status).toBe(400);
    expect(await eventsRecorded()).toBe(before);
    expect((await t.subscriptionRow(sub.id)).status).toBe('active');
  });
});

describe('setup_intent.succeeded', () => {
  it('keeps the card saved in the browser (the first is the default), once however often it is told', async () => {
    const { employer, customer, paymentMethodId, company } = await boostedCompany();
    const cards = expectOk(await t.b.methods(employer));
    expect(cards).toMatchObject([{ paymentMethodId, isDefault: true, last4: '4242' }]);
    const again = await post({ type: 'setup_intent.succeeded', setupIntentId: 'seti_x', customerId: customer, paymentMethodId });
    expect(again.outcome).toBe('applied');
    expect((await t.cardsOf(company.id)).length).toBe(1);
  });
});

describe('a boost the processor renews', () => {
  it('is started with the processor’s subscription; its first invoice.paid changes nothing, and the renewal job leaves it to the processor', async () => {
    const { sub, providerId } = await boostedCompany();
    const row = await t.subscriptionRow(sub.id);
    const [first] = await t.invoicesOf(sub.id);
    expect(first!.providerInvoiceId).toMatch(/^in_/);
    const paid = await post({
      type: 'invoice.paid',
      subscriptionId: providerId,
      invoiceId: first!.providerInvoiceId!,
      paymentId: null,
      amountCents: 3500,
      periodStart: row.currentPeriodStart!,
      periodEnd: row.currentPeriodEnd!,
    });
    expect(paid).toMatchObject({ status: 200, outcome: 'applied' });
    expect((await t.invoicesOf(sub.id)).length).toBe(1);
    t.clock.advance(7 * DAY + MINUTE);
    await runDueRenewals(t.ctx);
    expect(await t.charges(sub.id)).toBe(1);
    expect((await t.subscriptionRow(sub.id)).status).toBe('active');
  });

  it('invoice.paid for the next period: invoice #2 paid, the period extended, a receipt; replayed or repeated, nothing more', async () => {
    const { sub, providerId, jobId } = await boostedCompany();
    const row = await t.subscriptionRow(sub.id);
    const next = { start: row.currentPeriodEnd!, end: new Date(row.currentPeriodEnd!.getTime() + 7 * DAY) };
    const event = {
      type: 'invoice.paid' as const,
      subscriptionId: providerId,
      invoiceId: `in_${randomUUID()}`,
      paymentId: 'pi_renewal',
      amountCents: 3500,
      periodStart: next.start,
      periodEnd: next.end,
    };
    let first: Awaited<ReturnType<typeof post>> | undefined;
    const mails = await t.mailsDuring(async () => {
      first = await post(event);
    });
    expect(first!.outcome).toBe('applied');
    expect(mails.map((m) => m.subject)).toEqual(['Your receipt INV-000002: $35.00']);
    const renewed = await t.subscriptionRow(sub.id);
    expect(renewed.currentPeriodEnd!.toISOString()).toBe(next.end.toISOString());
    expect((await t.invoicesOf(sub.id)).map((i) => [i.number, i.status])).toEqual([
      [1, 'paid'],
      [2, 'paid'],
    ]);
    // The same event again, the same invoice under another event, and the period paid under another invoice: no change.
    const replay = await t.f.app.inject({
      method: 'POST',
      url: SUBSCRIPTIONS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': SIGNATURE },
      payload: JSON.stringify(first!.body),
    });
    expect(replay.json()).toMatchObject({ data: { outcome: 'duplicate' } });
    expect((await post(event)).outcome).toBe('applied');
    expect((await post({ ...event, invoiceId: `in_${randomUUID()}` })).outcome).toBe('applied');
    expect((await t.invoicesOf(sub.id)).length).toBe(2);
    expect(await t.isBoosted(jobId)).toBe(true);
  });

  it('invoice.paid for the period after a change of tier: the boost takes the new tier, and the job shows as it says', async () => {
    const { employer, sub, providerId, jobId } = await boostedCompany();
    expect(await t.placements(jobId)).toEqual(['featuredStrip', 'badge']);
    expectOk(await t.b.change(employer, sub.id, { tierId: 'spotlight', lengthDays: 7 }));
    expect(await t.placements(jobId)).toEqual(['featuredStrip', 'badge']);
    const row = await t.subscriptionRow(sub.id);
    const next = { start: row.currentPeriodEnd!, end: new Date(row.currentPeriodEnd!.getTime() + 7 * DAY) };
    const paid = {
      type: 'invoice.paid' as const,
      subscriptionId: providerId,
      invoiceId: `in_${randomUUID()}`,
      paymentId: 'pi_changed',
      amountCents: 7000,
      periodStart: next.start,
      periodEnd: next.end,
    };
    expect((await post(paid)).outcome).toBe('applied');
    expect(await t.subscriptionRow(sub.id)).toMatchObject({ tierId: 'spotlight', pendingTierId: null });
    expect(await t.placements(jobId)).toEqual(['featuredStrip', 'badge', 'highlightedPin']);
  });

  it('invoice.payment_failed: past due, the job paused, the employer mailed; a later invoice.paid starts it again; a late failure is ignored', async () => {
    const { sub, providerId, jobId } = await boostedCompany();
    const row = await t.subscriptionRow(sub.id);
    const invoiceId = `in_${randomUUID()}`;
    const retryAt = new Date(t.clock.now().getTime() + 3 * DAY);
    const failed = {
      type: 'invoice.payment_failed' as const,
      subscriptionId: providerId,
      invoiceId,
      amountCents: 3500,
      failure: 'insufficient_funds' as const,
      nextAttemptAt: retryAt,
    };
    const mails = await t.mailsDuring(() => post(failed));
    expect(mails.map((m) => m.links)).toEqual([[`${t.ctx.config.publicUrl}/user/billing`]]);
    expect(await t.subscriptionRow(sub.id)).toMatchObject({ status: 'past_due', nextRetryAt: retryAt });
    expect(await t.isBoosted(jobId)).toBe(false);
    expect((await t.invoicesOf(sub.id)).map((i) => [i.status, i.failure])).toEqual([
      ['paid', null],
      ['open', 'insufficient_funds'],
    ]);
    // The processor's next try fails again: no second mail.
    expect(await t.mailsDuring(() => post(failed))).toEqual([]);

    const next = { start: row.currentPeriodEnd!, end: new Date(row.currentPeriodEnd!.getTime() + 7 * DAY) };
    const paid = {
      type: 'invoice.paid' as const,
      subscriptionId: providerId,
      invoiceId,
      paymentId: 'pi_late',
      amountCents: 3500,
      periodStart: next.start,
      periodEnd: next.end,
    };
    expect((await post(paid)).outcome).toBe('applied');
    expect((await t.subscriptionRow(sub.id)).status).toBe('active');
    expect(await t.isBoosted(jobId)).toBe(true);
    expect((await t.invoicesOf(sub.id)).map((i) => i.status)).toEqual(['paid', 'paid']);
    // A failure of the same invoice that arrives after its payment changes nothing.
    expect(await t.mailsDuring(() => post(failed))).toEqual([]);
    expect((await t.subscriptionRow(sub.id)).status).toBe('active');
  });

  it('subscription.updated: an older event than the one applied is ignored; subscription.deleted ends the boost', async () => {
    const { sub, providerId, jobId } = await boostedCompany();
    const now = t.clock.now().getTime();
    const update = (created: number, cancelAtPeriodEnd: boolean) =>
      post({
        type: 'subscription.updated',
        subscriptionId: providerId,
        status: 'active',
        cancelAtPeriodEnd,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        created: new Date(created),
      });
    expect((await update(now + 2000, true)).outcome).toBe('applied');
    expect((await t.subscriptionRow(sub.id)).cancelAtPeriodEnd).toBe(true);
    // Made before the one applied, delivered after it.
    expect((await update(now + 1000, false)).outcome).toBe('ignored');
    expect((await t.subscriptionRow(sub.id)).cancelAtPeriodEnd).toBe(true);

    expect((await post({ type: 'subscription.deleted', subscriptionId: providerId })).outcome).toBe('applied');
    expect((await t.subscriptionRow(sub.id)).status).toBe('ended');
    expect(await t.isBoosted(jobId)).toBe(false);
    expect((await post({ type: 'subscription.deleted', subscriptionId: providerId })).outcome).toBe('ignored');
  });

  it('events about subscriptions billing does not know, and kinds it does not act on, are recorded and answered 200', async () => {
    expect(await post({ type: 'subscription.deleted', subscriptionId: 'sub_unknown' })).toMatchObject({ status: 200, outcome: 'ignored' });
    expect(await post({ type: 'ignored', providerType: 'customer.created' })).toMatchObject({ status: 200, outcome: 'ignored' });
  });

  it('changing, cancelling and closing the job tell the processor', async () => {
    const { employer, sub, providerId, jobId } = await boostedCompany();
    calls.length = 0;
    expectOk(await t.b.change(employer, sub.id, { tierId: 'premium', lengthDays: 14 }));
    expectOk(await t.b.cancel(employer, sub.id, { reason: 'other' }));
    expectOk(await t.api.setStatus(employer, jobId, 'Closed'));
    expect(calls).toEqual([`change ${providerId} 18900 14`, `cancel ${providerId} other`, `end ${providerId}`]);
  });
});
