import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { uuidIn } from '../db/sql.ts';
import { jobPosts, savedJobs } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { jobPostListItemOf, type ListViewRow, type SeekerView, postingNames } from '../posting/index.ts';
import { seekerSkillIds } from './detail.ts';
import { MAP_MAX_ZOOM, type MapCluster, type Viewport } from '../../src/contract/map.ts';
import {
  liftsIn,
  NO_FILTERS,
  type BoostsPage,
  type MapPins,
  type SearchFilters,
  type SearchItem,
  type SearchLocation,
  type SearchPage,
  type SearchSort,
} from '../../src/contract/search.ts';
import { circleBounds, haversineMiles } from '../../src/lib/geo.ts';
import { gridZoomFor } from '../../src/lib/map-grid.ts';
import { indexEngine } from './search-index/engine.ts';
import { searchIndexSync } from './search-index/sync.ts';
import type { SeekerRecords } from './search-index/seekers.ts';
import {
  chosenEngine,
  TOTAL_COUNT_LIMIT,
  type MapCell,
  type SearchAnswer,
  type SearchEngine,
  type SearchQuestion,
} from './search-engine.ts';
import { postgresEngine } from './search-postgres.ts';
import { assertKnownIds } from './search-query.ts';

/**
 * Job search (spec 2 §4): keyword (PostgreSQL full-text search, ranked), a place and a radius in
 * true great-circle miles, filters, sorts, pages with their total, and the map's clusters. Every
 * capability that finds jobs (enhanced-search, simple-search, the legacy Job calls, boosts, the map)
 * is this one search with different parameters.
 */

/** What a search asks, once its request has been read (location null: anywhere). */
export interface JobSearch {
  keyword: string | null;
  location: SearchLocation | null;
  filters: SearchFilters;
  sort: SearchSort;
  pageNumber: number;
  pageSize: number;
  /** Later pages keep to the jobs posted up to the first page's moment. */
  asOf: Date | null;
  /** Answer the map's pins with page 1, over this view (null: the search circle's). */
  pins: { viewport: Viewport | null } | null;
  /** Boosted jobs only (the strip above the results). */
  boostedOnly?: boolean;
}

/**
 * Lifted jobs (a premium boost's `searchLift`) come first in the orders that lift (liftsIn of the
 * contract: best match and newest), page 1 onwards; not in the featured strip, whose jobs are all boosted.
 */
const liftOf = (search: Pick<JobSearch, 'sort' | 'boostedOnly'>) => liftsIn(search.sort) && !search.boostedOnly;

/** Who searches: a signed-in job seeker sees their skills matched, their saved jobs, and not the jobs they reported. */
export type Searcher = {
  seekerId: string | null;
  /**
   * The seeker's route skips the app's per-request account check: the search reads the seeker's
   * records anyway and refuses a deleted or deactivated account in that same statement (401).
   */
  checksAccount?: boolean;
};

/** The seeker's skills, and which of these jobs they saved. */
export async function seekerViewOf(db: Db, seekerId: string | null, jobIds: string[]): Promise<SeekerView | undefined> {
  if (!seekerId) return undefined;
  const [skillRows, savedRows] = await Promise.all([
    seekerSkillIds(db, seekerId),
    jobIds.length
      ? db
          .select({ id: savedJobs.jobPostId })
          .from(savedJobs)
          .where(and(eq(savedJobs.userId, seekerId), uuidIn(savedJobs.jobPostId, jobIds)))
      : Promise.resolve([]),
  ]);
  return { skills: skillRows, saved: new Set(savedRows.map((r) => r.id)) };
}

/**
 * The miles an answer shows from the place to a job (null for remote jobs and jobs without a
 * position): the formula of distanceMiles, computed here for every answer, since the database's
 * sine and cosine may differ from JavaScript's in the last digit.
 */
function milesShown(
  location: SearchLocation | null,
  row: { isRemote: boolean; latitude: number | null; longitude: number | null },
): number | null {
  if (!location || row.isRemote || row.latitude === null || row.longitude === null) return null;
  const { latitude: lat, longitude: lng } = location;
  return haversineMiles(lat, lng, row.latitude, row.longitude);
}

