import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pagingNumber, pagingQueryNumber } from './paging.ts';
import { DEFAULT_LOCATION } from './user-location.ts';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, mapClusterSchema, type Viewport } from './map.ts';
import { jobPostListItemSchema } from './job-list-item.ts';

/**
 * Finding jobs (spec 2 §4 search, §7 JobSeeker enhanced-search, simple-search, SearchJob and
 * api/job/boosts; Job GetAllJobPostList, FindJobs, JobsByCoordinates): one search with a keyword,
 * a place and a radius, filters and a sort, pages of 20 with their total, and the map's pins.
 */

export * from './search-filters.ts';
import {
  blankToNull,
  MAX_KEYWORD_LENGTH,
  MAX_RADIUS_MILES,
  MAX_SEARCH_PAGE,
  MAX_SEARCH_PAGE_SIZE,
  COORDINATE_RADIUS_MILES,
  SEARCH_PAGE_SIZE,
  BOOSTS_PAGE_SIZE,
  SearchMessages,
  filtersSchema,
  searchSorts,
} from './search-filters.ts';

// ---------- requests ----------

export const searchFiltersSchema = filtersSchema();

const latitude = z.number({ error: SearchMessages.noLocation }).min(-90, SearchMessages.noLocation).max(90, SearchMessages.noLocation);
const longitude = z.number({ error: SearchMessages.noLocation }).min(-180, SearchMessages.noLocation).max(180, SearchMessages.noLocation);
const radius = z.number({ error: SearchMessages.radius }).min(1, SearchMessages.radius).max(MAX_RADIUS_MILES, SearchMessages.radius);

/** Where to search: a point and a radius in miles; a point alone searches 25 miles around it. */
export const searchLocationSchema = z.object(
  {
    latitude,
    longitude,
    radius: radius.nullish().transform((r) => r ?? COORDINATE_RADIUS_MILES),
  },
  { error: SearchMessages.noLocation },
);
export type SearchLocation = z.output<typeof searchLocationSchema>;

/** The place a search without one is made around: Vancouver, WA, 10 miles (spec 2 §3). */
export const DEFAULT_SEARCH_LOCATION: SearchLocation = {
  latitude: DEFAULT_LOCATION.lat,
  longitude: DEFAULT_LOCATION.lng,
  radius: DEFAULT_LOCATION.radius ?? 10,
};

const keyword = z
  .preprocess(blankToNull, z.string({ error: SearchMessages.keyword }).trim().max(MAX_KEYWORD_LENGTH, SearchMessages.keyword).nullish())
  .transform((v) => v || null);

const pageNumber = pagingNumber(SearchMessages.page, { max: MAX_SEARCH_PAGE });
const pageSize = (fallback: number) => pagingNumber(SearchMessages.pageSize, { max: MAX_SEARCH_PAGE_SIZE }).default(fallback);

export const searchPagingSchema = z.object(
  { pageNumber: pageNumber.default(1), pageSize: pageSize(SEARCH_PAGE_SIZE) },
  { error: SearchMessages.page },
);

const edge = (limit: number) =>
  z.number({ error: SearchMessages.viewport }).min(-limit, SearchMessages.viewport).max(limit, SearchMessages.viewport);
/** The map's view (src/contract/map.ts viewportSchema), with the search's message on every field. */
const viewport = z
  .object(
    {
      north: edge(90),
      south: edge(90),
      east: edge(180),
      west: edge(180),
      zoom: z
        .number({ error: SearchMessages.viewport })
        .int(SearchMessages.viewport)
        .min(MAP_MIN_ZOOM, SearchMessages.viewport)
        .max(MAP_MAX_ZOOM, SearchMessages.viewport),
    },
    { error: SearchMessages.viewport },
  )
  .refine((v) => v.north >= v.south, { message: SearchMessages.viewport, path: ['north'] }) satisfies z.ZodType<Viewport>;

/**
 * enhanced-search and simple-search (spec 2 §7: paging, filters, flags.Pins). No location searches
 * around Vancouver, WA, 10 miles. `asOf` (from the first page's answer) keeps later pages to the
 * jobs the first page was taken from, so jobs posted meanwhile cause no duplicates or gaps.
 */
export const searchRequestSchema = z.object({
  paging: searchPagingSchema.prefault({}),
  keyword,
  location: searchLocationSchema.nullish().transform((v) => v ?? DEFAULT_SEARCH_LOCATION),
  filters: searchFiltersSchema.prefault({}),
  sort: z.enum(searchSorts, { error: SearchMessages.sort }).default('relevance'),
  flags: z.object({ Pins: z.boolean({ error: SearchMessages.pins }).default(false) }, { error: SearchMessages.pins }).prefault({}),
  /** The map's view, for the pins' clusters; without it, the search circle's. */
  viewport: viewport.nullish().transform((v) => v ?? null),
  asOf: z.iso
    .datetime({ offset: true, error: SearchMessages.asOf })
    .nullish()
    .transform((v) => v ?? null),
});
export type SearchRequest = z.output<typeof searchRequestSchema>;
export type SearchRequestInput = z.input<typeof searchRequestSchema>;

/** map-clusters: the jobs a search finds inside the map's view, grouped for its zoom. */
export const clusterRequestSchema = z.object({
  viewport,
  keyword,
  /** Also keep to the search circle; without it, every job in the view. */
  location: searchLocationSchema.nullish().transform((v) => v ?? null),
  filters: searchFiltersSchema.prefault({}),
});
export type ClusterRequest = z.output<typeof clusterRequestSchema>;
export type ClusterRequestInput = z.input<typeof clusterRequestSchema>;

