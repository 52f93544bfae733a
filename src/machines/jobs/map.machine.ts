import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_LOCATION } from '../../contract/user-location.ts';
import { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM, mapTypes } from '../../contract/map-settings.ts';
import type { Bounds, LatLng, MapCluster, MapType, Viewport } from '../../contract/map.ts';
import { normaliseCenter } from '../../lib/mercator.ts';
import { mapStore, type StoredMapView } from '../../services/map-store.ts';

/** The map reports what it shows this long after it stops moving, so a drag asks for clusters once. */
export const VIEWPORT_DEBOUNCE_MS = 300;
/** Choosing a group of jobs zooms in this many levels on it: its cell splits into 16 at the new zoom. */
export const CLUSTER_ZOOM_STEP = 2;
/** Above this zoom the map shows roads (spec 2 §4). */
export const ROADMAP_ABOVE_ZOOM = 4;
/** Above this zoom the map shows the satellite picture (spec 2 §4). */
export const SATELLITE_ABOVE_ZOOM = 15;

/** A zoom the map can take: a whole level from 1 to 20 (spec 2 §4, §9). */
export const clampZoom = (zoom: number) => Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, Math.round(zoom)));

/** One of roadmap, satellite, hybrid, terrain; anything else is roadmap (spec 2 §4). */
export const mapTypeOf = (value: string | null | undefined): MapType =>
  (mapTypes as readonly string[]).includes(value ?? '') ? (value as MapType) : 'roadmap';

/** The type a zoom change leaves: satellite above 15, roadmap above 4, else the type as it was (spec 2 §4). */
export function typeForZoom(zoom: number, current: MapType): MapType {
  if (zoom > SATELLITE_ABOVE_ZOOM) return 'satellite';
  if (zoom > ROADMAP_ABOVE_ZOOM) return 'roadmap';
  return current;
}

const sameViewport = (a: Viewport | null, b: Viewport | null) =>
  !!a && !!b && a.zoom === b.zoom && a.north === b.north && a.south === b.south && a.east === b.east && a.west === b.west;

export interface MapContext {
  zoom: number;
  type: MapType;
  center: LatLng;
  /** The edges the map last reported for the current centre and zoom; null until it reports after a move. */
  bounds: Bounds | null;
  /** The viewport last announced, so an unchanged view is not asked for again. */
  announced: Viewport | null;
  /** The markers to draw, as the search gives them for the last viewport. */
  clusters: MapCluster[];
  /** The job whose result the user points at in the list: its pin stands out. */
  highlightedJobId: string | null;
  /** The job whose pin the user chose. */
  selectedJobId: string | null;
}

export interface MapInput {
  /** Where the map opens when the browser kept no centre, e.g. the user's location. */
  center?: LatLng;
  /** The zoom it opens at when the browser kept none (13 by default, spec 2 §9). */
  zoom?: number;
}

export type MapEvent =
  /** A new zoom; `center` when the zoom keeps the place under the pointer still. */
  | { type: 'map.zoom'; zoom: number; center?: LatLng }
  | { type: 'map.pan'; center: LatLng }
  | { type: 'map.type'; mapType: string }
  /** What the map shows after a move, as the drawn map measures it. */
  | { type: 'map.viewport'; bounds: Bounds }
  | { type: 'map.clusters'; clusters: MapCluster[] }
  /** A pin or a cluster chosen, by cluster id. */
  | { type: 'map.select'; clusterId: string }
  | { type: 'map.deselect' }
  /** A result pointed at (its job id) or left (null). */
  | { type: 'map.hover'; jobId: string | null };

export type MapEmitted =
  /** The map settled on a new view: the search asks the server for its clusters. */
  | { type: 'map.changed'; viewport: Viewport }
  /** The user chose a marker: a single job's pin, or a group the map zoomed in on. */
  | { type: 'map.selected'; cluster: MapCluster };

const clusterOf = (context: MapContext, event: MapEvent) => {
  assertEvent(event, 'map.select');
  return context.clusters.find((c) => c.id === event.clusterId);
};