// ---------- the engines ----------

/**
 * The engines of one search: the one this process was started with (SEARCH_ENGINE), and PostgreSQL
 * behind the index for what it cannot answer now (while it builds, a keyword it leaves to SQL).
 */
function enginesOf(ctx: AppContext): { first: SearchEngine; postgres: SearchEngine } {
  const postgres = postgresEngine(ctx);
  const sync = chosenEngine() === 'index' ? searchIndexSync(ctx.db, ctx.log) : null;
  if (!sync) return { first: postgres, postgres };
  sync.watch(ctx.adapters.database);
  return { first: indexEngine(ctx.db, sync), postgres };
}

/**
 * One search through the engines: the seeker's records read once (a switched-off account is
 * refused here, 401, for the routes that skip the per-request check), then the answer, and the
 * rows of its page and single pins from the engine that gave it.
 */
async function ask(
  ctx: AppContext,
  question: Omit<SearchQuestion, 'reported'>,
  searcher: Searcher,
): Promise<{ answer: SearchAnswer; rows: Map<string, ListViewRow>; seeker: SeekerRecords | null }> {
  const { first, postgres } = enginesOf(ctx);
  const seeker = searcher.seekerId ? await first.seeker(searcher.seekerId) : null;
  if (searcher.checksAccount && seeker?.signedOut) throw unauthorized();
  const q: SearchQuestion = { ...question, reported: seeker?.reported ?? null };
  let engine = first;
  let answer = await first.answer(q);
  if (!answer) {
    engine = postgres;
    answer = (await postgres.answer(q))!;
  }
  const rows = await engine.rows(answer.cells ? [...answer.ids, ...singlePins(answer.cells.cells)] : answer.ids);
  return { answer, rows, seeker };
}

/** The search: a page of the jobs it finds, their total, and on page 1 the map's pins when asked. */
export async function searchJobs(ctx: AppContext, search: JobSearch, searcher: Searcher): Promise<SearchPage> {
  const names = await postingNames(ctx);
  assertKnownIds(search.filters, names);
  const now = ctx.adapters.now();
  const asOf = search.asOf ?? now;
  const { pageNumber, pageSize, location } = search;
  const offset = (pageNumber - 1) * pageSize;
  const viewport = search.pins && pageNumber === 1 ? (search.pins.viewport ?? circleViewport(location)) : null;
  const { answer, rows, seeker } = await ask(
    ctx,
    {
      keyword: search.keyword,
      location,
      filters: search.filters,
      sort: search.sort,
      offset,
      limit: pageSize,
      now,
      asOf,
      boostedOnly: search.boostedOnly ?? false,
      lift: liftOf(search),
      viewport,
      viewOnly: false,
    },
    searcher,
  );
  // A seeker with more saved jobs than their records hold has the page's own looked up.
  const saved =
    seeker && !seeker.saved && answer.ids.length
      ? await ctx.db
          .select({ id: savedJobs.jobPostId })
          .from(savedJobs)
          .where(and(eq(savedJobs.userId, searcher.seekerId!), uuidIn(savedJobs.jobPostId, answer.ids)))
          .then((found) => new Set(found.map((r) => r.id)))
      : (seeker?.saved ?? new Set<string>());
  const pins = answer.cells ? await pinsOf(ctx.db, answer.cells.zoom, answer.cells.cells, (id) => rows.get(id)) : null;
  const view: SeekerView | undefined = seeker ? { skills: seeker.skills, saved } : undefined;
  const items: SearchItem[] = answer.ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row) return [];
    // The distance joins the built item rather than a copy of it: one object a job.
    return [Object.assign(jobPostListItemOf(row, names, view), { distanceMiles: milesShown(location, row) })];
  });
  const n = answer.ids.length;
  // A page that is not full ends the list, and tells the total without counting.
  const counted =
    n < pageSize && (n > 0 || offset === 0)
      ? { total: offset + n, totalIsLowerBound: false }
      : answer.found > TOTAL_COUNT_LIMIT
        ? { total: TOTAL_COUNT_LIMIT, totalIsLowerBound: true }
        : { total: answer.found, totalIsLowerBound: false };
  return { items, ...counted, pageNumber, pageSize, location, asOf: asOf.toISOString(), pins };
}

