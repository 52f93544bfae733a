import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { AccountMessages } from './account-messages.ts';
import { salaryTypes } from './posting-rules.ts';

/** Product copy of the job seeker's profile pages. */
export const ProfileMessages = {
  firstName: AccountMessages.firstName,
  lastName: AccountMessages.lastName,
  phone: 'Please enter a valid US phone number',
  profileSaved: 'Your profile is saved.',
  emailChangeSent: (email: string) => `We sent a link to ${email}. Your email changes when you open it.`,
  emailTaken: 'That email belongs to another account.',
  skillUnknown: 'Please choose a skill from the list',
  skillDuplicate: 'That skill is already on your profile.',
  skillLimit: 'You can list at most 50 skills.',
  skillMissing: 'That skill is not on your profile.',
  skillNotAdded: (skill: string) => `${skill} was not added.`,
  skillNotRemoved: (skill: string) => `${skill} was not removed.`,
  degree: 'Please choose a degree',
  completionYear: 'Please enter the year you completed it (not in the future)',
  university: 'Please enter the school or university',
  fieldUnknown: 'Please choose a field of study from the list',
  companyName: 'Please enter the company name',
  jobTitle: 'Please enter the job title',
  startDate: 'Please enter a start date, not in the future',
  endDate: 'The end date must be after the start date',
  endDateRequired: 'Please enter an end date, or tick "I currently work here"',
  endWhileCurrent: 'A current job has no end date',
  salary: 'Please enter an amount of 0 or more',
  jobTypeUnknown: 'Please choose a job type from the list',
  scheduleUnknown: 'Please choose a schedule from the list',
  locations: 'Choose at most 5 locations',
  locationDuplicate: 'That place is already on your list.',
  preferencesSaved: 'Your preferences are saved.',
  compensationNone: '"None" cannot be combined with other kinds of pay',
  entryMissing: 'That entry does not exist.',
  educationEmpty: 'You have not added any education yet.',
  /** Degrees run from high school (1) to doctorate (7). */
  degreeLevel: (level: number) => `Level ${level} of 7`,
  educationSaved: 'Your education is saved.',
  educationDeleted: 'The education entry is deleted.',
  experienceEmpty: 'You have not added any work experience yet.',
  experienceSaved: 'Your experience is saved.',
  experienceDeleted: 'The job is deleted.',
} as const;

/** At most this many skills on a profile. */
export const MAX_SKILLS = 50;
/** At most this many preferred places. */
export const MAX_PREFERRED_LOCATIONS = 5;
/** The supplemental pay flag that excludes every other. */
const NO_SUPPLEMENTAL_PAY = 512;

export { salaryTypes } from './posting-rules.ts';
export const salaryTypeSchema = z.enum(salaryTypes);

/** A required short text, e.g. a name or a title. */
export const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);
const lookupId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const money = z.coerce.number({ error: ProfileMessages.salary }).min(0, ProfileMessages.salary).max(100_000_000, ProfileMessages.salary);

/** A calendar date as YYYY-MM-DD. */
const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message);

const today = () => new Date().toISOString().slice(0, 10);

// ---------- skills ----------

export const skillSchema = z.object({ id: z.number().int(), name: z.string(), category: z.string() });
export type Skill = z.infer<typeof skillSchema>;

/** The spec's form field `skill`: a skill id from the lookup. */
export const skillRequestSchema = z.object({ skill: lookupId(ProfileMessages.skillUnknown) });

// ---------- education ----------

export const educationSchema = z.object({
  id: z.string(),
  degreeId: z.number().int(),
  degree: z.string(),
  level: z.number().int(),
  completion: z.number().int(),
  universityId: z.number().int().nullable(),
  university: z.string(),
  focusId: z.number().int().nullable(),
  focus: z.string().nullable(),
});
export type Education = z.infer<typeof educationSchema>;

const completionYear = z.coerce
  .number({ error: ProfileMessages.completionYear })
  .int(ProfileMessages.completionYear)
  .min(1940, ProfileMessages.completionYear)
  .refine((year) => year <= new Date().getFullYear(), ProfileMessages.completionYear);

export const educationInputSchema = z.object({
  degree: lookupId(ProfileMessages.degree),
  /** Ignored when it disagrees: a degree's level comes with the degree. */
  level: z.coerce.number().int().min(1).max(7).optional(),
  completion: completionYear,
  /** The name as shown; from the university search or typed. */
  university: z
    .string({ error: ProfileMessages.university })
    .trim()
    .min(2, ProfileMessages.university)
    .max(200, ProfileMessages.university),
  /** Set when the name was picked from the university search. */
  universityId: lookupId(ProfileMessages.university).nullish(),
  focus: lookupId(ProfileMessages.fieldUnknown).nullish(),
});
export type EducationInput = z.input<typeof educationInputSchema>;

