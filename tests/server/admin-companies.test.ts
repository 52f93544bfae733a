import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, jobReports, users } from '../../server/db/schema.ts';
import { ADMIN_CHART_DAYS, companySorts, type AdminCompanyRow } from '../../src/contract/admin.ts';
import { apply } from './posting-support.ts';
import { adminApp, expectOk, type AdminWorld, type Caller } from './admin-support.ts';

// The back office's lists and pages of companies and recruiters, and its dashboard, as a
// SuperAdmin reads them.

let t: AdminWorld;
/** Companies of every state, made here beside X and Y (both active). */
let inactive: { id: string };
let blacklisted: { id: string };
let awaiting: { id: string };
let blacklistedUnverified: { id: string };
let pinecrest: { id: string };
let pinecrestScout: Caller;
const DAY = 24 * 60 * 60 * 1000;

const ids = (rows: AdminCompanyRow[]) => rows.map((r) => r.id);

beforeAll(async () => {
  t = await adminApp();
  const { company, person } = t.w;
  inactive = await company('Dormant Haulage LLC', '271110001', {
    active: false,
    deactivatedAt: new Date(),
    deactivationReason: 'Asked to pause',
  });
  blacklisted = await company('Shady Pallets LLC', '271110002', {
    blacklisted: true,
    blacklistedAt: new Date(),
    blacklistReason: 'Fake jobs',
  });
  awaiting = await company('Newcomer Bakery LLC', '271110003', { verifiedAt: null, verificationMethod: null });
  blacklistedUnverified = await company('Ghost Staffing LLC', '271110004', { verifiedAt: null, blacklisted: true });
  pinecrest = await company('Alder Freight Inc', '271119876', { displayName: 'Pinecrest Movers', city: 'Boise', state: 'ID' });
  await person('Employer', pinecrest.id, 'employer of Pinecrest', {
    email: 'owner@alder-freight.example',
    firstName: 'Lee',
    lastName: 'Alder',
  });
  pinecrestScout = await person('Recruiter', pinecrest.id, 'recruiter of Pinecrest', {
    email: 'scout_1@talent-hq.example',
    firstName: 'Ria',
  });
}, 60_000);
afterAll(async () => t?.f.stop());

