import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { MapCluster, Viewport } from '../../contract/map.ts';
import type { JobPostListItem } from '../../contract/posting.ts';
import {
  BOOSTS_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SearchMessages,
  type BoostsPage,
  type BoostsRequestInput,
  type ClusterRequestInput,
  type MapPins,
  type SearchFilters,
  type SearchItem,
  type SearchPage,
  type SearchRequestInput,
  type SearchSort,
} from '../../contract/search.ts';
import { sameQuery, zoomForRadius, type SearchPlace, type SearchQuery } from '../../lib/search-query.ts';
import { ApiError, codeOf } from '../../services/http.ts';
import { jobsService } from '../../services/jobs.ts';
import { mapStore, type StoredMapView } from '../../services/map-store.ts';
import { searchService } from '../../services/search.ts';
import { mapMachine, type MapActorRef, type MapEmitted, type MapEvent } from './map.machine.ts';

export interface JobSearchInput {
  /** A signed-in job seeker searches with enhanced-search (skills matched, saved flags); anyone else with simple-search. */
  asSeeker: boolean;
  query: SearchQuery;
}

/** Spec 2 §4: more while fewer are loaded than the total; past a total the server only counted up to, while pages keep coming. */
const moreAfter = (page: SearchPage, loaded: number) => page.items.length > 0 && (loaded < page.total || !!page.totalIsLowerBound);

export interface JobSearchContext {
  asSeeker: boolean;
  query: SearchQuery;
  /** The page last asked for: 1 after any change of the search, one more for each "Load more". */
  pageNumber: number;
  /** The results of every page read so far, in order. */
  items: SearchItem[];
  total: number;
  /** The server stopped counting: `total` is a floor ("1,000+ jobs"). */
  totalIsLowerBound: boolean;
  /** More results to read: fewer are loaded than the total (spec 2 §4), or the total is only a floor. */
  hasMore: boolean;
  /** The first page's moment, sent with later pages so they continue the same list. */
  asOf: string | null;
  /** Why the last page asked for could not be read. */
  error: string | null;
  /** Boosted jobs near the search's place, for the strip above the results. */
  boosts: SearchItem[];
  /** The map's view as it last reported it; null until it has. */
  viewport: Viewport | null;
  /** The view the first page's pins were asked for. */
  pinsViewport: Viewport | null;
  /** The job whose pin was chosen on the map. */
  selectedJobId: string | null;
  /** That job, when it is not among the results read: read from its page. */
  pinned: JobPostListItem | null;
  /** The chosen pin's title, for the card while the job is read or when it cannot be. */
  pinnedTitle: string | null;
  map: MapActorRef;
}

export type JobSearchEvent =
  /** The search form sent: its keyword (blank for none). */
  | { type: 'search.submit'; keyword: string }
  | { type: 'search.place'; place: SearchPlace }
  | { type: 'search.radius'; radius: number }
  | { type: 'search.filters'; filters: SearchFilters }
  | { type: 'search.sort'; sort: SearchSort }
  /** The address changed (back and forward buttons): the search it names. */
  | { type: 'search.restore'; query: SearchQuery }
  | { type: 'search.more' }
  | { type: 'search.retry' }
  /** A result pointed at (or focused), or left (null): its pin stands out. */
  | { type: 'search.point'; jobId: string | null }
  /** The chosen pin's card closed. */
  | { type: 'search.unpin' }
  /** A result saved or taken back, as the server confirmed. */
  | { type: 'search.saved'; jobId: string; isSaved: boolean }
  /** From the map: it settled on a new view. */
  | { type: 'map.changed'; viewport: Viewport }
  /** From the map: a marker was chosen. */
  | { type: 'map.selected'; cluster: MapCluster };

type Of<T extends JobSearchEvent['type']> = Extract<JobSearchEvent, { type: T }>;
type Done<T> = { output: T };

