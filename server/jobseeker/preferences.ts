import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { jobTypes, preferences, preferredLocations, schedules } from '../db/schema.ts';
import { ProfileMessages, type Preferences, type preferencesInputSchema } from '../../src/contract/jobseeker.ts';
import { lookupName } from './lookup-check.ts';

type PreferencesInput = z.output<typeof preferencesInputSchema>;

export async function getPreferences(ctx: AppContext, userId: string): Promise<Preferences> {
  const [row] = await ctx.db
    .select({ pref: preferences, employmentTypeName: jobTypes.name, scheduleTypeName: schedules.name })
    .from(preferences)
    .leftJoin(jobTypes, eq(jobTypes.id, preferences.employmentTypeId))
    .leftJoin(schedules, eq(schedules.id, preferences.scheduleTypeId))
    .where(eq(preferences.userId, userId))
    .limit(1);
  const places = await ctx.db
    .select()
    .from(preferredLocations)
    .where(eq(preferredLocations.userId, userId))
    .orderBy(asc(preferredLocations.position));
  return {
    locations: places.map((p) => ({ name: p.name, city: p.city, state: p.state, latitude: p.latitude, longitude: p.longitude })),
    employmentType: row?.pref.employmentTypeId ?? null,
    employmentTypeName: row?.employmentTypeName ?? null,
    scheduleType: row?.pref.scheduleTypeId ?? null,
    scheduleTypeName: row?.scheduleTypeName ?? null,
    salary: row?.pref.salary == null ? null : Number(row.pref.salary),
    salaryType: (row?.pref.salaryType ?? null) as Preferences['salaryType'],
    additionalCompensation: row?.pref.additionalCompensation ?? 0,
    findable: row?.pref.findable ?? true,
  };
}

/** Replaces the preferences as a whole, the places in the order given. */
export async function updatePreferences(ctx: AppContext, userId: string, input: PreferencesInput): Promise<Preferences> {
  if (input.employmentType) await lookupName(ctx, jobTypes, input.employmentType, 'employmentType', ProfileMessages.jobTypeUnknown);
  if (input.scheduleType) await lookupName(ctx, schedules, input.scheduleType, 'scheduleType', ProfileMessages.scheduleUnknown);
  const values = {
    employmentTypeId: input.employmentType ?? null,
    scheduleTypeId: input.scheduleType ?? null,
    salary: input.salary == null ? null : input.salary.toFixed(2),
    salaryType: input.salaryType ?? null,
    additionalCompensation: input.additionalCompensation,
    findable: input.findable,
    updatedAt: ctx.adapters.now(),
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(preferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: preferences.userId, set: values });
    await tx.delete(preferredLocations).where(eq(preferredLocations.userId, userId));
    if (input.locations.length) {
      await tx.insert(preferredLocations).values(
        input.locations.map((place, position) => ({
          userId,
          position,
          name: place.name,
          city: place.city ?? null,
          state: place.state ?? null,
          latitude: place.latitude,
          longitude: place.longitude,
        })),
      );
    }
  });
  return getPreferences(ctx, userId);
}
