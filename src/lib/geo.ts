/** Mean radius of the Earth in miles (IUGG). */
export const EARTH_RADIUS_MILES = 3958.7613;

/** Radians in a degree. */
export const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * The haversine formula from its parts: the degrees of latitude and of longitude between two
 * points, and the product of the cosines of their latitudes. Loops that measure many points from
 * one place pass the place's cosine already computed; a bound over a box passes its least product.
 */
export function haversineMilesOf(dLat: number, dLng: number, cosProduct: number): number {
  const a = Math.sin((dLat * RADIANS_PER_DEGREE) / 2);
  const b = Math.sin((dLng * RADIANS_PER_DEGREE) / 2);
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a * a + cosProduct * b * b)));
}

/** Great-circle miles from a place whose latitude's cosine is known (`Math.cos(lat1 * RADIANS_PER_DEGREE)`). */
export function haversineMilesFrom(lat1: number, lng1: number, cosLat1: number, lat2: number, lng2: number): number {
  return haversineMilesOf(lat2 - lat1, lng2 - lng1, cosLat1 * Math.cos(lat2 * RADIANS_PER_DEGREE));
}

/** Great-circle distance in miles between two points given in degrees (haversine formula). */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return haversineMilesFrom(lat1, lng1, Math.cos(lat1 * RADIANS_PER_DEGREE), lat2, lng2);
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
