/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { MarkerClusterer, type Renderer } from '@googlemaps/markerclusterer';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { MapCluster } from '../../contract/map.ts';
import { clusterName } from '../../lib/map-grid.ts';
import {
  selectClusters,
  selectHighlightedJobId,
  selectMapReady,
  selectSelectedJobId,
  type MapActorRef,
} from '../../machines/jobs/map.machine.ts';
import { cx } from '../ui/cx.ts';
import { Spinner } from '../ui/spinner.tsx';
import { clusterSvg, isFeaturedPin, isPin, pinName, pinSize, pinSvg, svgUrl, type PinLook } from './map-markers.ts';

/**
 * Google Maps for job search, when the server has a Maps key. The map machine is the one truth: the
 * map reports zooms, moves, type changes and what it shows, and follows the machine back (the zoom
 * rules of spec 2 §4 pick the type). The search's clusters are drawn with the same 5 icon sizes as
 * the offline map; single jobs' pins go to a marker clusterer so pins at one spot stay apart, a
 * featured job's pin (its boost highlights it) larger, ringed in gold with a star, named “Featured”.
 *
 * Classic markers are used because advanced markers need a Map ID, which a bare key does not have.
 */

export interface GoogleMapProps {
  actor: MapActorRef;
  apiKey: string;
  label?: string | undefined;
  className?: string | undefined;
  /** Google Maps did not load (no network, a blocked script, a wrong key). */
  onUnavailable: () => void;
}

let configuredKey: string | null = null;

/** The loader takes its options once per page. */
function configure(apiKey: string) {
  if (configuredKey === apiKey) return;
  configuredKey = apiKey;
  setOptions({ key: apiKey, v: 'weekly' });
}

const iconOf = (svg: string, width: number, height: number, anchor: [number, number]): google.maps.Icon => ({
  url: svgUrl(svg),
  scaledSize: new google.maps.Size(width, height),
  anchor: new google.maps.Point(anchor[0], anchor[1]),
});
/** A pin's icon, its tip on the place; a featured pin (its boost highlights it) larger, ringed in gold with a star. */
function pinIcon(look: PinLook, featured: boolean) {
  const { width, height } = pinSize(featured);
  return iconOf(pinSvg(look, featured), width, height, [width / 2, (height * 35) / 36]);
}
/** Pins stack: chosen or pointed at on top, then featured ones, then the others. */
const pinZIndex = (look: PinLook, featured: boolean) => (look !== 'normal' ? 2000 : featured ? 1500 : undefined);
function clusterIcon(count: number) {
  const { svg, size } = clusterSvg(count);
  return iconOf(svg, size, size, [size / 2, size / 2]);
}

/** Pins close together are grouped with the same icons as the server's clusters. */
const renderer: Renderer = {
  render: ({ count, position }) =>
    new google.maps.Marker({ position, icon: clusterIcon(count), title: clusterName(count), zIndex: 1000 + count }),
};

interface Loaded {
  map: google.maps.Map;
  clusterer: MarkerClusterer;
}

