import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { boostSubscriptions, boostTiers, invoices, jobPosts, paymentMethods } from '../db/schema.ts';
import { rowsOf } from '../db/sql.ts';
import { notFound } from '../http/errors.ts';
import { flushBeforeReading } from '../platform/counters.ts';
import {
  BillingMessages,
  CURRENCY,
  type BillingCycle,
  type BoostAnalytics,
  type Budget,
  type Subscription,
  type SubscriptionFilter,
} from '../../src/contract/billing.ts';
import { discountOf } from './tiers.ts';

export type SubscriptionRow = typeof boostSubscriptions.$inferSelect;

/** Statuses of a boost that is not over: at most one per job. */
export const CURRENT_STATUSES = ['incomplete', 'active', 'past_due'] as const;

const pendingTiers = alias(boostTiers, 'pending_tiers');

const subscriptionColumns = {
  sub: boostSubscriptions,
  jobTitle: jobPosts.title,
  tierName: boostTiers.name,
  pendingTierName: pendingTiers.name,
  cardBrand: paymentMethods.brand,
  cardLast4: paymentMethods.last4,
};

const subscriptionsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select(subscriptionColumns)
    .from(boostSubscriptions)
    .innerJoin(jobPosts, eq(jobPosts.id, boostSubscriptions.jobPostId))
    .innerJoin(boostTiers, eq(boostTiers.id, boostSubscriptions.tierId))
    .leftJoin(pendingTiers, eq(pendingTiers.id, boostSubscriptions.pendingTierId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, boostSubscriptions.paymentMethodId))
    .where(where);

type Joined = Awaited<ReturnType<typeof subscriptionsWhere>>[number];

/** When the boost is charged next, and how much: the end of a renewing period, or the next try of a failed renewal. */
export function nextChargeOf(sub: SubscriptionRow): { at: Date | null; cents: number | null } {
  if (sub.status === 'active' && !sub.cancelAtPeriodEnd && sub.currentPeriodEnd) {
    return { at: sub.currentPeriodEnd, cents: sub.pendingPriceCents ?? sub.priceCents };
  }
  if (sub.status === 'past_due' && sub.nextRetryAt) return { at: sub.nextRetryAt, cents: sub.priceCents };
  return { at: null, cents: null };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function subscriptionView(r: Joined): Subscription {
  const sub = r.sub;
  const next = nextChargeOf(sub);
  return {
    id: sub.id,
    jobPostId: sub.jobPostId,
    jobTitle: r.jobTitle,
    tierId: sub.tierId,
    tierName: r.tierName,
    lengthDays: sub.lengthDays,
    priceCents: sub.priceCents,
    discountPercentage: discountOf(sub.priceCents, sub.listCents),
    status: sub.status,
    currentPeriodStart: iso(sub.currentPeriodStart),
    currentPeriodEnd: iso(sub.currentPeriodEnd),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: iso(sub.canceledAt),
    cancelReason: sub.cancelReason,
    cancelDetails: sub.cancelDetails,
    pendingChange:
      sub.pendingTierId && sub.pendingLengthDays && sub.pendingPriceCents !== null
        ? {
            tierId: sub.pendingTierId,
            tierName: r.pendingTierName ?? sub.pendingTierId,
            lengthDays: sub.pendingLengthDays,
            priceCents: sub.pendingPriceCents,
          }
        : null,
    nextChargeAt: iso(next.at),
    nextChargeCents: next.cents,
    paymentMethod:
      sub.paymentMethodId && r.cardBrand && r.cardLast4 ? { id: sub.paymentMethodId, brand: r.cardBrand, last4: r.cardLast4 } : null,
    createdAt: sub.createdAt.toISOString(),
  };
}

/** One boost as answered, by id (any company: callers check ownership first). */
export async function subscriptionById(db: Db, id: string): Promise<Subscription> {
  const [row] = await subscriptionsWhere(db, eq(boostSubscriptions.id, id));
  if (!row) throw notFound(BillingMessages.subscriptionNotFound);
  return subscriptionView(row);
}

/** The company's boost by id, or 404 (another company's is answered as one that never existed). */
export async function ownSubscription(db: Db, companyId: string, id: string): Promise<SubscriptionRow> {
  const [row] = await db
    .select()
    .from(boostSubscriptions)
    .where(and(eq(boostSubscriptions.id, id), eq(boostSubscriptions.companyId, companyId)));
  if (!row) throw notFound(BillingMessages.subscriptionNotFound);
  return row;
}

/** GET user: the company's boosts, newest first, by status and job. */
export async function listSubscriptions(
  db: Db,
  companyId: string,
  query: { status: SubscriptionFilter; jobPostId?: string | undefined; pageNumber: number; pageSize: number },
): Promise<{ items: Subscription[]; total: number }> {
  const statuses =
    query.status === 'all' ? null : query.status === 'current' ? [...CURRENT_STATUSES] : [query.status as SubscriptionRow['status']];
  const where = and(
    eq(boostSubscriptions.companyId, companyId),
    statuses ? inArray(boostSubscriptions.status, statuses) : undefined,
    query.jobPostId ? eq(boostSubscriptions.jobPostId, query.jobPostId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    subscriptionsWhere(db, where)
      .orderBy(desc(boostSubscriptions.createdAt), desc(boostSubscriptions.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ n: count() }).from(boostSubscriptions).where(where),
  ]);
  return { items: rows.map(subscriptionView), total: Number(total?.n ?? 0) };
}

const periodInvoices = (db: Db, subscriptionId: string) =>
  db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)).orderBy(asc(invoices.periodStart), asc(invoices.number));

