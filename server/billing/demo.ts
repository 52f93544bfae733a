import { and, eq, gt, notInArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { billingCustomers, boostSubscriptions, companies, jobPosts, paymentMethods, users } from '../db/schema.ts';
import { isTestProcessor, type TestProcessor } from '../platform/payments/test-processor.ts';
import { setJobsBoosted, type DemoFeaturedJobs } from '../posting/index.ts';
import { TEST_CARDS, type BoostPlacement, type CancelReason } from '../../src/contract/billing.ts';
import { addDays } from './boosts.ts';
import { issueInvoice, type ChargeFailure } from './invoices.ts';
import { priceOf } from './tiers.ts';

const HOUR_MS = 60 * 60 * 1000;

interface DemoBoost {
  jobPostId: string;
  tierId: string;
  lengthDays: number;
  /** Days ago the first period started. */
  startedDaysAgo: number;
  periods: number;
  cancelled?: { daysAgo: number; reason: CancelReason; details: string };
  /** The last renewal failed this many hours ago (past due, the job paused). */
  failedHoursAgo?: number;
}

interface Card {
  id: string;
  brand: string;
  last4: string;
}

async function customerWithCards(
  ctx: AppContext,
  processor: TestProcessor,
  company: { id: string; name: string; email: string },
  cards: Array<{ number: string; expMonth: number; expYear: number }>,
): Promise<Card[]> {
  const customer = await processor.createCustomer(
    { companyId: company.id, name: company.name, email: company.email },
    `customer:${company.id}`,
  );
  await ctx.db.insert(billingCustomers).values({ companyId: company.id, provider: 'test', customerId: customer }).onConflictDoNothing();
  const saved: Card[] = [];
  for (const [i, input] of cards.entries()) {
    const card = await processor.saveCard(customer, { ...input, cvc: '123' });
    if (i === 0) await processor.setDefaultPaymentMethod(customer, card.id);
    const [row] = await ctx.db
      .insert(paymentMethods)
      .values({
        companyId: company.id,
        provider: 'test',
        providerMethodId: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault: i === 0,
        createdAt: new Date(ctx.adapters.now().getTime() - (60 - i * 20) * 24 * HOUR_MS),
      })
      .returning({ id: paymentMethods.id, brand: paymentMethods.brand, last4: paymentMethods.last4 });
    saved.push(row!);
  }
  return saved;
}

/**
 * Writes the company's boosts as if they had run: each period paid in turn (invoices numbered in the
 * order they were issued), a cancelled one running to its period's end, a past-due one paused.
 */
async function seedBoosts(ctx: AppContext, company: { id: string; employerId: string }, cards: Card[], boosts: DemoBoost[]) {
  const now = ctx.adapters.now();
  const invoicesToIssue: Array<{ at: Date; run: () => Promise<void> }> = [];
  const boosted: Array<{ jobPostId: string; placements: BoostPlacement[] }> = [];
  for (const b of boosts) {
    const price = await priceOf(ctx.db, b.tierId, b.lengthDays);
    const [job] = await ctx.db.select({ title: jobPosts.title }).from(jobPosts).where(eq(jobPosts.id, b.jobPostId));
    const first = new Date(now.getTime() - b.startedDaysAgo * 24 * HOUR_MS);
    const periods = Array.from({ length: b.periods }, (_, n) => ({
      start: addDays(first, n * b.lengthDays),
      end: addDays(first, (n + 1) * b.lengthDays),
    }));
    const last = periods[periods.length - 1]!;
    const failed = b.failedHoursAgo !== undefined;
    const paidCard = cards[0]!;
    const [sub] = await ctx.db
      .insert(boostSubscriptions)
      .values({
        companyId: company.id,
        jobPostId: b.jobPostId,
        tierId: price.tierId,
        lengthDays: price.lengthDays,
        priceCents: price.priceCents,
        listCents: price.listCents,
        status: failed ? 'past_due' : 'active',
        provider: 'test',
        paymentMethodId: paidCard.id,
        idempotencyKey: `demo:${b.jobPostId}`,
        currentPeriodStart: last.start,
        currentPeriodEnd: last.end,
        cancelAtPeriodEnd: !!b.cancelled,
        canceledAt: b.cancelled ? new Date(now.getTime() - b.cancelled.daysAgo * 24 * HOUR_MS) : null,
        cancelReason: b.cancelled?.reason ?? null,
        cancelDetails: b.cancelled?.details ?? null,
        nextRetryAt: failed ? addDays(last.end, 1) : null,
        createdBy: company.employerId,
        createdAt: first,
      })
      .returning();
    // A past-due boost is paused: its job shows nowhere until a try pays.
    if (!failed) boosted.push({ jobPostId: b.jobPostId, placements: price.placements });
    const charge = (start: Date, end: Date) => ({
      subscriptionId: sub!.id,
      jobPostId: b.jobPostId,
      jobTitle: job?.title ?? '',
      tierName: price.tierName,
      lengthDays: price.lengthDays,
      priceCents: price.priceCents,
      listCents: price.listCents,
      periodStart: start,
      periodEnd: end,
    });
    for (const p of periods) {
      invoicesToIssue.push({
        at: p.start,
        run: async () => {
          await ctx.db.transaction(async (tx) => {
            await issueInvoice(tx, {
              companyId: company.id,
              charge: charge(p.start, p.end),
              status: 'paid',
              issuedAt: p.start,
              card: paidCard,
              provider: 'test',
              providerPaymentId: null,
            });
          });
        },
      });
    }
    if (failed) {
      const at = last.end;
      const failure: ChargeFailure = 'declined';
      invoicesToIssue.push({
        at,
        run: async () => {
          await ctx.db.transaction(async (tx) => {
            await issueInvoice(tx, {
              companyId: company.id,
              charge: charge(at, addDays(at, price.lengthDays)),
              status: 'open',
              issuedAt: at,
              card: cards[1] ?? paidCard,
              provider: 'test',
              providerPaymentId: null,
              failure,
            });
          });
        },
      });
    }
  }
  invoicesToIssue.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const invoice of invoicesToIssue) await invoice.run();
  for (const b of boosted) await setJobsBoosted(ctx.db, [b.jobPostId], b.placements);
}