/**
 * What the server's refusal says when it explains itself (a filter it refuses, no usable place:
 * request.invalid; too many searches: rate.limited), else "Search failed".
 */
export function searchFailure(error: unknown): string {
  const code = codeOf(error);
  if (error instanceof ApiError && (code === 'request.invalid' || code === 'rate.limited')) return error.errors[0] ?? error.message;
  return SearchMessages.failed;
}

const locationOf = (q: SearchQuery) => ({ latitude: q.place.latitude, longitude: q.place.longitude, radius: q.radius });

/** The body of enhanced-search or simple-search for a page: pins and the map's view with page 1 only, `asOf` with later pages. */
export function searchRequestOf(context: Pick<JobSearchContext, 'query' | 'viewport' | 'asOf'>, pageNumber: number): SearchRequestInput {
  const first = pageNumber === 1;
  return {
    paging: { pageNumber, pageSize: SEARCH_PAGE_SIZE },
    keyword: context.query.keyword,
    location: locationOf(context.query),
    filters: context.query.filters,
    sort: context.query.sort,
    flags: { Pins: first },
    viewport: first ? context.viewport : null,
    asOf: first ? null : context.asOf,
  };
}

/** The map's markers for its view: the jobs the search finds there (inside the search circle, as the results). */
export const clusterRequestOf = (context: Pick<JobSearchContext, 'query'>, viewport: Viewport): ClusterRequestInput => ({
  viewport,
  keyword: context.query.keyword,
  location: locationOf(context.query),
  filters: context.query.filters,
});

/** The strip's boosted jobs: the first 5 near the search's place. */
export const boostsRequestOf = (query: SearchQuery): BoostsRequestInput => ({
  latitude: query.place.latitude,
  longitude: query.place.longitude,
  distance: query.radius,
  pageNumber: 1,
  pageSize: BOOSTS_PAGE_SIZE,
});

const sameViewport = (a: Viewport | null, b: Viewport | null) => JSON.stringify(a) === JSON.stringify(b);
const withSaved = <T extends JobPostListItem>(list: T[], jobId: string, isSaved: boolean) =>
  list.map((j) => (j.id === jobId ? { ...j, userActions: { ...j.userActions, isSaved } } : j));

/**
 * The map of the search page opens on the search's circle, whole (the view it kept from elsewhere
 * would not show the results); it keeps the map type chosen before.
 */
const searchMap = mapMachine.provide({
  actors: { restore: fromPromise<StoredMapView>(async () => ({ ...mapStore.read(), center: null, zoom: null })) },
});

/**
 * Job search (spec 2 §4 Search, §9 page size 20): the results of a keyword, a place and radius,
 * filters and a sort, read 20 at a time, each later page appended, while fewer are loaded than the
 * total. Any change of the search starts over from page 1. The map (map.machine.ts) runs as a
 * child: page 1 brings its pins, and each view it settles on asks for the clusters there, the
 * newest request replacing the one before. Boosted jobs near the place fill a strip above the
 * results; if they cannot be read the strip stays empty. A chosen pin selects its result, or reads
 * the job when it is not among the results read.
 */
