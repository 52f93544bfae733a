import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as billingContract from '../../src/contract/billing.ts';
import { endpointsOf } from '../../src/contract/index.ts';
import { BillingMessages, TEST_CARDS } from '../../src/contract/billing.ts';
import { billingApp, expectOk, type Answer, type BillingWorld, type Caller } from './billing-support.ts';

const EXPIRED = 'Your session has expired. Please sign in again.';
const NO_ACCESS = 'You do not have access to this.';

let t: BillingWorld;
/** X's card that asks the bank to confirm, for boosts left waiting. */
let confirmingCard = '';

beforeAll(async () => {
  t = await billingApp();
  await t.addCard(t.w.employerX);
  confirmingCard = (await t.addCard(t.w.employerX, TEST_CARDS.requiresAuthentication)).id;
}, 120_000);
afterAll(async () => t?.f.stop());

/** X's records a call names: made fresh for the calls that change them. */
interface Target {
  userId: string;
  /** An open job of X that is not boosted. */
  job: string;
  subscription: string;
  invoice: string;
  /** A card of X that is not the default. */
  card: string;
  /** A setup of X not confirmed yet. */
  setup: string;
  /** A setup of X confirmed with a card not saved yet. */
  confirmedSetup: string;
  providerCard: string;
  /** A boost of X waiting for the bank, and its secret. */
  waiting: string;
  secret: string;
}

async function targetOfX(): Promise<Target> {
  const x = t.w.employerX;
  const job = await t.jobs.create(`Open ${randomUUID().slice(0, 6)}`);
  const { subscription, invoiceId } = await t.boost(x, await t.jobs.create(`Boosted ${randomUUID().slice(0, 6)}`));
  const card = await t.addCard(x, '5555555555554444');
  const setup = expectOk(await t.b.storeSetup(x), 201);
  const confirmedSetup = expectOk(await t.b.storeSetup(x), 201);
  const year = t.clock.now().getUTCFullYear() + 2;
  const confirmed = expectOk(
    await t.b.testCard(x, { setupIntentId: confirmedSetup.id, number: TEST_CARDS.succeeds, expMonth: 6, expYear: year, cvc: '123' }),
  );
  const waiting = expectOk(
    await t.b.create(x, t.boostBody(await t.jobs.create(`Waiting ${randomUUID().slice(0, 6)}`), { paymentMethodId: confirmingCard })),
    202,
  );
  return {
    userId: x.id!,
    job,
    subscription: subscription.id,
    invoice: invoiceId!,
    card: card.id,
    setup: setup.id,
    confirmedSetup: confirmedSetup.id,
    providerCard: confirmed.paymentMethodId!,
    waiting: waiting.subscription.id,
    secret: waiting.clientSecret!,
  };
}

/** The same kinds of ids, of nothing. */
const nothing = (): Target => ({
  userId: randomUUID(),
  job: randomUUID(),
  subscription: randomUUID(),
  invoice: randomUUID(),
  card: randomUUID(),
  setup: `seti_test_${randomUUID().replace(/-/g, '')}`,
  confirmedSetup: `seti_test_${randomUUID().replace(/-/g, '')}`,
  providerCard: `pm_test_${randomUUID().replace(/-/g, '')}`,
  waiting: randomUUID(),
  secret: `pi_test_${randomUUID().replace(/-/g, '')}_secret_x`,
});

interface RouteCase {
  route: string;
  /** Recruiters of the company may call it too (reads of boosts). */
  staff: boolean;
  ok: number;
  /** What another company is told: the same as for an id of nothing. */
  notFound: string;
  call: (caller: Caller, x: Target) => Promise<Answer>;
}

const b = () => t.b;
const S = BillingMessages.subscriptionNotFound;

