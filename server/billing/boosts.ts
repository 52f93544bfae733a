import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { boostSubscriptions, boostTiers, invoices, jobPosts, paymentMethods } from '../db/schema.ts';
import { conflict, forbidden, HttpError, refusal } from '../http/errors.ts';
import type { PaymentFailure, PaymentProvider, StartedSubscription } from '../platform/payments/provider.ts';
import { setJobsBoosted } from '../posting/index.ts';
import { BillingMessages, type BoostResult, type CancelReason, type Subscription } from '../../src/contract/billing.ts';
import { issueInvoice, voidOpenInvoices, type InvoiceRow, type PeriodCharge } from './invoices.ts';
import { sendReceipt } from './mails.ts';
import { defaultMethod, ownMethod } from './methods.ts';
import { companyInGoodStanding, customerIdOf, paymentsOf, type Payer } from './payer.ts';
import { priceOf, tierPlacements } from './tiers.ts';
import { CURRENT_STATUSES, ownSubscription, subscriptionById, type SubscriptionRow } from './views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** What creating (or finishing) a boost came to: paid and boosted, or waiting for the bank. */
export interface BoostAnswer {
  created: boolean;
  result: BoostResult;
}

/** A failed payment, answered with its outcome code and the employer's words; nothing is charged. */
export function paymentRefusal(failure: PaymentFailure) {
  switch (failure) {
    case 'insufficient_funds':
      return refusal('payment.insufficientFunds', BillingMessages.insufficientFunds);
    case 'expired_card':
      return refusal('payment.expiredCard', BillingMessages.expiredCard);
    case 'authentication_failed':
      return refusal('payment.authenticationFailed', BillingMessages.authenticationFailed);
    default:
      return refusal('payment.declined', BillingMessages.declined);
  }
}

/** The processor's key for a boost's first payment: the company's own key, so a retried request is one charge. */
const firstPaymentKey = (sub: SubscriptionRow) => `boost:${sub.companyId}:${sub.idempotencyKey}`;

/** What one period of the boost is invoiced as. */
export async function periodChargeOf(db: Db, sub: SubscriptionRow, periodStart: Date, periodEnd: Date): Promise<PeriodCharge> {
  const [row] = await db
    .select({ title: jobPosts.title, tierName: boostTiers.name })
    .from(jobPosts)
    .innerJoin(boostTiers, eq(boostTiers.id, sub.tierId))
    .where(eq(jobPosts.id, sub.jobPostId));
  return {
    subscriptionId: sub.id,
    jobPostId: sub.jobPostId,
    jobTitle: row?.title ?? '',
    tierName: row?.tierName ?? sub.tierId,
    lengthDays: sub.lengthDays,
    priceCents: sub.priceCents,
    listCents: sub.listCents,
    periodStart,
    periodEnd,
  };
}

export async function cardOf(db: Db, id: string | null): Promise<{ brand: string; last4: string } | null> {
  if (!id) return null;
  const [row] = await db
    .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, id));
  return row ?? null;
}

/** The boost as answered, its first period's invoice, and the secret to confirm a payment that waits for the bank. */
export async function resultOf(db: Db, subId: string): Promise<BoostResult> {
  const subscription = await subscriptionById(db, subId);
  const [[first], [row]] = await Promise.all([
    db.select({ id: invoices.id }).from(invoices).where(eq(invoices.subscriptionId, subId)).orderBy(asc(invoices.number)).limit(1),
    db.select({ secret: boostSubscriptions.clientSecret }).from(boostSubscriptions).where(eq(boostSubscriptions.id, subId)),
  ]);
  return { subscription, invoiceId: first?.id ?? null, clientSecret: subscription.status === 'incomplete' ? (row?.secret ?? null) : null };
}

/**
 * The first period is paid: the boost starts now, its invoice is issued paid and the job is
 * boosted with its tier's placements, in one transaction; then the receipt is mailed. Only a boost still waiting for its
 * first payment is started, so a second call (a retried request, a webhook) changes nothing.
 */
