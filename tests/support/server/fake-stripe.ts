import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for Stripe's API, started on 127.0.0.1 by a test: the calls the Stripe adapter
 * makes, answered as Stripe answers them (form-encoded requests, JSON objects in the API version
 * of the installed `stripe` package, Stripe-shaped errors). State lives in memory. Every request
 * is recorded with its parsed body and Idempotency-Key, and a POST repeated with the same key is
 * answered with the first answer, creating nothing; the same key with other parameters is refused,
 * as Stripe refuses it.
 *
 * The test cards behave like Stripe's: `pm_card_visa` and `pm_card_mastercard` pay,
 * `pm_card_chargeDeclined` is declined (card_declined / generic_decline),
 * `pm_card_chargeDeclinedInsufficientFunds` has insufficient funds,
 * `pm_card_chargeDeclinedExpiredCard` has expired, and `pm_card_authenticationRequired` asks for
 * 3-D Secure (requires_action on session, authentication_required off session). Attaching a test
 * card makes a new payment method with its own id, as Stripe does.
 *
 * Time at the fake is Stripe's: `renew` and `endNow` do what Stripe does when a period ends, and
 * `event` makes the event Stripe would send a webhook endpoint about an object as it stands.
 */

export type Form = { [key: string]: FormValue };
export type FormValue = string | Form | FormValue[];

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body (or, for GET and DELETE, the query) with Stripe's brackets made into objects and arrays. */
  body: Form;
  idempotencyKey: string | null;
}

type Behavior = 'pays' | 'declined' | 'insufficient_funds' | 'expired_card' | 'authentication_required';

interface Card {
  brand: string;
  last4: string;
  behavior: Behavior;
}

export const TEST_CARDS: Record<string, Card> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behavior: 'pays' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behavior: 'pays' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behavior: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behavior: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', behavior: 'expired_card' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behavior: 'authentication_required' },
};

