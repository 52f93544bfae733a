import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { DEFAULT_LOCATION } from '../../src/contract/location.ts';
import type { AllLookups } from '../../src/contract/lookups.ts';
import type { MapCluster } from '../../src/contract/map.ts';
import { NO_FILTERS, SearchMessages, type SearchFilters, type SearchPage } from '../../src/contract/search.ts';
import { defaultQuery, placeOf, sameQuery, zoomForRadius, type SearchQuery } from '../../src/lib/search-query.ts';
import {
  boostsRequestOf,
  jobSearchMachine,
  searchFailure,
  selectCanLoadMore,
  selectTotalIsLowerBound,
  selectEmpty,
  selectLookups,
  selectPinnedCard,
  type JobSearchEvent,
  type JobSearchInput,
} from '../../src/machines/jobs/search.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { MAP_CENTER_KEY, MAP_TYPE_KEY, MAP_ZOOM_KEY } from '../../src/services/map-store.ts';
import {
  atomicStates,
  eventTypesOf,
  flush,
  modelOf,
  modelStates,
  settle,
  whileActorRuns,
  type ModelState,
} from '../support/client/model.ts';
import {
  GROUP,
  VIEW_A,
  VIEW_B,
  boosted,
  boostsPage,
  itemsFrom,
  pageOfJob,
  pinOf,
  pinsOf,
  searchPage,
  stubbedSearch,
} from '../support/client/search-fixtures.ts';

type Snap = SnapshotFrom<typeof jobSearchMachine>;
type Sut = Awaited<ReturnType<typeof replay>>;

const VANCOUVER = placeOf(DEFAULT_LOCATION);
const PORTLAND = { latitude: 45.5152, longitude: -122.6784, label: 'Portland, OR' };
const INPUT: JobSearchInput = { asSeeker: true, query: defaultQuery(VANCOUVER, 10) };
const FILTERS: SearchFilters = { ...NO_FILTERS, jobTypes: [2], remote: 'exclude' };
/** A shared address: every part of the search differs from the start. */
const SHARED: SearchQuery = { keyword: 'cook', place: PORTLAND, radius: 25, filters: FILTERS, sort: 'newest' };

const DONE = 'xstate.done.actor.search';
const FAILED = 'xstate.error.actor.search';
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const noPlace = ApiError.of('request.invalid', SearchMessages.noLocation);

/** 45 results: pages of 20, 20 and 5. Page 1 brings pins of a listed job, a job on no page read yet, and a group. */
const page1 = searchPage(itemsFrom(1, 20), 45, 1, pinsOf([pinOf(1), pinOf(30), GROUP]));
const page2 = searchPage(itemsFrom(21, 20), 45, 2);
const page3 = searchPage(itemsFrom(41, 5), 45, 3);
const few = searchPage(itemsFrom(101, 3), 3, 1, pinsOf([pinOf(101)]));
const none = searchPage([], 0, 1, pinsOf([]));

const ev = (e: Record<string, unknown>) => e as unknown as EventObject;
const outputOf = (e: EventObject) => (e as unknown as { output: SearchPage }).output;

/** The search's state as the page shows it: the chart's state and everything but the map's actor. */
function observable(s: Snap) {
  const { map: _map, ...context } = s.context;
  return JSON.stringify({ value: s.value, context, canLoadMore: selectCanLoadMore(s), empty: selectEmpty(s), pinned: selectPinnedCard(s) });
}

const queryKey = (q: SearchQuery) => (sameQuery(q, INPUT.query) ? 'start' : sameQuery(q, SHARED) ? 'shared' : 'changed');
const viewKey = (v: unknown) => (v === null ? null : JSON.stringify(v) === JSON.stringify(VIEW_A) ? 'A' : 'B');

/** Replays a path on the real machine with stub calls; the map child runs for real. */
async function replay(path: EventObject[], input: JobSearchInput = INPUT) {
  const { server, logic } = stubbedSearch();
  const actor = createActor(logic, { input }).start();
  await flush();
  for (const event of path) {
    if (!settle(server.pending, event)) actor.send(event as JobSearchEvent);
    await flush();
  }
  const map = () => actor.getSnapshot().context.map.getSnapshot().context;
  return { actor, server, map };
}

