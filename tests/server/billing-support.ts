import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { boostSubscriptions, invoices, jobPosts, outbox, paymentMethods, testProcessorObjects } from '../../server/db/schema.ts';
import { publishJobData } from '../../server/posting/jobs.ts';
import { createContext, type AppContext } from '../../server/context.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import {
  TEST_CARDS,
  type BillingCycle,
  type BoostAnalytics,
  type BoostResult,
  type BoostTier,
  type Budget,
  type Invoice,
  type InvoiceSummary,
  type PaymentInfo,
  type PaymentMethod,
  type SetupIntent,
  type Subscription,
} from '../../src/contract/billing.ts';
import type { FilesApp } from './files-support.ts';
import { completeJobData, expectOk, jobsApp, type Answer, type Caller } from './jobs-support.ts';

export { expectOk, expectRefused } from './jobs-support.ts';
export type { Answer, Caller };

export const DAY = 24 * 60 * 60 * 1000;
export const MINUTE = 60_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function inject<T>(f: FilesApp, method: Method, url: string, caller: Caller, json?: unknown): Promise<Answer<T>> {
  const res = await f.app.inject({
    method,
    url,
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
    ...(json !== undefined ? { payload: json as object } : {}),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: (isJson ? res.json() : {}) as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

const S = '/api/subscriptions';

/** Every billing call, as the pages make them. */
export function billingCalls(f: FilesApp) {
  return {
    tiers: (c: Caller) => inject<BoostTier[]>(f, 'GET', `${S}/boost-tiers`, c),
    tier: (c: Caller, id: string) => inject<BoostTier>(f, 'GET', `${S}/boost-tiers/${id}`, c),
    info: (c: Caller) => inject<PaymentInfo>(f, 'GET', `${S}/payment-info`, c),
    methods: (c: Caller) => inject<PaymentMethod[]>(f, 'POST', `${S}/payment-methods`, c),
    userMethods: (c: Caller, userId: string) => inject<PaymentMethod[]>(f, 'GET', `${S}/payment-methods/user/${userId}`, c),
    storeSetup: (c: Caller) => inject<SetupIntent>(f, 'POST', `${S}/setup-intent/store`, c),
    setup: (c: Caller, id: string) => inject<SetupIntent>(f, 'GET', `${S}/setup-intent/${id}`, c),
    testCard: (c: Caller, body: unknown) => inject<SetupIntent>(f, 'POST', `${S}/test-processor/cards`, c, body),
    authenticate: (c: Caller, body: unknown) => inject<{ status: string }>(f, 'POST', `${S}/test-processor/authenticate`, c, body),
    attach: (c: Caller, body: unknown) => inject<PaymentMethod>(f, 'POST', `${S}/attach-payment-method`, c, body),
    add: (c: Caller, body: unknown) => inject<PaymentMethod>(f, 'POST', `${S}/payment-methods/add`, c, body),
    setDefault: (c: Caller, id: string) => inject<PaymentMethod[]>(f, 'PUT', `${S}/payment-methods/${id}/set-default`, c),
    remove: (c: Caller, id: string) => inject<PaymentMethod[]>(f, 'DELETE', `${S}/payment-methods/${id}`, c),
    create: (c: Caller, body: unknown) => inject<BoostResult>(f, 'POST', `${S}/create`, c, body),
    paymentSubscription: (c: Caller, body: unknown) => inject<BoostResult>(f, 'POST', `${S}/payment-subscription`, c, body),
    paymentIntent: (c: Caller, body: unknown) => inject<BoostResult>(f, 'POST', `${S}/payment-intent`, c, body),
    change: (c: Caller, id: string, body: unknown) => inject<Subscription>(f, 'PUT', `${S}/${id}`, c, body),
    cancel: (c: Caller, id: string, body: unknown) => inject<Subscription>(f, 'POST', `${S}/${id}/cancel`, c, body),
    one: (c: Caller, id: string) => inject<Subscription>(f, 'GET', `${S}/${id}`, c),
    list: (c: Caller, query = '') => inject<{ items: Subscription[]; total: number }>(f, 'GET', `${S}/user${query}`, c),
    budget: (c: Caller, id: string) => inject<Budget>(f, 'GET', `${S}/${id}/budget`, c),
    analytics: (c: Caller, id: string) => inject<BoostAnalytics>(f, 'GET', `${S}/${id}/analytics`, c),
    cycles: (c: Caller, id: string) => inject<BillingCycle[]>(f, 'GET', `${S}/${id}/billing-cycles`, c),
    invoices: (c: Caller, query = '') => inject<{ items: InvoiceSummary[]; total: number }>(f, 'GET', `${S}/invoices${query}`, c),
    invoice: (c: Caller, id: string) => inject<Invoice>(f, 'GET', `${S}/invoices/${id}`, c),
    pdf: (c: Caller, id: string) => inject<null>(f, 'GET', `${S}/invoices/${id}/pdf`, c),
    boostsNear: (latitude = 45.6387, longitude = -122.6615) =>
      inject<{ items: Array<{ id: string; isBoosted: boolean }>; total: number }>(
        f,
        'POST',
        '/api/job/boosts',
        { label: 'anonymous', id: null, token: undefined, companyId: null },
        {
          latitude,
          longitude,
          distance: 10,
          pageSize: 50,
        },
      ),
  };
}

export type BillingCalls = ReturnType<typeof billingCalls>;

let tins = 0;

/**
 * The jobs world (companies X and Y, their staff, job seekers) with billing calls, and companies
 * made to measure: each renewal test has a company of its own, so its cards and boosts are its own.
 */
export async function billingApp(options: Parameters<typeof jobsApp>[0] = {}) {
  const t = await jobsApp(options);
  const db = t.f.app.database.db;
  const ctx = t.f.app.ctx;
  const b = billingCalls(t.f);

  /** A card saved through the card form (the test processor) and payment-methods/add. */
  async function addCard(
    caller: Caller,
    number: string = TEST_CARDS.succeeds,
    options: { expMonth?: number; expYear?: number; setAsDefault?: boolean } = {},
  ): Promise<PaymentMethod> {
    const setup = expectOk(await b.storeSetup(caller), 201);
    const now = t.clock.now();
    const confirmed = expectOk(
      await b.testCard(caller, {
        setupIntentId: setup.id,
        number,
        expMonth: options.expMonth ?? 12,
        expYear: options.expYear ?? now.getUTCFullYear() + 3,
        cvc: '123',
      }),
    );
    const added = await b.add(caller, { providerId: confirmed.paymentMethodId, setAsDefault: options.setAsDefault ?? false });
    expect([200, 201], JSON.stringify(added.body.state)).toContain(added.status);
    return added.body.data;
  }

  /** A company of its own, in good standing, with an employer, a recruiter and a way to publish open jobs. */
  async function newCompany(name = `Company ${randomUUID().slice(0, 6)}`) {
    tins += 1;
    const company = await t.w.company(name, String(300000000 + tins));
    const employer = await t.w.person('Employer', company.id, `employer of ${name}`, { firstName: 'Pat' });
    const recruiter = await t.w.person('Recruiter', company.id, `recruiter of ${name}`, { invitedBy: employer.id });
    const job = async (title = `Forklift Driver ${randomUUID().slice(0, 6)}`) =>
      (await publishJobData(ctx, { companyId: company.id, userId: employer.id! }, completeJobData({ title }))).id;
    return { company, employer, recruiter, job };
  }

  /** A boost request with a fresh idempotency key. */
  const boostBody = (jobPostId: string, extra: Record<string, unknown> = {}) => ({
    jobPostId,
    tierId: 'featured',
    lengthDays: 7,
    idempotencyKey: randomUUID(),
    ...extra,
  });

  /** Boosts the job and expects it done (201). */
  async function boost(caller: Caller, jobPostId: string, extra: Record<string, unknown> = {}): Promise<BoostResult> {
    return expectOk(await b.create(caller, boostBody(jobPostId, extra)), 201);
  }

  /** Successful charges at the processor, of one boost or of everything. */
  async function charges(subscriptionId?: string): Promise<number> {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(testProcessorObjects)
      .where(
        and(
          eq(testProcessorObjects.kind, 'payment'),
          sql`${testProcessorObjects.data}->>'status' = 'succeeded'`,
          subscriptionId ? sql`${testProcessorObjects.data}->'metadata'->>'subscriptionId' = ${subscriptionId}` : undefined,
        ),
      );
    return Number(rows[0]?.n ?? 0);
  }

  /** What billing stores for a company, for "nothing stored" checks. */
  async function stored(companyId: string) {
    const [subs, bills] = await Promise.all([
      db.select().from(boostSubscriptions).where(eq(boostSubscriptions.companyId, companyId)),
      db.select().from(invoices).where(eq(invoices.companyId, companyId)),
    ]);
    return { subscriptions: subs.length, invoices: bills.length };
  }

  async function isBoosted(jobPostId: string): Promise<boolean> {
    const [row] = await db.select({ boosted: jobPosts.isBoosted }).from(jobPosts).where(eq(jobPosts.id, jobPostId));
    return row!.boosted;
  }

  /** Where the job's boost shows it now. */
  async function placements(jobPostId: string) {
    const [row] = await db.select({ placements: jobPosts.boostPlacements }).from(jobPosts).where(eq(jobPosts.id, jobPostId));
    return row!.placements;
  }

  async function subscriptionRow(id: string) {
    const [row] = await db.select().from(boostSubscriptions).where(eq(boostSubscriptions.id, id));
    return row!;
  }

  async function invoicesOf(subscriptionId: string) {
    return db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)).orderBy(invoices.number);
  }

  async function cardsOf(companyId: string) {
    return db.select().from(paymentMethods).where(eq(paymentMethods.companyId, companyId));
  }

  /** Mails sent while `action` ran. */
  async function mailsDuring(action: () => Promise<unknown>) {
    const before = new Set((await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));
    await action();
    return (await db.select().from(outbox)).filter((m) => !before.has(m.id));
  }

  /** A second app context on the same database (and processor): another server process. */
  const otherProcess = (): AppContext => createContext(ctx.config, ctx.adapters, ctx.log);

  return {
    ...t,
    db,
    ctx,
    b,
    addCard,
    newCompany,
    boostBody,
    boost,
    charges,
    stored,
    isBoosted,
    placements,
    subscriptionRow,
    invoicesOf,
    cardsOf,
    mailsDuring,
    otherProcess,
  };
}

export type BillingWorld = Awaited<ReturnType<typeof billingApp>>;
