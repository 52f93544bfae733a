import Stripe from 'stripe';
import type { CancelReason } from '../../../src/contract/billing.ts';
import type { StripeSettings } from '../../config.ts';
import {
  WebhookSignatureError,
  type PaymentFailure,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderCard,
  type ProviderEvent,
  type ProviderSetup,
} from './provider.ts';

export type { StripeSettings } from '../../config.ts';

/**
 * Stripe behind the PaymentProvider interface (DESIGN §5): chosen when STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set. Written against the API version the
 * installed `stripe` package pins (its types describe that version; the webhook endpoint must
 * send events in the same version):
 *
 * - A SetupIntent names the card types it allows with `allowed_payment_method_types`
 *   (`payment_method_types` is gone from SetupIntent and PaymentIntent parameters).
 * - An invoice no longer carries `payment_intent` or `subscription`: its payments are the
 *   includable `invoice.payments` (each `payment.payment_intent`; the client secret is also
 *   `invoice.confirmation_secret`, but the PaymentIntent is read anyway to see where it stands),
 *   and its subscription is `invoice.parent.subscription_details.subscription`.
 * - A subscription's period is on each item (`items.data[].current_period_start/end`), and an
 *   invoice's service period on its lines (`lines.data[].period`); `invoice.period_start/end` is
 *   the period before, for usage, and is not used.
 * - Inline `price_data` on a subscription item names a product by id, so each boost (and each
 *   change of one) makes a product named after it.
 *
 * Money is integer cents in USD. Every call that creates something carries an idempotency key
 * derived from the caller's, so a retried request creates nothing twice. Stripe's errors never
 * leave this file: a declined card becomes a PaymentOutcome, anything else a plain Error with a
 * short message (the route answers 5xx without it).
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    // Retries reuse the request's idempotency key, so a retried create still creates once.
    maxNetworkRetries: 2,
    // A person waits on most of these calls: give up well before the browser does.
    timeout: 30_000,
    appInfo: { name: 'job-marketplace' },
    ...(settings.host && { host: settings.host }),
    ...(settings.port && { port: settings.port }),
    ...(settings.protocol && { protocol: settings.protocol }),
  });
  const { webhookSecret } = settings;

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    renewals: 'provider',

    async createCustomer({ companyId, name, email }, idempotencyKey) {
      const customer = await call('create the customer', () =>
        stripe.customers.create({ name, email, metadata: { companyId } }, { idempotencyKey }),
      );
      return customer.id;
    },

    async createSetupIntent(customerId, idempotencyKey) {
      const setup = await call('start the card setup', () =>
        stripe.setupIntents.create(
          { customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'] },
          { idempotencyKey },
        ),
      );
      return toSetup(setup);
    },

    async getSetupIntent(id) {
      const setup = await orNull(() => stripe.setupIntents.retrieve(id), 'read the card setup');
      return setup && toSetup(setup);
    },

    async attachPaymentMethod(customerId, paymentMethodId) {
      const found = await call('read the card', () => stripe.paymentMethods.retrieve(paymentMethodId));
      const owner = idOf(found.customer);
      if (owner && owner !== customerId) throw new Error('Stripe: this card belongs to another customer');
      // Stripe.js attaches the card when it confirms a setup made for a customer; attach it here
      // otherwise (a card added by id), which makes this safe to call twice.
      const method = owner
        ? found
        : await call('attach the card', () => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      return toCard(method);
    },

    async detachPaymentMethod(paymentMethodId) {
      const found = await orNull(() => stripe.paymentMethods.retrieve(paymentMethodId), 'read the card');
      // Gone or detached already: nothing to do.
      if (!found?.customer) return;
      await call('detach the card', () => stripe.paymentMethods.detach(paymentMethodId));
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await call('set the default card', () =>
        stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
      );
    },

    async startSubscription(input, idempotencyKey) {
      const product = await call('create the product', () =>
        stripe.products.create({ name: input.description, metadata: input.metadata }, { idempotencyKey: `${idempotencyKey}/product` }),
      );
      const subscription = await call('create the subscription', () =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price_data: priceData(product.id, input.amountCents, input.periodDays), quantity: 1 }],
            // Nothing is charged until the first payment is confirmed below, with the card chosen.
            payment_behavior: 'default_incomplete',
            payment_settings: { payment_method_types: ['card'], save_default_payment_method: 'off' },
            // No default_payment_method of its own: renewals charge the customer's default card
            // (invoice_settings.default_payment_method), so making another card the default moves
            // every boost to it, and the card chosen here pays the first period only.
            description: input.description,
            metadata: input.metadata,
            // The invoice's payments are includable: left out unless asked for.
            expand: ['latest_invoice.payments'],
          },
          { idempotencyKey },
        ),
      );
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      if (!invoice) throw new Error('Stripe: the subscription came without its first invoice');
      const paymentIntentId = invoicePaymentIntentId(invoice);
      const started = { subscriptionId: subscription.id, invoiceId: invoice.id };
      if (invoice.status === 'paid') {
        return { ...started, payment: { status: 'succeeded', paymentId: paymentIntentId ?? invoice.id } };
      }
      if (!paymentIntentId) throw new Error('Stripe: the first invoice has no payment to confirm');
      const intent = await call('read the payment', () => stripe.paymentIntents.retrieve(paymentIntentId));
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
        return { ...started, payment: outcomeOf(intent) };
      }
      // On session: the employer is here, so a bank that asks for 3-D Secure gets requires_action.
      const payment = await paymentOutcome('confirm the first payment', () =>
        stripe.paymentIntents.confirm(
          paymentIntentId,
          { payment_method: input.paymentMethodId },
          { idempotencyKey: `${idempotencyKey}/confirm` },
        ),
      );
      return { ...started, payment };
    },

    async getPayment(paymentId) {
      const intent = await call('read the payment', () => stripe.paymentIntents.retrieve(paymentId));
      return outcomeOf(intent);
    },

    async charge(input, idempotencyKey) {
      return paymentOutcome('charge the card', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ['card'],
            confirm: true,
            off_session: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      );
    },

    async changeSubscription(subscriptionId, input, idempotencyKey) {
      const subscription = await call('read the subscription', () => stripe.subscriptions.retrieve(subscriptionId));
      const item = subscription.items.data[0];
      if (!item) throw new Error('Stripe: the subscription has no item');
      const product = await call('create the product', () =>
        stripe.products.create(
          { name: input.description, metadata: subscription.metadata },
          { idempotencyKey: `${idempotencyKey}/product` },
        ),
      );
      const next = priceData(product.id, input.amountCents, input.periodDays);
      const sameLength = item.price.recurring?.interval === 'day' && item.price.recurring.interval_count === input.periodDays;
      if (sameLength && !subscription.schedule) {
        // The next invoice is made at the new price; nothing is charged or credited now.
        await call('change the subscription', () =>
          stripe.subscriptions.update(
            subscriptionId,
            { items: [{ id: item.id, price_data: next, quantity: 1 }], proration_behavior: 'none' },
            { idempotencyKey },
          ),
        );
        return;
      }
      // A new length would restart the billing period at once (and invoice it) if set on the
      // subscription; a schedule keeps the paid period as it is and starts the new price when it ends.
      const existing = idOf(subscription.schedule);
      const schedule = existing
        ? await call('read the schedule', () => stripe.subscriptionSchedules.retrieve(existing))
        : await call('schedule the change', () =>
            stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }, { idempotencyKey: `${idempotencyKey}/schedule` }),
          );
      const currentStart = schedule.current_phase?.start_date ?? item.current_period_start;
      const current = schedule.phases.find((phase) => phase.start_date === currentStart) ?? schedule.phases[0];
      if (!current) throw new Error('Stripe: the schedule has no current phase');
      await call('schedule the change', () =>
        stripe.subscriptionSchedules.update(
          schedule.id,
          {
            end_behavior: 'release',
            proration_behavior: 'none',
            phases: [
              {
                start_date: current.start_date,
                end_date: current.end_date,
                items: current.items.map((i) => ({ price: idOf(i.price) ?? '', quantity: i.quantity ?? 1 })),
                metadata: subscription.metadata,
                proration_behavior: 'none',
              },
              {
                items: [{ price_data: next, quantity: 1 }],
                duration: { interval: 'day', interval_count: input.periodDays },
                metadata: subscription.metadata,
                proration_behavior: 'none',
              },
            ],
          },
          { idempotencyKey },
        ),
      );
    },

    async cancelSubscription(subscriptionId, { reason, details }) {
      const subscription = await call('read the subscription', () => stripe.subscriptions.retrieve(subscriptionId));
      // A subscription under a schedule (a change waiting for the next period) takes no
      // cancellation of its own: release it, which drops the change the cancellation makes moot.
      const schedule = idOf(subscription.schedule);
      if (schedule) await call('release the schedule', () => stripe.subscriptionSchedules.release(schedule));
      await call('cancel the subscription', () =>
        stripe.subscriptions.update(subscriptionId, {
          cancel_at_period_end: true,
          cancellation_details: { comment: details || undefined, feedback: STRIPE_FEEDBACK[reason] },
          metadata: { cancelReason: reason },
        }),
      );
    },

    async endSubscription(subscriptionId) {
      const subscription = await orNull(() => stripe.subscriptions.retrieve(subscriptionId), 'read the subscription');
      if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      await call('end the subscription', () => stripe.subscriptions.cancel(subscriptionId));
    },

    readWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        // Checks the signature on the raw bytes and that it is at most 300 seconds old.
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new WebhookSignatureError('The webhook signature is not valid');
      }
      return toProviderEvent(event);
    },
  };

  /** A card error is an outcome of the payment; any other error is the processor's failure. */
  async function paymentOutcome(action: string, run: () => Promise<Stripe.PaymentIntent>): Promise<PaymentOutcome> {
    try {
      return outcomeOf(await run());
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        return { status: 'failed', paymentId: err.payment_intent?.id ?? null, failure: foldFailure(err.code, err.decline_code) };
      }
      throw plainError(action, err);
    }
  }
}

