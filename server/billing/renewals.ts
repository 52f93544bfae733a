import { and, desc, eq, sql } from 'drizzle-orm';
import { runEvery } from '../platform/every.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { boostSubscriptions, boostTiers, companies, invoices, jobPosts } from '../db/schema.ts';
import { rowsOf, uuidIn } from '../db/sql.ts';
import { HttpError } from '../http/errors.ts';
import type { PaymentProvider } from '../platform/payments/provider.ts';
import { setJobsBoosted } from '../posting/index.ts';
import { RENEWAL_RETRY_DAYS } from '../../src/contract/billing.ts';
import { addDays, cardOf, dropIncomplete, endBoost, periodChargeOf, settleWaiting } from './boosts.ts';
import { issueInvoice, type ChargeFailure } from './invoices.ts';
import { sendBoostEnded, sendPaymentFailed, sendReceipt } from './mails.ts';
import { defaultMethod } from './methods.ts';
import { customerIdOf } from './payer.ts';
import { tierPlacements } from './tiers.ts';
import type { SubscriptionRow } from './views.ts';

/** How often each process looks for boosts due. */
export const RENEWAL_EVERY_MS = 60_000;
/** A run works on a claimed boost for at most this long; after it, another run may take it (the same processor key charges once). */
const CLAIM_MS = 5 * 60_000;
const BATCH = 25;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A first charge the processor never answered (the request stopped) is charged again, with its key, after this long. */
const UNANSWERED_AFTER_MS = 10 * MINUTE_MS;
/** A first payment waiting for the bank is given up after this long. */
const WAITING_GIVEN_UP_AFTER_MS = DAY_MS;
/** A renewal more than this late starts its period when it is paid, not when the last one ended. */
const LATE_MS = DAY_MS;

export interface RenewalReport {
  renewed: number;
  failed: number;
  ended: number;
  canceled: number;
  /** First payments left waiting that were settled (boosted or forgotten). */
  settled: number;
}

/**
 * Claims boosts due, in a transaction: `FOR UPDATE SKIP LOCKED` passes over rows another process
 * is claiming, and the claim (`claimed_until`) keeps the others off while this one charges outside
 * the transaction (the processor is called with no transaction open). Due: a period over (renewal,
 * or the end of a cancelled boost), a failed renewal's next try, a first payment left waiting, and
 * a running boost whose job is no longer open or whose company is blacklisted or deactivated.
 */