/** api/job/boosts (spec 2 §7): boosted jobs within `distance` miles of a point, 5 a page. */
export const boostsRequestSchema = z.object({
  latitude,
  longitude,
  distance: radius.nullish().transform((r) => r ?? DEFAULT_SEARCH_LOCATION.radius),
  pageNumber: pageNumber.default(1),
  pageSize: pageSize(BOOSTS_PAGE_SIZE),
});
export type BoostsRequestInput = z.input<typeof boostsRequestSchema>;

// ---------- answers ----------

/** A job as search lists it: the list view and how far it is from the search's place. */
export const searchItemSchema = jobPostListItemSchema.extend({
  /** Great-circle miles from the search's place; null for a remote job (it has no place). */
  distanceMiles: z.number().nullable(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const mapPinsSchema = z.object({
  /** The grid's zoom: the map's own, or coarser when the view holds too many cells. */
  zoom: z.number().int(),
  clusters: z.array(mapClusterSchema),
  /** Jobs on the map: the sum of the clusters' counts (remote jobs have no place on it). */
  total: z.number().int(),
});
export type MapPins = z.infer<typeof mapPinsSchema>;

export const searchPageSchema = z.object({
  items: z.array(searchItemSchema),
  total: z.number().int(),
  /**
   * True when more jobs match than the server counts (it stops at 1,000, 50 pages): `total` is then
   * that limit, a lower bound, to be shown as "1,000+". Absent or false: `total` is exact.
   */
  totalIsLowerBound: z.boolean().optional(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /** The place and radius searched (the default one when none was given); null for anywhere. */
  location: z.object({ latitude: z.number(), longitude: z.number(), radius: z.number() }).nullable(),
  /** Send back with later pages of the same search. */
  asOf: z.string(),
  /** The map's pins: on page 1 when flags.Pins asks for them, else null. */
  pins: mapPinsSchema.nullable(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const boostsPageSchema = z.object({
  items: z.array(searchItemSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type BoostsPage = z.infer<typeof boostsPageSchema>;

// ---------- endpoints ----------

const tag = 'jobs';

export const enhancedSearch = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/enhanced-search',
  auth: ['JobSeeker'],
  tag,
  summary:
    'Search jobs as a signed-in job seeker: keyword, place and radius, filters, sort, pages of 20 with the total; flags.Pins adds the map’s clusters to page 1; each skill says whether the seeker has it, each job whether it is saved',
  body: searchRequestSchema,
  response: searchPageSchema,
});

export const simpleSearch = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/simple-search',
  auth: 'public',
  tag,
  summary: 'Search jobs without signing in: the same search as enhanced-search',
  body: searchRequestSchema,
  response: searchPageSchema,
});

export const searchJob = endpoint({
  ...enhancedSearch,
  path: '/api/JobSeeker/SearchJob',
  summary: 'The legacy name of enhanced-search: the same body and answer',
});

export const mapClusters = endpoint({
  method: 'POST',
  path: '/api/job/map-clusters',
  auth: 'public',
  tag,
  summary:
    'The map’s markers for a view and zoom: a count and a centre per grid cell of the jobs a search finds, a single job’s pin where a cell holds one; at most 500',
  body: clusterRequestSchema,
  response: mapPinsSchema,
});

export const boosts = endpoint({
  method: 'POST',
  path: '/api/job/boosts',
  auth: 'public',
  tag,
  summary: 'Boosted open jobs within `distance` miles of a point (10 when not given), nearest first, then remote ones; 5 a page',
  body: boostsRequestSchema,
  response: boostsPageSchema,
});

const legacyPageNumber = pagingQueryNumber(SearchMessages.page, { max: MAX_SEARCH_PAGE });
const legacyPageSize = pagingQueryNumber(SearchMessages.pageSize, { max: MAX_SEARCH_PAGE_SIZE }).default(SEARCH_PAGE_SIZE);

export const getAllJobPostList = endpoint({
  method: 'GET',
  path: '/api/job/GetAllJobPostList',
  auth: 'public',
  tag,
  summary: 'Every open job anywhere, newest first, 20 a page (the search with no place, sorted by newest)',
  query: z.object({ pageNumber: legacyPageNumber.default(1), pageSize: legacyPageSize }),
  response: searchPageSchema,
});

export const findJobs = endpoint({
  method: 'POST',
  path: '/api/job/FindJobs',
  auth: 'public',
  tag,
  summary:
    'Jobs matching a keyword near a point (10 miles around Vancouver, WA by default), best match first (the search with keyword, place, filters and sort)',
  body: z
    .object({
      keyword,
      latitude: latitude.nullish(),
      longitude: longitude.nullish(),
      distance: radius.nullish(),
      filters: searchFiltersSchema.prefault({}),
      sort: z.enum(searchSorts, { error: SearchMessages.sort }).default('relevance'),
      pageNumber: pageNumber.default(1),
      pageSize: pageSize(SEARCH_PAGE_SIZE),
    })
    .refine((b) => (b.latitude == null) === (b.longitude == null), { message: SearchMessages.noLocation, path: ['latitude'] }),
  response: searchPageSchema,
});

export const jobsByCoordinates = endpoint({
  method: 'POST',
  path: '/api/job/JobsByCoordinates',
  auth: 'public',
  tag,
  summary: 'Jobs within `distance` miles of a point (25 when not given), nearest first (the search sorted by distance)',
  body: z.object({
    latitude,
    longitude,
    distance: radius.nullish(),
    pageNumber: pageNumber.default(1),
    pageSize: pageSize(SEARCH_PAGE_SIZE),
  }),
  response: searchPageSchema,
});