/** Our reasons in Stripe's words, where Stripe has one; the employer's own words go in the comment. */
const STRIPE_FEEDBACK: Record<CancelReason, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback> = {
  position_filled: 'unused',
  too_expensive: 'too_expensive',
  not_enough_applicants: 'low_quality',
  trying_other_options: 'switched_service',
  other: 'other',
};

const DAY = 'day' as const;

function priceData(product: string, amountCents: number, periodDays: number) {
  return { currency: 'usd', product, unit_amount: amountCents, recurring: { interval: DAY, interval_count: periodDays } };
}

/** Stripe's decline code (the bank's reason), else its error code, folded into ours. */
export function foldFailure(code: string | null | undefined, declineCode: string | null | undefined): PaymentFailure {
  for (const reason of [declineCode, code]) {
    switch (reason) {
      case 'insufficient_funds':
        return 'insufficient_funds';
      case 'expired_card':
        return 'expired_card';
      case 'authentication_required':
      case 'payment_intent_authentication_failure':
        return 'authentication_failed';
      case 'generic_decline':
      case 'card_declined':
        return 'declined';
    }
  }
  return 'processing_error';
}

/** Where a PaymentIntent stands, in our terms. */
function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  switch (intent.status) {
    // requires_capture: authorized, for a manual capture we never ask for; the money is held.
    case 'succeeded':
    case 'requires_capture':
      return { status: 'succeeded', paymentId: intent.id };
    case 'requires_action':
      if (!intent.client_secret) throw new Error('Stripe: the payment asks for confirmation but has no client secret');
      return { status: 'requires_action', paymentId: intent.id, clientSecret: intent.client_secret };
    default: {
      // requires_payment_method after a failed attempt (its reason in last_payment_error),
      // canceled, or an attempt not finished (processing, requires_confirmation).
      const error = intent.last_payment_error;
      const failure = error ? foldFailure(error.code, error.decline_code) : 'processing_error';
      return { status: 'failed', paymentId: intent.id, failure };
    }
  }
}

