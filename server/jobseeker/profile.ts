import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { education, experience, jobSeekerSkills, preferences, preferredLocations, users } from '../db/schema.ts';
import type { CompletionStatus, JobSeekerProfile } from '../../src/contract/account.ts';
import type { updateProfileSchema } from '../../src/contract/jobseeker-profile.ts';
import { activeUser, cancelEmailChange, requestEmailChange, normalizeEmail } from '../account/index.ts';
import { hasResume } from '../files/index.ts';

export async function jobSeekerProfile(ctx: AppContext, userId: string): Promise<JobSeekerProfile> {
  const user = await activeUser(ctx, userId);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    pendingEmail: user.pendingEmail,
    phoneNumber: user.phoneNumber,
    dateOfBirth: user.dateOfBirth,
  };
}

/** Saves name and phone at once; a new email waits for its link (the old one stays in force). */
export async function updateProfile(ctx: AppContext, userId: string, input: z.output<typeof updateProfileSchema>) {
  const user = await activeUser(ctx, userId);
  await ctx.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber })
    .where(eq(users.id, userId));
  const email = normalizeEmail(input.email);
  let emailChange: string | null = null;
  if (email === user.email) {
    if (user.pendingEmail) await cancelEmailChange(ctx, userId);
  } else if (email !== user.pendingEmail) {
    await requestEmailChange(ctx, user, email);
    emailChange = email;
  }
  return { profile: await jobSeekerProfile(ctx, userId), emailChange };
}

const exists = (table: typeof education | typeof experience | typeof jobSeekerSkills | typeof preferredLocations, userId: string) =>
  sql<boolean>`exists (select 1 from ${table} where ${table.userId} = ${userId})`;

/**
 * How complete a job seeker profile is: six sections of equal weight. Computed on every read, so
 * it follows each change of a section at once.
 */
export async function completionStatus(ctx: AppContext, userId: string): Promise<CompletionStatus> {
  const user = await activeUser(ctx, userId);
  const [row] = await ctx.db
    .select({
      education: exists(education, userId),
      skills: exists(jobSeekerSkills, userId),
      experience: exists(experience, userId),
      places: exists(preferredLocations, userId),
    })
    .from(users)
    .where(eq(users.id, userId));
  const [pref] = await ctx.db
    .select()
    .from(preferences)
    .where(and(eq(preferences.userId, userId)))
    .limit(1);
  const parts = {
    profileComplete: Boolean(user.firstName.trim() && user.lastName.trim() && user.emailVerifiedAt && user.dateOfBirth && user.phoneNumber),
    educationComplete: Boolean(row?.education),
    skillsComplete: Boolean(row?.skills),
    experienceComplete: Boolean(row?.experience) || user.isFresher,
    // Where, what kind and when: a place, a job type and a schedule.
    preferencesComplete: Boolean(row?.places && pref?.employmentTypeId && pref?.scheduleTypeId),
    documentsComplete: await hasResume(ctx, userId),
  };
  const done = Object.values(parts).filter(Boolean).length;
  const total = Object.keys(parts).length;
  return { ...parts, isCompleted: done === total, completedPercentage: Math.round((100 * done) / total) };
}
