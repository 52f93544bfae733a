import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { DEFAULT_LOCATION } from '../../src/contract/location.ts';
import type { Bounds, LatLng, MapCluster, MapType } from '../../src/contract/map.ts';
import {
  CLUSTER_ZOOM_STEP,
  VIEWPORT_DEBOUNCE_MS,
  mapMachine,
  selectCanZoomIn,
  selectCanZoomOut,
  selectMapReady,
  type MapEmitted,
  type MapEvent,
} from '../../src/machines/jobs/map.machine.ts';
import { MAX_LATITUDE } from '../../src/lib/mercator.ts';
import { MAP_CENTER_KEY, MAP_TYPE_KEY, MAP_ZOOM_KEY, NOTHING_STORED, mapStore, type StoredMapView } from '../../src/services/map-store.ts';
import { deferred, eventTypesOf, groupCases, modelOf, reachedStates, settle, transitionCases } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof mapMachine>;
type ModelEvent = { type: string; [key: string]: unknown };

const BOISE: LatLng = { lat: 43.6135, lng: -116.2035 };
const PORTLAND: LatLng = { lat: 45.5152, lng: -122.6784 };
const SEATTLE: LatLng = { lat: 47.6062, lng: -122.3321 };
const DEFAULT_CENTER: LatLng = { lat: DEFAULT_LOCATION.lat, lng: DEFAULT_LOCATION.lng };

const PIN: MapCluster = { id: '13/1/1', latitude: 45.52, longitude: -122.68, count: 1, jobId: 'job-cook', title: 'Line cook' };
const GROUP: MapCluster = { id: '13/1/2', latitude: 45.6, longitude: -122.5, count: 14, jobId: null };
const B1: Bounds = { north: 45.6, south: 45.4, east: -122.5, west: -122.8 };
const B2: Bounds = { north: 45.7, south: 45.5, east: -122.4, west: -122.7 };

/** What the browser may have kept: nothing, a view in range, one out of range, one below range. */
const STORED: Record<string, StoredMapView> = {
  nothing: NOTHING_STORED,
  saved: { zoom: 3, type: 'terrain', center: BOISE },
  outOfRange: { zoom: 25, type: 'globe', center: { lat: 89, lng: 200 } },
  belowRange: { zoom: 0, type: 'hybrid', center: null },
};

const RESTORED = 'xstate.done.actor.restore';
const RESTORE_FAILED = 'xstate.error.actor.restore';
const SETTLED = 'xstate.after.viewportDelay.map.ready.settling';

/** Every event the model may take: each boundary of the zoom rules, each kind of marker, each answer of the store. */
const modelEvents: ModelEvent[] = [
  ...Object.values(STORED).map((output) => ({ type: RESTORED, output })),
  { type: RESTORE_FAILED, error: new Error('storage blocked') },
  ...[0, 4, 5, 15, 16, 21].map((zoom) => ({ type: 'map.zoom', zoom })),
  // A wheel turn zooms towards the pointer, moving the centre too.
  { type: 'map.zoom', zoom: 14, center: SEATTLE },
  { type: 'map.pan', center: PORTLAND },
  { type: 'map.pan', center: { lat: 89, lng: 190 } },
  { type: 'map.type', mapType: 'hybrid' },
  { type: 'map.type', mapType: 'globe' },
  { type: 'map.viewport', bounds: B1 },
  { type: 'map.viewport', bounds: B2 },
  { type: SETTLED },
  { type: 'map.clusters', clusters: [PIN, GROUP] },
  { type: 'map.clusters', clusters: [] },
  { type: 'map.hover', jobId: PIN.jobId },
  { type: 'map.hover', jobId: null },
  { type: 'map.select', clusterId: PIN.id },
  { type: 'map.select', clusterId: GROUP.id },
  { type: 'map.select', clusterId: 'gone' },
  { type: 'map.deselect' },
];

/**
 * What tells two states apart for the walk: the chart state, the map type (the zoom rule keeps it at
 * low zoom), whether the view is measured and announced, and whether markers are there to choose.
 */
const serializeState = (s: Snap) => {
  const { bounds, announced, clusters, type, zoom } = s.context;
  const view = !bounds ? 'unmeasured' : JSON.stringify(announced) === JSON.stringify({ ...bounds, zoom }) ? 'announced' : 'measured';
  return JSON.stringify({ value: s.value, type, view, markers: clusters.length > 0 });
};

const filterEvents = (s: Snap, e: ModelEvent) => {
  if (e.type === RESTORED || e.type === RESTORE_FAILED) return s.matches('restoring');
  if (e.type === SETTLED) return s.matches({ ready: 'settling' });
  return true;
};

