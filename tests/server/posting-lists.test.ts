import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishJobData } from '../../server/posting/jobs.ts';
import { saveDraftFor } from '../../server/posting/drafts.ts';
import { PostingMessages, type JobPage } from '../../src/contract/posting.ts';
import type { FilesApp } from './files-support.ts';
import { apply, completeJobData, getJson, posting, postingApp, postJson, view, type Caller, type PostingWorld } from './posting-support.ts';

const DAY = 24 * 60 * 60 * 1000;

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof posting>;
let recruiter: Caller;
let employer: Caller;
/** Zephyr's jobs, by name. */
const jobs: Record<'picker' | 'forklift' | 'packer' | 'clerk' | 'lead', string> = {
  picker: '',
  forklift: '',
  packer: '',
  clerk: '',
  lead: '',
};

beforeAll(async () => {
  ({ f, w } = await postingApp());
  api = posting(f);
  const z = await w.company('Zephyr Storage LLC', '274567891', { displayName: 'Zephyr Storage' });
  employer = await w.person('Employer', z.id, 'employer of Z', { firstName: 'Morgan', lastName: 'Reyes' });
  recruiter = await w.person('Recruiter', z.id, 'recruiter of Z', { firstName: 'Avery', lastName: 'Chen' });
  const actor = { companyId: z.id, userId: recruiter.id! };
  const start = Date.now() - 20 * DAY;
  const at = (days: number) => new Date(start + days * DAY);
  // The demo seed publishes through the same call: backdated, closed, or already past its last day.
  jobs.picker = (await publishJobData(f.app.ctx, actor, completeJobData({ title: 'Order Picker' }), { postedAt: at(0) })).id;
  jobs.forklift = (
    await publishJobData(f.app.ctx, { ...actor, userId: employer.id! }, completeJobData({ title: 'Forklift Operator' }), {
      postedAt: at(1),
      status: 'Closed',
    })
  ).id;
  jobs.packer = (
    await publishJobData(f.app.ctx, actor, completeJobData({ title: 'Packer' }), { postedAt: at(2), validThrough: at(12) })
  ).id;
  jobs.clerk = (await publishJobData(f.app.ctx, actor, completeJobData({ title: 'Shipping Clerk' }), { postedAt: at(3) })).id;
  jobs.lead = (await publishJobData(f.app.ctx, actor, completeJobData({ title: 'Warehouse Lead' }), { postedAt: at(4) })).id;
  await api.remove(recruiter, jobs.lead);

  await view(f, jobs.picker, 5);
  await view(f, jobs.packer, 5);
  await view(f, jobs.forklift, 2);
  const seekers = [w.seeker.id!, (await w.person('JobSeeker', null, 'seeker 2')).id!, (await w.person('JobSeeker', null, 'seeker 3')).id!];
  await apply(f, jobs.picker, seekers[0]!);
  for (const s of seekers) await apply(f, jobs.forklift, s);
  await apply(f, jobs.clerk, seekers[0]!);
  await apply(f, jobs.clerk, seekers[1]!);
  // Y's job never shows in Zephyr's lists.
  await api.newJob(w.employerY, completeJobData({ title: 'Order Picker at Yarrow' }));
});
afterAll(async () => f?.stop());

const list = async (body: object, caller: Caller = recruiter) => {
  const answer = await api.jobs(caller, body);
  expect(answer.status, JSON.stringify(answer.body.state)).toBe(200);
  return answer.body.data;
};
const titles = (page: JobPage) => page.items.map((j) => j.title);
const byId = (...ids: string[]) => [...ids].sort();
const titleOf = (id: string) => Object.entries(jobs).find(([, v]) => v === id)![0];

