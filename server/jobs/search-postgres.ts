import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { runEvery } from '../platform/every.ts';
import type { Db } from '../db/client.ts';
import { rowsOf, uuidIn } from '../db/sql.ts';
import { greatCircleMiles } from '../db/geo.ts';
import {
  companies,
  jobPosts,
  jobReports,
  jobSearch,
  jobSearchCellChanges,
  jobSearchCells,
  jobSeekerSkills,
  savedJobs,
  users,
} from '../db/schema.ts';
import { listViewColumns, type ListViewRow } from '../posting/index.ts';
import { circleBounds, EARTH_RADIUS_MILES, type LatLngBox } from '../../src/lib/geo.ts';
import { cellOf, cellSize, gridZoomFor } from '../../src/lib/map-grid.ts';
import type { Viewport } from '../../src/contract/map.ts';
import { NO_FILTERS, type SearchFilters, type SearchLocation, type SearchSort } from '../../src/contract/search.ts';
import type { SeekerRecords } from './search-index/seekers.ts';
import { TOTAL_COUNT_LIMIT, type MapCell, type SearchAnswer, type SearchEngine, type SearchQuestion } from './search-engine.ts';
import { filterConditions, keywordQuery } from './search-query.ts';

/**
 * The PostgreSQL search engine: the question in SQL over job_search, the slim copy of the findable
 * jobs its triggers keep (migration 0026). Nearest first and the circle come from the GiST index of
 * earth points, keywords from the tsvector's GIN index, the map of a large view from the counts per
 * grid cell kept beside it. It answers on its own (SEARCH_ENGINE=postgres), and for the index while
 * the index builds or for a keyword the index leaves to it.
 */

const J = jobSearch;

/** The cells' counts are kept up to this zoom (migration 0026's generate_series(1, 14)); finer views group their jobs. */
export const CELL_COUNT_MAX_ZOOM = 14;

/** Saved jobs read with the seeker's other records; a seeker with more has the page's own looked up. */
const SAVED_READ_AHEAD = 500;

const idsIn = (list: unknown): string[] => (list ? String(list).split(',') : []);

/** The seeker's reported jobs, skills and saved jobs, and whether the account is off, in one statement. */
export async function seekerRecordsOf(db: Db, seekerId: string): Promise<SeekerRecords> {
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
    // No such user reads as switched off.
    signedOut: row?.signed_out !== false,
  };
}

/** The list rows of these jobs (job_posts with their company). */
export async function listRowsOf(db: Db, ids: readonly string[]): Promise<Map<string, ListViewRow>> {
  if (ids.length === 0) return new Map();
  const rows = (await db
    .select(listViewColumns)
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(uuidIn(jobPosts.id, [...new Set(ids)]))) as ListViewRow[];
  return new Map(rows.map((r) => [r.id, r]));
}

// ---------- place ----------

/** The place as the copy's points are written (migration 0026's job_search_point: miles from the earth's centre). */
const earthAt = (lat: number, lng: number) => sql`job_search_point(${lat}::float8, ${lng}::float8)`;

/** Straight-line distance through the earth from the point: nearer on the surface is nearer in it, and the GiST index orders by it. */
const nearness = (location: SearchLocation): SQL<number | null> => sql`(${J.earth} <-> ${earthAt(location.latitude, location.longitude)})`;

/**
 * Within the circle: the box around it from the GiST index (the cube enlarged by the straight-line
 * distance to the circle's edge), then the exact haversine of src/lib/geo.ts, which decides as the
 * index does.
 */
function withinCircle(location: SearchLocation, keyword: SQL | null): SQL {
  const { latitude: lat, longitude: lng, radius } = location;
  // The straight line through the earth to the circle's edge, a hair longer so rounding never leaves a job out.
  const chord = 2 * EARTH_RADIUS_MILES * Math.sin(radius / (2 * EARTH_RADIUS_MILES)) * (1 + 1e-9) + 1e-9;
  const tokens = keyword && placeTokens(location);
  // With a keyword, the words and the place's cells in one question of the GIN index: the planner
  // knows how many jobs each cell's token holds, and crosses the two instead of reading every job
  // of a crowded place to check its words.
  const words = tokens ? sql` and ${J.searchDocument} @@ (${keyword} && ${tokens}::tsquery)` : sql``;
  return sql`(${J.earth} <@ cube_enlarge(${earthAt(lat, lng)}, ${chord}::float8, 3) and ${greatCircleMiles({ latitude: lat, longitude: lng }, J)} <= ${radius}::float8${words})`;
}

/**
 * Each positioned job's search document in job_search also holds a token for its grid cell at
 * these zooms (` p{zoom}r{row}c{col}`, migration 0026's job_search_place_tokens, as cellOf computes
 * the cell), without positions, so ranking is unchanged; the leading space keeps keywords off them.
 */
