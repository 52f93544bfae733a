import { countries as countryData } from 'countries-list';
import ISO6391 from 'iso-639-1';
import type * as schema from '../../db/schema.ts';

/**
 * Countries: ISO 3166-1 alpha-2 codes with their common English names, from the countries-list
 * package (MIT, Annexare Studio). Languages: ISO 639-1 codes with their English names, from the
 * iso-639-1 package (MIT). Both are development dependencies: only the seed migration reads them.
 */

/** Where the marketplace operates: the United States only. */
export const ALLOWED_COUNTRIES: ReadonlySet<string> = new Set(['US']);

/** Codes countries-list carries that ISO 3166-1 does not assign: exceptionally reserved or user-assigned. */
const NOT_ASSIGNED = new Set(['AC', 'TA', 'XK']);

export const countries: ReadonlyArray<typeof schema.countries.$inferInsert> = Object.entries(countryData)
  .filter(([code]) => !NOT_ASSIGNED.has(code))
  .map(([code, c]) => ({ code, name: c.name, allowed: ALLOWED_COUNTRIES.has(code) }))
  .sort((a, b) => a.code.localeCompare(b.code));

export const languages: ReadonlyArray<typeof schema.languages.$inferInsert> = ISO6391.getAllCodes()
  .map((code) => ({ code, name: ISO6391.getName(code) }))
  .sort((a, b) => a.code.localeCompare(b.code));