const mapModel = () => modelOf(mapMachine, { events: modelEvents as MapEvent[], serializeState, filterEvents });

/** The real machine with the browser's storage swapped for a stub the test answers and a recorder. */
function startSut() {
  const pending: { restore?: ReturnType<typeof deferred<StoredMapView>> } = {};
  const log = { persisted: [] as Array<{ zoom: number; type: MapType; center: LatLng }>, emitted: [] as MapEmitted[] };
  const machine = mapMachine.provide({
    actors: {
      restore: fromPromise<StoredMapView>(() => {
        pending.restore = deferred();
        return pending.restore.promise;
      }),
    },
    actions: {
      persist: ({ context }) => {
        log.persisted.push({ zoom: context.zoom, type: context.type, center: context.center });
      },
    },
  });
  const actor = createActor(machine, { input: {} });
  actor.on('*', (e) => log.emitted.push(e as MapEmitted));
  actor.start();
  return { actor, pending, log };
}
type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: ModelEvent) {
  if (settle(sut.pending, event)) return vi.advanceTimersByTimeAsync(0);
  if (event.type === SETTLED) {
    // The view settles 300 ms after the last move, not before.
    await vi.advanceTimersByTimeAsync(VIEWPORT_DEBOUNCE_MS - 1);
    expect(sut.actor.getSnapshot().matches({ ready: 'settling' })).toBe(true);
    return vi.advanceTimersByTimeAsync(1);
  }
  sut.actor.send(event as MapEvent);
  return vi.advanceTimersByTimeAsync(0);
}

/** The spec's rules, written out apart from the machine, checked on every transition. */
const expectedZoom = (zoom: number) => (zoom < 1 ? 1 : zoom > 20 ? 20 : zoom);
const expectedType = (zoom: number, before: MapType): MapType => (zoom >= 16 ? 'satellite' : zoom >= 5 ? 'roadmap' : before);
const expectedCenter = (c: LatLng): LatLng => ({ lat: Math.min(MAX_LATITUDE, c.lat), lng: c.lng > 180 ? c.lng - 360 : c.lng });

function expectRules(
  before: Snap['context'],
  after: Snap,
  event: ModelEvent,
  emitted: MapEmitted[],
  persisted: unknown[],
  wasReady: boolean,
) {
  const ctx = after.context;
  switch (event.type) {
    case RESTORED: {
      const stored = event.output as StoredMapView;
      expect(ctx.zoom).toBe(stored.zoom === null ? 13 : expectedZoom(stored.zoom));
      expect(ctx.type).toBe(stored.type === 'terrain' || stored.type === 'hybrid' ? stored.type : 'roadmap');
      expect(ctx.center).toEqual(stored.center ? expectedCenter(stored.center) : DEFAULT_CENTER);
      break;
    }
    case RESTORE_FAILED:
      expect(ctx).toMatchObject({ zoom: 13, type: 'roadmap', center: DEFAULT_CENTER });
      break;
    case 'map.zoom': {
      const zoom = expectedZoom(event.zoom as number);
      if (!wasReady || zoom === before.zoom) {
        expect(ctx).toMatchObject({ zoom: before.zoom, type: before.type, center: before.center });
      } else {
        expect(ctx.zoom).toBe(zoom);
        expect(ctx.type).toBe(expectedType(zoom, before.type));
        expect(ctx.center).toEqual(event.center ?? before.center);
        expect(ctx.bounds).toBeNull();
      }
      break;
    }
    case 'map.pan':
      expect(ctx.center).toEqual(wasReady ? expectedCenter(event.center as LatLng) : before.center);
      break;
    case 'map.type':
      expect(ctx.type).toBe(wasReady ? (event.mapType === 'hybrid' ? 'hybrid' : 'roadmap') : before.type);
      // A new type is kept at once.
      expect(persisted).toHaveLength(wasReady ? 1 : 0);
      break;
    case 'map.viewport':
      expect(ctx.bounds).toEqual(wasReady ? event.bounds : before.bounds);
      break;
    case SETTLED: {
      expect(persisted).toEqual([{ zoom: ctx.zoom, type: ctx.type, center: ctx.center }]);
      const viewport = before.bounds ? { ...before.bounds, zoom: before.zoom } : null;
      const isNew = !!viewport && JSON.stringify(viewport) !== JSON.stringify(before.announced);
      expect(emitted).toEqual(isNew ? [{ type: 'map.changed', viewport }] : []);
      break;
    }
    case 'map.clusters':
      expect(ctx.clusters).toEqual(event.clusters);
      break;
    case 'map.hover':
      expect(ctx.highlightedJobId).toBe(event.jobId);
      break;
    case 'map.select': {
      const cluster = before.clusters.find((c) => c.id === event.clusterId);
      if (!wasReady || !cluster) {
        expect(emitted).toEqual([]);
        expect(ctx).toMatchObject({ zoom: before.zoom, center: before.center, selectedJobId: before.selectedJobId });
      } else if (cluster.count === 1) {
        expect(ctx.selectedJobId).toBe(cluster.jobId);
        expect(emitted).toEqual([{ type: 'map.selected', cluster }]);
      } else {
        // Choosing a group zooms in on it, by the zoom rules.
        const zoom = Math.min(20, before.zoom + CLUSTER_ZOOM_STEP);
        expect(ctx.zoom).toBe(zoom);
        expect(ctx.type).toBe(expectedType(zoom, before.type));
        expect(ctx.center).toEqual({ lat: cluster.latitude, lng: cluster.longitude });
        expect(ctx.selectedJobId).toBe(before.selectedJobId);
        expect(emitted).toEqual([{ type: 'map.selected', cluster }]);
      }
      break;
    }
    case 'map.deselect':
      expect(ctx.selectedJobId).toBeNull();
      break;
  }
  if (event.type !== SETTLED && event.type !== 'map.select') expect(emitted).toEqual([]);
  if (event.type !== SETTLED && event.type !== 'map.type') expect(persisted).toEqual([]);
  expect(selectCanZoomIn(after)).toBe(ctx.zoom < 20);
  expect(selectCanZoomOut(after)).toBe(ctx.zoom > 1);
  expect(selectMapReady(after)).toBe(!after.matches('restoring'));
}

