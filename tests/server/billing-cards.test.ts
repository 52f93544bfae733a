import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingMessages, TEST_CARDS } from '../../src/contract/billing.ts';
import type { PaymentProvider } from '../../server/platform/payments/provider.ts';
import { createTestApp } from '../support/server/test-app.ts';
import { billingApp, expectOk, expectRefused, type BillingWorld } from './billing-support.ts';

let t: BillingWorld;

beforeAll(async () => {
  t = await billingApp();
}, 120_000);
afterAll(async () => t?.f.stop());

describe('boost tiers', () => {
  it('are the tier table’s, each with its placements and a price per length, longer lengths at a discount', async () => {
    const tiers = expectOk(await t.b.tiers(t.w.seeker));
    expect(tiers.map((tier) => tier.id)).toEqual(['featured', 'spotlight', 'premium']);
    for (const tier of tiers) {
      expect(tier.placements.length).toBeGreaterThan(0);
      expect(tier.prices.map((p) => p.lengthDays)).toEqual([7, 14, 30]);
      const [week, fortnight, month] = tier.prices;
      expect(week!.discountPercentage).toBe(0);
      expect(fortnight!.listCents).toBe(week!.priceCents * 2);
      expect(fortnight!.discountPercentage).toBe(10);
      expect(month!.discountPercentage).toBe(20);
    }
    expect(tiers.find((tier) => tier.id === 'premium')!.placements).toContain('searchLift');
    expect(expectOk(await t.b.tier(t.w.employerX, 'spotlight'))).toEqual(tiers[1]);
    expectRefused(await t.b.tier(t.w.employerX, 'gold'), 404, BillingMessages.tierNotFound);
  });
});