interface Step {
  before: Snap;
  after: Snap;
  event: EventObject;
  sut: Sut;
  /** Calls made by this event: searches, cluster requests, boost requests, job pages. */
  made: {
    searches: Sut['server']['searches'];
    clusters: Sut['server']['clusters'];
    boosts: Sut['server']['boosts'];
    pinned: Sut['server']['pinned'];
  };
  mapBefore: ReturnType<Sut['map']>;
}

/** The search rules of spec 2 §4, written out apart from the machine, checked on every transition. */
function expectSearchRules({ before, after, event, made, sut }: Step) {
  const b = before.context;
  const a = after.context;
  // Page 1 of a search: pins asked for with the map's view, no moment yet; page 1 and more to come.
  if (after.matches({ results: 'loading' }) && made.searches.length) {
    expect(made.searches).toHaveLength(1);
    const { request, asSeeker } = made.searches[0]!;
    expect(asSeeker).toBe(true);
    expect(request).toEqual({
      paging: { pageNumber: 1, pageSize: 20 },
      keyword: a.query.keyword,
      location: { latitude: a.query.place.latitude, longitude: a.query.place.longitude, radius: a.query.radius },
      filters: a.query.filters,
      sort: a.query.sort,
      flags: { Pins: true },
      viewport: a.viewport,
      asOf: null,
    });
    expect(a.pageNumber).toBe(1);
    expect(a.hasMore).toBe(true);
    // The request it replaces is cancelled.
    if (before.hasTag('loading') || before.hasTag('loadingMore')) expect(sut.server.searches.at(-2)!.signal.aborted).toBe(true);
  }
  // A later page: the next one (or the same one again after a failure), with the first page's moment, no pins.
  if (after.matches({ results: 'loadingMore' }) && made.searches.length) {
    const { request } = made.searches[0]!;
    const expectedPage = before.matches({ results: 'moreFailed' }) ? b.pageNumber : b.pageNumber + 1;
    expect(request.paging).toEqual({ pageNumber: expectedPage, pageSize: 20 });
    expect(request.flags).toEqual({ Pins: false });
    expect(request.asOf).toBe(b.asOf);
    expect(request.asOf).not.toBeNull();
    expect(request.viewport).toBeNull();
  }
  if (event.type === DONE) {
    const page = outputOf(event);
    if (before.matches({ results: 'loadingMore' })) {
      // Later pages append.
      expect(a.items).toEqual([...b.items, ...page.items]);
    } else {
      expect(a.items).toEqual(page.items);
      expect(a.asOf).toBe(page.asOf);
      // Page 1's pins go to the map.
      if (page.pins) expect(sut.map().clusters).toEqual(page.pins.clusters);
    }
    expect(a.total).toBe(page.total);
  }
  // Has-more is true while fewer results are loaded than the total.
  if (after.matches({ results: 'ready' })) expect(a.hasMore).toBe(a.items.length < a.total);
  if (event.type === FAILED) {
    const error = (event as unknown as { error: unknown }).error;
    expect(a.error).toBe(error === noPlace ? SearchMessages.noLocation : SearchMessages.failed);
    if (before.matches({ results: 'loading' })) expect(a.items).toEqual([]);
    else expect(a.items).toEqual(b.items);
  }
  // Pins are asked for with page 1 only.
  for (const { request } of made.searches) expect(request.flags?.Pins).toBe(request.paging?.pageNumber === 1);
  if (event.type === 'search.point') expect(sut.map().highlightedJobId).toBe((event as unknown as { jobId: string | null }).jobId);
}

