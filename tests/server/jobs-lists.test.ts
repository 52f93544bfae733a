import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedJobs } from '../../server/db/schema.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { JobMessages } from '../../src/contract/jobs.ts';
import { SKILL, boiseId, vancouverWa } from './posting-support.ts';
import { expectOk, expectRefused, jobsApp, type Caller, type JobsWorld } from './jobs-support.ts';

let t: JobsWorld;

beforeAll(async () => {
  t = await jobsApp();
});
afterAll(async () => t?.f.stop());

let seq = 0;
const newSeeker = (extra: object = {}) => t.w.person('JobSeeker', null, `seeker ${++seq}`, { dateOfBirth: '1991-05-05', ...extra });
const titles = (page: { items: Array<{ title: string }> }) => page.items.map((j) => j.title);

describe('saving jobs (save-job/{id})', () => {
  it('saves and unsaves; saving twice or unsaving an unsaved job changes nothing', async () => {
    const seeker = await newSeeker();
    const id = await t.jobs.create('Saved Picker');
    const saved = await t.calls.save(seeker, id);
    expect(expectOk(saved)).toEqual({ jobId: id, isSaved: true });
    expect(saved.body.message).toBe(JobMessages.saved);
    expectOk(await t.calls.save(seeker, id));
    expect(await t.f.app.database.db.select().from(savedJobs).where(eq(savedJobs.userId, seeker.id!))).toHaveLength(1);
    expect(expectOk(await t.calls.seekerJob(seeker, id)).userActions.isSaved).toBe(true);

    const removed = await t.calls.unsave(seeker, id);
    expect(expectOk(removed)).toEqual({ jobId: id, isSaved: false });
    expect(removed.body.message).toBe(JobMessages.unsaved);
    expectOk(await t.calls.unsave(seeker, id));
    expect(expectOk(await t.calls.saved(seeker)).items).toEqual([]);
  });

  it('saves closed and expired jobs too, but not deleted or unknown ones', async () => {
    const seeker = await newSeeker();
    expectOk(await t.calls.save(seeker, await t.jobs.closed('Closed Saved')));
    expectOk(await t.calls.save(seeker, await t.jobs.expired('Expired Saved')));
    expectRefused(await t.calls.save(seeker, await t.jobs.deleted('Deleted Saved')), 404, JobMessages.jobNotFound);
    expectRefused(await t.calls.save(seeker, randomUUID()), 404, JobMessages.jobNotFound);
    expectRefused(await t.calls.save(seeker, 'not-an-id'), 400);
    const page = expectOk(await t.calls.saved(seeker, { ascending: true }));
    expect(page.items.map((j) => [j.title, j.jobStatus])).toEqual([
      ['Closed Saved', 'Closed'],
      ['Expired Saved', 'Expired'],
    ]);
  });

  it('is for job seekers only: 401 without a session, 403 for staff, nothing stored', async () => {
    const id = await t.jobs.create('Staff Cannot Save');
    expectRefused(await t.calls.save(t.w.anonymous, id), 401);
    expectRefused(await t.calls.unsave(t.w.anonymous, id), 401);
    for (const caller of [t.w.recruiterX, t.w.employerX, t.w.employerY]) {
      expectRefused(await t.calls.save(caller, id), 403);
      expectRefused(await t.calls.unsave(caller, id), 403);
      expectRefused(await t.calls.saved(caller), 403);
      expectRefused(await t.calls.savedGet(caller), 403);
    }
    expect(await t.f.app.database.db.select().from(savedJobs).where(eq(savedJobs.jobPostId, id))).toHaveLength(0);
  });
});