const idCases: RouteCase[] = [
  { route: 'GET /api/subscriptions/:id', staff: true, ok: 200, notFound: S, call: (c, x) => b().one(c, x.subscription) },
  { route: 'GET /api/subscriptions/:id/analytics', staff: true, ok: 200, notFound: S, call: (c, x) => b().analytics(c, x.subscription) },
  { route: 'GET /api/subscriptions/:id/budget', staff: false, ok: 200, notFound: S, call: (c, x) => b().budget(c, x.subscription) },
  { route: 'GET /api/subscriptions/:id/billing-cycles', staff: false, ok: 200, notFound: S, call: (c, x) => b().cycles(c, x.subscription) },
  {
    route: 'PUT /api/subscriptions/:id',
    staff: false,
    ok: 200,
    notFound: S,
    call: (c, x) => b().change(c, x.subscription, { tierId: 'premium', lengthDays: 14 }),
  },
  {
    route: 'POST /api/subscriptions/:id/cancel',
    staff: false,
    ok: 200,
    notFound: S,
    call: (c, x) => b().cancel(c, x.subscription, { reason: 'other' }),
  },
  {
    route: 'POST /api/subscriptions/payment-intent',
    staff: false,
    ok: 202,
    notFound: S,
    call: (c, x) => b().paymentIntent(c, { subscriptionId: x.waiting }),
  },
  {
    route: 'POST /api/subscriptions/create',
    staff: false,
    ok: 201,
    notFound: BillingMessages.jobNotFound,
    call: (c, x) => b().create(c, t.boostBody(x.job)),
  },
  {
    route: 'POST /api/subscriptions/payment-subscription',
    staff: false,
    ok: 201,
    notFound: BillingMessages.jobNotFound,
    call: (c, x) => b().paymentSubscription(c, t.boostBody(x.job)),
  },
  {
    route: 'GET /api/subscriptions/invoices/:id',
    staff: false,
    ok: 200,
    notFound: BillingMessages.invoiceNotFound,
    call: (c, x) => b().invoice(c, x.invoice),
  },
  {
    route: 'GET /api/subscriptions/invoices/:id/pdf',
    staff: false,
    ok: 200,
    notFound: BillingMessages.invoiceNotFound,
    call: (c, x) => b().pdf(c, x.invoice),
  },
  {
    route: 'PUT /api/subscriptions/payment-methods/:id/set-default',
    staff: false,
    ok: 200,
    notFound: BillingMessages.methodNotFound,
    call: (c, x) => b().setDefault(c, x.card),
  },
  {
    route: 'DELETE /api/subscriptions/payment-methods/:id',
    staff: false,
    ok: 200,
    notFound: BillingMessages.methodNotFound,
    call: (c, x) => b().remove(c, x.card),
  },
  {
    route: 'GET /api/subscriptions/payment-methods/user/:userId',
    staff: false,
    ok: 200,
    notFound: BillingMessages.methodNotFound,
    call: (c, x) => b().userMethods(c, x.userId),
  },
  {
    route: 'GET /api/subscriptions/setup-intent/:id',
    staff: false,
    ok: 200,
    notFound: BillingMessages.setupNotFound,
    call: (c, x) => b().setup(c, x.setup),
  },
  {
    route: 'POST /api/subscriptions/test-processor/cards',
    staff: false,
    ok: 200,
    notFound: BillingMessages.setupNotFound,
    call: (c, x) =>
      b().testCard(c, {
        setupIntentId: x.setup,
        number: TEST_CARDS.succeeds,
        expMonth: 12,
        expYear: t.clock.now().getUTCFullYear() + 1,
        cvc: '123',
      }),
  },
  {
    route: 'POST /api/subscriptions/test-processor/authenticate',
    staff: false,
    ok: 200,
    notFound: BillingMessages.paymentNotFound,
    call: (c, x) => b().authenticate(c, { clientSecret: x.secret, approve: true }),
  },
  {
    route: 'POST /api/subscriptions/attach-payment-method',
    staff: false,
    ok: 201,
    notFound: BillingMessages.setupNotFound,
    call: (c, x) => b().attach(c, { setupIntentId: x.confirmedSetup, paymentMethodId: x.providerCard }),
  },
  {
    route: 'POST /api/subscriptions/payment-methods/add',
    staff: false,
    ok: 201,
    notFound: BillingMessages.methodNotFound,
    call: (c, x) => b().add(c, { providerId: x.providerCard }),
  },
];

/** Calls that name no record: each company sees its own. */
const listRoutes = [
  'GET /api/subscriptions/boost-tiers',
  'GET /api/subscriptions/boost-tiers/:id',
  'GET /api/subscriptions/payment-info',
  'POST /api/subscriptions/payment-methods',
  'POST /api/subscriptions/setup-intent/store',
  'GET /api/subscriptions/user',
  'GET /api/subscriptions/invoices',
];

/** What X has, for "nothing changed" checks. */
async function xRows() {
  const [stored, cards, charges] = await Promise.all([t.stored(t.w.x.id), t.cardsOf(t.w.x.id), t.charges()]);
  return { stored, cards: cards.map((c) => [c.id, c.isDefault]).sort(), charges };
}

let shared: Target;
beforeAll(async () => {
  shared = await targetOfX();
}, 120_000);