/** The map, boosts and chosen-pin rules, checked on every transition. */
function expectMapRules({ before, after, event, made, sut, mapBefore }: Step) {
  const b = before.context;
  const a = after.context;
  switch (event.type) {
    case 'map.changed': {
      // The view's clusters for the search as it is; the request before it is cancelled.
      const viewport = (event as unknown as { viewport: unknown }).viewport;
      expect(made.clusters.map((c) => c.request)).toEqual([
        {
          viewport,
          keyword: a.query.keyword,
          location: { latitude: a.query.place.latitude, longitude: a.query.place.longitude, radius: a.query.radius },
          filters: a.query.filters,
        },
      ]);
      if (before.matches({ clusters: 'loading' })) expect(sut.server.clusters.at(-2)!.signal.aborted).toBe(true);
      break;
    }
    case 'xstate.done.actor.clusters':
      expect(sut.map().clusters).toEqual((event as unknown as { output: { clusters: MapCluster[] } }).output.clusters);
      break;
    case 'xstate.error.actor.clusters':
      expect(sut.map().clusters).toEqual(mapBefore.clusters);
      break;
    case DONE: {
      // Pins answered for a view the map has since left are not shown: that view's own request answers.
      const pins = outputOf(event).pins;
      if (pins && JSON.stringify(b.viewport) === JSON.stringify(b.pinsViewport)) expect(sut.map().clusters).toEqual(pins.clusters);
      else expect(sut.map().clusters).toEqual(mapBefore.clusters);
      break;
    }
    case 'xstate.done.actor.boosts':
      expect(a.boosts).toEqual((event as unknown as { output: { items: unknown[] } }).output.items);
      break;
    case 'xstate.error.actor.boosts':
      // Not fatal: no strip, the results as they were.
      expect(a.boosts).toEqual([]);
      expect(after.value.results).toEqual(before.value.results);
      expect(a.items).toEqual(b.items);
      break;
    case 'map.selected': {
      const cluster = (event as unknown as { cluster: MapCluster }).cluster;
      if (cluster.count > 1) {
        expect(a.selectedJobId).toBe(b.selectedJobId);
        expect(made.pinned).toEqual([]);
      } else if ([...b.items, ...b.boosts].some((j) => j.id === cluster.jobId)) {
        expect(a.selectedJobId).toBe(cluster.jobId);
        expect(made.pinned).toEqual([]);
        expect(selectPinnedCard(after)).toBeNull();
      } else {
        // Not among the results read: the job's page is read for a card of its own.
        expect(a.selectedJobId).toBe(cluster.jobId);
        expect(made.pinned).toEqual([{ jobId: cluster.jobId, asSeeker: true }]);
        expect(selectPinnedCard(after)).toMatchObject({ state: 'reading', jobId: cluster.jobId, title: cluster.title });
      }
      break;
    }
    case 'xstate.done.actor.pinned':
      expect(selectPinnedCard(after)).toMatchObject({ state: 'shown', job: (event as unknown as { output: unknown }).output });
      break;
    case 'xstate.error.actor.pinned':
      expect(selectPinnedCard(after)).toMatchObject({ state: 'unavailable', job: null, title: b.pinnedTitle });
      break;
    case 'search.unpin':
      expect(a.selectedJobId).toBeNull();
      expect(selectPinnedCard(after)).toBeNull();
      break;
  }
  const changed = !sameQuery(a.query, b.query);
  if (changed) {
    // A new search: its first page brings the pins; the cluster request for the old search is dropped, and the chosen pin.
    expect(after.matches({ clusters: 'idle' })).toBe(true);
    if (before.matches({ clusters: 'loading' })) expect(sut.server.clusters.at(-1)!.signal.aborted).toBe(true);
    expect(a.selectedJobId).toBeNull();
  }
  const placeMoved = a.query.place !== b.query.place || a.query.radius !== b.query.radius;
  expect(made.boosts).toEqual(placeMoved ? [boostsRequestOf(a.query)] : []);
  if (a.query.place !== b.query.place) expect(sut.map().center).toEqual({ lat: a.query.place.latitude, lng: a.query.place.longitude });
  if (a.query.radius !== b.query.radius) expect(sut.map().zoom).toBe(zoomForRadius(a.query.place.latitude, a.query.radius));
}

