import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../server/db/schema.ts';
import { JobMessages } from '../../src/contract/jobs.ts';
import { SKILL, boiseId } from './posting-support.ts';
import { expectOk, expectRefused, jobsApp, type JobsWorld } from './jobs-support.ts';

let t: JobsWorld;
let open = '';

beforeAll(async () => {
  t = await jobsApp();
  await t.setCompany(t.w.x.id, { displayName: 'Hale Logistics', city: 'Vancouver', state: 'WA', website: 'https://hale.example.com' });
  open = await t.jobs.create('Warehouse Associate', {
    jobDetails: {
      description:
        '<p>Join our <strong>warehouse</strong> team in Vancouver. You will pick, pack and ship orders.</p><ul><li>Pick orders</li></ul><p><a href="https://hale.example.com/benefits">Our benefits</a></p>',
      numberOfHires: 3,
      requiresCoverLetter: true,
      requiresWorkAuthorization: true,
      offersRelocation: true,
      startJobDate: null,
    },
    timeRequirements: { workSchedule: 1, hoursPerWeek: 40, duration: 6, schedules: [1, 7] },
    payDetails: { minSalary: 21.5, maxSalary: 25, rate: 'Hourly', benefits: [1, 6], supplementalPay: 16 | 256 },
    candidateRequirements: {
      skills: [SKILL.orderPicking, SKILL.packing, SKILL.proofreading],
      minExperience: 1,
      maxExperience: 3,
      tags: ['night owls'],
      minimumEducation: 1,
      minimumGPA: 2.5,
      openToMinors: true,
      hazardsReviewed: true,
    },
  });
});
afterAll(async () => t?.f.stop());