export const jobSearchMachine = setup({
  types: {
    context: {} as JobSearchContext,
    events: {} as JobSearchEvent,
    input: {} as JobSearchInput,
  },
  actors: {
    map: searchMap,
    /** Passes on what the map tells its listeners: its settled views and the markers chosen. */
    mapEvents: fromCallback<JobSearchEvent, { map: MapActorRef }>(({ input, sendBack }) => {
      const changed = input.map.on('map.changed', (e: Extract<MapEmitted, { type: 'map.changed' }>) => sendBack({ type: 'map.changed', viewport: e.viewport }));
      const selected = input.map.on('map.selected', (e: Extract<MapEmitted, { type: 'map.selected' }>) => sendBack({ type: 'map.selected', cluster: e.cluster }));
      return () => {
        changed.unsubscribe();
        selected.unsubscribe();
      };
    }),
    search: fromPromise<SearchPage, { request: SearchRequestInput; asSeeker: boolean }>(
      async ({ input, signal }) => (await searchService.search(input.request, input.asSeeker, signal)).data,
    ),
    clusters: fromPromise<MapPins, ClusterRequestInput>(async ({ input, signal }) => (await searchService.clusters(input, signal)).data),
    boosts: fromPromise<BoostsPage, BoostsRequestInput>(async ({ input, signal }) => (await searchService.boosts(input, signal)).data),
    /** The job of a chosen pin that is not among the results read: its page's data. */
    pinned: fromPromise<JobPostListItem, { jobId: string; asSeeker: boolean }>(
      async ({ input, signal }) => (await jobsService.job(input.jobId, input.asSeeker, signal)).data,
    ),
  },
  actions: {
    setKeyword: assign(({ context, event }) => ({ query: { ...context.query, keyword: (event as Of<'search.submit'>).keyword.trim() || null } })),
    setPlace: assign(({ context, event }) => ({ query: { ...context.query, place: (event as Of<'search.place'>).place } })),
    setRadius: assign(({ context, event }) => ({ query: { ...context.query, radius: (event as Of<'search.radius'>).radius } })),
    setFilters: assign(({ context, event }) => ({ query: { ...context.query, filters: (event as Of<'search.filters'>).filters } })),
    setSort: assign(({ context, event }) => ({ query: { ...context.query, sort: (event as Of<'search.sort'>).sort } })),
    /** The search the address names; the map follows its place and radius when they differ. */
    restoreQuery: enqueueActions(({ context, event, enqueue }) => {
      const { query } = event as Of<'search.restore'>;
      const before = context.query;
      enqueue.assign({ query });
      if (query.place.latitude !== before.place.latitude || query.place.longitude !== before.place.longitude) {
        enqueue.sendTo(context.map, { type: 'map.pan', center: { lat: query.place.latitude, lng: query.place.longitude } } satisfies MapEvent);
      }
      if (query.radius !== before.radius) enqueue.sendTo(context.map, { type: 'map.zoom', zoom: zoomForRadius(query.place.latitude, query.radius) } satisfies MapEvent);
    }),
    /** A new search (or its retry): page 1, more to come, a new moment; the results shown stay until the answer. */
    startOver: assign(({ context }) => ({ pageNumber: 1, hasMore: true, asOf: null, error: null, pinsViewport: context.viewport })),
    takeFirstPage: assign(({ event }) => {
      const page = (event as unknown as Done<SearchPage>).output;
      return { items: page.items, total: page.total, totalIsLowerBound: !!page.totalIsLowerBound, asOf: page.asOf, hasMore: moreAfter(page, page.items.length) };
    }),
    /** Page 1's pins go to the map, unless it has moved since they were asked for (its own request then answers). */
    showPins: enqueueActions(({ context, event, enqueue }) => {
      const pins = (event as unknown as Done<SearchPage>).output.pins;
      if (pins && sameViewport(context.viewport, context.pinsViewport)) {
        enqueue.sendTo(context.map, { type: 'map.clusters', clusters: pins.clusters } satisfies MapEvent);
      }
    }),
    failFirstPage: assign(({ event }) => ({ error: searchFailure((event as { error?: unknown }).error), items: [], total: 0, totalIsLowerBound: false, hasMore: false })),
    nextPage: assign({ pageNumber: ({ context }) => context.pageNumber + 1 }),
    clearError: assign({ error: null }),
    appendPage: assign(({ context, event }) => {
      const page = (event as unknown as Done<SearchPage>).output;
      const known = new Set(context.items.map((j) => j.id));
      const items = [...context.items, ...page.items.filter((j) => !known.has(j.id))];
      return { items, total: page.total, totalIsLowerBound: !!page.totalIsLowerBound, hasMore: moreAfter(page, items.length) };
    }),
    failMore: assign(({ event }) => ({ error: searchFailure((event as { error?: unknown }).error) })),
    setViewport: assign({ viewport: ({ event }) => (event as Of<'map.changed'>).viewport }),
    showClusters: sendTo(({ context }) => context.map, ({ event }) => ({ type: 'map.clusters', clusters: (event as unknown as Done<MapPins>).output.clusters }) satisfies MapEvent),
    setBoosts: assign({ boosts: ({ event }) => (event as unknown as Done<BoostsPage>).output.items }),
    clearBoosts: assign({ boosts: [] }),
    /** A new place: the map goes there. */
    centreMap: sendTo(({ context }) => context.map, ({ context }) => ({ type: 'map.pan', center: { lat: context.query.place.latitude, lng: context.query.place.longitude } }) satisfies MapEvent),
    /** A new radius: the map zooms so the circle fits. */
    fitMap: sendTo(({ context }) => context.map, ({ context }) => ({ type: 'map.zoom', zoom: zoomForRadius(context.query.place.latitude, context.query.radius) }) satisfies MapEvent),
    point: sendTo(({ context }) => context.map, ({ event }) => ({ type: 'map.hover', jobId: (event as Of<'search.point'>).jobId }) satisfies MapEvent),
    selectListed: assign(({ event }) => ({ selectedJobId: (event as Of<'map.selected'>).cluster.jobId, pinned: null, pinnedTitle: null })),
    selectUnlisted: assign(({ event }) => {
      const { cluster } = event as Of<'map.selected'>;
      return { selectedJobId: cluster.jobId, pinned: null, pinnedTitle: cluster.title ?? null };
    }),
    setPinned: assign(({ event }) => ({ pinned: (event as unknown as Done<JobPostListItem>).output })),
    clearSelection: assign({ selectedJobId: null, pinned: null, pinnedTitle: null }),
    deselectPin: sendTo(({ context }) => context.map, { type: 'map.deselect' } satisfies MapEvent),
    markSaved: assign(({ context, event }) => {
      const { jobId, isSaved } = event as Of<'search.saved'>;
      return {
        items: withSaved(context.items, jobId, isSaved),
        boosts: withSaved(context.boosts, jobId, isSaved),
        pinned: context.pinned && withSaved([context.pinned], jobId, isSaved)[0]!,
      };
    }),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    placeChanged: ({ context, event }) => {
      const { place } = event as Of<'search.place'>;
      const now = context.query.place;
      return place.latitude !== now.latitude || place.longitude !== now.longitude || place.label !== now.label;
    },
    radiusChanged: ({ context, event }) => {
      const r = (event as Of<'search.radius'>).radius;
      return Number.isFinite(r) && r > 0 && r !== context.query.radius;
    },
    filtersChanged: ({ context, event }) => JSON.stringify((event as Of<'search.filters'>).filters) !== JSON.stringify(context.query.filters),
    sortChanged: ({ context, event }) => (event as Of<'search.sort'>).sort !== context.query.sort,
    queryChanged: ({ context, event }) => !sameQuery((event as Of<'search.restore'>).query, context.query),
    /** The address names another place or radius: the boosted jobs change too. */
    restoreMoves: ({ context, event }) => {
      const q = (event as Of<'search.restore'>).query;
      return q.radius !== context.query.radius || q.place.latitude !== context.query.place.latitude || q.place.longitude !== context.query.place.longitude;
    },
    /** A single job's pin whose job is among the results or the boosted ones. */
    pinListed: ({ context, event }) => {
      const { cluster } = event as Of<'map.selected'>;
      return cluster.count === 1 && [...context.items, ...context.boosts].some((j) => j.id === cluster.jobId);
    },
    pinUnlisted: ({ event }) => (event as Of<'map.selected'>).cluster.count === 1,
  },
}).createMachine({
  id: 'jobSearch',
  context: ({ input, spawn }) => ({
    asSeeker: input.asSeeker,
    query: input.query,
    pageNumber: 1,
    items: [],
    total: 0,
    totalIsLowerBound: false,
    hasMore: true,
    asOf: null,
    error: null,
    boosts: [],
    viewport: null,
    pinsViewport: null,
    selectedJobId: null,
    pinned: null,
    pinnedTitle: null,
    map: spawn('map', {
      id: 'map',
      input: {
        center: { lat: input.query.place.latitude, lng: input.query.place.longitude },
        zoom: zoomForRadius(input.query.place.latitude, input.query.radius),
      },
    }),
  }),
  invoke: { id: 'mapEvents', src: 'mapEvents', input: ({ context }) => ({ map: context.map }) },
  on: {
    'search.point': { actions: 'point' },
    'search.saved': { actions: 'markSaved' },
  },
  type: 'parallel',
  states: {
    results: {
      initial: 'loading',
      // Every change of the search reads page 1 again; the request before it is cancelled.
      on: {
        'search.submit': { target: '.loading', actions: 'setKeyword' },
        'search.place': { guard: 'placeChanged', target: '.loading', actions: ['setPlace', 'centreMap'] },
        'search.radius': { guard: 'radiusChanged', target: '.loading', actions: ['setRadius', 'fitMap'] },
        'search.filters': { guard: 'filtersChanged', target: '.loading', actions: 'setFilters' },
        'search.sort': { guard: 'sortChanged', target: '.loading', actions: 'setSort' },
        'search.restore': { guard: 'queryChanged', target: '.loading', actions: 'restoreQuery' },
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: 'startOver',
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ request: searchRequestOf(context, 1), asSeeker: context.asSeeker }),
            onDone: { target: 'ready', actions: ['takeFirstPage', 'showPins'] },
            onError: { target: 'failed', actions: 'failFirstPage' },
          },
        },
        ready: {
          on: { 'search.more': { guard: 'hasMore', target: 'loadingMore', actions: 'nextPage' } },
        },
        loadingMore: {
          tags: ['loadingMore'],
          entry: 'clearError',
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ request: searchRequestOf(context, context.pageNumber), asSeeker: context.asSeeker }),
            onDone: { target: 'ready', actions: 'appendPage' },
            onError: { target: 'moreFailed', actions: 'failMore' },
          },
        },
        // A later page failed: the results read so far stay; the same page can be asked again.
        moreFailed: {
          on: { 'search.retry': 'loadingMore', 'search.more': 'loadingMore' },
        },
        failed: {
          tags: ['error'],
          on: { 'search.retry': 'loading' },
        },
      },
    },
    clusters: {
      initial: 'idle',
      on: {
        'map.changed': { target: '.loading', actions: 'setViewport' },
        // A new search's first page brings the pins for the current view.
        'search.submit': '.idle',
        'search.place': { guard: 'placeChanged', target: '.idle' },
        'search.radius': { guard: 'radiusChanged', target: '.idle' },
        'search.filters': { guard: 'filtersChanged', target: '.idle' },
        'search.sort': { guard: 'sortChanged', target: '.idle' },
        'search.restore': { guard: 'queryChanged', target: '.idle' },
      },
      states: {
        idle: {},
        loading: {
          invoke: {
            id: 'clusters',
            src: 'clusters',
            input: ({ context }) => clusterRequestOf(context, context.viewport!),
            onDone: { target: 'idle', actions: 'showClusters' },
            // The markers shown stay; the next move asks again.
            onError: 'idle',
          },
        },
      },
    },
    boosts: {
      initial: 'loading',
      on: {
        'search.place': { guard: 'placeChanged', target: '.loading' },
        'search.radius': { guard: 'radiusChanged', target: '.loading' },
        'search.restore': { guard: 'restoreMoves', target: '.loading' },
      },
      states: {
        loading: {
          invoke: {
            id: 'boosts',
            src: 'boosts',
            input: ({ context }) => boostsRequestOf(context.query),
            onDone: { target: 'ready', actions: 'setBoosts' },
            // Not fatal: the strip stays away.
            onError: { target: 'failed', actions: 'clearBoosts' },
          },
        },
        ready: {},
        failed: {},
      },
    },
    pick: {
      initial: 'none',
      on: {
        'map.selected': [
          { guard: 'pinListed', target: '.listed', actions: 'selectListed' },
          { guard: 'pinUnlisted', target: '.reading', actions: 'selectUnlisted' },
        ],
        'search.unpin': { target: '.none', actions: ['clearSelection', 'deselectPin'] },
        'search.submit': { target: '.none', actions: ['clearSelection', 'deselectPin'] },
        'search.place': { guard: 'placeChanged', target: '.none', actions: ['clearSelection', 'deselectPin'] },
        'search.radius': { guard: 'radiusChanged', target: '.none', actions: ['clearSelection', 'deselectPin'] },
        'search.filters': { guard: 'filtersChanged', target: '.none', actions: ['clearSelection', 'deselectPin'] },
        'search.sort': { guard: 'sortChanged', target: '.none', actions: ['clearSelection', 'deselectPin'] },
        'search.restore': { guard: 'queryChanged', target: '.none', actions: ['clearSelection', 'deselectPin'] },
      },
      states: {
        none: {},
        /** The chosen pin's job is in the list: it is brought into view there. */
        listed: {},
        reading: {
          invoke: {
            id: 'pinned',
            src: 'pinned',
            input: ({ context }) => ({ jobId: context.selectedJobId!, asSeeker: context.asSeeker }),
            onDone: { target: 'shown', actions: 'setPinned' },
            onError: 'unavailable',
          },
        },
        /** The chosen pin's job, read from its page, shown as a card of its own. */
        shown: {},
        /** It could not be read: its title and a link to its page. */
        unavailable: {},
      },
    },
  },
});

