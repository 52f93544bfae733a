import { and, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { billingCustomers, billingWebhookEvents, boostSubscriptions, companies, invoices, paymentMethods } from '../db/schema.ts';
import type { PaymentProvider, ProviderEvent } from '../platform/payments/provider.ts';
import { setJobsBoosted } from '../posting/index.ts';
import { addDays, cardOf, periodChargeOf } from './boosts.ts';
import { issueInvoice, voidOpenInvoices, type InvoiceRow } from './invoices.ts';
import { sendPaymentFailed, sendReceipt } from './mails.ts';
import { tierPlacements } from './tiers.ts';
import type { SubscriptionRow } from './views.ts';

/** What became of an event: applied, seen before (its id is recorded), or about nothing billing keeps. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Records the event's id in the transaction of its effect: false when it was recorded before (a replay). */
async function firstTime(tx: Db, event: ProviderEvent): Promise<boolean> {
  const [row] = await tx
    .insert(billingWebhookEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return !!row;
}

async function seenBefore(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: billingWebhookEvents.id }).from(billingWebhookEvents).where(eq(billingWebhookEvents.id, id));
  return !!row;
}

async function lockedSubscription(tx: Db, provider: PaymentProvider, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(boostSubscriptions)
    .where(and(eq(boostSubscriptions.provider, provider.name), eq(boostSubscriptions.providerSubscriptionId, providerSubscriptionId)))
    .for('update');
  return row ?? null;
}

const RUNNING = ['incomplete', 'active', 'past_due'];

const MINUTE_MS = 60_000;

/**
 * invoice.paid: the period's invoice is recorded paid (made when we had none: a renewal the
 * processor charged), the boost's period extends to it and the job is boosted with its tier's
 * placements (a change of tier asked for takes effect with the first period after it). An
 * invoice paid already, by its id or its period, is left as it is.
 *
 * A first period paid after the bank's confirmation was recorded when the browser said so
 * (payment-intent), from that moment and without the processor's invoice: its invoice is the one
 * of ours without a processor's id that starts in the first half of the period paid (the bank's
 * confirmation came after the processor's period began). It takes the processor's invoice id, and
 * the boost the processor's period, so the renewals that follow line up with it.
 */
