import type { Bounds, LatLng } from '../contract/map.ts';

/**
 * Web Mercator, the projection of Google Maps and of the offline map: at zoom z the world is a
 * square of 256·2^z pixels, so a view's centre, zoom and size give its edges and back again.
 */

/** The latitude where the Mercator square ends (north and south). */
export const MAX_LATITUDE = 85.0511287798066;
const TILE_PX = 256;

export interface Point {
  x: number;
  y: number;
}

/** The width (and height) of the whole world in pixels at a zoom. */
export const worldSize = (zoom: number) => TILE_PX * 2 ** zoom;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A longitude brought into [-180, 180). */
export function wrapLongitude(lng: number): number {
  // Left alone when in range: the arithmetic below would cost the last digits.
  if (lng >= -180 && lng < 180) return lng;
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return Object.is(wrapped, -0) ? 0 : wrapped;
}

/** A centre the map can show: latitude within the Mercator square, longitude wrapped. */
export function normaliseCenter(center: LatLng): LatLng {
  return { lat: clamp(center.lat, -MAX_LATITUDE, MAX_LATITUDE), lng: wrapLongitude(center.lng) };
}

/** Pixel position in the world square at a zoom (x east, y south), from the top-left corner. */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const size = worldSize(zoom);
  const sin = Math.sin((clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The place at a pixel of the world square at a zoom (longitude not wrapped). */
export function unproject({ x, y }: Point, zoom: number): LatLng {
  const size = worldSize(zoom);
  const n = Math.PI * (1 - (2 * y) / size);
  return { lat: (Math.atan(Math.sinh(n)) * 180) / Math.PI, lng: (x / size) * 360 - 180 };
}

/** The edges of a view `width`×`height` pixels centred on `center` at `zoom`. */
export function boundsAround(center: LatLng, zoom: number, width: number, height: number): Bounds {
  const c = project(normaliseCenter(center), zoom);
  const topLeft = unproject({ x: c.x - width / 2, y: c.y - height / 2 }, zoom);
  const bottomRight = unproject({ x: c.x + width / 2, y: c.y + height / 2 }, zoom);
  const north = clamp(topLeft.lat, -MAX_LATITUDE, MAX_LATITUDE);
  const south = clamp(bottomRight.lat, -MAX_LATITUDE, MAX_LATITUDE);
  // A view wider than the world shows every longitude.
  if (width >= worldSize(zoom)) return { north, south, west: -180, east: 180 };
  // Past the 180th meridian an edge continues on the other side: west then lies east of east.
  const west = topLeft.lng < -180 ? topLeft.lng + 360 : topLeft.lng;
  const east = bottomRight.lng > 180 ? bottomRight.lng - 360 : bottomRight.lng;
  return { north, south, west, east };
}

/** The centre after the map's content moves by (dx, dy) pixels under a fixed window (a drag). */
export function panBy(center: LatLng, zoom: number, dx: number, dy: number): LatLng {
  const c = project(center, zoom);
  return normaliseCenter(unproject({ x: c.x - dx, y: c.y - dy }, zoom));
}

/**
 * The centre after zooming to `toZoom` so that the place at `offset` pixels from the view's centre
 * stays under the pointer (wheel and pinch zoom towards where the user points).
 */
export function zoomAround(center: LatLng, fromZoom: number, toZoom: number, offset: Point): LatLng {
  const c = project(center, fromZoom);
  const anchor = unproject({ x: c.x + offset.x, y: c.y + offset.y }, fromZoom);
  const a = project(anchor, toZoom);
  return normaliseCenter(unproject({ x: a.x - offset.x, y: a.y - offset.y }, toZoom));
}
