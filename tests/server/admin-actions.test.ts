import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, companies, jobPosts, refreshTokens, users } from '../../server/db/schema.ts';
import { searchIndexReady, searchIndexSync } from '../../server/jobs/search-index/sync.ts';
import { setCompanyState } from '../../server/admin/company-actions.ts';
import { AdminMessages } from '../../src/contract/admin.ts';
import { AccountMessages } from '../../src/contract/account-messages.ts';
import { SocketClose } from '../../src/contract/messaging.ts';
import type { SearchPage } from '../../src/contract/search.ts';
import { employerBody, uniqueEmail } from './account-support.ts';
import { apply } from './posting-support.ts';
import { connectSocket, listening, messagingCalls, type SocketClient } from './messaging-support.ts';
import { adminApp, expectDone, expectOk, expectRefused, type AdminWorld, type Answer, type Caller } from './admin-support.ts';

// What deactivating and blacklisting a company does, all of it or none of it: its staff signed out
// everywhere (refresh tokens, access tokens, realtime connections), its jobs out of search at once,
// and on blacklisting its open jobs closed with their applicants told, its boosts stopped and its
// TIN refused; each change with its audit entry, in one transaction.

let t: AdminWorld;
let base: string;
const sockets: SocketClient[] = [];

beforeAll(async () => {
  t = await adminApp();
  base = await listening(t.f.app);
  expect(await searchIndexReady(t.db, t.f.app.database)).toBe(true);
}, 60_000);
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.f.stop();
});

/** A company of its own with an open job, its employer signed in with a password, and the employer's realtime connection open. */
async function signedInCompany(name?: string) {
  const c = await t.newCompany(name);
  const jobId = await c.job(`Loader ${c.company.name}`);
  const email = await t.withPassword(c.employer);
  const session = expectOk(await t.signIn(email));
  const employer: Caller = { ...c.employer, token: session.accessToken };
  const messaging = expectOk(await messagingCalls(t.f).session(employer, 'Recruiter'));
  const socket = await connectSocket(base);
  sockets.push(socket);
  socket.send({ type: 'hello', sessionToken: messaging.sessionToken, lastMessageId: null });
  await socket.next('ready');
  return { ...c, jobId, email, session, employer, socket };
}

/** What a job seeker's search finds, answered by the search index. */
async function seekerFinds(jobId: string): Promise<boolean> {
  const before = searchIndexSync(t.db)!.answered;
  const res = await t.f.app.inject({
    method: 'POST',
    url: '/api/JobSeeker/enhanced-search',
    headers: { authorization: `Bearer ${t.w.seekerA.token}` },
    payload: { pageSize: 50, sortBy: 'newest' },
  });
  expect(res.statusCode).toBe(200);
  expect(searchIndexSync(t.db)!.answered, 'answered by the search index').toBe(before + 1);
  const page = res.json().data as SearchPage;
  return page.items.some((i) => i.id === jobId);
}

const companyOf = async (id: string) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const jobOf = async (id: string) => (await t.db.select().from(jobPosts).where(eq(jobPosts.id, id)))[0]!;
const get = async (url: string, token: string | undefined): Promise<Answer> => {
  const res = await t.f.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.rawPayload };
};

