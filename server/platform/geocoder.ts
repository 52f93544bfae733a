import type { LocationResult } from '../../src/contract/location.ts';
import { stateName } from './us-states.ts';

/** Finds street addresses, which the embedded gazetteer does not know. */
export interface StreetGeocoder {
  search(query: string, options?: { limit?: number; signal?: AbortSignal }): Promise<LocationResult[]>;
}

export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

export const GEOCODER_TIMEOUT_MS = 5000;

/**
 * A geocoder of the TomTom / Azure Maps search family, which answers
 * `{ results: [{ id, address: { freeformAddress, countrySubdivisionName }, position: { lat, lon } }] }`.
 *
 * GEOCODER_URL may hold `{query}` and `{key}` placeholders, for APIs that take them in the path
 * (`https://api.tomtom.com/search/2/geocode/{query}.json`) or under another parameter name
 * (`…?api-version=1.0&subscription-key={key}`). Without them the query goes in `query=` and
 * the key in `key=`.
 */
export function createHttpGeocoder(
  config: { url: string; key: string | undefined },
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): StreetGeocoder {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;

  function addressFor(query: string, limit: number): string {
    let text = config.url;
    const hasQuery = text.includes('{query}');
    const hasKey = text.includes('{key}');
    text = text.replaceAll('{query}', encodeURIComponent(query)).replaceAll('{key}', encodeURIComponent(config.key ?? ''));
    const url = new URL(text);
    if (!hasQuery) url.searchParams.set('query', query);
    if (!hasKey && config.key) url.searchParams.set('key', config.key);
    if (!url.searchParams.has('countrySet')) url.searchParams.set('countrySet', 'US');
    if (!url.searchParams.has('limit')) url.searchParams.set('limit', String(limit));
    return url.toString();
  }

  return {
    async search(query, { limit = 10, signal } = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const res = await doFetch(addressFor(query, limit), {
        headers: { Accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) throw new GeocoderError(`Geocoder answered ${res.status}`);
      const body: unknown = await res.json().catch(() => {
        throw new GeocoderError('Geocoder answered with something other than JSON');
      });
      const results = (body as { results?: unknown } | null)?.results;
      if (!Array.isArray(results)) throw new GeocoderError('Geocoder answer has no results list');
      return results
        .map(toLocation)
        .filter((r): r is LocationResult => r !== null)
        .slice(0, limit);
    },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function coordinate(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** Maps one result defensively: anything without a usable address and position is dropped. */
function toLocation(raw: unknown): LocationResult | null {
  if (!isObject(raw) || !isObject(raw.address) || !isObject(raw.position)) return null;
  const { address, position } = raw;
  const freeform = typeof address.freeformAddress === 'string' ? address.freeformAddress.trim() : '';
  const lat = coordinate(position.lat);
  const lng = coordinate(position.lng ?? position.lon);
  if (!freeform || lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  if (typeof address.countryCode === 'string' && address.countryCode.toUpperCase() !== 'US') return null;
  const subdivision =
    typeof address.countrySubdivisionName === 'string'
      ? address.countrySubdivisionName
      : typeof address.countrySubdivision === 'string'
        ? (stateName(address.countrySubdivision) ?? address.countrySubdivision)
        : '';
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : `${lat},${lng}`;
  return {
    id: `street:${id}`,
    address: { freeformAddress: freeform, countrySubdivisionName: subdivision },
    position: { lat, lng },
  };
}
