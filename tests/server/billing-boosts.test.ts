import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingMessages, TEST_CARDS, invoiceNumberText, type BoostResult } from '../../src/contract/billing.ts';
import type { OutcomeCode } from '../../src/contract/outcome-codes.ts';
import { extractPdfText } from '../../server/files/pdf.ts';
import { billingApp, DAY, expectOk, expectRefused, type Answer, type BillingWorld } from './billing-support.ts';

let t: BillingWorld;

beforeAll(async () => {
  t = await billingApp();
}, 120_000);
afterAll(async () => t?.f.stop());

describe('boosting a job', () => {
  it('charges the first period at the tier’s price, boosts the job at once, issues invoice #1 with its lines and mails a receipt', async () => {
    const { employer, company, job } = await t.newCompany('Harbor Freight Movers');
    const card = await t.addCard(employer);
    const jobId = await job('Dock Worker');
    expect(await t.isBoosted(jobId)).toBe(false);
    expect((await t.b.boostsNear()).body.data.items.map((i) => i.id)).not.toContain(jobId);

    let answer: Answer<BoostResult> | undefined;
    const mails = await t.mailsDuring(async () => {
      answer = await t.b.create(employer, t.boostBody(jobId, { tierId: 'spotlight', lengthDays: 14 }));
    });
    const result = expectOk(answer!, 201);
    expect(answer!.body.state.code).toBe<OutcomeCode>('boost.created');
    expect(answer!.body.message).toBe(BillingMessages.boosted);
    const now = t.clock.now().getTime();
    expect(result.subscription).toMatchObject({
      jobPostId: jobId,
      jobTitle: 'Dock Worker',
      tierId: 'spotlight',
      tierName: 'Spotlight',
      lengthDays: 14,
      priceCents: 12600,
      discountPercentage: 10,
      status: 'active',
      cancelAtPeriodEnd: false,
      pendingChange: null,
      nextChargeCents: 12600,
      paymentMethod: { id: card.id, brand: 'visa', last4: '4242' },
    });
    const start = Date.parse(result.subscription.currentPeriodStart!);
    expect(Math.abs(start - now)).toBeLessThan(60_000);
    expect(Date.parse(result.subscription.currentPeriodEnd!) - start).toBe(14 * DAY);
    expect(result.subscription.nextChargeAt).toBe(result.subscription.currentPeriodEnd);
    expect(result.clientSecret).toBeNull();

    // The job is boosted, and the featured strip near it shows it.
    expect(await t.isBoosted(jobId)).toBe(true);
    const strip = (await t.b.boostsNear()).body.data.items;
    expect(strip.find((i) => i.id === jobId)).toMatchObject({ isBoosted: true });

    // Invoice #1 of the company, paid, with its line and the discount of 14 days.
    const invoice = expectOk(await t.b.invoice(employer, result.invoiceId!));
    expect(invoice).toMatchObject({
      number: 1,
      numberText: 'INV-000001',
      status: 'paid',
      currency: 'USD',
      subtotalCents: 14000,
      discountCents: 1400,
      totalCents: 12600,
      subscriptionId: result.subscription.id,
      jobTitle: 'Dock Worker',
      company: { name: 'Harbor Freight Movers' },
      paymentMethod: { brand: 'visa', last4: '4242' },
      failureMessage: null,
      pdfUrl: `/api/subscriptions/invoices/${invoice.id}/pdf`,
    });
    expect(invoice.lines).toEqual([
      { description: 'Spotlight boost, 14 days: Dock Worker', quantity: 1, unitCents: 14000, amountCents: 14000 },
    ]);
    expect(await t.charges(result.subscription.id)).toBe(1);

    // The receipt goes to the employer, with the amount and a link to the billing page.
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your receipt INV-000001: $126.00');
    expect(mails[0]!.text).toContain('“Dock Worker”');
    expect(mails[0]!.links).toEqual([`${t.ctx.config.publicUrl}/user/billing`]);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 1 });
  });

  it('is also payment-subscription, the draft wizard’s name for it, and charges the card named', async () => {
    const { employer, job } = await t.newCompany();
    await t.addCard(employer);
    const other = await t.addCard(employer, '5555555555554444');
    const answer = await t.b.paymentSubscription(
      employer,
      t.boostBody(await job(), { paymentMethodId: other.id, tierId: 'premium', lengthDays: 30 }),
    );
    const result = expectOk(answer, 201);
    expect(result.subscription).toMatchObject({ priceCents: 36000, discountPercentage: 20, paymentMethod: { last4: '4444' } });
  });

  it('answers the company’s boosts newest first, by status and job, and one by id', async () => {
    const { employer, recruiter, job } = await t.newCompany();
    await t.addCard(employer);
    const jobs = [await job(), await job(), await job()];
    const subs = [];
    for (const id of jobs) subs.push((await t.boost(employer, id)).subscription);
    expectOk(await t.b.cancel(employer, subs[1]!.id, { reason: 'other' }));
    const all = expectOk(await t.b.list(recruiter));
    expect(all.total).toBe(3);
    expect(all.items.map((s) => s.id)).toEqual([subs[2]!.id, subs[1]!.id, subs[0]!.id]);
    expect(expectOk(await t.b.list(recruiter, '?pageSize=2&pageNumber=2')).items.map((s) => s.id)).toEqual([subs[0]!.id]);
    expect(expectOk(await t.b.list(employer, `?jobPostId=${jobs[0]}`)).items.map((s) => s.id)).toEqual([subs[0]!.id]);
    expect(expectOk(await t.b.list(employer, '?status=current')).total).toBe(3);
    expect(expectOk(await t.b.list(employer, '?status=ended')).total).toBe(0);
    expect(expectOk(await t.b.one(recruiter, subs[1]!.id))).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: 'other' });
    expectRefused(await t.b.list(employer, '?status=paused'), 400);
  });
});