export const PLACE_TOKEN_ZOOMS = [3, 5, 7, 9] as const;
const MAX_PLACE_TOKENS = 24;

/** The tokens of the cells the circle's box covers, at the finest zoom that needs at most 24 of them (or null). */
function placeTokens(location: SearchLocation): string | null {
  const box = circleBounds(location.latitude, location.longitude, location.radius);
  for (const zoom of [...PLACE_TOKEN_ZOOMS].reverse()) {
    const south = cellOf(box.south, 0, zoom).row;
    const north = cellOf(box.north, 0, zoom).row;
    const west = cellOf(0, box.west, zoom).col;
    const east = cellOf(0, box.east, zoom).col;
    const cols = Math.round(360 / cellSize(zoom));
    const span = west <= east ? east - west + 1 : cols - west + east + 1;
    if ((north - south + 1) * span > MAX_PLACE_TOKENS) continue;
    const tokens: string[] = [];
    for (let r = south; r <= north; r++) for (let k = 0; k < span; k++) tokens.push(`' p${zoom}r${r}c${(west + k) % cols}'`);
    return tokens.join(' | ');
  }
  return null;
}

/** The job's position lies in the box (the GiST index of points); a box across the 180th meridian is two. */
function inBox(box: LatLngBox): SQL {
  const point = sql`point(${J.longitude}, ${J.latitude})`;
  const part = (west: number, east: number) =>
    sql`${point} <@ box(point(${west}::float8, ${box.south}::float8), point(${east}::float8, ${box.north}::float8))`;
  return box.west <= box.east ? part(box.west, box.east) : sql`(${part(box.west, 180)} or ${part(-180, box.east)})`;
}

/** Where a job may be: near the place, or remote (which has no place) as the filter says. */
function placeCondition(location: SearchLocation | null, remote: SearchFilters['remote'], keyword: SQL | null): SQL | undefined {
  if (remote === 'only') return sql`${J.isRemote}`;
  if (!location) return remote === 'exclude' ? sql`not ${J.isRemote}` : undefined;
  if (remote === 'exclude') return sql`(not ${J.isRemote} and ${withinCircle(location, keyword)})`;
  return sql`(${J.isRemote} or ${withinCircle(location, null)})`;
}

// ---------- the plan ----------

const inFeaturedStrip = sql`'featuredStrip' = any(${J.boostPlacements})`;
const liftedJob = sql`'searchLift' = any(${J.boostPlacements})`;

interface Plan {
  where: SQL;
  distance: SQL<number | null> | null;
  keyword: SQL | null;
  /**
   * Where nearby and remote jobs are both found (a place, remote neither excluded nor the only
   * ones): each half's conditions, read and counted apart, each from its own index.
   */
  halves: { nearby: SQL; remote: SQL; nearest: { where: SQL; center: SQL } | null } | null;
}

/** Keywords already read, as PostgreSQL writes their query (null: nothing of it can be searched). */
const keywordTexts = new Map<string, string | null>();

/**
 * The keyword's query, read by PostgreSQL once per keyword (keywordQuery) and kept as its text,
 * which casts back to the same tsquery: one statement less for every later search of it.
 */
async function keywordOf(db: Db, keyword: string | null): Promise<SQL | null> {
  if (!keyword) return null;
  let text = keywordTexts.get(keyword);
  if (text === undefined) {
    text = (await keywordQuery(db, keyword))?.text ?? null;
    keywordTexts.set(keyword, text);
    if (keywordTexts.size > 1000) keywordTexts.delete(keywordTexts.keys().next().value!);
  }
  return text === null ? null : sql`${text}::tsquery`;
}

async function planOf(db: Db, q: SearchQuestion): Promise<Plan> {
  const keyword = await keywordOf(db, q.keyword);
  const { location } = q;
  const rest = and(
    sql`${J.validThrough} > ${q.now.toISOString()}::timestamptz`,
    keyword ? sql`${J.searchDocument} @@ ${keyword}` : undefined,
    ...filterConditions(q.filters, J),
    sql`${J.postedAt} <= ${q.asOf.toISOString()}::timestamptz`,
    q.boostedOnly ? inFeaturedStrip : undefined,
    q.reported?.size ? sql`not ${uuidIn(J.id, [...q.reported])}` : undefined,
  )!;
  const place = placeCondition(location, q.filters.remote, keyword);
  const where = place ? and(rest, place)! : rest;
  const halves =
    location && q.filters.remote === 'include'
      ? {
          nearby: and(rest, sql`not ${J.isRemote}`, withinCircle(location, keyword))!,
          remote: and(rest, sql`${J.isRemote}`)!,
          // Without a keyword, the nearby jobs in order straight from the GiST index (see distanceFirstIds).
          nearest: keyword
            ? null
            : {
                where: and(rest, sql`not ${J.isRemote}`, sql`${greatCircleMiles(location, J)} <= ${location.radius}::float8`)!,
                center: earthAt(location.latitude, location.longitude),
              },
        }
      : null;
  return { where, keyword, halves, distance: location ? nearness(location) : null };
}

