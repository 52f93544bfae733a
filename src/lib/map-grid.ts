import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../contract/map-settings.ts';
import type { Bounds, Viewport } from '../contract/map.ts';
import { wrapLongitude } from './mercator.ts';

/**
 * The grid jobs are clustered on for a map: square cells in degrees, halving with each zoom level,
 * so a cluster covers about the same screen area at every zoom and the browser never gets more than
 * a few hundred markers (DESIGN §8).
 */

/** A cell is about this many pixels wide on a Web Mercator map (256 px tiles). */
export const CELL_PX = 64;
/** The most cells one answer may cover; a full-HD screen at its zoom holds about this many. */
export const MAX_CELLS = 500;

const clampZoom = (zoom: number) => Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, Math.round(zoom)));

/** The side of a cell in degrees at a zoom: 64 px of a world 256·2^zoom px wide (45° at zoom 1). */
export function cellSize(zoom: number): number {
  return (360 * CELL_PX) / (256 * 2 ** clampZoom(zoom));
}

export interface Cell {
  /** Counted from the south pole. */
  row: number;
  /** Counted east from the 180th meridian. */
  col: number;
  zoom: number;
  /** The same cell always has the same id: `zoom/row/col`. */
  id: string;
}

/** The cell a place falls in at a zoom. The poles and the 180th meridian fall in the edge cells. */
export function cellOf(lat: number, lng: number, zoom: number): Cell {
  const z = clampZoom(zoom);
  const size = cellSize(z);
  const rows = Math.round(180 / size);
  const cols = Math.round(360 / size);
  const row = Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / size)));
  const col = Math.min(cols - 1, Math.max(0, Math.floor((wrapLongitude(lng) + 180) / size)));
  return { row, col, zoom: z, id: `${z}/${row}/${col}` };
}

/** How many cells of a zoom's grid the bounds touch. */
export function cellsIn(bounds: Bounds, zoom: number): number {
  const south = cellOf(bounds.south, 0, zoom).row;
  const north = cellOf(bounds.north, 0, zoom).row;
  const cols = Math.round(360 / cellSize(zoom));
  const west = cellOf(0, bounds.west, zoom).col;
  // An east edge on the 180th meridian is the end of the row, not the start of the next one.
  const east = bounds.east >= 180 ? cols - 1 : cellOf(0, bounds.east, zoom).col;
  // A view across the 180th meridian runs from its west column to the end of the row and on from the start.
  const across = bounds.west <= bounds.east ? east - west + 1 : cols - west + east + 1;
  return (north - south + 1) * Math.min(cols, across);
}

/**
 * The zoom whose grid a viewport is clustered on: its own, or a coarser one when the viewport
 * claims more cells than MAX_CELLS (a very large window, or a zoom that does not match the edges).
 */
export function gridZoomFor(viewport: Viewport): number {
  let zoom = clampZoom(viewport.zoom);
  while (zoom > MAP_MIN_ZOOM && cellsIn(viewport, zoom) > MAX_CELLS) zoom -= 1;
  return zoom;
}

/** The upper ends of the first four cluster icon sizes; anything larger gets the fifth (spec 2 §9). */
export const CLUSTER_SIZE_LIMITS = [10, 100, 1000, 10000] as const;
export type ClusterIconSize = 1 | 2 | 3 | 4 | 5;

/** Which of the 5 cluster icons shows a count: under 10, under 100, under 1,000, under 10,000, or more. */
export function clusterIconSize(count: number): ClusterIconSize {
  const index = CLUSTER_SIZE_LIMITS.findIndex((limit) => count < limit);
  return (index === -1 ? 5 : index + 1) as ClusterIconSize;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const full = new Intl.NumberFormat('en-US');

/** The count on a cluster icon: short enough for a small circle (1.2K). */
export const clusterLabel = (count: number) => compact.format(count);

/** What a cluster says to a screen reader: the full number. */
export const clusterName = (count: number) => `${full.format(count)} ${count === 1 ? 'job' : 'jobs'}`;