describe('a first payment that fails', () => {
  const cases: Array<[string, string, OutcomeCode, string]> = [
    ['declined', TEST_CARDS.declined, 'payment.declined', BillingMessages.declined],
    ['insufficient funds', TEST_CARDS.insufficientFunds, 'payment.insufficientFunds', BillingMessages.insufficientFunds],
    ['expired', TEST_CARDS.expiredCard, 'payment.expiredCard', BillingMessages.expiredCard],
  ];
  it.each(cases)('%s: 402 with its code and words; nothing is charged, stored or boosted', async (_, number, code, message) => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer, number);
    const jobId = await job();
    const body = t.boostBody(jobId);
    expectRefused(await t.b.create(employer, body), 402, message, code);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 0, invoices: 0 });
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(expectOk(await t.b.list(employer)).total).toBe(0);
    // The same key again: the same answer (the processor answers its first payment again).
    expectRefused(await t.b.create(employer, body), 402, message, code);
    // Another card then pays.
    await t.addCard(employer, TEST_CARDS.succeeds, { setAsDefault: true });
    expectOk(await t.b.create(employer, t.boostBody(jobId)), 201);
  });
});

describe('a first payment the bank asks to confirm (3-D Secure)', () => {
  it('answers 202 with the secret; once approved, payment-intent boosts the job', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer, TEST_CARDS.requiresAuthentication);
    const jobId = await job();
    const body = t.boostBody(jobId);
    const answer = await t.b.create(employer, body);
    const waiting = expectOk(answer, 202);
    expect(answer.body.state.code).toBe<OutcomeCode>('boost.requiresAction');
    expect(answer.body.message).toBe(BillingMessages.requiresAction);
    expect(waiting.clientSecret).toMatch(/_secret_/);
    expect(waiting.subscription.status).toBe('incomplete');
    expect(waiting.invoiceId).toBeNull();
    expect(await t.isBoosted(jobId)).toBe(false);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 0 });
    // Asked again (a retry, another tab) while it waits: the same.
    expect(expectOk(await t.b.create(employer, body), 202).clientSecret).toBe(waiting.clientSecret);
    expect(expectOk(await t.b.create(employer, t.boostBody(jobId)), 202).subscription.id).toBe(waiting.subscription.id);
    // Before the bank's answer, payment-intent still waits.
    expect(expectOk(await t.b.paymentIntent(employer, { subscriptionId: waiting.subscription.id }), 202).clientSecret).toBe(
      waiting.clientSecret,
    );

    expect(expectOk(await t.b.authenticate(employer, { clientSecret: waiting.clientSecret, approve: true }))).toEqual({
      status: 'succeeded',
    });
    const done = await t.b.paymentIntent(employer, { subscriptionId: waiting.subscription.id });
    const result = expectOk(done, 201);
    expect(done.body.state.code).toBe<OutcomeCode>('boost.created');
    expect(result.subscription.status).toBe('active');
    expect(result.invoiceId).not.toBeNull();
    expect(await t.isBoosted(jobId)).toBe(true);
    expect(await t.charges(waiting.subscription.id)).toBe(1);
    // Confirming again changes nothing.
    expect(expectOk(await t.b.paymentIntent(employer, { subscriptionId: waiting.subscription.id }), 201).invoiceId).toBe(result.invoiceId);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 1 });
  });

  it('failed by the bank: payment-intent answers 402 authenticationFailed and nothing is kept or charged', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer, TEST_CARDS.requiresAuthentication);
    const jobId = await job();
    const waiting = expectOk(await t.b.create(employer, t.boostBody(jobId)), 202);
    expect(expectOk(await t.b.authenticate(employer, { clientSecret: waiting.clientSecret, approve: false }))).toEqual({
      status: 'failed',
    });
    // A decided payment stays decided.
    expect(expectOk(await t.b.authenticate(employer, { clientSecret: waiting.clientSecret, approve: true }))).toEqual({ status: 'failed' });
    expectRefused(
      await t.b.paymentIntent(employer, { subscriptionId: waiting.subscription.id }),
      402,
      BillingMessages.authenticationFailed,
      'payment.authenticationFailed',
    );
    expect(await t.stored(company.id)).toEqual({ subscriptions: 0, invoices: 0 });
    expect(await t.charges(waiting.subscription.id)).toBe(0);
    expect(await t.isBoosted(jobId)).toBe(false);
    // Another company cannot confirm it, and the job can be boosted again.
    const other = await t.newCompany();
    await t.addCard(other.employer);
    expectRefused(
      await t.b.authenticate(other.employer, { clientSecret: waiting.clientSecret, approve: true }),
      404,
      BillingMessages.paymentNotFound,
    );
    expectOk(await t.b.create(employer, t.boostBody(jobId)), 202);
  });
});