describe('saving a card with the test processor', () => {
  it('starts a setup (making the customer), confirms it with a test card and saves only its token, brand, last 4 and expiry', async () => {
    const { employer } = await t.newCompany();
    const before = expectOk(await t.b.info(employer));
    expect(before).toMatchObject({
      hasCustomer: false,
      hasPaymentMethods: false,
      paymentMethods: [],
      provider: 'test',
      publishableKey: null,
    });

    const setup = expectOk(await t.b.storeSetup(employer), 201);
    expect(setup).toMatchObject({ status: 'requires_payment_method', provider: 'test', paymentMethodId: null });
    expect(expectOk(await t.b.setup(employer, setup.id)).status).toBe('requires_payment_method');
    const year = t.clock.now().getUTCFullYear() + 2;
    const confirmed = expectOk(
      await t.b.testCard(employer, {
        setupIntentId: setup.id,
        number: '4242 4242 4242 4242',
        expMonth: 4,
        expYear: year % 100,
        cvc: '321',
      }),
    );
    expect(confirmed.status).toBe('succeeded');
    expect(confirmed.paymentMethodId).toMatch(/^pm_/);
    expect(expectOk(await t.b.setup(employer, setup.id)).paymentMethodId).toBe(confirmed.paymentMethodId);

    const attached = await t.b.attach(employer, { setupIntentId: setup.id, paymentMethodId: confirmed.paymentMethodId });
    const card = expectOk(attached, 201);
    expect(attached.body.message).toBe(BillingMessages.methodAdded);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 4, expYear: year, expiry: `04/${year % 100}`, isDefault: true });
    // Attaching again is the same card.
    expect(expectOk(await t.b.attach(employer, { setupIntentId: setup.id, paymentMethodId: confirmed.paymentMethodId })).id).toBe(card.id);

    const info = expectOk(await t.b.info(employer));
    expect(info).toMatchObject({ hasCustomer: true, hasPaymentMethods: true });
    expect(info.paymentMethods.map((m) => m.id)).toEqual([card.id]);
    expect(expectOk(await t.b.userMethods(employer, employer.id!)).map((m) => m.id)).toEqual([card.id]);
    expectRefused(await t.b.userMethods(employer, t.w.employerX.id!), 404);
  });

  it('saves each test card (its behaviour shows when it is charged), the first one as the default', async () => {
    const { employer, company } = await t.newCompany();
    const saved = [];
    for (const number of Object.values(TEST_CARDS)) saved.push(await t.addCard(employer, number));
    expect(saved.map((m) => m.last4)).toEqual(Object.values(TEST_CARDS).map((n) => n.slice(-4)));
    expect(saved.map((m) => m.isDefault)).toEqual([true, false, false, false, false]);
    const stored = await t.cardsOf(company.id);
    for (const row of stored) {
      expect(JSON.stringify(row)).not.toMatch(/4242424242424242|4000000000000002/);
      expect(row.providerMethodId).toMatch(/^pm_/);
    }
  });

  it('refuses a number that fails the checksum, an expiry that has passed and a security code of the wrong length: card.invalid, placed', async () => {
    const { employer, company } = await t.newCompany();
    const setup = expectOk(await t.b.storeSetup(employer), 201);
    const now = t.clock.now();
    const good = { setupIntentId: setup.id, number: TEST_CARDS.succeeds, expMonth: 12, expYear: now.getUTCFullYear() + 1, cvc: '123' };
    const cases: Array<[object, string, string]> = [
      [{ number: '4242424242424241' }, 'number', BillingMessages.cardNumber],
      [{ expYear: now.getUTCFullYear() - 1 }, 'expYear', BillingMessages.cardExpiry],
      [
        {
          expMonth: now.getUTCMonth() === 0 ? 12 : now.getUTCMonth(),
          expYear: now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear(),
        },
        'expYear',
        BillingMessages.cardExpiry,
      ],
      [{ number: '378282246310005', cvc: '123' }, 'cvc', BillingMessages.cardCvc],
    ];
    for (const [change, field, message] of cases) {
      const answer = await t.b.testCard(employer, { ...good, ...change });
      expectRefused(answer, 400, message, 'card.invalid');
      expect(answer.body.state.fieldErrors).toEqual({ [field]: message });
    }
    // What the schema refuses is refused before the processor sees it.
    expectRefused(await t.b.testCard(employer, { ...good, cvc: '12' }), 400, BillingMessages.cardCvc, 'request.invalid');
    expectRefused(await t.b.testCard(employer, { ...good, number: '4242' }), 400, BillingMessages.cardNumber, 'request.invalid');
    expect(expectOk(await t.b.setup(employer, setup.id)).status).toBe('requires_payment_method');
    expect(await t.cardsOf(company.id)).toEqual([]);
    // The month it expires in is still good.
    const amex = { ...good, number: '378282246310005', cvc: '1234', expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() };
    expect(expectOk(await t.b.testCard(employer, amex)).status).toBe('succeeded');
  });

  it('keeps each company’s setups and cards to itself', async () => {
    const a = await t.newCompany();
    const b = await t.newCompany();
    const setup = expectOk(await t.b.storeSetup(a.employer), 201);
    expectOk(await t.b.storeSetup(b.employer), 201);
    expectRefused(await t.b.setup(b.employer, setup.id), 404, BillingMessages.setupNotFound);
    const body = { setupIntentId: setup.id, number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2099 % 100, cvc: '123' };
    expectRefused(await t.b.testCard(b.employer, body), 404, BillingMessages.setupNotFound);
    const card = await t.addCard(a.employer);
    // B cannot save A's card by its processor id, nor reach it by ours.
    expectRefused(await t.b.add(b.employer, { providerId: card.paymentMethodId }), 404, BillingMessages.methodNotFound);
    expectRefused(await t.b.setDefault(b.employer, card.id), 404, BillingMessages.methodNotFound);
    expectRefused(await t.b.remove(b.employer, card.id), 404, BillingMessages.methodNotFound);
    expect(expectOk(await t.b.methods(b.employer))).toEqual([]);
  });
});

