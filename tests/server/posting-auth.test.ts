import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../src/contract/index.ts';
import * as postingContract from '../../src/contract/posting.ts';
import { endpointsOf } from '../../src/contract/index.ts';
import { PostingMessages, type JobPage } from '../../src/contract/posting.ts';
import type { FilesApp } from './files-support.ts';
import {
  completeJobData,
  getJson,
  posting,
  postingApp,
  postingRows,
  postJson,
  type Answer,
  type Caller,
  type PostingWorld,
} from './posting-support.ts';

const EXPIRED = 'Your session has expired. Please sign in again.';
const NO_ACCESS = 'You do not have access to this.';

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof posting>;
let admin: Caller;

beforeAll(async () => {
  ({ f, w } = await postingApp());
  api = posting(f);
  admin = await w.person('SuperAdmin', null, 'administrator');
});
afterAll(async () => f?.stop());

/** X's records a call is aimed at, made fresh for each call. */
interface Target {
  draft: string;
  job: string;
  /** A draft editing `job`. */
  editDraft: string;
}

async function targetOfX(): Promise<Target> {
  const draft = (await api.newDraft(w.recruiterX)).jobPostDraftId;
  const job = (await api.newJob(w.employerX)).id;
  const editDraft = (await api.asDraft(w.recruiterX, job)).body.data.jobPostDraftId;
  return { draft, job, editDraft };
}

interface RouteCase {
  route: string;
  call: (caller: Caller, t: Target) => Promise<Answer>;
  /** The success status for X's own staff. */
  ok: number;
  /** For calls naming one of X's records: what anyone else is told (the same as for an id that never existed). */
  notFound?: string;
  /** Before the call, for a reopen to have something to do. */
  prepare?: (t: Target) => Promise<void>;
}

const ids = (t: Target, fresh: boolean) => (fresh ? { draft: randomUUID(), job: randomUUID(), editDraft: randomUUID() } : t);

const idCases: RouteCase[] = [
  {
    route: 'POST /api/job/draft-update (save)',
    ok: 200,
    notFound: PostingMessages.draftNotFound,
    call: (c, t) => api.saveDraft(c, { jobPostDraftId: t.draft, jobData: completeJobData({ title: 'Taken over' }) }),
  },
  { route: 'GET /api/job/draft/:id', ok: 200, notFound: PostingMessages.draftNotFound, call: (c, t) => api.draft(c, t.draft) },
  {
    route: 'POST /api/job/delete-draft/:id',
    ok: 200,
    notFound: PostingMessages.draftNotFound,
    call: (c, t) => api.deleteDraft(c, t.draft),
  },
  { route: 'POST /api/job/jobpost-create', ok: 201, notFound: PostingMessages.draftNotFound, call: (c, t) => api.publish(c, t.draft) },
  {
    route: 'POST /api/job/jobpost-update',
    ok: 200,
    notFound: PostingMessages.draftNotFound,
    call: (c, t) => api.republish(c, t.editDraft),
  },
  { route: 'GET /api/job/jobpost-as-draft', ok: 200, notFound: PostingMessages.jobNotFound, call: (c, t) => api.asDraft(c, t.job) },
  { route: 'POST /api/job/jobpost-clone', ok: 201, notFound: PostingMessages.jobNotFound, call: (c, t) => api.clone(c, t.job) },
  {
    route: 'POST /api/job/update-status',
    ok: 200,
    notFound: PostingMessages.jobNotFound,
    call: (c, t) => api.setStatus(c, t.job, 'Closed'),
  },
  {
    route: 'POST /api/Recruiter/JobClosed',
    ok: 200,
    notFound: PostingMessages.jobNotFound,
    call: (c, t) => postJson(f, `/api/Recruiter/JobClosed?JobId=${t.job}`, undefined, c.token),
  },
  {
    route: 'POST /api/Recruiter/JobReopen',
    ok: 200,
    notFound: PostingMessages.jobNotFound,
    prepare: async (t) => void (await api.setStatus(w.recruiterX, t.job, 'Closed')),
    call: (c, t) => postJson(f, `/api/Recruiter/JobReopen?JobId=${t.job}`, undefined, c.token),
  },
  { route: 'POST /api/job/delete', ok: 200, notFound: PostingMessages.jobNotFound, call: (c, t) => api.remove(c, t.job) },
  { route: 'GET /api/Recruiter/GetJobPostById', ok: 200, notFound: PostingMessages.jobNotFound, call: (c, t) => api.job(c, t.job) },
  {
    route: 'POST /api/Recruiter/GetJobPostById',
    ok: 200,
    notFound: PostingMessages.jobNotFound,
    call: (c, t) => postJson(f, `/api/Recruiter/GetJobPostById?JobId=${t.job}`, undefined, c.token),
  },
  {
    route: 'POST /api/Recruiter/EditJobPost',
    ok: 200,
    notFound: PostingMessages.jobNotFound,
    call: (c, t) =>
      postJson(f, '/api/Recruiter/EditJobPost', { jobPostId: t.job, jobData: completeJobData({ title: 'Taken over' }) }, c.token),
  },
];

