import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { intArray, rowsOf, uuidIn } from '../db/sql.ts';
import { greatCircleMiles } from '../db/geo.ts';
import { companies, jobPosts, jobSeekerSkills, savedJobs, users, yearlyTopPayOf } from '../db/schema.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { mayStillAct } from '../account/index.ts';
import {
  jobPostListItemOf,
  listViewColumns,
  type ListViewRow,
  type SeekerView,
  postingNames,
  type PostingNames,
} from '../posting/index.ts';
import { jobOpen, reportedBy, seekerSkillIds } from './detail.ts';
import { SEARCH_CONFIG } from '../db/search-document.ts';
import { MAP_MAX_ZOOM, type MapCluster, type Viewport } from '../../src/contract/map.ts';
import {
  liftsIn,
  NO_FILTERS,
  SearchMessages,
  yearlyPay,
  type BoostsPage,
  type MapPins,
  type SearchFilters,
  type SearchItem,
  type SearchLocation,
  type SearchPage,
  type SearchSort,
} from '../../src/contract/search.ts';
import { circleBounds, haversineMiles, type LatLngBox } from '../../src/lib/geo.ts';
import { cellSize, gridZoomFor } from '../../src/lib/map-grid.ts';
import { searchIndex, TOTAL_COUNT_LIMIT as INDEX_COUNT_LIMIT, type IndexAnswer, type IndexSearch } from './search-index/query.ts';
import { searchIndexSync, type SearchIndexSync } from './search-index/sync.ts';
import { takeTurn } from '../platform/turns.ts';
import type { KeptSeekers, SeekerRecords } from './search-index/seekers.ts';
import { parseTsquery, type QueryTerm } from './search-index/text.ts';
import { parseKeywordTree, type KeywordTree } from './search-index/keyword.ts';
import { jobReports } from '../db/schema.ts';

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

// ---------- what a job must be to be found ----------

/** Open (Active and before its last moment), of an active company that is not blacklisted. */
export const findableJob = jobOpen;

// ---------- distance ----------

/** Great-circle miles from a point to the job's position (haversine, as src/lib/geo.ts computes it); null without one. */
export function distanceMiles(lat: number, lng: number): SQL<number | null> {
  return greatCircleMiles({ latitude: lat, longitude: lng }, jobPosts);
}

/** The job's position lies in the box: answered by the (latitude, longitude) index. */
function inBoxSql(box: LatLngBox): SQL {
  const lat = sql`${jobPosts.latitude} between ${box.south}::float8 and ${box.north}::float8`;
  if (box.west <= box.east) return sql`(${lat} and ${jobPosts.longitude} between ${box.west}::float8 and ${box.east}::float8)`;
  return sql`(${lat} and (${jobPosts.longitude} >= ${box.west}::float8 or ${jobPosts.longitude} <= ${box.east}::float8))`;
}

/** Within the radius: the box prefilter first, then the exact distance. */
function withinCircle(location: SearchLocation): SQL {
  return sql`(${inBoxSql(circleBounds(location.latitude, location.longitude, location.radius))} and ${distanceMiles(location.latitude, location.longitude)} <= ${location.radius}::float8)`;
}

/** Where a job may be: near the place, or remote (which has no place) as the filter says. */
function placeCondition(location: SearchLocation | null, remote: SearchFilters['remote']): SQL | undefined {
  if (remote === 'only') return sql`${jobPosts.isRemote}`;
  if (!location) return remote === 'exclude' ? sql`not ${jobPosts.isRemote}` : undefined;
  if (remote === 'exclude') return sql`(not ${jobPosts.isRemote} and ${withinCircle(location)})`;
  return sql`(${jobPosts.isRemote} or ${withinCircle(location)})`;
}

// ---------- boosts ----------

/** The job's boost shows it in the featured strip (the boosts call): its `featuredStrip` placement. */
const inFeaturedStrip = sql`'featuredStrip' = any(${jobPosts.boostPlacements})`;
/** The job's boost lifts it first in search (premium): its `searchLift` placement, as the lifted jobs' index reads it. */
const liftedJob = sql`'searchLift' = any(${jobPosts.boostPlacements})`;

// ---------- keyword ----------