describe('CompanyListing', () => {
  it('finds a company by part of its legal name, its display name or any staff email, ignoring case', async () => {
    const find = async (search: string) => ids(expectOk(await t.a.companies(t.admin, { search })).companies);
    expect(await find('HALE log')).toEqual([t.w.x.id]);
    expect(await find('pinecrest')).toEqual([pinecrest.id]);
    expect(await find('ALDER FR')).toEqual([pinecrest.id]);
    // An owner's email, and a recruiter's.
    expect(await find('alder-freight.exa')).toEqual([pinecrest.id]);
    expect(await find('talent-hq')).toEqual([pinecrest.id]);
    // % and _ are letters like any other.
    expect(await find('scout_1')).toEqual([pinecrest.id]);
    expect(await find('scout%')).toEqual([]);
    expect(await find('s_out')).toEqual([]);
    expect(await find('no such company anywhere')).toEqual([]);
  });

  it('filters by the TIN’s last four digits', async () => {
    const list = expectOk(await t.a.companies(t.admin, { tinLastFour: '9876' }));
    expect(ids(list.companies)).toEqual([pinecrest.id]);
    expect(list.companies[0]!.tinLastFour).toBe('9876');
    expect(expectOk(await t.a.companies(t.admin, { tinLastFour: '9876', search: 'hale' })).totalCount).toBe(0);
  });

  it('filters by state, in the contract’s precedence: a blacklisted company awaiting verification is blacklisted', async () => {
    const of = async (status: string) => ids(expectOk(await t.a.companies(t.admin, { status, pageSize: 50 })).companies);
    expect((await of('blacklisted')).sort()).toEqual([blacklisted.id, blacklistedUnverified.id].sort());
    expect(await of('awaitingVerification')).toEqual([awaiting.id]);
    expect(await of('inactive')).toEqual([inactive.id]);
    const active = await of('active');
    expect(active).toEqual(expect.arrayContaining([t.w.x.id, t.w.y.id, pinecrest.id]));
    expect(active).not.toEqual(expect.arrayContaining([inactive.id]));
    const all = expectOk(await t.a.companies(t.admin, { pageSize: 50 }));
    expect(all.totalCount).toBe(active.length + 4);
    const states = new Map(all.companies.map((c) => [c.id, c.state]));
    expect(states.get(blacklistedUnverified.id)).toBe('blacklisted');
    expect(states.get(awaiting.id)).toBe('awaitingVerification');
    expect(states.get(inactive.id)).toBe('inactive');
  });

  it('shows each company’s owner, staff, open jobs, open reports, place and state', async () => {
    const open = await t.jobs.create('Dock Loader');
    await t.jobs.closed('Old Dock Loader');
    await t.jobs.expired('Expired Dock Loader');
    expectOk(await t.calls.report(t.w.seekerA, open, { reason: 'scam', details: 'Asked for a fee' }));
    const [row] = expectOk(await t.a.companies(t.admin, { search: 'pinecrest movers' })).companies;
    expect(row).toMatchObject({
      legalName: 'Alder Freight Inc',
      displayName: 'Pinecrest Movers',
      state: 'active',
      place: 'Boise, ID',
      owner: { name: 'Lee Alder', email: 'owner@alder-freight.example' },
      staffCount: 2,
      openJobs: 0,
      openReports: 0,
      blacklistedAt: null,
      deactivatedAt: null,
    });
    const [x] = expectOk(await t.a.companies(t.admin, { search: 'hale logistics' })).companies;
    expect(x!.openReports).toBe(1);
    expect(x!.openJobs).toBeGreaterThanOrEqual(1);
    const [dormant] = expectOk(await t.a.companies(t.admin, { status: 'inactive' })).companies;
    expect(dormant).toMatchObject({ deactivationReason: 'Asked to pause', owner: null, staffCount: 0 });
    expect(dormant!.deactivatedAt).not.toBeNull();
  });

  it('pages 10 at a time in a stable order, ties broken by id, with the total; past the end is empty', async () => {
    // Twelve companies made at the same moment: only their ids tell them apart.
    const moment = new Date('2023-01-01T00:00:00Z');
    await t.db
      .insert(companies)
      .values(
        Array.from({ length: 12 }, (_, i) => ({ name: `Twin Co ${i}`, tin: String(380000000 + i), createdAt: moment, verifiedAt: moment })),
      );
    for (const sort of companySorts) {
      const pages = await Promise.all([1, 2, 3, 4].map(async (pageNumber) => expectOk(await t.a.companies(t.admin, { sort, pageNumber }))));
      const total = pages[0]!.totalCount;
      expect(pages.every((p) => p.totalCount === total && p.pageSize === 10)).toBe(true);
      const seen = pages.flatMap((p) => ids(p.companies));
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(seen.length, sort).toBe(Math.min(total, 40));
      // The same pages again: the same order.
      expect(ids(expectOk(await t.a.companies(t.admin, { sort, pageNumber: 2 })).companies)).toEqual(ids(pages[1]!.companies));
    }
    const twins = expectOk(await t.a.companies(t.admin, { search: 'twin co', sort: 'oldest' }));
    expect(twins.totalCount).toBe(12);
    expect(ids(twins.companies)).toEqual([...ids(twins.companies)].sort());
    const newest = expectOk(await t.a.companies(t.admin, { search: 'twin co', sort: 'newest', pageNumber: 2 }));
    expect(ids(newest.companies)).toEqual([...ids(newest.companies)].sort().reverse());
    const beyond = expectOk(await t.a.companies(t.admin, { search: 'twin co', pageNumber: 3 }));
    expect(beyond).toEqual({ companies: [], totalCount: 12, pageNumber: 3, pageSize: 10 });
  });

  it('sorts by name, oldest, and most open jobs or reports', async () => {
    const names = expectOk(await t.a.companies(t.admin, { sort: 'name', pageSize: 50 })).companies.map((c) => c.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byJobs = expectOk(await t.a.companies(t.admin, { sort: 'openJobs', pageSize: 50 })).companies.map((c) => c.openJobs);
    expect(byJobs).toEqual([...byJobs].sort((a, b) => b - a));
    const byReports = expectOk(await t.a.companies(t.admin, { sort: 'openReports' })).companies;
    expect(byReports[0]!.id).toBe(t.w.x.id);
    const oldest = expectOk(await t.a.companies(t.admin, { sort: 'oldest', pageSize: 50 })).companies.map((c) => c.createdAt);
    expect(oldest).toEqual([...oldest].sort());
  });
});

describe('BlackListedCompanyList', () => {
  it('lists the blacklisted companies alone, with when and why, searchable', async () => {
    const list = expectOk(await t.a.blacklisted(t.admin));
    expect(ids(list.companies).sort()).toEqual([blacklisted.id, blacklistedUnverified.id].sort());
    const shady = list.companies.find((c) => c.id === blacklisted.id)!;
    expect(shady.blacklistReason).toBe('Fake jobs');
    expect(shady.blacklistedAt).not.toBeNull();
    expect(ids(expectOk(await t.a.blacklisted(t.admin, { search: 'ghost' })).companies)).toEqual([blacklistedUnverified.id]);
    expect(expectOk(await t.a.blacklisted(t.admin, { search: 'hale' })).totalCount).toBe(0);
  });
});

describe('GetCompanyById', () => {
  it('the company, its verification, staff with their status, jobs by status, boosts, reports by job and audit trail', async () => {
    const removed = await t.w.person('Recruiter', t.w.x.id, 'removed recruiter of X', { firstName: 'Gone', disabled: true });
    const job = await t.jobs.create('Forklift Lead');
    await t.jobs.deleted('Deleted Forklift Lead');
    await apply(t.f, job, t.w.seekerA.id!);
    await apply(t.f, job, t.w.seekerB.id!);
    expectOk(await t.calls.report(t.w.seekerA, job, { reason: 'misleading' }));
    expectOk(await t.calls.report(t.w.seekerB, job, { reason: 'misleading', details: 'Pay is lower' }));
    await t.addCard(t.w.employerX);
    const boost = await t.boost(t.w.employerX, job);

    const page = expectOk(await t.a.company(t.admin, t.w.x.id));
    expect(page.company).toMatchObject({
      id: t.w.x.id,
      legalName: 'Hale Logistics LLC',
      tinLastFour: '4567',
      tinKind: 'EIN',
      verificationMethod: 'rules:EIN',
      state: 'active',
    });
    expect(page.company.verifiedAt).not.toBeNull();
    // The employer first.
    expect(page.staff[0]).toMatchObject({ id: t.w.employerX.id, role: 'Employer', status: 'active' });
    const status = new Map(page.staff.map((s) => [s.id, s.status]));
    expect(status.get(t.w.recruiterX.id!)).toBe('active');
    expect(status.get(t.w.offRecruiterX.id!)).toBe('inactive');
    expect(status.get(removed.id!)).toBe('removed');
    expect(page.staff.every((s) => s.role === 'Employer' || s.role === 'Recruiter')).toBe(true);

    expect(Object.keys(page.jobCounts).sort()).toEqual(['Active', 'Closed', 'Deleted', 'Expired']);
    expect(page.jobCounts.Deleted).toBeGreaterThanOrEqual(1);
    expect(page.jobCounts.Closed).toBeGreaterThanOrEqual(1);
    expect(page.jobCounts.Expired).toBeGreaterThanOrEqual(1);
    const total = Object.values(page.jobCounts).reduce((a, b) => a + b, 0);
    expect(page.jobs.length).toBe(Math.min(total, 50));
    const forklift = page.jobs.find((j) => j.id === job)!;
    expect(forklift).toMatchObject({
      title: 'Forklift Lead',
      status: 'Active',
      applications: 2,
      openReports: 2,
      boosted: true,
      place: 'Vancouver, WA',
    });
    const dates = page.jobs.map((j) => j.postingDate);
    expect(dates).toEqual([...dates].sort().reverse());

    expect(page.boosts).toEqual([
      expect.objectContaining({ id: boost.subscription.id, jobPostId: job, jobTitle: 'Forklift Lead', status: 'active' }),
    ]);
    expect(page.boosts[0]!.amountCents).toBeGreaterThan(0);

    const group = page.reports.find((g) => g.job.id === job)!;
    expect(group).toMatchObject({
      job: { id: job, title: 'Forklift Lead', status: 'Active' },
      company: { id: t.w.x.id, name: 'Hale Logistics LLC', state: 'active' },
      reportCount: 2,
      reasons: [{ reason: 'misleading', count: 2 }],
    });
    expect(group.reports.map((r) => r.reporter.id).sort()).toEqual([t.w.seekerA.id, t.w.seekerB.id].sort());
    expect(group.reports.every((r) => r.status === 'open' && r.resolvedBy === null)).toBe(true);
    // Groups with open reports come before those without.
    const opens = page.reports.map((g) => g.reports.some((r) => r.status === 'open'));
    expect(opens).toEqual([...opens].sort((a, b) => Number(b) - Number(a)));
    expect(page.audit).toEqual([]);

    // An action shows in the trail, newest first, with who and why.
    expectOk(await t.a.toggleActive(t.admin, { companyId: t.w.y.id, active: false, reason: 'Unpaid invoices' }));
    expectOk(await t.a.toggleActive(t.admin, { companyId: t.w.y.id, active: true, reason: 'Paid' }));
    const y = expectOk(await t.a.company(t.admin, t.w.y.id));
    expect(y.audit.map((e) => [e.action, e.reason, e.admin.id])).toEqual([
      ['company.activate', 'Paid', t.admin.id],
      ['company.deactivate', 'Unpaid invoices', t.admin.id],
    ]);
    expect(y.audit[1]).toMatchObject({
      targetType: 'company',
      targetId: t.w.y.id,
      targetName: 'Yarrow Foods Inc',
      companyId: t.w.y.id,
      before: { state: 'active', active: true },
      after: { state: 'inactive', active: false },
    });
  });
});

describe('AdminDashBoard', () => {
  it('counts companies by state, seekers, open jobs, applications this week, reports waiting and this month’s boost revenue', async () => {
    const d = expectOk(await t.a.dashboard(t.admin));
    const all = expectOk(await t.a.companies(t.admin, { pageSize: 1 })).totalCount;
    const count = async (status: string) => expectOk(await t.a.companies(t.admin, { status, pageSize: 1 })).totalCount;
    expect(d.companies).toEqual({
      total: all,
      active: await count('active'),
      inactive: await count('inactive'),
      blacklisted: await count('blacklisted'),
      awaitingVerification: await count('awaitingVerification'),
    });
    const seekers = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'JobSeeker'));
    expect(d.jobSeekers).toBe(seekers.length);
    const open = await t.db.select({ id: jobReports.id }).from(jobReports).where(eq(jobReports.status, 'open'));
    expect(d.reportsWaiting).toBe(open.length);
    expect(d.applicationsThisWeek).toBeGreaterThanOrEqual(2);
    expect(d.openJobs).toBeGreaterThanOrEqual(1);
    // The boost bought above was paid this month.
    expect(d.boostRevenueThisMonthCents).toBeGreaterThan(0);
  });

  it('charts the last 30 days in the viewer’s zone, today last', async () => {
    // A company made at 20:00 in Los Angeles two days ago: the next day in UTC.
    const now = t.clock.now();
    const laDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(ms);
    const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    let at = now.getTime() - 2 * DAY;
    while (new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(at) !== '20')
      at -= 60 * 60 * 1000;
    await t.db.insert(companies).values({ name: 'Evening Start LLC', tin: '271110099', createdAt: new Date(at) });

    const la = expectOk(await t.a.dashboard(t.admin, { timeZone: 'America/Los_Angeles' }));
    const utc = expectOk(await t.a.dashboard(t.admin, { timeZone: 'UTC' }));
    for (const d of [la, utc]) expect(d.points).toHaveLength(ADMIN_CHART_DAYS);
    expect(la.points.at(-1)!.date).toBe(laDate(now.getTime()));
    expect(utc.points.at(-1)!.date).toBe(utcDate(now.getTime()));
    const onLa = la.points.find((p) => p.date === laDate(at))!;
    const onUtc = utc.points.find((p) => p.date === utcDate(at))!;
    expect(laDate(at)).not.toBe(utcDate(at));
    expect(onLa.newCompanies).toBeGreaterThanOrEqual(1);
    expect(onUtc.newCompanies).toBeGreaterThanOrEqual(1);
    // Every company made in the chart's days is counted once, on one day, in either zone.
    const sum = (d: typeof la) => d.points.reduce((n, p) => n + p.newCompanies, 0);
    expect(Math.abs(sum(la) - sum(utc))).toBeLessThanOrEqual(1);
    const jobsToday = la.points.at(-1)!.jobsPosted + la.points.at(-2)!.jobsPosted;
    expect(jobsToday).toBeGreaterThan(0);
    expect(la.points.reduce((n, p) => n + p.applications, 0)).toBeGreaterThanOrEqual(2);
  });
});

