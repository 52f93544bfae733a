import { z } from 'zod';
import { boostPlacements, type BoostPlacement } from './boost-placements.ts';
import { endpoint } from './endpoint.ts';
import { pagingQueryNumber } from './paging.ts';

/**
 * Billing (spec 2 §1, §3 Payment method, Payment info, Subscription, §4, §7 Subscriptions, §8):
 * an employer keeps payment methods and pays to boost job posts. A boost is a subscription to a
 * tier for a length of days; each period is charged in advance, invoiced and renews by itself
 * until cancelled. Prices are the server's (the tier table); an amount sent by a client is never
 * charged. Money is integer cents in USD.
 */

/** Product copy, word for word: the spec's payment failures (§8) and the messages of our own calls. */
export const BillingMessages = {
  // spec 2 §8
  loadPaymentInfo: 'Failed to load payment information',
  loadTiers: 'Failed to load boost tiers',
  loadMethods: 'Failed to load payment methods',
  addMethod: 'Failed to add payment method',
  setDefault: 'Failed to set default payment method',
  removeMethod: 'Failed to remove payment method',
  createSubscription: 'Failed to create subscription',
  loadSubscriptions: 'Failed to load subscriptions',
  cancelSubscription: 'Failed to cancel subscription',
  noPaymentInfo: 'No payment info returned from API',
  // our own
  tierNotFound: 'This boost tier was not found.',
  lengthNotOffered: 'Please choose a length this tier offers.',
  jobNotFound: 'This job was not found.',
  jobNotOpen: 'Only an open job can be boosted.',
  alreadyBoosted: 'This job is boosted already. Change its boost instead.',
  methodNotFound: 'This payment method was not found.',
  noPaymentMethod: 'Please add a card first.',
  methodInUse: 'This card pays for a boost. Make another card the default first.',
  setupNotFound: 'This card setup was not found. Please start again.',
  paymentNotFound: 'This payment was not found. Please start again.',
  subscriptionNotFound: 'This boost was not found.',
  invoiceNotFound: 'This invoice was not found.',
  notActive: 'This boost has ended already.',
  alreadyCancelled: 'This boost is cancelled already. It runs to the end of the period you paid for.',
  reason: 'Please choose a reason.',
  reasonDetails: 'Please tell us more in 500 characters or fewer.',
  idempotencyKey: 'Please try again.',
  cardNumber: 'Your card number is not valid.',
  cardExpiry: 'Your card has expired or its expiry date is not valid.',
  cardCvc: 'Your card’s security code is not valid.',
  declined: 'Your card was declined. Please use another card.',
  insufficientFunds: 'Your card has insufficient funds. Please use another card.',
  expiredCard: 'Your card has expired. Please use another card.',
  authenticationFailed: 'Your bank did not confirm this payment. Please try again or use another card.',
  requiresAction: 'Your bank asks you to confirm this payment.',
  processing: 'Your payment is being processed.',
  boosted: 'Your job is boosted.',
  changed: 'Your boost changes from the next period.',
  cancelled: 'Your boost is cancelled. It runs to the end of the period you paid for.',
  methodAdded: 'Your card is added.',
  defaultSet: 'Your default card is set.',
  methodRemoved: 'Your card is removed.',
  paymentsUnavailable: 'Payments are not set up on this server.',
  page: 'Please give a page number from 1.',
  pageSize: 'Please give a page size from 1 to 50.',
} as const;

// ---------- constants ----------