function orderOf(sort: SearchSort, plan: Plan): SQL[] {
  const nearest = plan.distance ? [sql`${plan.distance} asc nulls last`] : [];
  const tie = asc(J.id);
  switch (sort) {
    case 'distance':
      return [...nearest, desc(J.postedAt), tie];
    case 'newest':
      return [desc(J.postedAt), tie];
    case 'pay':
      return [sql`${J.yearlyPay} desc nulls last`, ...nearest, tie];
    case 'relevance':
      return [...(plan.keyword ? [sql`ts_rank(${J.searchDocument}, ${plan.keyword}) desc`] : []), ...nearest, desc(J.postedAt), tie];
  }
}

/** The plan's jobs that also meet a condition. */
const narrowed = (plan: Plan, condition: SQL): Plan => ({
  ...plan,
  where: and(plan.where, condition)!,
  halves: plan.halves && {
    nearby: and(plan.halves.nearby, condition)!,
    remote: and(plan.halves.remote, condition)!,
    nearest: plan.halves.nearest && { ...plan.halves.nearest, where: and(plan.halves.nearest.where, condition)! },
  },
});

type IdRow = { id: string; lead?: unknown; distance?: unknown; posted?: unknown };

/** The ids of a page, in order, from job_search alone. */
function idsOfPage(db: Db, where: SQL, order: SQL[], limit: number, offset: number, extra: Record<string, SQL> = {}): Promise<IdRow[]> {
  return db
    .select({ id: J.id, ...extra })
    .from(J)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset) as Promise<IdRow[]>;
}

/** Jobs found, counted up to `limit` (all of them without one). */
async function countUpTo(db: Db, where: SQL, limit?: number): Promise<number> {
  const found = db
    .select({ one: sql`1` })
    .from(J)
    .where(where);
  const [row] = await db.select({ n: count() }).from((limit === undefined ? found : found.limit(limit)).as('found'));
  return Number(row?.n ?? 0);
}

/** Jobs found, counted up to the limit (one more tells whether there are more); nearby and remote apart. */
async function totalOf(db: Db, plan: Plan): Promise<number> {
  if (!plan.halves) return countUpTo(db, plan.where, TOTAL_COUNT_LIMIT + 1);
  const n = await countUpTo(db, plan.halves.nearby, TOTAL_COUNT_LIMIT + 1);
  return n > TOTAL_COUNT_LIMIT ? n : n + (await countUpTo(db, plan.halves.remote, TOTAL_COUNT_LIMIT + 1 - n));
}

/**
 * A page's ids. In an order that lifts, the lifted jobs come first, each group in the order itself:
 * the lifted ones (few, from their own index) are read up to the page's end, and when they end
 * before it, the page goes on with the others from where the lifted ones leave it.
 */
async function pageIds(db: Db, plan: Plan, sort: SearchSort, offset: number, limit: number, lift: boolean): Promise<string[]> {
  if (!lift) return idsInOrder(db, plan, sort, limit, offset);
  // Asked together: most searches find no lifted job, and then the page is the plain one.
  const [lifted, plain] = await Promise.all([
    idsInOrder(db, narrowed(plan, liftedJob), sort, offset + limit, 0),
    idsInOrder(db, plan, sort, limit, offset),
  ]);
  if (lifted.length === 0) return plain;
  const ids = lifted.slice(offset);
  if (lifted.length < offset + limit) {
    const others = narrowed(plan, sql`not ${uuidIn(J.id, lifted)}`);
    ids.push(...(await idsInOrder(db, others, sort, limit - ids.length, Math.max(0, offset - lifted.length))));
  }
  return ids;
}

/**
 * A page of the plan's jobs in the sort's order. Ordered by distance first (the distance sort, or
 * relevance without a keyword), nearby jobs come before remote ones (which have no distance),
 * newest first: nearby ones nearest first from the GiST index, then remote ones from their own.
 */
async function idsInOrder(db: Db, plan: Plan, sort: SearchSort, limit: number, offset: number): Promise<string[]> {
  if (!plan.halves || !plan.distance) return (await idsOfPage(db, plan.where, orderOf(sort, plan), limit, offset)).map((r) => r.id);
  const distanceFirst = sort === 'distance' || (sort === 'relevance' && !plan.keyword);
  return distanceFirst ? distanceFirstIds(db, plan.halves, plan.distance, limit, offset) : mergedIds(db, plan, sort, limit, offset);
}

