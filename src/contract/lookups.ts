import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pagingQueryNumber } from './paging.ts';

/**
 * Lookups (master data, spec 2 §3 and §7): the lists behind the job seeker's profile forms and the
 * job posting wizard. They change only with a release, so every answer is cacheable.
 */

// ---------- supplemental pay flags (spec 2 §3) ----------

/** Supplemental pay flags: each id is its bit value, so a set of them is stored as one integer. */
export const SupplementalPay = {
  Commission: 1,
  HazardPay: 2,
  HolidayPay: 4,
  OnCallPay: 8,
  OvertimePay: 16,
  PerformanceBonuses: 32,
  ProfitSharing: 64,
  ShiftDifferential: 128,
  Tips: 256,
  None: 512,
} as const;
export type SupplementalPayFlag = (typeof SupplementalPay)[keyof typeof SupplementalPay];

/** The flags with their names, in bit order. */
export const SUPPLEMENTAL_PAYS: ReadonlyArray<{ id: SupplementalPayFlag; name: string }> = [
  { id: SupplementalPay.Commission, name: 'Commission' },
  { id: SupplementalPay.HazardPay, name: 'Hazard pay' },
  { id: SupplementalPay.HolidayPay, name: 'Holiday pay' },
  { id: SupplementalPay.OnCallPay, name: 'On-call pay' },
  { id: SupplementalPay.OvertimePay, name: 'Overtime pay' },
  { id: SupplementalPay.PerformanceBonuses, name: 'Performance bonuses' },
  { id: SupplementalPay.ProfitSharing, name: 'Profit sharing' },
  { id: SupplementalPay.ShiftDifferential, name: 'Shift differential' },
  { id: SupplementalPay.Tips, name: 'Tips' },
  { id: SupplementalPay.None, name: 'None' },
];

/** "All": the union of every flag but "none" (511). */
export const SUPPLEMENTAL_PAY_ALL = SUPPLEMENTAL_PAYS.reduce((all, f) => (f.id === SupplementalPay.None ? all : all | f.id), 0);

/**
 * The flags as one integer. "None" stands alone: with any real flag it is dropped, since a pay that
 * has tips does not also have no supplemental pay.
 */
export function encodeSupplementalPay(flags: Iterable<number>): number {
  let value = 0;
  for (const flag of flags) {
    if (!SUPPLEMENTAL_PAYS.some((f) => f.id === flag)) throw new RangeError(`Not a supplemental pay flag: ${flag}`);
    value |= flag;
  }
  return value & SUPPLEMENTAL_PAY_ALL ? value & SUPPLEMENTAL_PAY_ALL : value;
}

/** The flags set in a stored integer, in bit order; bits that are no flag are ignored. */
export function decodeSupplementalPay(value: number): SupplementalPayFlag[] {
  return SUPPLEMENTAL_PAYS.filter((f) => (value & f.id) === f.id).map((f) => f.id);
}

/** A stored supplemental pay value: any set of the nine flags, or "none" alone, or 0 (not given). */
export const supplementalPayValueSchema = z
  .number()
  .int()
  .refine((v) => (v >= 0 && (v & ~SUPPLEMENTAL_PAY_ALL) === 0) || v === SupplementalPay.None, {
    message: 'Please choose supplemental pay from the list',
  });

// ---------- shapes ----------

export const LookupMessages = {
  page: 'The page must be a whole number from 1',
  pageSize: 'The page size must be a whole number from 1 to 100',
  search: 'The search text must be at most 100 characters',
} as const;

export const lookupItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type LookupItem = z.infer<typeof lookupItemSchema>;