/** Characters that are operators in tsquery syntax, or that PostgreSQL refuses in text. */
const TSQUERY_SYNTAX = /[&|!():*<>'\\"\u0000-\u001f\u007f]/g;
/** Half of a UTF-16 pair without the other half: not text PostgreSQL accepts. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Quotes, "or", or a word excluded with a leading minus: the seeker writes web search syntax. */
const WEB_SEARCH_SYNTAX = /"|(^|\s)-\S|(^|\s)or(\s|$)/i;

/** The words of a keyword, without what PostgreSQL refuses in text; at most 16 of them. */
function wordsOf(keyword: string): string[] {
  return keyword
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 16);
}

/** Plain words must all match, the last one also as the start of a word (so "forklift oper" finds "Forklift Operator" while typing). */
function plainQuery(words: string[]): SQL | null {
  const terms = words.flatMap((w) => w.replace(TSQUERY_SYNTAX, ' ').split(/\s+/)).filter(Boolean);
  if (terms.length === 0) return null;
  const query = terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ');
  return sql`to_tsquery(${SEARCH_CONFIG}, ${query})`;
}

/**
 * The keyword's query, or null when nothing of it can be searched (only stop words or punctuation).
 * Web search syntax (quotes, "or", a leading minus) is read as such; should PostgreSQL refuse it
 * (say, minus signs nested deeper than it allows), its words are searched plainly instead.
 */
export async function usableKeyword(db: Db, keyword: string | null): Promise<SQL | null> {
  return (await keywordQuery(db, keyword))?.query ?? null;
}

/** The keyword's query and its text as PostgreSQL writes it (`'forklift' & 'oper':*`), or null. */
async function keywordQuery(db: Db, keyword: string | null): Promise<{ query: SQL; text: string } | null> {
  if (!keyword) return null;
  const words = wordsOf(keyword);
  const text = words.join(' ').replace(/-{2,}/g, '-');
  const candidates = WEB_SEARCH_SYNTAX.test(text)
    ? [sql`websearch_to_tsquery(${SEARCH_CONFIG}, ${text})`, plainQuery(words)]
    : [plainQuery(words)];
  for (const query of candidates) {
    if (!query) continue;
    try {
      const [row] = rowsOf<{ n: number; t: string }>(await db.execute(sql`select numnode(${query}) as n, (${query})::text as t`));
      return Number(row?.n ?? 0) > 0 ? { query, text: String(row!.t) } : null;
    } catch {
      // Refused: try the next reading.
    }
  }
  return null;
}

/** Keywords already read, as the index's terms or tree: null for no keyword, 'sql' for queries the index leaves to SQL (see parseKeywordTree). */
const keywordTermsCache = new Map<string, QueryTerm[] | KeywordTree | null | 'sql'>();

async function keywordTerms(db: Db, keyword: string | null): Promise<QueryTerm[] | KeywordTree | null | 'sql'> {
  if (!keyword) return null;
  const cached = keywordTermsCache.get(keyword);
  if (cached !== undefined) {
    // Most recently used last.
    keywordTermsCache.delete(keyword);
    keywordTermsCache.set(keyword, cached);
    return cached;
  }
  const query = await keywordQuery(db, keyword);
  const terms = query ? (parseTsquery(query.text) ?? parseKeywordTree(query.text) ?? 'sql') : null;
  keywordTermsCache.set(keyword, Array.isArray(terms) && terms.length > 64 ? 'sql' : terms);
  if (keywordTermsCache.size > 1000) keywordTermsCache.delete(keywordTermsCache.keys().next().value!);
  return keywordTermsCache.get(keyword)!;
}

// ---------- filters ----------

/** The job's top pay counted over a year (hourly × 2080, …), null when it has no pay period. */
export const yearlyTopPay = yearlyTopPayOf(jobPosts);