/** Walks every state the events reach, replaying each state and each event tried from it on the real machine. */
function walk(
  events: EventObject[],
  key: (s: Snap) => unknown,
  filter: (s: Snap, e: EventObject) => boolean,
  rules: (step: Step) => void,
  input: JobSearchInput = INPUT,
): Array<ModelState<Snap, EventObject>> {
  const model = modelOf(jobSearchMachine, {
    events: events as JobSearchEvent[],
    input,
    serializeState: ((s: Snap) => JSON.stringify(key(s))) as never,
    filterEvents: (s, e) => whileActorRuns(s, e) && filter(s as Snap, e),
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const sut = await replay(s.path, input);
    const before = sut.actor.getSnapshot();
    expect(observable(before)).toBe(observable(s.state));
    sut.actor.stop();
    for (const t of s.transitions) {
      const run = await replay(s.path, input);
      const from = run.actor.getSnapshot();
      const counts = {
        searches: run.server.searches.length,
        clusters: run.server.clusters.length,
        boosts: run.server.boosts.length,
        pinned: run.server.pinned.length,
      };
      const mapBefore = run.map();
      if (!settle(run.server.pending, t.event)) run.actor.send(t.event as JobSearchEvent);
      await flush();
      const after = run.actor.getSnapshot();
      expect(observable(after), `${t.event.type}`).toBe(observable(t.next));
      rules({
        before: from,
        after,
        event: t.event,
        sut: run,
        mapBefore,
        made: {
          searches: run.server.searches.slice(counts.searches),
          clusters: run.server.clusters.slice(counts.clusters),
          boosts: run.server.boosts.slice(counts.boosts),
          pinned: run.server.pinned.slice(counts.pinned),
        },
      });
      run.actor.stop();
    }
  });
  return states;
}

const change = (part: Partial<SearchQuery>, submitted?: true) =>
  ev({ type: 'search.change', change: part, ...(submitted ? { submitted } : {}) });

const changeEvents = [
  change({ keyword: ' nurse ' }, true),
  change({ place: PORTLAND }),
  change({ radius: 25 }),
  change({ radius: 10 }),
  change({ filters: FILTERS }),
  change({ filters: NO_FILTERS }),
  change({ sort: 'newest' }),
  change({ sort: 'relevance' }),
  // An address: the whole search.
  change(SHARED),
  change(INPUT.query),
];

const pagingEvents = [
  { type: DONE, output: page1 },
  { type: DONE, output: page2 },
  { type: DONE, output: page3 },
  { type: DONE, output: few },
  { type: DONE, output: none },
  { type: FAILED, error: serverDown },
  { type: FAILED, error: noPlace },
  { type: 'search.more' },
  { type: 'search.retry' },
  { type: 'search.point', jobId: 'job-2' },
  { type: 'search.point', jobId: null },
  { type: 'search.saved', jobId: 'job-2', isSaved: true },
  ...changeEvents,
].map(ev);

/** Each page's answer comes for the page asked for: page 2 after page 1 of 45, page 3 after page 2. */
function pageFits(s: Snap, e: EventObject) {
  if (e.type !== DONE) return true;
  const page = outputOf(e);
  if (page.pageNumber !== s.context.pageNumber) return false;
  if (page.pageNumber === 2) return s.context.items.length === 20;
  if (page.pageNumber === 3) return s.context.items.length === 40;
  return true;
}

