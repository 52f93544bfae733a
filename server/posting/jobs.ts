import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { jobDrafts, jobPosts } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import {
  DEFAULT_VALID_DAYS,
  jobDataSchema,
  PostingMessages,
  publishIssues,
  todayIso,
  wizardSteps,
  type JobData,
  type JobDataInput,
  type StepIssue,
  type StepTracking,
} from '../../src/contract/posting.ts';
import { cleanJobData, insertDraft, lockedDraftRow, storedJobData, type PostingActor } from './drafts.ts';
import { issuesError, postingNames, unknownLookupIssues, type PostingNames } from './names.ts';
import { searchDocumentOf } from '../db/search-document.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PublishOptions {
  /** When it was first published (the demo seed backdates jobs); now by default. */
  postedAt?: Date;
  /** When it stops being open; from jobData's validThrough, else 30 days after postedAt. */
  validThrough?: Date;
  status?: 'Active' | 'Closed';
}

type JobRow = typeof jobPosts.$inferSelect;

/** The last day a job is open (YYYY-MM-DD) as the moment it closes: the end of that day, UTC. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

/** Job data that did not come through a request's schema (the demo seed), checked the same way. */
function parseJobData(value: JobData | JobDataInput, prefix: string): JobData {
  const parsed = jobDataSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues: StepIssue[] = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
  throw issuesError(issues[0]!.message, issues, prefix);
}

/**
 * Refuses to publish data with an unknown lookup id or any step's issue (spec rules, pay
 * transparency, minors): 400 with each issue on its field. When the data replaces a live job's,
 * a start date or last day it already had is not held against it for having passed meanwhile.
 */
function assertPublishable(d: JobData, names: PostingNames, today: string, prefix: string, live?: JobData): void {
  let issues = [...unknownLookupIssues(d, names), ...publishIssues(d, { today, skillName: (id) => names.skills.get(id) })];
  if (live) {
    issues = issues.filter((issue) => {
      const field = issue.path.join('.');
      if (field === 'jobDetails.startJobDate') return d.jobDetails.startJobDate !== live.jobDetails.startJobDate;
      if (field === 'jobDetails.validThrough') return d.jobDetails.validThrough !== live.jobDetails.validThrough;
      return true;
    });
  }
  if (issues.length) throw issuesError(PostingMessages.notPublishable, issues, prefix);
}

/** The job's columns from its data: the copies lists, search and rules query. */
function jobColumns(d: JobData) {
  const j = d.jobDetails;
  const geo = j.geoLocation;
  // Search places on-site and hybrid jobs by their address; a remote job is found by its flag.
  const placed = j.locationType !== 'remote';
  const c = d.candidateRequirements;
  return {
    title: j.title,
    descriptionHtml: j.description ?? '',
    jobData: d,
    locationType: j.locationType ?? 'onsite',
    isRemote: j.locationType === 'remote',
    city: geo?.city ?? null,
    state: geo?.state ?? null,
    latitude: placed ? (geo?.latitude ?? null) : null,
    longitude: placed ? (geo?.longitude ?? null) : null,
    jobTypeIds: j.positionType,
    scheduleIds: d.timeRequirements.schedules,
    skillIds: c.skills,
    industryIds: d.categorization.industries,
    workSchedule: d.timeRequirements.workSchedule,
    minPay: d.payDetails.minSalary,
    maxPay: d.payDetails.maxSalary,
    payRate: d.payDetails.rate,
    minExperience: c.minExperience,
    maxExperience: c.maxExperience,
    openToMinors: c.openToMinors,
  } satisfies Partial<typeof jobPosts.$inferInsert>;
}