async function invoicePaid(
  tx: Db,
  sub: SubscriptionRow,
  e: Extract<ProviderEvent, { type: 'invoice.paid' }>,
  provider: PaymentProvider,
): Promise<InvoiceRow | null> {
  const [byId] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.provider, provider.name), eq(invoices.providerInvoiceId, e.invoiceId)));
  const middle = new Date((e.periodStart.getTime() + e.periodEnd.getTime()) / 2);
  const [byPeriod] = byId
    ? [byId]
    : await tx
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.subscriptionId, sub.id),
            ne(invoices.status, 'void'),
            or(
              eq(invoices.periodStart, e.periodStart),
              and(isNull(invoices.providerInvoiceId), gte(invoices.periodStart, e.periodStart), lt(invoices.periodStart, middle)),
            ),
          ),
        )
        .orderBy(invoices.number)
        .limit(1);
  let paid: InvoiceRow | null;
  /** The boost's tier once this payment is applied (a change asked for takes effect with it). */
  let tierId = sub.tierId;
  const later = !sub.currentPeriodEnd || e.periodStart.getTime() >= sub.currentPeriodEnd.getTime() - MINUTE_MS;
  if (byPeriod) {
    if (byPeriod.status !== 'open') {
      if (!byPeriod.providerInvoiceId) await adoptProcessorInvoice(tx, sub, byPeriod, e);
      return null;
    }
    [paid = null] = await tx
      .update(invoices)
      .set({
        status: 'paid',
        paidAt: e.created,
        periodStart: e.periodStart,
        periodEnd: e.periodEnd,
        providerPaymentId: e.paymentId,
        providerInvoiceId: e.invoiceId,
        failure: null,
      })
      .where(eq(invoices.id, byPeriod.id))
      .returning();
  } else {
    // A change asked for takes effect with the first period after it.
    const pending = later && sub.pendingTierId && sub.pendingLengthDays && sub.pendingPriceCents !== null;
    const terms = pending
      ? {
          tierId: sub.pendingTierId!,
          lengthDays: sub.pendingLengthDays!,
          priceCents: sub.pendingPriceCents!,
          listCents: sub.pendingListCents ?? sub.pendingPriceCents!,
        }
      : { tierId: sub.tierId, lengthDays: sub.lengthDays, priceCents: sub.priceCents, listCents: sub.listCents };
    const charge = await periodChargeOf(tx, { ...sub, ...terms }, e.periodStart, e.periodEnd);
    // The processor's amount is what was paid; the list price and discount stand only when it is the boost's price.
    if (e.amountCents !== terms.priceCents) Object.assign(charge, { priceCents: e.amountCents, listCents: e.amountCents });
    paid = await issueInvoice(tx, {
      companyId: sub.companyId,
      charge,
      status: 'paid',
      issuedAt: e.created,
      card: await cardOf(tx, sub.paymentMethodId),
      provider: provider.name,
      providerPaymentId: e.paymentId,
      providerInvoiceId: e.invoiceId,
    });
    if (pending) {
      tierId = terms.tierId;
      await tx
        .update(boostSubscriptions)
        .set({ ...terms, pendingTierId: null, pendingLengthDays: null, pendingPriceCents: null, pendingListCents: null })
        .where(eq(boostSubscriptions.id, sub.id));
    }
  }
  if (RUNNING.includes(sub.status)) {
    await tx
      .update(boostSubscriptions)
      .set({
        status: 'active',
        retryCount: 0,
        nextRetryAt: null,
        clientSecret: null,
        ...(later ? { currentPeriodStart: e.periodStart, currentPeriodEnd: e.periodEnd } : {}),
      })
      .where(eq(boostSubscriptions.id, sub.id));
    await setJobsBoosted(tx, [sub.jobPostId], await tierPlacements(tx, tierId));
  }
  return paid ?? null;
}

/** Our invoice of a period the processor invoiced too (a first payment confirmed by the bank): its id, and its period for the boost. */
async function adoptProcessorInvoice(
  tx: Db,
  sub: SubscriptionRow,
  invoice: InvoiceRow,
  e: Extract<ProviderEvent, { type: 'invoice.paid' }>,
) {
  await tx
    .update(invoices)
    .set({ providerInvoiceId: e.invoiceId, providerPaymentId: invoice.providerPaymentId ?? e.paymentId })
    .where(eq(invoices.id, invoice.id));
  const current = sub.currentPeriodStart && invoice.periodStart && sub.currentPeriodStart.getTime() === invoice.periodStart.getTime();
  if (current && RUNNING.includes(sub.status)) {
    await tx
      .update(boostSubscriptions)
      .set({ currentPeriodStart: e.periodStart, currentPeriodEnd: e.periodEnd })
      .where(eq(boostSubscriptions.id, sub.id));
  }
}