function toSetup(setup: Stripe.SetupIntent): ProviderSetup {
  if (!setup.client_secret) throw new Error('Stripe: the card setup has no client secret');
  // Not done yet, in any of Stripe's in-between states (requires_confirmation, requires_action, processing).
  const status = setup.status === 'succeeded' ? 'succeeded' : setup.status === 'canceled' ? 'canceled' : 'requires_payment_method';
  return {
    id: setup.id,
    clientSecret: setup.client_secret,
    status,
    paymentMethodId: setup.status === 'succeeded' ? idOf(setup.payment_method) : null,
  };
}

function toCard(method: Stripe.PaymentMethod): ProviderCard {
  if (!method.card) throw new Error('Stripe: this payment method is not a card');
  const { brand, last4, exp_month, exp_year } = method.card;
  return { id: method.id, brand, last4, expMonth: exp_month, expYear: exp_year };
}

/** The PaymentIntent of an invoice's default payment (invoice.payments, expanded). */
function invoicePaymentIntentId(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.is_default) ?? payments[0];
  return idOf(payment?.payment.payment_intent);
}

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

const toDate = (seconds: number) => new Date(seconds * 1000);

const subscriptionStatuses = [
  'incomplete',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete_expired',
  'trialing',
  'paused',
] as const satisfies readonly Extract<ProviderEvent, { type: 'subscription.updated' }>['status'][];
type KnownStatus = (typeof subscriptionStatuses)[number];
const isKnownStatus = (status: string): status is KnownStatus => (subscriptionStatuses as readonly string[]).includes(status);

