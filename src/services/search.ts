import type { BoostsRequestInput, ClusterRequestInput, SearchRequestInput } from '../contract/search.ts';
import { contractLoader } from './http.ts';

type Signal = AbortSignal | undefined;

const contract = contractLoader(() => import('../contract/search.ts'));
// Both pages using these calls search as they open: the download starts with them, and the schemas
// are built in a task of their own.
void contract.load().catch(() => undefined);

/** Typed calls of job search (spec 2 §7: enhanced-search, simple-search, api/job/boosts) and the map's clusters. */
export const searchService = {
  /** A signed-in job seeker's search (skills matched, saved flags) or a visitor's simple search. */
  search: (request: SearchRequestInput, asSeeker: boolean, signal?: Signal) =>
    contract.call(asSeeker ? 'enhancedSearch' : 'simpleSearch', { body: request }, { signal }),
  clusters: (request: ClusterRequestInput, signal?: Signal) => contract.call('mapClusters', { body: request }, { signal }),
  boosts: (request: BoostsRequestInput, signal?: Signal) => contract.call('boosts', { body: request }, { signal }),
};
