import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { jobSeekerSkills, skills } from '../db/schema.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { MAX_SKILLS, ProfileMessages, type Skill } from '../../src/contract/jobseeker.ts';
import { lookupName } from './lookup-check.ts';

/** The seeker's skills, alphabetical. */
export async function listSkills(ctx: AppContext, userId: string): Promise<Skill[]> {
  return ctx.db
    .select({ id: skills.id, name: skills.name, category: skills.category })
    .from(jobSeekerSkills)
    .innerJoin(skills, eq(skills.id, jobSeekerSkills.skillId))
    .where(eq(jobSeekerSkills.userId, userId))
    .orderBy(asc(skills.name));
}

export async function addSkill(ctx: AppContext, userId: string, skillId: number): Promise<Skill[]> {
  await lookupName(ctx, skills, skillId, 'skill', ProfileMessages.skillUnknown);
  await ctx.db.transaction(async (tx) => {
    // Counted inside the transaction with the user's rows locked, so two tabs cannot pass 50 together.
    await tx.execute(sql`select 1 from ${jobSeekerSkills} where ${jobSeekerSkills.userId} = ${userId} for update`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(jobSeekerSkills)
      .where(eq(jobSeekerSkills.userId, userId));
    const inserted = await tx.insert(jobSeekerSkills).values({ userId, skillId }).onConflictDoNothing().returning();
    if (!inserted.length) throw conflict(ProfileMessages.skillDuplicate, { code: 'skill.duplicate' });
    if (Number(n) >= MAX_SKILLS) throw badRequest(ProfileMessages.skillLimit);
  });
  return listSkills(ctx, userId);
}

export async function deleteSkill(ctx: AppContext, userId: string, skillId: number): Promise<Skill[]> {
  const deleted = await ctx.db
    .delete(jobSeekerSkills)
    .where(and(eq(jobSeekerSkills.userId, userId), eq(jobSeekerSkills.skillId, skillId)))
    .returning();
  if (!deleted.length)
    throw badRequest(ProfileMessages.skillMissing, { fieldErrors: { skill: ProfileMessages.skillMissing }, code: 'skill.notOnProfile' });
  return listSkills(ctx, userId);
}