describe('job search machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const reached: string[][] = [];
  const tried: string[][] = [];
  const collect = (states: Array<ModelState<Snap, EventObject>>) => {
    reached.push([
      ...new Set(states.flatMap((s) => [s.state, ...s.transitions.map((t) => t.next as Snap)].flatMap((x) => atomicStates(x.value)))),
    ]);
    tried.push([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))]);
  };

  describe('paging, failures and changes of the search', () => {
    collect(
      walk(
        pagingEvents,
        (s) => ({
          results: s.value.results,
          q: queryKey(s.context.query),
          page: s.context.pageNumber,
          items: s.context.items.length,
          total: s.context.total,
          hasMore: s.context.hasMore,
          error: s.context.error,
        }),
        (s, e) => {
          if (!pageFits(s, e)) return false;
          // A search changed from the start is changed further only from page 1's answer or a failure, to keep the walk small.
          if (changeEvents.includes(e) && queryKey(s.context.query) === 'changed')
            return s.matches({ results: 'ready' }) && s.context.items.length === 3;
          return true;
        },
        expectSearchRules,
      ),
    );
  });

  describe('the map’s pins and clusters', () => {
    const events = [
      { type: DONE, output: page1 },
      { type: 'map.changed', viewport: VIEW_A },
      { type: 'map.changed', viewport: VIEW_B },
      { type: 'xstate.done.actor.clusters', output: pinsOf([pinOf(5), GROUP]) },
      { type: 'xstate.error.actor.clusters', error: serverDown },
      { type: 'search.change', change: { filters: FILTERS } },
    ].map(ev);
    collect(
      walk(
        events,
        (s) => ({
          results: s.value.results,
          clusters: s.value.clusters,
          q: queryKey(s.context.query),
          view: viewKey(s.context.viewport),
          pinsView: viewKey(s.context.pinsViewport),
        }),
        (s, e) => (e.type === DONE ? s.context.pageNumber === 1 : true),
        expectMapRules,
      ),
    );
  });

  describe('boosted jobs', () => {
    const events = [
      { type: DONE, output: few },
      { type: FAILED, error: serverDown },
      { type: 'xstate.done.actor.boosts', output: boostsPage([boosted(201), boosted(202)]) },
      { type: 'xstate.error.actor.boosts', error: serverDown },
      { type: 'search.change', change: { place: PORTLAND } },
      { type: 'search.change', change: { radius: 50 } },
      { type: 'search.change', change: SHARED },
      { type: 'search.change', change: { sort: 'pay' } },
    ].map(ev);
    collect(
      walk(
        events,
        (s) => ({
          results: s.value.results,
          boosts: s.value.boosts,
          n: s.context.boosts.length,
          q: queryKey(s.context.query),
          radius: s.context.query.radius,
          place: s.context.query.place.label,
        }),
        (s, e) => (e.type === 'search.change' ? !s.matches({ boosts: 'loading' }) || queryKey(s.context.query) === 'start' : true),
        expectMapRules,
      ),
    );
  });

  describe('choosing a pin', () => {
    const events = [
      { type: DONE, output: page1 },
      { type: 'xstate.done.actor.boosts', output: boostsPage([boosted(201)]) },
      { type: 'map.selected', cluster: pinOf(1) },
      { type: 'map.selected', cluster: pinOf(30) },
      { type: 'map.selected', cluster: pinOf(201) },
      { type: 'map.selected', cluster: GROUP },
      { type: 'xstate.done.actor.pinned', output: pageOfJob(30) },
      { type: 'xstate.error.actor.pinned', error: serverDown },
      { type: 'search.unpin' },
      { type: 'search.change', change: { keyword: 'cook' }, submitted: true },
    ].map(ev);
    collect(
      walk(
        events,
        (s) => ({
          results: s.value.results,
          boosts: s.value.boosts,
          pick: s.value.pick,
          selected: s.context.selectedJobId,
          pinned: s.context.pinned?.id ?? null,
          q: queryKey(s.context.query),
        }),
        // Boosts answer before page 1; a keyword once.
        (s, e) =>
          e.type === DONE ? s.matches({ boosts: 'ready' }) : e.type === 'search.change' ? queryKey(s.context.query) === 'start' : true,
        expectMapRules,
      ),
    );
  });

  describe('the filters’ lists, and a place kept while the search is around the default one', () => {
    const LISTS = { jobTypes: [{ id: 2, name: 'Part-time' }] } as unknown as AllLookups;
    const events = [
      { type: DONE, output: few },
      { type: 'xstate.done.actor.lookups', output: LISTS },
      { type: 'xstate.error.actor.lookups', error: serverDown },
      { type: 'search.home', place: PORTLAND },
      { type: 'search.change', change: { radius: 25 } },
      { type: 'search.change', change: { place: { ...PORTLAND, label: 'Portland' } } },
    ].map(ev);
    collect(
      walk(
        events,
        (s) => ({
          results: s.value.results,
          lookups: s.context.lookups === null ? null : s.context.lookups === 'failed' ? 'failed' : 'ready',
          q: JSON.stringify(s.context.query),
          awaiting: s.context.awaitingHome !== null,
        }),
        // The lists answer once.
        (s, e) => (e.type === DONE ? s.context.items.length === 0 : e.type.endsWith('.actor.lookups') ? s.context.lookups === null : true),
        ({ before, after, event, made }) => {
          const a = after.context;
          const b = before.context;
          if (event.type === 'xstate.done.actor.lookups') expect(selectLookups(after)).toBe(LISTS);
          if (event.type === 'xstate.error.actor.lookups') expect(selectLookups(after)).toBe('failed');
          if (event.type === 'search.home') {
            // Only while the search is still around the default place, and only once.
            if (b.awaitingHome && b.query.place === VANCOUVER) {
              expect(a.query).toEqual({ ...b.query, place: PORTLAND });
              expect(made.searches).toHaveLength(1);
              expect(made.boosts).toEqual([boostsRequestOf(a.query)]);
            } else expect(a.query).toBe(b.query);
            expect(a.awaitingHome).toBeNull();
          }
          // A place chosen on the page is the seeker's: no place kept later replaces it.
          if (event.type === 'search.change' && a.query.place !== b.query.place) expect(a.awaitingHome).toBeNull();
        },
        { ...INPUT, followHome: true },
      ),
    );
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(reached.flat())].sort()).toEqual(
      [
        'boosts.failed',
        'boosts.loading',
        'boosts.ready',
        'clusters.idle',
        'clusters.loading',
        'pick.listed',
        'pick.none',
        'pick.reading',
        'pick.shown',
        'pick.unavailable',
        'results.failed',
        'results.loading',
        'results.loadingMore',
        'results.moreFailed',
        'results.ready',
      ].sort(),
    );
    expect([...new Set(tried.flat())].sort()).toEqual(eventTypesOf(jobSearchMachine).sort());
  });
});

