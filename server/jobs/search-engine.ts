import type { ListViewRow } from '../posting/index.ts';
import type { Viewport } from '../../src/contract/map.ts';
import type { SearchFilters, SearchLocation, SearchSort } from '../../src/contract/search.ts';
import type { SeekerRecords } from './search-index/seekers.ts';

/**
 * The seam between job search and what chooses its jobs (docs/decisions/0008-search-engines.md).
 * Every capability that finds jobs asks one question; an engine answers with the page's ids, how
 * many jobs it found, and the map's cells. Two engines: the in-process index
 * (server/jobs/search-index) and PostgreSQL (search-postgres.ts), chosen per process by
 * SEARCH_ENGINE (`index`, the default, or `postgres`).
 */

/** What a search asks of an engine, once read and checked. */
export interface SearchQuestion {
  keyword: string | null;
  location: SearchLocation | null;
  filters: SearchFilters;
  sort: SearchSort;
  /** The page's window; limit 0 answers the count and the map only. */
  offset: number;
  limit: number;
  now: Date;
  /** Jobs posted after this are left out (later pages keep to the first page's moment). */
  asOf: Date;
  /** Boosted jobs only (the featured strip). */
  boostedOnly: boolean;
  /** Lifted jobs (a premium boost's search lift) come first, each group in the sort's order. */
  lift: boolean;
  /** The jobs the signed-in seeker reported, left out. */
  reported: ReadonlySet<string> | null;
  /** The map's view, when its markers are wanted. */
  viewport: Viewport | null;
  /** Only the map (map-clusters): no page. */
  viewOnly: boolean;
}

/** A grid cell of the map (src/lib/map-grid.ts) and the found jobs in it. */
export interface MapCell {
  row: number;
  col: number;
  count: number;
  /** The jobs' average position. */
  latitude: number;
  longitude: number;
  /** The job, when the cell holds one (the only id a marker shows). */
  jobId: string | null;
}

export interface SearchAnswer {
  /** The page's jobs, in order. */
  ids: string[];
  /** Jobs found: exact up to TOTAL_COUNT_LIMIT, more than it otherwise. */
  found: number;
  cells: { zoom: number; cells: MapCell[] } | null;
}

export interface SearchEngine {
  readonly name: 'index' | 'postgres';
  /**
   * The seeker's records a search reads: their reported jobs (left out), skills and saved jobs, and
   * whether their account was switched off. Read once per search, before the answer.
   */
  seeker(seekerId: string): Promise<SeekerRecords>;
  /** The answer, or null when this engine cannot give it now (the index while it builds, a keyword it leaves to SQL). */
  answer(question: SearchQuestion): Promise<SearchAnswer | null>;
  /** The list rows of these jobs. */
  rows(ids: readonly string[]): Promise<Map<string, ListViewRow>>;
}

/**
 * Totals are counted up to this many jobs (50 pages): past it the answer says `total` is a lower
 * bound, so no search reads every job of a crowded place to count them.
 */
export const TOTAL_COUNT_LIMIT = 1000;

/** The engine this process was started with. */
export const chosenEngine = (): SearchEngine['name'] => (process.env.SEARCH_ENGINE === 'postgres' ? 'postgres' : 'index');
