import type { Stripe } from '@stripe/stripe-js';
import { fromPromise } from 'xstate';
import type {
  BillingCycle,
  BoostAnalytics,
  BoostResult,
  BoostTier,
  Budget,
  Invoice,
  InvoiceSummary,
  PaymentInfo,
  PaymentMethod,
  SetupIntent,
  Subscription,
} from '../../contract/billing.ts';
import { invoiceNumberText } from '../../contract/billing.ts';
import { boostTiersMachine } from '../../machines/billing/boost-tiers.machine.ts';
import { boostMachine, type BoostLoaded, type CreateInput, type CreateOutcome } from '../../machines/billing/boost.machine.ts';
import {
  cardFormMachine,
  type CardFormInput,
  type ConfirmSetupInput,
  type PreparedSetup,
} from '../../machines/billing/card-form.machine.ts';
import { invoiceMachine } from '../../machines/billing/invoice.machine.ts';
import { invoicesMachine, type InvoiceListPage } from '../../machines/billing/invoices.machine.ts';
import { jobBoostMachine } from '../../machines/billing/job-boost.machine.ts';
import { paymentMethodsMachine } from '../../machines/billing/payment-methods.machine.ts';
import {
  subscriptionsMachine,
  type BoostDetail,
  type CancelInput,
  type ChangeInput,
  type SubscriptionPage,
  type SubscriptionsQuery,
} from '../../machines/billing/subscriptions.machine.ts';
import type { DownloadedFile } from '../../services/transfer.ts';

/*
 * A company's billing as the demo shows it: the tiers on sale, two cards, boosts in every status,
 * invoices; and a stand-in for Stripe.js that Stripe's card form can mount in stories and tests.
 */

/** The job the demo boosts are for. */
export const demoBoostJob = { id: '7d1e0000-0000-4000-8000-000000000001', title: 'Registered Nurse, Night Shift' };

