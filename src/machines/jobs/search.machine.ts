import {
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  sendTo,
  setup,
  type ActorRefFrom,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { DEFAULT_LOCATION } from '../../contract/user-location.ts';
import type { AllLookups } from '../../contract/lookups.ts';
import type { MapCluster, Viewport } from '../../contract/map.ts';
import type { JobPostListItem } from '../../contract/posting.ts';
import { BOOSTS_PAGE_SIZE, SEARCH_PAGE_SIZE, SearchMessages } from '../../contract/search-filters.ts';
import type {
  BoostsPage,
  BoostsRequestInput,
  ClusterRequestInput,
  MapPins,
  SearchItem,
  SearchPage,
  SearchRequestInput,
} from '../../contract/search.ts';
import { placeOf, queryFromSearch, sameQuery, zoomForRadius, type SearchPlace, type SearchQuery } from '../../lib/search-query.ts';
import { ApiError, codeOf } from '../../services/http.ts';
import { jobsService } from '../../services/jobs.ts';
import { locationStore } from '../../services/location-store.ts';
import { loadLookups } from '../../services/lookups.ts';
import { mapStore, type StoredMapView } from '../../services/map-store.ts';
import { searchService } from '../../services/search.ts';
import { mapMachine, type MapActorRef, type MapEmitted, type MapEvent } from './map.machine.ts';

export interface JobSearchInput {
  /** A signed-in job seeker searches with enhanced-search (skills matched, saved flags); anyone else with simple-search. */
  asSeeker: boolean;
  query: SearchQuery;
  /**
   * The search is around the default place because none is kept yet: a place chosen meanwhile (in
   * the first-visit location prompt) replaces it, unless the seeker has chosen one on the page.
   */
  followHome?: boolean;
}

/** The seeker's place (kept in the browser) with its radius, else Vancouver, WA, 10 miles (spec 2 §3). */
function homePlace() {
  const stored = locationStore.readLocation();
  const location = stored ?? DEFAULT_LOCATION;
  return { place: placeOf(location), radius: location.radius ?? DEFAULT_LOCATION.radius ?? 10, stored: !!stored };
}

/** The search an address names (`?q=…&lat=…`), around the seeker's place where it names none. */
export const queryOfAddress = (search: string): SearchQuery => queryFromSearch(search, homePlace());

/** The machine's input for the search an address names; it follows a place chosen later while it has only the default one. */
export function searchInputOf(search: string, asSeeker: boolean): JobSearchInput {
  const home = homePlace();
  return { asSeeker, query: queryFromSearch(search, home), followHome: !home.stored && !new URLSearchParams(search).has('lat') };
}

/** Part of the search changed: what the user changed (keyword, place, radius, filters, sort), or all of it (an address). */
export type QueryChange = Partial<SearchQuery>;

/** The filters' lists: null while they load. */
export type SearchLookups = AllLookups | null | 'failed';

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
  /** The lists the filters offer. */
  lookups: SearchLookups;
  /** The default place searched around until a place is chosen; null once one is or when one was kept. */
  awaitingHome: SearchPlace | null;
  map: MapActorRef;
}

export type JobSearchEvent =
  /**
   * The search changed: the parts given replace the search's own (a blank keyword is none). An
   * address (back and forward buttons) gives the whole search. `submitted`: the search form was
   * sent, which searches again even when nothing changed.
   */
  | { type: 'search.change'; change: QueryChange; submitted?: boolean }
  /** A place was kept for the user (chosen in the location prompt). */
  | { type: 'search.home'; place: SearchPlace }
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

/** The search a change leads to: the parts changed replace the search's own, the keyword trimmed. */
function changedQuery(query: SearchQuery, change: QueryChange): SearchQuery {
  const next = { ...query, ...change };
  return 'keyword' in change ? { ...next, keyword: change.keyword?.trim() || null } : next;
}