/** A degree with its level, 1 (high school) to 7 (doctorate); jobs ask for a minimum level. */
export const degreeSchema = lookupItemSchema.extend({ level: z.number().int().min(1).max(7) });
export const skillSchema = lookupItemSchema.extend({ category: z.string() });
/** A CIP 2020 family; `cipCode` is its two-digit series ("11"). */
export const fieldOfStudySchema = lookupItemSchema.extend({ cipCode: z.string() });
/** A NAICS 2022 sector; `naicsCode` is its code ("31-33" for manufacturing). */
export const industrySchema = lookupItemSchema.extend({ naicsCode: z.string() });
/** A place offered as a preferred location: `name` reads "Houston, TX". */
export const preferLocationSchema = lookupItemSchema.extend({
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
/** Countries (ISO 3166-1 alpha-2) and languages (ISO 639-1) are keyed by their code. */
export const codeItemSchema = z.object({ id: z.string(), name: z.string() });
export const universitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type University = z.infer<typeof universitySchema>;

export const UNIVERSITY_PAGE_SIZE = 20;
export const UNIVERSITY_MAX_PAGE_SIZE = 100;

export const universitySearchQuerySchema = z.object({
  search: z.string({ error: LookupMessages.search }).trim().max(100, LookupMessages.search).optional(),
  page: pagingQueryNumber(LookupMessages.page).default(1),
  pageSize: pagingQueryNumber(LookupMessages.pageSize, { max: UNIVERSITY_MAX_PAGE_SIZE }).default(UNIVERSITY_PAGE_SIZE),
});

export const universityPageSchema = z.object({
  items: z.array(universitySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Every list a profile or posting form needs, in one answer (spec 2 §3 "Lookups"). */
export const allLookupsSchema = z.object({
  jobSkills: z.array(skillSchema),
  jobTypes: z.array(lookupItemSchema),
  jobEducations: z.array(degreeSchema),
  jobBenefits: z.array(lookupItemSchema),
  fieldsOfStudy: z.array(fieldOfStudySchema),
  industries: z.array(industrySchema),
  jobSchedules: z.array(lookupItemSchema),
  jobSupplementalPays: z.array(lookupItemSchema),
  preferLocations: z.array(preferLocationSchema),
});
export type AllLookups = z.infer<typeof allLookupsSchema>;

// ---------- endpoints (spec 2 §7 "Master", all GET) ----------

const master = <P extends string>(path: P) => `/api/Master/${path}` as const;

export const degrees = endpoint({
  method: 'GET',
  path: master('Degree'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Degrees with their level, high school (1) to doctorate (7)',
  response: z.array(degreeSchema),
});

export const fieldsOfStudy = endpoint({
  method: 'GET',
  path: master('FieldOfStudy'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Fields of study: the CIP 2020 families',
  response: z.array(fieldOfStudySchema),
});

export const universities = endpoint({
  method: 'GET',
  path: master('University'),
  auth: 'public',
  tag: 'lookups',
  summary: 'US colleges and universities whose name contains the text, names starting with it first',
  query: universitySearchQuerySchema,
  response: universityPageSchema,
});

/** The account controller's name for the university search (spec 2 §7); the same capability. */
export const universitySearch = endpoint({
  method: 'GET',
  path: '/api/Account/UniversitySearch',
  auth: 'public',
  tag: 'lookups',
  summary: 'US colleges and universities whose name contains the text (same as Master/University)',
  query: universitySearchQuerySchema,
  response: universityPageSchema,
});

export const skills = endpoint({
  method: 'GET',
  path: master('Skill'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Skills with their category',
  response: z.array(skillSchema),
});

export const jobTypes = endpoint({
  method: 'GET',
  path: master('JobType'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Job types: full time, part time, contract…',
  response: z.array(lookupItemSchema),
});

export const schedules = endpoint({
  method: 'GET',
  path: master('Schedule'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Work schedules and shifts',
  response: z.array(lookupItemSchema),
});

export const locations = endpoint({
  method: 'GET',
  path: master('Locations'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Places offered as preferred locations: the largest US cities',
  response: z.array(preferLocationSchema),
});

export const industries = endpoint({
  method: 'GET',
  path: master('Industry'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Industries: the NAICS 2022 sectors',
  response: z.array(industrySchema),
});

export const countries = endpoint({
  method: 'GET',
  path: master('Country'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Countries (ISO 3166-1 alpha-2)',
  response: z.array(codeItemSchema),
});

export const allowedCountries = endpoint({
  method: 'GET',
  path: master('AllowedCountry'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Countries where the marketplace operates',
  response: z.array(codeItemSchema),
});

export const languages = endpoint({
  method: 'GET',
  path: master('Languages'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Languages (ISO 639-1)',
  response: z.array(codeItemSchema),
});

export const supplementalPays = endpoint({
  method: 'GET',
  path: master('SupplementalPay'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Supplemental pay flags; each id is its bit value',
  response: z.array(lookupItemSchema),
});

export const benefits = endpoint({
  method: 'GET',
  path: master('Benefits'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Benefits an employer offers',
  response: z.array(lookupItemSchema),
});

export const allLookups = endpoint({
  method: 'GET',
  path: master('GetAllLookups'),
  auth: 'public',
  tag: 'lookups',
  summary: 'Every list the profile and posting forms need, in one answer',
  response: allLookupsSchema,
});