describe('the saved list (saved-jobs)', () => {
  it('lists the seeker’s own saved jobs, newest saved first or oldest first, paged, by POST and GET', async () => {
    const a = await newSeeker();
    const b = await newSeeker();
    const ids: string[] = [];
    for (const title of ['Saved One', 'Saved Two', 'Saved Three']) {
      const id = await t.jobs.create(title);
      ids.push(id);
      expectOk(await t.calls.save(a, id));
      t.clock.advance(60_000);
    }
    expectOk(await t.calls.save(b, ids[1]!));

    const newest = expectOk(await t.calls.saved(a));
    expect(titles(newest)).toEqual(['Saved Three', 'Saved Two', 'Saved One']);
    expect(newest.items.every((j) => j.userActions.isSaved && j.jobStatus === 'Active')).toBe(true);
    expect(Date.parse(newest.items[0]!.savedDate)).toBeGreaterThan(Date.parse(newest.items[1]!.savedDate));
    expect(titles(expectOk(await t.calls.saved(a, { ascending: true })))).toEqual(['Saved One', 'Saved Two', 'Saved Three']);
    const first = expectOk(await t.calls.savedGet(a, '?pageNumber=1&pageSize=2&ascending=true'));
    const second = expectOk(await t.calls.savedGet(a, '?pageNumber=2&pageSize=2&ascending=true'));
    expect([titles(first), titles(second), first.hasMore, second.hasMore]).toEqual([
      ['Saved One', 'Saved Two'],
      ['Saved Three'],
      true,
      false,
    ]);
    expect(titles(expectOk(await t.calls.savedGet(a)))).toEqual(['Saved Three', 'Saved Two', 'Saved One']);

    // Seeker B never sees A's saved jobs.
    expect(titles(expectOk(await t.calls.saved(b)))).toEqual(['Saved Two']);
    expect(expectOk(await t.calls.counts(a)).saved).toBe(3);
    expect(expectOk(await t.calls.counts(b)).saved).toBe(1);
  });

  it('drops jobs that are deleted or whose company is blacklisted, and jobs the seeker reported', async () => {
    const seeker = await newSeeker();
    const kept = await t.jobs.create('Kept Saved');
    const deleted = await t.jobs.create('Soon Deleted');
    const reported = await t.jobs.create('Soon Reported');
    const other = await t.w.company('Fly By Night LLC', '277771234');
    const owner = await t.w.person('Employer', other.id, 'employer soon blacklisted');
    const blocked = (await t.api.newJob(owner)).id;
    for (const id of [kept, deleted, reported, blocked]) expectOk(await t.calls.save(seeker, id));
    expectOk(await t.api.remove(t.w.recruiterX, deleted));
    await t.setCompany(other.id, { blacklisted: true });
    expectOk(await t.calls.report(seeker, reported, { reason: 'misleading' }));
    expect(titles(expectOk(await t.calls.saved(seeker)))).toEqual(['Kept Saved']);
    expect(expectOk(await t.calls.counts(seeker)).saved).toBe(1);
  });

  it('refuses bad paging: 400', async () => {
    const seeker = await newSeeker();
    for (const paging of [
      { pageNumber: 0 },
      { pageNumber: -1 },
      { pageSize: 0 },
      { pageSize: 51 },
      { pageNumber: 1e9 },
      { ascending: 1 },
    ]) {
      expectRefused(await t.calls.saved(seeker, paging as object), 400);
    }
    for (const query of ['?pageNumber=abc', '?pageSize=500', '?ascending=maybe', '?pageNumber=1e9']) {
      expectRefused(await t.calls.savedGet(seeker, query), 400);
    }
  });
});