export default function GoogleMapView({ actor, apiKey, label = 'Job map', className, onUnavailable }: GoogleMapProps) {
  const ready = useSelector(actor, selectMapReady);
  const clusters = useSelector(actor, selectClusters);
  const highlighted = useSelector(actor, selectHighlightedJobId);
  const selected = useSelector(actor, selectSelectedJobId);
  const box = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const pins = useRef(new Map<string, google.maps.Marker>());
  /** The jobs whose pins their boost highlights. */
  const featuredPins = useRef(new Set<string>());
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;

  // Loads the API and opens the map where the machine is, once the machine has read the kept view.
  useEffect(() => {
    if (!ready || !box.current) return;
    let cancelled = false;
    const listeners: google.maps.MapsEventListener[] = [];
    let unsubscribe = () => {};
    let loadedMap: Loaded | null = null;
    // Google calls this global when it refuses the key.
    const w = window as unknown as { gm_authFailure?: () => void };
    w.gm_authFailure = () => unavailable.current();
    configure(apiKey);

    Promise.all([importLibrary('maps'), importLibrary('marker')]).then(
      ([{ Map }]) => {
        if (cancelled || !box.current) return;
        const { zoom, center, type } = actor.getSnapshot().context;
        const map = new Map(box.current, {
          zoom,
          center,
          mapTypeId: type,
          minZoom: 1,
          maxZoom: 20,
          clickableIcons: false,
          streetViewControl: false,
          fullscreenControl: false,
        });
        const send = actor.send.bind(actor);
        listeners.push(
          map.addListener('zoom_changed', () => {
            const z = map.getZoom();
            if (z !== undefined) send({ type: 'map.zoom', zoom: z });
          }),
          map.addListener('center_changed', () => {
            const c = map.getCenter();
            if (c) send({ type: 'map.pan', center: { lat: c.lat(), lng: c.lng() } });
          }),
          map.addListener('maptypeid_changed', () => send({ type: 'map.type', mapType: map.getMapTypeId() ?? '' })),
          // 'idle' fires once the map has stopped moving: what it shows is settled.
          map.addListener('idle', () => {
            const b = map.getBounds();
            if (!b) return;
            const ne = b.getNorthEast();
            const sw = b.getSouthWest();
            send({ type: 'map.viewport', bounds: { north: ne.lat(), east: ne.lng(), south: sw.lat(), west: sw.lng() } });
          }),
        );
        // The machine answers (a clamped zoom, the type its rules pick, a centre set by the search): follow it.
        const sub = actor.subscribe((s) => {
          const { zoom: z, type: t, center: c } = s.context;
          if (map.getZoom() !== z) map.setZoom(z);
          if (map.getMapTypeId() !== t) map.setMapTypeId(t);
          const now = map.getCenter();
          if (!now || Math.abs(now.lat() - c.lat) > 1e-9 || Math.abs(now.lng() - c.lng) > 1e-9) map.setCenter(c);
        });
        unsubscribe = () => sub.unsubscribe();
        loadedMap = { map, clusterer: new MarkerClusterer({ map, renderer }) };
        setLoaded(loadedMap);
      },
      () => {
        if (!cancelled) unavailable.current();
      },
    );

    return () => {
      cancelled = true;
      for (const l of listeners) l.remove();
      unsubscribe();
      loadedMap?.clusterer.setMap(null);
      if (w.gm_authFailure) delete w.gm_authFailure;
    };
  }, [actor, apiKey, ready]);

  // The markers: one per server cluster, pins through the clusterer.
  useEffect(() => {
    if (!loaded) return;
    const { map, clusterer } = loaded;
    const choose = (cluster: MapCluster) => () => actor.send({ type: 'map.select', clusterId: cluster.id });
    const groups: google.maps.Marker[] = [];
    const pinMarkers: google.maps.Marker[] = [];
    pins.current.clear();
    featuredPins.current.clear();
    for (const cluster of clusters) {
      const position = { lat: cluster.latitude, lng: cluster.longitude };
      if (isPin(cluster)) {
        const featured = isFeaturedPin(cluster);
        if (featured) featuredPins.current.add(cluster.jobId!);
        const marker = new google.maps.Marker({
          position,
          icon: pinIcon('normal', featured),
          title: pinName(cluster),
          zIndex: pinZIndex('normal', featured),
        });
        marker.addListener('click', choose(cluster));
        marker.addListener('mouseover', () => actor.send({ type: 'map.hover', jobId: cluster.jobId }));
        marker.addListener('mouseout', () => actor.send({ type: 'map.hover', jobId: null }));
        pins.current.set(cluster.jobId!, marker);
        pinMarkers.push(marker);
      } else {
        const marker = new google.maps.Marker({
          position,
          map,
          icon: clusterIcon(cluster.count),
          title: `${clusterName(cluster.count)}. Zoom in to see them`,
          zIndex: 1000 + cluster.count,
        });
        marker.addListener('click', choose(cluster));
        groups.push(marker);
      }
    }
    clusterer.addMarkers(pinMarkers);
    return () => {
      for (const m of groups) {
        google.maps.event.clearInstanceListeners(m);
        m.setMap(null);
      }
      for (const m of pinMarkers) google.maps.event.clearInstanceListeners(m);
      clusterer.clearMarkers();
    };
  }, [actor, loaded, clusters]);

  // The pointed-at and the chosen job's pins stand out.
  useEffect(() => {
    if (!loaded) return;
    for (const [jobId, marker] of pins.current) {
      const look: PinLook = jobId === selected ? 'selected' : jobId === highlighted ? 'highlighted' : 'normal';
      const featured = featuredPins.current.has(jobId);
      marker.setIcon(pinIcon(look, featured));
      marker.setZIndex(pinZIndex(look, featured));
    }
  }, [loaded, clusters, highlighted, selected]);

  return (
    <section
      aria-label={label}
      className={cx('relative h-full min-h-[240px] w-full overflow-hidden rounded border border-line', className)}
    >
      <div ref={box} className="absolute inset-0" />
      {!loaded && (
        <div className="absolute inset-0 grid place-items-center bg-surface-raised">
          <Spinner size={32} label="Loading map" />
        </div>
      )}
    </section>
  );
}