export function filterConditions(f: SearchFilters): SQL[] {
  const where: SQL[] = [];
  if (f.jobTypes.length) where.push(sql`${jobPosts.jobTypeIds} && ${intArray(f.jobTypes)}`);
  if (f.workSchedule !== null) where.push(eq(jobPosts.workSchedule, f.workSchedule));
  if (f.schedules.length) where.push(sql`${jobPosts.scheduleIds} && ${intArray(f.schedules)}`);
  if (f.minimumPay && f.minimumPay.amount > 0)
    where.push(sql`${yearlyTopPay} >= ${yearlyPay(f.minimumPay.amount, f.minimumPay.rate)}::numeric`);
  if (f.experience !== null) where.push(sql`coalesce(${jobPosts.minExperience}, 0) <= ${f.experience}::int`);
  where.push(sql`${jobPosts.postedAt} >= ${`${f.postedSince}T00:00:00Z`}::timestamptz`);
  if (f.skills.length) where.push(sql`${jobPosts.skillIds} && ${intArray(f.skills)}`);
  if (f.openToMinors) where.push(sql`${jobPosts.openToMinors}`);
  return where;
}

/** Lookup ids a filter names that no list holds: 400 on the field. */
function assertKnownIds(f: SearchFilters, names: PostingNames): void {
  const fieldErrors: Record<string, string> = {};
  if (f.jobTypes.some((id) => !names.jobTypes.has(id))) fieldErrors['filters.jobTypes'] = SearchMessages.jobTypes;
  if (f.schedules.some((id) => !names.schedules.has(id))) fieldErrors['filters.schedules'] = SearchMessages.schedules;
  if (f.skills.some((id) => !names.skills.has(id))) fieldErrors['filters.skills'] = SearchMessages.skills;
  const errors = Object.values(fieldErrors);
  if (errors.length) throw badRequest(errors[0]!, { errors, fieldErrors });
}

// ---------- the search ----------

interface Plan {
  where: SQL;
  distance: SQL<number | null> | null;
  keyword: SQL | null;
  /**
   * Where nearby and remote jobs are both found (a place, remote neither excluded nor the only
   * ones): each half's conditions, read and counted apart, each from its own index.
   */
  halves: { nearby: SQL; remote: SQL } | null;
}

async function planOf(
  ctx: AppContext,
  search: Omit<JobSearch, 'sort' | 'pageNumber' | 'pageSize' | 'pins'>,
  searcher: Searcher,
  now: Date,
): Promise<Plan> {
  const keyword = await usableKeyword(ctx.db, search.keyword);
  const { location } = search;
  const rest = and(
    findableJob(now),
    keyword ? sql`${jobPosts.searchDocument} @@ ${keyword}` : undefined,
    ...filterConditions(search.filters),
    search.asOf ? sql`${jobPosts.postedAt} <= ${search.asOf.toISOString()}::timestamptz` : undefined,
    search.boostedOnly ? inFeaturedStrip : undefined,
    searcher.seekerId ? sql`not ${reportedBy(searcher.seekerId)}` : undefined,
  )!;
  const place = placeCondition(location, search.filters.remote);
  const where = place ? and(rest, place)! : rest;
  const halves =
    location && search.filters.remote === 'include'
      ? { nearby: and(rest, sql`not ${jobPosts.isRemote}`, withinCircle(location))!, remote: and(rest, sql`${jobPosts.isRemote}`)! }
      : null;
  return { where, keyword, halves, distance: location ? distanceMiles(location.latitude, location.longitude) : null };
}

function orderOf(sort: SearchSort, plan: Plan): SQL[] {
  const nearest = plan.distance ? [sql`${plan.distance} asc nulls last`] : [];
  const tie = asc(jobPosts.id);
  switch (sort) {
    case 'distance':
      return [...nearest, desc(jobPosts.postedAt), tie];
    case 'newest':
      return [desc(jobPosts.postedAt), tie];
    case 'pay':
      return [sql`${yearlyTopPay} desc nulls last`, ...nearest, tie];
    case 'relevance':
      return [
        ...(plan.keyword ? [sql`ts_rank(${jobPosts.searchDocument}, ${plan.keyword}) desc`] : []),
        ...nearest,
        desc(jobPosts.postedAt),
        tie,
      ];
  }
}

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

type SearchRow = ListViewRow & { distance: number | null };

/**
 * Totals are counted up to this many jobs (50 pages): past it the answer says `total` is a lower
 * bound, so no search reads every job of a crowded place to count them.
 */
export const TOTAL_COUNT_LIMIT = INDEX_COUNT_LIMIT;

/** Jobs found, counted up to `limit` (all of them without one). */
async function countUpTo(db: Db, where: SQL, limit?: number): Promise<number> {
  const found = db
    .select({ one: sql`1` })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(where);
  const [row] = await db.select({ n: count() }).from((limit === undefined ? found : found.limit(limit)).as('found'));
  return Number(row?.n ?? 0);
}