async function insertJob(db: Db, actor: PostingActor, d: JobData, now: Date, options: PublishOptions): Promise<string> {
  const id = randomUUID();
  const postedAt = options.postedAt ?? now;
  const validThrough =
    options.validThrough ??
    (d.jobDetails.validThrough ? endOfDay(d.jobDetails.validThrough) : new Date(postedAt.getTime() + DEFAULT_VALID_DAYS * DAY_MS));
  const status = options.status ?? 'Active';
  const columns = jobColumns(cleanJobData(d));
  await db.insert(jobPosts).values({
    id,
    companyId: actor.companyId,
    status,
    ...columns,
    searchDocument: searchDocumentOf({ ...columns, companyId: actor.companyId }),
    postedAt,
    validThrough,
    closedAt: status === 'Closed' ? now : null,
    createdAt: postedAt,
    createdBy: actor.userId,
    modifiedAt: postedAt,
    modifiedBy: actor.userId,
  });
  return id;
}

/**
 * Publishes job data as a new job of the actor's company, checked as jobpost checks it (the
 * schema, lookup ids, every step's rules on the day it is posted). Used by jobpost and by the
 * demo seed, which may backdate it, set its last day or publish it closed.
 */
export async function publishJobData(
  ctx: AppContext,
  actor: PostingActor,
  jobData: JobData | JobDataInput,
  options: PublishOptions = {},
): Promise<{ id: string }> {
  const d = parseJobData(jobData, 'jobData');
  const names = await postingNames(ctx);
  const now = ctx.adapters.now();
  assertPublishable(d, names, todayIso(options.postedAt ?? now), 'jobData');
  return { id: await insertJob(ctx.db, actor, d, now, options) };
}

/** A live job of the company (any status but Deleted), locked in `tx`; 404 for any other id. */
async function lockedJob(tx: Db, companyId: string, id: string): Promise<JobRow> {
  const [row] = await tx
    .select()
    .from(jobPosts)
    .where(and(eq(jobPosts.id, id), eq(jobPosts.companyId, companyId), ne(jobPosts.status, 'Deleted')))
    .for('update')
    .limit(1);
  if (!row) throw notFound(PostingMessages.jobNotFound);
  return row;
}

/** Replaces a live job's data: its id, first posting date, status, clicks and applications stay. */
async function replaceJobData(tx: Db, actor: PostingActor, live: JobRow, d: JobData, names: PostingNames, now: Date): Promise<void> {
  const before = storedJobData(live.jobData, live.id);
  assertPublishable(d, names, todayIso(now), 'jobData', before);
  const newLastDay = d.jobDetails.validThrough && d.jobDetails.validThrough !== before.jobDetails.validThrough;
  const columns = jobColumns(cleanJobData(d));
  await tx
    .update(jobPosts)
    .set({
      ...columns,
      searchDocument: searchDocumentOf({ ...columns, companyId: live.companyId }),
      ...(newLastDay ? { validThrough: endOfDay(d.jobDetails.validThrough!) } : {}),
      modifiedAt: now,
      modifiedBy: actor.userId,
    })
    .where(eq(jobPosts.id, live.id));
}

/**
 * Publishes a draft (jobpost-create, jobpost-update): a new job, or, for a draft made from a live
 * job, that job's new version. The draft is used up; nothing changes when the data is refused.
 */
export async function publishDraft(ctx: AppContext, actor: PostingActor, draftId: string): Promise<{ id: string; republished: boolean }> {
  const names = await postingNames(ctx);
  const now = ctx.adapters.now();
  return ctx.db.transaction(async (tx) => {
    const draft = await lockedDraftRow(tx, actor.companyId, draftId);
    const d = parseJobData(storedJobData(draft.jobData, null), 'jobData');
    let id: string;
    let republished = false;
    if (draft.jobPostId) {
      const live = await lockedJob(tx, actor.companyId, draft.jobPostId);
      await replaceJobData(tx, actor, live, d, names, now);
      id = live.id;
      republished = true;
    } else {
      assertPublishable(d, names, todayIso(now), 'jobData');
      id = await insertJob(tx, actor, d, now, {});
    }
    await tx.delete(jobDrafts).where(eq(jobDrafts.id, draft.id));
    return { id, republished };
  });
}

/** EditJobPost: a live job's data replaced at once, checked as publishing checks it. */
export async function editJob(ctx: AppContext, actor: PostingActor, jobPostId: string, jobData: JobData): Promise<void> {
  const names = await postingNames(ctx);
  const now = ctx.adapters.now();
  await ctx.db.transaction(async (tx) => {
    const live = await lockedJob(tx, actor.companyId, jobPostId);
    await replaceJobData(tx, actor, live, jobData, names, now);
  });
}