describe('the default card', () => {
  it('is one card only: setting another makes only that one the default', async () => {
    const { employer, company } = await t.newCompany();
    const first = await t.addCard(employer);
    const second = await t.addCard(employer, '5555555555554444');
    const third = await t.addCard(employer, TEST_CARDS.succeeds, { setAsDefault: true });
    expect(expectOk(await t.b.methods(employer)).map((m) => [m.id, m.isDefault])).toEqual([
      [third.id, true],
      [second.id, false],
      [first.id, false],
    ]);
    const answer = await t.b.setDefault(employer, second.id);
    expect(answer.body.message).toBe(BillingMessages.defaultSet);
    expect(
      expectOk(answer)
        .filter((m) => m.isDefault)
        .map((m) => m.id),
    ).toEqual([second.id]);
    expect((await t.cardsOf(company.id)).filter((c) => c.isDefault).map((c) => c.id)).toEqual([second.id]);
  });
});

describe('removing a card', () => {
  it('removes a card that is not the default, and the default when no boost renews on it (the newest other card takes over)', async () => {
    const { employer } = await t.newCompany();
    const first = await t.addCard(employer);
    const second = await t.addCard(employer);
    const third = await t.addCard(employer);
    const answer = await t.b.remove(employer, second.id);
    expect(answer.body.message).toBe(BillingMessages.methodRemoved);
    expect(expectOk(answer).map((m) => m.id)).toEqual([first.id, third.id]);
    expect(expectOk(await t.b.remove(employer, first.id)).map((m) => [m.id, m.isDefault])).toEqual([[third.id, true]]);
  });

  it('refuses the default card while a boost renews on it and another card could take over; allows it once another is the default', async () => {
    const { employer, job } = await t.newCompany();
    const first = await t.addCard(employer);
    const second = await t.addCard(employer);
    await t.boost(employer, await job());
    expectRefused(await t.b.remove(employer, first.id), 409, BillingMessages.methodInUse, 'payment.methodInUse');
    expectOk(await t.b.setDefault(employer, second.id));
    expect(expectOk(await t.b.remove(employer, first.id)).map((m) => m.id)).toEqual([second.id]);
  });

  it('allows the last card while a boost renews on it: the boost runs to its period’s end, and a renewal without a card fails', async () => {
    const { employer, job } = await t.newCompany();
    const only = await t.addCard(employer);
    const { subscription } = await t.boost(employer, await job());
    expect(expectOk(await t.b.remove(employer, only.id))).toEqual([]);
    expect(expectOk(await t.b.one(employer, subscription.id))).toMatchObject({ status: 'active', paymentMethod: null });
  });
});

describe('a server without a payment processor (production without Stripe)', () => {
  it('answers 503 with its words to every call that needs the processor, and 404 for the test processor’s pages', async () => {
    const app = await createTestApp({ adapters: { payments: null } });
    try {
      const { companyWorld } = await import('./company-support.ts');
      const w = await companyWorld({ app } as never);
      const headers = { authorization: `Bearer ${w.employerX.token}` };
      for (const [method, url, payload] of [
        ['GET', '/api/subscriptions/payment-info', undefined],
        ['POST', '/api/subscriptions/setup-intent/store', undefined],
        ['POST', '/api/subscriptions/create', { jobPostId: w.x.id, tierId: 'featured', lengthDays: 7, idempotencyKey: 'abcdefgh-1' }],
      ] as const) {
        const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toMatchObject({ message: BillingMessages.paymentsUnavailable, state: { code: 'payment.unavailable' } });
      }
      const card = await app.inject({
        method: 'POST',
        url: '/api/subscriptions/test-processor/cards',
        headers,
        payload: { setupIntentId: 'seti_1', number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2099, cvc: '123' },
      });
      expect(card.statusCode).toBe(404);
      // Tiers are data, and answer.
      expect((await app.inject({ method: 'GET', url: '/api/subscriptions/boost-tiers', headers })).statusCode).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('the test processor’s pages answer 404 when another processor is in use', async () => {
    const stripeLike = { ...t.ctx.adapters.payments!, name: 'stripe' } as PaymentProvider;
    const original = t.ctx.adapters.payments;
    t.ctx.adapters.payments = stripeLike;
    try {
      const answer = await t.b.authenticate(t.w.employerX, { clientSecret: 'pi_x_secret_y', approve: true });
      expectRefused(answer, 404);
    } finally {
      t.ctx.adapters.payments = original;
    }
  });
});