describe('a job’s page (GET job-post/{id})', () => {
  it('answers anyone with the list view, the description, requirements, schedule, pay, benefits and the company card', async () => {
    const job = expectOk(await t.calls.jobPost(t.w.anonymous, open));
    expect(job).toMatchObject({
      id: open,
      title: 'Warehouse Associate',
      status: 'Active',
      isOpen: true,
      companyName: 'Hale Logistics',
      jobType: [{ id: 1, name: 'Full-time' }],
      minimumExperience: 1,
      maximumExperience: 3,
      location: { city: 'Vancouver', state: 'WA' },
      compensation: { minimumAmount: 21.5, maximumAmount: 25, rate: 'Hourly' },
      compensationType: 'Range',
      currency: 'USD',
      type: 'onsite',
      openToMinors: true,
      numberOfHires: 3,
      requiresResume: true,
      requiresCoverLetter: true,
      requiresWorkAuthorization: true,
      offersRelocation: true,
      address: { street: '1200 Main St, Vancouver, WA 98660', city: 'Vancouver', state: 'WA', postalCode: '98660' },
      remoteStates: [],
      schedule: {
        workSchedule: 1,
        hoursPerWeek: 40,
        durationMonths: 6,
        schedules: [
          { id: 1, name: 'Day shift' },
          { id: 7, name: 'Monday to Friday' },
        ],
      },
      requirements: { minimumGPA: 2.5, tags: ['night owls'], minimumExperience: 1, maximumExperience: 3 },
      supplementalPay: [
        { id: 16, name: 'Overtime pay' },
        { id: 256, name: 'Tips' },
      ],
      company: {
        id: t.w.x.id,
        name: 'Hale Logistics',
        city: 'Vancouver',
        state: 'WA',
        website: 'https://hale.example.com',
        verified: true,
        logoUrl: null,
      },
      userActions: { isSaved: false },
      viewer: null,
    });
    expect(job.requirements.minimumEducation).toMatchObject({ level: 1 });
    expect(job.requirements.minimumEducation!.name).not.toBe('');
    expect(job.benefits.map((b) => b.id)).toEqual([1, 6]);
    expect(job.benefits.every((b) => b.name.length > 0)).toBe(true);
    expect(job.industries).toEqual([{ id: 48, name: expect.any(String) }]);
    expect(job.skills.map((s) => [s.id, s.match])).toEqual([
      [SKILL.orderPicking, false],
      [SKILL.packing, false],
      [SKILL.proofreading, false],
    ]);
    expect(Date.parse(job.validThrough)).toBeGreaterThan(Date.now());
    expect(job.dateOfPosted).not.toBeNull();
  });

  it('serves the description as stored: sanitised, links marked nofollow', async () => {
    const job = expectOk(await t.calls.jobPost(t.w.anonymous, open));
    expect(job.description).toContain('<strong>warehouse</strong>');
    expect(job.description).toContain('<a href="https://hale.example.com/benefits" rel="noopener noreferrer nofollow">');
  });

  it('shows the company’s logo by a signed address', async () => {
    const other = await t.w.company('Logo Makers LLC', '275559876', { displayName: 'Logo Makers' });
    const owner = await t.w.person('Employer', other.id, 'employer with a logo');
    const job = await t.api.newJob(owner);
    expect(expectOk(await t.calls.jobPost(t.w.anonymous, job.id)).company.logoUrl).toBeNull();
    const [logo] = await t.f.app.database.db
      .insert(storedFiles)
      .values({
        purpose: 'company-logo',
        companyId: other.id,
        storageKey: 'test/logo',
        originalName: 'logo.webp',
        contentType: 'image/webp',
        sizeBytes: 100,
      })
      .returning();
    const card = expectOk(await t.calls.jobPost(t.w.anonymous, job.id)).company;
    expect(card.logoUrl).toMatch(new RegExp(`^/api/Common/images/${logo!.id}\\?expires=\\d+&signature=`));
  });

  it('has no verified badge for a company not verified', async () => {
    const unverified = await t.w.company('Sprout Farms LLC', '275551234', { verifiedAt: null, displayName: 'Sprout Farms' });
    const owner = await t.w.person('Employer', unverified.id, 'employer of an unverified company');
    const job = await t.api.newJob(owner);
    expect(expectOk(await t.calls.jobPost(t.w.anonymous, job.id)).company).toMatchObject({ name: 'Sprout Farms', verified: false });
  });

  it('answers the legacy GetJobPost?JobId= the same', async () => {
    const now = expectOk(await t.calls.jobPost(t.w.anonymous, open));
    expect(expectOk(await t.calls.getJobPost(t.w.anonymous, open))).toEqual(now);
  });

  it('describes a remote job by its states, with no address', async () => {
    const id = await t.jobs.create('Remote Dispatcher', {
      jobDetails: { locationType: 'remote', address: null, geoLocation: null, remoteStates: ['WA', 'OR'] },
    });
    const job = expectOk(await t.calls.jobPost(t.w.anonymous, id));
    expect(job).toMatchObject({
      type: 'remote',
      isRemote: true,
      address: null,
      geoLatitude: null,
      remoteStates: [
        { code: 'WA', name: 'Washington' },
        { code: 'OR', name: 'Oregon' },
      ],
    });
  });

  it('keeps answering closed and expired jobs, marked, so their links do not break', async () => {
    const closed = await t.jobs.closed('Forklift Operator');
    const expired = await t.jobs.expired('Packer');
    expect(expectOk(await t.calls.jobPost(t.w.anonymous, closed))).toMatchObject({ status: 'Closed', isOpen: false });
    expect(expectOk(await t.calls.jobPost(t.w.anonymous, expired))).toMatchObject({ status: 'Expired', isOpen: false });
  });

  it('answers 404 for a deleted job, a job of a blacklisted or deactivated company, and an unknown id', async () => {
    const deleted = await t.jobs.deleted('Shift Lead');
    const blocked = await t.w.company('Shady Staffing LLC', '276661234');
    const blockedOwner = await t.w.person('Employer', blocked.id, 'employer of a blacklisted company');
    const blockedJob = (await t.api.newJob(blockedOwner)).id;
    await t.setCompany(blocked.id, { blacklisted: true });
    const off = await t.w.company('Dormant Goods LLC', '276661235');
    const offOwner = await t.w.person('Employer', off.id, 'employer of a deactivated company');
    const offJob = (await t.api.newJob(offOwner)).id;
    await t.setCompany(off.id, { active: false });
    for (const id of [deleted, blockedJob, offJob, randomUUID()]) {
      expectRefused(await t.calls.jobPost(t.w.anonymous, id), 404, JobMessages.jobNotFound, 'job.notFound');
      expectRefused(await t.calls.getJobPost(t.w.seekerA, id), 404, JobMessages.jobNotFound, 'job.notFound');
      expectRefused(await t.calls.seekerJob(t.w.seekerA, id), 404, JobMessages.jobNotFound, 'job.notFound');
    }
  });

  it('refuses an id that is no id: 400', async () => {
    expectRefused(await t.calls.jobPost(t.w.anonymous, 'not-a-job'), 400, JobMessages.jobNotFound, 'request.invalid');
    expectRefused(await t.calls.getJobPost(t.w.anonymous, '1%20or%201=1'), 400);
    expectRefused(await t.calls.seekerJob(t.w.seekerA, ''), 400);
  });
});

