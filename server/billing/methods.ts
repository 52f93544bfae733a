import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { billingSetupIntents, boostSubscriptions, companies, paymentMethods } from '../db/schema.ts';
import { badRequest, notFound, refusal } from '../http/errors.ts';
import type { PaymentProvider, ProviderSetup } from '../platform/payments/provider.ts';
import {
  BillingMessages,
  type PaymentInfo,
  type PaymentMethod,
  type PaymentProviderName,
  type SetupIntent,
} from '../../src/contract/billing.ts';
import { customerIdOf, ensureCustomer, paymentsOf, type Payer } from './payer.ts';

type MethodRow = typeof paymentMethods.$inferSelect;

const twoDigits = (n: number) => String(n % 100).padStart(2, '0');

export const methodView = (row: MethodRow): PaymentMethod => ({
  id: row.id,
  paymentMethodId: row.providerMethodId,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  expiry: `${twoDigits(row.expMonth)}/${twoDigits(row.expYear)}`,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

export const setupView = (setup: ProviderSetup, provider: PaymentProviderName): SetupIntent => ({
  id: setup.id,
  clientSecret: setup.clientSecret,
  status: setup.status,
  provider,
  paymentMethodId: setup.paymentMethodId,
});

/** The company's cards at the processor in use: the default first, then the newest. */
export async function listMethods(db: Db, companyId: string, provider: PaymentProviderName): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.provider, provider)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(methodView);
}

/** The processor in use, or the test processor's name where none is (reads of stored cards still answer). */
const providerNameOf = (ctx: AppContext): PaymentProviderName => ctx.adapters.payments?.name ?? 'test';

export async function companyMethods(ctx: AppContext, companyId: string): Promise<PaymentMethod[]> {
  return listMethods(ctx.db, companyId, providerNameOf(ctx));
}

export async function paymentInfo(ctx: AppContext, payer: Payer): Promise<PaymentInfo> {
  const provider = paymentsOf(ctx);
  const [customer, methods] = await Promise.all([
    customerIdOf(ctx.db, payer.companyId, provider.name),
    listMethods(ctx.db, payer.companyId, provider.name),
  ]);
  return {
    hasCustomer: customer !== null,
    hasPaymentMethods: methods.length > 0,
    paymentMethods: methods,
    provider: provider.name,
    publishableKey: provider.publishableKey,
  };
}

/** The company's card by our id, or 404 (another company's card is answered as one that never existed). */
export async function ownMethod(db: Db, companyId: string, id: string, provider: PaymentProviderName): Promise<MethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.companyId, companyId), eq(paymentMethods.provider, provider)));
  if (!row) throw notFound(BillingMessages.methodNotFound);
  return row;
}

/** The card renewals charge. */
export async function defaultMethod(db: Db, companyId: string, provider: PaymentProviderName): Promise<MethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.provider, provider), eq(paymentMethods.isDefault, true)));
  return row ?? null;
}

/** Card changes of one company run one at a time: its row is the lock. */
const lockCompany = (tx: Db, companyId: string) =>
  tx.execute(sql`select 1 from ${companies} where ${companies.id} = ${companyId} for update`);

/** Starts saving a card: the customer when it has none, and a setup the browser confirms. */
export async function startSetup(ctx: AppContext, payer: Payer): Promise<SetupIntent> {
  const provider = paymentsOf(ctx);
  const customer = await ensureCustomer(ctx, provider, payer);
  const setup = await provider.createSetupIntent(customer, `setup:${payer.companyId}:${randomUUID()}`);
  await ctx.db
    .insert(billingSetupIntents)
    .values({ provider: provider.name, setupIntentId: setup.id, companyId: payer.companyId })
    .onConflictDoNothing();
  return setupView(setup, provider.name);
}

/** A setup the company started, or 404. */
async function ownSetup(ctx: AppContext, provider: PaymentProvider, companyId: string, id: string): Promise<ProviderSetup> {
  const [mine] = await ctx.db
    .select({ id: billingSetupIntents.setupIntentId })
    .from(billingSetupIntents)
    .where(
      and(
        eq(billingSetupIntents.provider, provider.name),
        eq(billingSetupIntents.setupIntentId, id),
        eq(billingSetupIntents.companyId, companyId),
      ),
    );
  const setup = mine ? await provider.getSetupIntent(id) : null;
  if (!setup) throw notFound(BillingMessages.setupNotFound);
  return setup;
}

export async function readSetup(ctx: AppContext, payer: Payer, id: string): Promise<SetupIntent> {
  const provider = paymentsOf(ctx);
  return setupView(await ownSetup(ctx, provider, payer.companyId, id), provider.name);
}

/** Whether the setup was started by the company (the test processor's card form checks it). */
export async function isOwnSetup(ctx: AppContext, companyId: string, provider: PaymentProviderName, id: string): Promise<boolean> {
  const [mine] = await ctx.db
    .select({ id: billingSetupIntents.setupIntentId })
    .from(billingSetupIntents)
    .where(
      and(
        eq(billingSetupIntents.provider, provider),
        eq(billingSetupIntents.setupIntentId, id),
        eq(billingSetupIntents.companyId, companyId),
      ),
    );
  return !!mine;
}

