import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Colleges (the /colleges page): the US institutions of the universities lookup (IPEDS) with where
 * their campus is, so students and career offices can search the jobs around it.
 */

export const CollegeMessages = {
  query: 'Please type 2 to 100 characters of the college’s name.',
  tooMany: 'Too many searches at once. Please wait a moment and try again.',
  nothingFound: 'No college found by that name.',
} as const;

/** Colleges answered per search: a combobox's worth. */
export const COLLEGE_RESULTS = 10;
/** Miles around the campus the jobs are searched in. */
export const CAMPUS_RADIUS_MILES = 25;
/**
 * The job types a campus search starts with (ids of the job types lookup, which never change):
 * Part-time (2) and Internship (5); a job of either is found.
 */
export const CAMPUS_JOB_TYPES: readonly number[] = [2, 5];

export const collegeSchema = z.object({
  /** The IPEDS UNITID, the id of the universities lookup. */
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  /** The campus's city centre (the embedded gazetteer). */
  latitude: z.number(),
  longitude: z.number(),
});
export type College = z.infer<typeof collegeSchema>;

export const collegeQuerySchema = z.object({
  q: z.string({ error: CollegeMessages.query }).trim().min(2, CollegeMessages.query).max(100, CollegeMessages.query),
});

export const findColleges = endpoint({
  method: 'GET',
  path: '/api/Common/colleges',
  auth: 'public',
  tag: 'lookups',
  summary: `US colleges whose name contains the text, names starting with it first, with their campus's place (at most ${COLLEGE_RESULTS})`,
  query: collegeQuerySchema,
  response: z.object({ colleges: z.array(collegeSchema) }),
});