describe('a double click or a retried request', () => {
  it('the same key makes one boost and one charge, and is answered the same', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const body = t.boostBody(await job());
    const first = expectOk(await t.b.create(employer, body), 201);
    const again = expectOk(await t.b.create(employer, body), 201);
    expect(again).toEqual(first);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 1 });
    expect(await t.charges(first.subscription.id)).toBe(1);
  });

  it('concurrent requests with the same key: one boost and one charge, every answer the same boost', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const body = t.boostBody(await job());
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.b.create(employer, body)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body.state)).toBe(201);
    expect(new Set(answers.map((a) => a.body.data.subscription.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.data.invoiceId)).size).toBe(1);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 1 });
    expect(await t.charges(answers[0]!.body.data.subscription.id)).toBe(1);
  });

  it('concurrent requests with different keys for one job: one boost, the others refused as boosted already', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    const answers = await Promise.all(Array.from({ length: 3 }, () => t.b.create(employer, t.boostBody(jobId))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 1, invoices: 1 });
    expect(await t.charges()).toBeGreaterThan(0);
  });
});

describe('what is refused, with nothing charged or stored', () => {
  it('an unknown tier or length, another company’s job or card, a closed, expired or deleted job, a second boost, no card', async () => {
    const mine = await t.newCompany();
    const theirs = await t.newCompany();
    const card = await t.addCard(mine.employer);
    const theirCard = await t.addCard(theirs.employer);
    const open = await mine.job();
    const theirJob = await theirs.job();
    const closed = await t.jobs.create('Closed Job', {}, { status: 'Closed' });
    const expired = await t.jobs.expired('Expired Job');
    const deleted = await t.jobs.deleted('Deleted Job');
    const x = t.w.employerX;
    await t.addCard(x);
    const before = await t.charges();

    const tier = await t.b.create(mine.employer, t.boostBody(open, { tierId: 'gold' }));
    expectRefused(tier, 400, BillingMessages.tierNotFound, 'request.invalid');
    expect(tier.body.state.fieldErrors).toEqual({ tierId: BillingMessages.tierNotFound });
    expectRefused(await t.b.create(mine.employer, t.boostBody(open, { lengthDays: 10 })), 400, BillingMessages.lengthNotOffered);
    // A price sent by the client is never charged: the tier table's is.
    expect(
      expectOk(await t.b.create(mine.employer, t.boostBody(open, { priceCents: 1, amountCents: 1 })), 201).subscription.priceCents,
    ).toBe(3500);
    const second = await t.b.create(mine.employer, t.boostBody(open));
    expectRefused(second, 409, BillingMessages.alreadyBoosted, 'boost.alreadyBoosted');
    expectRefused(await t.b.create(mine.employer, t.boostBody(theirJob)), 404, BillingMessages.jobNotFound, 'job.notFound');
    expectRefused(await t.b.create(mine.employer, t.boostBody(randomUUID())), 404, BillingMessages.jobNotFound, 'job.notFound');
    const other = await mine.job();
    expectRefused(
      await t.b.create(mine.employer, t.boostBody(other, { paymentMethodId: theirCard.id })),
      404,
      BillingMessages.methodNotFound,
    );
    expectRefused(await t.b.create(x, t.boostBody(closed)), 409, BillingMessages.jobNotOpen, 'boost.jobNotOpen');
    expectRefused(await t.b.create(x, t.boostBody(expired)), 409, BillingMessages.jobNotOpen, 'boost.jobNotOpen');
    expectRefused(await t.b.create(x, t.boostBody(deleted)), 404, BillingMessages.jobNotFound, 'job.notFound');
    const bare = await t.newCompany();
    expectRefused(
      await t.b.create(bare.employer, t.boostBody(await bare.job())),
      400,
      BillingMessages.noPaymentMethod,
      'payment.methodRequired',
    );
    expectRefused(await t.b.create(mine.employer, { ...t.boostBody(other), idempotencyKey: 'short' }), 400, BillingMessages.idempotencyKey);

    expect(await t.charges()).toBe(before + 1);
    expect(await t.stored(theirs.company.id)).toEqual({ subscriptions: 0, invoices: 0 });
    expect(await t.stored(bare.company.id)).toEqual({ subscriptions: 0, invoices: 0 });
    expect(await t.isBoosted(other)).toBe(false);
    expect(card.isDefault).toBe(true);
  });

  it('a blacklisted or deactivated company cannot boost: its staff are signed out', async () => {
    const { employer, company, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    await t.setCompany(company.id, { blacklisted: true });
    expectRefused(await t.b.create(employer, t.boostBody(jobId)), 401);
    await t.setCompany(company.id, { blacklisted: false, active: false });
    expectRefused(await t.b.create(employer, t.boostBody(jobId)), 401);
    expect(await t.stored(company.id)).toEqual({ subscriptions: 0, invoices: 0 });
  });
});

describe('changing a boost', () => {
  it('takes effect from the next period at the new tier’s price; asking for the current one drops the change', async () => {
    const { employer, job } = await t.newCompany();
    await t.addCard(employer);
    const { subscription } = await t.boost(employer, await job());
    const answer = await t.b.change(employer, subscription.id, { tierId: 'premium', lengthDays: 30 });
    const changed = expectOk(answer);
    expect(answer.body.message).toBe(BillingMessages.changed);
    expect(changed).toMatchObject({
      tierId: 'featured',
      lengthDays: 7,
      priceCents: 3500,
      pendingChange: { tierId: 'premium', tierName: 'Premium', lengthDays: 30, priceCents: 36000 },
      nextChargeCents: 36000,
      nextChargeAt: subscription.currentPeriodEnd,
    });
    const cycles = expectOk(await t.b.cycles(employer, subscription.id));
    expect(cycles.map((c) => [c.status, c.amountCents])).toEqual([
      ['paid', 3500],
      ['upcoming', 36000],
    ]);
    expect(Date.parse(cycles[1]!.periodEnd) - Date.parse(cycles[1]!.periodStart)).toBe(30 * DAY);
    expect(expectOk(await t.b.change(employer, subscription.id, { tierId: 'featured', lengthDays: 7 })).pendingChange).toBeNull();
    expectRefused(await t.b.change(employer, subscription.id, { tierId: 'gold', lengthDays: 7 }), 400, BillingMessages.tierNotFound);
  });
});

describe('cancelling a boost', () => {
  it('takes a reason from the list and runs to the end of the paid period, with no next charge', async () => {
    const { employer, job } = await t.newCompany();
    await t.addCard(employer);
    const jobId = await job();
    const { subscription } = await t.boost(employer, jobId);
    expectRefused(await t.b.cancel(employer, subscription.id, { reason: 'bored' }), 400, BillingMessages.reason);
    expectRefused(
      await t.b.cancel(employer, subscription.id, { reason: 'other', details: 'x'.repeat(501) }),
      400,
      BillingMessages.reasonDetails,
    );
    const answer = await t.b.cancel(employer, subscription.id, { reason: 'too_expensive', details: '  Over our budget this quarter.  ' });
    expect(answer.body.message).toBe(BillingMessages.cancelled);
    expect(expectOk(answer)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      cancelReason: 'too_expensive',
      cancelDetails: 'Over our budget this quarter.',
      nextChargeAt: null,
      nextChargeCents: null,
      currentPeriodEnd: subscription.currentPeriodEnd,
    });
    expect(await t.isBoosted(jobId)).toBe(true);
    expectRefused(await t.b.cancel(employer, subscription.id, { reason: 'other' }), 409, BillingMessages.alreadyCancelled);
    expectRefused(await t.b.change(employer, subscription.id, { tierId: 'premium', lengthDays: 7 }), 409, BillingMessages.alreadyCancelled);
    expect(expectOk(await t.b.budget(employer, subscription.id))).toMatchObject({
      nextChargeAt: null,
      nextChargeCents: null,
      spentToDateCents: 3500,
    });
    expect(expectOk(await t.b.cycles(employer, subscription.id)).map((c) => c.status)).toEqual(['paid']);
  });
});

