import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../server/context.ts';
import { companies, jobPosts } from '../../server/db/schema.ts';
import { route } from '../../server/http/route.ts';
import { reportedBy } from '../../server/jobs/detail.ts';
import { seekerViewOf } from '../../server/jobs/search.ts';
import { filterConditions, findableJob, usableKeyword, yearlyTopPay } from '../../server/jobs/search-query.ts';
import { jobPostListItemOf, listViewColumns, type ListViewRow } from '../../server/posting/lists.ts';
import { postingNames } from '../../server/posting/names.ts';
import {
  clusterRequestSchema,
  enhancedSearch,
  mapClusters,
  type MapPins,
  type SearchItem,
  type SearchPage,
  type SearchRequest,
  type SearchFilters,
  type SearchLocation,
} from '../../src/contract/search.ts';
import { MAP_MAX_ZOOM, type MapCluster, type Viewport } from '../../src/contract/map.ts';
import { circleBounds, EARTH_RADIUS_MILES } from '../../src/lib/geo.ts';
import { cellSize, gridZoomFor } from '../../src/lib/map-grid.ts';

/**
 * The naive build of job search, for the benchmarks to measure ours against on the same rows and
 * through the same HTTP stack: the same answer, written the obvious way. The distance is computed
 * for every row (no bounding box, so no index on the position can help: `latitude + 0`), the total
 * is `count(*) over ()` on the page query, pages are LIMIT/OFFSET, the map's cells are grouped
 * from every job in the view without an index. Keyword matching uses the same full-text query.
 */

// The position through an expression: the planner cannot use an index on the columns.
const LAT = sql`(${jobPosts.latitude} + 0)`;
const LNG = sql`(${jobPosts.longitude} + 0)`;

const distance = (lat: number, lng: number) =>
  sql<
    number | null
  >`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(power(sin(radians(${LAT} - ${lat}::float8) / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(${LAT})) * power(sin(radians(${LNG} - ${lng}::float8) / 2), 2)))))`;

function inView(v: Viewport): SQL {
  const lat = sql`${LAT} between ${v.south}::float8 and ${v.north}::float8`;
  return v.west <= v.east
    ? sql`(${lat} and ${LNG} between ${v.west}::float8 and ${v.east}::float8)`
    : sql`(${lat} and (${LNG} >= ${v.west}::float8 or ${LNG} <= ${v.east}::float8))`;
}

async function whereOf(
  ctx: AppContext,
  body: { keyword: string | null; location: SearchLocation | null; filters: SearchFilters; asOf: string | null },
  seekerId: string | null,
  now: Date,
) {
  const keyword = await usableKeyword(ctx.db, body.keyword);
  const loc = body.location;
  const d = loc ? distance(loc.latitude, loc.longitude) : null;
  const remote = body.filters.remote;
  const place =
    remote === 'only'
      ? sql`${jobPosts.isRemote}`
      : !loc || !d
        ? remote === 'exclude'
          ? sql`not ${jobPosts.isRemote}`
          : undefined
        : remote === 'exclude'
          ? sql`(not ${jobPosts.isRemote} and ${d} <= ${loc.radius}::float8)`
          : sql`(${jobPosts.isRemote} or ${d} <= ${loc.radius}::float8)`;
  const where = and(
    findableJob(now),
    place,
    keyword ? sql`${jobPosts.searchDocument} @@ ${keyword}` : undefined,
    ...filterConditions(body.filters),
    body.asOf ? sql`${jobPosts.postedAt} <= ${body.asOf}::timestamptz` : undefined,
    seekerId ? sql`not ${reportedBy(seekerId)}` : undefined,
  )!;
  return { where, keyword, distance: d };
}