/** Stripe's answers for each failing card: status 402, `{ error: { type: 'card_error', … } }`. */
const DECLINES: Record<Exclude<Behavior, 'pays'>, { code: string; decline_code: string; message: string }> = {
  declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

type Obj = Record<string, unknown> & { id: string; object: string };

interface State {
  objects: Map<string, Obj>;
  /** Each payment method's card behaviour (not part of Stripe's answer). */
  behaviors: Map<string, Behavior>;
  /** The invoice each invoice PaymentIntent pays. */
  invoiceOfPayment: Map<string, string>;
}

export interface FakeStripe {
  /** Give these to the adapter: `{ host: '127.0.0.1', port, protocol: 'http' }`. */
  port: number;
  requests: FakeStripeRequest[];
  /** The requests to one method and path (`POST /v1/subscriptions`); `:id` matches any id. */
  calls(method: string, path: string): FakeStripeRequest[];
  /** An object as Stripe holds it now. */
  get<T = Obj>(id: string): T;
  /** How many objects of one kind exist (`customer`, `subscription`, `payment_intent`…). */
  count(object: string): number;
  /** What Stripe.js does in the browser: confirms a setup with a test card, which attaches a new card to the setup's customer. */
  confirmSetupIntent(setupIntentId: string, testCard: keyof typeof TEST_CARDS): string;
  /** The bank's confirmation page: the card holder approves (the payment succeeds) or fails it. */
  authenticate(paymentIntentId: string, approve: boolean): void;
  /**
   * A subscription's period ends and it renews, as Stripe renews it: the next period starts and is
   * invoiced, and the invoice is charged off session to the subscription's default card, else the
   * customer's. A declined charge leaves the invoice open with a next try and the subscription
   * past_due. Answers the new invoice's id.
   */
  renew(subscriptionId: string): string;
  /** Stripe ends a subscription now: its payment retries are used up, or its cancelled period is over. */
  endNow(subscriptionId: string): void;
  /**
   * The event Stripe sends a webhook endpoint about an object as it stands now (includable fields,
   * such as an invoice's payments, left out). `created` (seconds) defaults to now.
   */
  event(type: string, objectId: string, options?: { created?: number; previousAttributes?: Record<string, unknown> }): StripeEvent;
  close(): Promise<void>;
}

/** An event as Stripe posts it (the adapter reads it with stripe.webhooks.constructEvent). */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Obj; previous_attributes?: Record<string, unknown> };
}

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const state: State = { objects: new Map(), behaviors: new Map(), invoiceOfPayment: new Map() };
  const requests: FakeStripeRequest[] = [];
  /** The first answer to each idempotency key, as it was then (JSON), so a replay shows no later change. */
  const replies = new Map<string, { fingerprint: string; status: number; body: string }>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const text = method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
      const body = parseForm(text);
      const key = header(req.headers['idempotency-key']);
      requests.push({ method, path: url.pathname, body, idempotencyKey: key });
      const send = (status: number, payload: unknown, replayed = false) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
          ...(replayed && { 'idempotent-replayed': 'true' }),
        });
        res.end(JSON.stringify(payload));
      };
      if (header(req.headers.authorization) !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        return;
      }
      const fingerprint = `${method} ${url.pathname} ${JSON.stringify(body)}`;
      if (method === 'POST' && key) {
        const earlier = replies.get(key);
        if (earlier && earlier.fingerprint !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          });
          return;
        }
        if (earlier) {
          send(earlier.status, JSON.parse(earlier.body), true);
          return;
        }
      }
      let status = 200;
      let payload: unknown;
      try {
        payload = route(state, method, url.pathname, body);
      } catch (err) {
        // A bug of the fake's own answers 500, as Stripe's would, with what went wrong.
        status = err instanceof StripeFailure ? err.status : 500;
        payload = { error: err instanceof StripeFailure ? err.error : { type: 'api_error', message: String(err) } };
      }
      // Stripe keeps the result of a request that ran (a declined card's 402 too), not of one refused before it ran.
      if (method === 'POST' && key && (status === 200 || status === 402)) {
        replies.set(key, { fingerprint, status, body: JSON.stringify(payload) });
      }
      send(status, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    calls(method, path) {
      const pattern = new RegExp(`^${path.replace(/:id/g, '[^/]+')}$`);
      return requests.filter((r) => r.method === method && pattern.test(r.path));
    },
    get<T>(id: string) {
      return find(state, id) as T;
    },
    count(object) {
      return [...state.objects.values()].filter((o) => o.object === object).length;
    },
    confirmSetupIntent(setupIntentId, testCard) {
      const setup = find(state, setupIntentId);
      const method = cloneTestCard(state, testCard);
      method.customer = setup.customer;
      setup.status = 'succeeded';
      setup.payment_method = method.id;
      return method.id;
    },
    authenticate(paymentIntentId, approve) {
      const intent = find(state, paymentIntentId);
      if (intent.status !== 'requires_action') throw new Error(`${paymentIntentId} is ${String(intent.status)}`);
      if (approve) succeed(state, intent);
      else {
        intent.status = 'requires_payment_method';
        intent.next_action = null;
        intent.last_payment_error = {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
      }
    },
    renew(subscriptionId) {
      const subscription = find(state, subscriptionId, 'subscription');
      if (subscription.status !== 'active' && subscription.status !== 'past_due') {
        throw new Error(`${subscriptionId} is ${String(subscription.status)}: it does not renew`);
      }
      if (subscription.cancel_at_period_end) throw new Error(`${subscriptionId} is cancelled at its period's end: it ends, not renews`);
      const item = itemsOf(subscription)[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end = item.current_period_start + periodSeconds(item.price);
      const invoice = newInvoice(state, subscription, item, 'subscription_cycle');
      subscription.latest_invoice = invoice.id;
      const customer = find(state, String(subscription.customer), 'customer');
      const card =
        (subscription.default_payment_method as string | null) ??
        (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
      const intentId = (invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!.payment.payment_intent;
      let paid = false;
      if (card) {
        try {
          confirm(state, find(state, intentId, 'payment_intent'), { payment_method: card, off_session: 'true' });
          paid = true;
        } catch (err) {
          if (!(err instanceof StripeFailure) || err.status !== 402) throw err;
        }
      }
      if (!paid) {
        // Smart Retries: the invoice stays open and is tried again in a few days.
        Object.assign(invoice, { attempted: true, attempt_count: 1, next_payment_attempt: now() + 3 * DAY });
        subscription.status = 'past_due';
      }
      return invoice.id;
    },
    endNow(subscriptionId) {
      cancelSubscription(state, find(state, subscriptionId, 'subscription'));
    },
    event(type, objectId, options = {}) {
      const object = structuredClone(find(state, objectId));
      // Events carry an object without its includable fields.
      if (object.object === 'invoice') {
        delete object.payments;
        delete object.confirmation_secret;
      }
      return {
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: options.created ?? now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object, ...(options.previousAttributes && { previous_attributes: options.previousAttributes }) },
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ---------- the API ----------

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });

let counter = 0;
const newId = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(4, '0')}${randomBytes(5).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

function find(state: State, id: string, object?: string): Obj {
  const found = state.objects.get(id) ?? (object === 'payment_method' ? testCardTemplate(id) : undefined);
  if (!found || (object && found.object !== object)) {
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: `No such ${object ?? 'object'}: '${id}'`,
    });
  }
  return found;
}

function put<T extends Obj>(state: State, obj: T): T {
  state.objects.set(obj.id, obj);
  return obj;
}

function route(state: State, method: string, path: string, body: Form): unknown {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'v1')
    throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  const [, resource, id, action] = parts;
  const key = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
  switch (key) {
    case 'POST customers':
      return put(state, {
        id: newId('cus'),
        object: 'customer',
        name: str(body.name),
        email: str(body.email),
        metadata: form(body.metadata),
        invoice_settings: { default_payment_method: null },
      });
    case 'GET customers/:id':
      return find(state, id!, 'customer');
    case 'POST customers/:id':
      return updateCustomer(state, find(state, id!, 'customer'), body);

    case 'POST setup_intents': {
      if (body.customer) find(state, str(body.customer), 'customer');
      if ('payment_method_types' in body)
        throw invalid('Received unknown parameter: payment_method_types', { param: 'payment_method_types' });
      const setupId = newId('seti');
      return put(state, {
        id: setupId,
        object: 'setup_intent',
        client_secret: `${setupId}_secret_${randomBytes(8).toString('hex')}`,
        customer: str(body.customer) || null,
        usage: str(body.usage) || 'off_session',
        allowed_payment_method_types: body.allowed_payment_method_types ?? null,
        payment_method: null,
        status: 'requires_payment_method',
      });
    }
    case 'GET setup_intents/:id':
      return find(state, id!, 'setup_intent');

    case 'GET payment_methods/:id':
      return find(state, id!, 'payment_method');
    case 'POST payment_methods/:id/attach': {
      const customer = find(state, str(body.customer), 'customer');
      const found = find(state, id!, 'payment_method');
      const attached = TEST_CARDS[id!] ? cloneTestCard(state, id!) : found;
      if (attached.customer && attached.customer !== customer.id) {
        throw invalid('The payment method you provided has already been attached to a customer.');
      }
      attached.customer = customer.id;
      return attached;
    }
    case 'POST payment_methods/:id/detach': {
      const found = find(state, id!, 'payment_method');
      if (!found.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
      const customer = find(state, String(found.customer), 'customer');
      const settings = customer.invoice_settings as { default_payment_method: string | null };
      if (settings.default_payment_method === found.id) settings.default_payment_method = null;
      found.customer = null;
      return found;
    }

    case 'POST products':
      if (!str(body.name)) throw invalid('Missing required param: name.', { param: 'name' });
      return put(state, { id: newId('prod'), object: 'product', name: str(body.name), metadata: form(body.metadata), active: true });

    case 'POST payment_intents':
      return createPaymentIntent(state, body);
    case 'GET payment_intents/:id':
      return find(state, id!, 'payment_intent');
    case 'POST payment_intents/:id/confirm':
      return confirm(state, find(state, id!, 'payment_intent'), body);

    case 'POST subscriptions':
      return expandSubscription(state, createSubscription(state, body), body);
    case 'GET subscriptions/:id':
      return expandSubscription(state, find(state, id!, 'subscription'), body);
    case 'POST subscriptions/:id':
      return expandSubscription(state, updateSubscription(state, find(state, id!, 'subscription'), body), body);
    case 'DELETE subscriptions/:id':
      return cancelSubscription(state, find(state, id!, 'subscription'));

    case 'POST subscription_schedules':
      return createSchedule(state, body);
    case 'GET subscription_schedules/:id':
      return find(state, id!, 'subscription_schedule');
    case 'POST subscription_schedules/:id':
      return updateSchedule(state, find(state, id!, 'subscription_schedule'), body);
    case 'POST subscription_schedules/:id/release': {
      const schedule = find(state, id!, 'subscription_schedule');
      if (schedule.status !== 'active' && schedule.status !== 'not_started')
        throw invalid(`You cannot release a schedule that is ${String(schedule.status)}.`);
      const subscription = find(state, String(schedule.subscription), 'subscription');
      subscription.schedule = null;
      Object.assign(schedule, { status: 'released', released_subscription: subscription.id, subscription: null });
      return schedule;
    }
  }
  throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
}

function updateCustomer(state: State, customer: Obj, body: Form): Obj {
  const settings = form(body.invoice_settings);
  if ('default_payment_method' in settings) {
    const methodId = str(settings.default_payment_method);
    const method = find(state, methodId, 'payment_method');
    if (method.customer !== customer.id) {
      throw invalid(
        `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`,
      );
    }
    (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method = methodId;
  }
  if (body.metadata) Object.assign(customer.metadata as Form, form(body.metadata));
  return customer;
}

// ---------- cards and payments ----------

function testCardTemplate(id: string): Obj | undefined {
  const card = TEST_CARDS[id];
  if (!card) return undefined;
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer: null,
    card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
  };
}

function cloneTestCard(state: State, testCard: string): Obj {
  const template = testCardTemplate(testCard);
  const card = TEST_CARDS[testCard];
  if (!template || !card) throw invalid(`No such PaymentMethod: '${testCard}'`);
  const method = put(state, { ...template, id: newId('pm') });
  state.behaviors.set(method.id, card.behavior);
  return method;
}

function behaviorOf(state: State, methodId: string): Behavior {
  const behavior = state.behaviors.get(methodId) ?? TEST_CARDS[methodId]?.behavior;
  if (!behavior) throw invalid(`No such PaymentMethod: '${methodId}'`, { code: 'resource_missing', param: 'payment_method' });
  return behavior;
}

function newPaymentIntent(
  state: State,
  fields: { amount: number; customer: string | null; description: string | null; metadata: Form },
): Obj {
  const id = newId('pi');
  return put(state, {
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_received: 0,
    currency: 'usd',
    customer: fields.customer,
    description: fields.description,
    metadata: fields.metadata,
    payment_method: null,
    client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    status: 'requires_payment_method',
    next_action: null,
    last_payment_error: null,
  });
}

function createPaymentIntent(state: State, body: Form): Obj {
  const amount = Number(str(body.amount));
  if (!Number.isInteger(amount) || amount < 50) throw invalid('Amount must be at least $0.50 usd', { param: 'amount' });
  if (str(body.currency) !== 'usd') throw invalid('Invalid currency.', { param: 'currency' });
  if ('payment_method_types' in body) throw invalid('Received unknown parameter: payment_method_types', { param: 'payment_method_types' });
  const customer = str(body.customer) || null;
  if (customer) find(state, customer, 'customer');
  const intent = newPaymentIntent(state, { amount, customer, description: str(body.description) || null, metadata: form(body.metadata) });
  if (str(body.confirm) === 'true') return confirm(state, intent, body);
  if (body.payment_method) intent.payment_method = str(body.payment_method);
  return intent;
}

/** One payment attempt with a card, as Stripe makes it. */
function confirm(state: State, intent: Obj, body: Form): Obj {
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    throw invalid(`This PaymentIntent's status is ${String(intent.status)}, so it cannot be confirmed.`, {
      code: 'payment_intent_unexpected_state',
      payment_intent: intent,
    });
  }
  const methodId = str(body.payment_method) || (intent.payment_method as string | null);
  if (!methodId)
    throw invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', {
      code: 'payment_intent_unexpected_state',
    });
  const method = find(state, methodId, 'payment_method');
  if (intent.customer && method.customer && method.customer !== intent.customer) {
    throw invalid('The provided PaymentMethod belongs to another customer.');
  }
  intent.payment_method = methodId;
  const behavior = behaviorOf(state, methodId);
  const offSession = str(body.off_session) === 'true';
  if (behavior === 'pays') return succeed(state, intent);
  if (behavior === 'authentication_required' && !offSession) {
    intent.status = 'requires_action';
    intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
    return intent;
  }
  const decline = DECLINES[behavior];
  intent.status = 'requires_payment_method';
  intent.last_payment_error = { type: 'card_error', ...decline, payment_method: { id: methodId } };
  throw new StripeFailure(402, {
    type: 'card_error',
    ...decline,
    payment_intent: intent,
    request_log_url: 'https://dashboard.stripe.com/logs',
  });
}