describe('the matrix covers every billing route', () => {
  it('names each endpoint of the billing contract', () => {
    const covered = new Set([...idCases.map((c) => c.route), ...listRoutes]);
    const listed = endpointsOf(billingContract as Record<string, unknown>).map((e) => `${e.method} ${e.path}`);
    expect(listed.filter((p) => !covered.has(p))).toEqual([]);
  });
});

describe.each(idCases.map((c) => [c.route, c] as const))('%s', (_, c) => {
  it('refuses anonymous callers (401) and job seekers (403), and changes nothing', async () => {
    const before = await xRows();
    const anonymous = await c.call(t.w.anonymous, shared);
    expect([anonymous.status, anonymous.body.message]).toEqual([401, EXPIRED]);
    const seeker = await c.call(t.w.seekerA, shared);
    expect([seeker.status, seeker.body.message]).toEqual([403, NO_ACCESS]);
    expect(await xRows()).toEqual(before);
  });

  it('serves the employer of X', async () => {
    const answer = await c.call(t.w.employerX, await targetOfX());
    expect(answer.status, JSON.stringify(answer.body?.state)).toBe(c.ok);
  });

  it(c.staff ? 'serves the recruiter of X' : 'refuses the recruiter of X (403): only the employer manages billing', async () => {
    const before = await xRows();
    const answer = await c.call(t.w.recruiterX, c.staff ? await targetOfX() : shared);
    if (c.staff) expect(answer.status, JSON.stringify(answer.body?.state)).toBe(c.ok);
    else {
      expect([answer.status, answer.body.message]).toEqual([403, NO_ACCESS]);
      expect(await xRows()).toEqual(before);
    }
  });

  it.each(['employerY', 'recruiterY'] as const)('answers the %s as if X’s record did not exist, and changes nothing', async (who) => {
    const before = await xRows();
    const answer = await c.call(t.w[who], shared);
    if (who === 'recruiterY' && !c.staff) {
      expect([answer.status, answer.body.message]).toEqual([403, NO_ACCESS]);
    } else {
      expect([answer.status, answer.body.message], JSON.stringify(answer.body?.state)).toEqual([404, c.notFound]);
      const never = await c.call(t.w[who], nothing());
      expect(never.body).toEqual(answer.body);
    }
    expect(await xRows()).toEqual(before);
  });

  it('signs out a switched-off recruiter of X', async () => {
    expect((await c.call(t.w.offRecruiterX, shared)).status).toBe(401);
  });
});

describe('the calls that name no record', () => {
  it('refuse anonymous callers, and job seekers where billing is the company’s', async () => {
    for (const call of [b().info, b().methods, b().storeSetup, b().invoices, (c: Caller) => b().list(c)]) {
      expect((await call(t.w.anonymous)).status).toBe(401);
      expect((await call(t.w.seekerA)).status).toBe(403);
    }
    expect((await b().tiers(t.w.anonymous)).status).toBe(401);
    expect((await b().tier(t.w.anonymous, 'featured')).status).toBe(401);
    expect((await b().tiers(t.w.seekerA)).status).toBe(200);
  });

  it('show Y none of X’s cards, boosts or invoices; X’s recruiter reads the boosts but not the cards or invoices', async () => {
    const [info, methods, list, invoices] = await Promise.all([
      b().info(t.w.employerY),
      b().methods(t.w.employerY),
      b().list(t.w.recruiterY),
      b().invoices(t.w.employerY),
    ]);
    const seen = JSON.stringify([info.body, methods.body, list.body, invoices.body]);
    for (const id of [shared.card, shared.subscription, shared.invoice, shared.job]) expect(seen).not.toContain(id);
    expect(expectOk(await b().list(t.w.recruiterX, `?jobPostId=${shared.job}&status=all`)).total).toBe(0);
    expect(expectOk(await b().list(t.w.recruiterX, '?pageSize=50')).items.map((s) => s.id)).toContain(shared.subscription);
    for (const call of [b().info, b().methods, b().invoices, b().storeSetup]) expect((await call(t.w.recruiterX)).status).toBe(403);
  });
});

describe('access is checked before the request is read', () => {
  it('answers 401 to an anonymous caller and 403 to a recruiter before a bad body (400)', async () => {
    const bad = { jobPostId: 'nope', tierId: 7 };
    expect((await b().create(t.w.anonymous, bad)).status).toBe(401);
    expect((await b().create(t.w.recruiterX, bad)).status).toBe(403);
    expect((await b().create(t.w.employerX, bad)).status).toBe(400);
  });
});