export async function startPaidBoost(
  ctx: AppContext,
  subId: string,
  paid: { paymentId: string | null; providerSubscriptionId: string | null; providerInvoiceId: string | null },
): Promise<InvoiceRow | null> {
  const now = ctx.adapters.now();
  const issued = await ctx.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(boostSubscriptions).where(eq(boostSubscriptions.id, subId)).for('update');
    if (!sub || sub.status !== 'incomplete') return null;
    const periodEnd = addDays(now, sub.lengthDays);
    await tx
      .update(boostSubscriptions)
      .set({
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        firstPaymentId: paid.paymentId ?? sub.firstPaymentId,
        clientSecret: null,
        providerSubscriptionId: paid.providerSubscriptionId ?? sub.providerSubscriptionId,
      })
      .where(eq(boostSubscriptions.id, sub.id));
    const invoice = await issueInvoice(tx, {
      companyId: sub.companyId,
      charge: await periodChargeOf(tx, sub, now, periodEnd),
      status: 'paid',
      issuedAt: now,
      card: await cardOf(tx, sub.paymentMethodId),
      provider: sub.provider,
      providerPaymentId: paid.paymentId,
      providerInvoiceId: paid.providerInvoiceId,
    });
    await setJobsBoosted(tx, [sub.jobPostId], await tierPlacements(tx, sub.tierId));
    return invoice;
  });
  if (issued) await sendReceipt(ctx, issued);
  return issued;
}

/** A first payment that failed leaves nothing: the waiting boost is deleted (it has no invoice), and a processor's subscription ended. */
export async function dropIncomplete(ctx: AppContext, provider: PaymentProvider, subId: string, providerSubscriptionId: string | null) {
  await ctx.db.delete(boostSubscriptions).where(and(eq(boostSubscriptions.id, subId), eq(boostSubscriptions.status, 'incomplete')));
  if (providerSubscriptionId) {
    await provider.endSubscription(providerSubscriptionId).catch((err: unknown) => {
      ctx.log.error({ err, providerSubscriptionId }, 'the processor did not end a subscription whose first payment failed');
    });
  }
}

/** Applies what the processor said of a first payment. */
async function applyFirstPayment(
  ctx: AppContext,
  provider: PaymentProvider,
  subId: string,
  started: StartedSubscription,
): Promise<BoostAnswer> {
  const { payment } = started;
  if (payment.status === 'succeeded') {
    await startPaidBoost(ctx, subId, {
      paymentId: payment.paymentId,
      providerSubscriptionId: started.subscriptionId,
      providerInvoiceId: started.invoiceId,
    });
    return { created: true, result: await resultOf(ctx.db, subId) };
  }
  if (payment.status === 'requires_action') {
    await ctx.db
      .update(boostSubscriptions)
      .set({
        firstPaymentId: payment.paymentId,
        clientSecret: payment.clientSecret,
        ...(started.subscriptionId ? { providerSubscriptionId: started.subscriptionId } : {}),
      })
      .where(and(eq(boostSubscriptions.id, subId), eq(boostSubscriptions.status, 'incomplete')));
    const result = await resultOf(ctx.db, subId);
    return { created: result.subscription.status !== 'incomplete', result };
  }
  await dropIncomplete(ctx, provider, subId, started.subscriptionId);
  throw paymentRefusal(payment.failure);
}

/** Charges a waiting boost's first period: the same processor key every time, so only ever once. */
async function chargeFirstPeriod(ctx: AppContext, provider: PaymentProvider, sub: SubscriptionRow): Promise<BoostAnswer> {
  const customer = await customerIdOf(ctx.db, sub.companyId, provider.name);
  const card =
    (sub.paymentMethodId ? await ownMethod(ctx.db, sub.companyId, sub.paymentMethodId, provider.name).catch(() => null) : null) ??
    (await defaultMethod(ctx.db, sub.companyId, provider.name));
  if (!customer || !card) {
    await dropIncomplete(ctx, provider, sub.id, null);
    throw refusal('payment.methodRequired', BillingMessages.noPaymentMethod);
  }
  const charge = await periodChargeOf(ctx.db, sub, new Date(0), new Date(0));
  const started = await provider.startSubscription(
    {
      customerId: customer,
      paymentMethodId: card.providerMethodId,
      amountCents: sub.priceCents,
      periodDays: sub.lengthDays,
      description: `${charge.tierName} boost, ${sub.lengthDays} days: ${charge.jobTitle}`,
      metadata: { subscriptionId: sub.id, companyId: sub.companyId, jobPostId: sub.jobPostId },
    },
    firstPaymentKey(sub),
  );
  return applyFirstPayment(ctx, provider, sub.id, started);
}