/**
 * Jobs found, counted up to the limit (one more tells whether there are more). Nearby and remote
 * jobs are counted apart, each from its own index, which holds all a count checks.
 */
async function totalOf(db: Db, plan: Plan): Promise<{ total: number; totalIsLowerBound: boolean }> {
  let n: number;
  if (plan.halves) {
    n = await countUpTo(db, plan.halves.nearby, TOTAL_COUNT_LIMIT + 1);
    if (n <= TOTAL_COUNT_LIMIT) n += await countUpTo(db, plan.halves.remote, TOTAL_COUNT_LIMIT + 1 - n);
  } else {
    n = await countUpTo(db, plan.where, TOTAL_COUNT_LIMIT + 1);
  }
  return n > TOTAL_COUNT_LIMIT ? { total: TOTAL_COUNT_LIMIT, totalIsLowerBound: true } : { total: n, totalIsLowerBound: false };
}

function rowsOfPage(ctx: AppContext, plan: Plan, where: SQL, order: SQL[], limit: number, offset: number): Promise<SearchRow[]> {
  const columns = { ...listViewColumns, distance: plan.distance ?? sql<number | null>`null::float8` };
  return ctx.db
    .select(columns)
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset) as Promise<SearchRow[]>;
}

/**
 * A page's rows. In an order that lifts (`lift`), the lifted jobs come first, each group in the
 * order itself: the lifted ones (few, from their own index) are read up to the page's end, and when
 * they end before it, the page goes on with the others (the lifted ones left out by id, which the
 * place's index holds), from where the lifted ones leave it.
 */
async function pageRows(
  ctx: AppContext,
  plan: Plan,
  sort: SearchSort,
  pageNumber: number,
  pageSize: number,
  lift: boolean,
): Promise<SearchRow[]> {
  const offset = (pageNumber - 1) * pageSize;
  if (!lift) return rowsInOrder(ctx, plan, sort, pageSize, offset);
  const lifted = await idsInOrder(ctx.db, narrowed(plan, liftedJob), sort, offset + pageSize, 0);
  if (lifted.length === 0) return rowsInOrder(ctx, plan, sort, pageSize, offset);
  const ids = lifted.slice(offset);
  if (lifted.length < offset + pageSize) {
    const others = narrowed(plan, sql`not ${uuidIn(jobPosts.id, lifted)}`);
    ids.push(...(await idsInOrder(ctx.db, others, sort, pageSize - ids.length, Math.max(0, offset - lifted.length))));
  }
  return rowsOfIds(ctx, plan, ids);
}

/** The plan's jobs that also meet a condition. */
const narrowed = (plan: Plan, condition: SQL): Plan => ({
  ...plan,
  where: and(plan.where, condition)!,
  halves: plan.halves && { nearby: and(plan.halves.nearby, condition)!, remote: and(plan.halves.remote, condition)! },
});

/**
 * A page of the plan's jobs in the sort's order. Ordered by distance first (the distance sort, or
 * relevance without a keyword), nearby jobs come before remote ones (which have no distance),
 * newest first: the page is read from the two halves, nearby ones from the place's box alone, then
 * remote ones from their own index, so no remote job is sorted by a distance it does not have.
 */
async function rowsInOrder(ctx: AppContext, plan: Plan, sort: SearchSort, limit: number, offset: number): Promise<SearchRow[]> {
  if (!plan.halves || !plan.distance) return rowsOfPage(ctx, plan, plan.where, orderOf(sort, plan), limit, offset);
  return rowsOfIds(ctx, plan, await idsInOrder(ctx.db, plan, sort, limit, offset));
}

/** The ids of a page of the plan's jobs in the sort's order (as rowsInOrder reads them). */
async function idsInOrder(db: Db, plan: Plan, sort: SearchSort, limit: number, offset: number): Promise<string[]> {
  if (!plan.halves || !plan.distance) return (await idsOfPage(db, plan.where, orderOf(sort, plan), limit, offset)).map((r) => r.id);
  const distanceFirst = sort === 'distance' || (sort === 'relevance' && !plan.keyword);
  return distanceFirst ? distanceFirstIds(db, plan.halves, plan.distance, limit, offset) : mergedIds(db, plan, sort, limit, offset);
}

