import type { LocationResult } from '../contract/location.ts';

/** A place as a company keeps it: the address as picked, its city, state (two letters) and position. */
export interface Place {
  address: string;
  city: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
}

/**
 * A location search result as a place. The search writes "Portland, OR", "98660 Vancouver, WA" or
 * "1200 Main St, Vancouver, WA 98660": the state is the two letters that start the last part, the
 * city the part before it (without a leading ZIP code).
 */
export function placeOf(result: LocationResult): Place {
  const address = result.address.freeformAddress.trim();
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const state = /^([A-Z]{2})\b/.exec(parts.at(-1) ?? '')?.[1] ?? null;
  const cityPart = state && parts.length >= 2 ? parts.at(-2)! : null;
  const city = cityPart ? cityPart.replace(/^\d{5}(?:-\d{4})?\s+/, '').trim() || null : null;
  return { address, city, state, latitude: result.position.lat, longitude: result.position.lng };
}

/** "Vancouver, WA", or whichever of the two is known. */
export function cityState(place: { city: string | null; state: string | null }): string {
  return [place.city, place.state].filter(Boolean).join(', ');
}

/** Where a job is, as its lists show it: "Remote", or its city and state ("Vancouver, WA"). */
export function jobPlace(job: {
  type: 'onsite' | 'remote' | 'hybrid';
  isRemote: boolean;
  location: { city: string | null; state: string | null } | null;
}): string {
  if (job.type === 'remote' || (job.isRemote && !job.location)) return 'Remote';
  const place = job.location ? cityState(job.location) : '';
  if (job.type === 'hybrid') return place ? `${place} (hybrid)` : 'Hybrid';
  return place;
}