/** Boosted open jobs near a point (api/job/boosts): the nearest first, then remote ones. */
export async function boostedJobs(
  ctx: AppContext,
  request: { latitude: number; longitude: number; distance: number; pageNumber: number; pageSize: number },
  searcher: Searcher,
): Promise<BoostsPage> {
  const page = await searchJobs(
    ctx,
    {
      keyword: null,
      location: { latitude: request.latitude, longitude: request.longitude, radius: request.distance },
      filters: NO_FILTERS,
      sort: 'distance',
      pageNumber: request.pageNumber,
      pageSize: request.pageSize,
      asOf: null,
      pins: null,
      boostedOnly: true,
    },
    searcher,
  );
  return { items: page.items, total: page.total, pageNumber: page.pageNumber, pageSize: page.pageSize };
}

/** map-clusters: the jobs a search finds inside the view (and its circle, when it has one), as markers. */
export async function mapClusters(
  ctx: AppContext,
  request: { viewport: Viewport; keyword: string | null; location: SearchLocation | null; filters: SearchFilters },
  searcher: Searcher,
): Promise<MapPins> {
  assertKnownIds(request.filters, await postingNames(ctx));
  const now = ctx.adapters.now();
  const { answer, rows } = await ask(
    ctx,
    {
      keyword: request.keyword,
      location: request.location,
      filters: request.filters,
      sort: 'newest',
      offset: 0,
      limit: 0,
      now,
      asOf: now,
      boostedOnly: false,
      lift: false,
      viewport: request.viewport,
      viewOnly: true,
    },
    searcher,
  );
  return pinsOf(ctx.db, answer.cells!.zoom, answer.cells!.cells, (id) => rows.get(id));
}

// ---------- the map ----------

/** The view a search circle fills, at the finest grid that keeps it within the marker limit; the world without a place. */
function circleViewport(location: SearchLocation | null): Viewport {
  const box = location
    ? circleBounds(location.latitude, location.longitude, location.radius)
    : { north: 90, south: -90, west: -180, east: 180 };
  const view = { ...box, zoom: MAP_MAX_ZOOM };
  return { ...view, zoom: gridZoomFor(view) };
}

/** The jobs of the cells holding one: their markers show the job's title. */
const singlePins = (cells: readonly MapCell[]): string[] => cells.flatMap((c) => (c.count === 1 && c.jobId !== null ? [c.jobId] : []));

/** What a single job's pin shows of its job: the title, and whether its boost highlights the pin. */
type PinJob = { title: string; boostPlacements: readonly string[] };

/**
 * The markers of grouped cells; the titles and placements of the cells that hold one job are read
 * afterwards (the grouping reads positions and ids only), those of rows kept by the index's
 * searches from there. A single job's pin is highlighted when its boost gives `highlightedPin`.
 */
async function pinsOf(db: Db, zoom: number, cells: readonly MapCell[], kept?: (id: string) => ListViewRow | undefined): Promise<MapPins> {
  const jobs = new Map<string, PinJob>();
  const single: string[] = [];
  for (const id of singlePins(cells)) {
    const row = kept?.(id);
    if (row) jobs.set(id, row);
    else single.push(id);
  }
  if (single.length)
    for (const r of await db
      .select({ id: jobPosts.id, title: jobPosts.title, boostPlacements: jobPosts.boostPlacements })
      .from(jobPosts)
      .where(uuidIn(jobPosts.id, single)))
      jobs.set(r.id, r);
  const clusters: MapCluster[] = cells.map((c) => {
    const cluster: MapCluster = {
      id: `${zoom}/${c.row}/${c.col}`,
      latitude: c.latitude,
      longitude: c.longitude,
      count: c.count,
      jobId: c.count === 1 ? c.jobId : null,
      title: null,
    };
    if (c.count !== 1 || c.jobId === null) return cluster;
    const job = jobs.get(c.jobId);
    return { ...cluster, title: job?.title ?? null, highlightedPin: job?.boostPlacements.includes('highlightedPin') ?? false };
  });
  return { zoom, clusters, total: clusters.reduce((sum, c) => sum + c.count, 0) };
}