/** A published job's data is complete: every step but the review is done. */
const completeTracking = (): StepTracking => ({
  currentStep: 'jobDetails',
  completedSteps: wizardSteps.filter((s) => s !== 'review'),
  stepLastModified: {},
});

/** jobpost-as-draft: the job's open edit draft, or a new one holding its data. */
export async function jobAsDraft(ctx: AppContext, actor: PostingActor, jobPostId: string): Promise<string> {
  const now = ctx.adapters.now();
  return ctx.db.transaction(async (tx) => {
    const live = await lockedJob(tx, actor.companyId, jobPostId);
    const [open] = await tx.select({ id: jobDrafts.id }).from(jobDrafts).where(eq(jobDrafts.jobPostId, live.id)).limit(1);
    if (open) return open.id;
    return insertDraft(tx, actor, {
      jobData: storedJobData(live.jobData, null),
      jobPostId: live.id,
      stepTracking: completeTracking(),
      now,
    });
  });
}

/**
 * jobpost-clone: a new draft with the job's data, to publish as another job. Its dates are
 * those of a new job: no last day, and no start date that has passed.
 */
export async function cloneJob(ctx: AppContext, actor: PostingActor, jobPostId: string): Promise<string> {
  const now = ctx.adapters.now();
  const today = todayIso(now);
  return ctx.db.transaction(async (tx) => {
    const live = await lockedJob(tx, actor.companyId, jobPostId);
    const d = storedJobData(live.jobData, null);
    const start = d.jobDetails.startJobDate;
    const jobData: JobData = {
      ...d,
      jobDetails: { ...d.jobDetails, validThrough: null, startJobDate: start && start >= today ? start : null },
    };
    return insertDraft(tx, actor, { jobData, jobPostId: null, stepTracking: completeTracking(), now });
  });
}

/**
 * Closes a job, or opens it again. Reopening a job whose last day has passed gives it 30 more
 * days from now. Asking for the state a job is already in changes nothing.
 */
export async function setJobStatus(ctx: AppContext, actor: PostingActor, jobPostId: string, to: 'Active' | 'Closed'): Promise<void> {
  const now = ctx.adapters.now();
  const closed = await ctx.db.transaction(async (tx) => {
    const job = await lockedJob(tx, actor.companyId, jobPostId);
    const expired = job.validThrough.getTime() <= now.getTime();
    const changed = { modifiedAt: now, modifiedBy: actor.userId };
    if (to === 'Closed') {
      if (job.status === 'Closed') return false;
      await tx
        .update(jobPosts)
        .set({ status: 'Closed', closedAt: now, ...changed })
        .where(eq(jobPosts.id, job.id));
      return true;
    }
    if (job.status === 'Active' && !expired) return false;
    await tx
      .update(jobPosts)
      .set({
        status: 'Active',
        closedAt: null,
        ...(expired ? { validThrough: new Date(now.getTime() + DEFAULT_VALID_DAYS * DAY_MS) } : {}),
        ...changed,
      })
      .where(eq(jobPosts.id, job.id));
    return false;
  });
  // Its open applicants learn that it closed (each once, however often it closes).
  if (closed) await ctx.events.emit('job.closed', { jobPostId });
}

/** Deletes a job: it leaves every list and search, its open edit draft goes, its applications stay. */
export async function deleteJob(ctx: AppContext, actor: PostingActor, jobPostId: string): Promise<void> {
  const now = ctx.adapters.now();
  await ctx.db.transaction(async (tx) => {
    const job = await lockedJob(tx, actor.companyId, jobPostId);
    await tx.delete(jobDrafts).where(eq(jobDrafts.jobPostId, job.id));
    await tx
      .update(jobPosts)
      .set({ status: 'Deleted', deletedAt: now, modifiedAt: now, modifiedBy: actor.userId })
      .where(eq(jobPosts.id, job.id));
  });
}
