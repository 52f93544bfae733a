/** Mean radius of the Earth in miles (IUGG). */
export const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle distance in miles between two points given in degrees (haversine formula). */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A latitude and longitude box; `west` is greater than `east` when it crosses the 180th meridian. */
export interface LatLngBox {
  north: number;
  south: number;
  east: number;
  west: number;
}

/**
 * The smallest latitude and longitude box holding every point within `miles` great-circle miles
 * of a centre: a prefilter an index can answer before the exact distance is computed. Near a pole
 * the box takes every longitude; across the 180th meridian its west edge lies east of its east edge.
 */
export function circleBounds(lat: number, lng: number, miles: number): LatLngBox {
  const deg = 180 / Math.PI;
  const angle = miles / EARTH_RADIUS_MILES;
  // A hair wider than exact, so rounding never drops a point the exact distance keeps.
  const margin = 1e-9;
  const north = lat + angle * deg + margin;
  const south = lat - angle * deg - margin;
  if (north >= 90 || south <= -90 || angle >= Math.PI / 2) {
    return { north: Math.min(90, north), south: Math.max(-90, south), west: -180, east: 180 };
  }
  // The widest longitude the circle reaches: where a meridian touches it.
  const spread = Math.asin(Math.min(1, Math.sin(angle) / Math.cos(lat / deg))) * deg + margin;
  if (spread >= 180) return { north, south, west: -180, east: 180 };
  let west = lng - spread;
  let east = lng + spread;
  if (west < -180) west += 360;
  if (east > 180) east -= 360;
  return { north, south, west, east };
}

/** The point lies in the box (longitudes in -180…180). */
export function inBox(box: LatLngBox, lat: number, lng: number): boolean {
  if (lat < box.south || lat > box.north) return false;
  return box.west <= box.east ? lng >= box.west && lng <= box.east : lng >= box.west || lng <= box.east;
}