/** invoice.payment_failed: the boost is past due and paused, its invoice open with the failure; the employer is mailed once. */
async function invoiceFailed(
  tx: Db,
  sub: SubscriptionRow,
  e: Extract<ProviderEvent, { type: 'invoice.payment_failed' }>,
  provider: PaymentProvider,
  now: Date,
): Promise<InvoiceRow | null> {
  if (sub.status !== 'active' && sub.status !== 'past_due') return null;
  const [known] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.provider, provider.name), eq(invoices.providerInvoiceId, e.invoiceId)));
  // Paid meanwhile (the failure came late): nothing to do.
  if (known && known.status !== 'open') return null;
  let invoice: InvoiceRow;
  if (known) {
    [invoice] = (await tx.update(invoices).set({ failure: e.failure }).where(eq(invoices.id, known.id)).returning()) as [InvoiceRow];
  } else {
    const start = sub.currentPeriodEnd ?? now;
    invoice = await issueInvoice(tx, {
      companyId: sub.companyId,
      charge: await periodChargeOf(tx, sub, start, addDays(start, sub.lengthDays)),
      status: 'open',
      issuedAt: e.created,
      card: await cardOf(tx, sub.paymentMethodId),
      provider: provider.name,
      providerPaymentId: null,
      providerInvoiceId: e.invoiceId,
      failure: e.failure,
    });
  }
  await tx
    .update(boostSubscriptions)
    .set({
      status: 'past_due',
      nextRetryAt: e.nextAttemptAt,
      retryCount: sub.status === 'past_due' ? sub.retryCount + 1 : 0,
    })
    .where(eq(boostSubscriptions.id, sub.id));
  await setJobsBoosted(tx, [sub.jobPostId], []);
  return sub.status === 'active' ? invoice : null;
}

/** subscription.updated: the processor's state, unless an event made later was applied already. */
async function subscriptionUpdated(tx: Db, sub: SubscriptionRow, e: Extract<ProviderEvent, { type: 'subscription.updated' }>) {
  if (sub.providerUpdatedAt && e.created.getTime() <= sub.providerUpdatedAt.getTime()) return false;
  const change: Partial<SubscriptionRow> = { providerUpdatedAt: e.created };
  let boosted: boolean | null = null;
  if (RUNNING.includes(sub.status)) {
    change.cancelAtPeriodEnd = e.cancelAtPeriodEnd;
    if (e.cancelAtPeriodEnd && !sub.canceledAt) change.canceledAt = e.created;
    if (e.currentPeriodStart) change.currentPeriodStart = e.currentPeriodStart;
    if (e.currentPeriodEnd) change.currentPeriodEnd = e.currentPeriodEnd;
    switch (e.status) {
      case 'active':
      case 'trialing':
        change.status = 'active';
        boosted = true;
        break;
      case 'past_due':
      case 'unpaid':
      case 'paused':
        change.status = 'past_due';
        boosted = false;
        break;
      case 'canceled':
      case 'incomplete_expired':
        change.status = sub.cancelAtPeriodEnd || e.cancelAtPeriodEnd ? 'ended' : 'canceled';
        change.endedAt = e.created;
        boosted = false;
        break;
      default:
        break;
    }
  }
  await tx.update(boostSubscriptions).set(change).where(eq(boostSubscriptions.id, sub.id));
  if (change.status === 'ended' || change.status === 'canceled') await voidOpenInvoices(tx, sub.id, e.created);
  if (boosted !== null) await setJobsBoosted(tx, [sub.jobPostId], boosted ? await tierPlacements(tx, sub.tierId) : []);
  return true;
}

/** subscription.deleted: the boost is over (ended when it was cancelled to its period's end, else cancelled). */
async function subscriptionDeleted(tx: Db, sub: SubscriptionRow, e: Extract<ProviderEvent, { type: 'subscription.deleted' }>) {
  if (!RUNNING.includes(sub.status)) return false;
  if (sub.status === 'incomplete') {
    // Never paid: nothing of it is kept, as with a first payment that failed.
    const [invoiced] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.subscriptionId, sub.id)).limit(1);
    if (!invoiced) {
      await tx.delete(boostSubscriptions).where(eq(boostSubscriptions.id, sub.id));
      return true;
    }
  }
  const to = sub.cancelAtPeriodEnd ? 'ended' : 'canceled';
  await tx
    .update(boostSubscriptions)
    .set({
      status: to,
      endedAt: e.created,
      canceledAt: to === 'canceled' ? (sub.canceledAt ?? e.created) : sub.canceledAt,
      nextRetryAt: null,
      providerUpdatedAt: sub.providerUpdatedAt && sub.providerUpdatedAt > e.created ? sub.providerUpdatedAt : e.created,
    })
    .where(eq(boostSubscriptions.id, sub.id));
  await voidOpenInvoices(tx, sub.id, e.created);
  await setJobsBoosted(tx, [sub.jobPostId], []);
  return true;
}