const listOf = (answer: Answer) => answer.body.data as { items: Array<{ id?: string; jobPostDraftId?: string }> };

const otherCases: RouteCase[] = [
  { route: 'POST /api/job/draft-update (new)', ok: 200, call: (c) => api.saveDraft(c, { jobData: completeJobData() }) },
  { route: 'GET /api/job/draft-list', ok: 200, call: (c) => api.drafts(c, '?pageSize=100') },
  { route: 'POST /api/job/jobpost', ok: 201, call: (c) => api.publishData(c, completeJobData()) },
  {
    route: 'POST /api/Recruiter/JobPost',
    ok: 201,
    call: (c) => postJson(f, '/api/Recruiter/JobPost', { jobData: completeJobData() }, c.token),
  },
  { route: 'POST /api/Employer/job-posts', ok: 200, call: (c) => api.jobs(c, { pageSize: 100 }) },
  { route: 'GET /api/Recruiter/GetAllJobs', ok: 200, call: (c) => getJson<JobPage>(f, '/api/Recruiter/GetAllJobs?pageSize=100', c.token) },
  {
    route: 'GET /api/Recruiter/GetJobsByStatus',
    ok: 200,
    call: (c) => getJson<JobPage>(f, '/api/Recruiter/GetJobsByStatus?Status=true&pageSize=100', c.token),
  },
  {
    route: 'POST /api/Recruiter/GetAllJobs',
    ok: 200,
    call: (c) => postJson<JobPage>(f, '/api/Recruiter/GetAllJobs', { pageSize: 100 }, c.token),
  },
  {
    route: 'POST /api/Recruiter/GetJobsByStatus',
    ok: 200,
    call: (c) => postJson<JobPage>(f, '/api/Recruiter/GetJobsByStatus?Status=true&pageSize=100', undefined, c.token),
  },
];

const allCases = [...idCases, ...otherCases];

describe('the matrix covers every posting route', () => {
  it('names each endpoint of the posting contract', () => {
    const covered = new Set(allCases.map((c) => c.route.replace(/ \(.*\)$/, '')));
    const posting = endpointsOf(postingContract as Record<string, unknown>).map((e) => `${e.method} ${e.path}`);
    expect(posting.filter((p) => !covered.has(p))).toEqual([]);
    expect(allEndpoints.filter((e) => e.tag === 'posting')).toHaveLength(new Set(posting).size);
  });
});

describe.each(allCases.map((c) => [c.route, c] as const))('%s', (_, c) => {
  it('refuses anonymous callers (401), job seekers and administrators (403), and stores nothing', async () => {
    const t = await targetOfX();
    await c.prepare?.(t);
    const before = await postingRows(f);
    const anonymous = await c.call(w.anonymous, t);
    expect([anonymous.status, anonymous.body.message]).toEqual([401, EXPIRED]);
    for (const outsider of [w.seeker, admin]) {
      const answer = await c.call(outsider, t);
      expect([answer.status, answer.body.message], outsider.label).toEqual([403, NO_ACCESS]);
    }
    expect(await postingRows(f)).toEqual(before);
  });

  it.each(['recruiterX', 'employerX'] as const)('serves the %s', async (who) => {
    const t = await targetOfX();
    await c.prepare?.(t);
    const answer = await c.call(w[who], t);
    expect(answer.status, JSON.stringify(answer.body.state)).toBe(c.ok);
  });

  if (c.notFound) {
    it.each(['recruiterY', 'employerY'] as const)('answers the %s as if X’s record did not exist, and changes nothing', async (who) => {
      const t = await targetOfX();
      await c.prepare?.(t);
      const before = await postingRows(f);
      const answer = await c.call(w[who], t);
      expect([answer.status, answer.body.message]).toEqual([404, c.notFound]);
      expect(await postingRows(f)).toEqual(before);
      const never = await c.call(w[who], ids(t, true));
      expect(never.body).toEqual(answer.body);
    });
  } else {
    it.each(['recruiterY', 'employerY'] as const)('serves the %s with its own company only', async (who) => {
      const t = await targetOfX();
      const answer = await c.call(w[who], t);
      expect(answer.status).toBe(c.ok);
      if (answer.body.data && typeof answer.body.data === 'object' && 'items' in answer.body.data) {
        const seen = listOf(answer).items.map((i) => i.id ?? i.jobPostDraftId);
        expect(seen).not.toContain(t.job);
        expect(seen).not.toContain(t.draft);
        expect(seen).not.toContain(t.editDraft);
      } else {
        const data = answer.body.data as { draft?: { jobPostDraftId: string }; company?: { id: string } };
        if (data.company) expect(data.company.id).toBe(w.y.id);
        if (data.draft) expect((await api.draft(w.recruiterX, data.draft.jobPostDraftId)).status).toBe(404);
      }
    });
  }
});

describe('a switched-off recruiter of X', () => {
  it('is signed out of every posting call', async () => {
    const off = await w.person('Recruiter', w.x.id, 'switched off', { deactivatedAt: new Date() });
    const t = await targetOfX();
    for (const c of allCases) expect((await c.call(off, t)).status, c.route).toBe(401);
  });
});