const samePoint = (a: SearchPlace, b: SearchPlace) => a.latitude === b.latitude && a.longitude === b.longitude;

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
      const changed = input.map.on('map.changed', (e: Extract<MapEmitted, { type: 'map.changed' }>) =>
        sendBack({ type: 'map.changed', viewport: e.viewport }),
      );
      const selected = input.map.on('map.selected', (e: Extract<MapEmitted, { type: 'map.selected' }>) =>
        sendBack({ type: 'map.selected', cluster: e.cluster }),
      );
      return () => {
        changed.unsubscribe();
        selected.unsubscribe();
      };
    }),
    /** Tells of each place kept for the user from now on (the location prompt writes it). */
    homeChanges: fromCallback<JobSearchEvent>(({ sendBack }) =>
      locationStore.onLocation((location) => sendBack({ type: 'search.home', place: placeOf(location) })),
    ),
    /** The filters' lists, shared with every form of the page load. */
    lookups: fromPromise<AllLookups>(() => loadLookups()),
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
    /** The search changed: the map follows a new place and a new radius. */
    changeQuery: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'search.change');
      const before = context.query;
      const query = changedQuery(before, event.change);
      enqueue.assign({ query, awaitingHome: samePoint(query.place, before.place) ? context.awaitingHome : null });
      if (!samePoint(query.place, before.place)) {
        enqueue.sendTo(context.map, {
          type: 'map.pan',
          center: { lat: query.place.latitude, lng: query.place.longitude },
        } satisfies MapEvent);
      }
      if (query.radius !== before.radius)
        enqueue.sendTo(context.map, { type: 'map.zoom', zoom: zoomForRadius(query.place.latitude, query.radius) } satisfies MapEvent);
    }),
    /** The place kept for the user replaces the default one the search started around. */
    goHome: raise((_, place: SearchPlace) => ({ type: 'search.change' as const, change: { place } })),
    stopAwaitingHome: assign({ awaitingHome: null }),
    setLookups: assign((_, lookups: AllLookups) => ({ lookups })),
    failLookups: assign({ lookups: 'failed' as const }),
    /** A new search (or its retry): page 1, more to come, a new moment; the results shown stay until the answer. */
    startOver: assign(({ context }) => ({ pageNumber: 1, hasMore: true, asOf: null, error: null, pinsViewport: context.viewport })),
    takeFirstPage: assign((_, page: SearchPage) => ({
      items: page.items,
      total: page.total,
      totalIsLowerBound: !!page.totalIsLowerBound,
      asOf: page.asOf,
      hasMore: moreAfter(page, page.items.length),
    })),
    /** Page 1's pins go to the map, unless it has moved since they were asked for (its own request then answers). */
    showPins: enqueueActions(({ context, enqueue }, page: SearchPage) => {
      if (page.pins && sameViewport(context.viewport, context.pinsViewport)) {
        enqueue.sendTo(context.map, { type: 'map.clusters', clusters: page.pins.clusters } satisfies MapEvent);
      }
    }),
    failFirstPage: assign((_, error: unknown) => ({
      error: searchFailure(error),
      items: [],
      total: 0,
      totalIsLowerBound: false,
      hasMore: false,
    })),
    nextPage: assign({ pageNumber: ({ context }) => context.pageNumber + 1 }),
    clearError: assign({ error: null }),
    appendPage: assign(({ context }, page: SearchPage) => {
      const known = new Set(context.items.map((j) => j.id));
      const items = [...context.items, ...page.items.filter((j) => !known.has(j.id))];
      return { items, total: page.total, totalIsLowerBound: !!page.totalIsLowerBound, hasMore: moreAfter(page, items.length) };
    }),
    failMore: assign((_, error: unknown) => ({ error: searchFailure(error) })),
    setViewport: assign((_, viewport: Viewport) => ({ viewport })),
    showClusters: sendTo(
      ({ context }) => context.map,
      (_, pins: MapPins) => ({ type: 'map.clusters', clusters: pins.clusters }) satisfies MapEvent,
    ),
    setBoosts: assign((_, page: BoostsPage) => ({ boosts: page.items })),
    clearBoosts: assign({ boosts: [] }),
    point: sendTo(
      ({ context }) => context.map,
      (_, jobId: string | null) => ({ type: 'map.hover', jobId }) satisfies MapEvent,
    ),
    selectListed: assign((_, cluster: MapCluster) => ({ selectedJobId: cluster.jobId, pinned: null, pinnedTitle: null })),
    selectUnlisted: assign((_, cluster: MapCluster) => ({
      selectedJobId: cluster.jobId,
      pinned: null,
      pinnedTitle: cluster.title ?? null,
    })),
    setPinned: assign((_, pinned: JobPostListItem) => ({ pinned })),
    clearSelection: assign({ selectedJobId: null, pinned: null, pinnedTitle: null }),
    deselectPin: sendTo(({ context }) => context.map, { type: 'map.deselect' } satisfies MapEvent),
    markSaved: assign(({ context }, { jobId, isSaved }: { jobId: string; isSaved: boolean }) => ({
      items: withSaved(context.items, jobId, isSaved),
      boosts: withSaved(context.boosts, jobId, isSaved),
      pinned: context.pinned && withSaved([context.pinned], jobId, isSaved)[0]!,
    })),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    /** The change makes another search (a radius must be a positive number), or the search form was sent again. */
    changesQuery: ({ context }, { change, submitted }: { change: QueryChange; submitted: boolean }) => {
      if ('radius' in change && !(Number.isFinite(change.radius) && change.radius! > 0)) return false;
      return submitted || !sameQuery(changedQuery(context.query, change), context.query);
    },
    /** The change moves the place or the radius: the boosted jobs change too. */
    movesPlace: ({ context }, change: QueryChange) => {
      const next = changedQuery(context.query, change);
      return next.radius !== context.query.radius || !samePoint(next.place, context.query.place);
    },
    /** The search is still around the default place it started with. */
    stillAtDefault: ({ context }) => context.awaitingHome !== null && samePoint(context.query.place, context.awaitingHome),
    /** A single job's pin whose job is among the results or the boosted ones. */
    pinListed: ({ context }, cluster: MapCluster) =>
      cluster.count === 1 && [...context.items, ...context.boosts].some((j) => j.id === cluster.jobId),
    pinUnlisted: (_, cluster: MapCluster) => cluster.count === 1,
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
    lookups: null,
    awaitingHome: input.followHome ? input.query.place : null,
    map: spawn('map', {
      id: 'map',
      input: {
        center: { lat: input.query.place.latitude, lng: input.query.place.longitude },
        zoom: zoomForRadius(input.query.place.latitude, input.query.radius),
      },
    }),
  }),
  invoke: [
    { id: 'mapEvents', src: 'mapEvents', input: ({ context }) => ({ map: context.map }) },
    { id: 'homeChanges', src: 'homeChanges' },
    {
      id: 'lookups',
      src: 'lookups',
      onDone: { actions: { type: 'setLookups', params: ({ event }) => event.output } },
      // The filters say so; the search works without them.
      onError: { actions: 'failLookups' },
    },
  ],
  on: {
    'search.point': { actions: { type: 'point', params: ({ event }) => event.jobId } },
    'search.saved': { actions: { type: 'markSaved', params: ({ event }) => event } },
    'search.home': [
      { guard: 'stillAtDefault', actions: [{ type: 'goHome', params: ({ event }) => event.place }, 'stopAwaitingHome'] },
      { actions: 'stopAwaitingHome' },
    ],
  },
  type: 'parallel',
  states: {
    results: {
      initial: 'loading',
      // Every change of the search reads page 1 again; the request before it is cancelled.
      on: {
        'search.change': {
          guard: { type: 'changesQuery', params: ({ event }) => ({ change: event.change, submitted: !!event.submitted }) },
          target: '.loading',
          actions: 'changeQuery',
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: 'startOver',
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ request: searchRequestOf(context, 1), asSeeker: context.asSeeker }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'takeFirstPage', params: ({ event }) => event.output },
                { type: 'showPins', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'failFirstPage', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
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
            onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
            onError: {
              target: 'moreFailed',
              actions: { type: 'failMore', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
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
        'map.changed': { target: '.loading', actions: { type: 'setViewport', params: ({ event }) => event.viewport } },
        // A new search's first page brings the pins for the current view.
        'search.change': {
          guard: { type: 'changesQuery', params: ({ event }) => ({ change: event.change, submitted: !!event.submitted }) },
          target: '.idle',
        },
      },
      states: {
        idle: {},
        loading: {
          invoke: {
            id: 'clusters',
            src: 'clusters',
            input: ({ context }) => clusterRequestOf(context, context.viewport!),
            onDone: { target: 'idle', actions: { type: 'showClusters', params: ({ event }) => event.output } },
            // The markers shown stay; the next move asks again.
            onError: 'idle',
          },
        },
      },
    },
    boosts: {
      initial: 'loading',
      on: {
        'search.change': {
          guard: { type: 'movesPlace', params: ({ event }) => event.change },
          target: '.loading',
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'boosts',
            src: 'boosts',
            input: ({ context }) => boostsRequestOf(context.query),
            onDone: { target: 'ready', actions: { type: 'setBoosts', params: ({ event }) => event.output } },
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
          {
            guard: { type: 'pinListed', params: ({ event }) => event.cluster },
            target: '.listed',
            actions: { type: 'selectListed', params: ({ event }) => event.cluster },
          },
          {
            guard: { type: 'pinUnlisted', params: ({ event }) => event.cluster },
            target: '.reading',
            actions: { type: 'selectUnlisted', params: ({ event }) => event.cluster },
          },
        ],
        'search.unpin': { target: '.none', actions: ['clearSelection', 'deselectPin'] },
        'search.change': {
          guard: { type: 'changesQuery', params: ({ event }) => ({ change: event.change, submitted: !!event.submitted }) },
          target: '.none',
          actions: ['clearSelection', 'deselectPin'],
        },
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
            onDone: { target: 'shown', actions: { type: 'setPinned', params: ({ event }) => event.output } },
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
type PinnedState = 'reading' | 'shown' | 'unavailable';
export const selectPinnedCard = (s: Snapshot) => {
  const state: PinnedState | null = s.matches({ pick: 'reading' })
    ? 'reading'
    : s.matches({ pick: 'shown' })
      ? 'shown'
      : s.matches({ pick: 'unavailable' })
        ? 'unavailable'
        : null;
  return state ? { state, job: s.context.pinned, jobId: s.context.selectedJobId!, title: s.context.pinnedTitle } : null;
};
export const selectMap = (s: Snapshot) => s.context.map;
export const selectLookups = (s: Snapshot) => s.context.lookups;
/** The chosen pin's job when it is among the results or the boosted ones (the narrow map shows its card). */
export const selectSelectedListed = (s: Snapshot) => {
  const { selectedJobId, items, boosts } = s.context;
  return selectedJobId ? ([...items, ...boosts].find((j) => j.id === selectedJobId) ?? null) : null;
};