/**
 * Where a boost waiting for its first payment stands: answered from what is stored when the bank
 * is asked to confirm, asked of the processor after the bank's confirmation, and charged again
 * with the same key when the first request stopped before the processor answered.
 */
export async function settleWaiting(ctx: AppContext, provider: PaymentProvider, sub: SubscriptionRow, ask: boolean): Promise<BoostAnswer> {
  if (sub.status !== 'incomplete') return { created: true, result: await resultOf(ctx.db, sub.id) };
  if (!sub.firstPaymentId) return chargeFirstPeriod(ctx, provider, sub);
  if (!ask) return { created: false, result: await resultOf(ctx.db, sub.id) };
  const payment = await provider.getPayment(sub.firstPaymentId);
  return applyFirstPayment(ctx, provider, sub.id, { subscriptionId: sub.providerSubscriptionId, invoiceId: null, payment });
}

/** One of the company's jobs that can be boosted: 404 for another company's or a deleted job, 409 when it is not open. */
async function boostableJob(ctx: AppContext, companyId: string, jobPostId: string): Promise<{ id: string; title: string }> {
  const [job] = await ctx.db
    .select({ id: jobPosts.id, title: jobPosts.title, status: jobPosts.status, validThrough: jobPosts.validThrough })
    .from(jobPosts)
    .where(and(eq(jobPosts.id, jobPostId), eq(jobPosts.companyId, companyId)));
  if (!job || job.status === 'Deleted') throw refusal('job.notFound', BillingMessages.jobNotFound);
  if (job.status !== 'Active' || job.validThrough.getTime() <= ctx.adapters.now().getTime()) {
    throw refusal('boost.jobNotOpen', BillingMessages.jobNotOpen);
  }
  return job;
}

const byKey = async (db: Db, companyId: string, key: string) => {
  const [row] = await db
    .select()
    .from(boostSubscriptions)
    .where(and(eq(boostSubscriptions.companyId, companyId), eq(boostSubscriptions.idempotencyKey, key)));
  return row ?? null;
};

const currentOfJob = async (db: Db, jobPostId: string) => {
  const [row] = await db
    .select()
    .from(boostSubscriptions)
    .where(and(eq(boostSubscriptions.jobPostId, jobPostId), inArray(boostSubscriptions.status, [...CURRENT_STATUSES])));
  return row ?? null;
};

/**
 * Boosts a job (create, payment-subscription): the price is the tier table's, the card the one named
 * or the default. The boost is stored first, waiting, under the company's idempotency key (a unique
 * index), and one boost per job can wait or run (a partial unique index); then its first period is
 * charged with a processor key made of that key. So a double click or a retried request (the same
 * key) makes one boost and one charge and is answered the same; a refusal stores and charges nothing.
 */
