import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applicationStatusChanges, applications, jobPosts, storedFiles, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { StoredObject } from '../platform/file-store.ts';
import { fullNameOf } from '../platform/people.ts';
import { postingNames } from '../posting/index.ts';
import { listEducation, listExperience, listSkills } from '../jobseeker/index.ts';
import {
  ApplicantMessages,
  STAFF_TRANSITIONS,
  downloadResume,
  type ApplicantDetail,
  type ApplicationDocument,
} from '../../src/contract/applicants.ts';
import type { ApplicationStatus } from '../../src/contract/jobs.ts';
import { applicantOf, companyApplicant, ofCompany } from './lists.ts';
import type { StaffActor } from './status.ts';

const DOCUMENT_PURPOSES = ['resume', 'cover-letter'] as const;

/** Where a document of an application downloads from (with the bearer token). */
const downloadUrl = (id: string) => `${downloadResume.path}?id=${encodeURIComponent(id)}`;

/** The first of the company's staff to open an applicant, and when, are kept; later openings change nothing. */
export async function markSeen(
  ctx: AppContext,
  actor: StaffActor,
  where: { applicantIds?: readonly string[]; jobId?: string | null },
): Promise<number> {
  const ids = where.applicantIds ?? [];
  if (!ids.length && !where.jobId) return 0;
  const ofTheCompany = sql`${applications.jobPostId} in (select ${jobPosts.id} from ${jobPosts} where ${ofCompany(actor.companyId)})`;
  const which = or(
    ids.length ? inArray(applications.id, [...ids]) : undefined,
    where.jobId ? eq(applications.jobPostId, where.jobId) : undefined,
  );
  const seen = await ctx.db
    .update(applications)
    .set({ seenAt: ctx.adapters.now(), seenBy: actor.userId })
    .where(and(which, ofTheCompany, isNull(applications.seenAt)))
    .returning({ id: applications.id });
  return seen.length;
}

/**
 * One applicant of the company with everything the company may see: the profile, education,
 * experience and skills (matched with the job's), the resume and cover letter chosen for this
 * application, and the status history. Opening it marks it seen (the first opening is kept).
 */
export async function applicantDetail(ctx: AppContext, actor: StaffActor, applicantId: string): Promise<ApplicantDetail> {
  await companyApplicant(ctx, actor.companyId, applicantId);
  await markSeen(ctx, actor, { applicantIds: [applicantId] });
  const row = await companyApplicant(ctx, actor.companyId, applicantId);
  const seenBy = users;
  const docIds = [row.resumeId, row.coverLetterId].filter((id): id is string => id !== null);
  const [[extra], docs, history, names, education, experience, skills] = await Promise.all([
    ctx.db
      .select({
        workAuthorization: applications.workAuthorization,
        sponsorship: applications.sponsorship,
        seenAt: applications.seenAt,
        seenById: applications.seenBy,
        seenFirst: seenBy.firstName,
        seenLast: seenBy.lastName,
        jobSkillIds: jobPosts.skillIds,
      })
      .from(applications)
      .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
      .leftJoin(seenBy, eq(seenBy.id, applications.seenBy))
      .where(eq(applications.id, applicantId)),
    docIds.length
      ? ctx.db
          .select({ id: storedFiles.id, name: storedFiles.originalName })
          .from(storedFiles)
          .where(and(inArray(storedFiles.id, docIds), inArray(storedFiles.purpose, [...DOCUMENT_PURPOSES])))
      : [],
    ctx.db
      .select({
        from: applicationStatusChanges.fromStatus,
        to: applicationStatusChanges.toStatus,
        changedAt: applicationStatusChanges.changedAt,
        byId: applicationStatusChanges.changedBy,
        byFirst: users.firstName,
        byLast: users.lastName,
      })
      .from(applicationStatusChanges)
      .leftJoin(users, eq(users.id, applicationStatusChanges.changedBy))
      .where(eq(applicationStatusChanges.applicationId, applicantId))
      .orderBy(asc(applicationStatusChanges.changedAt), asc(applicationStatusChanges.id)),
    postingNames(ctx),
    listEducation(ctx, row.seekerId),
    listExperience(ctx, row.seekerId),
    listSkills(ctx, row.seekerId),
  ]);
  const document = (id: string | null): ApplicationDocument | null => {
    const found = id ? docs.find((d) => d.id === id) : undefined;
    return found ? { id: found.id, name: found.name, downloadUrl: downloadUrl(found.id) } : null;
  };
  const jobSkillIds = extra?.jobSkillIds ?? [];
  const seekerSkillIds = new Set(skills.map((s) => s.id));
  const status = row.status as ApplicationStatus;
  return {
    ...applicantOf(row),
    education,
    experience: experience.jobsekerExps,
    skills: skills.map((s) => ({ id: s.id, name: s.name, match: jobSkillIds.includes(s.id) })),
    jobSkills: jobSkillIds.map((id) => ({ id, name: names.skills.get(id) ?? '', match: seekerSkillIds.has(id) })),
    workAuthorization: extra?.workAuthorization ?? null,
    sponsorship: extra?.sponsorship ?? null,
    resume: document(row.resumeId),
    coverLetter: document(row.coverLetterId),
    seenAt: extra?.seenAt?.toISOString() ?? null,
    seenBy: extra?.seenById ? { id: extra.seenById, name: fullNameOf({ firstName: extra.seenFirst, lastName: extra.seenLast }) } : null,
    history: history.map((h) => ({
      from: h.from,
      to: h.to,
      changedAt: h.changedAt.toISOString(),
      changedBy: h.byId ? { id: h.byId, name: fullNameOf({ firstName: h.byFirst, lastName: h.byLast }) } : null,
    })),
    nextStatuses: [...STAFF_TRANSITIONS[status]],
  };
}

/**
 * A resume or cover letter for the company's staff: only one chosen for an application to one of
 * the company's jobs (not deleted). Any other id, a seeker's document not sent to this company
 * included, is "not found".
 */
export async function openApplicationDocument(
  ctx: AppContext,
  companyId: string,
  id: string,
): Promise<{ row: typeof storedFiles.$inferSelect; object: StoredObject }> {
  const attached = sql`exists (select 1 from ${applications} inner join ${jobPosts} on ${jobPosts.id} = ${applications.jobPostId}
    where (${applications.resumeId} = ${storedFiles.id} or ${applications.coverLetterId} = ${storedFiles.id}) and ${ofCompany(companyId)})`;
  const [row] = await ctx.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), inArray(storedFiles.purpose, [...DOCUMENT_PURPOSES]), attached))
    .limit(1);
  if (!row) throw notFound(ApplicantMessages.documentNotFound);
  const object = await ctx.adapters.files.get(row.storageKey);
  if (!object) {
    ctx.log.error({ id, key: row.storageKey }, 'a stored document has no file');
    throw notFound(ApplicantMessages.documentNotFound);
  }
  return { row, object };
}
