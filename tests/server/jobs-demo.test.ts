import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boostSubscriptions, companies } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/sql.ts';
import { DEMO_COMPANY } from '../../server/seed.ts';
import { countTableDisagreements } from './jobs-support.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import type { AppliedJobPage, JobDetail, JobListCount, SavedJobPage } from '../../src/contract/jobs.ts';
import type { BoostsPage } from '../../src/contract/search.ts';
import type { MyJobAlert } from '../../src/contract/job-alerts.ts';
import { runDueDigests } from '../../server/jobs/index.ts';
import { passwordLogin } from './account-support.ts';
import { getJson, postJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

let f: FilesApp;
let seeker = '';
let newcomer = '';

beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  seeker = (await passwordLogin(f.app, DEMO_ACCOUNTS.jobSeeker, DEMO_PASSWORD)).body.data.accessToken;
  newcomer = (await passwordLogin(f.app, DEMO_ACCOUNTS.newJobSeeker, DEMO_PASSWORD)).body.data.accessToken;
}, 300_000);
afterAll(async () => f?.stop());

describe('the demo job seekers’ jobs', () => {
  it('the demo seeker has applications at every stage, one to a job since closed, and saved jobs', async () => {
    const applied = (await postJson<AppliedJobPage>(f, '/api/JobSeeker/applied-list', {}, seeker)).body.data;
    expect(applied.items).toHaveLength(6);
    expect(applied.items.map((j) => j.applicationStatus).sort()).toEqual([
      'Applied',
      'Applied',
      'Interviewing',
      'Offered',
      'Rejected',
      'Reviewed',
    ]);
    expect(applied.items.find((j) => j.applicationStatus === 'Rejected')!.jobStatus).toBe('Closed');
    expect(applied.items.every((j) => j.companyName === 'Demo Hiring Co')).toBe(true);
    for (const job of applied.items) expect(Date.parse(job.appliedDate)).toBeLessThanOrEqual(Date.now());

    const saved = (await postJson<SavedJobPage>(f, '/api/JobSeeker/saved-jobs', {}, seeker)).body.data;
    expect(saved.items).toHaveLength(4);
    expect(new Set(saved.items.map((j) => j.companyName)).size).toBeGreaterThan(1);

    const counts = (await getJson<JobListCount>(f, '/api/JobSeeker/job-list-count', seeker)).body.data;
    expect(counts).toMatchObject({ saved: 4, applied: 6 });
    expect(counts.matched).toBeGreaterThan(0);

    const page = (await getJson<JobDetail>(f, `/api/JobSeeker/job?id=${applied.items[0]!.id}`, seeker)).body.data;
    expect(page.viewer).toMatchObject({ hasApplied: true, application: { status: applied.items[0]!.applicationStatus } });
    expect(page.viewer!.application!.id).toBe(applied.items[0]!.applicationId);
  });

  it('the demo seeker has two confirmed job alerts in settings, none due at once', async () => {
    const alerts = (await getJson<MyJobAlert[]>(f, '/api/JobSeeker/job-alerts', seeker)).body.data;
    expect(alerts.map((a) => [a.keyword, a.frequency, a.confirmed])).toEqual([
      ['customer service', 'weekly', true],
      ['warehouse', 'daily', true],
    ]);
    expect(alerts[1]).toMatchObject({ placeName: 'Vancouver, WA', radius: 25 });
    expect((await runDueDigests(f.app.ctx)).sent).toBe(0);
  });

  it('the newcomer has saved two jobs and applied to none', async () => {
    expect((await getJson<JobListCount>(f, '/api/JobSeeker/job-list-count', newcomer)).body.data).toMatchObject({ saved: 2, applied: 0 });
  });
});

describe('the demo market’s featured jobs', () => {
  it('a visitor near the default place (Vancouver, WA) sees featured jobs of several companies', async () => {
    const page = (await postJson<BoostsPage>(f, '/api/job/boosts', { latitude: 45.628, longitude: -122.6739, distance: 25 })).body.data;
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items).toHaveLength(5);
    expect(new Set(page.items.map((j) => j.companyName)).size).toBeGreaterThanOrEqual(2);
    for (const job of page.items) expect(job.distanceMiles).toBeLessThanOrEqual(25);
  });
});