type Halves = NonNullable<Plan['halves']>;

/** Nearby jobs by distance, then remote ones newest first. */
async function distanceFirstIds(
  db: Db,
  { nearby, remote, nearest }: Halves,
  distance: SQL,
  limit: number,
  offset: number,
): Promise<string[]> {
  const remoteOrder = [desc(J.postedAt), asc(J.id)];
  const order = [sql`${distance} asc`, ...remoteOrder];
  // A crowded place: when the circle holds the page (a count that stops there, from the index
  // alone), the page is read nearest first from the GiST index and stops at its last job, instead
  // of sorting every job of the circle. The planner cannot know the circle is crowded.
  if (nearest && (await countUpTo(db, nearby, offset + limit)) >= offset + limit) {
    // The page's farthest job, found by walking the index nearest first (an order of the distance
    // alone, which the planner always reads from the index); then the page from the small ball
    // around the place that holds it, ties and all.
    const [edge] = rowsOf<{ d: number }>(
      await db.execute(
        sql`select ${distance} as d from ${J} where ${nearest.where} order by ${distance} limit 1 offset ${offset + limit - 1}`,
      ),
    );
    if (edge) {
      const reach = Number(edge.d);
      const within = sql`${J.earth} <@ cube_enlarge(${nearest.center}, ${reach * (1 + 1e-9)}::float8, 3) and ${distance} <= ${reach}::float8`;
      return (await idsOfPage(db, and(nearby, within)!, order, limit, offset)).map((r) => r.id);
    }
  }
  const near = (await idsOfPage(db, nearby, order, limit, offset)).map((r) => r.id);
  if (near.length === limit) return near;
  // Past the nearby jobs: how many there are tells where the remote ones start.
  const nearbyCount = near.length > 0 ? offset + near.length : await countUpTo(db, nearby);
  const far = (await idsOfPage(db, remote, remoteOrder, limit - near.length, Math.max(0, offset - nearbyCount))).map((r) => r.id);
  return [...near, ...far];
}

/** Descending, nulls last (as SQL's `desc nulls last`); ascending with `asc`. */
const byKey = (a: number | bigint | null, b: number | bigint | null, direction: 'asc' | 'desc') =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : (a < b ? -1 : 1) * (direction === 'asc' ? 1 : -1);

/**
 * Newest first, best paid first, or best matching first (with nearer first at the same pay or
 * match): the first pages of each half, each read in order from its own indexes, merged here.
 * Remote jobs have no distance, so they come after nearby ones on equal terms.
 */
async function mergedIds(db: Db, plan: Plan, sort: SearchSort, limit: number, offset: number): Promise<string[]> {
  const { nearby, remote } = plan.halves!;
  const distance = plan.distance!;
  const posted = sql<string>`(extract(epoch from ${J.postedAt}) * 1000000)::bigint::text`;
  const lead =
    sort === 'pay' ? sql`${J.yearlyPay}` : sort === 'relevance' && plan.keyword ? sql`ts_rank(${J.searchDocument}, ${plan.keyword})` : null;
  const order = (d: SQL | null) => [
    ...(lead ? [sql`${lead} desc nulls last`] : []),
    ...(sort === 'newest' ? [] : d ? [sql`${d} asc`] : []),
    ...(sort === 'pay' ? [] : [desc(J.postedAt)]),
    asc(J.id),
  ];
  const extra = (d: SQL) => ({ lead: lead ?? sql`null`, distance: d, posted });
  const [near, far] = await Promise.all([
    idsOfPage(db, nearby, order(distance), offset + limit, 0, extra(distance)),
    idsOfPage(db, remote, order(null), offset + limit, 0, extra(sql`null::float8`)),
  ]);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const before = (a: IdRow, b: IdRow) =>
    byKey(num(a.lead), num(b.lead), 'desc') ||
    (sort === 'newest' ? 0 : byKey(num(a.distance), num(b.distance), 'asc')) ||
    (sort === 'pay' ? 0 : byKey(BigInt(String(a.posted)), BigInt(String(b.posted)), 'desc')) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...near, ...far]
    .sort(before)
    .slice(offset, offset + limit)
    .map((r) => r.id);
}

// ---------- the map ----------

