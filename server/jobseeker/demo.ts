import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { degrees, fieldsOfStudy, jobSeekerSkills, jobTypes, schedules, skills, universities } from '../db/schema.ts';
import { SupplementalPay } from '../../src/contract/lookups.ts';
import { addEducation } from './education.ts';
import type { LookupTable } from './lookup-check.ts';
import { addExperience, setFresher } from './experience.ts';
import { updatePreferences } from './preferences.ts';

/** Seeded lookup ids by name, so the demo reads like a real profile whatever the ids are. */
async function idsOf(ctx: AppContext, names: string[]) {
  const rows = await ctx.db.select({ id: skills.id, name: skills.name }).from(skills).where(inArray(skills.name, names));
  return rows.map((r) => r.id);
}
async function idOf(ctx: AppContext, table: LookupTable, name: string): Promise<number | null> {
  const [row] = await ctx.db.select({ id: table.id }).from(table).where(eq(table.name, name)).limit(1);
  return (row?.id as number | undefined) ?? null;
}

/**
 * The demo job seeker's profile: skills, education, two jobs and preferences, entered through the
 * same services the pages use. `full` fills every section the seeder can; otherwise about half.
 */
export async function seedDemoProfile(ctx: AppContext, userId: string, full: boolean): Promise<void> {
  const skillIds = await idsOf(ctx, ['Customer service', 'Cash handling', 'Point of sale systems', 'Inventory control', 'Forklift operation', 'Microsoft Excel', 'Scheduling', 'Merchandising']);
  for (const skillId of full ? skillIds : skillIds.slice(0, 3)) {
    await ctx.db.insert(jobSeekerSkills).values({ userId, skillId }).onConflictDoNothing();
  }
  const highSchool = await idOf(ctx, degrees, 'High school diploma or GED');
  if (highSchool) await addEducation(ctx, userId, { degree: highSchool, completion: 2013, university: 'Fort Vancouver High School' });
  if (!full) {
    // A first job hunt: no work experience yet, which the profile says.
    await setFresher(ctx, userId, true);
    return;
  }
  const bachelors = await idOf(ctx, degrees, "Bachelor's degree");
  const psu = await idOf(ctx, universities, 'Portland State University');
  const business = await idOf(ctx, fieldsOfStudy, 'Business, Management, Marketing, and Related Support Services');
  if (bachelors) await addEducation(ctx, userId, { degree: bachelors, completion: 2017, university: 'Portland State University', universityId: psu, focus: business });
  const fullTime = await idOf(ctx, jobTypes, 'Full-time');
  const partTime = await idOf(ctx, jobTypes, 'Part-time');
  await addExperience(ctx, userId, {
    companyName: 'Riverside Grocers',
    jobTitle: 'Cashier',
    startDate: '2017-06-05',
    endDate: '2020-03-27',
    currentEmployer: false,
    jobDescription: 'Ran a busy register, balanced the till each night and trained new cashiers.',
    salary: 15.25,
    salaryType: 'Hourly',
    skills: skillIds.slice(0, 3),
    expTypeId: partTime,
  });
  await addExperience(ctx, userId, {
    companyName: 'Columbia Home Supply',
    jobTitle: 'Shift Lead, Receiving',
    startDate: '2020-04-13',
    endDate: null,
    currentEmployer: true,
    jobDescription: 'Lead the morning receiving crew: check deliveries, keep inventory counts right and plan the week’s schedule.',
    salary: 21.5,
    salaryType: 'Hourly',
    skills: skillIds.slice(3),
    expTypeId: fullTime,
  });
  await updatePreferences(ctx, userId, {
    locations: [
      { name: 'Vancouver, WA', city: 'Vancouver', state: 'WA', latitude: 45.6387, longitude: -122.6615 },
      { name: 'Portland, OR', city: 'Portland', state: 'OR', latitude: 45.5152, longitude: -122.6784 },
    ],
    employmentType: fullTime,
    scheduleType: await idOf(ctx, schedules, 'Day shift'),
    salary: 22,
    salaryType: 'Hourly',
    additionalCompensation: SupplementalPay.OvertimePay | SupplementalPay.PerformanceBonuses,
  });
}