/** The rows of these jobs, in this order. */
async function rowsOfIds(ctx: AppContext, plan: Plan, ids: string[]): Promise<SearchRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOfPage(ctx, plan, uuidIn(jobPosts.id, ids), [asc(jobPosts.id)], ids.length, 0);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type Halves = NonNullable<Plan['halves']>;

/** Nearby jobs by distance, then remote ones (which have no distance) newest first. */
async function distanceFirstIds(db: Db, { nearby, remote }: Halves, distance: SQL, pageSize: number, offset: number): Promise<string[]> {
  const remoteOrder = [desc(jobPosts.postedAt), asc(jobPosts.id)];
  const near = (await idsOfPage(db, nearby, [sql`${distance} asc`, ...remoteOrder], pageSize, offset)).map((r) => r.id);
  if (near.length === pageSize) return near;
  // Past the nearby jobs: how many there are tells where the remote ones start.
  const nearbyCount = near.length > 0 ? offset + near.length : await countUpTo(db, nearby);
  const far = (await idsOfPage(db, remote, remoteOrder, pageSize - near.length, Math.max(0, offset - nearbyCount))).map((r) => r.id);
  return [...near, ...far];
}

/** Descending, nulls last (as SQL's `desc nulls last`); ascending with `asc`. */
const byKey = (a: number | bigint | null, b: number | bigint | null, direction: 'asc' | 'desc') =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : (a < b ? -1 : 1) * (direction === 'asc' ? 1 : -1);

/**
 * Newest first, best paid first, or best matching first (with nearer first at the same pay or
 * match): the first pages of each half, each read in order from its own indexes, merged here.
 * Remote jobs have no distance, so they come after nearby ones on equal terms, as SQL's
 * `nulls last` puts them.
 */
async function mergedIds(db: Db, plan: Plan, sort: SearchSort, pageSize: number, offset: number): Promise<string[]> {
  const { nearby, remote } = plan.halves!;
  const distance = plan.distance!;
  const posted = sql<string>`(extract(epoch from ${jobPosts.postedAt}) * 1000000)::bigint::text`;
  const lead =
    sort === 'pay'
      ? sql`${yearlyTopPay}`
      : sort === 'relevance' && plan.keyword
        ? sql`ts_rank(${jobPosts.searchDocument}, ${plan.keyword})`
        : null;
  const order = (d: SQL | null) => [
    ...(lead ? [sql`${lead} desc nulls last`] : []),
    ...(sort === 'newest' ? [] : d ? [sql`${d} asc`] : []),
    ...(sort === 'pay' ? [] : [desc(jobPosts.postedAt)]),
    asc(jobPosts.id),
  ];
  const extra = (d: SQL) => ({ lead: lead ?? sql`null`, distance: d, posted });
  const [near, far] = await Promise.all([
    idsOfPage(db, nearby, order(distance), offset + pageSize, 0, extra(distance)),
    idsOfPage(db, remote, order(null), offset + pageSize, 0, extra(sql`null::float8`)),
  ]);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const before = (a: IdRow, b: IdRow) =>
    byKey(num(a.lead), num(b.lead), 'desc') ||
    (sort === 'newest' ? 0 : byKey(num(a.distance), num(b.distance), 'asc')) ||
    (sort === 'pay' ? 0 : byKey(BigInt(String(a.posted)), BigInt(String(b.posted)), 'desc')) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...near, ...far]
    .sort(before)
    .slice(offset, offset + pageSize)
    .map((r) => r.id);
}

type IdRow = { id: string; lead?: unknown; distance?: unknown; posted?: unknown };

/**
 * The ids of a page, in order: the conditions and the order read only what the place's index (or
 * the remote jobs' index) holds, so choosing the page reads no job's row; the page's rows are read after.
 */
async function idsOfPage(
  db: Db,
  where: SQL,
  order: SQL[],
  limit: number,
  offset: number,
  extra: Record<string, SQL> = {},
): Promise<IdRow[]> {
  return db
    .select({ id: jobPosts.id, ...extra })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset) as Promise<IdRow[]>;
}