describe('deactivating a company', () => {
  it('signs its staff out at once, hides its jobs from search, and keeps them; activating brings it all back', async () => {
    const c = await signedInCompany();
    expect(await seekerFinds(c.jobId)).toBe(true);

    const answer = expectDone(
      await t.a.toggleActive(t.admin, { companyId: c.company.id, active: false, reason: 'Reported fraud, under review' }, 'GET'),
      AdminMessages.deactivated(c.company.name),
    );
    expect(answer.message).toBe(AdminMessages.deactivated(c.company.name));
    expect(answer.company).toMatchObject({ id: c.company.id, state: 'inactive', deactivationReason: 'Reported fraud, under review' });

    // The realtime connection closes at once, not to be reopened.
    expect(await c.socket.closed).toBe(SocketClose.forbidden);
    // The access token still held is refused on its next call, the refresh token no longer renews it.
    expectRefused(await get('/api/Account/User', c.session.accessToken), 401);
    expectRefused(await t.b.tiers(c.employer), 401);
    expect(await t.refresh(c.session.refreshToken)).toBe(401);
    // Signing in again says why.
    expectRefused(await t.signIn(c.email), 403, AccountMessages.companyDeactivated, 'auth.companyDeactivated');
    // Its jobs leave search at once, and the job's page; they are kept.
    expect(await seekerFinds(c.jobId)).toBe(false);
    expectRefused(await t.calls.jobPost(t.w.seekerA, c.jobId), 404);
    expect((await jobOf(c.jobId)).status).toBe('Active');

    const activated = expectDone(
      await t.a.toggleActive(t.admin, { companyId: c.company.id, active: true, reason: 'Cleared' }),
      AdminMessages.activated(c.company.name),
    );
    expect(activated.company).toMatchObject({ state: 'active', deactivatedAt: null, deactivationReason: null });
    expect(await seekerFinds(c.jobId)).toBe(true);
    expectOk(await t.calls.jobPost(t.w.seekerA, c.jobId));
    expectOk(await t.signIn(c.email));

    const trail = await t.auditOf(c.company.id);
    expect(trail.map((e) => [e.action, e.reason, e.adminId])).toEqual([
      ['company.deactivate', 'Reported fraud, under review', t.admin.id],
      ['company.activate', 'Cleared', t.admin.id],
    ]);
    expect(trail[0]).toMatchObject({
      targetType: 'company',
      targetId: c.company.id,
      before: { state: 'active', active: true, blacklisted: false },
      after: { state: 'inactive', active: false, blacklisted: false },
    });
  });

  it('asking for the state it has changes nothing and records nothing; left out, the state flips', async () => {
    const c = await t.newCompany();
    const same = expectDone(await t.a.toggleActive(t.admin, { companyId: c.company.id, active: true, reason: 'Just checking' }));
    expect(same.message).toBe(AdminMessages.activated(c.company.name));
    expect(await t.auditOf(c.company.id)).toEqual([]);
    // The spec's toggle: no state named.
    expect(expectDone(await t.a.toggleActive(t.admin, { companyId: c.company.id, reason: 'Flip' })).company.state).toBe('inactive');
    expect(expectDone(await t.a.toggleActive(t.admin, { companyId: c.company.id, reason: 'Flop' }, 'GET')).company.state).toBe('active');
    expect((await t.auditOf(c.company.id)).map((e) => e.action)).toEqual(['company.deactivate', 'company.activate']);
  });
});

