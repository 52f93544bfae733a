import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testProcessorObjects } from '../../db/schema.ts';
import { BillingMessages, TEST_CARDS } from '../../../src/contract/billing.ts';
import {
  WebhookSignatureError,
  type ChargeInput,
  type PaymentFailure,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderCard,
  type ProviderSetup,
  type StartedSubscription,
} from './provider.ts';

/**
 * The built-in test processor (DESIGN §5: the embedded default for payments, never in
 * production). It keeps customers, setups, cards and payments in its own table, so every server
 * process on the database shares them, and behaves as Stripe's test mode does for the same card
 * numbers (TEST_CARDS):
 * - 4242 4242 4242 4242 pays;
 * - 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0069
 *   is expired: each is saved like any card and every charge fails so;
 * - 4000 0025 0000 3155 asks for the bank's confirmation (3-D Secure) on the first payment of a
 *   boost, made while the employer is there; renewals, made without them, pass (the card was set up);
 * - any other number that passes the checksum pays, as 4242 does.
 * A saved card whose expiry has passed fails with expired_card. A payment left waiting for the
 * bank longer than a day fails (as Stripe's incomplete subscriptions expire).
 * Only the card's behaviour, brand, last 4 digits and expiry are kept: never its number or CVC.
 * Renewals are charged by billing's renewal job; the processor sends no webhooks.
 */

type Behaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'requires_authentication' | 'expired_card';

interface CustomerData {
  companyId: string;
  name: string;
  email: string;
  defaultPaymentMethod: string | null;
}

interface SetupData {
  customerId: string;
  clientSecret: string;
  status: ProviderSetup['status'];
  paymentMethodId: string | null;
}

interface CardData {
  /** The customer the card is attached to; null once detached. */
  customerId: string | null;
  behaviour: Behaviour;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

interface PaymentData {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  status: 'succeeded' | 'requires_action' | 'failed';
  failure: PaymentFailure | null;
  clientSecret: string | null;
  offSession: boolean;
  /** By the processor's clock. */
  createdAt: string;
}

/** What the card form sends. */
export interface CardInput {
  number: string;
  expMonth: number;
  /** Two or four digits. */
  expYear: number;
  cvc: string;
}

/** A card the form refused: which field, in the employer's words. */
export interface CardRefusal {
  field: 'number' | 'expMonth' | 'expYear' | 'cvc';
  message: string;
}

export interface TestProcessor extends PaymentProvider {
  readonly name: 'test';
  /**
   * The card form: confirms the customer's setup with a card, saving it (the setup then names it).
   * Null when the customer has no such setup; a refusal when the card is not valid.
   */
  confirmSetupWithCard(customerId: string, setupIntentId: string, card: CardInput): Promise<ProviderSetup | CardRefusal | null>;
  /** The stand-in for the bank's confirmation page: approves or fails a waiting payment of the customer. Null when there is none. */
  authenticate(customerId: string, clientSecret: string, approve: boolean): Promise<'succeeded' | 'failed' | null>;
  /** Saves a card to the customer without a setup (demo data). */
  saveCard(customerId: string, card: CardInput): Promise<ProviderCard>;
}

export const isTestProcessor = (provider: PaymentProvider | null | undefined): provider is TestProcessor =>
  !!provider && provider.name === 'test' && 'confirmSetupWithCard' in provider;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment waiting for the bank fails after this long. */
const ACTION_EXPIRES_MS = DAY_MS;

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const secretFor = (id: string) => `${id}_secret_${randomBytes(16).toString('hex')}`;

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's network by its first digits, named as Stripe names it. */
export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  return 'unknown';
}

const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

/** True while the card is good: through the last day of its expiry month (UTC). */
export const cardCurrent = (card: { expMonth: number; expYear: number }, now: Date) =>
  fullYear(card.expYear) * 12 + card.expMonth >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;

/** Checks a card as a card form does: the number's checksum, an expiry not passed, a CVC of the right length. */
export function checkCard(card: CardInput, now: Date): CardRefusal | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { field: 'number', message: BillingMessages.cardNumber };
  const year = fullYear(card.expYear);
  if (card.expMonth < 1 || card.expMonth > 12) return { field: 'expMonth', message: BillingMessages.cardExpiry };
  if (!cardCurrent({ expMonth: card.expMonth, expYear: year }, now) || year > now.getUTCFullYear() + 20) {
    return { field: 'expYear', message: BillingMessages.cardExpiry };
  }
  const cvcLength = brandOf(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) return { field: 'cvc', message: BillingMessages.cardCvc };
  return null;
}

