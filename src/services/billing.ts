import * as ep from '../contract/billing.ts';
import type {
  AddMethodRequest,
  AttachMethodRequest,
  CancelBoostRequest,
  ChangeBoostRequest,
  CreateBoostRequest,
  SubscriptionFilter,
  TestCardRequest,
} from '../contract/billing.ts';
import { call } from './http.ts';
import { download } from './transfer.ts';

/**
 * `quiet`: the caller tells the user itself, in the words of spec 2 §8 ("Failed to load boost
 * tiers"…), so a failure raises no toast of its own here.
 */
export interface BillingCallOptions {
  signal?: AbortSignal | undefined;
  quiet?: boolean;
}

/** Typed calls of billing (spec 2 §7 Subscriptions): boost tiers, cards, boosts and invoices. */
export const billingService = {
  // ---------- tiers ----------
  tiers: (o: BillingCallOptions = {}) => call(ep.boostTiers, {}, o),
  tier: (id: string, o: BillingCallOptions = {}) => call(ep.boostTier, { params: { id } }, o),

  // ---------- cards ----------
  /** The company's billing customer, its cards and the processor in use. */
  paymentInfo: (o: BillingCallOptions = {}) => call(ep.paymentInfo, {}, o),
  /** The company's cards, the default first. */
  paymentMethods: (o: BillingCallOptions = {}) => call(ep.paymentMethods, {}, o),
  userPaymentMethods: (userId: string, o: BillingCallOptions = {}) => call(ep.userPaymentMethods, { params: { userId } }, o),
  /** Starts saving a card: a setup the processor's card form confirms. */
  storeSetupIntent: (o: BillingCallOptions = {}) => call(ep.storeSetupIntent, {}, o),
  setupIntent: (id: string, o: BillingCallOptions = {}) => call(ep.setupIntent, { params: { id } }, o),
  attachPaymentMethod: (body: AttachMethodRequest, o: BillingCallOptions = {}) => call(ep.attachPaymentMethod, { body }, o),
  addPaymentMethod: (body: AddMethodRequest, o: BillingCallOptions = {}) => call(ep.addPaymentMethod, { body }, o),
  setDefaultPaymentMethod: (id: string, o: BillingCallOptions = {}) => call(ep.setDefaultPaymentMethod, { params: { id } }, o),
  removePaymentMethod: (id: string, o: BillingCallOptions = {}) => call(ep.removePaymentMethod, { params: { id } }, o),

  // ---------- the built-in test processor (test mode only) ----------
  /** The test card form: confirms a setup with a test card number (card.invalid places a refused field). */
  testCard: (body: TestCardRequest, o: BillingCallOptions = {}) => call(ep.testCard, { body }, o),
  /** The test processor's stand-in for the bank's confirmation page: approve or fail a payment. */
  testAuthentication: (body: { clientSecret: string; approve: boolean }, o: BillingCallOptions = {}) =>
    call(ep.testAuthentication, { body }, o),

  // ---------- boosts ----------
  /** Boosts a job; the answer's code tells boosted (boost.created) from waiting for the bank (boost.requiresAction). */
  create: (body: CreateBoostRequest, o: BillingCallOptions = {}) => call(ep.createSubscription, { body }, o),
  /** The same as create, under the name the draft wizard uses. */
  createFromDraft: (body: CreateBoostRequest, o: BillingCallOptions = {}) => call(ep.paymentSubscription, { body }, o),
  /** After the bank confirmed a first payment: where the boost stands. */
  confirmPayment: (subscriptionId: string, o: BillingCallOptions = {}) => call(ep.paymentIntent, { body: { subscriptionId } }, o),
  change: (id: string, body: ChangeBoostRequest, o: BillingCallOptions = {}) => call(ep.changeSubscription, { params: { id }, body }, o),
  cancel: (id: string, body: CancelBoostRequest, o: BillingCallOptions = {}) => call(ep.cancelSubscription, { params: { id }, body }, o),
  subscription: (id: string, o: BillingCallOptions = {}) => call(ep.subscription, { params: { id } }, o),
  /** One page of the company's boosts, newest first, by status; or the boosts of one job. */
  subscriptions: (
    query: { status?: SubscriptionFilter; jobPostId?: string; pageNumber?: number; pageSize?: number },
    o: BillingCallOptions = {},
  ) => call(ep.userSubscriptions, { query }, o),
  budget: (id: string, o: BillingCallOptions = {}) => call(ep.subscriptionBudget, { params: { id } }, o),
  analytics: (id: string, o: BillingCallOptions = {}) => call(ep.subscriptionAnalytics, { params: { id } }, o),
  billingCycles: (id: string, o: BillingCallOptions = {}) => call(ep.billingCycles, { params: { id } }, o),

  // ---------- invoices ----------
  invoices: (query: { pageNumber?: number; pageSize?: number }, o: BillingCallOptions = {}) => call(ep.invoices, { query }, o),
  invoice: (id: string, o: BillingCallOptions = {}) => call(ep.invoice, { params: { id } }, o),
  /** The invoice as a PDF, fetched with the bearer token for the page to save. */
  invoicePdf: (id: string, o: BillingCallOptions = {}) => download(ep.invoicePdf, { params: { id } }, o.signal ? { signal: o.signal } : {}),
};