function succeed(state: State, intent: Obj): Obj {
  intent.status = 'succeeded';
  intent.next_action = null;
  intent.last_payment_error = null;
  intent.amount_received = intent.amount;
  const invoiceId = state.invoiceOfPayment.get(intent.id);
  if (invoiceId) {
    const invoice = find(state, invoiceId, 'invoice');
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: true,
      attempt_count: Number(invoice.attempt_count) + 1,
      next_payment_attempt: null,
    });
    const payments = (invoice.payments as { data: Obj[] }).data;
    for (const payment of payments) Object.assign(payment, { status: 'paid' });
    const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
    const subscription = find(state, subscriptionId, 'subscription');
    if (subscription.status === 'incomplete' || subscription.status === 'past_due') subscription.status = 'active';
  }
  return intent;
}

// ---------- subscriptions ----------

interface PriceObj extends Obj {
  product: string;
  unit_amount: number;
  recurring: { interval: string; interval_count: number };
}

function priceFrom(state: State, data: Form | undefined, where: string): PriceObj {
  if (!data) throw invalid(`Missing required param: ${where}.`, { param: where });
  if ('product_data' in data) throw invalid(`Received unknown parameter: ${where}[product_data]`, { param: `${where}[product_data]` });
  const product = find(state, str(data.product), 'product');
  if (str(data.currency) !== 'usd') throw invalid('Invalid currency.', { param: `${where}[currency]` });
  const unitAmount = Number(str(data.unit_amount));
  if (!Number.isInteger(unitAmount) || unitAmount < 0) throw invalid('Invalid integer.', { param: `${where}[unit_amount]` });
  const recurring = form(data.recurring);
  const interval = str(recurring.interval);
  const count = Number(str(recurring.interval_count) || '1');
  if (!['day', 'week', 'month', 'year'].includes(interval)) throw invalid('Invalid interval.', { param: `${where}[recurring][interval]` });
  return put(state, {
    id: newId('price'),
    object: 'price',
    active: false,
    currency: 'usd',
    product: product.id,
    unit_amount: unitAmount,
    recurring: { interval, interval_count: count },
    type: 'recurring',
  });
}