describe('the demo company’s counts', () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const rows = async <T>(query: SQL) => rowsOf<T>(await f.app.database.db.execute(query));
  const demoCompany = async () => {
    const [row] = await f.app.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY.name));
    return row!.id;
  };

  it('go back about ninety days, hour by hour, up to the last full hour', async () => {
    const [span] = await rows<{ first: string; last: string }>(
      sql`select min(hour) as first, max(hour) as last from company_counts_hourly where company_id = ${await demoCompany()}`,
    );
    const now = Date.now();
    expect(Date.parse(span!.first)).toBeGreaterThanOrEqual(now - 90 * DAY - 2 * HOUR);
    expect(Date.parse(span!.first)).toBeLessThan(now - 80 * DAY);
    expect(Date.parse(span!.last)).toBeLessThan(now);
    expect(Date.parse(span!.last)).toBeGreaterThan(now - 3 * HOUR);
  });

  it('narrow at each step: impressions ≫ views ≫ application starts > applications, which are the demo’s own', async () => {
    const companyId = await demoCompany();
    const totals = Object.fromEntries(
      (
        await rows<{ kind: string; n: number }>(
          sql`select kind, sum(count)::int as n from company_counts_hourly where company_id = ${companyId} group by kind`,
        )
      ).map((r) => [r.kind, Number(r.n)]),
    );
    const [real] = await rows<{ applications: number; conversations: number }>(sql`
      select (select count(*)::int from applications a join job_posts j on j.id = a.job_post_id where j.company_id = ${companyId}) as applications,
             (select count(*)::int from channels where company_id = ${companyId}) as conversations`);
    expect(totals.impression).toBeGreaterThan(10 * totals.view!);
    expect(totals.view).toBeGreaterThan(2 * totals.apply_start!);
    expect(totals.apply_start).toBeGreaterThan(totals.application!);
    expect(totals.application).toBe(Number(real!.applications));
    expect(totals.application).toBeGreaterThan(0);
    expect(totals.message ?? 0).toBe(Number(real!.conversations));
  });

  it('are quieter at weekends and at night, in the company’s own time zone', async () => {
    const [rhythm] = await rows<{ weekday: number; weekend: number; night: number; all: number }>(sql`
      with local as (
        select (hour at time zone 'America/Los_Angeles') as at, count from company_counts_hourly
        where company_id = ${await demoCompany()} and kind = 'impression'
          and hour >= now() - interval '84 days' and hour < date_trunc('day', now()) - interval '1 day')
      select
        sum(count) filter (where extract(isodow from at) < 6)::float / count(distinct at::date) filter (where extract(isodow from at) < 6) as weekday,
        sum(count) filter (where extract(isodow from at) >= 6)::float / count(distinct at::date) filter (where extract(isodow from at) >= 6) as weekend,
        sum(count) filter (where extract(hour from at) < 6)::float as night,
        sum(count)::float as all
      from local`);
    expect(Number(rhythm!.weekday)).toBeGreaterThan(1.5 * Number(rhythm!.weekend));
    expect(Number(rhythm!.night) / Number(rhythm!.all)).toBeLessThan(0.1);
  });

  it('show the renewing boosted job shown far more while boosted than before', async () => {
    const companyId = await demoCompany();
    const [boost] = await f.app.database.db
      .select({ jobPostId: boostSubscriptions.jobPostId, from: boostSubscriptions.createdAt })
      .from(boostSubscriptions)
      .where(
        and(
          eq(boostSubscriptions.companyId, companyId),
          eq(boostSubscriptions.status, 'active'),
          eq(boostSubscriptions.cancelAtPeriodEnd, false),
        ),
      );
    // Impressions per hour open: from its posting to the boost, and from the boost to now.
    const from = boost!.from.toISOString();
    const [perHour] = await rows<{ before: number; during: number }>(sql`
      select sum(c.count) filter (where c.hour < ${from}::timestamptz) / (extract(epoch from ${from}::timestamptz - j.posted_at) / 3600) as before,
             sum(c.count) filter (where c.hour >= ${from}::timestamptz) / (extract(epoch from now() - ${from}::timestamptz) / 3600) as during
      from job_counts_hourly c join job_posts j on j.id = c.job_post_id
      where c.job_post_id = ${boost!.jobPostId} and c.kind = 'impression'
      group by j.posted_at`);
    expect(Number(perHour!.before)).toBeGreaterThan(0);
    expect(Number(perHour!.during)).toBeGreaterThan(2 * Number(perHour!.before));
  });

  it('agree in the hourly record and its company and daily sums', async () => {
    expect(await countTableDisagreements(f.app.database.db)).toBe(0);
  });
});