/** A verified event in our terms; what billing does not act on is `ignored`. */
function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, created: toDate(event.created) };
  const ignored: ProviderEvent = { ...base, type: 'ignored', providerType: event.type };
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return ignored;
      const period = invoicePeriod(invoice);
      return {
        ...base,
        type: 'invoice.paid',
        subscriptionId,
        invoiceId: invoice.id,
        // Events leave out the includable invoice.payments: null unless Stripe sent them.
        paymentId: invoicePaymentIntentId(invoice),
        amountCents: invoice.amount_paid,
        periodStart: toDate(period.start),
        periodEnd: toDate(period.end),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return ignored;
      return {
        ...base,
        type: 'invoice.payment_failed',
        subscriptionId,
        invoiceId: invoice.id,
        amountCents: invoice.amount_due,
        // The invoice does not carry the bank's reason (its PaymentIntent's last_payment_error
        // does); a failed invoice payment is a declined card unless told otherwise.
        failure: 'declined',
        nextAttemptAt: invoice.next_payment_attempt ? toDate(invoice.next_payment_attempt) : null,
      };
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      if (!isKnownStatus(subscription.status)) return ignored;
      const item = subscription.items.data[0];
      return {
        ...base,
        type: 'subscription.updated',
        subscriptionId: subscription.id,
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        currentPeriodStart: item ? toDate(item.current_period_start) : null,
        currentPeriodEnd: item ? toDate(item.current_period_end) : null,
      };
    }
    case 'customer.subscription.deleted':
      return { ...base, type: 'subscription.deleted', subscriptionId: event.data.object.id };
    case 'setup_intent.succeeded': {
      const setup = event.data.object;
      const paymentMethodId = idOf(setup.payment_method);
      if (!paymentMethodId) return ignored;
      return { ...base, type: 'setup_intent.succeeded', setupIntentId: setup.id, customerId: idOf(setup.customer), paymentMethodId };
    }
    default:
      return ignored;
  }
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The period an invoice pays for: its subscription line's. */
function invoicePeriod(invoice: Stripe.Invoice): { start: number; end: number } {
  const lines = invoice.lines?.data ?? [];
  const line = lines.find((l) => l.parent?.type === 'subscription_item_details') ?? lines[0];
  if (!line) throw new Error('Stripe: the paid invoice has no lines');
  return line.period;
}

/** Runs one call to Stripe; its errors become short plain ones. */
async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw plainError(action, err);
  }
}

/** Null when Stripe knows no such object. */
async function orNull<T>(run: () => Promise<T>, action: string): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
    throw plainError(action, err);
  }
}

/** What the log shows: the step, and Stripe's error type and code; never the request or Stripe's message. */
function plainError(action: string, err: unknown): Error {
  if (err instanceof Stripe.errors.StripeError) {
    return new Error(`Stripe could not ${action} (${[err.type, err.code].filter(Boolean).join(': ')})`);
  }
  return new Error(`Stripe could not ${action}`);
}
