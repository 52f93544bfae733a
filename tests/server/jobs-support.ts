import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/sql.ts';
import { expect } from 'vitest';
import { companies, jobCountsHourly, jobSeekerSkills, preferences, preferredLocations, storedFiles } from '../../server/db/schema.ts';
import { publishJobData, type PublishOptions } from '../../server/posting/jobs.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import type { OutcomeCode } from '../../src/contract/outcome-codes.ts';
import type {
  Application,
  ApplicationInput,
  AppliedJobPage,
  JobDetail,
  JobListCount,
  MatchedJobPage,
  ReportInput,
  SavedJobPage,
  SeekerDashboardCount,
  SeekerPaging,
} from '../../src/contract/jobs.ts';
import { yearsAgo } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { completeJobData, getJson, posting, postingApp, postJson, type Answer, type Caller } from './posting-support.ts';

export { completeJobData, getJson, postJson, type Answer, type Caller };

const DAY = 24 * 60 * 60 * 1000;

/**
 * The people of the jobs area: company X (employer, recruiter, a switched-off recruiter) and Y,
 * job seekers A and B (adults) and M (16), and an anonymous visitor.
 */
export async function jobsApp(options: Parameters<typeof postingApp>[0] = {}) {
  const { f, clock, w } = await postingApp(options);
  const seekerA = await w.person('JobSeeker', null, 'seeker A', { firstName: 'Alex', lastName: 'Kim', dateOfBirth: '1995-04-12' });
  const seekerB = await w.person('JobSeeker', null, 'seeker B', { firstName: 'Blake', lastName: 'Ortiz', dateOfBirth: '1990-01-30' });
  const minor = await w.person('JobSeeker', null, 'seeker aged 16', {
    firstName: 'Mia',
    lastName: 'Young',
    dateOfBirth: yearsAgo(16, -30),
  });
  const offRecruiterX = await w.person('Recruiter', w.x.id, 'switched-off recruiter of X', { firstName: 'Sol', deactivatedAt: new Date() });
  const api = posting(f);
  const db = f.app.database.db;

  const jobs = {
    /** A job of X (published by X's recruiter), open unless the options say otherwise. */
    async create(
      title: string,
      data: Parameters<typeof completeJobData>[0] = {},
      options: PublishOptions & { company?: 'x' | 'y' } = {},
    ): Promise<string> {
      const actor =
        options.company === 'y' ? { companyId: w.y.id, userId: w.employerY.id! } : { companyId: w.x.id, userId: w.recruiterX.id! };
      try {
        const { id } = await publishJobData(f.app.ctx, actor, completeJobData({ title, ...data }), options);
        return id;
      } catch (err) {
        throw new Error(`${title} was not published: ${JSON.stringify((err as { options?: unknown }).options ?? String(err))}`, {
          cause: err,
        });
      }
    },
    async expired(title: string, data: Parameters<typeof completeJobData>[0] = {}) {
      const now = clock.now().getTime();
      return jobs.create(title, data, { postedAt: new Date(now - 40 * DAY), validThrough: new Date(now - DAY) });
    },
    async closed(title: string, data: Parameters<typeof completeJobData>[0] = {}) {
      return jobs.create(title, data, { status: 'Closed' });
    },
    async deleted(title: string) {
      const id = await jobs.create(title);
      expect((await api.remove(w.recruiterX, id)).status).toBe(200);
      return id;
    },
  };

  /** A resume or cover letter row of the seeker (the bytes are not read by these calls). */
  async function document(owner: Caller, purpose: 'resume' | 'cover-letter', name = `${purpose}.pdf`): Promise<string> {
    const [row] = await db
      .insert(storedFiles)
      .values({
        purpose,
        ownerId: owner.id!,
        storageKey: `test/${randomUUID()}`,
        originalName: name,
        contentType: 'application/pdf',
        sizeBytes: 1234,
      })
      .returning({ id: storedFiles.id });
    return row!.id;
  }

  async function giveSkills(seeker: Caller, skillIds: number[]) {
    await db
      .insert(jobSeekerSkills)
      .values(skillIds.map((skillId) => ({ userId: seeker.id!, skillId })))
      .onConflictDoNothing();
  }

  async function setPreferences(
    seeker: Caller,
    p: {
      employmentTypeId?: number | null;
      scheduleTypeId?: number | null;
      salary?: number | null;
      salaryType?: string | null;
      places?: Array<{ name: string; latitude: number; longitude: number }>;
    },
  ) {
    const values = {
      employmentTypeId: p.employmentTypeId ?? null,
      scheduleTypeId: p.scheduleTypeId ?? null,
      salary: p.salary == null ? null : p.salary.toFixed(2),
      salaryType: p.salaryType ?? null,
    };
    await db
      .insert(preferences)
      .values({ userId: seeker.id!, ...values })
      .onConflictDoUpdate({ target: preferences.userId, set: values });
    await db.delete(preferredLocations).where(eq(preferredLocations.userId, seeker.id!));
    if (p.places?.length) {
      await db.insert(preferredLocations).values(p.places.map((place, position) => ({ userId: seeker.id!, position, ...place })));
    }
  }

  async function setCompany(companyId: string, change: Partial<typeof companies.$inferInsert>) {
    await db.update(companies).set(change).where(eq(companies.id, companyId));
  }

  /** The job's counts, once what the app counted so far is written. */
  const clicksOf = (jobId: string) => countsOf(f, jobId);

  return {
    f,
    clock,
    w: { ...w, seekerA, seekerB, minor, offRecruiterX },
    api,
    jobs,
    document,
    giveSkills,
    setPreferences,
    setCompany,
    clicksOf,
    calls: seekerCalls(f),
  };
}