describe('the company’s jobs (Employer job-posts)', () => {
  it('lists every job but the deleted, open ones first, then the newest posted (sort 0)', async () => {
    const page = await list({});
    expect(titles(page)).toEqual(['Shipping Clerk', 'Order Picker', 'Packer', 'Forklift Operator']);
    expect(page).toMatchObject({ total: 4, pageNumber: 1, pageSize: 10 });
    expect(page.items.map((j) => j.status)).toEqual(['Active', 'Active', 'Expired', 'Closed']);
  });

  it('carries real counts and who created and last changed each job', async () => {
    const page = await list({});
    const row = (title: string) => page.items.find((j) => j.title === title)!;
    expect(row('Order Picker')).toMatchObject({
      clicks: 5,
      applicants: 1,
      createdBy: { id: recruiter.id, name: 'Avery Chen' },
      companyName: 'Zephyr Storage',
    });
    expect(row('Forklift Operator')).toMatchObject({ clicks: 2, applicants: 3, createdBy: { id: employer.id, name: 'Morgan Reyes' } });
    expect(row('Shipping Clerk')).toMatchObject({ clicks: 0, applicants: 2 });
    expect(row('Packer').validThrough).toBe(new Date(Date.parse(row('Order Picker').dateOfPosted!) + 12 * DAY).toISOString());
  });

  it('filters: active 1, inactive (closed or expired) 2, all 0', async () => {
    expect(titles(await list({ activeFlag: 1 }))).toEqual(['Shipping Clerk', 'Order Picker']);
    expect(titles(await list({ activeFlag: 2 }))).toEqual(['Packer', 'Forklift Operator']);
    expect((await list({ activeFlag: 0 })).total).toBe(4);
  });

  it('sorts by clicks (1) and applicants (2), most first unless ascending, ties by id', async () => {
    const fiveClicks = byId(jobs.picker, jobs.packer).map(titleOf);
    const clicks = (await list({ sortFlag: 1 })).items.map((j) => j.id).map(titleOf);
    expect(clicks).toEqual([...fiveClicks, 'forklift', 'clerk']);
    expect((await list({ sortFlag: 1, ascending: true })).items.map((j) => titleOf(j.id))).toEqual(['clerk', 'forklift', ...fiveClicks]);
    expect(titles(await list({ sortFlag: 2 }))).toEqual(['Forklift Operator', 'Shipping Clerk', 'Order Picker', 'Packer']);
    expect(titles(await list({ sortFlag: 2, ascending: true }))).toEqual(['Packer', 'Order Picker', 'Shipping Clerk', 'Forklift Operator']);
  });

  it('sorts by date: oldest first (3), newest first (4)', async () => {
    expect(titles(await list({ sortFlag: 3 }))).toEqual(['Order Picker', 'Forklift Operator', 'Packer', 'Shipping Clerk']);
    expect(titles(await list({ sortFlag: 4 }))).toEqual(['Shipping Clerk', 'Packer', 'Forklift Operator', 'Order Picker']);
  });

  it('searches titles, ignoring case; company search matches the company or nothing', async () => {
    expect(titles(await list({ search: 'PICK' }))).toEqual(['Order Picker']);
    expect(titles(await list({ search: 'o', activeFlag: 2 }))).toEqual(['Forklift Operator']);
    expect((await list({ companySearch: 'zeph' })).total).toBe(4);
    expect((await list({ companySearch: 'Yarrow' })).total).toBe(0);
  });

  it('refuses codes outside the spec', async () => {
    for (const body of [{ sortFlag: 5 }, { activeFlag: 3 }, { pageNumber: 0 }, { pageSize: 101 }, { search: 'x'.repeat(101) }]) {
      expect((await api.jobs(recruiter, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('shows the employer the same list as the recruiters', async () => {
    expect(titles(await list({}, employer))).toEqual(titles(await list({})));
  });
});

describe('the Recruiter names of the list', () => {
  it('GetAllJobs: search text, default filter and sort', async () => {
    const all = await getJson<JobPage>(f, '/api/Recruiter/GetAllJobs', recruiter.token);
    expect(titles(all.body.data)).toEqual(['Shipping Clerk', 'Order Picker', 'Packer', 'Forklift Operator']);
    const found = await getJson<JobPage>(f, '/api/Recruiter/GetAllJobs?searchQuery=pack&pageNumber=1', employer.token);
    expect(titles(found.body.data)).toEqual(['Packer']);
  });

  it('GetJobsByStatus: true for active jobs, false for closed and expired ones', async () => {
    expect(titles((await getJson<JobPage>(f, '/api/Recruiter/GetJobsByStatus?Status=true', recruiter.token)).body.data)).toEqual([
      'Shipping Clerk',
      'Order Picker',
    ]);
    expect(titles((await getJson<JobPage>(f, '/api/Recruiter/GetJobsByStatus?Status=false', recruiter.token)).body.data)).toEqual([
      'Packer',
      'Forklift Operator',
    ]);
    const wrong = await getJson(f, '/api/Recruiter/GetJobsByStatus?Status=maybe', recruiter.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(PostingMessages.statusUnchanged);
  });

  it('GetAllJobs as spec 2 names it: a POST of searchQuery, pageNumber and pageSize (10), answering as the GET', async () => {
    const all = await postJson<JobPage>(f, '/api/Recruiter/GetAllJobs', {}, recruiter.token);
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual((await getJson<JobPage>(f, '/api/Recruiter/GetAllJobs', recruiter.token)).body.data);
    expect(all.body.data.pageSize).toBe(10);
    const found = await postJson<JobPage>(
      f,
      '/api/Recruiter/GetAllJobs',
      { searchQuery: 'pack', pageNumber: 1, pageSize: 10 },
      employer.token,
    );
    expect(titles(found.body.data)).toEqual(['Packer']);
    const second = await postJson<JobPage>(f, '/api/Recruiter/GetAllJobs', { pageNumber: 2, pageSize: 3 }, recruiter.token);
    expect(titles(second.body.data)).toEqual(['Forklift Operator']);
    expect((await postJson(f, '/api/Recruiter/GetAllJobs', { pageSize: 101 }, recruiter.token)).status).toBe(400);
  });

  it('GetJobsByStatus and GetJobPostById also as POSTs, as spec 2 names them', async () => {
    const active = await postJson<JobPage>(f, '/api/Recruiter/GetJobsByStatus?Status=true', undefined, recruiter.token);
    expect(titles(active.body.data)).toEqual(['Shipping Clerk', 'Order Picker']);
    expect(
      titles((await postJson<JobPage>(f, '/api/Recruiter/GetJobsByStatus?Status=false', undefined, employer.token)).body.data),
    ).toEqual(['Packer', 'Forklift Operator']);
    expect((await postJson(f, '/api/Recruiter/GetJobsByStatus?Status=maybe', undefined, recruiter.token)).body.message).toBe(
      PostingMessages.statusUnchanged,
    );
    const id = active.body.data.items[0]!.id;
    const byPost = await postJson(f, `/api/Recruiter/GetJobPostById?JobId=${id}`, undefined, recruiter.token);
    expect(byPost.status).toBe(200);
    expect(byPost.body.data).toEqual((await getJson(f, `/api/Recruiter/GetJobPostById?JobId=${id}`, recruiter.token)).body.data);
  });
});

describe('paging', () => {
  let pager: Caller;
  beforeAll(async () => {
    const p = await w.company('Pacific Pallets LLC', '274567893');
    pager = await w.person('Recruiter', p.id, 'recruiter of P');
    const actor = { companyId: p.id, userId: pager.id! };
    const postedAt = new Date(Date.now() - DAY);
    // 23 jobs, 12 of them posted at the same moment: the order must still be total.
    for (let i = 1; i <= 23; i++) {
      await publishJobData(f.app.ctx, actor, completeJobData({ title: `Picker ${String(i).padStart(2, '0')}` }), {
        postedAt: i <= 12 ? postedAt : new Date(postedAt.getTime() + i * 60_000),
      });
    }
  });

  it.each([0, 1, 2, 3, 4])('walks every job exactly once, 10 a page, with sort %i', async (sortFlag) => {
    const seen: string[] = [];
    for (const pageNumber of [1, 2, 3]) {
      const page = await list({ sortFlag, pageNumber }, pager);
      expect(page.total).toBe(23);
      expect(page.items).toHaveLength(pageNumber < 3 ? 10 : 3);
      seen.push(...page.items.map((j) => j.id));
    }
    expect(new Set(seen).size).toBe(23);
    expect((await list({ sortFlag, pageNumber: 4 }, pager)).items).toEqual([]);
  });
});

describe('the demo seed’s entry points', () => {
  it('publishJobData checks what jobpost checks', async () => {
    const actor = { companyId: w.x.id, userId: w.recruiterX.id! };
    await expect(
      publishJobData(f.app.ctx, actor, completeJobData({ payDetails: { maxSalary: 0, minSalary: 0, isCompetitiveSalary: true } })),
    ).rejects.toMatchObject({ status: 400, message: PostingMessages.notPublishable });
    await expect(publishJobData(f.app.ctx, actor, completeJobData({ title: 'Cook' }))).rejects.toMatchObject({
      status: 400,
      message: PostingMessages.title,
    });
  });

  it('saveDraftFor saves a draft as draft-update does', async () => {
    const actor = { companyId: w.x.id, userId: w.employerX.id! };
    const draft = await saveDraftFor(f.app.ctx, actor, {
      jobData: { jobDetails: { title: 'Night Stocker' } },
      stepTracking: { currentStep: 'payDetails', completedSteps: ['jobDetails', 'timeRequirements'] },
    });
    expect(draft).toMatchObject({ title: 'Night Stocker', stepTracking: { currentStep: 'payDetails' }, createdBy: { id: w.employerX.id } });
    expect((await api.draft(w.recruiterX, draft.jobPostDraftId)).status).toBe(200);
    await expect(
      saveDraftFor(f.app.ctx, actor, { jobData: { jobDetails: { title: 'Night Stocker', positionType: [99] } } }),
    ).rejects.toMatchObject({ status: 400, message: PostingMessages.positionType });
  });
});
