import * as ep from '../contract/search.ts';
import type { BoostsRequestInput, ClusterRequestInput, SearchRequestInput } from '../contract/search.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of job search (spec 2 §7: enhanced-search, simple-search, api/job/boosts) and the map's clusters. */
export const searchService = {
  /** A signed-in job seeker's search (skills matched, saved flags) or a visitor's simple search. */
  search: (request: SearchRequestInput, asSeeker: boolean, signal?: Signal) =>
    call(asSeeker ? ep.enhancedSearch : ep.simpleSearch, { body: request }, { signal }),
  clusters: (request: ClusterRequestInput, signal?: Signal) => call(ep.mapClusters, { body: request }, { signal }),
  boosts: (request: BoostsRequestInput, signal?: Signal) => call(ep.boosts, { body: request }, { signal }),
};