export async function createBoost(
  ctx: AppContext,
  payer: Payer,
  input: { jobPostId: string; tierId: string; lengthDays: number; paymentMethodId: string | null; idempotencyKey: string },
): Promise<BoostAnswer> {
  const provider = paymentsOf(ctx);
  const earlier = await byKey(ctx.db, payer.companyId, input.idempotencyKey);
  if (earlier) return settleWaiting(ctx, provider, earlier, false);

  if (!(await companyInGoodStanding(ctx.db, payer.companyId))) throw forbidden();
  const price = await priceOf(ctx.db, input.tierId, input.lengthDays);
  const job = await boostableJob(ctx, payer.companyId, input.jobPostId);
  const card = input.paymentMethodId
    ? await ownMethod(ctx.db, payer.companyId, input.paymentMethodId, provider.name)
    : await defaultMethod(ctx.db, payer.companyId, provider.name);
  if (!card || !(await customerIdOf(ctx.db, payer.companyId, provider.name))) {
    throw refusal('payment.methodRequired', BillingMessages.noPaymentMethod);
  }

  const current = await currentOfJob(ctx.db, job.id);
  // The same key at the same moment, stored a moment ago: answered as that request.
  if (current?.companyId === payer.companyId && current.idempotencyKey === input.idempotencyKey) {
    return settleWaiting(ctx, provider, current, false);
  }
  if (current) {
    // A first payment left waiting for the bank: answered again while it waits, forgotten once it failed.
    if (current.status === 'incomplete' && current.firstPaymentId) {
      const answer = await settleWaiting(ctx, provider, current, true).catch((err: unknown) => {
        if (err instanceof HttpError && err.status === 402) return null;
        throw err;
      });
      if (answer && !answer.created) return answer;
      if (answer) throw refusal('boost.alreadyBoosted', BillingMessages.alreadyBoosted);
    } else {
      throw refusal('boost.alreadyBoosted', BillingMessages.alreadyBoosted);
    }
  }

  const [reserved] = await ctx.db
    .insert(boostSubscriptions)
    .values({
      companyId: payer.companyId,
      jobPostId: job.id,
      tierId: price.tierId,
      lengthDays: price.lengthDays,
      priceCents: price.priceCents,
      listCents: price.listCents,
      status: 'incomplete',
      provider: provider.name,
      paymentMethodId: card.id,
      idempotencyKey: input.idempotencyKey,
      createdBy: payer.userId,
      createdAt: ctx.adapters.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!reserved) {
    // The same key at the same moment (answered as that request), or another boost of the job.
    const same = await byKey(ctx.db, payer.companyId, input.idempotencyKey);
    if (same) return settleWaiting(ctx, provider, same, false);
    throw refusal('boost.alreadyBoosted', BillingMessages.alreadyBoosted);
  }
  return chargeFirstPeriod(ctx, provider, reserved);
}

/** payment-intent: after the bank's confirmation, the processor says whether the first period is paid. */
export async function confirmFirstPayment(ctx: AppContext, payer: Payer, subscriptionId: string): Promise<BoostAnswer> {
  const provider = paymentsOf(ctx);
  const sub = await ownSubscription(ctx.db, payer.companyId, subscriptionId);
  return settleWaiting(ctx, provider, sub, true);
}

/** A boost the employer changes or cancels: it must be running (a waiting or finished one cannot). */
function assertRunning(sub: SubscriptionRow, allowPastDue: boolean) {
  const ok = sub.status === 'active' || (allowPastDue && sub.status === 'past_due');
  if (!ok) throw conflict(BillingMessages.notActive);
  if (sub.cancelAtPeriodEnd) throw conflict(BillingMessages.alreadyCancelled);
}

/** PUT {id}: a new tier or length from the next period, at the tier table's price; asking for the current one drops a change. */
export async function changeBoost(
  ctx: AppContext,
  payer: Payer,
  id: string,
  change: { tierId: string; lengthDays: number },
): Promise<Subscription> {
  const provider = paymentsOf(ctx);
  const sub = await ownSubscription(ctx.db, payer.companyId, id);
  assertRunning(sub, false);
  const price = await priceOf(ctx.db, change.tierId, change.lengthDays);
  const same = price.tierId === sub.tierId && price.lengthDays === sub.lengthDays;
  if (sub.providerSubscriptionId) {
    const job = await periodChargeOf(ctx.db, sub, new Date(0), new Date(0));
    await provider.changeSubscription(
      sub.providerSubscriptionId,
      {
        amountCents: same ? sub.priceCents : price.priceCents,
        periodDays: price.lengthDays,
        description: `${price.tierName} boost, ${price.lengthDays} days: ${job.jobTitle}`,
      },
      `change:${sub.id}:${randomUUID()}`,
    );
  }
  await ctx.db
    .update(boostSubscriptions)
    .set(
      same
        ? { pendingTierId: null, pendingLengthDays: null, pendingPriceCents: null, pendingListCents: null }
        : {
            pendingTierId: price.tierId,
            pendingLengthDays: price.lengthDays,
            pendingPriceCents: price.priceCents,
            pendingListCents: price.listCents,
          },
    )
    .where(eq(boostSubscriptions.id, sub.id));
  return subscriptionById(ctx.db, sub.id);
}

/**
 * POST {id}/cancel: a running boost runs to the end of its paid period and is not renewed; one
 * whose renewal failed (past due) ends now, its unpaid invoice void. Nothing more is charged.
 */
export async function cancelBoost(
  ctx: AppContext,
  payer: Payer,
  id: string,
  why: { reason: CancelReason; details: string },
): Promise<Subscription> {
  const provider = paymentsOf(ctx);
  const sub = await ownSubscription(ctx.db, payer.companyId, id);
  assertRunning(sub, true);
  const now = ctx.adapters.now();
  const details = why.details.trim() || null;
  if (sub.status === 'past_due') {
    await endBoost(ctx, sub, 'canceled', now, { reason: why.reason, details });
    return subscriptionById(ctx.db, sub.id);
  }
  if (sub.providerSubscriptionId)
    await provider.cancelSubscription(sub.providerSubscriptionId, { reason: why.reason, details: details ?? '' });
  await ctx.db
    .update(boostSubscriptions)
    .set({
      cancelAtPeriodEnd: true,
      canceledAt: now,
      cancelReason: why.reason,
      cancelDetails: details,
      pendingTierId: null,
      pendingLengthDays: null,
      pendingPriceCents: null,
      pendingListCents: null,
    })
    .where(and(eq(boostSubscriptions.id, sub.id), eq(boostSubscriptions.status, 'active')));
  return subscriptionById(ctx.db, sub.id);
}

/**
 * Ends a boost now: `ended` when it ran its course (its paid period is over, its job closed or
 * expired), `canceled` when it was stopped (renewal tries used up, cancelled while past due, the
 * company blacklisted or deactivated). The job is no longer boosted (no placements) and unpaid invoices are void;
 * a processor's subscription is ended first, so it charges nothing more.
 */
export async function endBoost(
  ctx: AppContext,
  sub: SubscriptionRow,
  to: 'ended' | 'canceled',
  at: Date,
  why: { reason?: CancelReason | null; details?: string | null } = {},
): Promise<boolean> {
  if (sub.providerSubscriptionId && ctx.adapters.payments) await ctx.adapters.payments.endSubscription(sub.providerSubscriptionId);
  return ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(boostSubscriptions)
      .set({
        status: to,
        endedAt: at,
        canceledAt: to === 'canceled' ? (sub.canceledAt ?? at) : sub.canceledAt,
        ...(why.reason ? { cancelReason: why.reason, cancelDetails: why.details ?? null } : {}),
        nextRetryAt: null,
        claimedUntil: null,
        clientSecret: null,
      })
      .where(and(eq(boostSubscriptions.id, sub.id), inArray(boostSubscriptions.status, [...CURRENT_STATUSES])))
      .returning({ id: boostSubscriptions.id });
    if (!ended) return false;
    await voidOpenInvoices(tx, sub.id, at);
    await setJobsBoosted(tx, [sub.jobPostId], []);
    return true;
  });
}

/** A job closed (posting tells): its boost ends now and is not renewed or charged again. */
export async function endJobBoosts(ctx: AppContext, jobPostId: string): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(boostSubscriptions)
    .where(and(eq(boostSubscriptions.jobPostId, jobPostId), inArray(boostSubscriptions.status, ['active', 'past_due'])));
  for (const sub of rows) await endBoost(ctx, sub, 'ended', ctx.adapters.now());
}

/**
 * A company blacklisted or deactivated (the back office calls this): every boost of it stops now,
 * its jobs are no longer boosted, and nothing more is charged. The renewal job also skips such
 * companies, should this not have been called.
 */
export async function endCompanyBoosts(ctx: AppContext, companyId: string): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(boostSubscriptions)
    .where(and(eq(boostSubscriptions.companyId, companyId), inArray(boostSubscriptions.status, [...CURRENT_STATUSES])));
  let ended = 0;
  for (const sub of rows) if (await endBoost(ctx, sub, 'canceled', ctx.adapters.now())) ended += 1;
  return ended;
}