/** The cell's row and column of a job's position, as cellOf of src/lib/map-grid.ts computes them. */
function cellColumns(zoom: number) {
  const size = cellSize(zoom);
  const rows = Math.round(180 / size);
  const cols = Math.round(360 / size);
  // As cellOf does: the 180th meridian belongs to the first column.
  const lng = sql`(case when ${J.longitude} >= 180 then ${J.longitude} - 360 else ${J.longitude} end)`;
  return {
    row: sql<number>`least(${rows - 1}::int, greatest(0, floor((${J.latitude} + 90) / ${size}::float8)::int))`,
    col: sql<number>`least(${cols - 1}::int, greatest(0, floor((${lng} + 180) / ${size}::float8)::int))`,
  };
}

/** The found jobs in the box (anywhere without one), grouped by cell: a count, the average position, the job where a cell holds one. */
async function groupedCells(db: Db, where: SQL, box: LatLngBox | null, zoom: number, limit: number): Promise<MapCell[]> {
  const { row, col } = cellColumns(zoom);
  const cells = await db
    .select({
      row: row.as('cell_row'),
      col: col.as('cell_col'),
      count: sql<number>`count(*)::int`,
      latitude: sql<number>`avg(${J.latitude})`,
      longitude: sql<number>`avg(${J.longitude})`,
      jobId: sql<string>`min(${J.id}::text)`,
    })
    .from(J)
    .where(and(where, sql`${J.latitude} is not null and ${J.longitude} is not null`, box ? inBox(box) : undefined))
    .groupBy(sql`cell_row`, sql`cell_col`)
    .orderBy(sql`cell_row`, sql`cell_col`)
    .limit(limit);
  return cells.map((c) => ({
    row: Number(c.row),
    col: Number(c.col),
    count: Number(c.count),
    latitude: Number(c.latitude),
    longitude: Number(c.longitude),
    jobId: c.count === 1 ? c.jobId : null,
  }));
}

/** No filter narrows the jobs: every one NO_FILTERS leaves as it is. */
const unfiltered = (f: SearchFilters) =>
  f.jobTypes.length === 0 &&
  f.schedules.length === 0 &&
  f.skills.length === 0 &&
  f.workSchedule === null &&
  !(f.minimumPay && f.minimumPay.amount > 0) &&
  f.experience === null &&
  !f.openToMinors &&
  f.remote === 'include' &&
  f.postedSince <= NO_FILTERS.postedSince;

/** Every job a plain map finds is in the cells' counts: no keyword, no filter, no place, nothing left out but reports. */
function countsAnswer(q: SearchQuestion): boolean {
  return q.keyword === null && q.location === null && !q.boostedOnly && q.asOf.getTime() >= q.now.getTime() && unfiltered(q.filters);
}

/** The view's cells, whole ones inside it (their rows and columns), at a zoom. */
function innerCells(view: LatLngBox, zoom: number): { rows: [number, number]; cols: [number, number][] } | null {
  const size = cellSize(zoom);
  const rowCount = Math.round(180 / size);
  const colCount = Math.round(360 / size);
  const first = (edge: number, offset: number) => Math.ceil((edge + offset) / size - 1e-9);
  const last = (edge: number, offset: number, n: number) => Math.min(n, Math.floor((edge + offset) / size + 1e-9)) - 1;
  const rows: [number, number] = [Math.max(0, first(view.south, 90)), last(view.north, 90, rowCount)];
  if (rows[0] > rows[1]) return null;
  const span = (west: number, east: number): [number, number] => [Math.max(0, first(west, 180)), last(east, 180, colCount)];
  const cols = (view.west <= view.east ? [span(view.west, view.east)] : [span(view.west, 180), span(-180, view.east)]).filter(
    ([a, b]) => a <= b,
  );
  return cols.length ? { rows, cols } : null;
}

/**
 * The parts of the view outside its whole cells: the strips south and north of them, and the
 * longitudes beside them. Edges belong to both sides; the cell of each job decides.
 */
function edgeStrips(view: LatLngBox, inner: Inner, size: number): LatLngBox[] {
  const south = inner.rows[0] * size - 90;
  const north = (inner.rows[1] + 1) * size - 90;
  const strips: LatLngBox[] = [];
  if (view.south < south) strips.push({ south: view.south, north: south, west: view.west, east: view.east });
  if (view.north > north) strips.push({ south: north, north: view.north, west: view.west, east: view.east });
  const spans = inner.cols.map(([a, b]) => [a * size - 180, (b + 1) * size - 180] as const);
  const ranges: (readonly [number, number])[] =
    view.west <= view.east
      ? [[view.west, view.east]]
      : [
          [view.west, 180],
          [-180, view.east],
        ];
  for (const range of ranges) {
    let pieces: (readonly [number, number])[] = [range];
    for (const [west, east] of spans)
      pieces = pieces.flatMap(([w, e]) =>
        east <= w || west >= e ? [[w, e] as const] : [...(west > w ? [[w, west] as const] : []), ...(east < e ? [[east, e] as const] : [])],
      );
    for (const [w, e] of pieces) strips.push({ south, north, west: w, east: e });
  }
  return strips;
}

