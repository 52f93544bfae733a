import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '../../src/lib/geo.ts';

/** A column, an expression, or a number (sent as a float8 parameter). */
type Degrees = number | SQL | AnyColumn;
const inSql = (d: Degrees) => (typeof d === 'number' ? sql`${d}::float8` : d);

/**
 * Great-circle miles between two points in SQL: the haversine of src/lib/geo.ts, with its
 * radius, term for term in the same order, so the database and the in-process index agree.
 * Null when either point is.
 */
export function greatCircleMiles(
  fromPoint: { latitude: Degrees; longitude: Degrees },
  toPoint: { latitude: Degrees; longitude: Degrees },
): SQL<number | null> {
  const from = { latitude: inSql(fromPoint.latitude), longitude: inSql(fromPoint.longitude) };
  const to = { latitude: inSql(toPoint.latitude), longitude: inSql(toPoint.longitude) };
  return sql<
    number | null
  >`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(power(sin(radians(${to.latitude} - ${from.latitude}) / 2), 2) + cos(radians(${from.latitude})) * cos(radians(${to.latitude})) * power(sin(radians(${to.longitude} - ${from.longitude}) / 2), 2)))))`;
}