export type JobsWorld = Awaited<ReturnType<typeof jobsApp>>;

/**
 * Rows where the count tables disagree: company_counts_hourly against job_counts_hourly summed per
 * company and hour, job_counts_daily against it summed per job and UTC day. None when they agree.
 */
export async function countTableDisagreements(db: Db): Promise<number> {
  const [row] = rowsOf<{ company: number; daily: number }>(
    await db.execute(sql`
      with by_hour as (
        select j.company_id, c.kind, c.hour, sum(c.count)::int as n
        from job_counts_hourly c join job_posts j on j.id = c.job_post_id group by 1, 2, 3),
      by_day as (
        select c.job_post_id, c.kind, (c.hour at time zone 'UTC')::date as day, sum(c.count)::int as n
        from job_counts_hourly c join job_posts j on j.id = c.job_post_id group by 1, 2, 3)
      select
        (select count(*)::int from by_hour h full join company_counts_hourly s
          on s.company_id = h.company_id and s.kind = h.kind and s.hour = h.hour
          where s.count is distinct from h.n) as company,
        (select count(*)::int from by_day d full join job_counts_daily s
          on s.job_post_id = d.job_post_id and s.kind = d.kind and s.day = d.day
          where s.count is distinct from d.n) as daily`),
  );
  return Number(row?.company ?? 0) + Number(row?.daily ?? 0);
}

/** A job's counts of each kind in all, from its hourly record, once what the app counted so far is written. */
export async function countsOf(f: FilesApp, jobId: string) {
  await f.app.ctx.counters.flush();
  const rows = await f.app.database.db
    .select({ kind: jobCountsHourly.kind, count: jobCountsHourly.count })
    .from(jobCountsHourly)
    .where(eq(jobCountsHourly.jobPostId, jobId));
  const of = (kind: (typeof rows)[number]['kind']) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.count, 0);
  return {
    impressions: of('impression'),
    views: of('view'),
    starts: of('apply_start'),
    applications: of('application'),
    messages: of('message'),
  };
}