describe('recruiters', () => {
  it('GetRecruitersByCompanyName: the recruiters of the companies whose name contains the text, any status', async () => {
    const removed = await t.w.person('Recruiter', t.w.x.id, 'another removed recruiter of X', { disabled: true });
    const list = expectOk(await t.a.recruiters(t.admin, { companyName: 'HALE' }));
    const of = new Map(list.recruiters.map((r) => [r.id, r.status]));
    expect(of.get(t.w.recruiterX.id!)).toBe('active');
    expect(of.get(t.w.offRecruiterX.id!)).toBe('inactive');
    expect(of.get(removed.id!)).toBe('removed');
    expect(list.totalCount).toBe(list.recruiters.length);
    expect(list.recruiters.every((r) => r.company.id === t.w.x.id && r.role === 'Recruiter')).toBe(true);
    // The display name finds them too.
    expect(expectOk(await t.a.recruiters(t.admin, { companyName: 'pinecrest' })).recruiters.map((r) => r.id)).toEqual([pinecrestScout.id]);
    const paged = expectOk(await t.a.recruiters(t.admin, { companyName: 'hale', pageSize: 1, pageNumber: 2 }));
    expect(paged.recruiters).toHaveLength(1);
    expect(paged.recruiters[0]!.id).toBe(list.recruiters[1]!.id);
    expect(paged.totalCount).toBe(list.totalCount);
  });

  it('GetRecruiterDetails: the recruiter, their company, who invited them and the jobs they created', async () => {
    const d = expectOk(await t.a.recruiter(t.admin, t.w.recruiterX.id!));
    expect(d.recruiter).toMatchObject({ id: t.w.recruiterX.id, role: 'Recruiter', jobTitle: 'Talent Partner', status: 'active' });
    expect(d.recruiter.company).toEqual({ id: t.w.x.id, name: 'Hale Logistics LLC', state: 'active' });
    expect(d.invitedBy?.id).toBe(t.w.employerX.id);
    expect(d.jobs.length).toBeGreaterThan(0);
    expect(Object.values(d.jobCounts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(d.jobs.length);
    // Y's employer created none of X's jobs.
    const y = expectOk(await t.a.recruiter(t.admin, t.w.employerY.id!));
    expect(y.recruiter.role).toBe('Employer');
    expect(y.jobs.every((j) => !d.jobs.some((k) => k.id === j.id))).toBe(true);
  });
});