export const CURRENCY = 'USD';
/** Lengths a boost is sold for, in days. */
export const boostLengths = [7, 14, 30] as const;
export type BoostLength = (typeof boostLengths)[number];
export { boostPlacements, type BoostPlacement } from './boost-placements.ts';
export const BOOST_PLACEMENT_NAMES: Record<BoostPlacement, string> = {
  featuredStrip: 'Shown in the featured jobs near each job seeker',
  searchLift: 'Shown first in search results',
  badge: 'A “Featured” badge on the job',
  highlightedPin: 'A highlighted pin on the map',
};
/** Failed renewals are tried again this many times over a week before the boost is cancelled. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
export const INVOICE_PAGE_SIZE = 10;
export const SUBSCRIPTION_PAGE_SIZE = 10;

/** Where a boost stands. `incomplete`: the first payment waits for the bank; `past_due`: a renewal failed and is retried. */
export const subscriptionStatuses = ['incomplete', 'active', 'past_due', 'canceled', 'ended'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const SUBSCRIPTION_STATUS_NAMES: Record<SubscriptionStatus, string> = {
  incomplete: 'Awaiting payment',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Cancelled',
  ended: 'Ended',
};
/** The list filter of GET user: a status, or every boost. */
export const subscriptionFilters = ['all', 'current', ...subscriptionStatuses] as const;
export type SubscriptionFilter = (typeof subscriptionFilters)[number];

export const cancelReasons = ['position_filled', 'too_expensive', 'not_enough_applicants', 'trying_other_options', 'other'] as const;
export type CancelReason = (typeof cancelReasons)[number];
export const CANCEL_REASON_NAMES: Record<CancelReason, string> = {
  position_filled: 'The position is filled',
  too_expensive: 'It costs too much',
  not_enough_applicants: 'It did not bring enough applicants',
  trying_other_options: 'I am trying another way to hire',
  other: 'Another reason',
};

export const invoiceStatuses = ['paid', 'open', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const INVOICE_STATUS_NAMES: Record<InvoiceStatus, string> = { paid: 'Paid', open: 'Open', void: 'Void' };

/** Which processor takes the payments: the built-in test processor, or Stripe. */
export const paymentProviders = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** The built-in test processor's cards (test mode only): the number decides what happens, as with Stripe's test cards. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAuthentication: '4000002500003155',
  /** Saved like any card; every charge fails as expired (Stripe's 4000 0000 0000 0069). */
  expiredCard: '4000000000000069',
} as const;
export type TestCard = keyof typeof TEST_CARDS;
/** What each test card does, as the test card form lists it. */
export const TEST_CARD_NAMES: Record<TestCard, string> = {
  succeeds: 'Succeeds',
  declined: 'Declined',
  insufficientFunds: 'Insufficient funds',
  expiredCard: 'Expired',
  requiresAuthentication: 'Asks for the bank’s confirmation',
};

/**
 * Where the payment processor posts its events (Stripe's webhooks): a server route outside the
 * endpoint table, public, read on its raw body and verified by its signature.
 */
export const SUBSCRIPTIONS_WEBHOOK_PATH = '/api/subscriptions/webhook';

/** An invoice's number as people read it: INV-000042. Numbers run per company without gaps. */
export const invoiceNumberText = (n: number) => `INV-${String(n).padStart(6, '0')}`;
/** Cents as dollars, for display (formatMoney applies spec 2 §5's rounding). */
export const centsToDollars = (cents: number) => cents / 100;

// ---------- building blocks ----------

const id = (message: string) => z.uuid({ error: message });
const isoDate = z.string();
const tierId = z
  .string({ error: BillingMessages.tierNotFound })
  .trim()
  .min(1, BillingMessages.tierNotFound)
  .max(50, BillingMessages.tierNotFound);
const lengthDays = z.union([z.literal(7), z.literal(14), z.literal(30)], {
  error: BillingMessages.lengthNotOffered,
}) satisfies z.ZodType<BoostLength>;
/** One per attempt, made by the browser: a retried or double-clicked request charges once. */
const idempotencyKey = z
  .string({ error: BillingMessages.idempotencyKey })
  .trim()
  .min(8, BillingMessages.idempotencyKey)
  .max(100, BillingMessages.idempotencyKey);
const pageNumber = pagingQueryNumber(BillingMessages.page).default(1);
const pageSize = (fallback: number) => pagingQueryNumber(BillingMessages.pageSize, { max: 50 }).default(fallback);

// ---------- entities ----------

/** A tier's price for one length: the discount is against the 7-day rate times the weeks. */
export const tierPriceSchema = z.object({
  lengthDays: z.number().int(),
  priceCents: z.number().int(),
  /** What the same days would cost at the 7-day rate. */
  listCents: z.number().int(),
  discountPercentage: z.number(),
});
export type TierPrice = z.infer<typeof tierPriceSchema>;

export const boostTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  placements: z.array(z.enum(boostPlacements)),
  prices: z.array(tierPriceSchema),
});
export type BoostTier = z.infer<typeof boostTierSchema>;