describe('map machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const cases = transitionCases(mapModel());

  it('reaches every state of the chart and tries every event it handles', () => {
    const states = reachedStates(cases);
    for (const s of ['restoring', '{"ready":"idle"}', '{"ready":"settling"}']) expect(states).toContain(s);
    const tried = new Set(cases.map((c) => c.event.type));
    for (const type of eventTypesOf(mapMachine)) expect(tried).toContain(type);
    // Every map type is met, so the zoom rule is seen keeping each of them at low zoom.
    const types = new Set(cases.map((c) => (c.from as Snap).context.type));
    expect([...types].sort()).toEqual(['hybrid', 'roadmap', 'satellite', 'terrain']);
  });

  it.each(groupCases(cases))('%s', async (_name, group) => {
    for (const c of group) {
      const sut = startSut();
      for (const event of c.path) await exec(sut, event);
      const from = sut.actor.getSnapshot();
      expect(from.value).toEqual(c.from.value);
      expect(from.context).toEqual((c.from as Snap).context);
      const emittedBefore = sut.log.emitted.length;
      const persistedBefore = sut.log.persisted.length;

      await exec(sut, c.event);

      const s = sut.actor.getSnapshot();
      expect(s.value).toEqual(c.expected.value);
      expect(s.context).toEqual((c.expected as Snap).context);
      expectRules(
        from.context,
        s,
        c.event,
        sut.log.emitted.slice(emittedBefore),
        sut.log.persisted.slice(persistedBefore),
        from.matches('ready'),
      );
      sut.actor.stop();
    }
  });
});