async function inject<T>(
  f: FilesApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  caller: Caller,
  json?: unknown,
  ip?: string,
  userAgent?: string,
): Promise<Answer<T>> {
  const res = await f.app.inject({
    method,
    url,
    headers: { ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    ...(json !== undefined ? { payload: json as object } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

/** Every call of the jobs area, as a page would make it. */
export function seekerCalls(f: FilesApp) {
  return {
    jobPost: (c: Caller, id: string) => inject<JobDetail>(f, 'GET', `/api/job/job-post/${id}`, c),
    getJobPost: (c: Caller, id: string) => inject<JobDetail>(f, 'GET', `/api/job/GetJobPost?JobId=${id}`, c),
    seekerJob: (c: Caller, id: string) => inject<JobDetail>(f, 'GET', `/api/JobSeeker/job?id=${id}`, c),
    click: (c: Caller, id: string, ip?: string, userAgent?: string) =>
      inject<{ recorded: boolean }>(f, 'POST', `/api/job/job-click/${id}`, c, undefined, ip, userAgent),
    applyStart: (c: Caller, id: string, ip?: string, userAgent?: string) =>
      inject<{ recorded: boolean }>(f, 'POST', `/api/job/job-apply/${id}`, c, undefined, ip, userAgent),
    clickLog: (c: Caller, body: unknown, ip?: string, userAgent?: string) =>
      inject<{ recorded: boolean }>(f, 'POST', '/api/click/log', c, body, ip, userAgent),
    save: (c: Caller, id: string) => inject<{ jobId: string; isSaved: boolean }>(f, 'POST', `/api/JobSeeker/save-job/${id}`, c),
    unsave: (c: Caller, id: string) => inject<{ jobId: string; isSaved: boolean }>(f, 'DELETE', `/api/JobSeeker/save-job/${id}`, c),
    saved: (c: Caller, paging: SeekerPaging = {}) => inject<SavedJobPage>(f, 'POST', '/api/JobSeeker/saved-jobs', c, paging),
    savedGet: (c: Caller, query = '') => inject<SavedJobPage>(f, 'GET', `/api/JobSeeker/saved-jobs${query}`, c),
    applied: (c: Caller, paging: SeekerPaging = {}) => inject<AppliedJobPage>(f, 'POST', '/api/JobSeeker/applied-list', c, paging),
    applyJobList: (c: Caller, paging: SeekerPaging = {}) => inject<AppliedJobPage>(f, 'POST', '/api/JobSeeker/ApplyJobList', c, paging),
    matched: (c: Caller, paging: SeekerPaging = {}) => inject<MatchedJobPage>(f, 'POST', '/api/JobSeeker/matched-list', c, paging),
    counts: (c: Caller) => inject<JobListCount>(f, 'GET', '/api/JobSeeker/job-list-count', c),
    dashboard: (c: Caller) => inject<SeekerDashboardCount>(f, 'GET', '/api/JobSeeker/DashboardCount', c),
    /** DashboardCount as spec 2 §7 names it (not noted GET): a POST. */
    dashboardPost: (c: Caller) => inject<SeekerDashboardCount>(f, 'POST', '/api/JobSeeker/DashboardCount', c),
    apply: (c: Caller, body: ApplicationInput | unknown) => inject<Application>(f, 'POST', '/api/JobSeeker/apply', c, body),
    applyJob: (c: Caller, body: ApplicationInput | unknown) => inject<Application>(f, 'POST', '/api/JobSeeker/ApplyJob', c, body),
    report: (c: Caller, id: string, body: ReportInput | unknown) =>
      inject<null>(f, 'POST', `/api/JobSeeker/ReportJob?JobId=${id}`, c, body),
  };
}

export function expectOk<T>(answer: Answer<T>, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body?.state)).toBe(status);
  return answer.body.data;
}

/** A refusal: its status, and where given its product copy and its outcome code (state.code). */
export function expectRefused(answer: Answer, status: number, message?: string, code?: OutcomeCode) {
  expect(answer.status, JSON.stringify(answer.body?.state)).toBe(status);
  expect(answer.body.success).toBe(false);
  if (message !== undefined) expect(answer.body.message).toBe(message);
  if (code !== undefined) expect(answer.body.state.code).toBe(code);
}