async function pageOf(
  ctx: AppContext,
  plan: Plan,
  location: SearchLocation | null,
  sort: SearchSort,
  pageNumber: number,
  pageSize: number,
  lift: boolean,
  searcher: Searcher,
  names: PostingNames,
) {
  // Two statements, not count(*) over (): the page stops at its last row, the count at its limit.
  // A page that is not full ends the list, and tells the total without counting.
  const rows = await pageRows(ctx, plan, sort, pageNumber, pageSize, lift);
  const offset = (pageNumber - 1) * pageSize;
  const counted =
    rows.length < pageSize && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, totalIsLowerBound: false }
      : await totalOf(ctx.db, plan);
  const seeker = await seekerViewOf(
    ctx.db,
    searcher.seekerId,
    rows.map((r) => r.id),
  );
  const items: SearchItem[] = rows.map((r) => ({
    ...jobPostListItemOf(r, names, seeker),
    distanceMiles: milesShown(location, r),
  }));
  return { items, ...counted };
}

/** The search: a page of the jobs it finds, their total, and on page 1 the map's pins when asked. */
export async function searchJobs(ctx: AppContext, search: JobSearch, searcher: Searcher): Promise<SearchPage> {
  const names = await postingNames(ctx);
  assertKnownIds(search.filters, names);
  const now = ctx.adapters.now();
  const asOf = search.asOf ?? now;
  const indexed = await searchByIndex(ctx, search, searcher, now, asOf, names);
  if (indexed) return indexed;
  if (searcher.checksAccount && searcher.seekerId && !(await mayStillAct(ctx.db, searcher.seekerId))) throw unauthorized();
  const plan = await planOf(ctx, { ...search, asOf }, searcher, now);
  const { items, total, totalIsLowerBound } = await pageOf(
    ctx,
    plan,
    search.location,
    search.sort,
    search.pageNumber,
    search.pageSize,
    liftOf(search),
    searcher,
    names,
  );
  let pins: MapPins | null = null;
  if (search.pins && search.pageNumber === 1) {
    const viewport = search.pins.viewport ?? circleViewport(search.location);
    pins = await clustersOf(ctx.db, plan.where, viewport);
  }
  return {
    items,
    total,
    totalIsLowerBound,
    pageNumber: search.pageNumber,
    pageSize: search.pageSize,
    location: search.location,
    asOf: asOf.toISOString(),
    pins,
  };
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

// ---------- the search index ----------

interface IndexRequest {
  keyword: string | null;
  location: SearchLocation | null;
  filters: SearchFilters;
  sort: SearchSort;
  offset: number;
  limit: number;
  now: Date;
  asOf: Date | null;
  boostedOnly: boolean;
  lift: boolean;
  searcher: Searcher;
  viewport: Viewport | null;
  viewOnly: boolean;
}

/** Saved jobs read with the seeker's other records; a seeker with more has the page's own looked up. */
const SAVED_READ_AHEAD = 500;

const idsIn = (list: unknown): string[] => (list ? String(list).split(',') : []);

/** The seeker's reported jobs, skills and saved jobs, in one statement. */
async function seekerRecordsOf(db: Db, seekerId: string): Promise<SeekerRecords> {
  const [row] = rowsOf<{ reported: string | null; skills: string | null; saved: string | null; signed_out: boolean | null }>(
    await db.execute(sql`select
      (select ${users.disabled} or ${users.deactivatedAt} is not null from ${users} where ${users.id} = ${seekerId}) as signed_out,
      (select string_agg(${jobReports.jobPostId}::text, ',') from ${jobReports} where ${jobReports.reporterId} = ${seekerId}) as reported,
      (select string_agg(${jobSeekerSkills.skillId}::text, ',') from ${jobSeekerSkills} where ${jobSeekerSkills.userId} = ${seekerId}) as skills,
      (select string_agg(s.id::text, ',') from (select ${savedJobs.jobPostId} as id from ${savedJobs} where ${savedJobs.userId} = ${seekerId} limit ${SAVED_READ_AHEAD + 1}) s) as saved`),
  );
  const saved = idsIn(row?.saved);
  return {
    reported: new Set(idsIn(row?.reported)),
    skills: new Set(idsIn(row?.skills).map(Number)),
    saved: saved.length > SAVED_READ_AHEAD ? null : new Set(saved),
    signedOut: row?.signed_out === true,
  };
}

/** The seeker's records, kept from an earlier search while no note forgot them (see KeptSeekers). */
async function seekerRecords(db: Db, kept: KeptSeekers, seekerId: string): Promise<SeekerRecords> {
  const records = kept.get(seekerId);
  if (records) return records;
  const since = kept.mark();
  const read = await seekerRecordsOf(db, seekerId);
  kept.keep(since, seekerId, read);
  return read;
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

/**
 * The search answered by this process's search index (server/jobs/search-index): the same
 * conditions and order as the SQL above, over typed arrays kept fresh from the database. Null when
 * the index is off or not built yet, or for a keyword it leaves to SQL (or, not, phrases).
 */
async function indexAnswer(
  ctx: AppContext,
  r: IndexRequest,
): Promise<{ answer: IndexAnswer; sync: SearchIndexSync; seeker: SeekerRecords | null } | null> {
  const sync = searchIndexSync(ctx.db, ctx.log);
  if (!sync) return null;
  sync.watch(ctx.adapters.database);
  const [index, terms] = await Promise.all([sync.fresh(), keywordTerms(ctx.db, r.keyword)]);
  // After the notes: a seeker whose records changed before this search was forgotten by them.
  const seeker = r.searcher.seekerId ? await seekerRecords(ctx.db, sync.seekers, r.searcher.seekerId) : null;
  if (r.searcher.checksAccount && seeker?.signedOut) throw unauthorized();
  if (!index || terms === 'sql') return null;
  const search: IndexSearch = {
    terms,
    location: r.location,
    filters: r.filters,
    sort: r.sort,
    offset: r.offset,
    limit: r.limit,
    nowUs: r.now.getTime() * 1000,
    asOfUs: r.asOf ? r.asOf.getTime() * 1000 : Infinity,
    boostedOnly: r.boostedOnly,
    lift: r.lift,
    reported: seeker ? seeker.reported : null,
    viewport: r.viewport,
    viewOnly: r.viewOnly,
  };
  // Searches arriving together take turns on the event loop (see takeTurn): each runs to its answer in one turn.
  await takeTurn();
  const answer = searchIndex(index, search);
  sync.answered++;
  return { answer, sync, seeker };
}

async function searchByIndex(
  ctx: AppContext,
  search: JobSearch,
  searcher: Searcher,
  now: Date,
  asOf: Date,
  names: PostingNames,
): Promise<SearchPage | null> {
  const { pageNumber, pageSize, location } = search;
  const offset = (pageNumber - 1) * pageSize;
  const viewport = search.pins && pageNumber === 1 ? (search.pins.viewport ?? circleViewport(location)) : null;
  const indexed = await indexAnswer(ctx, {
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
    searcher,
    viewport,
    viewOnly: false,
  });
  if (!indexed) return null;
  const { answer, sync, seeker } = indexed;
  // The page's rows and the titles of the map's single pins: kept from earlier searches, or read together.
  const [byId, saved] = await Promise.all([
    sync.listRows(answer.cells ? [...answer.ids, ...singlePins(answer.cells.cells)] : answer.ids),
    seeker && !seeker.saved && answer.ids.length
      ? ctx.db
          .select({ id: savedJobs.jobPostId })
          .from(savedJobs)
          .where(and(eq(savedJobs.userId, searcher.seekerId!), uuidIn(savedJobs.jobPostId, answer.ids)))
          .then((rows) => new Set(rows.map((r) => r.id)))
      : Promise.resolve(seeker?.saved ?? new Set<string>()),
  ]);
  const pins = answer.cells ? await pinsOf(ctx.db, answer.cells.zoom, answer.cells.cells, (id) => byId.get(id)) : null;
  const view: SeekerView | undefined = seeker ? { skills: seeker.skills, saved } : undefined;
  const items: SearchItem[] = answer.ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    // The distance joins the built item rather than a copy of it: one object a job.
    return [Object.assign(jobPostListItemOf(row, names, view), { distanceMiles: milesShown(location, row) })];
  });
  const n = answer.ids.length;
  const counted =
    n < pageSize && (n > 0 || offset === 0)
      ? { total: offset + n, totalIsLowerBound: false }
      : answer.found > TOTAL_COUNT_LIMIT
        ? { total: TOTAL_COUNT_LIMIT, totalIsLowerBound: true }
        : { total: answer.found, totalIsLowerBound: false };
  return { items, ...counted, pageNumber, pageSize, location, asOf: asOf.toISOString(), pins };
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

/**
 * The map's markers for a view: the found jobs inside it grouped by grid cell (src/lib/map-grid.ts)
 * in SQL, a count and the average position per cell, the job itself where a cell holds one. The
 * grid keeps the cells a view touches within MAX_CELLS, so no answer has more markers than that.
 */
async function clustersOf(db: Db, where: SQL, viewport: Viewport): Promise<MapPins> {
  const zoom = gridZoomFor(viewport);
  const size = cellSize(zoom);
  const rows = Math.round(180 / size);
  const cols = Math.round(360 / size);
  // As cellOf does: the 180th meridian belongs to the first column.
  const lng = sql`(case when ${jobPosts.longitude} >= 180 then ${jobPosts.longitude} - 360 else ${jobPosts.longitude} end)`;
  const row = sql<number>`least(${rows - 1}::int, greatest(0, floor((${jobPosts.latitude} + 90) / ${size}::float8)::int))`;
  const col = sql<number>`least(${cols - 1}::int, greatest(0, floor((${lng} + 180) / ${size}::float8)::int))`;
  const cells = await db
    .select({
      row: row.as('cell_row'),
      col: col.as('cell_col'),
      count: sql<number>`count(*)::int`,
      latitude: sql<number>`avg(${jobPosts.latitude})`,
      longitude: sql<number>`avg(${jobPosts.longitude})`,
      jobId: sql<string>`min(${jobPosts.id}::text)`,
    })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(and(where, sql`${jobPosts.latitude} is not null and ${jobPosts.longitude} is not null`, inBoxSql(viewport)))
    .groupBy(sql`cell_row`, sql`cell_col`)
    .orderBy(sql`cell_row`, sql`cell_col`)
    .limit(500);
  return pinsOf(
    db,
    zoom,
    cells.map((c) => ({
      row: Number(c.row),
      col: Number(c.col),
      count: Number(c.count),
      latitude: Number(c.latitude),
      longitude: Number(c.longitude),
      jobId: c.jobId,
    })),
  );
}

type Cell = { row: number; col: number; count: number; latitude: number; longitude: number; jobId: string | null };

/** The jobs of the cells holding one: their markers show the job's title. */
const singlePins = (cells: readonly Cell[]): string[] => cells.flatMap((c) => (c.count === 1 && c.jobId !== null ? [c.jobId] : []));

/** What a single job's pin shows of its job: the title, and whether its boost highlights the pin. */
type PinJob = { title: string; boostPlacements: readonly string[] };

/**
 * The markers of grouped cells; the titles and placements of the cells that hold one job are read
 * afterwards (the grouping reads positions and ids only), those of rows kept by the index's
 * searches from there. A single job's pin is highlighted when its boost gives `highlightedPin`.
 */
async function pinsOf(db: Db, zoom: number, cells: Cell[], kept?: (id: string) => ListViewRow | undefined): Promise<MapPins> {
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

/** map-clusters: the jobs a search finds inside the view (and its circle, when it has one), as markers. */
export async function mapClusters(
  ctx: AppContext,
  request: { viewport: Viewport; keyword: string | null; location: SearchLocation | null; filters: SearchFilters },
  searcher: Searcher,
): Promise<MapPins> {
  assertKnownIds(request.filters, await postingNames(ctx));
  const now = ctx.adapters.now();
  const indexed = await indexAnswer(ctx, {
    keyword: request.keyword,
    location: request.location,
    filters: request.filters,
    sort: 'newest',
    offset: 0,
    limit: 0,
    now,
    asOf: null,
    boostedOnly: false,
    lift: false,
    searcher,
    viewport: request.viewport,
    viewOnly: true,
  });
  if (indexed) return pinsOf(ctx.db, indexed.answer.cells!.zoom, indexed.answer.cells!.cells, (id) => indexed.sync.rows.get(id));
  const plan = await planOf(
    ctx,
    { keyword: request.keyword, location: request.location, filters: request.filters, asOf: null },
    searcher,
    now,
  );
  return clustersOf(ctx.db, plan.where, request.viewport);
}