const periodSeconds = (price: PriceObj) => {
  const days = { day: 1, week: 7, month: 30, year: 365 }[price.recurring.interval] ?? 1;
  return days * price.recurring.interval_count * DAY;
};

interface ItemObj extends Obj {
  price: PriceObj;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

const itemsOf = (subscription: Obj) => (subscription.items as { data: ItemObj[] }).data;

/** A finalized invoice of one period, with its PaymentIntent (not yet attempted). */
function newInvoice(state: State, subscription: Obj, item: ItemObj, billingReason = 'subscription_create'): Obj {
  const id = newId('in');
  const intent = newPaymentIntent(state, {
    amount: item.price.unit_amount,
    customer: String(subscription.customer),
    description: billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    metadata: {},
  });
  state.invoiceOfPayment.set(intent.id, id);
  return put(state, {
    id,
    object: 'invoice',
    status: 'open',
    customer: subscription.customer,
    currency: 'usd',
    amount_due: item.price.unit_amount,
    amount_paid: 0,
    amount_remaining: item.price.unit_amount,
    billing_reason: billingReason,
    attempted: false,
    attempt_count: 0,
    next_payment_attempt: null,
    created: now(),
    period_start: item.current_period_start,
    period_end: item.current_period_start,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount: item.price.unit_amount,
          currency: 'usd',
          quantity: 1,
          period: { start: item.current_period_start, end: item.current_period_end },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: subscription.id, subscription_item: item.id, proration: false },
          },
        },
      ],
    },
    payments: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          invoice: id,
          is_default: true,
          status: 'open',
          amount_requested: item.price.unit_amount,
          payment: { type: 'payment_intent', payment_intent: intent.id },
        },
      ],
    },
    confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
  });
}