describe('what a boost cost and brought', () => {
  it('budget: spent this period and to date, the next charge and its date', async () => {
    const { employer, job } = await t.newCompany();
    await t.addCard(employer);
    const { subscription } = await t.boost(employer, await job(), { tierId: 'spotlight', lengthDays: 7 });
    expect(expectOk(await t.b.budget(employer, subscription.id))).toEqual({
      spentThisPeriodCents: 7000,
      spentToDateCents: 7000,
      nextChargeCents: 7000,
      nextChargeAt: subscription.currentPeriodEnd,
      currency: 'USD',
    });
  });

  it('analytics: impressions in search and the strip, clicks, apply starts and applications while boosted, and their cost', async () => {
    const x = t.w.employerX;
    const jobId = await t.jobs.create('Boosted Picker');
    const { subscription } = await t.boost(x, jobId, { tierId: 'featured', lengthDays: 7 });
    // Before the boost counts nothing: the window starts with the paid period.
    await t.b.boostsNear();
    await t.b.boostsNear();
    await t.calls.click(t.w.seekerA, jobId);
    await t.calls.click(t.w.seekerB, jobId);
    await t.calls.applyStart(t.w.seekerA, jobId);
    await t.calls.apply(t.w.seekerB, { jobId, resumeId: await t.document(t.w.seekerB, 'resume'), workAuthorization: true });
    const analytics = expectOk(await t.b.analytics(t.w.recruiterX, subscription.id));
    expect(analytics).toMatchObject({
      since: subscription.currentPeriodStart,
      impressions: 2,
      clicks: 2,
      applyStarts: 1,
      applications: 1,
      spentCents: 3500,
      costPerClickCents: 1750,
      costPerApplicationCents: 3500,
    });
  });
});

describe('the invoices', () => {
  it('are listed newest first and paged; the PDF is a PDF with the invoice’s number, sent as an attachment', async () => {
    const { employer, job } = await t.newCompany('Pdf Makers LLC');
    await t.addCard(employer);
    for (let i = 0; i < 3; i++) {
      await t.boost(employer, await job(`Packer ${i + 1}`));
      t.clock.advance(1000);
    }
    const page = expectOk(await t.b.invoices(employer, '?pageSize=2'));
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.number)).toEqual([3, 2]);
    expect(expectOk(await t.b.invoices(employer, '?pageSize=2&pageNumber=2')).items.map((i) => i.numberText)).toEqual(['INV-000001']);

    const pdf = await t.b.pdf(employer, page.items[0]!.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(String(pdf.headers['content-disposition'])).toContain(`attachment; filename="${invoiceNumberText(3)}.pdf"`);
    expect(pdf.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = await extractPdfText(Buffer.from(pdf.raw));
    expect(read.status).toBe('ok');
    const text = (read as { text: string }).text;
    expect(text).toContain('INV-000003');
    expect(text).toContain('Pdf Makers LLC');
    expect(text).toContain('Featured boost, 7 days: Packer 3');
    expect(text).toContain('$35.00');
  });
});