/** Cells of a zoom whose rows and columns fall in whole cells' ranges, as SQL over a row and a column. */
const inCells = (inner: Inner, row: SQL | AnyColumn, col: SQL | AnyColumn, shift = 0): SQL =>
  sql`(${row} between ${inner.rows[0] << shift}::int and ${((inner.rows[1] + 1) << shift) - 1}::int and (${sql.join(
    inner.cols.map(([a, b]) => sql`${col} between ${a << shift}::int and ${((b + 1) << shift) - 1}::int`),
    sql` or `,
  )}))`;

type Inner = NonNullable<ReturnType<typeof innerCells>>;

const within = (inner: Inner | null, { row, col }: { row: number; col: number }) =>
  inner !== null && row >= inner.rows[0] && row <= inner.rows[1] && inner.cols.some(([a, b]) => col >= a && col <= b);

/** Finer cells read around the whole ones: zooms finer than the map's (a cell splits in 64 at 3). */
const FINER = 3;

/**
 * A plain map of a large view: the cells wholly inside it from the counts kept per cell, the ring
 * around them from the counts of a finer zoom (whose cells nest in the map's), and only the thin
 * edge left by grouping its jobs. Jobs past their last moment and the seeker's reported jobs are
 * taken off the counts.
 */
async function countedCells(db: Db, where: SQL, q: SearchQuestion, view: LatLngBox, zoom: number): Promise<MapCell[]> {
  const k = Math.min(FINER, CELL_COUNT_MAX_ZOOM - zoom);
  const fine = zoom + k;
  const whole = innerCells(view, zoom);
  const finer = innerCells(view, fine);
  if (!finer) return groupedCells(db, where, view, zoom, 500);
  const size = cellSize(zoom);
  const fineSize = cellSize(fine);
  const C = jobSearchCells;
  const D = jobSearchCellChanges;
  /**
   * The ring: each finer row's column ranges inside the view and outside the whole cells, asked as
   * index lookups of (zoom, row, column range), not as a scan of every finer cell in the rows.
   */
  const ring: [number, number, number][] = [];
  for (let r = finer.rows[0]; r <= finer.rows[1]; r++) {
    const inWholeRow = whole !== null && k > 0 && r >> k >= whole.rows[0] && r >> k <= whole.rows[1];
    for (const [a, b] of finer.cols) {
      let pieces: [number, number][] = [[a, b]];
      if (inWholeRow)
        for (const [wa, wb] of whole.cols) {
          const [from, to] = [wa << k, ((wb + 1) << k) - 1];
          pieces = pieces.flatMap(([x, y]): [number, number][] =>
            to < x || from > y
              ? [[x, y]]
              : [...(from > x ? [[x, from - 1] as [number, number]] : []), ...(to < y ? [[to + 1, y] as [number, number]] : [])],
          );
        }
      for (const [x, y] of pieces) ring.push([r, x, y]);
    }
  }
  const ringValues = ring.length
    ? sql.join(
        ring.map(([r, x, y]) => sql`(${r}::int, ${x}::int, ${y}::int)`),
        sql`, `,
      )
    : null;
  const asked = (t: typeof C | typeof D) => [
    ...(whole && k > 0
      ? [
          sql`select ${t.zoom}, ${t.row}, ${t.col}, ${t.jobs}, ${t.latitudeSum}, ${t.longitudeSum} from ${t} where ${t.zoom} = ${zoom}::smallint and ${inCells(whole, t.row, t.col)}`,
        ]
      : []),
    ...(ringValues
      ? [
          sql`select ${t.zoom}, ${t.row}, ${t.col}, ${t.jobs}, ${t.latitudeSum}, ${t.longitudeSum} from ${t} join (values ${ringValues}) as ring(r, a, b) on ${t.zoom} = ${fine}::smallint and ${t.row} = ring.r and ${t.col} between ring.a and ring.b`,
        ]
      : []),
  ];
  // The edge: its strips from the index of points, less the jobs whose finer cell was counted.
  const strips = edgeStrips(view, finer, fineSize);
  const fineCell = cellColumns(fine);
  const onEdges = and(
    sql`(${sql.join(
      strips.map((b) => inBox(b)),
      sql` or `,
    )})`,
    sql`not ${inCells(finer, fineCell.row, fineCell.col)}`,
  )!;
  const [counted, edges, leftOut] = await Promise.all([
    // The counts, with the changes not folded in yet.
    db.execute(sql`select zoom, cell_row as row, cell_col as col, sum(jobs)::int as jobs, sum(latitude_sum) as lat, sum(longitude_sum) as lng from (
        ${sql.join([...asked(C), ...asked(D)], sql` union all `)}
      ) c group by zoom, cell_row, cell_col having sum(jobs) > 0`),
    strips.length ? groupedCells(db, and(where, onEdges)!, view, zoom, 500) : Promise.resolve([]),
    // Jobs the counts hold that the search leaves out: past their last moment and not swept out
    // yet (a few seconds' worth), or reported by the seeker.
    db
      .select({ latitude: J.latitude, longitude: J.longitude })
      .from(J)
      .where(
        and(
          sql`${J.earth} is not null`,
          q.reported?.size
            ? sql`(${J.validThrough} <= ${q.now.toISOString()}::timestamptz or ${uuidIn(J.id, [...q.reported])})`
            : sql`${J.validThrough} <= ${q.now.toISOString()}::timestamptz`,
        ),
      ),
  ]);
  type Sum = { row: number; col: number; count: number; latSum: number; lngSum: number; counted: number; edgeJob: string | null };
  const cells = new Map<string, Sum>();
  const add = (row: number, col: number, count: number, latSum: number, lngSum: number, counted: number, edgeJob: string | null) => {
    const key = `${row}/${col}`;
    const cell = cells.get(key) ?? { row, col, count: 0, latSum: 0, lngSum: 0, counted: 0, edgeJob: null };
    cell.count += count;
    cell.latSum += latSum;
    cell.lngSum += lngSum;
    cell.counted += counted;
    cell.edgeJob ??= edgeJob;
    cells.set(key, cell);
  };
  for (const c of rowsOf<{ zoom: number; row: number; col: number; jobs: number; lat: number; lng: number }>(counted)) {
    const shift = Number(c.zoom) === zoom ? 0 : k;
    add(Number(c.row) >> shift, Number(c.col) >> shift, Number(c.jobs), Number(c.lat), Number(c.lng), Number(c.jobs), null);
  }
  for (const r of leftOut) {
    // Taken off only where the counts held it: its finer cell was counted (the whole cells nest in them).
    if (!within(finer, cellOf(r.latitude!, r.longitude!, fine))) continue;
    const { row, col } = cellOf(r.latitude!, r.longitude!, zoom);
    add(row, col, -1, -r.latitude!, -r.longitude!, -1, null);
  }
  for (const e of edges) add(e.row, e.col, e.count, e.latitude * e.count, e.longitude * e.count, 0, e.jobId);
  const found = [...cells.values()].filter((c) => c.count > 0);
  // The job of each cell holding one that the counts gave: the one job of the search in that cell and the view.
  const single = found.filter((c) => c.count === 1 && c.counted === 1);
  const jobOf = new Map<string, string>();
  if (single.length) {
    const { row, col } = cellColumns(zoom);
    const ids = await db
      .select({ row: row.as('cell_row'), col: col.as('cell_col'), id: sql<string>`min(${J.id}::text)` })
      .from(J)
      .where(
        and(
          where,
          inBox(view),
          sql`(${sql.join(
            single.map(
              (c) =>
                sql`(${inBox({ south: c.row * size - 90, north: (c.row + 1) * size - 90, west: c.col * size - 180, east: (c.col + 1) * size - 180 })} and ${row} = ${c.row}::int and ${col} = ${c.col}::int)`,
            ),
            sql` or `,
          )})`,
        ),
      )
      .groupBy(sql`cell_row`, sql`cell_col`);
    for (const f of ids) jobOf.set(`${f.row}/${f.col}`, f.id);
  }
  return found
    .map((c) => ({
      row: c.row,
      col: c.col,
      count: c.count,
      latitude: c.latSum / c.count,
      longitude: c.lngSum / c.count,
      jobId: c.count !== 1 ? null : c.counted === 1 ? (jobOf.get(`${c.row}/${c.col}`) ?? null) : c.edgeJob,
    }))
    .sort((a, b) => a.row - b.row || a.col - b.col)
    .slice(0, 500);
}

