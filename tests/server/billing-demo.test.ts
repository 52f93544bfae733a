import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boostSubscriptions, boostTiers, jobPosts } from '../../server/db/schema.ts';
import { DEFAULT_SEARCH_LOCATION } from '../../src/contract/search.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { searchApi } from './search-support.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import { runDueRenewals } from '../../server/billing/index.ts';
import { passwordLogin } from './account-support.ts';
import { billingCalls } from './billing-support.ts';
import { expectOk, type Caller } from './jobs-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

let f: FilesApp;
let employer: Caller;
let recruiter: Caller;

const signIn = async (email: string): Promise<Caller> => {
  const session = (await passwordLogin(f.app, email, DEMO_PASSWORD)).body.data;
  return { label: email, id: null, token: session.accessToken, companyId: null };
};

beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  employer = await signIn(DEMO_ACCOUNTS.employer);
  recruiter = await signIn(DEMO_ACCOUNTS.recruiter);
}, 300_000);
afterAll(async () => f?.stop());

describe('the demo employer’s billing', () => {
  it('has a default Visa test card and a second card', async () => {
    const info = expectOk(await billingCalls(f).info(employer));
    expect(info).toMatchObject({ hasCustomer: true, hasPaymentMethods: true, provider: 'test' });
    expect(info.paymentMethods.map((m) => [m.brand, m.last4, m.isDefault])).toEqual([
      ['visa', '4242', true],
      ['mastercard', '4444', false],
    ]);
  });

  it('has a renewing boost, one cancelled with a reason running to its period’s end, and one past due', async () => {
    const b = billingCalls(f);
    const boosts = expectOk(await b.list(recruiter)).items;
    const renewing = boosts.find((s) => s.status === 'active' && !s.cancelAtPeriodEnd);
    const cancelled = boosts.find((s) => s.status === 'active' && s.cancelAtPeriodEnd);
    const pastDue = boosts.find((s) => s.status === 'past_due');
    expect(renewing?.nextChargeAt).not.toBeNull();
    expect(cancelled).toMatchObject({ cancelReason: 'position_filled', nextChargeAt: null });
    expect(Date.parse(cancelled!.currentPeriodEnd!)).toBeGreaterThan(Date.now());
    expect(pastDue).toBeDefined();

    const cycles = expectOk(await b.cycles(employer, renewing!.id));
    expect(cycles.filter((c) => c.status === 'paid')).toHaveLength(3);
    expect(cycles.at(-1)!.status).toBe('upcoming');
    expect(expectOk(await b.analytics(recruiter, renewing!.id)).impressions).toBeGreaterThan(0);

    // The past-due boost's job is paused; the others are featured.
    const rows = await f.app.database.db
      .select({ id: jobPosts.id, boosted: jobPosts.isBoosted })
      .from(jobPosts)
      .where(inArray(jobPosts.id, [renewing!.jobPostId, cancelled!.jobPostId, pastDue!.jobPostId]));
    const boosted = Object.fromEntries(rows.map((r) => [r.id, r.boosted]));
    expect([boosted[renewing!.jobPostId], boosted[cancelled!.jobPostId], boosted[pastDue!.jobPostId]]).toEqual([true, true, false]);
  });

  it('has invoices numbered from 1 without gaps, one of them open', async () => {
    const page = expectOk(await billingCalls(f).invoices(employer, '?pageSize=50'));
    expect(page.items.map((i) => i.number).sort((a, b) => a - b)).toEqual(Array.from({ length: page.total }, (_, i) => i + 1));
    expect(page.items.filter((i) => i.status === 'open')).toHaveLength(1);
    expect(page.items.filter((i) => i.status === 'paid').length).toBeGreaterThanOrEqual(4);
  });
});

describe('the demo market', () => {
  it('every boosted job has a current subscription, and the featured strip near the default place shows several companies', async () => {
    const db = f.app.database.db;
    const boosted = await db.select({ id: jobPosts.id }).from(jobPosts).where(eq(jobPosts.isBoosted, true));
    expect(boosted.length).toBeGreaterThanOrEqual(4);
    const subs = await db
      .select({ jobPostId: boostSubscriptions.jobPostId })
      .from(boostSubscriptions)
      .where(
        and(
          inArray(
            boostSubscriptions.jobPostId,
            boosted.map((r) => r.id),
          ),
          eq(boostSubscriptions.status, 'active'),
        ),
      );
    expect(new Set(subs.map((s) => s.jobPostId))).toEqual(new Set(boosted.map((r) => r.id)));
    const strip = expectOk(await billingCalls(f).boostsNear(45.628, -122.6739));
    expect(strip.total).toBeGreaterThanOrEqual(4);
  });

  it('every boosted job shows as its tier says, with a premium and a spotlight job near the default place', async () => {
    const db = f.app.database.db;
    const rows = await db
      .select({
        id: jobPosts.id,
        placements: jobPosts.boostPlacements,
        tierId: boostSubscriptions.tierId,
        tierPlacements: boostTiers.placements,
        latitude: jobPosts.latitude,
        longitude: jobPosts.longitude,
      })
      .from(jobPosts)
      .innerJoin(boostSubscriptions, and(eq(boostSubscriptions.jobPostId, jobPosts.id), eq(boostSubscriptions.status, 'active')))
      .innerJoin(boostTiers, eq(boostTiers.id, boostSubscriptions.tierId))
      .where(eq(jobPosts.isBoosted, true));
    for (const r of rows) expect([...r.placements].sort(), r.tierId).toEqual([...r.tierPlacements].sort());
    const { latitude, longitude, radius } = DEFAULT_SEARCH_LOCATION;
    const near = rows.filter((r) => r.latitude !== null && haversineMiles(latitude, longitude, r.latitude, r.longitude!) <= radius);
    expect(near.map((r) => r.tierId)).toEqual(expect.arrayContaining(['featured', 'spotlight', 'premium']));

    // The default search: the premium job first, featured; the spotlight ones' pins highlighted.
    const page = await searchApi(f).find({ flags: { Pins: true } });
    const premium = near.filter((r) => r.tierId === 'premium').map((r) => r.id);
    expect(premium).toContain(page.items[0]!.id);
    expect(page.items[0]!.boostPlacements).toContain('badge');
    const spotlight = near.filter((r) => r.tierId === 'spotlight').map((r) => r.id);
    const pins = page.pins!.clusters.filter((c) => c.highlightedPin);
    expect(pins.length).toBeGreaterThan(0);
    for (const pin of pins) expect([...premium, ...spotlight]).toContain(pin.jobId);
  });

  it('nothing is due when the server starts on it: the first billing run changes nothing', async () => {
    expect(await runDueRenewals(f.app.ctx)).toEqual({ renewed: 0, failed: 0, ended: 0, canceled: 0, settled: 0 });
  });
});