export const demoTiers: BoostTier[] = [
  {
    id: 'standard',
    name: 'Standard',
    description: 'Your job first in the searches it matches.',
    placements: ['searchLift', 'badge'],
    prices: [
      { lengthDays: 7, priceCents: 2900, listCents: 2900, discountPercentage: 0 },
      { lengthDays: 14, priceCents: 5200, listCents: 5800, discountPercentage: 10 },
      { lengthDays: 30, priceCents: 9900, listCents: 12429, discountPercentage: 20 },
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'Everywhere a job seeker looks: featured near them, first in search, and on the map.',
    placements: ['featuredStrip', 'searchLift', 'badge', 'highlightedPin'],
    prices: [
      { lengthDays: 7, priceCents: 4900, listCents: 4900, discountPercentage: 0 },
      { lengthDays: 14, priceCents: 8800, listCents: 9800, discountPercentage: 10 },
      { lengthDays: 30, priceCents: 16800, listCents: 21000, discountPercentage: 20 },
    ],
  },
];

const card = (id: string, brand: string, last4: string, expMonth: number, expYear: number, isDefault: boolean): PaymentMethod => ({
  id,
  paymentMethodId: `pm_${id}`,
  brand,
  last4,
  expMonth,
  expYear,
  expiry: `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`,
  isDefault,
  createdAt: '2026-01-05T10:00:00.000Z',
});

export const visa = card('c0000000-0000-4000-8000-000000000001', 'visa', '4242', 12, 2028, true);
export const mastercard = card('c0000000-0000-4000-8000-000000000002', 'mastercard', '4444', 3, 2027, false);
/** The card the demo card form adds. */
export const amex = card('c0000000-0000-4000-8000-000000000003', 'amex', '0005', 9, 2029, false);
export const demoCards: PaymentMethod[] = [visa, mastercard];

export const paymentInfoWith = (paymentMethods: PaymentMethod[] = demoCards, provider: PaymentInfo['provider'] = 'test'): PaymentInfo => ({
  hasCustomer: true,
  hasPaymentMethods: paymentMethods.length > 0,
  paymentMethods,
  provider,
  publishableKey: provider === 'stripe' ? 'pk_test_stand_in' : null,
});

export const demoSetup = (provider: SetupIntent['provider'] = 'test'): SetupIntent => ({
  id: 'seti_demo',
  clientSecret: 'seti_demo_secret',
  status: 'requires_payment_method',
  provider,
  paymentMethodId: null,
});

const subscription = (over: Partial<Subscription> & Pick<Subscription, 'id'>): Subscription => ({
  jobPostId: demoBoostJob.id,
  jobTitle: demoBoostJob.title,
  tierId: 'premium',
  tierName: 'Premium',
  lengthDays: 30,
  priceCents: 16800,
  discountPercentage: 20,
  status: 'active',
  currentPeriodStart: '2026-03-01T00:00:00.000Z',
  currentPeriodEnd: '2026-03-31T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  cancelReason: null,
  cancelDetails: null,
  pendingChange: null,
  nextChargeAt: '2026-03-31T00:00:00.000Z',
  nextChargeCents: 16800,
  paymentMethod: { id: visa.id, brand: visa.brand, last4: visa.last4 },
  createdAt: '2026-03-01T00:00:00.000Z',
  ...over,
});

export const activeBoost = subscription({ id: 's0000000-0000-4000-8000-000000000001' });
export const weeklyBoost = subscription({
  id: 's0000000-0000-4000-8000-000000000002',
  jobPostId: '7d1e0000-0000-4000-8000-000000000002',
  jobTitle: 'Warehouse Associate',
  tierId: 'standard',
  tierName: 'Standard',
  lengthDays: 7,
  priceCents: 2900,
  discountPercentage: 0,
  currentPeriodStart: '2026-03-10T00:00:00.000Z',
  currentPeriodEnd: '2026-03-17T00:00:00.000Z',
  nextChargeAt: '2026-03-17T00:00:00.000Z',
  nextChargeCents: 5200,
  pendingChange: { tierId: 'standard', tierName: 'Standard', lengthDays: 14, priceCents: 5200 },
  paymentMethod: { id: mastercard.id, brand: mastercard.brand, last4: mastercard.last4 },
});
export const pastDueBoost = subscription({
  id: 's0000000-0000-4000-8000-000000000003',
  jobPostId: '7d1e0000-0000-4000-8000-000000000003',
  jobTitle: 'Line Cook',
  status: 'past_due',
  tierId: 'standard',
  tierName: 'Standard',
  lengthDays: 14,
  priceCents: 5200,
  discountPercentage: 10,
  nextChargeAt: '2026-03-18T00:00:00.000Z',
  nextChargeCents: 5200,
});
export const cancelledBoost = subscription({
  id: 's0000000-0000-4000-8000-000000000004',
  jobPostId: '7d1e0000-0000-4000-8000-000000000004',
  jobTitle: 'Delivery Driver',
  status: 'canceled',
  cancelAtPeriodEnd: true,
  canceledAt: '2026-03-05T00:00:00.000Z',
  cancelReason: 'position_filled',
  cancelDetails: null,
  nextChargeAt: null,
  nextChargeCents: null,
});
export const demoBoosts: Subscription[] = [activeBoost, weeklyBoost, pastDueBoost, cancelledBoost];

/** The active boost once cancelled: it runs to the end of its period. */
export const cancelledActive: Subscription = {
  ...activeBoost,
  cancelAtPeriodEnd: true,
  canceledAt: '2026-03-15T00:00:00.000Z',
  cancelReason: 'too_expensive',
  nextChargeAt: null,
  nextChargeCents: null,
};

export const demoBudget: Budget = {
  spentThisPeriodCents: 16800,
  spentToDateCents: 33600,
  nextChargeCents: 16800,
  nextChargeAt: '2026-03-31T00:00:00.000Z',
  currency: 'USD',
};
export const demoAnalytics: BoostAnalytics = {
  since: '2026-02-01T00:00:00.000Z',
  until: null,
  impressions: 12840,
  clicks: 412,
  applyStarts: 61,
  applications: 24,
  spentCents: 33600,
  costPerClickCents: 82,
  costPerApplicationCents: 1400,
};
export const demoCycles: BillingCycle[] = [
  {
    number: 1,
    periodStart: '2026-02-01T00:00:00.000Z',
    periodEnd: '2026-03-01T00:00:00.000Z',
    amountCents: 16800,
    status: 'paid',
    invoiceId: 'i0000000-0000-4000-8000-000000000001',
  },
  {
    number: 2,
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-03-31T00:00:00.000Z',
    amountCents: 16800,
    status: 'paid',
    invoiceId: 'i0000000-0000-4000-8000-000000000002',
  },
  {
    number: 3,
    periodStart: '2026-03-31T00:00:00.000Z',
    periodEnd: '2026-04-30T00:00:00.000Z',
    amountCents: 16800,
    status: 'upcoming',
    invoiceId: null,
  },
];
export const demoDetail: BoostDetail = { budget: demoBudget, analytics: demoAnalytics, cycles: demoCycles };

const invoiceSummary = (n: number, over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: `i0000000-0000-4000-8000-00000000000${n}`,
  number: n,
  numberText: invoiceNumberText(n),
  status: 'paid',
  totalCents: 16800,
  currency: 'USD',
  issuedAt: `2026-0${n + 1}-01T00:00:00.000Z`,
  paidAt: `2026-0${n + 1}-01T00:00:05.000Z`,
  subscriptionId: activeBoost.id,
  jobTitle: demoBoostJob.title,
  periodStart: `2026-0${n + 1}-01T00:00:00.000Z`,
  periodEnd: `2026-0${n + 2}-01T00:00:00.000Z`,
  ...over,
});
export const demoInvoices: InvoiceSummary[] = [
  invoiceSummary(3, { status: 'open', paidAt: null, totalCents: 5200, jobTitle: 'Line Cook', subscriptionId: pastDueBoost.id }),
  invoiceSummary(2),
  invoiceSummary(1),
];

