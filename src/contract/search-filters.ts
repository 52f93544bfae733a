import { z } from 'zod';
import { MAX_JOB_SKILLS, MAX_PAY, salaryTypes as payRates } from './posting-rules.ts';

type PayRate = (typeof payRates)[number];

// What a search asks besides its words and its place (spec 2 §4 filters, §9): its constants, sorts,
// messages and the filters' schema. The search page and its address parsing load this alone; the
// requests, answers and calls are in search.ts, loaded with the first call (decision 0009).

/** Product copy of search (spec 2 §8 and the filters' field messages). */
export const SearchMessages = {
  noLocation: 'No valid location available for search',
  failed: 'Search failed',
  radius: `The radius must be from 1 to ${500} miles.`,
  keyword: `The search text can be up to ${200} characters.`,
  page: `The page must be a whole number from 1 to ${1000}.`,
  pageSize: `The page size must be a whole number from 1 to ${50}.`,
  jobTypes: 'Please choose job types from the list.',
  workSchedule: 'Please choose full time or part time.',
  schedules: 'Please choose shifts and schedules from the list.',
  minimumPay: 'The minimum pay must be an amount from 0 to 10,000,000, counted per hour, day, week, month or year.',
  experience: 'Years of experience must be a whole number from 0 to 50.',
  postedSince: 'Please choose the first day jobs were posted on (YYYY-MM-DD).',
  remote: 'Remote jobs can be included, shown alone or left out.',
  skills: `Please choose up to ${MAX_JOB_SKILLS} skills from the list.`,
  sort: 'Jobs can be sorted by relevance, distance, newest or pay.',
  asOf: 'The time the search started must be a date and time.',
  viewport: 'The map’s edges and zoom are not valid.',
  openToMinors: 'Open to 16+ is either on or off.',
  pins: 'Pins are either asked for or not.',
  tooMany: 'Too many searches at once. Please wait a moment and try again.',
} as const;

// ---------- constants (spec 2 §3, §9) ----------

/** Search results per page (spec 2 §9). */
export const SEARCH_PAGE_SIZE = 20;
export const MAX_SEARCH_PAGE_SIZE = 50;
/** The deepest page: 1,000 pages of 20 is further than anyone reads. */
export const MAX_SEARCH_PAGE = 1000;
/** Boosted jobs in the strip above the results, per request (spec 2 §9). */
export const BOOSTS_PAGE_SIZE = 5;
/** The radius of a search that names a place but no radius (spec 2 §9). */
export const COORDINATE_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 500;
export const MAX_KEYWORD_LENGTH = 200;
/** Posted-since filters start here unless the seeker picks a day (spec 2 §9). */
export const DEFAULT_POSTED_SINCE = '1987-01-01';
/** Full-time hours in a year, to compare hourly pay with yearly pay. */
export const HOURS_PER_YEAR = 2080;
/** How many of each pay period make a year, to compare pay like for like. */
export const PERIODS_PER_YEAR: Record<PayRate, number> = { Hourly: HOURS_PER_YEAR, Daily: 260, Weekly: 52, Monthly: 12, Yearly: 1 };

/** Pay as a yearly amount, so hourly and yearly pay compare (40 hours a week, 52 weeks). */
export const yearlyPay = (amount: number, rate: PayRate) => amount * PERIODS_PER_YEAR[rate];

export const searchSorts = ['relevance', 'distance', 'newest', 'pay'] as const;
export type SearchSort = (typeof searchSorts)[number];

/**
 * The orders in which jobs whose boost gives `searchLift` (the premium tier) come first, page 1
 * onwards, each group in the order itself: Best match (the order a search has unless the seeker
 * picks another) and Newest (a browsing order: what is new follows right after). Nearest and
 * Highest pay are left as they are: the seeker asked for the jobs ranked by a measure each card
 * shows (miles, pay), and a lifted job above a nearer or better paid one would contradict it.
 */
export const liftedSorts: readonly SearchSort[] = ['relevance', 'newest'];
export const liftsIn = (sort: SearchSort): boolean => liftedSorts.includes(sort);

/** Remote jobs have no place: include them wherever the search is, show them alone, or leave them out. */
export const remoteModes = ['include', 'only', 'exclude'] as const;
export type RemoteMode = (typeof remoteModes)[number];

// ---------- filters ----------

/** An empty text field is no value. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
function buildFiltersSchema() {
  const ids = (message: string, max: number) =>
    z
      .array(z.number({ error: message }).int(message).positive(message), { error: message })
      .max(max, message)
      .default([]);

  const isoDay = z
    .string({ error: SearchMessages.postedSince })
    .regex(/^\d{4}-\d{2}-\d{2}$/, SearchMessages.postedSince)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      SearchMessages.postedSince,
    );

  return z.object(
    {
      /** Job types (lookup jobTypes): jobs of any of them. */
      jobTypes: ids(SearchMessages.jobTypes, 7),
      /** 1 full time, 2 part time. */
      workSchedule: z
        .union([z.literal(1), z.literal(2)], { error: SearchMessages.workSchedule })
        .nullish()
        .transform((v) => v ?? null),
      /** Shifts and schedules (lookup jobSchedules): jobs with any of them. */
      schedules: ids(SearchMessages.schedules, 21),
      /** The least pay the seeker takes: jobs whose top pay, counted over a year, reaches it. */
      minimumPay: z
        .object(
          {
            amount: z
              .number({ error: SearchMessages.minimumPay })
              .min(0, SearchMessages.minimumPay)
              .max(MAX_PAY, SearchMessages.minimumPay),
            rate: z.enum(payRates, { error: SearchMessages.minimumPay }),
          },
          { error: SearchMessages.minimumPay },
        )
        .nullish()
        .transform((v) => v ?? null),
      /** Years of experience the seeker has: jobs asking for at most that many. */
      experience: z
        .number({ error: SearchMessages.experience })
        .int(SearchMessages.experience)
        .min(0, SearchMessages.experience)
        .max(50, SearchMessages.experience)
        .nullish()
        .transform((v) => v ?? null),
      /** Jobs posted on or after this day. */
      postedSince: z.preprocess(blankToNull, isoDay.nullish()).transform((v) => v ?? DEFAULT_POSTED_SINCE),
      remote: z.enum(remoteModes, { error: SearchMessages.remote }).default('include'),
      /** Skills (lookup jobSkills): jobs asking for any of them. */
      skills: ids(SearchMessages.skills, MAX_JOB_SKILLS),
      /** Only jobs open to applicants aged 16 and 17. */
      openToMinors: z.boolean({ error: SearchMessages.openToMinors }).default(false),
    },
    { error: SearchMessages.jobTypes },
  );
}

let built: ReturnType<typeof buildFiltersSchema> | undefined;

/**
 * The filters' schema, built on first use: the search page opens and reads its address without
 * building it (zod's first schemas cost a phone tens of milliseconds), and builds it when an address
 * or the filters form gives filters to check.
 */
export const filtersSchema = () => (built ??= buildFiltersSchema());

export type SearchFilters = z.output<ReturnType<typeof filtersSchema>>;
/** Every filter at its default (what the schema makes of nothing; a test holds them equal). */
export const NO_FILTERS: SearchFilters = {
  jobTypes: [],
  workSchedule: null,
  schedules: [],
  minimumPay: null,
  experience: null,
  postedSince: DEFAULT_POSTED_SINCE,
  remote: 'include',
  skills: [],
  openToMinors: false,
};
export type SearchFiltersInput = z.input<ReturnType<typeof filtersSchema>>;
