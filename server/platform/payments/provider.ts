import type { CancelReason, PaymentProviderName } from '../../../src/contract/billing.ts';

/**
 * The payment processor behind billing (DESIGN §5): the built-in test processor by default, Stripe
 * when its keys are configured. The billing area speaks only to this interface; neither a card
 * number nor a CVC ever reaches the billing area's tables, only the processor's ids and what
 * identifies a card to its owner (brand, last 4 digits, expiry).
 *
 * Every call that creates something at the processor takes an idempotency key, so a retried
 * request makes one customer, one setup, one subscription and one charge.
 */

/** Why a payment failed, in the processor's terms (Stripe's decline codes, folded). */
export type PaymentFailure = 'declined' | 'insufficient_funds' | 'expired_card' | 'authentication_failed' | 'processing_error';

/** Where one payment stands. */
export type PaymentOutcome =
  | { status: 'succeeded'; paymentId: string }
  /** The bank asks the card holder to confirm (3-D Secure); the browser confirms with clientSecret. */
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  | { status: 'failed'; paymentId: string | null; failure: PaymentFailure };

export interface ProviderCard {
  /** The processor's id of the card (pm_…). */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ProviderSetup {
  id: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  /** The card this setup saved, once it succeeded. */
  paymentMethodId: string | null;
}

export interface StartSubscriptionInput {
  customerId: string;
  paymentMethodId: string;
  /** Each period's price, from the tier table. */
  amountCents: number;
  periodDays: number;
  /** Shown on the processor's invoice and the card statement. */
  description: string;
  /** Our ids, echoed back by webhooks (subscription id, company id, job id). */
  metadata: Record<string, string>;
}

export interface StartedSubscription {
  /** The processor's subscription; null when our renewal job bills each period (the test processor). */
  subscriptionId: string | null;
  /** The processor's invoice of the first period, when it keeps invoices. */
  invoiceId: string | null;
  payment: PaymentOutcome;
}

export interface ChargeInput {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
}

/** What a verified webhook tells billing, in our terms. Every event has the processor's unique id. */
export type ProviderEvent =
  | {
      id: string;
      type: 'invoice.paid';
      subscriptionId: string;
      invoiceId: string;
      paymentId: string | null;
      amountCents: number;
      periodStart: Date;
      periodEnd: Date;
      /** When the processor made the event; orders events that arrive out of order. */
      created: Date;
    }
  | {
      id: string;
      type: 'invoice.payment_failed';
      subscriptionId: string;
      invoiceId: string;
      amountCents: number;
      failure: PaymentFailure;
      /** The processor's next try, or null when it gives up. */
      nextAttemptAt: Date | null;
      created: Date;
    }
  | {
      id: string;
      type: 'subscription.updated';
      subscriptionId: string;
      status: 'incomplete' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete_expired' | 'trialing' | 'paused';
      cancelAtPeriodEnd: boolean;
      currentPeriodStart: Date | null;
      currentPeriodEnd: Date | null;
      created: Date;
    }
  | { id: string; type: 'subscription.deleted'; subscriptionId: string; created: Date }
  | { id: string; type: 'setup_intent.succeeded'; setupIntentId: string; customerId: string | null; paymentMethodId: string; created: Date }
  /** A verified event billing does not act on. */
  | { id: string; type: 'ignored'; providerType: string; created: Date };

/** A webhook whose signature is missing, wrong or stale: answered 400, nothing changes. */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser loads the processor's card form with; null for the test processor. */
  readonly publishableKey: string | null;
  /**
   * Who renews a boost each period. `scheduler`: our renewal job charges each period with
   * `charge` (the test processor). `provider`: the processor's subscription renews and tells us by
   * webhook (Stripe).
   */
  readonly renewals: 'scheduler' | 'provider';

  /** The company's customer at the processor. */
  createCustomer(input: { companyId: string; name: string; email: string }, idempotencyKey: string): Promise<string>;
  createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetup>;
  /** Null when the processor knows no such setup. */
  getSetupIntent(id: string): Promise<ProviderSetup | null>;
  /** Attaches a card a confirmed setup produced to the customer, and reads its details. */
  attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<ProviderCard>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** The card the processor charges when none is named (renewals). */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;

  /** Starts a boost and charges its first period at once. */
  startSubscription(input: StartSubscriptionInput, idempotencyKey: string): Promise<StartedSubscription>;
  /** Where a payment stands now (after the bank's confirmation of a first payment). */
  getPayment(paymentId: string): Promise<PaymentOutcome>;
  /** One off-session charge: a renewal or its retry, by our renewal job. */
  charge(input: ChargeInput, idempotencyKey: string): Promise<PaymentOutcome>;
  /** A new price or length from the next period (a processor's subscription only). */
  changeSubscription(
    subscriptionId: string,
    input: { amountCents: number; periodDays: number; description: string },
    idempotencyKey: string,
  ): Promise<void>;
  /** Stops renewing at the end of the paid period, recording why (a processor's subscription only). */
  cancelSubscription(subscriptionId: string, input: { reason: CancelReason; details: string }): Promise<void>;
  /** Ends a processor's subscription now (a company blacklisted or deactivated, a job closed). */
  endSubscription(subscriptionId: string): Promise<void>;

  /** Verifies a webhook on its raw body and reads it; throws WebhookSignatureError. */
  readWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
