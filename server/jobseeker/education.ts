import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { degrees, education, fieldsOfStudy, universities } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ProfileMessages, type Education, type educationInputSchema } from '../../src/contract/jobseeker.ts';
import type { z } from 'zod';
import { lookupName } from './lookup-check.ts';

type EducationInput = z.output<typeof educationInputSchema>;

/** Newest completion year first (spec 2 §5), then the newest entry. */
export async function listEducation(ctx: AppContext, userId: string): Promise<Education[]> {
  return ctx.db
    .select({
      id: education.id,
      degreeId: education.degreeId,
      degree: degrees.name,
      level: education.level,
      completion: education.completionYear,
      universityId: education.universityId,
      university: education.universityName,
      focusId: education.fieldOfStudyId,
      focus: fieldsOfStudy.name,
    })
    .from(education)
    .innerJoin(degrees, eq(degrees.id, education.degreeId))
    .leftJoin(fieldsOfStudy, eq(fieldsOfStudy.id, education.fieldOfStudyId))
    .where(eq(education.userId, userId))
    .orderBy(desc(education.completionYear), desc(education.createdAt));
}

/** The row to store: the degree's own level, and a searched university's own name. */
async function toRow(ctx: AppContext, input: EducationInput) {
  const [degree] = await ctx.db.select().from(degrees).where(eq(degrees.id, input.degree)).limit(1);
  if (!degree) throw badRequest(ProfileMessages.degree, { fieldErrors: { degree: ProfileMessages.degree } });
  let universityName = input.university;
  if (input.universityId) {
    const [uni] = await ctx.db.select().from(universities).where(eq(universities.id, input.universityId)).limit(1);
    if (!uni) throw badRequest(ProfileMessages.university, { fieldErrors: { university: ProfileMessages.university } });
    universityName = uni.name;
  }
  if (input.focus) await lookupName(ctx, fieldsOfStudy, input.focus, 'focus', ProfileMessages.fieldUnknown);
  return {
    degreeId: degree.id,
    level: degree.level,
    completionYear: input.completion,
    universityId: input.universityId ?? null,
    universityName,
    fieldOfStudyId: input.focus ?? null,
  };
}

export async function addEducation(ctx: AppContext, userId: string, input: EducationInput): Promise<Education[]> {
  await ctx.db.insert(education).values({ userId, ...(await toRow(ctx, input)) });
  return listEducation(ctx, userId);
}

export async function updateEducation(ctx: AppContext, userId: string, id: string, input: EducationInput): Promise<Education[]> {
  const updated = await ctx.db
    .update(education)
    .set(await toRow(ctx, input))
    .where(and(eq(education.id, id), eq(education.userId, userId)))
    .returning({ id: education.id });
  // Another seeker's entry reads as missing: ids are not confirmed to strangers.
  if (!updated.length) throw notFound(ProfileMessages.entryMissing);
  return listEducation(ctx, userId);
}

export async function deleteEducation(ctx: AppContext, userId: string, id: string): Promise<Education[]> {
  const deleted = await ctx.db
    .delete(education)
    .where(and(eq(education.id, id), eq(education.userId, userId)))
    .returning({ id: education.id });
  if (!deleted.length) throw notFound(ProfileMessages.entryMissing);
  return listEducation(ctx, userId);
}
