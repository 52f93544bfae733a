import type { Feature, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Bounds } from '../../contract/map.ts';

/**
 * US state and county outlines for the offline map, from the Census Bureau's cartographic
 * boundaries as packaged by us-atlas (1:10,000,000). The files are JSON modules loaded on first use,
 * so they never enter a page's first download: states (36 kB gzip) when the map first draws,
 * counties (250 kB gzip) only once the map is zoomed in far enough to show them.
 */

export interface Outline {
  id: string;
  name: string;
  geometry: Feature<Geometry>;
  /** [west, south, east, north] in degrees, to skip outlines far from the view without projecting them. */
  box: [number, number, number, number];
}

type Atlas = Topology<{ states: GeometryCollection<{ name: string }>; counties?: GeometryCollection<{ name: string }> }>;

function boxOf(geometry: Geometry): Outline['box'] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const visit = (p: Position) => {
    const [lng, lat] = p as [number, number];
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  };
  const walk = (coords: unknown): void => {
    if (typeof (coords as Position)[0] === 'number') visit(coords as Position);
    else for (const c of coords as unknown[]) walk(c);
  };
  if ('coordinates' in geometry) walk(geometry.coordinates);
  return [west, south, east, north];
}

function outlinesOf(atlas: Atlas, layer: 'states' | 'counties'): Outline[] {
  const collection = feature(atlas, atlas.objects[layer]!);
  return collection.features.map((f) => ({
    id: String(f.id),
    name: f.properties?.name ?? '',
    geometry: f as Feature<Geometry>,
    box: boxOf(f.geometry),
  }));
}

let states: Promise<Outline[]> | null = null;
let counties: Promise<Outline[]> | null = null;

const jsonOf = (mod: { default: unknown }) => mod.default as Atlas;

/** The 50 states, DC and the territories; loaded once. */
export function loadStates(): Promise<Outline[]> {
  states ??= import('us-atlas/states-10m.json').then((m) => outlinesOf(jsonOf(m), 'states'));
  // A failed download may be tried again later.
  states.catch(() => (states = null));
  return states;
}

/** Every county and county equivalent; loaded once, when first shown. */
export function loadCounties(): Promise<Outline[]> {
  counties ??= import('us-atlas/counties-10m.json').then((m) => outlinesOf(jsonOf(m), 'counties'));
  counties.catch(() => (counties = null));
  return counties;
}

/** Whether an outline's box reaches into the view; a view across the 180th meridian wraps. */
export function touches(box: Outline['box'], view: Bounds): boolean {
  const [west, south, east, north] = box;
  if (north < view.south || south > view.north) return false;
  if (view.west <= view.east) return east >= view.west && west <= view.east;
  return east >= view.west || west <= view.east;
}