const behaviourOf = (digits: string): Behaviour => {
  switch (digits) {
    case TEST_CARDS.declined:
      return 'declined';
    case TEST_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case TEST_CARDS.requiresAuthentication:
      return 'requires_authentication';
    case TEST_CARDS.expiredCard:
      return 'expired_card';
    default:
      return 'succeeds';
  }
};

export function createTestProcessor(db: Db, now: () => Date = () => new Date()): TestProcessor {
  type Row<T> = { id: string; data: T };

  /** Makes an object, or finds the one an earlier request with the same key made. */
  async function create<T>(kind: 'customer' | 'setup' | 'card' | 'payment', id: string, data: T, key?: string): Promise<Row<T>> {
    const idempotencyKey = key ? `${kind}:${key}` : null;
    const [row] = await db
      .insert(testProcessorObjects)
      .values({ id, kind, idempotencyKey, data })
      .onConflictDoNothing({ target: testProcessorObjects.idempotencyKey })
      .returning({ id: testProcessorObjects.id, data: testProcessorObjects.data });
    if (row) return row as Row<T>;
    const [earlier] = await db
      .select({ id: testProcessorObjects.id, data: testProcessorObjects.data })
      .from(testProcessorObjects)
      .where(eq(testProcessorObjects.idempotencyKey, idempotencyKey!));
    return earlier as Row<T>;
  }

  async function read<T>(kind: 'customer' | 'setup' | 'card' | 'payment', id: string): Promise<Row<T> | null> {
    const [row] = await db
      .select({ id: testProcessorObjects.id, data: testProcessorObjects.data })
      .from(testProcessorObjects)
      .where(and(eq(testProcessorObjects.id, id), eq(testProcessorObjects.kind, kind)));
    return (row as Row<T> | undefined) ?? null;
  }

  /** Merges `change` into the object, when `onlyIf` (a JSON field and its value) still holds; answers the new data. */
  async function update<T>(id: string, change: Partial<T>, onlyIf?: [string, string]): Promise<T | null> {
    const [row] = await db
      .update(testProcessorObjects)
      .set({ data: sql`${testProcessorObjects.data} || ${JSON.stringify(change)}::jsonb` })
      .where(and(eq(testProcessorObjects.id, id), onlyIf ? sql`${testProcessorObjects.data}->>${onlyIf[0]} = ${onlyIf[1]}` : undefined))
      .returning({ data: testProcessorObjects.data });
    return (row?.data as T | undefined) ?? null;
  }

  const cardOf = (row: Row<CardData>): ProviderCard => ({
    id: row.id,
    brand: row.data.brand,
    last4: row.data.last4,
    expMonth: row.data.expMonth,
    expYear: row.data.expYear,
  });

  const setupOf = (row: Row<SetupData>): ProviderSetup => ({
    id: row.id,
    clientSecret: row.data.clientSecret,
    status: row.data.status,
    paymentMethodId: row.data.paymentMethodId,
  });

  const outcomeOf = (id: string, p: PaymentData): PaymentOutcome =>
    p.status === 'succeeded'
      ? { status: 'succeeded', paymentId: id }
      : p.status === 'requires_action'
        ? { status: 'requires_action', paymentId: id, clientSecret: p.clientSecret! }
        : { status: 'failed', paymentId: id, failure: p.failure ?? 'declined' };

  /** A payment of the card, decided by its behaviour; the same key answers the first payment again. */
  async function pay(input: ChargeInput, key: string, offSession: boolean): Promise<PaymentOutcome> {
    const card = await read<CardData>('card', input.paymentMethodId);
    let status: PaymentData['status'] = 'succeeded';
    let failure: PaymentFailure | null = null;
    if (!card || card.data.customerId !== input.customerId) [status, failure] = ['failed', 'declined'];
    else if (!cardCurrent(card.data, now())) [status, failure] = ['failed', 'expired_card'];
    else if (card.data.behaviour === 'declined') [status, failure] = ['failed', 'declined'];
    else if (card.data.behaviour === 'insufficient_funds') [status, failure] = ['failed', 'insufficient_funds'];
    else if (card.data.behaviour === 'expired_card') [status, failure] = ['failed', 'expired_card'];
    else if (card.data.behaviour === 'requires_authentication' && !offSession) status = 'requires_action';
    const id = newId('pi');
    const row = await create<PaymentData>(
      'payment',
      id,
      {
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        amountCents: input.amountCents,
        description: input.description,
        metadata: input.metadata,
        status,
        failure,
        clientSecret: status === 'requires_action' ? secretFor(id) : null,
        offSession,
        createdAt: now().toISOString(),
      },
      key,
    );
    return outcomeOf(row.id, row.data);
  }

  /** A payment still waiting for the bank after a day has failed. */
  async function current(row: Row<PaymentData>): Promise<PaymentData> {
    if (row.data.status !== 'requires_action' || now().getTime() - Date.parse(row.data.createdAt) < ACTION_EXPIRES_MS) return row.data;
    const expired = await update<PaymentData>(row.id, { status: 'failed', failure: 'authentication_failed' }, [
      'status',
      'requires_action',
    ]);
    return expired ?? (await read<PaymentData>('payment', row.id))!.data;
  }

  async function saveCard(customerId: string | null, input: CardInput): Promise<Row<CardData>> {
    const digits = input.number.replace(/[\s-]/g, '');
    return create<CardData>('card', newId('pm'), {
      customerId,
      behaviour: behaviourOf(digits),
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expMonth: input.expMonth,
      expYear: fullYear(input.expYear),
    });
  }

  return {
    name: 'test',
    publishableKey: null,
    renewals: 'scheduler',

    async createCustomer(input, idempotencyKey) {
      const row = await create<CustomerData>('customer', newId('cus'), { ...input, defaultPaymentMethod: null }, idempotencyKey);
      return row.id;
    },

    async createSetupIntent(customerId, idempotencyKey) {
      const id = newId('seti');
      const row = await create<SetupData>(
        'setup',
        id,
        { customerId, clientSecret: secretFor(id), status: 'requires_payment_method', paymentMethodId: null },
        idempotencyKey,
      );
      return setupOf(row);
    },

    async getSetupIntent(id) {
      const row = await read<SetupData>('setup', id);
      return row ? setupOf(row) : null;
    },

    async attachPaymentMethod(customerId, paymentMethodId) {
      const card = await read<CardData>('card', paymentMethodId);
      if (!card || (card.data.customerId !== null && card.data.customerId !== customerId)) {
        throw new Error(`No such payment method: ${paymentMethodId}`);
      }
      if (card.data.customerId === null) await update<CardData>(card.id, { customerId });
      return cardOf(card);
    },

    async detachPaymentMethod(paymentMethodId) {
      await update<CardData>(paymentMethodId, { customerId: null });
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await update<CustomerData>(customerId, { defaultPaymentMethod: paymentMethodId });
    },

    async startSubscription(input, idempotencyKey): Promise<StartedSubscription> {
      // Billing's renewal job charges each later period: the first is one payment, made while the employer is there.
      const payment = await pay(input, idempotencyKey, false);
      return { subscriptionId: null, invoiceId: null, payment };
    },

    async getPayment(paymentId) {
      const row = await read<PaymentData>('payment', paymentId);
      if (!row) return { status: 'failed', paymentId, failure: 'processing_error' };
      return outcomeOf(row.id, await current(row));
    },

    charge: (input, idempotencyKey) => pay(input, idempotencyKey, true),

    // Boosts of the test processor are renewed by billing's renewal job: it keeps no subscriptions.
    async changeSubscription() {},
    async cancelSubscription() {},
    async endSubscription() {},

    readWebhook() {
      throw new WebhookSignatureError('The test processor sends no webhooks.');
    },

    async confirmSetupWithCard(customerId, setupIntentId, input) {
      const setup = await read<SetupData>('setup', setupIntentId);
      if (!setup || setup.data.customerId !== customerId) return null;
      if (setup.data.status !== 'requires_payment_method') return setupOf(setup);
      const refused = checkCard(input, now());
      if (refused) return refused;
      const card = await saveCard(customerId, input);
      const confirmed = await update<SetupData>(setup.id, { status: 'succeeded', paymentMethodId: card.id }, [
        'status',
        'requires_payment_method',
      ]);
      // A second confirmation at the same moment: the first one's card stands.
      return setupOf({ id: setup.id, data: confirmed ?? (await read<SetupData>('setup', setup.id))!.data });
    },

    async authenticate(customerId, clientSecret, approve) {
      const id = clientSecret.split('_secret_')[0] ?? '';
      const row = await read<PaymentData>('payment', id);
      if (!row || row.data.customerId !== customerId || row.data.clientSecret !== clientSecret) return null;
      const data = await current(row);
      if (data.status === 'requires_action') {
        const change: Partial<PaymentData> = approve
          ? { status: 'succeeded', failure: null }
          : { status: 'failed', failure: 'authentication_failed' };
        const decided = await update<PaymentData>(row.id, change, ['status', 'requires_action']);
        const final = decided ?? (await read<PaymentData>('payment', row.id))!.data;
        return final.status === 'succeeded' ? 'succeeded' : 'failed';
      }
      return data.status === 'succeeded' ? 'succeeded' : 'failed';
    },

    async saveCard(customerId, input) {
      return cardOf(await saveCard(customerId, input));
    },
  };
}