/** A saved card: only the processor's token and what identifies the card to its owner are kept. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  /** The processor's id of the card (Stripe's pm_…). */
  paymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** MM/YY. */
  expiry: z.string(),
  isDefault: z.boolean(),
  createdAt: isoDate,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentInfoSchema = z.object({
  hasCustomer: z.boolean(),
  hasPaymentMethods: z.boolean(),
  paymentMethods: z.array(paymentMethodSchema),
  provider: z.enum(paymentProviders),
  /** Stripe's publishable key; null with the test processor. */
  publishableKey: z.string().nullable(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const setupIntentSchema = z.object({
  id: z.string(),
  /** What the browser confirms the card with (Stripe.js confirmCardSetup, or the test card form). */
  clientSecret: z.string(),
  status: z.enum(['requires_payment_method', 'succeeded', 'canceled']),
  provider: z.enum(paymentProviders),
  /** The card saved by this setup, once it succeeded. */
  paymentMethodId: z.string().nullable(),
});
export type SetupIntent = z.infer<typeof setupIntentSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  jobPostId: z.string(),
  jobTitle: z.string(),
  tierId: z.string(),
  tierName: z.string(),
  lengthDays: z.number().int(),
  /** What each period costs. */
  priceCents: z.number().int(),
  discountPercentage: z.number(),
  status: z.enum(subscriptionStatuses),
  currentPeriodStart: isoDate.nullable(),
  currentPeriodEnd: isoDate.nullable(),
  /** Cancelled: the boost runs to currentPeriodEnd and is not renewed. */
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: isoDate.nullable(),
  cancelReason: z.enum(cancelReasons).nullable(),
  cancelDetails: z.string().nullable(),
  /** A change of tier or length asked for, taking effect from the next period. */
  pendingChange: z
    .object({ tierId: z.string(), tierName: z.string(), lengthDays: z.number().int(), priceCents: z.number().int() })
    .nullable(),
  nextChargeAt: isoDate.nullable(),
  nextChargeCents: z.number().int().nullable(),
  paymentMethod: z.object({ id: z.string(), brand: z.string(), last4: z.string() }).nullable(),
  createdAt: isoDate,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** What creating a boost came to: boosted, or waiting for the bank's confirmation (clientSecret to confirm with). */
export const boostResultSchema = z.object({
  subscription: subscriptionSchema,
  /** The first period's invoice. */
  invoiceId: z.string().nullable(),
  /** Set when the bank asks the employer to confirm (3-D Secure): confirm, then call payment-intent. */
  clientSecret: z.string().nullable(),
});
export type BoostResult = z.infer<typeof boostResultSchema>;

export const budgetSchema = z.object({
  spentThisPeriodCents: z.number().int(),
  spentToDateCents: z.number().int(),
  nextChargeCents: z.number().int().nullable(),
  nextChargeAt: isoDate.nullable(),
  currency: z.literal(CURRENCY),
});
export type Budget = z.infer<typeof budgetSchema>;

export const boostAnalyticsSchema = z.object({
  /** While the job has been boosted under this subscription. */
  since: isoDate.nullable(),
  until: isoDate.nullable(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  applyStarts: z.number().int(),
  applications: z.number().int(),
  spentCents: z.number().int(),
  costPerClickCents: z.number().int().nullable(),
  costPerApplicationCents: z.number().int().nullable(),
});
export type BoostAnalytics = z.infer<typeof boostAnalyticsSchema>;

export const billingCycleSchema = z.object({
  number: z.number().int(),
  periodStart: isoDate,
  periodEnd: isoDate,
  amountCents: z.number().int(),
  /** upcoming: the next period, not charged yet. */
  status: z.enum(['paid', 'open', 'void', 'upcoming']),
  invoiceId: z.string().nullable(),
});
export type BillingCycle = z.infer<typeof billingCycleSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  /** Runs per company from 1 without gaps. */
  number: z.number().int(),
  numberText: z.string(),
  status: z.enum(invoiceStatuses),
  totalCents: z.number().int(),
  currency: z.literal(CURRENCY),
  issuedAt: isoDate,
  paidAt: isoDate.nullable(),
  subscriptionId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  company: z.object({ name: z.string(), address: z.string().nullable() }),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Why the last charge of an open invoice failed, in the employer's words. */
  failureMessage: z.string().nullable(),
  /** The PDF's address (with the bearer token). */
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// ---------- requests ----------

export const createBoostSchema = z.object({
  jobPostId: id(BillingMessages.jobNotFound),
  tierId,
  lengthDays,
  /** The card to charge; the default card when not given. */
  paymentMethodId: id(BillingMessages.methodNotFound).nullable().default(null),
  idempotencyKey,
});
export type CreateBoostRequest = z.input<typeof createBoostSchema>;

export const changeBoostSchema = z.object({ tierId, lengthDays });
export type ChangeBoostRequest = z.infer<typeof changeBoostSchema>;

export const cancelBoostSchema = z.object({
  reason: z.enum(cancelReasons, { error: BillingMessages.reason }),
  details: z.string({ error: BillingMessages.reasonDetails }).trim().max(500, BillingMessages.reasonDetails).default(''),
});
export type CancelBoostRequest = z.input<typeof cancelBoostSchema>;

/** After the bank's confirmation of a first payment: the server asks the processor where it stands. */
export const confirmPaymentSchema = z.object({ subscriptionId: id(BillingMessages.subscriptionNotFound) });

export const addMethodSchema = z.object({
  /** The processor's id of the card, from the confirmed setup. */
  providerId: z.string({ error: BillingMessages.methodNotFound }).trim().min(1, BillingMessages.methodNotFound).max(255),
  setAsDefault: z.boolean().default(false),
});
export type AddMethodRequest = z.input<typeof addMethodSchema>;

export const attachMethodSchema = z.object({
  setupIntentId: z.string({ error: BillingMessages.setupNotFound }).trim().min(1, BillingMessages.setupNotFound).max(255),
  paymentMethodId: z.string({ error: BillingMessages.methodNotFound }).trim().min(1, BillingMessages.methodNotFound).max(255),
});
export type AttachMethodRequest = z.infer<typeof attachMethodSchema>;

/** The test processor's card form (test mode only): what Stripe.js would send to Stripe. */
export const testCardSchema = z.object({
  setupIntentId: z.string({ error: BillingMessages.setupNotFound }).trim().min(1, BillingMessages.setupNotFound).max(255),
  number: z
    .string({ error: BillingMessages.cardNumber })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, BillingMessages.cardNumber)),
  expMonth: z.coerce
    .number({ error: BillingMessages.cardExpiry })
    .int(BillingMessages.cardExpiry)
    .min(1, BillingMessages.cardExpiry)
    .max(12, BillingMessages.cardExpiry),
  /** Two or four digits. */
  expYear: z.coerce
    .number({ error: BillingMessages.cardExpiry })
    .int(BillingMessages.cardExpiry)
    .min(0, BillingMessages.cardExpiry)
    .max(2100, BillingMessages.cardExpiry),
  cvc: z
    .string({ error: BillingMessages.cardCvc })
    .trim()
    .regex(/^\d{3,4}$/, BillingMessages.cardCvc),
});
export type TestCardRequest = z.input<typeof testCardSchema>;

/** The test processor's stand-in for the bank's 3-D Secure page. */
export const testAuthenticationSchema = z.object({
  clientSecret: z.string().trim().min(1).max(255),
  approve: z.boolean(),
});

const idParams = (message: string) => z.object({ id: id(message) });

// ---------- endpoints (spec 2 §7 Subscriptions) ----------

const tag = 'Billing';
const employer = ['Employer'] as const;
const staff = ['Recruiter', 'Employer'] as const;

export const boostTiers = endpoint({
  method: 'GET',
  path: '/api/subscriptions/boost-tiers',
  auth: 'signedIn',
  summary: 'The boost tiers on sale, with their prices per length and discounts',
  tag,
  response: z.array(boostTierSchema),
});

export const boostTier = endpoint({
  method: 'GET',
  path: '/api/subscriptions/boost-tiers/:id',
  auth: 'signedIn',
  summary: 'One boost tier',
  tag,
  params: z.object({ id: tierId }),
  response: boostTierSchema,
});

export const paymentInfo = endpoint({
  method: 'GET',
  path: '/api/subscriptions/payment-info',
  auth: employer,
  summary: "The company's billing customer and saved cards, and the processor in use",
  tag,
  response: paymentInfoSchema,
});

export const paymentMethods = endpoint({
  method: 'POST',
  path: '/api/subscriptions/payment-methods',
  auth: employer,
  summary: "The company's saved cards, the default first",
  tag,
  response: z.array(paymentMethodSchema),
});

export const userPaymentMethods = endpoint({
  method: 'GET',
  path: '/api/subscriptions/payment-methods/user/:userId',
  auth: employer,
  summary: "The saved cards of the caller's company (the user must be the caller)",
  tag,
  params: z.object({ userId: id(BillingMessages.methodNotFound) }),
  response: z.array(paymentMethodSchema),
});

export const storeSetupIntent = endpoint({
  method: 'POST',
  path: '/api/subscriptions/setup-intent/store',
  auth: employer,
  summary: 'Starts saving a card: makes the billing customer when needed and a setup the browser confirms',
  tag,
  response: setupIntentSchema,
  status: 201,
});

export const setupIntent = endpoint({
  method: 'GET',
  path: '/api/subscriptions/setup-intent/:id',
  auth: employer,
  summary: 'Where a card setup stands',
  tag,
  params: z.object({ id: z.string().trim().min(1, BillingMessages.setupNotFound).max(255, BillingMessages.setupNotFound) }),
  response: setupIntentSchema,
});

export const attachPaymentMethod = endpoint({
  method: 'POST',
  path: '/api/subscriptions/attach-payment-method',
  auth: employer,
  summary: "Saves the card a confirmed setup produced (the company's first card becomes the default)",
  tag,
  body: attachMethodSchema,
  response: paymentMethodSchema,
});

export const addPaymentMethod = endpoint({
  method: 'POST',
  path: '/api/subscriptions/payment-methods/add',
  auth: employer,
  summary: "Saves a card by the processor's id, the default when asked (or when it is the first)",
  tag,
  body: addMethodSchema,
  response: paymentMethodSchema,
});

export const setDefaultPaymentMethod = endpoint({
  method: 'PUT',
  path: '/api/subscriptions/payment-methods/:id/set-default',
  auth: employer,
  summary: 'Makes one card the default: only that one is',
  tag,
  params: idParams(BillingMessages.methodNotFound),
  response: z.array(paymentMethodSchema),
});

export const removePaymentMethod = endpoint({
  method: 'DELETE',
  path: '/api/subscriptions/payment-methods/:id',
  auth: employer,
  summary: 'Removes a card; the default card cannot be removed while a boost renews on it and another card exists to take over',
  tag,
  params: idParams(BillingMessages.methodNotFound),
  response: z.array(paymentMethodSchema),
});

export const testCard = endpoint({
  method: 'POST',
  path: '/api/subscriptions/test-processor/cards',
  auth: employer,
  summary: "Test mode only: the built-in processor's card form confirms a setup with a test card (404 with Stripe)",
  tag,
  body: testCardSchema,
  response: setupIntentSchema,
});

export const testAuthentication = endpoint({
  method: 'POST',
  path: '/api/subscriptions/test-processor/authenticate',
  auth: employer,
  summary: "Test mode only: the built-in processor's stand-in for the bank's confirmation page (404 with Stripe)",
  tag,
  body: testAuthenticationSchema,
  response: z.object({ status: z.enum(['succeeded', 'failed']) }),
});

export const createSubscription = endpoint({
  method: 'POST',
  path: '/api/subscriptions/create',
  auth: employer,
  summary: 'Boosts a job: charges the first period at the tier’s price and boosts the job at once (one boost per job)',
  tag,
  body: createBoostSchema,
  response: boostResultSchema,
  status: 201,
});

export const paymentSubscription = endpoint({
  ...createSubscription,
  path: '/api/subscriptions/payment-subscription',
  summary: 'The same as create, under the name the draft wizard uses',
});

export const paymentIntent = endpoint({
  method: 'POST',
  path: '/api/subscriptions/payment-intent',
  auth: employer,
  summary: 'After the bank confirmed a first payment: asks the processor and boosts the job when paid',
  tag,
  body: confirmPaymentSchema,
  response: boostResultSchema,
});

export const changeSubscription = endpoint({
  method: 'PUT',
  path: '/api/subscriptions/:id',
  auth: employer,
  summary: "Changes a boost's tier or length from its next period",
  tag,
  params: idParams(BillingMessages.subscriptionNotFound),
  body: changeBoostSchema,
  response: subscriptionSchema,
});

export const cancelSubscription = endpoint({
  method: 'POST',
  path: '/api/subscriptions/:id/cancel',
  auth: employer,
  summary: 'Cancels a boost with a reason: it runs to the end of the paid period and nothing more is charged',
  tag,
  params: idParams(BillingMessages.subscriptionNotFound),
  body: cancelBoostSchema,
  response: subscriptionSchema,
});

export const subscription = endpoint({
  method: 'GET',
  path: '/api/subscriptions/:id',
  auth: staff,
  summary: "One of the company's boosts",
  tag,
  params: idParams(BillingMessages.subscriptionNotFound),
  response: subscriptionSchema,
});

export const userSubscriptions = endpoint({
  method: 'GET',
  path: '/api/subscriptions/user',
  auth: staff,
  summary: "The company's boosts, newest first, by status (current: active, past due or awaiting payment)",
  tag,
  query: z.object({
    status: z.enum(subscriptionFilters, { error: 'Please choose a status from the list.' }).default('all'),
    jobPostId: id(BillingMessages.jobNotFound).optional(),
    pageNumber,
    pageSize: pageSize(SUBSCRIPTION_PAGE_SIZE),
  }),
  response: z.object({ items: z.array(subscriptionSchema), total: z.number().int() }),
});

export const subscriptionBudget = endpoint({
  method: 'GET',
  path: '/api/subscriptions/:id/budget',
  auth: employer,
  summary: "A boost's spending: this period, to date, and the next charge",
  tag,
  params: idParams(BillingMessages.subscriptionNotFound),
  response: budgetSchema,
});

export const subscriptionAnalytics = endpoint({
  method: 'GET',
  path: '/api/subscriptions/:id/analytics',
  auth: staff,
  summary: 'What a boost brought while it ran: impressions, clicks, apply starts, applications, and their cost',
  tag,
  params: idParams(BillingMessages.subscriptionNotFound),
  response: boostAnalyticsSchema,
});

export const billingCycles = endpoint({
  method: 'GET',
  path: '/api/subscriptions/:id/billing-cycles',
  auth: employer,
  summary: "A boost's periods, each with its charge and invoice, and the next one",
  tag,
  params: idParams(BillingMessages.subscriptionNotFound),
  response: z.array(billingCycleSchema),
});

export const invoices = endpoint({
  method: 'GET',
  path: '/api/subscriptions/invoices',
  auth: employer,
  summary: "The company's invoices, newest first",
  tag,
  query: z.object({ pageNumber, pageSize: pageSize(INVOICE_PAGE_SIZE) }),
  response: z.object({ items: z.array(invoiceSummarySchema), total: z.number().int() }),
});

export const invoice = endpoint({
  method: 'GET',
  path: '/api/subscriptions/invoices/:id',
  auth: employer,
  summary: 'One invoice with its lines',
  tag,
  params: idParams(BillingMessages.invoiceNotFound),
  response: invoiceSchema,
});

export const invoicePdf = endpoint({
  method: 'GET',
  path: '/api/subscriptions/invoices/:id/pdf',
  auth: employer,
  summary: 'One invoice as a PDF, to download',
  tag,
  params: idParams(BillingMessages.invoiceNotFound),
  response: z.unknown(),
  download: ['application/pdf'],
});