async function claimDue(ctx: AppContext, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const unanswered = new Date(now.getTime() - UNANSWERED_AFTER_MS).toISOString();
  const givenUp = new Date(now.getTime() - WAITING_GIVEN_UP_AFTER_MS).toISOString();
  const until = new Date(now.getTime() + CLAIM_MS);
  return ctx.db.transaction(async (tx) => {
    const due = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select s.id from ${boostSubscriptions} s
        join ${jobPosts} j on j.id = s.job_post_id
        join ${companies} c on c.id = s.company_id
        where (s.claimed_until is null or s.claimed_until <= ${at}::timestamptz)
          and (
            (s.status = 'active' and s.current_period_end <= ${at}::timestamptz
              and (s.provider_subscription_id is null or s.cancel_at_period_end))
            or (s.status = 'past_due' and s.provider_subscription_id is null and s.next_retry_at <= ${at}::timestamptz)
            or (s.status = 'incomplete' and s.first_payment_id is null and s.created_at <= ${unanswered}::timestamptz)
            or (s.status = 'incomplete' and s.first_payment_id is not null and s.created_at <= ${givenUp}::timestamptz)
            or (s.status in ('active', 'past_due')
              and (j.status <> 'Active' or j.valid_through <= ${at}::timestamptz or not c.active or c.blacklisted))
          )
        order by s.current_period_end nulls first, s.id
        limit ${BATCH}
        for update of s skip locked
      `),
    );
    if (due.length === 0) return [];
    const ids = due.map((r) => r.id);
    await tx.update(boostSubscriptions).set({ claimedUntil: until }).where(uuidIn(boostSubscriptions.id, ids));
    return ids;
  });
}

/** Locks the boost in the recording transaction, if it is still as it was read (else another run recorded it: nothing to do). */
async function lockUnchanged(tx: Db, sub: SubscriptionRow): Promise<boolean> {
  const [now] = await tx.select().from(boostSubscriptions).where(eq(boostSubscriptions.id, sub.id)).for('update');
  return (
    !!now &&
    now.status === sub.status &&
    now.retryCount === sub.retryCount &&
    now.currentPeriodEnd?.getTime() === sub.currentPeriodEnd?.getTime()
  );
}

type ChargeResult = { status: 'succeeded'; paymentId: string } | { status: 'failed'; paymentId: string | null; failure: ChargeFailure };

/** Charges the company's default card off-session; no card is a failure like a declined one. */
async function chargeDefault(
  ctx: AppContext,
  provider: PaymentProvider,
  sub: SubscriptionRow,
  amountCents: number,
  description: string,
  key: string,
): Promise<{ outcome: ChargeResult; cardId: string | null }> {
  const [customer, card] = await Promise.all([
    customerIdOf(ctx.db, sub.companyId, provider.name),
    defaultMethod(ctx.db, sub.companyId, provider.name),
  ]);
  if (!customer || !card) return { outcome: { status: 'failed', paymentId: null, failure: 'no_payment_method' }, cardId: null };
  const outcome = await provider.charge(
    {
      customerId: customer,
      paymentMethodId: card.providerMethodId,
      amountCents,
      description,
      metadata: { subscriptionId: sub.id, companyId: sub.companyId, jobPostId: sub.jobPostId },
    },
    key,
  );
  // Off-session, no one is there to confirm with the bank: a failure like the others.
  if (outcome.status === 'requires_action') {
    return { outcome: { status: 'failed', paymentId: outcome.paymentId, failure: 'authentication_failed' }, cardId: card.id };
  }
  return { outcome, cardId: card.id };
}

/**
 * A period is over: the next one is charged to the default card at the boost's price (or the change
 * asked for, whose tier's placements the job then has).
 */
async function renew(ctx: AppContext, provider: PaymentProvider, sub: SubscriptionRow, now: Date, report: RenewalReport) {
  const ended = sub.currentPeriodEnd!;
  const start = now.getTime() - ended.getTime() > LATE_MS ? now : ended;
  const next = {
    ...sub,
    tierId: sub.pendingTierId ?? sub.tierId,
    lengthDays: sub.pendingLengthDays ?? sub.lengthDays,
    priceCents: sub.pendingPriceCents ?? sub.priceCents,
    listCents: sub.pendingListCents ?? sub.listCents,
  };
  const end = addDays(start, next.lengthDays);
  const charge = await periodChargeOf(ctx.db, next, start, end);
  const { outcome, cardId } = await chargeDefault(
    ctx,
    provider,
    sub,
    next.priceCents,
    `${charge.tierName} boost, ${next.lengthDays} days: ${charge.jobTitle}`,
    // The piece's identity: this boost's period that ended. A run that stopped before recording charges again with it: once.
    `renewal:${sub.id}:${ended.toISOString()}`,
  );
  const paid = outcome.status === 'succeeded';
  const change = {
    tierId: next.tierId,
    lengthDays: next.lengthDays,
    priceCents: next.priceCents,
    listCents: next.listCents,
    pendingTierId: null,
    pendingLengthDays: null,
    pendingPriceCents: null,
    pendingListCents: null,
    claimedUntil: null,
  };
  const nextTry = addDays(now, RENEWAL_RETRY_DAYS[0]);
  const invoice = await ctx.db.transaction(async (tx) => {
    if (!(await lockUnchanged(tx, sub))) return null;
    const card = await cardOf(tx, cardId);
    const issued = await issueInvoice(tx, {
      companyId: sub.companyId,
      charge,
      status: paid ? 'paid' : 'open',
      issuedAt: now,
      card,
      provider: provider.name,
      providerPaymentId: outcome.paymentId,
      failure: outcome.status === 'failed' ? outcome.failure : null,
    });
    await tx
      .update(boostSubscriptions)
      .set(
        paid
          ? { ...change, currentPeriodStart: start, currentPeriodEnd: end, paymentMethodId: cardId }
          : { ...change, status: 'past_due', retryCount: 0, nextRetryAt: nextTry },
      )
      .where(eq(boostSubscriptions.id, sub.id));
    // A paid period shows the job as its tier does (a change of tier takes effect here); a failed
    // renewal pauses the boost until a try pays.
    await setJobsBoosted(tx, [sub.jobPostId], paid ? await tierPlacements(tx, next.tierId) : []);
    return issued;
  });
  if (!invoice) return;
  if (paid) {
    report.renewed += 1;
    await sendReceipt(ctx, invoice);
  } else {
    report.failed += 1;
    await sendPaymentFailed(ctx, invoice, nextTry);
  }
}

/** A failed renewal's next try (RENEWAL_RETRY_DAYS after the first failure); after the last one the boost is cancelled. */
async function retry(ctx: AppContext, provider: PaymentProvider, sub: SubscriptionRow, now: Date, report: RenewalReport) {
  const [open] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open')))
    .orderBy(desc(invoices.number))
    .limit(1);
  if (!open) {
    if (await endBoost(ctx, sub, 'canceled', now)) report.canceled += 1;
    return;
  }
  const attempt = sub.retryCount + 1;
  const title = open.jobTitle ?? '';
  const { outcome, cardId } = await chargeDefault(
    ctx,
    provider,
    sub,
    open.totalCents,
    (open.lines as Array<{ description: string }>)[0]?.description ?? title,
    `renewal:${sub.id}:${open.periodStart?.toISOString() ?? open.id}:try-${attempt}`,
  );
  if (outcome.status === 'succeeded') {
    // Paid late: the boost was paused, so the period starts now.
    const end = addDays(now, sub.lengthDays);
    const paidInvoice = await ctx.db.transaction(async (tx) => {
      if (!(await lockUnchanged(tx, sub))) return null;
      const card = await cardOf(tx, cardId);
      const [row] = await tx
        .update(invoices)
        .set({
          status: 'paid',
          paidAt: now,
          periodStart: now,
          periodEnd: end,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          providerPaymentId: outcome.paymentId,
          failure: null,
        })
        .where(eq(invoices.id, open.id))
        .returning();
      await tx
        .update(boostSubscriptions)
        .set({
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: end,
          retryCount: 0,
          nextRetryAt: null,
          claimedUntil: null,
          paymentMethodId: cardId,
        })
        .where(eq(boostSubscriptions.id, sub.id));
      await setJobsBoosted(tx, [sub.jobPostId], await tierPlacements(tx, sub.tierId));
      return row ?? null;
    });
    if (paidInvoice) {
      report.renewed += 1;
      await sendReceipt(ctx, paidInvoice);
    }
    return;
  }
  const failure = outcome.failure;
  if (attempt >= RENEWAL_RETRY_DAYS.length) {
    await ctx.db.update(invoices).set({ failure }).where(eq(invoices.id, open.id));
    if (await endBoost(ctx, sub, 'canceled', now)) {
      report.canceled += 1;
      await sendBoostEnded(ctx, sub.companyId, title);
    }
    return;
  }
  const recorded = await ctx.db.transaction(async (tx) => {
    if (!(await lockUnchanged(tx, sub))) return false;
    await tx.update(invoices).set({ failure }).where(eq(invoices.id, open.id));
    await tx
      .update(boostSubscriptions)
      .set({ retryCount: attempt, nextRetryAt: addDays(open.issuedAt, RENEWAL_RETRY_DAYS[attempt]!), claimedUntil: null })
      .where(eq(boostSubscriptions.id, sub.id));
    return true;
  });
  if (recorded) report.failed += 1;
}

/** A first payment left waiting: boosted when it was paid after all, forgotten when it failed or the bank was never answered. */
async function settleLeftWaiting(ctx: AppContext, provider: PaymentProvider, sub: SubscriptionRow, now: Date, report: RenewalReport) {
  try {
    const answer = await settleWaiting(ctx, provider, sub, true);
    if (answer.created) {
      report.settled += 1;
      return;
    }
    // Still waiting for the bank after a day: given up, as the processor gives it up.
    if (now.getTime() - sub.createdAt.getTime() >= WAITING_GIVEN_UP_AFTER_MS) {
      await dropIncomplete(ctx, provider, sub.id, sub.providerSubscriptionId);
      report.settled += 1;
    }
  } catch (err) {
    // A refusal: the payment failed and the waiting boost is gone already.
    if (err instanceof HttpError && err.status < 500) report.settled += 1;
    else throw err;
  }
}

async function renewOne(ctx: AppContext, provider: PaymentProvider | null, id: string, now: Date, report: RenewalReport) {
  const [row] = await ctx.db
    .select({
      sub: boostSubscriptions,
      jobStatus: jobPosts.status,
      validThrough: jobPosts.validThrough,
      companyActive: companies.active,
      blacklisted: companies.blacklisted,
      tierName: boostTiers.name,
    })
    .from(boostSubscriptions)
    .innerJoin(jobPosts, eq(jobPosts.id, boostSubscriptions.jobPostId))
    .innerJoin(companies, eq(companies.id, boostSubscriptions.companyId))
    .innerJoin(boostTiers, eq(boostTiers.id, boostSubscriptions.tierId))
    .where(eq(boostSubscriptions.id, id));
  if (!row) return;
  const { sub } = row;
  if (sub.status === 'incomplete') {
    if (provider) await settleLeftWaiting(ctx, provider, sub, now, report);
    return;
  }
  if (sub.status !== 'active' && sub.status !== 'past_due') return;
  // A blacklisted or deactivated company's boosts stop, and are not charged.
  if (!row.companyActive || row.blacklisted) {
    if (await endBoost(ctx, sub, 'canceled', now)) report.canceled += 1;
    return;
  }
  // A job closed or past its last day is not renewed, and not charged.
  if (row.jobStatus !== 'Active' || row.validThrough.getTime() <= now.getTime()) {
    if (await endBoost(ctx, sub, 'ended', now)) report.ended += 1;
    return;
  }
  const periodOver = !!sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() <= now.getTime();
  if (sub.status === 'active' && sub.cancelAtPeriodEnd && periodOver) {
    if (await endBoost(ctx, sub, 'ended', sub.currentPeriodEnd!)) report.ended += 1;
    return;
  }
  // The processor renews its own subscriptions and tells us by webhook.
  if (!provider || sub.providerSubscriptionId) return;
  if (sub.status === 'active' && periodOver) await renew(ctx, provider, sub, now, report);
  else if (sub.status === 'past_due' && sub.nextRetryAt && sub.nextRetryAt.getTime() <= now.getTime())
    await retry(ctx, provider, sub, now, report);
}

/**
 * Does the billing work that is due by the adapters' clock: renewals, retries of failed ones, the
 * end of cancelled boosts and of boosts whose job or company may no longer have one. Any number of
 * processes may run it at once on one database: each boost is claimed by one (see claimDue), each
 * charge has a key made of the boost and the period (a run that stopped before recording charges
 * again with the same key, and the processor answers the first payment), and each recording checks
 * in its transaction that the boost is still as it was read. The timer calls it every minute;
 * tests call it after moving the clock.
 */
export async function runDueRenewals(ctx: AppContext): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, ended: 0, canceled: 0, settled: 0 };
  const now = ctx.adapters.now();
  const provider = ctx.adapters.payments;
  for (let round = 0; round < 1000; round++) {
    const ids = await claimDue(ctx, now);
    if (ids.length === 0) break;
    for (const id of ids) {
      try {
        await renewOne(ctx, provider, id, now, report);
      } catch (err) {
        // Left claimed: another run takes it up when the claim lapses.
        ctx.log.error({ err, subscriptionId: id }, 'billing work on a boost failed; it is tried again later');
      }
    }
  }
  return report;
}

/** Runs the due billing work every minute while the app runs; the timer never keeps the process alive. */
export function startRenewals(ctx: AppContext): () => void {
  return runEvery(
    RENEWAL_EVERY_MS,
    () => runDueRenewals(ctx),
    (err) => ctx.log.error({ err }, 'the billing run failed'),
  );
}
