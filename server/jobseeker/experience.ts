import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { experience, experienceSkills, jobTypes, skills, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { ProfileMessages, type Experience, type ExperienceList, type experienceInputSchema } from '../../src/contract/jobseeker.ts';
import { assertLookupIds, lookupName } from './lookup-check.ts';

type ExperienceInput = z.output<typeof experienceInputSchema>;

/** Newest start first (spec 2 §5), with the fresher flag. */
export async function listExperience(ctx: AppContext, userId: string): Promise<ExperienceList> {
  const [user] = await ctx.db.select({ isFresher: users.isFresher }).from(users).where(eq(users.id, userId)).limit(1);
  const rows = await ctx.db
    .select({ exp: experience, expTypeName: jobTypes.name })
    .from(experience)
    .leftJoin(jobTypes, eq(jobTypes.id, experience.expTypeId))
    .where(eq(experience.userId, userId))
    .orderBy(desc(experience.startDate), desc(experience.createdAt));
  const ids = rows.map((r) => r.exp.id);
  const skillRows = ids.length
    ? await ctx.db
        .select({ experienceId: experienceSkills.experienceId, id: skills.id, name: skills.name })
        .from(experienceSkills)
        .innerJoin(skills, eq(skills.id, experienceSkills.skillId))
        .where(inArray(experienceSkills.experienceId, ids))
        .orderBy(asc(skills.name))
    : [];
  const jobsekerExps: Experience[] = rows.map(({ exp, expTypeName }) => ({
    id: exp.id,
    companyName: exp.companyName,
    jobTitle: exp.jobTitle,
    startDate: exp.startDate,
    endDate: exp.endDate,
    currentEmployer: exp.currentEmployer,
    jobDescription: exp.jobDescription,
    salary: exp.salary === null ? null : Number(exp.salary),
    salaryType: exp.salaryType as Experience['salaryType'],
    salaryTypeName: exp.salaryType,
    skills: skillRows.filter((s) => s.experienceId === exp.id).map(({ id, name }) => ({ id, name })),
    expTypeId: exp.expTypeId,
    expTypeName: expTypeName ?? null,
  }));
  return { isFresher: user?.isFresher ?? false, jobsekerExps };
}

async function toRow(ctx: AppContext, input: ExperienceInput) {
  await assertLookupIds(ctx, skills, input.skills, 'skills', ProfileMessages.skillUnknown);
  if (input.expTypeId) await lookupName(ctx, jobTypes, input.expTypeId, 'expTypeId', ProfileMessages.jobTypeUnknown);
  return {
    companyName: input.companyName,
    jobTitle: input.jobTitle,
    startDate: input.startDate,
    endDate: input.currentEmployer ? null : (input.endDate ?? null),
    currentEmployer: input.currentEmployer,
    jobDescription: input.jobDescription,
    salary: input.salary === null || input.salary === undefined ? null : input.salary.toFixed(2),
    salaryType: input.salaryType ?? null,
    expTypeId: input.expTypeId ?? null,
  };
}

export async function addExperience(ctx: AppContext, userId: string, input: ExperienceInput): Promise<ExperienceList> {
  const row = await toRow(ctx, input);
  await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(experience)
      .values({ userId, ...row })
      .returning({ id: experience.id });
    const skillIds = [...new Set(input.skills)];
    if (skillIds.length) await tx.insert(experienceSkills).values(skillIds.map((skillId) => ({ experienceId: created!.id, skillId })));
    // A first job ends "no experience yet".
    await tx.update(users).set({ isFresher: false }).where(eq(users.id, userId));
  });
  return listExperience(ctx, userId);
}

export async function updateExperience(ctx: AppContext, userId: string, id: string, input: ExperienceInput): Promise<ExperienceList> {
  const row = await toRow(ctx, input);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(experience)
      .set(row)
      .where(and(eq(experience.id, id), eq(experience.userId, userId)))
      .returning({ id: experience.id });
    if (!updated.length) throw notFound(ProfileMessages.entryMissing);
    await tx.delete(experienceSkills).where(eq(experienceSkills.experienceId, id));
    const skillIds = [...new Set(input.skills)];
    if (skillIds.length) await tx.insert(experienceSkills).values(skillIds.map((skillId) => ({ experienceId: id, skillId })));
  });
  return listExperience(ctx, userId);
}

export async function deleteExperience(ctx: AppContext, userId: string, id: string): Promise<ExperienceList> {
  const deleted = await ctx.db
    .delete(experience)
    .where(and(eq(experience.id, id), eq(experience.userId, userId)))
    .returning({ id: experience.id });
  if (!deleted.length) throw notFound(ProfileMessages.entryMissing);
  return listExperience(ctx, userId);
}

/** "No work experience yet": completes the section while the seeker lists no job. */
export async function setFresher(ctx: AppContext, userId: string, isFresher: boolean): Promise<ExperienceList> {
  await ctx.db.update(users).set({ isFresher }).where(eq(users.id, userId));
  return listExperience(ctx, userId);
}