async function naiveClusters(ctx: AppContext, where: SQL, viewport: Viewport): Promise<MapPins> {
  const zoom = gridZoomFor(viewport);
  const size = cellSize(zoom);
  const rows = Math.round(180 / size);
  const cols = Math.round(360 / size);
  const lng = sql`(case when ${LNG} >= 180 then ${LNG} - 360 else ${LNG} end)`;
  const cells = await ctx.db
    .select({
      row: sql<number>`least(${rows - 1}::int, greatest(0, floor((${LAT} + 90) / ${size}::float8)::int))`.as('cell_row'),
      col: sql<number>`least(${cols - 1}::int, greatest(0, floor((${lng} + 180) / ${size}::float8)::int))`.as('cell_col'),
      count: sql<number>`count(*)::int`,
      latitude: sql<number>`avg(${jobPosts.latitude})`,
      longitude: sql<number>`avg(${jobPosts.longitude})`,
      jobId: sql<string>`min(${jobPosts.id}::text)`,
      title: sql<string>`min(${jobPosts.title})`,
    })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(and(where, sql`${jobPosts.latitude} is not null`, inView(viewport)))
    .groupBy(sql`cell_row`, sql`cell_col`)
    .orderBy(sql`cell_row`, sql`cell_col`)
    .limit(500);
  const clusters: MapCluster[] = cells.map((c) => ({
    id: `${zoom}/${c.row}/${c.col}`,
    latitude: Number(c.latitude),
    longitude: Number(c.longitude),
    count: Number(c.count),
    jobId: Number(c.count) === 1 ? c.jobId : null,
    title: Number(c.count) === 1 ? c.title : null,
  }));
  return { zoom, clusters, total: clusters.reduce((s, c) => s + c.count, 0) };
}

async function naiveSearch(ctx: AppContext, body: SearchRequest, seekerId: string | null): Promise<SearchPage> {
  const names = await postingNames(ctx);
  const now = ctx.adapters.now();
  const asOf = body.asOf ?? now.toISOString();
  const plan = await whereOf(ctx, { ...body, asOf }, seekerId, now);
  const nearest = plan.distance ? [sql`distance asc nulls last`] : [];
  const order: SQL[] = {
    distance: [...nearest, sql`${jobPosts.postedAt} desc`],
    newest: [sql`${jobPosts.postedAt} desc`],
    pay: [sql`${yearlyTopPay} desc nulls last`, ...nearest],
    relevance: [
      ...(plan.keyword ? [sql`ts_rank(${jobPosts.searchDocument}, ${plan.keyword}) desc`] : []),
      ...nearest,
      sql`${jobPosts.postedAt} desc`,
    ],
  }[body.sort];
  const { pageNumber, pageSize } = body.paging;
  const rows = (await ctx.db
    .select({
      ...listViewColumns,
      distance: (plan.distance ?? sql<number | null>`null::float8`).as('distance'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(plan.where)
    .orderBy(...order, sql`${jobPosts.id}`)
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)) as Array<ListViewRow & { distance: number | null; total: number }>;
  const seeker = await seekerViewOf(
    ctx.db,
    seekerId,
    rows.map((r) => r.id),
  );
  const items: SearchItem[] = rows.map((r) => ({
    ...jobPostListItemOf(r, names, seeker),
    distanceMiles: r.isRemote || r.distance === null ? null : Number(r.distance),
  }));
  let pins: MapPins | null = null;
  if (body.flags.Pins && pageNumber === 1) {
    const box = body.viewport ?? {
      ...circleBounds(body.location.latitude, body.location.longitude, body.location.radius),
      zoom: MAP_MAX_ZOOM,
    };
    pins = await naiveClusters(ctx, plan.where, { ...box, zoom: gridZoomFor(box) });
  }
  // With OFFSET past the end there is no row to carry the total: count again, as a naive build does.
  const total = rows[0]
    ? Number(rows[0].total)
    : pageNumber > 1
      ? Number(
          (
            await ctx.db
              .select({ n: sql<number>`count(*)` })
              .from(jobPosts)
              .innerJoin(companies, eq(companies.id, jobPosts.companyId))
              .where(plan.where)
          )[0]?.n ?? 0,
        )
      : 0;
  return { items, total, pageNumber, pageSize, location: body.location, asOf, pins };
}

/** The naive build's routes: enhanced-search and map-clusters under /api/naive/…, same contract. */
export function naiveRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { ...enhancedSearch, path: '/api/naive/enhanced-search' }, async ({ caller, body }) =>
    naiveSearch(ctx, body, caller.role === 'JobSeeker' ? caller.userId : null),
  );
  route(app, { ...mapClusters, path: '/api/naive/map-clusters', body: clusterRequestSchema }, async ({ caller, body }) => {
    const plan = await whereOf(
      ctx,
      { keyword: body.keyword, location: body.location, filters: body.filters, asOf: null },
      caller?.role === 'JobSeeker' ? caller.userId : null,
      ctx.adapters.now(),
    );
    return naiveClusters(ctx, plan.where, body.viewport);
  });
}