/**
 * The map's cells over the view, at the finest grid that keeps them within the marker limit
 * (src/lib/map-grid.ts): from the counts where they answer, else by grouping the found jobs in it.
 */
async function cellsOf(db: Db, plan: Plan, q: SearchQuestion, viewport: Viewport): Promise<{ zoom: number; cells: MapCell[] }> {
  const zoom = gridZoomFor(viewport);
  if (zoom <= CELL_COUNT_MAX_ZOOM && countsAnswer(q)) return { zoom, cells: await countedCells(db, plan.where, q, viewport, zoom) };
  if (!plan.halves || !q.location) return { zoom, cells: await groupedCells(db, plan.where, viewport, zoom, 500) };
  // Nearby and remote jobs apart, so the circle's jobs come from the GiST index alone (a view that
  // holds the whole circle, as the pins of a search, adds no condition of its own).
  const box = circleBounds(q.location.latitude, q.location.longitude, q.location.radius);
  const holds =
    viewport.west <= viewport.east &&
    box.west <= box.east &&
    viewport.south <= box.south &&
    viewport.north >= box.north &&
    viewport.west <= box.west &&
    viewport.east >= box.east;
  const [near, far] = await Promise.all([
    groupedCells(db, plan.halves.nearby, holds ? null : viewport, zoom, 500),
    groupedCells(db, plan.halves.remote, viewport, zoom, 500),
  ]);
  if (far.length === 0) return { zoom, cells: near };
  const merged = new Map(near.map((c) => [`${c.row}/${c.col}`, { ...c }]));
  for (const c of far) {
    const cell = merged.get(`${c.row}/${c.col}`);
    if (!cell) {
      merged.set(`${c.row}/${c.col}`, { ...c });
      continue;
    }
    const count = cell.count + c.count;
    cell.latitude = (cell.latitude * cell.count + c.latitude * c.count) / count;
    cell.longitude = (cell.longitude * cell.count + c.longitude * c.count) / count;
    cell.count = count;
    cell.jobId = null;
  }
  return { zoom, cells: [...merged.values()].sort((a, b) => a.row - b.row || a.col - b.col).slice(0, 500) };
}

