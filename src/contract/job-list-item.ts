import { z } from 'zod';
import { boostPlacements } from './boost-placements.ts';
import { locationTypes } from './posting-rules.ts';

// A job as every list shows it, apart from the posting schemas: search answers carry it, and the
// search page loads no drafts or wizard schemas for it.

/** The job post list view (spec 2 §3), with the title. */
export const jobPostListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  jobType: z.array(z.object({ id: z.number().int(), name: z.string() })),
  minimumExperience: z.number().int().nullable(),
  maximumExperience: z.number().int().nullable(),
  /** ISO 8601: when first published. */
  dateOfPosted: z.string().nullable(),
  /** ISO 8601. */
  createdDate: z.string(),
  location: z.object({ city: z.string().nullable(), state: z.string().nullable() }).nullable(),
  geoLatitude: z.number().nullable(),
  geoLongitude: z.number().nullable(),
  compensation: z.object({ minimumAmount: z.number(), maximumAmount: z.number(), rate: z.string().nullable() }),
  /** `match`: the signed-in seeker has the skill (false for everyone else). */
  skills: z.array(z.object({ id: z.number().int(), name: z.string(), match: z.boolean() })),
  company: z.object({ id: z.string(), name: z.string() }),
  companyName: z.string(),
  /** on-site, remote or hybrid. */
  type: z.enum(locationTypes),
  isRemote: z.boolean(),
  /** Boosted: its current boost gives it at least one placement. */
  isBoosted: z.boolean(),
  /** Where its current boost shows it (its tier's placements; none when not boosted): the “Featured” badge is `badge`. */
  boostPlacements: z.array(z.enum(boostPlacements)),
  /** Open to applicants aged 16 and 17. */
  openToMinors: z.boolean(),
  userActions: z.object({ isSaved: z.boolean() }),
});
export type JobPostListItem = z.infer<typeof jobPostListItemSchema>;