describe('job search rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads 45 results as pages of 20, 20 and 5, appended, with the first page’s moment, then no more', async () => {
    const sut = await replay([ev({ type: DONE, output: page1 })]);
    for (const [n, page] of [
      [2, page2],
      [3, page3],
    ] as const) {
      expect(selectCanLoadMore(sut.actor.getSnapshot())).toBe(true);
      sut.actor.send({ type: 'search.more' });
      await flush();
      expect(sut.server.searches.at(-1)!.request).toMatchObject({ paging: { pageNumber: n }, asOf: page1.asOf, flags: { Pins: false } });
      settle(sut.server.pending, ev({ type: DONE, output: page }));
      await flush();
    }
    const s = sut.actor.getSnapshot();
    expect(s.context.items.map((j) => j.id)).toEqual(itemsFrom(1, 45).map((j) => j.id));
    expect(s.context.hasMore).toBe(false);
    sut.actor.send({ type: 'search.more' });
    await flush();
    expect(sut.server.searches).toHaveLength(3);
  });

  it('reads on past a total the server only counted up to, until a short page gives the exact total', async () => {
    // The server stops counting at a limit: a total of 40 "or more" here, as 1,000+ would be.
    const floor = (page: SearchPage) => ({ ...page, total: 40, totalIsLowerBound: true });
    const sut = await replay([ev({ type: DONE, output: floor(page1) })]);
    expect(selectTotalIsLowerBound(sut.actor.getSnapshot())).toBe(true);
    for (const page of [floor(page2), page3]) {
      expect(selectCanLoadMore(sut.actor.getSnapshot())).toBe(true);
      sut.actor.send({ type: 'search.more' });
      await flush();
      settle(sut.server.pending, ev({ type: DONE, output: page }));
      await flush();
    }
    const s = sut.actor.getSnapshot();
    expect(s.context.items).toHaveLength(45);
    expect(s.context).toMatchObject({ total: 45, totalIsLowerBound: false, hasMore: false });
  });

  it('ignores the answer of a search that a newer one replaced', async () => {
    const sut = await replay([]);
    const first = sut.server.all.search[0]!;
    sut.actor.send({ type: 'search.change', change: { filters: FILTERS } });
    await flush();
    expect(sut.server.searches[0]!.signal.aborted).toBe(true);
    first.resolve(page1 as never);
    await flush();
    expect(sut.actor.getSnapshot().matches({ results: 'loading' })).toBe(true);
    expect(sut.actor.getSnapshot().context.items).toEqual([]);
    settle(sut.server.pending, ev({ type: DONE, output: few }));
    await flush();
    expect(sut.actor.getSnapshot().context.items).toEqual(few.items);
    expect(sut.map().clusters).toEqual(few.pins!.clusters);
  });

  it('keeps only the newest clusters answer when the map moves again', async () => {
    const sut = await replay([
      ev({ type: DONE, output: page1 }),
      ev({ type: 'map.changed', viewport: VIEW_A }),
      ev({ type: 'map.changed', viewport: VIEW_B }),
    ]);
    const [older, newer] = sut.server.all.clusters;
    expect(sut.server.clusters.map((c) => c.request.viewport)).toEqual([VIEW_A, VIEW_B]);
    newer!.resolve(pinsOf([pinOf(7)]) as never);
    await flush();
    older!.resolve(pinsOf([pinOf(8), GROUP]) as never);
    await flush();
    expect(sut.map().clusters).toEqual([pinOf(7)]);
  });

  it('asks for the clusters of each view the map settles on, and selects the result of a pin chosen on it', async () => {
    const sut = await replay([ev({ type: DONE, output: page1 })]);
    const map = sut.actor.getSnapshot().context.map;
    map.send({ type: 'map.viewport', bounds: { north: 45.7, south: 45.55, east: -122.55, west: -122.8 } });
    await vi.advanceTimersByTimeAsync(300);
    expect(sut.server.clusters.map((c) => c.request.viewport)).toEqual([
      { north: 45.7, south: 45.55, east: -122.55, west: -122.8, zoom: zoomForRadius(45.628, 10) },
    ]);
    map.send({ type: 'map.select', clusterId: pinOf(1).id });
    await flush();
    expect(sut.actor.getSnapshot().context.selectedJobId).toBe('job-1');
    expect(sut.actor.getSnapshot().matches({ pick: 'listed' })).toBe(true);
  });

  it('opens the map on the search’s circle, whole, in the map type the browser kept', async () => {
    const kept = new Map<string, string>([
      [MAP_ZOOM_KEY, '4'],
      [MAP_TYPE_KEY, 'terrain'],
      [MAP_CENTER_KEY, JSON.stringify({ lat: 43.6, lng: -116.2 })],
    ]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: () => {},
    });
    const sut = await replay([], { asSeeker: false, query: SHARED });
    expect(sut.map()).toMatchObject({
      zoom: zoomForRadius(PORTLAND.latitude, 25),
      type: 'terrain',
      center: { lat: PORTLAND.latitude, lng: PORTLAND.longitude },
    });
    expect(zoomForRadius(PORTLAND.latitude, 25)).toBe(9);
    expect(sut.server.searches[0]!.asSeeker).toBe(false);
    expect(sut.server.boosts).toEqual([
      { latitude: PORTLAND.latitude, longitude: PORTLAND.longitude, distance: 25, pageNumber: 1, pageSize: 5 },
    ]);
  });

  it('says "Search failed", or the server’s own reason for a refusal it explains', () => {
    expect(searchFailure(serverDown)).toBe('Search failed');
    expect(searchFailure(new ApiError('network', 0, 'Network Error!, Please check your connection.'))).toBe('Search failed');
    expect(searchFailure(noPlace)).toBe('No valid location available for search');
    expect(searchFailure(ApiError.of('rate.limited', SearchMessages.tooMany))).toBe(SearchMessages.tooMany);
    expect(searchFailure(new ApiError('client', 400, 'Something odd'))).toBe('Search failed');
    expect(searchFailure(new Error('boom'))).toBe('Search failed');
  });

  it('keeps a saved result saved in the list and the strip', async () => {
    const strip = boostsPage([boosted(3)]);
    const sut = await replay([ev({ type: DONE, output: page1 }), ev({ type: 'xstate.done.actor.boosts', output: strip })]);
    sut.actor.send({ type: 'search.saved', jobId: 'job-3', isSaved: true });
    const s = sut.actor.getSnapshot();
    expect(s.context.items.find((j) => j.id === 'job-3')!.userActions.isSaved).toBe(true);
    expect(s.context.boosts[0]!.userActions.isSaved).toBe(true);
    expect(s.context.items.filter((j) => j.userActions.isSaved)).toHaveLength(1);
  });
});
