import type { LocationResult } from '../contract/location.ts';
import { contractLoader } from './http.ts';

const contract = contractLoader(() => import('../contract/location.ts'));

export const locationService = {
  /** Errors give an empty list (spec 1 §7). */
  async search(locationName: string, type: 1 | 2 = 1, signal?: AbortSignal): Promise<LocationResult[]> {
    try {
      const res = await contract.call('locationSearch', { body: { locationName, type } }, { signal });
      return res.data.locations;
    } catch (err) {
      if (signal?.aborted) throw err;
      return [];
    }
  },
};
