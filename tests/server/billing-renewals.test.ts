import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boostSubscriptions } from '../../server/db/schema.ts';
import { endCompanyBoosts, runDueRenewals } from '../../server/billing/index.ts';
import { customerIdOf } from '../../server/billing/payer.ts';
import { BillingMessages, RENEWAL_RETRY_DAYS, TEST_CARDS } from '../../src/contract/billing.ts';
import { moveValidThrough } from './posting-support.ts';
import { billingApp, DAY, expectOk, MINUTE, type BillingWorld } from './billing-support.ts';

let t: BillingWorld;

beforeAll(async () => {
  t = await billingApp();
}, 120_000);
afterAll(async () => t?.f.stop());

/** Moves the clock and runs the billing work due, as the timer would. */
async function after(ms: number) {
  t.clock.advance(ms);
  return runDueRenewals(t.ctx);
}

describe('renewal', () => {
  it('renews each period by itself at the end of the last: charged once, invoice #2 right after #1, a receipt', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    const { subscription } = await t.boost(employer, jobId);
    const end = Date.parse(subscription.currentPeriodEnd!);

    // Not due yet: nothing happens.
    await after(6 * DAY);
    expect(await t.charges(subscription.id)).toBe(1);

    const mails = await t.mailsDuring(() => after(DAY + MINUTE));
    const renewed = expectOk(await t.b.one(employer, subscription.id));
    expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: subscription.currentPeriodEnd });
    expect(Date.parse(renewed.currentPeriodEnd!)).toBe(end + 7 * DAY);
    expect(await t.charges(subscription.id)).toBe(2);
    expect((await t.invoicesOf(subscription.id)).map((i) => [i.number, i.status])).toEqual([
      [1, 'paid'],
      [2, 'paid'],
    ]);
    expect(mails.map((m) => m.subject)).toEqual(['Your receipt INV-000002: $35.00']);
    expect(await t.isBoosted(jobId)).toBe(true);
    const cycles = expectOk(await t.b.cycles(employer, subscription.id));
    expect(cycles.map((c) => [c.number, c.status])).toEqual([
      [1, 'paid'],
      [2, 'paid'],
      [3, 'upcoming'],
    ]);
    expect(cycles[1]!.periodStart).toBe(cycles[0]!.periodEnd);

    // Running again charges nothing more.
    await runDueRenewals(t.ctx);
    expect(await t.charges(subscription.id)).toBe(2);
    expect(expectOk(await t.b.budget(employer, subscription.id))).toMatchObject({ spentThisPeriodCents: 3500, spentToDateCents: 7000 });
    expect((await t.stored(company.id)).invoices).toBe(2);
  });

  it('a change asked for takes effect with the next period, at its price, and the job shows as its new tier says', async () => {
    const { employer, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    const { subscription } = await t.boost(employer, jobId);
    expect(await t.placements(jobId)).toEqual(['featuredStrip', 'badge']);
    expectOk(await t.b.change(employer, subscription.id, { tierId: 'premium', lengthDays: 14 }));
    // Until the next period, the job shows as the tier paid for.
    expect(await t.placements(jobId)).toEqual(['featuredStrip', 'badge']);
    await after(7 * DAY + MINUTE);
    const renewed = expectOk(await t.b.one(employer, subscription.id));
    expect(renewed).toMatchObject({ tierId: 'premium', lengthDays: 14, priceCents: 18900, pendingChange: null });
    expect(await t.placements(jobId)).toEqual(['featuredStrip', 'searchLift', 'badge', 'highlightedPin']);
    expect(await t.isBoosted(jobId)).toBe(true);
    // And back down: spotlight from the period after.
    expectOk(await t.b.change(employer, subscription.id, { tierId: 'spotlight', lengthDays: 7 }));
    await after(14 * DAY + MINUTE);
    expect(await t.placements(jobId)).toEqual(['featuredStrip', 'badge', 'highlightedPin']);
    expect(Date.parse(renewed.currentPeriodEnd!) - Date.parse(renewed.currentPeriodStart!)).toBe(14 * DAY);
    const [, second] = await t.invoicesOf(subscription.id);
    expect(second).toMatchObject({ totalCents: 18900, subtotalCents: 21000, discountCents: 2100 });
  });

  it('a cancelled boost is not renewed: it runs to its period’s end, then it has ended and the job is no longer boosted', async () => {
    const { employer, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    const { subscription } = await t.boost(employer, jobId);
    expectOk(await t.b.cancel(employer, subscription.id, { reason: 'position_filled' }));
    await after(6 * DAY);
    expect(await t.isBoosted(jobId)).toBe(true);
    await after(DAY + MINUTE);
    expect(expectOk(await t.b.one(employer, subscription.id))).toMatchObject({ status: 'ended', cancelReason: 'position_filled' });
    expect((await t.subscriptionRow(subscription.id)).endedAt?.toISOString()).toBe(subscription.currentPeriodEnd);
    expect(await t.isBoosted(jobId)).toBe(false);
    expect((await t.b.boostsNear()).body.data.items.map((i) => i.id)).not.toContain(jobId);
    expect(await t.charges(subscription.id)).toBe(1);
    expect(expectOk(await t.b.list(employer, '?status=ended')).items.map((s) => s.id)).toEqual([subscription.id]);
  });
});