describe('matched jobs (matched-list)', () => {
  /** Jobs of their own kind, so other tests' jobs never match: skills 9001… are not in the lookups, so these use rare real ones. */
  let near = '';
  let nearer = '';
  let remote = '';
  let far = '';
  let unrelated = '';
  const portland = {
    city: 'Portland',
    name: 'Portland, OR',
    state: 'OR',
    address: '100 SW Main St, Portland, OR 97204',
    pinCode: '97204',
    latitude: 45.5152,
    longitude: -122.6784,
  };
  const home = { name: 'Vancouver, WA', latitude: 45.6387, longitude: -122.6615 };

  beforeAll(async () => {
    // Proofreading is on no other test's job.
    const proof = { candidateRequirements: { skills: [SKILL.proofreading] } };
    near = await t.jobs.create('Proofreader Portland', { ...proof, jobDetails: { address: portland.address, geoLocation: portland } });
    nearer = await t.jobs.create('Proofreader Vancouver', {
      ...proof,
      jobDetails: { address: vancouverWa.address, geoLocation: vancouverWa },
    });
    remote = await t.jobs.create('Proofreader Remote', {
      ...proof,
      jobDetails: { locationType: 'remote', address: null, geoLocation: null },
    });
    far = await t.jobs.create('Proofreader Boise', { ...proof, jobDetails: { address: boiseId.address, geoLocation: boiseId } });
    await t.jobs.create('Proofreader And Packer', {
      candidateRequirements: { skills: [SKILL.proofreading, SKILL.packing] },
      jobDetails: { address: portland.address, geoLocation: portland },
    });
    unrelated = await t.jobs.create('Unrelated Forklift', {
      candidateRequirements: { skills: [SKILL.forklift] },
      timeRequirements: { schedules: [5] },
      jobDetails: { positionType: [4] },
    });
  });

  it('ranks by skills matched, then the nearest to a preferred place; far, unrelated, applied and reported jobs are left out', async () => {
    const seeker = await newSeeker();
    await t.giveSkills(seeker, [SKILL.proofreading, SKILL.packing]);
    await t.setPreferences(seeker, { places: [home] });
    const page = expectOk(await t.calls.matched(seeker, { pageSize: 50 }));
    const mine = page.items.filter((j) => j.title.startsWith('Proofreader'));
    expect(mine.map((j) => j.title)).toEqual([
      'Proofreader And Packer',
      'Proofreader Vancouver',
      'Proofreader Portland',
      'Proofreader Remote',
    ]);
    expect(mine.map((j) => j.matchedSkills)).toEqual([2, 1, 1, 1]);
    expect(page.items.map((j) => j.id)).not.toContain(far);
    expect(page.items.map((j) => j.id)).not.toContain(unrelated);
    const portlandMiles = haversineMiles(home.latitude, home.longitude, portland.latitude, portland.longitude);
    expect(mine.find((j) => j.id === near)!.distanceMiles).toBeCloseTo(portlandMiles, 0);
    expect(mine.find((j) => j.id === remote)!.distanceMiles).toBeNull();
    expect(mine[0]!.skills.map((s) => s.match)).toEqual([true, true]);

    expectOk(await t.calls.report(seeker, nearer, { reason: 'misleading' }));
    const skillIdsOfRemote = expectOk(await t.calls.seekerJob(seeker, remote)).skills;
    expect(skillIdsOfRemote).toHaveLength(1);
    const resumeless = await t.jobs.create('Proofreader Quick Apply', {
      candidateRequirements: { skills: [SKILL.proofreading] },
      jobDetails: { requiresResume: false },
    });
    expectOk(await t.calls.apply(seeker, { jobId: resumeless }), 201);
    const after = expectOk(await t.calls.matched(seeker, { pageSize: 50 })).items.map((j) => j.id);
    expect(after).not.toContain(nearer);
    expect(after).not.toContain(resumeless);
    expect(expectOk(await t.calls.counts(seeker)).matched).toBe(after.length);
  });

  it('matches by employment type and schedule too, and without places everywhere', async () => {
    const seeker = await newSeeker();
    await t.setPreferences(seeker, { employmentTypeId: 4, scheduleTypeId: 5 });
    const ids = expectOk(await t.calls.matched(seeker, { pageSize: 50 })).items.map((j) => j.id);
    expect(ids).toContain(unrelated);
    expect(ids).not.toContain(near);
  });

  it('ranks the jobs that meet more preferences first among equal skills', async () => {
    const seeker = await newSeeker();
    await t.giveSkills(seeker, [SKILL.orderPicking]);
    await t.setPreferences(seeker, { employmentTypeId: 2, salary: 24, salaryType: 'Hourly' });
    const low = await t.jobs.create('Picker Low Pay Part-time', {
      jobDetails: { positionType: [2] },
      payDetails: { minSalary: 15, maxSalary: 17, rate: 'Hourly' },
      candidateRequirements: { skills: [SKILL.orderPicking] },
    });
    const good = await t.jobs.create('Picker Good Pay Part-time', {
      jobDetails: { positionType: [2] },
      payDetails: { minSalary: 22, maxSalary: 26, rate: 'Hourly' },
      candidateRequirements: { skills: [SKILL.orderPicking] },
    });
    const ids = expectOk(await t.calls.matched(seeker, { pageSize: 50 })).items.map((j) => j.id);
    expect(ids.indexOf(good)).toBeLessThan(ids.indexOf(low));
    expect(ids.indexOf(good)).toBe(0);
  });

  it('is empty for a profile with nothing to match by, and pages without gaps or repeats', async () => {
    expect(expectOk(await t.calls.matched(await newSeeker())).items).toEqual([]);
    const seeker = await newSeeker();
    await t.giveSkills(seeker, [SKILL.packing, SKILL.orderPicking]);
    const all = expectOk(await t.calls.matched(seeker, { pageSize: 50 })).items.map((j) => j.id);
    expect(all.length).toBeGreaterThan(5);
    const paged: string[] = [];
    for (let n = 1; ; n++) {
      const page = expectOk(await t.calls.matched(seeker, { pageNumber: n, pageSize: 3 }));
      paged.push(...page.items.map((j) => j.id));
      if (!page.hasMore) break;
    }
    expect(paged).toEqual(all);
  });

  it('never lists closed, expired or deleted jobs', async () => {
    const seeker = await newSeeker();
    await t.giveSkills(seeker, [SKILL.orderPicking]);
    const gone = [await t.jobs.closed('Closed Match'), await t.jobs.expired('Expired Match'), await t.jobs.deleted('Deleted Match')];
    const ids = expectOk(await t.calls.matched(seeker, { pageSize: 50 })).items.map((j) => j.id);
    for (const id of gone) expect(ids).not.toContain(id);
  });
});

