import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, jobDrafts } from '../../server/db/schema.ts';
import { addDaysIso, PostingMessages, todayIso, type CompanyJob } from '../../src/contract/posting.ts';
import { minorsReason, payRangeReason, PAY_TRANSPARENCY_STATES } from '../../src/contract/posting-rules.ts';
import type { FilesApp } from './files-support.ts';
import {
  apply,
  boiseId,
  completeJobData,
  getJson,
  jobRow,
  postJson,
  moveValidThrough,
  posting,
  postingApp,
  postingRows,
  SKILL,
  view,
  type PostingWorld,
} from './posting-support.ts';

const DAY = 24 * 60 * 60 * 1000;

let f: FilesApp;
let w: PostingWorld;
let clock: Awaited<ReturnType<typeof postingApp>>['clock'];
let api: ReturnType<typeof posting>;

beforeAll(async () => {
  ({ f, w, clock } = await postingApp());
  api = posting(f);
});
afterAll(async () => f?.stop());

const near = (iso: string | null, ms: number) => expect(Math.abs(Date.parse(iso!) - ms)).toBeLessThan(5_000);

describe('publishing a draft (jobpost-create)', () => {
  it('makes a job with the list view’s fields; the draft is used up', async () => {
    const draft = await api.newDraft(w.recruiterX);
    const answer = await api.publish(w.recruiterX, draft.jobPostDraftId);
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(PostingMessages.published);
    const job = answer.body.data;
    const now = clock.now().getTime();
    expect(job).toMatchObject({
      title: 'Warehouse Associate',
      jobType: [{ id: 1, name: 'Full-time' }],
      minimumExperience: 1,
      maximumExperience: 3,
      location: { city: 'Vancouver', state: 'WA' },
      geoLatitude: 45.6387,
      geoLongitude: -122.6615,
      compensation: { minimumAmount: 21.5, maximumAmount: 25, rate: 'Hourly' },
      skills: [
        { id: SKILL.orderPicking, name: 'Order picking', match: false },
        { id: SKILL.packing, name: 'Packing', match: false },
      ],
      company: { id: w.x.id, name: 'Hale Logistics LLC' },
      companyName: 'Hale Logistics LLC',
      type: 'onsite',
      isRemote: false,
      isBoosted: false,
      boostPlacements: [],
      openToMinors: false,
      userActions: { isSaved: false },
      status: 'Active',
      clicks: 0,
      applicants: 0,
      createdBy: { id: w.recruiterX.id, name: 'Casey Hale' },
      modifiedBy: { id: w.recruiterX.id, name: 'Casey Hale' },
      editDraftId: null,
    });
    near(job.dateOfPosted, now);
    near(job.createdDate, now);
    near(job.validThrough, now + 30 * DAY);
    expect(job.jobData.jobPostId).toBe(job.id);
    expect(job.jobData.jobDetails.description).toBe(draft.jobData.jobDetails.description);

    expect((await api.draft(w.recruiterX, draft.jobPostDraftId)).status).toBe(404);
    const row = await jobRow(f, job.id);
    expect(row).toMatchObject({
      companyId: w.x.id,
      status: 'Active',
      locationType: 'onsite',
      isRemote: false,
      city: 'Vancouver',
      state: 'WA',
      latitude: 45.6387,
      longitude: -122.6615,
      jobTypeIds: [1],
      scheduleIds: [1, 7],
      skillIds: [SKILL.orderPicking, SKILL.packing],
      industryIds: [48],
      workSchedule: 1,
      minPay: 21.5,
      maxPay: 25,
      payRate: 'Hourly',
      minExperience: 1,
      maxExperience: 3,
      openToMinors: false,
    });
  });

  it('flags a remote job remote, without a map position', async () => {
    const job = await api.newJob(
      w.employerX,
      completeJobData({ jobDetails: { locationType: 'remote', address: null, geoLocation: null, remoteStates: ['OR', 'WA'] } }),
    );
    expect(job).toMatchObject({ type: 'remote', isRemote: true, location: null, geoLatitude: null, geoLongitude: null });
    expect(await jobRow(f, job.id)).toMatchObject({ isRemote: true, latitude: null, longitude: null });
  });

  it('keeps a job open until the end of its last day, which may be up to 90 days away', async () => {
    const today = todayIso(clock.now());
    const job = await api.newJob(w.recruiterX, completeJobData({ jobDetails: { validThrough: addDaysIso(today, 90) } }));
    expect(job.validThrough).toBe(`${addDaysIso(today, 90)}T23:59:59.999Z`);
    for (const day of [addDaysIso(today, 91), today, addDaysIso(today, -3)]) {
      const answer = await api.publishData(w.recruiterX, completeJobData({ jobDetails: { validThrough: day } }));
      expect(answer.status).toBe(400);
      expect(answer.body.state.fieldErrors?.['jobData.jobDetails.validThrough']).toBe(PostingMessages.validThrough);
    }
  });

  it('refuses an incomplete draft, naming each missing field, and keeps the draft', async () => {
    const draft = await api.newDraft(w.recruiterX, { jobDetails: { title: 'Night Stocker' } });
    const before = await postingRows(f);
    const answer = await api.publish(w.recruiterX, draft.jobPostDraftId);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(PostingMessages.notPublishable);
    expect(answer.body.state.fieldErrors).toEqual({
      'jobData.jobDetails.description': PostingMessages.description,
      'jobData.jobDetails.positionType': PostingMessages.positionType,
      'jobData.jobDetails.locationType': PostingMessages.locationType,
      'jobData.timeRequirements.workSchedule': PostingMessages.workSchedule,
      'jobData.payDetails.minSalary': PostingMessages.payMissing,
      'jobData.categorization.industries': PostingMessages.industries,
    });
    expect(answer.body.state.errors).toEqual(Object.values(answer.body.state.fieldErrors!));
    expect(await postingRows(f)).toEqual(before);
  });

  it('asks an on-site or hybrid job for its address, and a start date that has not passed', async () => {
    const noPlace = await api.publishData(
      w.recruiterX,
      completeJobData({ jobDetails: { locationType: 'hybrid', address: null, geoLocation: null } }),
    );
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.state.fieldErrors).toEqual({ 'jobData.jobDetails.address': PostingMessages.address });
    const past = await api.publishData(
      w.recruiterX,
      completeJobData({ jobDetails: { startJobDate: addDaysIso(todayIso(clock.now()), -1) } }),
    );
    expect(past.body.state.fieldErrors).toEqual({ 'jobData.jobDetails.startJobDate': PostingMessages.startJobDate });
  });

  it('refuses to publish a draft of another company (404), which stays theirs', async () => {
    const draft = await api.newDraft(w.employerY);
    const answer = await api.publish(w.recruiterX, draft.jobPostDraftId);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(PostingMessages.draftNotFound);
    expect((await api.draft(w.employerY, draft.jobPostDraftId)).status).toBe(200);
  });
});

