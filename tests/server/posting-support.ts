import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applications, jobDrafts, jobPosts } from '../../server/db/schema.ts';
import type { CompanyJob, CompanyJobDetail, Draft, DraftUpdateResult, JobDataInput, JobPage } from '../../src/contract/posting.ts';
import { testClock } from './account-support.ts';
import { companyApp, companyWorld, getJson, postJson, type Answer, type Caller } from './company-support.ts';
import type { FilesApp } from './files-support.ts';

export { getJson, postJson, type Answer, type Caller };

/** An app whose clock a test can move, with the people of two companies. */
export async function postingApp(options: Parameters<typeof companyApp>[0] = {}) {
  const clock = testClock();
  const f = await companyApp({ ...options, adapters: { now: clock.now, ...options.adapters } });
  const w = await companyWorld(f);
  const recruiterY = await w.person('Recruiter', w.y.id, 'recruiter of Y', { firstName: 'Jordan', invitedBy: w.employerY.id });
  return { f, clock, w: { ...w, recruiterY } };
}

export type PostingWorld = Awaited<ReturnType<typeof postingApp>>['w'];

/** Skill ids of the lookups (server/lookups/data/skills.ts). */
export const SKILL = { forklift: 401, orderPicking: 404, packing: 405, proofreading: 1020 } as const;
/** Transportation and Warehousing (NAICS 48-49). */
export const WAREHOUSING = 48;

export const vancouverWa = {
  city: 'Vancouver',
  name: 'Vancouver, WA',
  state: 'WA',
  address: '1200 Main St, Vancouver, WA 98660',
  pinCode: '98660',
  latitude: 45.6387,
  longitude: -122.6615,
};

export const boiseId = {
  city: 'Boise',
  name: 'Boise, ID',
  state: 'ID',
  address: '800 W Main St, Boise, ID 83702',
  pinCode: '83702',
  latitude: 43.615,
  longitude: -116.2023,
};

const DESCRIPTION =
  '<p>Join our warehouse team in Vancouver. You will pick, pack and ship orders for our customers across the Pacific Northwest.</p><ul><li>Pick orders</li><li>Pack parcels</li></ul>';

/** Job data every step accepts: publishable as it is. */
export function completeJobData(
  overrides: {
    title?: string;
    jobDetails?: object;
    timeRequirements?: object;
    payDetails?: object;
    categorization?: object;
    candidateRequirements?: object;
  } = {},
): JobDataInput {
  return {
    jobDetails: {
      title: overrides.title ?? 'Warehouse Associate',
      description: DESCRIPTION,
      positionType: [1],
      numberOfHires: 2,
      locationType: 'onsite',
      address: vancouverWa.address,
      geoLocation: vancouverWa,
      ...overrides.jobDetails,
    },
    timeRequirements: { workSchedule: 1, hoursPerWeek: 40, schedules: [1, 7], ...overrides.timeRequirements },
    payDetails: { minSalary: 21.5, maxSalary: 25, rate: 'Hourly', benefits: [1, 6], supplementalPay: 16, ...overrides.payDetails },
    categorization: { industries: [WAREHOUSING], ...overrides.categorization },
    candidateRequirements: {
      skills: [SKILL.orderPicking, SKILL.packing],
      minExperience: 1,
      maxExperience: 3,
      ...overrides.candidateRequirements,
    },
  } as JobDataInput;
}

export function posting(f: FilesApp) {
  const api = {
    saveDraft: (caller: Caller, draft: { jobPostDraftId?: string | null; jobData: unknown; stepTracking?: unknown }, useAi?: boolean) =>
      postJson<DraftUpdateResult>(
        f,
        '/api/job/draft-update',
        { Draft: draft, ...(useAi === undefined ? {} : { UseAi: useAi }) },
        caller.token,
      ),
    draft: (caller: Caller, id: string) => getJson<Draft>(f, `/api/job/draft/${id}`, caller.token),
    drafts: (caller: Caller, query = '') =>
      getJson<{ items: Array<Omit<Draft, 'jobData' | 'draftJson'> & { jobPostId: string | null }>; total: number }>(
        f,
        `/api/job/draft-list${query}`,
        caller.token,
      ),
    deleteDraft: (caller: Caller, id: string) => postJson<null>(f, `/api/job/delete-draft/${id}`, undefined, caller.token),
    publish: (caller: Caller, draftId: string) =>
      postJson<CompanyJobDetail>(f, '/api/job/jobpost-create', { DraftId: draftId }, caller.token),
    republish: (caller: Caller, draftId: string) =>
      postJson<CompanyJobDetail>(f, '/api/job/jobpost-update', { DraftId: draftId }, caller.token),
    publishData: (caller: Caller, jobData: unknown) => postJson<CompanyJobDetail>(f, '/api/job/jobpost', { jobData }, caller.token),
    asDraft: (caller: Caller, jobId: string) => getJson<Draft>(f, `/api/job/jobpost-as-draft?id=${jobId}`, caller.token),
    clone: (caller: Caller, jobId: string) => postJson<Draft>(f, '/api/job/jobpost-clone', { id: jobId }, caller.token),
    setStatus: (caller: Caller, jobId: string, status: string) =>
      postJson<CompanyJob>(f, '/api/job/update-status', { JobPostId: jobId, Status: status }, caller.token),
    remove: (caller: Caller, jobId: string) => postJson<null>(f, '/api/job/delete', { id: jobId }, caller.token),
    job: (caller: Caller, jobId: string) => getJson<CompanyJobDetail>(f, `/api/Recruiter/GetJobPostById?JobId=${jobId}`, caller.token),
    jobs: (caller: Caller, body: object = {}) => postJson<JobPage>(f, '/api/Employer/job-posts', body, caller.token),

    /** A new draft of complete data, saved by `caller`. */
    async newDraft(caller: Caller, jobData: unknown = completeJobData()): Promise<Draft> {
      const answer = await api.saveDraft(caller, { jobData });
      expect(answer.status, JSON.stringify(answer.body.state)).toBe(200);
      return answer.body.data.draft;
    },
    /** A published job of `caller`'s company. */
    async newJob(caller: Caller, jobData: unknown = completeJobData()): Promise<CompanyJobDetail> {
      const answer = await api.publishData(caller, jobData);
      expect(answer.status, JSON.stringify(answer.body.state)).toBe(201);
      return answer.body.data;
    },
  };
  return api;
}

/** What is stored, for "nothing stored" checks. */
export async function postingRows(f: FilesApp) {
  const db = f.app.database.db;
  const [drafts, jobs] = await Promise.all([db.select().from(jobDrafts), db.select().from(jobPosts)]);
  return { drafts, jobs };
}

/** Job seekers' applications and page views, written as the jobs area writes them: rows and counts. */
export async function apply(f: FilesApp, jobPostId: string, jobSeekerId: string) {
  await f.app.database.db.insert(applications).values({ jobPostId, jobSeekerId });
  f.app.ctx.counters.add([jobPostId], 'application');
}

export async function view(f: FilesApp, jobPostId: string, times = 1) {
  f.app.ctx.counters.add([jobPostId], 'view', times);
  await f.app.ctx.counters.flush();
}

export async function moveValidThrough(f: FilesApp, jobPostId: string, to: Date) {
  await f.app.database.db.update(jobPosts).set({ validThrough: to }).where(eq(jobPosts.id, jobPostId));
}

export async function jobRow(f: FilesApp, id: string) {
  const [row] = await f.app.database.db.select().from(jobPosts).where(eq(jobPosts.id, id));
  return row;
}
