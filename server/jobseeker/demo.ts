import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { degrees, fieldsOfStudy, jobSeekerSkills, jobTypes, schedules, skills, universities, users } from '../db/schema.ts';
import { uploadDocument } from '../files/index.ts';
import { DocumentType } from '../../src/contract/documents.ts';
import { resumePdf } from './demo-resume.ts';
import { readablePhone } from '../../src/lib/phone.ts';
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
  const skillIds = await idsOf(ctx, [
    'Customer service',
    'Cash handling',
    'Point of sale systems',
    'Inventory control',
    'Forklift operation',
    'Microsoft Excel',
    'Scheduling',
    'Merchandising',
  ]);
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
  if (bachelors)
    await addEducation(ctx, userId, {
      degree: bachelors,
      completion: 2017,
      university: 'Portland State University',
      universityId: psu,
      focus: business,
    });
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
    findable: true,
  });
  await uploadDemoResume(ctx, userId);
}

/**
 * A résumé that tells the same story as the profile, and names a few skills the profile does not
 * list yet, so the skills page has suggestions to offer.
 */
async function uploadDemoResume(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  const name = `${user.firstName} ${user.lastName}`;
  const data = resumePdf({
    name,
    contact: [user.email, readablePhone(user.phoneNumber), 'Vancouver, WA'].filter(Boolean).join('  |  '),
    summary:
      'Dependable retail and warehouse lead with eight years on the floor and in the back room. Keeps inventory counts right, ' +
      'trucks unloaded on time and new hires confident. Looking for a full-time day-shift role with room to grow.',
    jobs: [
      {
        title: 'Shift Lead, Receiving',
        company: 'Columbia Home Supply, Vancouver, WA',
        dates: 'April 2020 – present',
        points: [
          'Lead a crew of six through shipping and receiving for a 60,000 sq ft store; trucks checked in within the hour.',
          'Own inventory control for building materials: cycle counts, adjustments and a weekly variance report in Microsoft Excel.',
          'Certified in forklift operation and pallet jack operation; completed OSHA 10 and coach the crew on safe lifting.',
          'Build the weekly scheduling for the crew and cover call-outs.',
        ],
      },
      {
        title: 'Cashier',
        company: 'Riverside Grocers, Portland, OR',
        dates: 'June 2017 – March 2020',
        points: [
          'Gave friendly customer service on a busy register; balanced the till every night (cash handling, point of sale systems).',
          'Trained new cashiers and handled loss prevention checks and conflict resolution at the front end.',
        ],
      },
    ],
    education: [
      { degree: "Bachelor's degree, Business", school: 'Portland State University', year: '2017' },
      { degree: 'High school diploma', school: 'Fort Vancouver High School', year: '2013' },
    ],
    skills: [
      'Customer service',
      'Inventory control',
      'Forklift operation',
      'Pallet jack operation',
      'Shipping and receiving',
      'Scheduling',
      'Merchandising',
      'Microsoft Excel',
      'Leadership',
    ],
  });
  await uploadDocument(ctx, userId, DocumentType.Resume, {
    data,
    name: `${name.replace(/\s+/g, '-')}-Resume.pdf`,
    declaredType: 'application/pdf',
  });
}