describe('rules no anchor enforces', () => {
  const refused = async (jobData: unknown, field: string, message: string) => {
    const before = await postingRows(f);
    const answer = await api.publishData(w.recruiterX, jobData);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(PostingMessages.notPublishable);
    expect(answer.body.state.fieldErrors).toEqual({ [field]: message });
    expect(answer.body.state.errors).toEqual([message]);
    // Through a draft too: the draft saves, publishing it is refused, and it stays.
    const draft = await api.newDraft(w.recruiterX, jobData);
    const viaDraft = await api.publish(w.recruiterX, draft.jobPostDraftId);
    expect(viaDraft.status).toBe(400);
    expect(viaDraft.body.state.fieldErrors).toEqual({ [field]: message });
    await api.deleteDraft(w.recruiterX, draft.jobPostDraftId);
    expect(await postingRows(f)).toEqual(before);
  };

  it('pay transparency: an on-site job in Washington needs a minimum and a maximum, competitive or not', async () => {
    const reason = payRangeReason([{ name: 'Washington' }]);
    await refused(
      completeJobData({ payDetails: { minSalary: 0, maxSalary: 0, isCompetitiveSalary: true } }),
      'jobData.payDetails.maxSalary',
      reason,
    );
    await refused(
      completeJobData({ payDetails: { minSalary: 20, maxSalary: 0, compensationType: 'Starting' } }),
      'jobData.payDetails.maxSalary',
      reason,
    );
    // In Idaho no law asks for it.
    const idaho = await api.newJob(
      w.recruiterX,
      completeJobData({
        jobDetails: { geoLocation: boiseId, address: boiseId.address },
        payDetails: { minSalary: 0, maxSalary: 0, rate: null, isCompetitiveSalary: true },
      }),
    );
    expect(idaho.compensation).toEqual({ minimumAmount: 0, maximumAmount: 0, rate: null });
  });

  it('pay transparency: a remote job open to the whole country is covered by every such state', async () => {
    const states = PAY_TRANSPARENCY_STATES.filter((s) => s.effective <= todayIso(clock.now()));
    const remote = { locationType: 'remote', address: null, geoLocation: null, remoteStates: [] };
    await refused(
      completeJobData({ jobDetails: remote, payDetails: { minSalary: 0, maxSalary: 0, isCompetitiveSalary: true } }),
      'jobData.payDetails.maxSalary',
      payRangeReason(states),
    );
    expect(payRangeReason(states)).toContain('Colorado, California, Washington and');
    // Open only to states without such a law, it may be published with a competitive salary.
    const published = await api.newJob(
      w.recruiterX,
      completeJobData({
        jobDetails: { ...remote, remoteStates: ['ID', 'TX'] },
        payDetails: { minSalary: 0, maxSalary: 0, rate: null, isCompetitiveSalary: true },
      }),
    );
    expect(published.isRemote).toBe(true);
  });

  it('minors: a title naming a hazardous occupation cannot be opened to 16 and 17 year olds', async () => {
    const found = [{ word: 'forklift', name: 'Power-driven hoisting apparatus (forklifts, cranes)' }];
    await refused(
      completeJobData({ title: 'Forklift operator', candidateRequirements: { openToMinors: true, hazardsReviewed: true } }),
      'jobData.candidateRequirements.openToMinors',
      minorsReason(found),
    );
    // A skill that names one blocks it too.
    await refused(
      completeJobData({ candidateRequirements: { skills: [SKILL.forklift], openToMinors: true, hazardsReviewed: true } }),
      'jobData.candidateRequirements.openToMinors',
      minorsReason(found),
    );
    // The same title, not open to minors, is fine.
    expect((await api.newJob(w.recruiterX, completeJobData({ title: 'Forklift operator' }))).openToMinors).toBe(false);
  });

  it('minors: opening a job to them needs the checklist confirmed', async () => {
    await refused(
      completeJobData({ title: 'Grocery Bagger', candidateRequirements: { openToMinors: true } }),
      'jobData.candidateRequirements.hazardsReviewed',
      PostingMessages.hazardsReviewed,
    );
    const job = await api.newJob(
      w.recruiterX,
      completeJobData({ title: 'Grocery Bagger', candidateRequirements: { openToMinors: true, hazardsReviewed: true } }),
    );
    expect(job.openToMinors).toBe(true);
    expect((await jobRow(f, job.id))!.openToMinors).toBe(true);
  });
});