describe('blacklisting a company', () => {
  it('does all deactivation does, closes its open jobs and tells their applicants, stops its boosts, refuses its TIN', async () => {
    const c = await signedInCompany('Blacklist Target LLC');
    // A TIN the business verifier accepts, so that only the blacklist refuses it.
    await t.db.update(companies).set({ tin: '391239876' }).where(eq(companies.id, c.company.id));
    await t.addCard(c.employer);
    const boosted = await c.job('Boosted Loader');
    const boost = await t.boost(c.employer, boosted);
    await apply(t.f, c.jobId, t.w.seekerB.id!);
    const closedBefore = await c.job('Already Closed Loader');
    await t.db.update(jobPosts).set({ status: 'Closed', closedAt: new Date() }).where(eq(jobPosts.id, closedBefore));
    const charges = await t.charges();

    const mails = await t.mailsDuring(async () => {
      const answer = expectDone(
        await t.a.toggleBlacklist(t.admin, { companyId: c.company.id, blacklisted: true, reason: 'Charged applicants fees' }),
        AdminMessages.blacklisted(c.company.name),
      );
      expect(answer.company).toMatchObject({ state: 'blacklisted', blacklistReason: 'Charged applicants fees', openJobs: 0 });
    });

    expect(await c.socket.closed).toBe(SocketClose.forbidden);
    expectRefused(await get('/api/Account/User', c.session.accessToken), 401);
    expect(await t.refresh(c.session.refreshToken)).toBe(401);
    expectRefused(await t.signIn(c.email), 403, AccountMessages.companyBlacklisted, 'auth.companyBlacklisted');
    expect(await seekerFinds(c.jobId)).toBe(false);

    // Its open jobs are closed, when it happened; a job closed before keeps its own date.
    for (const id of [c.jobId, boosted]) {
      const job = await jobOf(id);
      expect(job.status).toBe('Closed');
      expect(job.closedAt).not.toBeNull();
    }
    // Their open applicants are told, as when a company closes a job.
    const told = mails.filter((m) => m.subject === `Loader ${c.company.name} is no longer open`);
    expect(told.map((m) => m.to)).toEqual([await emailOf(t.w.seekerB)]);
    // Its boost stopped, with no renewal and no new charge.
    const sub = await t.subscriptionRow(boost.subscription.id);
    expect(['canceled', 'ended']).toContain(sub.status);
    expect(await t.isBoosted(boosted)).toBe(false);
    expect(await t.charges()).toBe(charges);

    // The TIN neither registers again nor verifies another company.
    const register = await t.f.app.inject({
      method: 'POST',
      url: '/api/Account/Register',
      payload: employerBody(uniqueEmail('again'), { companyTin: '39-1239876', companyName: 'Fresh Start LLC' }),
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().message).toBe(AccountMessages.businessBlacklisted);
    const newcomer = await t.w.company('Another Name LLC', '000000000', { verifiedAt: null });
    const owner = await t.w.person('Employer', newcomer.id, 'owner of a new company', { email: uniqueEmail('newcomer') });
    const verify = await t.f.app.inject({
      method: 'POST',
      url: '/api/Account/VerifyBusiness',
      payload: { email: await emailOf(owner), businessName: 'Another Name LLC', businessTin: '39-1239876' },
    });
    expect(verify.statusCode).toBe(403);
    expect(verify.json().message).toBe(AccountMessages.businessBlacklisted);

    const [entry] = await t.auditOf(c.company.id);
    expect(entry).toMatchObject({
      action: 'company.blacklist',
      reason: 'Charged applicants fees',
      before: { state: 'active', blacklisted: false },
      after: { state: 'blacklisted', blacklisted: true, closedJobs: 2 },
    });

    // Whitelisting restores the account, not the closed jobs.
    const white = expectDone(
      await t.a.toggleBlacklist(t.admin, { companyId: c.company.id, blacklisted: false, reason: 'Appeal upheld' }, 'GET'),
      AdminMessages.whitelisted(c.company.name),
    );
    expect(white.company).toMatchObject({ state: 'active', blacklistedAt: null, blacklistReason: null });
    expect((await jobOf(c.jobId)).status).toBe('Closed');
    expectOk(await t.signIn(c.email));
    expect((await t.auditOf(c.company.id)).map((e) => e.action)).toEqual(['company.blacklist', 'company.whitelist']);
  });

  it('whitelisting keeps a company deactivated before as it was', async () => {
    const c = await t.newCompany();
    expectDone(await t.a.toggleActive(t.admin, { companyId: c.company.id, active: false, reason: 'Paused' }));
    expectDone(await t.a.toggleBlacklist(t.admin, { companyId: c.company.id, blacklisted: true, reason: 'Fraud' }));
    const back = expectDone(await t.a.toggleBlacklist(t.admin, { companyId: c.company.id, blacklisted: false, reason: 'Mistake' }));
    expect(back.company.state).toBe('inactive');
    expect((await companyOf(c.company.id)).active).toBe(false);
  });
});

describe('one transaction', () => {
  it('a failure inside the action leaves everything as it was: the state, the jobs, the sessions, the trail', async () => {
    const c = await signedInCompany();
    await expect(
      setCompanyState(t.ctx, t.admin.id!, c.company.id, { kind: 'blacklisted', to: true }, 'Will fail', {
        inTransaction: async () => {
          throw new Error('the disk is full');
        },
      }),
    ).rejects.toThrow('the disk is full');
    const company = await companyOf(c.company.id);
    expect(company).toMatchObject({ blacklisted: false, blacklistedAt: null, blacklistReason: null, active: true });
    expect((await jobOf(c.jobId)).status).toBe('Active');
    expect(await t.auditOf(c.company.id)).toEqual([]);
    const open = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, c.employer.id!));
    expect(open.every((r) => r.revokedAt === null)).toBe(true);
    expect(await seekerFinds(c.jobId)).toBe(true);
    expect(await t.refresh(c.session.refreshToken)).toBe(200);
  });

  it('work of the caller’s commits with the change, under the caller’s audit action', async () => {
    const c = await t.newCompany();
    let ran = false;
    const done = await setCompanyState(t.ctx, t.admin.id!, c.company.id, { kind: 'blacklisted', to: true }, 'Scam reports', {
      auditAction: 'reports.blacklistCompany',
      inTransaction: async (tx) => {
        const [row] = await tx.select({ blacklisted: companies.blacklisted }).from(companies).where(eq(companies.id, c.company.id));
        ran = row!.blacklisted;
      },
    });
    expect(ran).toBe(true);
    expect(done.company.state).toBe('blacklisted');
    expect((await t.auditOf(c.company.id)).map((e) => e.action)).toEqual(['reports.blacklistCompany']);
  });
});

describe('the audit trail', () => {
  it('refuses any change or removal, whoever asks', async () => {
    const c = await t.newCompany();
    expectDone(await t.a.toggleActive(t.admin, { companyId: c.company.id, reason: 'Audit me' }));
    const [entry] = await t.auditOf(c.company.id);
    await expect(t.db.update(adminAudit).set({ reason: 'rewritten' }).where(eq(adminAudit.id, entry!.id))).rejects.toThrow();
    await expect(t.db.delete(adminAudit).where(eq(adminAudit.id, entry!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate admin_audit`)).rejects.toThrow();
    expect((await t.auditOf(c.company.id))[0]).toEqual(entry);
  });
});

async function emailOf(caller: Caller): Promise<string> {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, caller.id!));
  return row!.email;
}
