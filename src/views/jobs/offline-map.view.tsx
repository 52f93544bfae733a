import { useSelector } from '@xstate/react';
import { geoMercator, geoPath } from 'd3-geo';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import type { Bounds, LatLng, MapCluster } from '../../contract/map.ts';
import { clusterIconSize, clusterLabel, clusterName } from '../../lib/map-grid.ts';
import { boundsAround, panBy, project, unproject, worldSize, zoomAround, type Point } from '../../lib/mercator.ts';
import {
  selectCanZoomIn,
  selectCanZoomOut,
  selectCenter,
  selectClusters,
  selectHighlightedJobId,
  selectMapReady,
  selectSelectedJobId,
  selectZoom,
  type MapActorRef,
} from '../../machines/jobs/map.machine.ts';
import { cx } from '../ui/cx.ts';
import { Spinner } from '../ui/spinner.tsx';
import {
  CLUSTER_COLOURS,
  CLUSTER_ICON_PX,
  FEATURED_PIN,
  PIN_COLOURS,
  PIN_PATH,
  isFeaturedPin,
  isPin,
  pinName,
  pinSize,
  type PinLook,
} from './map-markers.ts';
import { loadCounties, loadStates, touches, type Outline } from './us-atlas.ts';

/** Counties draw from this zoom on: below it they are too small to tell apart and too many to draw. */
export const COUNTY_MIN_ZOOM = 7;
/** An arrow key moves the map by this share of its width or height. */
const PAN_SHARE = 0.25;
/** Wheel travel (in pixels) for one zoom level; a mouse notch is about 100, a touchpad sends many small ones. */
const WHEEL_PX_PER_LEVEL = 100;
/** A pinch this much wider (or narrower) zooms one level. */
const PINCH_RATIO = 1.6;
/** Markers a little outside the view are still drawn, so they slide in while dragging. */
const MARGIN_PX = 48;

export interface OfflineMapProps {
  actor: MapActorRef;
  /** The map's size in pixels; by default it fills its box and follows its size. */
  size?: { width: number; height: number };
  label?: string;
  className?: string;
}

interface Size {
  width: number;
  height: number;
}