describe('editing a live job through a draft (jobpost-as-draft, jobpost-update)', () => {
  it('republishes into the same job: its id, first posting date, clicks and applicants stay', async () => {
    const job = await api.newJob(w.recruiterX);
    await apply(f, job.id, w.seeker.id!);
    await apply(f, job.id, (await w.person('JobSeeker', null, 'another seeker')).id!);
    await view(f, job.id, 3);
    clock.advance(DAY);

    const draft = (await api.asDraft(w.employerX, job.id)).body.data;
    expect(draft.jobData.jobPostId).toBe(job.id);
    expect(draft.jobData.jobDetails.title).toBe(job.title);
    expect(draft.stepTracking.completedSteps).toEqual([
      'jobDetails',
      'timeRequirements',
      'payDetails',
      'categorization',
      'candidateRequirements',
      'subscriptionPlan',
    ]);
    // The open draft is found again, by anyone of the company, and the job shows it.
    expect((await api.asDraft(w.recruiterX, job.id)).body.data.jobPostDraftId).toBe(draft.jobPostDraftId);
    expect((await api.job(w.recruiterX, job.id)).body.data.editDraftId).toBe(draft.jobPostDraftId);
    expect((await api.drafts(w.recruiterX)).body.data.items.find((d) => d.jobPostDraftId === draft.jobPostDraftId)?.jobPostId).toBe(job.id);

    const saved = await api.saveDraft(w.employerX, {
      jobPostDraftId: draft.jobPostDraftId,
      // A request cannot point the draft at another job.
      jobData: {
        ...draft.jobData,
        jobPostId: null,
        jobDetails: { ...draft.jobData.jobDetails, title: 'Senior Warehouse Associate' },
        payDetails: { ...draft.jobData.payDetails, maxSalary: 28 },
      },
    });
    expect(saved.body.data.draft.jobData.jobPostId).toBe(job.id);

    const answer = await api.republish(w.employerX, draft.jobPostDraftId);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PostingMessages.republished);
    expect(answer.body.data).toMatchObject({
      id: job.id,
      title: 'Senior Warehouse Associate',
      dateOfPosted: job.dateOfPosted,
      validThrough: job.validThrough,
      compensation: { minimumAmount: 21.5, maximumAmount: 28, rate: 'Hourly' },
      clicks: 3,
      applicants: 2,
      createdBy: { id: w.recruiterX.id },
      modifiedBy: { id: w.employerX.id, name: 'Robin Hale' },
      editDraftId: null,
    });
    expect((await api.draft(w.employerX, draft.jobPostDraftId)).status).toBe(404);
    expect(await f.app.database.db.select().from(applications).where(eq(applications.jobPostId, job.id))).toHaveLength(2);
  });

  it('refuses an edit that breaks a rule; the job and the draft stay as they were', async () => {
    const job = await api.newJob(w.recruiterX);
    const draft = (await api.asDraft(w.recruiterX, job.id)).body.data;
    await api.saveDraft(w.recruiterX, {
      jobPostDraftId: draft.jobPostDraftId,
      jobData: { ...draft.jobData, payDetails: { ...draft.jobData.payDetails, maxSalary: 0, isCompetitiveSalary: true } },
    });
    const before = await jobRow(f, job.id);
    const answer = await api.republish(w.recruiterX, draft.jobPostDraftId);
    expect(answer.status).toBe(400);
    expect(answer.body.state.fieldErrors).toEqual({ 'jobData.payDetails.maxSalary': payRangeReason([{ name: 'Washington' }]) });
    expect(await jobRow(f, job.id)).toEqual(before);
    expect((await api.draft(w.recruiterX, draft.jobPostDraftId)).status).toBe(200);
  });

  it('does not hold a start date against a live job for having passed since it was published', async () => {
    const start = addDaysIso(todayIso(clock.now()), 1);
    const job = await api.newJob(w.recruiterX, completeJobData({ jobDetails: { startJobDate: start } }));
    clock.advance(3 * DAY);
    const draft = (await api.asDraft(w.recruiterX, job.id)).body.data;
    await api.saveDraft(w.recruiterX, {
      jobPostDraftId: draft.jobPostDraftId,
      jobData: { ...draft.jobData, jobDetails: { ...draft.jobData.jobDetails, numberOfHires: 5 } },
    });
    expect((await api.republish(w.recruiterX, draft.jobPostDraftId)).status).toBe(200);
    // A new start date must still be today or later.
    const again = (await api.asDraft(w.recruiterX, job.id)).body.data;
    await api.saveDraft(w.recruiterX, {
      jobPostDraftId: again.jobPostDraftId,
      jobData: { ...again.jobData, jobDetails: { ...again.jobData.jobDetails, startJobDate: addDaysIso(start, 1) } },
    });
    expect((await api.republish(w.recruiterX, again.jobPostDraftId)).body.state.fieldErrors).toEqual({
      'jobData.jobDetails.startJobDate': PostingMessages.startJobDate,
    });
  });

  it('lets the draft decide: jobpost-create of a live job’s draft republishes it, jobpost-update of a new draft publishes it', async () => {
    const job = await api.newJob(w.recruiterX);
    const editing = (await api.asDraft(w.recruiterX, job.id)).body.data;
    const viaCreate = await api.publish(w.recruiterX, editing.jobPostDraftId);
    expect(viaCreate.body.data.id).toBe(job.id);
    expect(viaCreate.body.message).toBe(PostingMessages.republished);
    const fresh = await api.newDraft(w.recruiterX);
    const viaUpdate = await api.republish(w.recruiterX, fresh.jobPostDraftId);
    expect(viaUpdate.status).toBe(200);
    expect(viaUpdate.body.message).toBe(PostingMessages.published);
    expect(viaUpdate.body.data.id).not.toBe(job.id);
  });

  it('EditJobPost replaces a live job’s data at once', async () => {
    const job = await api.newJob(w.recruiterX);
    await apply(f, job.id, w.seeker.id!);
    const answer = await postJson<CompanyJob>(
      f,
      '/api/Recruiter/EditJobPost',
      { jobPostId: job.id, jobData: completeJobData({ title: 'Order Picker' }) },
      w.recruiterX.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: job.id, title: 'Order Picker', applicants: 1, dateOfPosted: job.dateOfPosted });
  });
});