/** setup_intent.succeeded: the card saved in the browser is kept, as attach-payment-method would (the first card is the default). */
async function setupSucceeded(
  ctx: AppContext,
  provider: PaymentProvider,
  e: Extract<ProviderEvent, { type: 'setup_intent.succeeded' }>,
): Promise<EventOutcome> {
  if (await seenBefore(ctx.db, e.id)) return 'duplicate';
  const [customer] = e.customerId
    ? await ctx.db
        .select()
        .from(billingCustomers)
        .where(and(eq(billingCustomers.provider, provider.name), eq(billingCustomers.customerId, e.customerId)))
    : [];
  const card = customer ? await provider.attachPaymentMethod(customer.customerId, e.paymentMethodId).catch(() => null) : null;
  const result = await ctx.db.transaction(async (tx): Promise<EventOutcome | 'default'> => {
    if (!(await firstTime(tx, e))) return 'duplicate';
    if (!customer || !card) return 'ignored';
    await tx.execute(sql`select 1 from ${companies} where ${companies.id} = ${customer.companyId} for update`);
    const [hasDefault] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.companyId, customer.companyId),
          eq(paymentMethods.provider, provider.name),
          eq(paymentMethods.isDefault, true),
        ),
      );
    const [saved] = await tx
      .insert(paymentMethods)
      .values({
        companyId: customer.companyId,
        provider: provider.name,
        providerMethodId: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault: !hasDefault,
      })
      .onConflictDoNothing()
      .returning({ isDefault: paymentMethods.isDefault });
    return saved?.isDefault ? 'default' : 'applied';
  });
  if (result === 'default') {
    await provider.setDefaultPaymentMethod(customer!.customerId, card!.id);
    return 'applied';
  }
  return result;
}

/**
 * Applies one verified processor event, once: its id is recorded in the transaction of its effect,
 * so a replay changes nothing, and each handler is written for events that come late or out of
 * order (an older subscription.updated than the one applied is ignored; a period paid already is
 * left as it is; a failure after the payment is ignored). Mails go after the commit.
 */
export async function applyProviderEvent(ctx: AppContext, provider: PaymentProvider, event: ProviderEvent): Promise<EventOutcome> {
  if (event.type === 'setup_intent.succeeded') return setupSucceeded(ctx, provider, event);
  if (event.type === 'ignored') {
    return ctx.db.transaction(async (tx) => ((await firstTime(tx, event)) ? 'ignored' : 'duplicate'));
  }
  const mail: { receipt?: InvoiceRow; failed?: { invoice: InvoiceRow; nextTry: Date | null } } = {};
  const outcome = await ctx.db.transaction(async (tx): Promise<EventOutcome> => {
    if (!(await firstTime(tx, event))) return 'duplicate';
    const sub = await lockedSubscription(tx, provider, event.subscriptionId);
    if (!sub) return 'ignored';
    switch (event.type) {
      case 'invoice.paid': {
        const paid = await invoicePaid(tx, sub, event, provider);
        if (paid) mail.receipt = paid;
        return 'applied';
      }
      case 'invoice.payment_failed': {
        const opened = await invoiceFailed(tx, sub, event, provider, ctx.adapters.now());
        if (opened) mail.failed = { invoice: opened, nextTry: event.nextAttemptAt };
        return 'applied';
      }
      case 'subscription.updated':
        return (await subscriptionUpdated(tx, sub, event)) ? 'applied' : 'ignored';
      case 'subscription.deleted':
        return (await subscriptionDeleted(tx, sub, event)) ? 'applied' : 'ignored';
    }
  });
  if (mail.receipt) await sendReceipt(ctx, mail.receipt);
  if (mail.failed) await sendPaymentFailed(ctx, mail.failed.invoice, mail.failed.nextTry);
  return outcome;
}