/** How often each process folds the noted changes into the cells' counts. */
export const CELL_FOLD_EVERY_MS = 5_000;

/**
 * Adds the noted changes to the cells' counts and removes them, in one statement. Processes folding
 * at once never count a change twice: a change one deletes, the other no longer finds.
 */
export async function foldCellChanges(db: Db): Promise<void> {
  await db.execute(sql`with moved as (delete from ${jobSearchCellChanges} returning *)
    insert into ${jobSearchCells} (zoom, cell_row, cell_col, jobs, latitude_sum, longitude_sum)
    select zoom, cell_row, cell_col, sum(jobs), sum(latitude_sum), sum(longitude_sum) from moved group by zoom, cell_row, cell_col
    on conflict (zoom, cell_row, cell_col) do update set
      jobs = ${jobSearchCells.jobs} + excluded.jobs,
      latitude_sum = ${jobSearchCells.latitudeSum} + excluded.latitude_sum,
      longitude_sum = ${jobSearchCells.longitudeSum} + excluded.longitude_sum`);
}

/**
 * Takes the jobs past their last moment out of the copy (and so out of the cells' counts): the
 * copy holds Active jobs, and an Active job past `valid_through` stays Active. Past it by both the
 * app's clock and the database's, so a clock moved ahead (tests, the dev clock) and back never
 * loses a job still open at real time; searches still check `valid_through` themselves.
 */
export async function sweepExpired(db: Db, now: Date): Promise<void> {
  await db.delete(J).where(sql`${J.validThrough} <= least(${now.toISOString()}::timestamptz, now())`);
}

/**
 * Every few seconds while the app runs: the cells' changes folded in, expired jobs swept out. The
 * timer never keeps the process alive.
 */
export function startSearchUpkeep(ctx: AppContext): () => void {
  return runEvery(
    CELL_FOLD_EVERY_MS,
    async () => {
      await sweepExpired(ctx.db, ctx.adapters.now());
      await foldCellChanges(ctx.db);
    },
    (err) => ctx.log.error({ err }, 'folding the map’s cell counts failed; tried again shortly'),
  );
}

// ---------- the engine ----------

export function postgresEngine(ctx: AppContext): SearchEngine {
  const { db } = ctx;
  return {
    name: 'postgres',
    seeker: (seekerId) => seekerRecordsOf(db, seekerId),
    rows: (ids) => listRowsOf(db, ids),
    async answer(q: SearchQuestion): Promise<SearchAnswer> {
      const plan = await planOf(db, q);
      if (q.viewOnly) {
        const cells = await cellsOf(db, plan, q, q.viewport!);
        return { ids: [], found: cells.cells.reduce((n, c) => n + c.count, 0), cells };
      }
      const [ids, cells] = await Promise.all([
        q.limit > 0 ? pageIds(db, plan, q.sort, q.offset, q.limit, q.lift) : Promise.resolve([]),
        q.viewport ? cellsOf(db, plan, q, q.viewport) : Promise.resolve(null),
      ]);
      // A page that is not full ends the list, and tells the total without counting.
      const found = ids.length < q.limit && (ids.length > 0 || q.offset === 0) ? q.offset + ids.length : await totalOf(db, plan);
      return { ids, found, cells };
    },
  };
}