describe('map rules (spec 2 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function readyAt(stored: StoredMapView) {
    const sut = startSut();
    await exec(sut, { type: RESTORED, output: stored });
    return sut;
  }

  it.each([
    // zoom, type before, type after
    [4, 'hybrid', 'hybrid'],
    [4, 'satellite', 'satellite'],
    [1, 'terrain', 'terrain'],
    [5, 'hybrid', 'roadmap'],
    [5, 'satellite', 'roadmap'],
    [15, 'terrain', 'roadmap'],
    [16, 'hybrid', 'satellite'],
    [16, 'roadmap', 'satellite'],
    [20, 'roadmap', 'satellite'],
  ] as const)('zooming to %i with the %s map shows the %s map', async (zoom, before, after) => {
    const sut = await readyAt({ zoom: zoom === 4 ? 3 : 2, type: before, center: null });
    await exec(sut, { type: 'map.zoom', zoom });
    expect(sut.actor.getSnapshot().context).toMatchObject({ zoom, type: after });
  });

  it('clamps the zoom to 1–20: 0 is 1 and 21 is 20, and a zoom past the edge changes nothing', async () => {
    const sut = await readyAt(NOTHING_STORED);
    await exec(sut, { type: 'map.zoom', zoom: 0 });
    expect(sut.actor.getSnapshot().context.zoom).toBe(1);
    await exec(sut, { type: 'map.type', mapType: 'terrain' });
    await exec(sut, { type: 'map.zoom', zoom: 21 });
    expect(sut.actor.getSnapshot().context).toMatchObject({ zoom: 20, type: 'satellite' });
    await exec(sut, { type: 'map.type', mapType: 'hybrid' });
    await exec(sut, { type: 'map.zoom', zoom: 21 });
    expect(sut.actor.getSnapshot().context).toMatchObject({ zoom: 20, type: 'hybrid' });
    await exec(sut, { type: 'map.zoom', zoom: Number.NaN });
    expect(sut.actor.getSnapshot().context.zoom).toBe(20);
  });

  it('takes only roadmap, satellite, hybrid and terrain, else roadmap', async () => {
    const sut = await readyAt(NOTHING_STORED);
    for (const type of ['satellite', 'hybrid', 'terrain', 'roadmap'] as const) {
      await exec(sut, { type: 'map.type', mapType: type });
      expect(sut.actor.getSnapshot().context.type).toBe(type);
    }
    await exec(sut, { type: 'map.type', mapType: 'hybrid' });
    await exec(sut, { type: 'map.type', mapType: 'SATELLITE' });
    expect(sut.actor.getSnapshot().context.type).toBe('roadmap');
  });

  it('opens at zoom 13 on the roadmap, at the location it is given when nothing is kept', async () => {
    const actor = createActor(mapMachine.provide({ actors: { restore: fromPromise(async () => NOTHING_STORED) } }), {
      input: { center: BOISE },
    }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ zoom: 13, type: 'roadmap', center: BOISE });
  });

  it('announces the view once per settled move, 300 ms after the last one', async () => {
    const sut = await readyAt(NOTHING_STORED);
    await exec(sut, { type: 'map.viewport', bounds: B1 });
    await vi.advanceTimersByTimeAsync(200);
    await exec(sut, { type: 'map.pan', center: PORTLAND });
    await exec(sut, { type: 'map.viewport', bounds: B2 });
    await vi.advanceTimersByTimeAsync(299);
    expect(sut.log.emitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.log.emitted).toEqual([{ type: 'map.changed', viewport: { ...B2, zoom: 13 } }]);
    expect(sut.log.persisted).toEqual([{ zoom: 13, type: 'roadmap', center: PORTLAND }]);
    // The same view measured again (e.g. after a new map type) is not asked for again.
    await exec(sut, { type: 'map.viewport', bounds: B2 });
    await vi.advanceTimersByTimeAsync(VIEWPORT_DEBOUNCE_MS);
    expect(sut.log.emitted).toHaveLength(1);
  });
});

describe('the kept map view', () => {
  /** localStorage for a test that runs outside a browser. */
  const items = new Map<string, string>();
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
  beforeEach(() => {
    items.clear();
    vi.stubGlobal('localStorage', storage);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const start = async () => {
    const actor = createActor(mapMachine, { input: {} }).start();
    await vi.advanceTimersByTimeAsync(0);
    return actor;
  };

  it('restores the zoom, type and centre the browser kept, by the rules', async () => {
    storage.setItem(MAP_ZOOM_KEY, '7');
    storage.setItem(MAP_TYPE_KEY, 'terrain');
    storage.setItem(MAP_CENTER_KEY, JSON.stringify(BOISE));
    expect((await start()).getSnapshot().context).toMatchObject({ zoom: 7, type: 'terrain', center: BOISE });

    storage.setItem(MAP_ZOOM_KEY, '21');
    storage.setItem(MAP_TYPE_KEY, 'globe');
    expect((await start()).getSnapshot().context).toMatchObject({ zoom: 20, type: 'roadmap' });

    storage.setItem(MAP_ZOOM_KEY, '0');
    expect((await start()).getSnapshot().context.zoom).toBe(1);
  });

  it('opens at the defaults when what is kept cannot be read', async () => {
    storage.setItem(MAP_ZOOM_KEY, 'near');
    storage.setItem(MAP_CENTER_KEY, '{broken');
    expect((await start()).getSnapshot().context).toMatchObject({ zoom: 13, type: 'roadmap', center: DEFAULT_CENTER });
    expect(mapStore.read()).toEqual({ zoom: null, type: null, center: null });
  });

  it('keeps the view when it settles and the type when it changes', async () => {
    const actor = await start();
    actor.send({ type: 'map.zoom', zoom: 9 });
    actor.send({ type: 'map.pan', center: PORTLAND });
    expect(storage.getItem(MAP_ZOOM_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(VIEWPORT_DEBOUNCE_MS);
    expect(mapStore.read()).toEqual({ zoom: 9, type: 'roadmap', center: PORTLAND });
    actor.send({ type: 'map.type', mapType: 'terrain' });
    expect(storage.getItem(MAP_TYPE_KEY)).toBe('terrain');
  });
});