describe('a job that closes or expires', () => {
  it('closed: its boost ends at once, and nothing more is charged', async () => {
    const { employer, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    const { subscription } = await t.boost(employer, jobId);
    expectOk(await t.api.setStatus(employer, jobId, 'Closed'));
    expect(expectOk(await t.b.one(employer, subscription.id)).status).toBe('ended');
    expect(await t.isBoosted(jobId)).toBe(false);
    await after(7 * DAY + MINUTE);
    expect(await t.charges(subscription.id)).toBe(1);
    expect((await t.invoicesOf(subscription.id)).length).toBe(1);
  });

  it('past its last day: not renewed, and nothing more is charged', async () => {
    const { employer, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    const { subscription } = await t.boost(employer, jobId);
    await moveValidThrough(t.f, jobId, new Date(t.clock.now().getTime() + 3 * DAY));
    await after(7 * DAY + MINUTE);
    expect(expectOk(await t.b.one(employer, subscription.id)).status).toBe('ended');
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(await t.charges(subscription.id)).toBe(1);
  });
});

describe('a renewal that fails', () => {
  /** A boost paid by a good card, whose default card is now one that declines. */
  async function boostThatWillFail() {
    const world = await t.newCompany();
    const good = await t.addCard(world.employer);
    const jobId = await world.job();
    const { subscription } = await t.boost(world.employer, jobId);
    const bad = await t.addCard(world.employer, TEST_CARDS.declined, { setAsDefault: true });
    expectOk(await t.b.remove(world.employer, good.id));
    return { ...world, jobId, subscription, bad };
  }

  it('marks the boost past due, pauses it, mails a link to update the card, retries per RENEWAL_RETRY_DAYS, then cancels it', async () => {
    const { employer, jobId, subscription } = await boostThatWillFail();
    const failedAt = Date.parse(subscription.currentPeriodEnd!) + MINUTE;
    const mails = await t.mailsDuring(() => after(7 * DAY + MINUTE));
    const due = expectOk(await t.b.one(employer, subscription.id));
    expect(due.status).toBe('past_due');
    // The clock runs on between the two readings: within seconds.
    expect(Math.abs(Date.parse(due.nextChargeAt!) - (failedAt + RENEWAL_RETRY_DAYS[0] * DAY))).toBeLessThan(5000);
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(await t.placements(jobId)).toEqual([]);
    const [, open] = await t.invoicesOf(subscription.id);
    expect(open).toMatchObject({ number: 2, status: 'open', failure: 'declined' });
    expect(expectOk(await t.b.invoice(employer, open!.id)).failureMessage).toBe(BillingMessages.declined);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('is paused');
    expect(mails[0]!.links).toEqual([`${t.ctx.config.publicUrl}/user/billing`]);
    expect(mails[0]!.text).toContain('Update your card');

    // The tries, each on its day: the boost stays past due, and the employer is not mailed again.
    const quiet = await t.mailsDuring(async () => {
      await after(RENEWAL_RETRY_DAYS[0] * DAY);
      expect((await t.subscriptionRow(subscription.id)).retryCount).toBe(1);
      await after((RENEWAL_RETRY_DAYS[1] - RENEWAL_RETRY_DAYS[0]) * DAY - 2 * MINUTE);
      expect((await t.subscriptionRow(subscription.id)).retryCount).toBe(1);
      await after(2 * MINUTE);
      expect((await t.subscriptionRow(subscription.id)).retryCount).toBe(2);
    });
    expect(quiet).toEqual([]);
    const last = await t.mailsDuring(() => after((RENEWAL_RETRY_DAYS[2] - RENEWAL_RETRY_DAYS[1]) * DAY));
    const over = expectOk(await t.b.one(employer, subscription.id));
    expect(over).toMatchObject({ status: 'canceled', nextChargeAt: null });
    expect(over.canceledAt).not.toBeNull();
    expect((await t.invoicesOf(subscription.id)).map((i) => i.status)).toEqual(['paid', 'void']);
    expect(last.map((m) => m.subject)).toEqual([`Your boost of “${over.jobTitle}” has ended`]);
    expect(await t.charges(subscription.id)).toBe(1);
    expect(await t.isBoosted(jobId)).toBe(false);
    await after(30 * DAY);
    expect(await t.charges(subscription.id)).toBe(1);
  });

  it('a try pays once a good card is the default: the boost runs again from then, its invoice paid', async () => {
    const { employer, jobId, subscription } = await boostThatWillFail();
    await after(7 * DAY + MINUTE);
    await t.addCard(employer, TEST_CARDS.succeeds, { setAsDefault: true });
    const paidAt = t.clock.now().getTime() + RENEWAL_RETRY_DAYS[0] * DAY;
    const mails = await t.mailsDuring(() => after(RENEWAL_RETRY_DAYS[0] * DAY));
    const back = expectOk(await t.b.one(employer, subscription.id));
    expect(back.status).toBe('active');
    expect(Math.abs(Date.parse(back.currentPeriodStart!) - paidAt)).toBeLessThan(MINUTE);
    expect(await t.isBoosted(jobId)).toBe(true);
    expect(await t.placements(jobId)).toEqual(['featuredStrip', 'badge']);
    expect((await t.invoicesOf(subscription.id)).map((i) => [i.number, i.status])).toEqual([
      [1, 'paid'],
      [2, 'paid'],
    ]);
    expect(mails.map((m) => m.subject)).toEqual(['Your receipt INV-000002: $35.00']);
    expect(await t.charges(subscription.id)).toBe(2);
  });

  it('with no card left, a renewal fails like a declined one and asks for a card', async () => {
    const { employer, job } = await t.newCompany();
    const only = await t.addCard(employer);
    const { subscription } = await t.boost(employer, await job());
    expectOk(await t.b.remove(employer, only.id));
    await after(7 * DAY + MINUTE);
    expect(expectOk(await t.b.one(employer, subscription.id)).status).toBe('past_due');
    const [, open] = await t.invoicesOf(subscription.id);
    expect(expectOk(await t.b.invoice(employer, open!.id)).failureMessage).toBe(BillingMessages.noPaymentMethod);
  });

  it('cancelling a past-due boost ends it now; its unpaid invoice is void', async () => {
    const { employer, subscription } = await boostThatWillFail();
    await after(7 * DAY + MINUTE);
    expect(expectOk(await t.b.cancel(employer, subscription.id, { reason: 'too_expensive' }))).toMatchObject({
      status: 'canceled',
      cancelReason: 'too_expensive',
    });
    expect((await t.invoicesOf(subscription.id)).map((i) => i.status)).toEqual(['paid', 'void']);
    await after(8 * DAY);
    expect(await t.charges(subscription.id)).toBe(1);
  });
});

describe('renewals across processes', () => {
  it('two runs at once on one database (two app contexts) charge each boost once', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const subs = [];
    for (let i = 0; i < 3; i++) subs.push((await t.boost(employer, await job())).subscription);
    t.clock.advance(7 * DAY + MINUTE);
    const [a, b] = await Promise.all([runDueRenewals(t.ctx), runDueRenewals(t.otherProcess())]);
    expect(a.renewed + b.renewed).toBeGreaterThanOrEqual(3);
    for (const sub of subs) {
      expect(await t.charges(sub.id)).toBe(2);
      expect((await t.invoicesOf(sub.id)).length).toBe(2);
    }
    const numbers = (await t.db.query.invoices.findMany({ where: (i, { eq: is }) => is(i.companyId, company.id) })).map((i) => i.number);
    expect(numbers.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a run that charged and stopped before recording: the next run records the charge without charging again', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const { subscription } = await t.boost(employer, await job());
    t.clock.advance(7 * DAY + MINUTE);
    // What the stopped run did: claimed the boost, and charged the period at the processor.
    const row = await t.subscriptionRow(subscription.id);
    await t.db
      .update(boostSubscriptions)
      .set({ claimedUntil: new Date(t.clock.now().getTime() + 5 * MINUTE) })
      .where(eq(boostSubscriptions.id, subscription.id));
    const provider = t.ctx.adapters.payments!;
    const [card] = await t.cardsOf(company.id);
    await provider.charge(
      {
        customerId: (await customerIdOf(t.db, company.id, 'test'))!,
        paymentMethodId: card!.providerMethodId,
        amountCents: 3500,
        description: 'renewal',
        metadata: { subscriptionId: subscription.id, companyId: company.id, jobPostId: row.jobPostId },
      },
      `renewal:${subscription.id}:${row.currentPeriodEnd!.toISOString()}`,
    );
    expect(await t.charges(subscription.id)).toBe(2);
    // Claimed by the stopped run: left alone until the claim lapses.
    await runDueRenewals(t.ctx);
    expect((await t.invoicesOf(subscription.id)).length).toBe(1);
    await after(6 * MINUTE);
    expect((await t.invoicesOf(subscription.id)).map((i) => i.status)).toEqual(['paid', 'paid']);
    expect(await t.charges(subscription.id)).toBe(2);
  });
});

describe('a first payment left waiting for the bank', () => {
  it('is given up after a day: nothing is kept, and the bank can no longer confirm it', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer, TEST_CARDS.requiresAuthentication);
    const waiting = expectOk(await t.b.create(employer, t.boostBody(await job())), 202);
    await after(2 * 60 * MINUTE);
    expect((await t.stored(company.id)).subscriptions).toBe(1);
    await after(DAY);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 0, invoices: 0 });
    expect(expectOk(await t.b.authenticate(employer, { clientSecret: waiting.clientSecret, approve: true }))).toEqual({ status: 'failed' });
    expect(await t.charges(waiting.subscription.id)).toBe(0);
  });
});

describe('a blacklisted or deactivated company', () => {
  it('endCompanyBoosts stops its boosts now: cancelled, the jobs no longer boosted, nothing more charged', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const jobs = [await job(), await job()];
    const subs = [];
    for (const id of jobs) subs.push((await t.boost(employer, id)).subscription);
    await t.setCompany(company.id, { blacklisted: true });
    expect(await endCompanyBoosts(t.ctx, company.id)).toBe(2);
    for (const id of jobs) expect(await t.isBoosted(id)).toBe(false);
    for (const sub of subs) expect((await t.subscriptionRow(sub.id)).status).toBe('canceled');
    await after(8 * DAY);
    for (const sub of subs) expect(await t.charges(sub.id)).toBe(1);
  });

  it('the renewal run skips it: its boosts stop without a charge', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    const { subscription } = await t.boost(employer, jobId);
    await t.setCompany(company.id, { active: false });
    await after(7 * DAY + MINUTE);
    expect((await t.subscriptionRow(subscription.id)).status).toBe('canceled');
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(await t.charges(subscription.id)).toBe(1);
  });
});