/** What a boost has cost: this period, to date, and its next charge. */
export async function budgetOf(ctx: AppContext, sub: SubscriptionRow): Promise<Budget> {
  const all = await periodInvoices(ctx.db, sub.id);
  const paid = all.filter((i) => i.status === 'paid');
  const now = ctx.adapters.now().getTime();
  const thisPeriod = paid.filter(
    (i) => i.periodStart && i.periodEnd && i.periodStart.getTime() <= now && now < i.periodEnd.getTime() && sub.status !== 'ended',
  );
  const next = nextChargeOf(sub);
  return {
    spentThisPeriodCents: thisPeriod.reduce((sum, i) => sum + i.totalCents, 0),
    spentToDateCents: paid.reduce((sum, i) => sum + i.totalCents, 0),
    nextChargeCents: next.cents,
    nextChargeAt: iso(next.at),
    currency: CURRENCY,
  };
}

/** A boost's periods in order, each with its charge and invoice, and the next one while it renews. */
export async function cyclesOf(sub: SubscriptionRow, db: Db): Promise<BillingCycle[]> {
  const rows = (await periodInvoices(db, sub.id)).filter((i) => i.periodStart && i.periodEnd);
  const cycles: BillingCycle[] = rows.map((i, n) => ({
    number: n + 1,
    periodStart: i.periodStart!.toISOString(),
    periodEnd: i.periodEnd!.toISOString(),
    amountCents: i.totalCents,
    status: i.status,
    invoiceId: i.id,
  }));
  if (sub.status === 'active' && !sub.cancelAtPeriodEnd && sub.currentPeriodEnd) {
    const days = sub.pendingLengthDays ?? sub.lengthDays;
    cycles.push({
      number: cycles.length + 1,
      periodStart: sub.currentPeriodEnd.toISOString(),
      periodEnd: new Date(sub.currentPeriodEnd.getTime() + days * 86_400_000).toISOString(),
      amountCents: sub.pendingPriceCents ?? sub.priceCents,
      status: 'upcoming',
      invoiceId: null,
    });
  }
  return cycles;
}

/**
 * What a boost brought while its job was boosted under it: each paid period, up to now or until the
 * boost ended. Impressions, clicks (views), apply starts and applications from the job's hourly
 * counts: an hour counts when it starts in a period (the hour a period starts in counts whole).
 */
export async function analyticsOf(ctx: AppContext, sub: SubscriptionRow): Promise<BoostAnalytics> {
  // What this process counted and has not written yet is written first.
  await flushBeforeReading(ctx);
  const now = ctx.adapters.now();
  const until = sub.endedAt && sub.endedAt < now ? sub.endedAt : now;
  const paid = (await periodInvoices(ctx.db, sub.id)).filter((i) => i.status === 'paid' && i.periodStart && i.periodEnd);
  const windows = paid
    .map((i) => ({ start: i.periodStart!, end: i.periodEnd! < until ? i.periodEnd! : until }))
    .filter((w) => w.start < w.end);
  const spentCents = paid.reduce((sum, i) => sum + i.totalCents, 0);
  let impressions = 0;
  let clicks = 0;
  let applyStarts = 0;
  let applications = 0;
  if (windows.length > 0) {
    // Array literals as text (ISO times hold no comma or quote): one form both drivers send alike.
    const starts = `{${windows.map((w) => w.start.toISOString()).join(',')}}`;
    const ends = `{${windows.map((w) => w.end.toISOString()).join(',')}}`;
    const [row] = rowsOf<{ impressions: string | number; clicks: string | number; starts: string | number; applications: string | number }>(
      await ctx.db.execute(sql`
        with windows as (select * from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) as w(start_at, end_at))
        select
          coalesce(sum(c.count) filter (where c.kind = 'impression'), 0) as impressions,
          coalesce(sum(c.count) filter (where c.kind = 'view'), 0) as clicks,
          coalesce(sum(c.count) filter (where c.kind = 'apply_start'), 0) as starts,
          coalesce(sum(c.count) filter (where c.kind = 'application'), 0) as applications
        from job_counts_hourly c
        where c.job_post_id = ${sub.jobPostId} and c.kind in ('impression', 'view', 'apply_start', 'application')
          and exists (select 1 from windows w where c.hour >= date_trunc('hour', w.start_at) and c.hour < w.end_at)
      `),
    );
    impressions = Number(row?.impressions ?? 0);
    clicks = Number(row?.clicks ?? 0);
    applyStarts = Number(row?.starts ?? 0);
    applications = Number(row?.applications ?? 0);
  }
  return {
    since: windows[0]?.start.toISOString() ?? null,
    until: windows.length ? windows[windows.length - 1]!.end.toISOString() : null,
    impressions,
    clicks,
    applyStarts,
    applications,
    spentCents,
    costPerClickCents: clicks > 0 ? Math.round(spentCents / clicks) : null,
    costPerApplicationCents: applications > 0 ? Math.round(spentCents / applications) : null,
  };
}