export const mapMachine = setup({
  types: {
    context: {} as MapContext,
    events: {} as MapEvent,
    emitted: {} as MapEmitted,
    input: {} as MapInput,
  },
  actors: {
    restore: fromPromise<StoredMapView>(async () => mapStore.read()),
  },
  actions: {
    applyStored: assign(({ context }, stored: StoredMapView) => ({
      zoom: stored.zoom === null ? context.zoom : clampZoom(stored.zoom),
      type: mapTypeOf(stored.type),
      center: stored.center ? normaliseCenter(stored.center) : context.center,
    })),
    setZoom: assign(({ context, event }) => {
      assertEvent(event, 'map.zoom');
      const zoom = clampZoom(event.zoom);
      return {
        zoom,
        type: typeForZoom(zoom, context.type),
        center: event.center ? normaliseCenter(event.center) : context.center,
        bounds: null,
      };
    }),
    setCenter: assign(({ event }) => {
      assertEvent(event, 'map.pan');
      return { center: normaliseCenter(event.center), bounds: null };
    }),
    setType: assign(({ event }) => {
      assertEvent(event, 'map.type');
      return { type: mapTypeOf(event.mapType) };
    }),
    setBounds: assign(({ event }) => {
      assertEvent(event, 'map.viewport');
      return { bounds: event.bounds };
    }),
    setClusters: assign(({ event }) => {
      assertEvent(event, 'map.clusters');
      return { clusters: event.clusters };
    }),
    setHighlight: assign(({ event }) => {
      assertEvent(event, 'map.hover');
      return { highlightedJobId: event.jobId };
    }),
    selectPin: assign({ selectedJobId: ({ context, event }) => clusterOf(context, event)!.jobId }),
    deselect: assign({ selectedJobId: null }),
    // A group of jobs is chosen to see them apart: centre on it and zoom in, by the zoom rules.
    zoomIntoCluster: assign(({ context, event }) => {
      const cluster = clusterOf(context, event)!;
      const zoom = clampZoom(context.zoom + CLUSTER_ZOOM_STEP);
      return {
        zoom,
        type: typeForZoom(zoom, context.type),
        center: normaliseCenter({ lat: cluster.latitude, lng: cluster.longitude }),
        bounds: null,
      };
    }),
    announceSelection: emit(({ context, event }) => ({ type: 'map.selected' as const, cluster: clusterOf(context, event)! })),
    announceViewport: emit(({ context }) => ({ type: 'map.changed' as const, viewport: { ...context.bounds!, zoom: context.zoom } })),
    rememberAnnounced: assign({ announced: ({ context }) => ({ ...context.bounds!, zoom: context.zoom }) }),
    persist: ({ context }) => mapStore.write({ zoom: context.zoom, type: context.type, center: context.center }),
  },
  guards: {
    zoomChanges: ({ context, event }) => {
      assertEvent(event, 'map.zoom');
      return Number.isFinite(event.zoom) && clampZoom(event.zoom) !== context.zoom;
    },
    centerChanges: ({ context, event }) => {
      assertEvent(event, 'map.pan');
      const center = normaliseCenter(event.center);
      return center.lat !== context.center.lat || center.lng !== context.center.lng;
    },
    choosesPin: ({ context, event }) => clusterOf(context, event)?.count === 1,
    choosesGroup: ({ context, event }) => (clusterOf(context, event)?.count ?? 0) > 1,
    viewMoved: ({ context }) => !!context.bounds && !sameViewport(context.announced, { ...context.bounds, zoom: context.zoom }),
  },
  delays: {
    viewportDelay: VIEWPORT_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'map',
  context: ({ input }) => ({
    zoom: input?.zoom === undefined ? MAP_DEFAULT_ZOOM : clampZoom(input.zoom),
    type: 'roadmap',
    center: normaliseCenter(input?.center ?? { lat: DEFAULT_LOCATION.lat, lng: DEFAULT_LOCATION.lng }),
    bounds: null,
    announced: null,
    clusters: [],
    highlightedJobId: null,
    selectedJobId: null,
  }),
  // The search may hand over markers and highlight results before the map has drawn.
  on: {
    'map.clusters': { actions: 'setClusters' },
    'map.hover': { actions: 'setHighlight' },
    'map.deselect': { actions: 'deselect' },
  },
  initial: 'restoring',
  states: {
    // Reads where the map was left; the map draws once it knows.
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'restore',
        src: 'restore',
        onDone: { target: 'ready', actions: { type: 'applyStored', params: ({ event }) => event.output } },
        onError: { target: 'ready' },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        'map.zoom': { guard: 'zoomChanges', target: '.settling', reenter: true, actions: 'setZoom' },
        'map.pan': { guard: 'centerChanges', target: '.settling', reenter: true, actions: 'setCenter' },
        'map.viewport': { target: '.settling', reenter: true, actions: 'setBounds' },
        'map.type': { actions: ['setType', 'persist'] },
        'map.select': [
          { guard: 'choosesPin', actions: ['selectPin', 'announceSelection'] },
          { guard: 'choosesGroup', target: '.settling', reenter: true, actions: ['zoomIntoCluster', 'announceSelection'] },
        ],
      },
      states: {
        idle: {},
        // Moving: each move restarts the wait; when it ends the view is kept and, if new, announced.
        settling: {
          after: {
            viewportDelay: [
              { guard: 'viewMoved', target: 'idle', actions: ['persist', 'announceViewport', 'rememberAnnounced'] },
              { target: 'idle', actions: 'persist' },
            ],
          },
        },
      },
    },
  },
});

export type MapActorRef = ActorRefFrom<typeof mapMachine>;
type Snapshot = SnapshotFrom<typeof mapMachine>;

export const selectMapReady = (s: Snapshot) => !s.hasTag('loading');
export const selectZoom = (s: Snapshot) => s.context.zoom;
export const selectMapType = (s: Snapshot) => s.context.type;
export const selectCenter = (s: Snapshot) => s.context.center;
export const selectClusters = (s: Snapshot) => s.context.clusters;
export const selectHighlightedJobId = (s: Snapshot) => s.context.highlightedJobId;
export const selectSelectedJobId = (s: Snapshot) => s.context.selectedJobId;
export const selectCanZoomIn = (s: Snapshot) => s.context.zoom < MAP_MAX_ZOOM;
export const selectCanZoomOut = (s: Snapshot) => s.context.zoom > MAP_MIN_ZOOM;