export type JobSearchActorRef = ActorRefFrom<typeof jobSearchMachine>;
type Snapshot = SnapshotFrom<typeof jobSearchMachine>;

export const selectQuery = (s: Snapshot) => s.context.query;
export const selectItems = (s: Snapshot) => s.context.items;
export const selectTotal = (s: Snapshot) => s.context.total;
export const selectTotalIsLowerBound = (s: Snapshot) => s.context.totalIsLowerBound;
/** Page 1 is being read (a new search or its retry). */
export const selectSearching = (s: Snapshot) => s.hasTag('loading');
export const selectLoadingMore = (s: Snapshot) => s.hasTag('loadingMore');
/** The first page failed: nothing to show but why, and Try again. */
export const selectFailed = (s: Snapshot) => s.matches({ results: 'failed' });
/** A later page failed: the results stay, with why and Try again under them. */
export const selectMoreFailed = (s: Snapshot) => s.matches({ results: 'moreFailed' });
export const selectError = (s: Snapshot) => s.context.error;
/** "Load more" can be pressed: more results, and none being read. */
export const selectCanLoadMore = (s: Snapshot) => s.matches({ results: 'ready' }) && s.context.hasMore;
/** The search answered and found nothing. */
export const selectEmpty = (s: Snapshot) => s.matches({ results: 'ready' }) && s.context.items.length === 0;
export const selectBoosts = (s: Snapshot) => s.context.boosts;
export const selectSelectedJobId = (s: Snapshot) => s.context.selectedJobId;
export const selectPinnedCard = (s: Snapshot) =>
  s.matches({ pick: 'reading' }) || s.matches({ pick: 'shown' }) || s.matches({ pick: 'unavailable' })
    ? { state: s.value.pick as 'reading' | 'shown' | 'unavailable', job: s.context.pinned, jobId: s.context.selectedJobId!, title: s.context.pinnedTitle }
    : null;
export const selectMap = (s: Snapshot) => s.context.map;