function createSubscription(state: State, body: Form): Obj {
  const customer = find(state, str(body.customer), 'customer');
  const items = list(body.items);
  if (items.length !== 1) throw invalid('The fake takes one subscription item.', { param: 'items' });
  const price = priceFrom(state, form(items[0]).price_data as Form | undefined, 'items[0][price_data]');
  const start = now();
  const subscription = put<Obj>(state, {
    id: newId('sub'),
    object: 'subscription',
    customer: customer.id,
    status: 'incomplete',
    description: str(body.description) || null,
    default_payment_method: str(body.default_payment_method) || null,
    metadata: form(body.metadata),
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    schedule: null,
    latest_invoice: null,
    items: { object: 'list', data: [] as ItemObj[] },
  });
  const item: ItemObj = {
    id: newId('si'),
    object: 'subscription_item',
    price,
    quantity: Number(str(form(items[0]).quantity) || '1'),
    current_period_start: start,
    current_period_end: start + periodSeconds(price),
  };
  itemsOf(subscription).push(item);
  const invoice = newInvoice(state, subscription, item);
  subscription.latest_invoice = invoice.id;
  if (str(body.payment_behavior) !== 'default_incomplete') {
    // Stripe pays the first invoice at once with the default card.
    const card =
      (subscription.default_payment_method as string | null) ??
      (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
    const intentId = (invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!.payment.payment_intent;
    try {
      confirm(state, find(state, intentId), { payment_method: card ?? '', off_session: 'true' });
    } catch (err) {
      if (!(err instanceof StripeFailure) || str(body.payment_behavior) === 'error_if_incomplete') throw err;
    }
  }
  return subscription;
}

/** `expand` as Stripe reads it; the invoice's includable fields come only when asked for. */
function expandSubscription(state: State, subscription: Obj, body: Form): Obj {
  const expand = list(body.expand).map(str);
  const copy = structuredClone(subscription);
  if (copy.latest_invoice && expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'))) {
    const invoice = structuredClone(find(state, String(copy.latest_invoice), 'invoice'));
    if (!expand.includes('latest_invoice.payments')) delete invoice.payments;
    if (!expand.includes('latest_invoice.confirmation_secret')) delete invoice.confirmation_secret;
    copy.latest_invoice = invoice;
  }
  return copy;
}

function updateSubscription(state: State, subscription: Obj, body: Form): Obj {
  if (subscription.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  const managed = subscription.schedule
    ? (what: string) => {
        throw invalid(
          `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating ${what} directly is not allowed. Please update the schedule instead.`,
        );
      }
    : () => {};
  if (body.items) {
    managed('items');
    for (const change of list(body.items).map(form)) {
      const item = itemsOf(subscription).find((i) => i.id === str(change.id));
      if (!item) throw invalid(`No such subscription item: '${str(change.id)}'`, { param: 'items[0][id]' });
      const price = priceFrom(state, change.price_data as Form | undefined, 'items[0][price_data]');
      const sameInterval =
        price.recurring.interval === item.price.recurring.interval &&
        price.recurring.interval_count === item.price.recurring.interval_count;
      item.price = price;
      if (!sameInterval) {
        // As Stripe does: a new interval resets the billing cycle and invoices the new period now.
        item.current_period_start = now();
        item.current_period_end = item.current_period_start + periodSeconds(price);
        subscription.latest_invoice = newInvoice(state, subscription, item, 'subscription_update').id;
      }
    }
  }
  if ('cancel_at_period_end' in body) {
    managed('any cancelation behavior');
    subscription.cancel_at_period_end = str(body.cancel_at_period_end) === 'true';
  }
  if (body.cancellation_details) {
    const details = form(body.cancellation_details);
    subscription.cancellation_details = {
      comment: str(details.comment) || null,
      feedback: str(details.feedback) || null,
      reason: 'cancellation_requested',
    };
  }
  if (body.metadata) Object.assign(subscription.metadata as Form, form(body.metadata));
  return subscription;
}

function cancelSubscription(state: State, subscription: Obj): Obj {
  if (subscription.status === 'canceled') {
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such subscription: '${subscription.id}'`,
    });
  }
  Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
  if (subscription.schedule) {
    Object.assign(find(state, String(subscription.schedule), 'subscription_schedule'), { status: 'canceled' });
    subscription.schedule = null;
  }
  return subscription;
}

function createSchedule(state: State, body: Form): Obj {
  const subscription = find(state, str(body.from_subscription), 'subscription');
  if (subscription.schedule)
    throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`);
  const item = itemsOf(subscription)[0]!;
  const phase = {
    start_date: item.current_period_start,
    end_date: item.current_period_end,
    items: [{ price: item.price.id, quantity: item.quantity }],
    metadata: subscription.metadata,
  };
  const schedule = put(state, {
    id: newId('sub_sched'),
    object: 'subscription_schedule',
    subscription: subscription.id,
    status: 'active',
    end_behavior: 'release',
    current_phase: { start_date: phase.start_date, end_date: phase.end_date },
    phases: [phase],
  });
  subscription.schedule = schedule.id;
  return schedule;
}

function updateSchedule(state: State, schedule: Obj, body: Form): Obj {
  if (schedule.status !== 'active') throw invalid(`You cannot update a subscription schedule that is ${String(schedule.status)}.`);
  const current = schedule.current_phase as { start_date: number; end_date: number };
  const phases = list(body.phases).map(form);
  if (!phases.length) throw invalid('Missing required param: phases.');
  if (Number(str(phases[0]!.start_date)) !== current.start_date) throw invalid('You can not modify the start date of the current phase.');
  let start = current.start_date;
  schedule.phases = phases.map((phase, i) => {
    const items = list(phase.items).map(form);
    const prices = items.map((it, j) =>
      it.price_data ? priceFrom(state, form(it.price_data), `phases[${i}][items][${j}][price_data]`) : find(state, str(it.price), 'price'),
    );
    const duration = form(phase.duration);
    const end = phase.end_date
      ? Number(str(phase.end_date))
      : duration.interval
        ? start +
          ({ day: 1, week: 7, month: 30, year: 365 }[str(duration.interval)] ?? 1) * Number(str(duration.interval_count) || '1') * DAY
        : start + periodSeconds(prices[0] as PriceObj);
    const result = {
      start_date: start,
      end_date: end,
      items: prices.map((p, j) => ({ price: p.id, quantity: Number(str(items[j]!.quantity) || '1') })),
      metadata: form(phase.metadata),
      proration_behavior: str(phase.proration_behavior) || 'create_prorations',
    };
    start = end;
    return result;
  });
  if (body.end_behavior) schedule.end_behavior = str(body.end_behavior);
  if (body.proration_behavior) schedule.proration_behavior = str(body.proration_behavior);
  return schedule;
}

// ---------- the form encoding ----------

/** `items[0][price_data][currency]=usd` into `{ items: [{ price_data: { currency: 'usd' } }] }`, as Stripe reads it. */
export function parseForm(text: string): Form {
  const root: Form = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/[[\]]+/).filter((p) => p !== '');
    let node: Form = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  return arrays(root) as Form;
}

/** Objects whose keys are 0, 1, 2… become arrays. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrays(value[k]!)] as const);
  if (keys.length && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

const str = (v: FormValue | unknown): string => (typeof v === 'string' ? v : '');
const form = (v: FormValue | unknown): Form => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Form) : {});
const list = (v: FormValue | unknown): FormValue[] => (Array.isArray(v) ? v : []);
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));