describe('the counts (job-list-count, DashboardCount)', () => {
  it('count the seeker’s own lists, and the applications by status', async () => {
    const seeker = await newSeeker();
    await t.giveSkills(seeker, [SKILL.proofreading]);
    const picks = [
      await t.jobs.create('Count One', { jobDetails: { requiresResume: false } }),
      await t.jobs.create('Count Two', { jobDetails: { requiresResume: false } }),
    ];
    expectOk(await t.calls.save(seeker, picks[0]!));
    expectOk(await t.calls.apply(seeker, { jobId: picks[0] }), 201);
    expectOk(await t.calls.apply(seeker, { jobId: picks[1] }), 201);
    const counts = expectOk(await t.calls.counts(seeker));
    const matched = expectOk(await t.calls.matched(seeker, { pageSize: 50 })).items.length;
    expect(counts).toEqual({ saved: 1, applied: 2, matched });
    expect(expectOk(await t.calls.dashboard(seeker))).toEqual({
      appliedJobs: 2,
      savedJobs: 1,
      matchedJobs: matched,
      applications: { Applied: 2, Reviewed: 0, Interviewing: 0, Offered: 0, Hired: 0, Rejected: 0, Withdrawn: 0 },
    });
    expect(expectOk(await t.calls.dashboardPost(seeker))).toEqual(expectOk(await t.calls.dashboard(seeker)));
    const nobody = await newSeeker();
    expect(expectOk(await t.calls.counts(nobody))).toEqual({ saved: 0, applied: 0, matched: 0 });
  });

  it('are for job seekers only', async () => {
    const callers: Caller[] = [t.w.recruiterX, t.w.employerX, t.w.employerY];
    expectRefused(await t.calls.counts(t.w.anonymous), 401);
    expectRefused(await t.calls.dashboard(t.w.anonymous), 401);
    expectRefused(await t.calls.dashboardPost(t.w.anonymous), 401);
    expectRefused(await t.calls.matched(t.w.anonymous), 401);
    for (const caller of callers) {
      expectRefused(await t.calls.counts(caller), 403);
      expectRefused(await t.calls.dashboard(caller), 403);
      expectRefused(await t.calls.dashboardPost(caller), 403);
      expectRefused(await t.calls.matched(caller), 403);
    }
  });
});