export const demoInvoice: Invoice = {
  ...invoiceSummary(2),
  lines: [{ description: 'Premium boost, 30 days: Registered Nurse, Night Shift', quantity: 1, unitCents: 21000, amountCents: 21000 }],
  subtotalCents: 21000,
  discountCents: 4200,
  company: { name: 'Demo Hiring Co.', address: '500 Main St, Vancouver, WA 98660' },
  paymentMethod: { brand: 'visa', last4: '4242' },
  failureMessage: null,
  pdfUrl: '/api/subscriptions/invoices/i0000000-0000-4000-8000-000000000002/pdf',
};

/** What the server answers a boost: made and paid, or waiting for the bank. */
export const boostedResult = (over: Partial<Subscription> = {}): BoostResult => ({
  subscription: { ...activeBoost, ...over },
  invoiceId: 'i0000000-0000-4000-8000-000000000009',
  clientSecret: null,
});
export const awaitingBankResult = (): BoostResult => ({
  subscription: { ...activeBoost, status: 'incomplete', currentPeriodStart: null, currentPeriodEnd: null },
  invoiceId: null,
  clientSecret: 'pi_demo_secret',
});

export interface StripeStandIn {
  stripe: Stripe;
  /** Client secrets confirmed, in order. */
  setups: string[];
  payments: string[];
}

/**
 * A stand-in for Stripe.js: what Stripe's card form (Elements and CardElement) and the billing
 * machines call, answering as Stripe's test mode would. `refuse` makes a card setup fail with
 * Stripe's error code.
 */