/**
 * The tier of a market company's featured job: the first company's first job premium (lifted first
 * in search, a highlighted pin), the second's spotlight (a highlighted pin), the rest featured.
 */
const marketTier = (company: number, job: number) =>
  job > 0 ? 'featured' : company === 0 ? 'premium' : company === 1 ? 'spotlight' : 'featured';

/**
 * Real boosts for the demo marketplace, through the built-in test processor (nothing is seeded with
 * another processor): the demo employer has a default Visa test card and a second card, a renewing
 * boost with a few paid periods, a boost cancelled with a reason that runs to its period's end, and
 * a past-due one whose renewal failed; every other company's featured job is boosted by a renewing
 * subscription with its paid invoice (one premium, one spotlight, the others featured). So every
 * boosted job has a subscription, and shows where its tier says.
 */
export async function seedDemoBoosts(ctx: AppContext, featured: { demo: DemoFeaturedJobs | null; market: DemoFeaturedJobs[] }) {
  const processor = ctx.adapters.payments;
  if (!isTestProcessor(processor)) return;
  const year = ctx.adapters.now().getUTCFullYear();
  const companyOf = async (f: DemoFeaturedJobs) => {
    const [row] = await ctx.db
      .select({ id: companies.id, name: companies.name, email: users.email })
      .from(companies)
      .innerJoin(users, eq(users.id, f.employerId))
      .where(eq(companies.id, f.companyId));
    return row!;
  };

  if (featured.demo) {
    const demo = featured.demo;
    const company = await companyOf(demo);
    const cards = await customerWithCards(ctx, processor, company, [
      { number: TEST_CARDS.succeeds, expMonth: 12, expYear: year + 3 },
      { number: '5555555555554444', expMonth: 8, expYear: year + 2 },
    ]);
    // A third open job of the company for the past-due example.
    const [other] = await ctx.db
      .select({ id: jobPosts.id })
      .from(jobPosts)
      .where(
        and(
          eq(jobPosts.companyId, demo.companyId),
          eq(jobPosts.status, 'Active'),
          gt(jobPosts.validThrough, addDays(ctx.adapters.now(), 8)),
          demo.jobPostIds.length ? notInArray(jobPosts.id, demo.jobPostIds) : undefined,
        ),
      )
      .orderBy(jobPosts.postedAt)
      .limit(1);
    const [renewing, cancelled] = demo.jobPostIds;
    const boosts: DemoBoost[] = [];
    if (renewing) boosts.push({ jobPostId: renewing, tierId: 'spotlight', lengthDays: 7, startedDaysAgo: 16, periods: 3 });
    if (cancelled) {
      boosts.push({
        jobPostId: cancelled,
        tierId: 'featured',
        lengthDays: 14,
        startedDaysAgo: 5,
        periods: 1,
        cancelled: { daysAgo: 2, reason: 'position_filled', details: 'We hired someone we met through a referral.' },
      });
    }
    if (other) boosts.push({ jobPostId: other.id, tierId: 'premium', lengthDays: 7, startedDaysAgo: 7.25, periods: 1, failedHoursAgo: 6 });
    await seedBoosts(ctx, { id: demo.companyId, employerId: demo.employerId }, cards, boosts);
  }

  for (const [i, f] of featured.market.entries()) {
    const company = await companyOf(f);
    const cards = await customerWithCards(ctx, processor, company, [
      { number: TEST_CARDS.succeeds, expMonth: 1 + (i % 12), expYear: year + 2 },
    ]);
    await seedBoosts(
      ctx,
      { id: f.companyId, employerId: f.employerId },
      cards,
      f.jobPostIds.map((jobPostId, n) => ({
        jobPostId,
        tierId: marketTier(i, n),
        lengthDays: 30,
        startedDaysAgo: 2 + ((i * 3 + n * 7) % 20),
        periods: 1,
      })),
    );
  }
}