describe('cloning a job (jobpost-clone)', () => {
  it('makes a new draft of the job’s data, with no live job and no last day', async () => {
    const job = await api.newJob(w.recruiterX, completeJobData({ jobDetails: { validThrough: addDaysIso(todayIso(clock.now()), 20) } }));
    const answer = await api.clone(w.employerX, job.id);
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(PostingMessages.cloned);
    const draft = answer.body.data;
    expect(draft.title).toBe(job.title);
    expect(draft.jobData.jobPostId).toBeNull();
    expect(draft.jobData.jobDetails.validThrough).toBeNull();
    expect(draft.jobData.payDetails).toEqual(job.jobData.payDetails);
    expect(draft.createdBy.id).toBe(w.employerX.id);
    const copy = await api.publish(w.employerX, draft.jobPostDraftId);
    expect(copy.status).toBe(201);
    expect(copy.body.data.id).not.toBe(job.id);
    expect((await api.job(w.employerX, job.id)).body.data.title).toBe(job.title);
  });
});

describe('a job’s lifecycle', () => {
  const listed = async (activeFlag: number) =>
    (await api.jobs(w.recruiterX, { activeFlag, pageSize: 100 })).body.data.items.map((j) => j.id);

  it('publish → active → closed → reopened → expired → reopened for 30 more days', async () => {
    const job = await api.newJob(w.recruiterX);
    expect(await listed(1)).toContain(job.id);
    expect(await listed(2)).not.toContain(job.id);

    const closed = await api.setStatus(w.employerX, job.id, 'Closed');
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(PostingMessages.closed);
    expect(closed.body.data).toMatchObject({ id: job.id, status: 'Closed', modifiedBy: { id: w.employerX.id } });
    expect(await listed(1)).not.toContain(job.id);
    expect(await listed(2)).toContain(job.id);
    // Closing again changes nothing.
    expect((await api.setStatus(w.employerX, job.id, 'Closed')).body.data.status).toBe('Closed');

    const reopened = await api.setStatus(w.recruiterX, job.id, 'Active');
    expect(reopened.body.message).toBe(PostingMessages.reopened);
    expect(reopened.body.data).toMatchObject({ status: 'Active', validThrough: job.validThrough });
    expect(await listed(1)).toContain(job.id);

    await moveValidThrough(f, job.id, new Date(clock.now().getTime() - 60_000));
    expect((await api.job(w.recruiterX, job.id)).body.data.status).toBe('Expired');
    expect(await listed(1)).not.toContain(job.id);
    expect(await listed(2)).toContain(job.id);

    const extended = await api.setStatus(w.recruiterX, job.id, 'Active');
    expect(extended.body.data.status).toBe('Active');
    near(extended.body.data.validThrough, clock.now().getTime() + 30 * DAY);
    expect(await listed(1)).toContain(job.id);
  });

  it('a closed job whose last day passed meanwhile gets 30 more days when reopened', async () => {
    const job = await api.newJob(w.recruiterX);
    await api.setStatus(w.recruiterX, job.id, 'Closed');
    await moveValidThrough(f, job.id, new Date(clock.now().getTime() - DAY));
    expect((await api.job(w.recruiterX, job.id)).body.data.status).toBe('Closed');
    near((await api.setStatus(w.recruiterX, job.id, 'Active')).body.data.validThrough, clock.now().getTime() + 30 * DAY);
  });

  it('JobClosed and JobReopen are update-status under the Recruiter names', async () => {
    const job = await api.newJob(w.employerX);
    const closed = await postJson<CompanyJob>(f, `/api/Recruiter/JobClosed?JobId=${job.id}`, undefined, w.recruiterX.token);
    expect(closed.body.data.status).toBe('Closed');
    const reopened = await postJson<CompanyJob>(f, `/api/Recruiter/JobReopen?JobId=${job.id}`, undefined, w.employerX.token);
    expect(reopened.body.data.status).toBe('Active');
  });

  it('refuses a status other than Active or Closed', async () => {
    const job = await api.newJob(w.employerX);
    for (const status of ['Deleted', 'Expired', 'Open']) {
      const answer = await api.setStatus(w.employerX, job.id, status);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(PostingMessages.statusUnchanged);
    }
  });

  it('delete: the job leaves every list and call, its open draft goes, its applications stay', async () => {
    const job = await api.newJob(w.recruiterX);
    await apply(f, job.id, w.seeker.id!);
    const draft = (await api.asDraft(w.recruiterX, job.id)).body.data;
    const answer = await api.remove(w.employerX, job.id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PostingMessages.deleted);

    expect(await jobRow(f, job.id)).toMatchObject({ status: 'Deleted' });
    expect((await jobRow(f, job.id))!.deletedAt).toBeInstanceOf(Date);
    expect(await f.app.database.db.select().from(applications).where(eq(applications.jobPostId, job.id))).toHaveLength(1);
    expect(await f.app.database.db.select().from(jobDrafts).where(eq(jobDrafts.id, draft.jobPostDraftId))).toHaveLength(0);
    expect(await listed(0)).not.toContain(job.id);
    for (const answer of [
      await api.job(w.recruiterX, job.id),
      await api.setStatus(w.recruiterX, job.id, 'Active'),
      await api.setStatus(w.recruiterX, job.id, 'Closed'),
      await api.asDraft(w.recruiterX, job.id),
      await api.clone(w.recruiterX, job.id),
      await api.remove(w.recruiterX, job.id),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(PostingMessages.jobNotFound);
    }
  });
});

describe('the company’s counts', () => {
  it('count real job posts and applications, never deleted ones', async () => {
    const z = await w.company('Zephyr Storage LLC', '274567891');
    const employer = await w.person('Employer', z.id, 'employer of Z');
    const recruiter = await w.person('Recruiter', z.id, 'recruiter of Z');
    const [a, b, c, d] = [await api.newJob(recruiter), await api.newJob(recruiter), await api.newJob(employer), await api.newJob(employer)];
    await api.setStatus(recruiter, b.id, 'Closed');
    await moveValidThrough(f, c.id, new Date(clock.now().getTime() - DAY));
    await apply(f, a.id, w.seeker.id!);
    await apply(f, d.id, w.seeker.id!);
    await api.remove(recruiter, d.id);
    for (const caller of [recruiter, employer]) {
      expect((await getJson(f, '/api/Employer/CountJobPosts', caller.token)).body.data).toEqual({ total: 3, active: 1, closed: 2 });
      // The one application of a kept job: new (nobody opened it) and waiting for review.
      const counts = { postedJobs: 3, applicants: 1, activeJobs: 1, newApplicants: 1, toReview: 1, interviewing: 0, offered: 0, hired: 0 };
      expect((await getJson(f, '/api/Employer/dashboard-count', caller.token)).body.data).toEqual(counts);
      expect((await getJson(f, '/api/Recruiter/DashboardCount', caller.token)).body.data).toEqual(counts);
    }
    const empty = await w.company('Quiet Harbor LLC', '274567892');
    const quiet = await w.person('Employer', empty.id, 'employer of an empty company');
    expect((await getJson(f, '/api/Employer/CountJobPosts', quiet.token)).body.data).toEqual({ total: 0, active: 0, closed: 0 });
  });
});