function useBoxSize(ref: RefObject<HTMLElement | null>, fixed: Size | undefined): Size | null {
  const [measured, setMeasured] = useState<Size | null>(null);
  const measuring = !fixed;
  useEffect(() => {
    const el = ref.current;
    if (!measuring || !el) return;
    const measure = () => {
      const { width, height } = el.getBoundingClientRect();
      setMeasured((prev) => (prev && prev.width === width && prev.height === height ? prev : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, measuring]);
  const width = fixed?.width ?? measured?.width ?? 0;
  const height = fixed?.height ?? measured?.height ?? 0;
  // One object per size, so a parent passing a new `size` object each render does not redraw the map.
  // A map not laid out (hidden, or not yet measured) draws nothing and reports nothing.
  return useMemo(() => (width > 0 && height > 0 ? { width, height } : null), [width, height]);
}

/** Outlines loaded on demand; null until they arrive (or when not wanted). */
function useOutlines(load: () => Promise<Outline[]>, wanted: boolean) {
  const [outlines, setOutlines] = useState<Outline[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || outlines) return;
    let live = true;
    load().then(
      (o) => live && setOutlines(o),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [load, wanted, outlines]);
  return { outlines, failed };
}

/**
 * The map of job search without any map service: US states and, zoomed in, counties drawn as SVG in
 * Web Mercator, with the search's clusters and pins on top. Dragging, the wheel, pinching and the
 * keyboard move it; the map machine keeps the zoom, centre, markers and selection.
 */
export default function OfflineMap({ actor, size: fixedSize, label = 'Job map', className }: OfflineMapProps) {
  const ready = useSelector(actor, selectMapReady);
  const zoom = useSelector(actor, selectZoom);
  const center = useSelector(actor, selectCenter);
  const clusters = useSelector(actor, selectClusters);
  const highlighted = useSelector(actor, selectHighlightedJobId);
  const selected = useSelector(actor, selectSelectedJobId);
  const canZoomIn = useSelector(actor, selectCanZoomIn);
  const canZoomOut = useSelector(actor, selectCanZoomOut);

  const boxRef = useRef<HTMLDivElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const size = useBoxSize(boxRef, fixedSize);
  const instructionsId = useId();

  const states = useOutlines(loadStates, true);
  const counties = useOutlines(loadCounties, zoom >= COUNTY_MIN_ZOOM);

  // What the map shows, exactly: reported to the machine and used to place the markers.
  const view = useMemo(() => {
    if (!size) return null;
    const c = project(center, zoom);
    return { origin: { x: c.x - size.width / 2, y: c.y - size.height / 2 }, bounds: boundsAround(center, zoom, size.width, size.height) };
  }, [size, center, zoom]);

  // Report what the map shows after every move; the machine waits for it to settle before asking for clusters.
  useEffect(() => {
    if (ready && view) actor.send({ type: 'map.viewport', bounds: view.bounds });
  }, [actor, ready, view]);

  // Outlines are drawn around an anchor that moves in steps of a whole view; between steps a drag
  // only shifts the drawing, so the paths are not projected again on every move.
  const anchor = size ? anchorOf(center, zoom, size) : null;
  const ax = anchor?.x;
  const ay = anchor?.y;
  const layer = useMemo(
    () => (size && ax !== undefined && ay !== undefined ? layerAt({ x: ax, y: ay, ...size }, zoom) : null),
    [ax, ay, size, zoom],
  );
  const shift = anchor && view ? { x: anchor.x - anchor.width / 2 - view.origin.x, y: anchor.y - anchor.height / 2 - view.origin.y } : null;

  const showCounties = zoom >= COUNTY_MIN_ZOOM;
  const stateDrawing = useMemo(() => drawn(states.outlines, layer), [states.outlines, layer]);
  const countyDrawing = useMemo(() => (showCounties ? drawn(counties.outlines, layer) : []), [counties.outlines, layer, showCounties]);
  const outlines = useMemo(
    () => (
      <>
        <g className="fill-[#f6f4ec] stroke-[#8d9a93] dark:fill-[#1b231f] dark:stroke-[#5b6b62]" strokeWidth={1} strokeLinejoin="round">
          {stateDrawing.map((p) => (
            <path key={p.id} d={p.d} data-outline="state" data-name={p.name} />
          ))}
        </g>
        <g className="fill-none stroke-[#c3ccc7] dark:stroke-[#34413a]" strokeWidth={0.75} strokeLinejoin="round">
          {countyDrawing.map((p) => (
            <path key={p.id} d={p.d} data-outline="county" data-name={p.name} />
          ))}
        </g>
        {/* State lines again over the counties, so they stay the stronger lines. */}
        {countyDrawing.length > 0 && (
          <g className="fill-none stroke-[#8d9a93] dark:stroke-[#5b6b62]" strokeWidth={1.25} strokeLinejoin="round">
            {stateDrawing.map((p) => (
              <path key={p.id} d={p.d} />
            ))}
          </g>
        )}
      </>
    ),
    [stateDrawing, countyDrawing],
  );

  const markers = useMemo(() => placed(clusters, view, size, zoom), [clusters, view, size, zoom]);

  const moveBy = (dx: number, dy: number) => {
    const { center: c, zoom: z } = actor.getSnapshot().context;
    actor.send({ type: 'map.pan', center: panBy(c, z, dx, dy) });
  };
  // The machine clamps the zoom and ignores a zoom past the edge, centre and all.
  const zoomTo = (to: number, offset: Point = { x: 0, y: 0 }) => {
    const { center: c, zoom: z } = actor.getSnapshot().context;
    actor.send({ type: 'map.zoom', zoom: to, center: zoomAround(c, z, to, offset) });
  };
  /** A pointer's offset from the map's centre. */
  const offsetOf = (clientX: number, clientY: number): Point => {
    const rect = surfaceRef.current!.getBoundingClientRect();
    const width = size?.width ?? rect.width;
    const height = size?.height ?? rect.height;
    return { x: clientX - rect.left - width / 2, y: clientY - rect.top - height / 2 };
  };

  useWheelZoom(surfaceRef, (delta, clientX, clientY) => zoomTo(actor.getSnapshot().context.zoom + delta, offsetOf(clientX, clientY)));
  const pointers = usePointerGestures(moveBy, (delta, clientX, clientY) =>
    zoomTo(actor.getSnapshot().context.zoom + delta, offsetOf(clientX, clientY)),
  );

  const onKeyDown = (e: KeyboardEvent) => {
    if (!size || e.altKey || e.ctrlKey || e.metaKey) return;
    const stepX = Math.round(size.width * PAN_SHARE);
    const stepY = Math.round(size.height * PAN_SHARE);
    const keys: Record<string, () => void> = {
      // The arrow shows where the user wants to look: the content moves the other way.
      ArrowLeft: () => moveBy(stepX, 0),
      ArrowRight: () => moveBy(-stepX, 0),
      ArrowUp: () => moveBy(0, stepY),
      ArrowDown: () => moveBy(0, -stepY),
      '+': () => zoomTo(zoom + 1),
      '=': () => zoomTo(zoom + 1),
      '-': () => zoomTo(zoom - 1),
      _: () => zoomTo(zoom - 1),
    };
    // Escape is left to the page (a dialog around the map) unless it has a choice to clear.
    if (selected) keys.Escape = () => actor.send({ type: 'map.deselect' });
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  const loading = !ready || (!states.outlines && !states.failed);

  return (
    <section
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cx('relative isolate h-full min-h-[240px] w-full overflow-hidden rounded border border-line', className)}
    >
      <p id={instructionsId} className="sr-only">
        Drag, or use the arrow keys, to move the map. Use the wheel, a pinch, or the plus and minus keys to zoom. Press Tab to reach the
        jobs on the map, and Enter to choose one. Escape clears the choice.
      </p>
      <div ref={boxRef} className="absolute inset-0">
        <div
          ref={surfaceRef}
          role="application"
          aria-roledescription="map"
          aria-label={`${label}, zoom ${zoom} of 20`}
          aria-describedby={instructionsId}
          tabIndex={0}
          data-zoom={zoom}
          className={cx(
            'absolute inset-0 touch-none select-none outline-none',
            'cursor-grab active:cursor-grabbing',
            'focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-brand-500',
          )}
          onDoubleClick={(e) => zoomTo(zoom + 1, offsetOf(e.clientX, e.clientY))}
          {...pointers}
        >
          {size && (
            <svg width={size.width} height={size.height} viewBox={`0 0 ${size.width} ${size.height}`} aria-hidden="true" className="block">
              <rect width={size.width} height={size.height} className="fill-[#d6e6ee] dark:fill-[#0e1a21]" />
              {shift && <g transform={`translate(${shift.x} ${shift.y})`}>{outlines}</g>}
            </svg>
          )}
        </div>

        {/* Markers are HTML buttons over the drawing: focusable, named, and pressed when chosen. */}
        <ul aria-label="Jobs on the map" className="pointer-events-none absolute inset-0">
          {markers.map(({ cluster, x, y }) => (
            <li key={cluster.id} className="absolute" style={{ left: x, top: y }}>
              {isPin(cluster) ? (
                <PinButton
                  cluster={cluster}
                  look={cluster.jobId === selected ? 'selected' : cluster.jobId === highlighted ? 'highlighted' : 'normal'}
                  onChoose={() => actor.send({ type: 'map.select', clusterId: cluster.id })}
                  onHover={(on) => actor.send({ type: 'map.hover', jobId: on ? cluster.jobId : null })}
                />
              ) : (
                <ClusterButton cluster={cluster} onChoose={() => actor.send({ type: 'map.select', clusterId: cluster.id })} />
              )}
            </li>
          ))}
        </ul>
      </div>

      <div className="absolute right-1 top-1 flex flex-col overflow-hidden rounded border border-line bg-surface shadow-sm">
        <MapButton label="Zoom in" disabled={!canZoomIn} onClick={() => zoomTo(zoom + 1)}>
          +
        </MapButton>
        <span aria-hidden="true" className="border-t border-line" />
        <MapButton label="Zoom out" disabled={!canZoomOut} onClick={() => zoomTo(zoom - 1)}>
          −
        </MapButton>
      </div>
      <p aria-live="polite" className="absolute bottom-1 left-1 rounded bg-surface/90 px-1 py-0.5 text-xs text-muted">
        Zoom {zoom}
      </p>
      <p className="absolute bottom-1 right-1 rounded bg-surface/90 px-1 py-0.5 text-[11px] text-muted">Outlines: US Census Bureau</p>

      {loading && (
        <div className="absolute inset-0 grid place-items-center bg-surface/60">
          <Spinner size={32} label="Loading map" />
        </div>
      )}
      {states.failed && (
        <p role="alert" className="absolute inset-x-1 top-1 mr-6 rounded bg-surface px-1 py-0.5 text-sm text-danger shadow-sm">
          The map outlines could not load. The jobs on the map are still shown.
        </p>
      )}
    </section>
  );
}

interface Anchor extends Size {
  /** World pixel the outlines are drawn around: the view's centre snapped to whole views. */
  x: number;
  y: number;
}

function anchorOf(center: LatLng, zoom: number, size: Size): Anchor {
  const c = project(center, zoom);
  return { x: Math.round(c.x / size.width) * size.width, y: Math.round(c.y / size.height) * size.height, ...size };
}

interface Layer {
  path: ReturnType<typeof geoPath>;
  /** What the drawing covers: the anchor's view and half a view more on every side, where any view around it reaches. */
  bounds: Bounds;
}

/** A Mercator projection around the anchor, clipped to the area any view around it can show. */
function layerAt(anchor: Anchor, zoom: number): Layer {
  const { width, height } = anchor;
  const center = unproject(anchor, zoom);
  const projection = geoMercator()
    .scale(worldSize(zoom) / (2 * Math.PI))
    .center([center.lng, center.lat])
    .translate([width / 2, height / 2])
    .clipExtent([
      [-width, -height],
      [2 * width, 2 * height],
    ]);
  return { path: geoPath(projection), bounds: boundsAround(center, zoom, 3 * width, 3 * height) };
}

/** The outlines that reach into the layer, as path data. */
function drawn(outlines: Outline[] | null, layer: Layer | null) {
  if (!outlines || !layer) return [];
  const out: Array<{ id: string; name: string; d: string }> = [];
  for (const o of outlines) {
    if (!touches(o.box, layer.bounds)) continue;
    const d = layer.path(o.geometry);
    if (d) out.push({ id: o.id, name: o.name, d });
  }
  return out;
}

/** Markers in or near the view, in reading order (top to bottom, then left to right) for the Tab key. */
function placed(clusters: MapCluster[], view: { origin: Point } | null, size: Size | null, zoom: number) {
  if (!view || !size) return [];
  const out: Array<{ cluster: MapCluster; x: number; y: number }> = [];
  for (const cluster of clusters) {
    const p = project({ lat: cluster.latitude, lng: cluster.longitude }, zoom);
    const x = p.x - view.origin.x;
    const y = p.y - view.origin.y;
    if (x < -MARGIN_PX || y < -MARGIN_PX || x > size.width + MARGIN_PX || y > size.height + MARGIN_PX) continue;
    out.push({ cluster, x, y });
  }
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}

function PinButton({
  cluster,
  look,
  onChoose,
  onHover,
}: {
  cluster: MapCluster;
  look: PinLook;
  onChoose: () => void;
  onHover: (on: boolean) => void;
}) {
  const name = pinName(cluster);
  // A job whose boost highlights its pin: larger, ringed in gold with a star, above the others.
  const featured = isFeaturedPin(cluster);
  const { width, height } = pinSize(featured);
  return (
    <button
      type="button"
      // The chosen job is the current one among the pins; a pointed-at result only looks different.
      aria-current={look === 'selected' || undefined}
      data-highlighted={look === 'highlighted' || undefined}
      data-featured={featured || undefined}
      title={name}
      onClick={onChoose}
      onPointerEnter={() => onHover(true)}
      onPointerLeave={() => onHover(false)}
      onFocus={() => onHover(true)}
      onBlur={() => onHover(false)}
      // The pin's tip marks the place: the button sits above it.
      className={cx(
        'pointer-events-auto absolute -translate-x-1/2 -translate-y-full rounded-full transition-transform',
        'focus-visible:outline-offset-0',
        look !== 'normal' ? 'z-10 scale-125' : featured ? 'z-[5] hover:scale-110' : 'hover:scale-110',
      )}
    >
      <span className="sr-only">{name}</span>
      <svg width={width} height={height} viewBox="0 0 28 36" aria-hidden="true" className="block drop-shadow">
        <path
          d={PIN_PATH}
          fill={PIN_COLOURS[look]}
          stroke={featured ? FEATURED_PIN.ring : '#fff'}
          strokeWidth={(look === 'normal' ? 2 : 3) + (featured ? 0.5 : 0)}
        />
        {featured ? <polygon points={FEATURED_PIN.star} fill="#fff" /> : <circle cx="14" cy="13" r="4.5" fill="#fff" />}
      </svg>
    </button>
  );
}

function ClusterButton({ cluster, onChoose }: { cluster: MapCluster; onChoose: () => void }) {
  const level = clusterIconSize(cluster.count);
  const px = CLUSTER_ICON_PX[level];
  return (
    <button
      type="button"
      aria-label={`${clusterName(cluster.count)}. Zoom in to see them`}
      data-size={level}
      onClick={onChoose}
      style={{ width: px, height: px, backgroundColor: CLUSTER_COLOURS[level], boxShadow: `0 0 0 4px ${CLUSTER_COLOURS[level]}4d` }}
      className="pointer-events-auto absolute -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white text-sm font-bold text-white hover:brightness-110"
    >
      <span aria-hidden="true">{clusterLabel(cluster.count)}</span>
    </button>
  );
}

function MapButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="grid h-5 w-5 place-items-center text-xl leading-none text-ink hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-white/10"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** Wheel zoom towards the pointer. A native listener, since React's wheel listener cannot stop the page scrolling. */
function useWheelZoom(ref: RefObject<HTMLElement | null>, zoomBy: (delta: number, clientX: number, clientY: number) => void) {
  const zoomByRef = useRef(zoomBy);
  zoomByRef.current = zoomBy;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let travel = 0;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      // Lines and pages are turned into pixels, as browsers scroll them.
      travel += e.deltaY * (e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1);
      if (Math.abs(travel) < WHEEL_PX_PER_LEVEL) return;
      const delta = travel < 0 ? 1 : -1;
      travel = 0;
      zoomByRef.current(delta, e.clientX, e.clientY);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ref]);
}

/** Drag with one pointer (mouse, pen or finger) to pan; pinch with two to zoom. */
function usePointerGestures(moveBy: (dx: number, dy: number) => void, zoomBy: (delta: number, clientX: number, clientY: number) => void) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<number | null>(null);

  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
  };
  const release = (e: ReactPointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
    pinch.current = null;
  };

  return {
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      try {
        // Keeps the drag going when the pointer leaves the map.
        e.currentTarget.setPointerCapture?.(e.pointerId);
      } catch {
        // The pointer is already gone (or was never a real one): the drag works without capture.
      }
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      pinch.current = spread()?.distance ?? null;
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      const last = pointers.current.get(e.pointerId);
      if (!last) return;
      const dx = e.clientX - last.x;
      const dy = e.clientY - last.y;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.current.size === 1) {
        if (dx || dy) moveBy(dx, dy);
        return;
      }
      const now = spread();
      if (!now || !pinch.current) return;
      // Each finger moves the map by half its own move: the midpoint follows the hand.
      if (dx || dy) moveBy(dx / 2, dy / 2);
      const ratio = now.distance / pinch.current;
      if (ratio >= PINCH_RATIO || ratio <= 1 / PINCH_RATIO) {
        pinch.current = now.distance;
        zoomBy(ratio > 1 ? 1 : -1, now.x, now.y);
      }
    },
    onPointerUp: release,
    onPointerCancel: release,
  };
}