describe('the signed-in job seeker’s view of a job', () => {
  it('says what the seeker has done with it: saved, applied and its status, skills matched', async () => {
    const id = await t.jobs.create('Order Picker', { jobDetails: { requiresResume: false } });
    await t.giveSkills(t.w.seekerA, [SKILL.orderPicking]);
    const before = expectOk(await t.calls.seekerJob(t.w.seekerA, id));
    expect(before.viewer).toEqual({
      isSaved: false,
      hasApplied: false,
      application: null,
      isReported: false,
      report: null,
      matchedSkills: 1,
      totalSkills: 2,
    });
    expect(before.skills.map((s) => s.match)).toEqual([true, false]);

    expectOk(await t.calls.save(t.w.seekerA, id));
    const application = expectOk(await t.calls.apply(t.w.seekerA, { jobId: id }), 201);
    const after = expectOk(await t.calls.seekerJob(t.w.seekerA, id));
    expect(after.userActions.isSaved).toBe(true);
    expect(after.viewer).toMatchObject({
      isSaved: true,
      hasApplied: true,
      application: { id: application.id, status: 'Applied', appliedDate: application.appliedDate },
    });
    // The public call gives a seeker the same view.
    expect(expectOk(await t.calls.jobPost(t.w.seekerA, id)).viewer).toEqual(after.viewer);

    // Seeker B sees none of A's state; staff and visitors have none.
    expect(expectOk(await t.calls.seekerJob(t.w.seekerB, id)).viewer).toEqual({
      isSaved: false,
      hasApplied: false,
      application: null,
      isReported: false,
      report: null,
      matchedSkills: 0,
      totalSkills: 2,
    });
    expect(expectOk(await t.calls.jobPost(t.w.seekerB, id)).userActions.isSaved).toBe(false);
    for (const caller of [t.w.recruiterX, t.w.employerY, t.w.anonymous]) {
      const job = expectOk(await t.calls.jobPost(caller, id));
      expect(job.viewer, caller.label).toBeNull();
      expect(job.userActions.isSaved).toBe(false);
    }
  });

  it('keeps GET JobSeeker/job for job seekers: 401 without a session, 403 for staff', async () => {
    expectRefused(await t.calls.seekerJob(t.w.anonymous, open), 401);
    for (const caller of [t.w.recruiterX, t.w.employerX, t.w.employerY]) expectRefused(await t.calls.seekerJob(caller, open), 403);
  });

  it('answers a job in another place with its own place', async () => {
    const id = await t.jobs.create('Boise Picker', { jobDetails: { address: boiseId.address, geoLocation: boiseId } });
    expect(expectOk(await t.calls.jobPost(t.w.anonymous, id))).toMatchObject({
      location: { city: 'Boise', state: 'ID' },
      geoLatitude: boiseId.latitude,
    });
  });
});