export function stripeStandIn(options: { refuse?: { code: string; decline_code?: string; message?: string } } = {}): StripeStandIn {
  const setups: string[] = [];
  const payments: string[] = [];
  const listeners = new Map<string, Set<(e: unknown) => void>>();
  const element = {
    mount(node: HTMLElement | string) {
      const host = typeof node === 'string' ? document.querySelector(node) : node;
      if (!host) return;
      const frame = document.createElement('div');
      frame.className = 'text-sm text-muted';
      frame.textContent = 'Card number, expiry and CVC (Stripe’s secure field)';
      frame.dataset.stripeStandIn = 'card';
      host.append(frame);
      setTimeout(() => listeners.get('ready')?.forEach((f) => f(element)), 0);
    },
    on(event: string, handler: (e: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(handler);
      return element;
    },
    off(event: string, handler: (e: unknown) => void) {
      listeners.get(event)?.delete(handler);
      return element;
    },
    update() {},
    focus() {},
    blur() {},
    clear() {},
    unmount() {},
    destroy() {},
  };
  const elements = { create: () => element, getElement: () => element, update() {}, fetchUpdates: async () => ({}) };
  const stripe = {
    elements: () => elements,
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardSetup: async (clientSecret: string) => {
      setups.push(clientSecret);
      if (options.refuse) return { error: { type: 'card_error', ...options.refuse } };
      return { setupIntent: { id: 'seti_demo', status: 'succeeded', payment_method: 'pm_stand_in' } };
    },
    confirmCardPayment: async (clientSecret: string) => {
      payments.push(clientSecret);
      return { paymentIntent: { id: 'pi_demo', status: 'succeeded' } };
    },
    _registerWrapper() {},
    registerAppInfo() {},
  };
  return { stripe: stripe as unknown as Stripe, setups, payments };
}

// ---------- pretend servers for the stories ----------

const pause = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const forever = <T>() => new Promise<T>(() => {});

/** The card form over a pretend processor: the setup comes at once, a card is saved after a moment; `hold` keeps a card being confirmed. */
export const storyCardFormLogic = (stripe: Stripe | null = null, hold = false) =>
  cardFormMachine.provide({
    actors: {
      prepare: fromPromise<PreparedSetup, Pick<CardFormInput, 'provider' | 'publishableKey'>>(({ input }) =>
        pause(400, { setup: demoSetup(input.provider), stripe: input.provider === 'stripe' ? stripe : null }),
      ),
      ...(stripe && !hold
        ? {}
        : { confirmSetup: fromPromise<string, ConfirmSetupInput>(() => (hold ? forever() : pause(600, 'pm_test_story'))) }),
      addMethod: fromPromise<PaymentMethod, { providerId: string; setAsDefault: boolean }>(({ input }) =>
        pause(500, { ...amex, isDefault: input.setAsDefault }),
      ),
    },
  });

/** The cards over a pretend server; `busy` holds every change in flight, so a story stays in it. */
export const storyCardsLogic = (options: { info?: PaymentInfo; busy?: boolean } = {}) =>
  paymentMethodsMachine.provide({
    actors: {
      load: fromPromise<PaymentInfo>(() => pause(500, options.info ?? paymentInfoWith())),
      setDefault: fromPromise<PaymentMethod[], { id: string }>(() => (options.busy ? forever() : pause(500, []))),
      remove: fromPromise<PaymentMethod[], { id: string }>(() => (options.busy ? forever() : pause(500, []))),
      cardForm: storyCardFormLogic(options.info?.provider === 'stripe' ? stripeStandIn().stripe : null),
    },
  });

/** The boosts over a pretend server. */
export const storyBoostsLogic = (options: { busy?: boolean } = {}) =>
  subscriptionsMachine.provide({
    actors: {
      load: fromPromise<SubscriptionPage, SubscriptionsQuery>(({ input }) => {
        const items = demoBoosts.filter(
          (s) => input.status === 'all' || s.status === input.status || (input.status === 'current' && s.status !== 'canceled'),
        );
        return pause(500, { items, total: items.length });
      }),
      cancel: fromPromise<Subscription, CancelInput>(() => (options.busy ? forever() : pause(600, cancelledActive))),
      loadTiers: fromPromise<BoostTier[]>(() => pause(400, demoTiers)),
      change: fromPromise<Subscription, ChangeInput>(({ input }) =>
        options.busy ? forever() : pause(600, demoBoosts.find((s) => s.id === input.id) ?? activeBoost),
      ),
      loadDetail: fromPromise<BoostDetail, { id: string }>(() => pause(500, demoDetail)),
    },
  });

export const storyInvoicesLogic = invoicesMachine.provide({
  actors: {
    load: fromPromise<InvoiceListPage, { pageNumber: number }>(() => pause(500, { items: demoInvoices, total: demoInvoices.length })),
  },
});

export const storyInvoiceLogic = invoiceMachine.provide({
  actors: {
    load: fromPromise<Invoice, { id: string }>(() => pause(500, demoInvoice)),
    download: fromPromise<DownloadedFile, { id: string }>(() =>
      pause(800, { blob: new Blob(['%PDF-1.7 story'], { type: 'application/pdf' }), filename: `${demoInvoice.numberText}.pdf` }),
    ),
  },
});

/**
 * The boost dialog over a pretend server: pays at once, or asks for the bank's confirmation first;
 * `hold` keeps a payment and the bank's answer in flight, so a story stays in that state.
 */
export const storyBoostLogic = (
  options: { provider?: PaymentInfo['provider']; bank?: boolean; methods?: PaymentMethod[]; hold?: boolean } = {},
) => {
  const stand = stripeStandIn();
  return boostMachine.provide({
    actors: {
      load: fromPromise<BoostLoaded>(() => pause(500, { tiers: demoTiers, info: paymentInfoWith(options.methods, options.provider) })),
      create: fromPromise<CreateOutcome, CreateInput>(() => {
        if (options.hold) return forever();
        const outcome: CreateOutcome = options.bank
          ? { result: awaitingBankResult(), code: 'boost.requiresAction' }
          : { result: boostedResult(), code: 'boost.created' };
        return pause(900, outcome);
      }),
      testAuthenticate: fromPromise<void, { clientSecret: string; approve: boolean }>(() => pause(400, undefined)),
      processorAuthenticate: fromPromise<void, { publishableKey: string; clientSecret: string }>(async ({ input }) => {
        await stand.stripe.confirmCardPayment(input.clientSecret);
      }),
      confirmPayment: fromPromise<CreateOutcome, { subscriptionId: string }>(() =>
        options.hold ? forever() : pause(600, { result: boostedResult(), code: null }),
      ),
      cardForm: storyCardFormLogic(options.provider === 'stripe' ? stand.stripe : null),
    },
  });
};

export const storyTiersLogic = boostTiersMachine.provide({ actors: { load: fromPromise<BoostTier[]>(() => pause(400, demoTiers)) } });

export const storyJobBoostLogic = (current: Subscription | null) =>
  jobBoostMachine.provide({
    actors: {
      load: fromPromise<Subscription | null, { jobId: string }>(() => pause(300, current)),
      loadAnalytics: fromPromise<BoostAnalytics, { subscriptionId: string }>(() => pause(300, demoAnalytics)),
    },
  });
