// No schema code here: the location prompt of a first visit and the stored place use these, and the
// first page downloads no validation library (the search's schemas are in location.ts).

/** Where a location came from (spec 2 §3). */
export const locationSources = ['default', 'manual', 'search', 'map', 'gps', 'ip', 'migrated'] as const;
export type LocationSource = (typeof locationSources)[number];

export interface UserLocation {
  lat: number;
  lng: number;
  address: string;
  source: LocationSource;
  radius?: number;
}

/** The default location: Vancouver, WA (spec 2 §3). */
export const DEFAULT_LOCATION: UserLocation = {
  lat: 45.628,
  lng: -122.6739,
  address: 'Vancouver, WA',
  source: 'default',
  radius: 10,
};

/** Location search types (spec 1 §3). */
export const LocationSearchType = { City: 1, Street: 2 } as const;
