import { LocationSearchType, type LocationResult } from '../../src/contract/location.ts';
import type { StreetGeocoder } from '../platform/geocoder.ts';
import { getGazetteer, MAX_RESULTS } from './gazetteer.ts';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Cities and ZIP codes come from the embedded gazetteer; streets from the external geocoder
 * when one is configured. A failure is logged and answered with an empty list (spec 1 §7).
 */
export function createLocationSearch(deps: { geocoder: StreetGeocoder | null; log: Log }) {
  return async function searchLocations(query: string, type: 1 | 2 = LocationSearchType.City): Promise<LocationResult[]> {
    if (type === LocationSearchType.Street && deps.geocoder) {
      try {
        return await deps.geocoder.search(query, { limit: MAX_RESULTS });
      } catch (err) {
        deps.log.warn({ err }, 'street geocoder failed');
        return [];
      }
    }
    try {
      return (await getGazetteer()).search(query, MAX_RESULTS);
    } catch (err) {
      deps.log.error({ err }, 'gazetteer failed');
      return [];
    }
  };
}
