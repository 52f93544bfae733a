import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { jobDrafts, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { fullNameOf } from '../platform/people.ts';
import {
  draftInputSchema,
  jobDataSchema,
  PostingMessages,
  type Draft,
  type DraftInput,
  type DraftSummary,
  type JobData,
  type StepTracking,
  type draftListQuerySchema,
} from '../../src/contract/posting.ts';
import { assertKnownLookups, postingNames, type PostingNames } from './names.ts';
import { sanitizeRichText } from './rich-text.ts';
import { containsText } from '../db/sql.ts';

/** Who acts on a company's drafts and jobs: one of its staff. */
export interface PostingActor {
  companyId: string;
  userId: string;
}

type DraftRow = typeof jobDrafts.$inferSelect;
type ParsedDraftInput = z.output<typeof draftInputSchema>;

const creator = alias(users, 'draft_creator');
const modifier = alias(users, 'draft_modifier');

const draftColumns = {
  draft: jobDrafts,
  creatorFirst: creator.firstName,
  creatorLast: creator.lastName,
  modifierFirst: modifier.firstName,
  modifierLast: modifier.lastName,
};

type DraftSelection = {
  draft: DraftRow;
  creatorFirst: string;
  creatorLast: string;
  modifierFirst: string;
  modifierLast: string;
};

function selectDrafts(db: Db, where: SQL | undefined) {
  return db
    .select(draftColumns)
    .from(jobDrafts)
    .innerJoin(creator, eq(creator.id, jobDrafts.createdBy))
    .innerJoin(modifier, eq(modifier.id, jobDrafts.modifiedBy))
    .where(where);
}

/**
 * A job's data as it is stored: the description sanitised, and no jobPostId (a draft's live job
 * is its job_post_id column, which no request sets).
 */
export function cleanJobData(d: JobData): JobData {
  return { ...d, jobPostId: null, jobDetails: { ...d.jobDetails, description: sanitizeRichText(d.jobDetails.description) } };
}

/** Stored job data read back through the schema, so rows written before a field existed get its default. */
export function storedJobData(value: unknown, jobPostId: string | null): JobData {
  const parsed = jobDataSchema.safeParse(value);
  const data = parsed.success ? parsed.data : (value as JobData);
  return { ...data, jobPostId };
}

function summaryOf(s: DraftSelection): DraftSummary {
  return {
    jobPostDraftId: s.draft.id,
    title: s.draft.title,
    created: s.draft.createdAt.toISOString(),
    createdBy: { id: s.draft.createdBy, name: fullNameOf({ firstName: s.creatorFirst, lastName: s.creatorLast }) },
    modified: s.draft.modifiedAt.toISOString(),
    modifiedBy: { id: s.draft.modifiedBy, name: fullNameOf({ firstName: s.modifierFirst, lastName: s.modifierLast }) },
    stepTracking: s.draft.stepTracking as StepTracking,
    jobPostId: s.draft.jobPostId,
  };
}

function draftOfSelection(s: DraftSelection): Draft {
  const { jobPostId, ...summary } = summaryOf(s);
  const jobData = storedJobData(s.draft.jobData, jobPostId);
  return { ...summary, draftJson: JSON.stringify(jobData), jobData };
}

/** One draft of the company; 404 for any other id, another company's drafts included. */
export async function draftOf(ctx: AppContext, companyId: string, id: string, db: Db = ctx.db): Promise<Draft> {
  const [row] = await selectDrafts(db, and(eq(jobDrafts.id, id), eq(jobDrafts.companyId, companyId))).limit(1);
  if (!row) throw notFound(PostingMessages.draftNotFound);
  return draftOfSelection(row);
}

/** The draft row itself (for publishing), locked in `tx` until the transaction ends. */
export async function lockedDraftRow(tx: Db, companyId: string, id: string): Promise<DraftRow> {
  const [row] = await tx
    .select()
    .from(jobDrafts)
    .where(and(eq(jobDrafts.id, id), eq(jobDrafts.companyId, companyId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(PostingMessages.draftNotFound);
  return row;
}

/**
 * Creates (no id) or saves a draft of the actor's company, with its step tracking. Lookup ids
 * must be in their lists (400 on the field); the description is sanitised. A saved draft keeps
 * the live job it edits, whatever the request says. Another company's draft id is 404.
 */
export async function storeDraft(ctx: AppContext, actor: PostingActor, input: ParsedDraftInput, names?: PostingNames): Promise<Draft> {
  assertKnownLookups(input.jobData, names ?? (await postingNames(ctx)), 'Draft.jobData');
  const jobData = cleanJobData(input.jobData);
  const now = ctx.adapters.now();
  const values = {
    title: jobData.jobDetails.title,
    jobData,
    stepTracking: input.stepTracking,
    modifiedAt: now,
    modifiedBy: actor.userId,
  };
  let id: string;
  if (!input.jobPostDraftId) {
    const [row] = await ctx.db
      .insert(jobDrafts)
      .values({ ...values, companyId: actor.companyId, jobPostId: null, createdAt: now, createdBy: actor.userId })
      .returning({ id: jobDrafts.id });
    id = row!.id;
  } else {
    const [row] = await ctx.db
      .update(jobDrafts)
      .set(values)
      .where(and(eq(jobDrafts.id, input.jobPostDraftId), eq(jobDrafts.companyId, actor.companyId)))
      .returning({ id: jobDrafts.id });
    if (!row) throw notFound(PostingMessages.draftNotFound);
    id = row.id;
  }
  return draftOf(ctx, actor.companyId, id);
}

/** draft-update for callers outside a request (the demo seed): the input is checked as the route checks it. */
export async function saveDraftFor(ctx: AppContext, actor: PostingActor, input: DraftInput): Promise<Draft> {
  return storeDraft(ctx, actor, draftInputSchema.parse(input));
}

/** A new draft holding a job's data (clone, or editing a live job), in `db` (a transaction's handle). */
export async function insertDraft(
  db: Db,
  actor: PostingActor,
  data: { jobData: JobData; jobPostId: string | null; stepTracking: StepTracking; now: Date },
): Promise<string> {
  const jobData = cleanJobData(data.jobData);
  const [row] = await db
    .insert(jobDrafts)
    .values({
      companyId: actor.companyId,
      jobPostId: data.jobPostId,
      title: jobData.jobDetails.title,
      jobData,
      stepTracking: data.stepTracking,
      createdAt: data.now,
      createdBy: actor.userId,
      modifiedAt: data.now,
      modifiedBy: actor.userId,
    })
    .returning({ id: jobDrafts.id });
  return row!.id;
}

/** The company's drafts: last changed first, searchable by title, with the total. */
export async function listDrafts(ctx: AppContext, companyId: string, query: z.output<typeof draftListQuerySchema>) {
  const where = and(eq(jobDrafts.companyId, companyId), query.search ? containsText(jobDrafts.title, query.search) : undefined);
  const [rows, [total]] = await Promise.all([
    selectDrafts(ctx.db, where)
      .orderBy(desc(jobDrafts.modifiedAt), desc(jobDrafts.createdAt), desc(jobDrafts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(jobDrafts).where(where),
  ]);
  return { items: rows.map(summaryOf), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Deletes a draft of the company (a live job it edits stays as it is); 404 for any other id. */
export async function deleteDraft(ctx: AppContext, companyId: string, id: string): Promise<void> {
  const gone = await ctx.db
    .delete(jobDrafts)
    .where(and(eq(jobDrafts.id, id), eq(jobDrafts.companyId, companyId)))
    .returning({ id: jobDrafts.id });
  if (!gone.length) throw notFound(PostingMessages.draftNotFound);
}