export const idRequestSchema = z.object({ id: z.uuid({ error: ProfileMessages.entryMissing }) });
export const educationUpdateSchema = educationInputSchema.extend(idRequestSchema.shape);

// ---------- experience ----------

export const experienceSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  jobTitle: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  currentEmployer: z.boolean(),
  jobDescription: z.string(),
  salary: z.number().nullable(),
  salaryType: salaryTypeSchema.nullable(),
  salaryTypeName: z.string().nullable(),
  skills: z.array(z.object({ id: z.number().int(), name: z.string() })),
  expTypeId: z.number().int().nullable(),
  expTypeName: z.string().nullable(),
});
export type Experience = z.infer<typeof experienceSchema>;

/** The experience answer (spec 1 §3): the entries, newest start first, and the fresher flag. */
export const experienceListSchema = z.object({
  isFresher: z.boolean(),
  jobsekerExps: z.array(experienceSchema),
});
export type ExperienceList = z.infer<typeof experienceListSchema>;

/** Cross-field rules run even while a field is invalid, so a form shows every message at once. */
const alwaysRun = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

const experienceFields = z.object({
  companyName: requiredName(ProfileMessages.companyName),
  jobTitle: requiredName(ProfileMessages.jobTitle),
  startDate: isoDate(ProfileMessages.startDate),
  endDate: isoDate(ProfileMessages.endDate).nullish(),
  currentEmployer: z.boolean().default(false),
  jobDescription: z.string().trim().max(4000).default(''),
  salary: money.nullish(),
  salaryType: salaryTypeSchema.nullish(),
  skills: z.array(lookupId(ProfileMessages.skillUnknown)).max(MAX_SKILLS, ProfileMessages.skillLimit).default([]),
  expTypeId: lookupId(ProfileMessages.jobTypeUnknown).nullish(),
});

/** Dates in order: a current job has no end; a past one ends after it starts; nothing starts in the future. */
function experienceRules(v: { startDate?: string; endDate?: string | null; currentEmployer?: boolean }, ctx: z.RefinementCtx) {
  if (v.startDate && v.startDate > today()) ctx.addIssue({ code: 'custom', path: ['startDate'], message: ProfileMessages.startDate });
  if (v.currentEmployer) {
    if (v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: ProfileMessages.endWhileCurrent });
  } else if (!v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: ProfileMessages.endDateRequired });
  } else if (v.startDate && v.endDate <= v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: ProfileMessages.endDate });
  }
}

export const experienceInputSchema = experienceFields.superRefine(experienceRules, alwaysRun);
export type ExperienceInput = z.input<typeof experienceFields>;
export const experienceUpdateSchema = experienceFields.extend(idRequestSchema.shape).superRefine(experienceRules, alwaysRun);