/**
 * Saves a card of the processor to the company: the processor attaches it to the company's
 * customer (a card of another customer is refused there, and answered 404 here). The company's
 * first card, or one asked to be, becomes the default; saving a card saved already changes nothing
 * else. Only the processor's id, brand, last 4 digits and expiry are stored.
 */
export async function saveMethod(
  ctx: AppContext,
  payer: Payer,
  providerMethodId: string,
  setAsDefault: boolean,
): Promise<{ method: PaymentMethod; created: boolean }> {
  const provider = paymentsOf(ctx);
  const [known] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.provider, provider.name), eq(paymentMethods.providerMethodId, providerMethodId)));
  if (known && known.companyId !== payer.companyId) throw notFound(BillingMessages.methodNotFound);
  if (known) {
    if (setAsDefault && !known.isDefault) await makeDefault(ctx, payer, known.id);
    return { method: methodView((await ownMethod(ctx.db, payer.companyId, known.id, provider.name)) as MethodRow), created: false };
  }
  const customer = await customerIdOf(ctx.db, payer.companyId, provider.name);
  if (!customer) throw notFound(BillingMessages.methodNotFound);
  let card;
  try {
    card = await provider.attachPaymentMethod(customer, providerMethodId);
  } catch (err) {
    ctx.log.info({ err }, 'the processor did not attach the card');
    throw notFound(BillingMessages.methodNotFound);
  }
  const saved = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, payer.companyId);
    const [other] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.companyId, payer.companyId), eq(paymentMethods.provider, provider.name), eq(paymentMethods.isDefault, true)),
      );
    const isDefault = setAsDefault || !other;
    if (isDefault && other) await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, other.id));
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        companyId: payer.companyId,
        provider: provider.name,
        providerMethodId: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault,
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
  if (!saved) {
    // Saved by a request at the same moment.
    const [row] = await ctx.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.provider, provider.name), eq(paymentMethods.providerMethodId, providerMethodId)));
    if (!row || row.companyId !== payer.companyId) throw notFound(BillingMessages.methodNotFound);
    return { method: methodView(row), created: false };
  }
  if (saved.isDefault) await provider.setDefaultPaymentMethod(customer, saved.providerMethodId);
  return { method: methodView(saved), created: true };
}

/** attach-payment-method: the card a confirmed setup of the company produced. */
export async function attachFromSetup(ctx: AppContext, payer: Payer, setupIntentId: string, providerMethodId: string) {
  const provider = paymentsOf(ctx);
  const setup = await ownSetup(ctx, provider, payer.companyId, setupIntentId);
  if (setup.status !== 'succeeded') throw badRequest(BillingMessages.addMethod);
  if (setup.paymentMethodId !== providerMethodId) throw notFound(BillingMessages.methodNotFound);
  return saveMethod(ctx, payer, providerMethodId, false);
}

/** Makes one card the default: only that one is. */
export async function makeDefault(ctx: AppContext, payer: Payer, id: string): Promise<PaymentMethod[]> {
  const provider = paymentsOf(ctx);
  const row = await ownMethod(ctx.db, payer.companyId, id, provider.name);
  await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, payer.companyId);
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.companyId, payer.companyId), eq(paymentMethods.provider, provider.name), ne(paymentMethods.id, id)));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
  });
  const customer = await customerIdOf(ctx.db, payer.companyId, provider.name);
  if (customer) await provider.setDefaultPaymentMethod(customer, row.providerMethodId);
  return listMethods(ctx.db, payer.companyId, provider.name);
}

/** Whether a boost of the company will be charged again (a renewal, or a retry of a failed one): renewals charge the default card. */
async function renewsOnDefault(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: boostSubscriptions.id })
    .from(boostSubscriptions)
    .where(
      and(
        eq(boostSubscriptions.companyId, companyId),
        inArray(boostSubscriptions.status, ['active', 'past_due']),
        eq(boostSubscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Removes a card. The default card cannot be removed while a boost renews on it and another card
 * could take over (make that one the default first: 409). The company's last card can be removed:
 * its boosts run to the end of their paid period, and a renewal without a card fails like a
 * declined one (past due, a mail asking for a card, the retries). When the default goes and other
 * cards stay, the newest of them becomes the default.
 */
export async function removeMethod(ctx: AppContext, payer: Payer, id: string): Promise<PaymentMethod[]> {
  const provider = paymentsOf(ctx);
  const row = await ownMethod(ctx.db, payer.companyId, id, provider.name);
  const others = (await listMethods(ctx.db, payer.companyId, provider.name)).filter((m) => m.id !== id);
  if (row.isDefault && others.length > 0 && (await renewsOnDefault(ctx.db, payer.companyId))) {
    throw refusal('payment.methodInUse', BillingMessages.methodInUse);
  }
  await provider.detachPaymentMethod(row.providerMethodId);
  const promoted = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, payer.companyId);
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
    if (!row.isDefault) return null;
    const [next] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyId, payer.companyId), eq(paymentMethods.provider, provider.name)))
      .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
      .limit(1);
    if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    return next ?? null;
  });
  const customer = promoted ? await customerIdOf(ctx.db, payer.companyId, provider.name) : null;
  if (promoted && customer) await provider.setDefaultPaymentMethod(customer, promoted.providerMethodId);
  return listMethods(ctx.db, payer.companyId, provider.name);
}