export const isFresherQuerySchema = z.object({
  IsFresher: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

// ---------- preferences ----------

export const preferredLocationSchema = z.object({
  name: z.string().trim().min(1).max(200),
  city: z.string().max(100).nullish(),
  state: z.string().max(50).nullish(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type PreferredLocation = z.infer<typeof preferredLocationSchema>;

export const preferencesSchema = z.object({
  locations: z.array(preferredLocationSchema),
  employmentType: z.number().int().nullable(),
  employmentTypeName: z.string().nullable(),
  scheduleType: z.number().int().nullable(),
  scheduleTypeName: z.string().nullable(),
  salary: z.number().nullable(),
  salaryType: salaryTypeSchema.nullable(),
  /** Supplemental pay flags, OR-ed bit values (commission 1 … none 512). */
  additionalCompensation: z.number().int(),
  /** Let employers find me: the seeker is suggested for companies' matching jobs and may be invited to apply. On unless switched off. */
  findable: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesInputSchema = z.object({
  locations: z.array(preferredLocationSchema).max(MAX_PREFERRED_LOCATIONS, ProfileMessages.locations).default([]),
  employmentType: lookupId(ProfileMessages.jobTypeUnknown).nullish(),
  scheduleType: lookupId(ProfileMessages.scheduleUnknown).nullish(),
  salary: money.nullish(),
  salaryType: salaryTypeSchema.nullish(),
  additionalCompensation: z.coerce
    .number()
    .int()
    .min(0)
    .max(1023)
    .default(0)
    .refine((flags) => (flags & NO_SUPPLEMENTAL_PAY) === 0 || flags === NO_SUPPLEMENTAL_PAY, ProfileMessages.compensationNone),
  findable: z.boolean({ error: 'Let employers find me must be on or off' }).default(true),
});
export type PreferencesInput = z.input<typeof preferencesInputSchema>;

// ---------- endpoints (spec 2 §7: the api/Account names and their api/JobSeeker twins) ----------

const tag = 'jobseeker';
const auth = ['JobSeeker'] as const;

export const listSkills = endpoint({
  method: 'GET',
  path: '/api/Account/JobseekerSkills',
  auth,
  tag,
  summary: "The job seeker's skills",
  response: z.array(skillSchema),
});
export const listSkillsV2 = endpoint({ ...listSkills, path: '/api/JobSeeker/skills' });
export const addSkill = endpoint({
  method: 'POST',
  path: '/api/Account/AddJobseekerSkill',
  auth,
  tag,
  summary: 'Add a skill from the lookup (form field skill); answers the skills',
  body: skillRequestSchema,
  response: z.array(skillSchema),
});
export const addSkillV2 = endpoint({ ...addSkill, path: '/api/JobSeeker/skills' });
export const deleteSkill = endpoint({
  method: 'POST',
  path: '/api/Account/DeleteJobseekerSkill',
  auth,
  tag,
  summary: 'Remove a skill (form field skill); answers the skills',
  body: skillRequestSchema,
  response: z.array(skillSchema),
});

export const listEducation = endpoint({
  method: 'GET',
  path: '/api/Account/JobseekerEducation',
  auth,
  tag,
  summary: 'Education, newest completion year first',
  response: z.array(educationSchema),
});
export const listEducationV2 = endpoint({ ...listEducation, path: '/api/JobSeeker/education' });
export const addEducation = endpoint({
  method: 'POST',
  path: '/api/Account/AddJobseekerEducation',
  auth,
  tag,
  summary: 'Add an education entry; answers the list',
  body: educationInputSchema,
  response: z.array(educationSchema),
});
export const addEducationV2 = endpoint({ ...addEducation, path: '/api/JobSeeker/education' });
export const updateEducation = endpoint({
  method: 'POST',
  path: '/api/Account/UpdateJobseekerEducation',
  auth,
  tag,
  summary: 'Change an education entry; answers the list',
  body: educationUpdateSchema,
  response: z.array(educationSchema),
});
export const deleteEducation = endpoint({
  method: 'POST',
  path: '/api/Account/DeleteJobseekerEducation',
  auth,
  tag,
  summary: 'Delete an education entry (form field id); answers the list',
  body: idRequestSchema,
  response: z.array(educationSchema),
});

export const listExperience = endpoint({
  method: 'GET',
  path: '/api/Account/JobseekerExperience',
  auth,
  tag,
  summary: 'Work experience, newest start first, and the fresher flag',
  response: experienceListSchema,
});
export const listExperienceV2 = endpoint({ ...listExperience, path: '/api/JobSeeker/experience' });
export const addExperience = endpoint({
  method: 'POST',
  path: '/api/Account/AddJobseekerExperience',
  auth,
  tag,
  summary: 'Add a job; answers the list',
  body: experienceInputSchema,
  response: experienceListSchema,
});
export const addExperienceV2 = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/experience',
  auth,
  tag,
  summary: 'With IsFresher=true: no work experience yet (completes the section); with a body: add a job',
  query: isFresherQuerySchema,
  body: experienceInputSchema.nullish(),
  response: experienceListSchema,
});
export const updateExperience = endpoint({
  method: 'POST',
  path: '/api/Account/UpdateJobseekerExperience',
  auth,
  tag,
  summary: 'Change a job; answers the list',
  body: experienceUpdateSchema,
  response: experienceListSchema,
});
export const deleteExperience = endpoint({
  method: 'POST',
  path: '/api/Account/DeleteJobseekerExperience',
  auth,
  tag,
  summary: 'Delete a job (form field id); answers the list',
  body: idRequestSchema,
  response: experienceListSchema,
});

export const getPreferences = endpoint({
  method: 'GET',
  path: '/api/Account/JobseekerPreferences',
  auth,
  tag,
  summary: 'Where and how the job seeker wants to work',
  response: preferencesSchema,
});
export const getPreferencesV2 = endpoint({ ...getPreferences, path: '/api/JobSeeker/preference' });
export const updatePreferences = endpoint({
  method: 'POST',
  path: '/api/Account/UpdateJobseekerPreferences',
  auth,
  tag,
  summary: 'Save the preferences; answers them',
  body: preferencesInputSchema,
  response: preferencesSchema,
});
export const updatePreferencesV2 = endpoint({ ...updatePreferences, path: '/api/JobSeeker/preference' });
