/**
 * Job search results (tests/support/search-data.ts), and the search machine with every call swapped
 * for a stub the test answers.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { AllLookups } from '../../../src/contract/lookups.ts';
import type { JobPostListItem } from '../../../src/contract/posting.ts';
import type {
  BoostsPage,
  BoostsRequestInput,
  ClusterRequestInput,
  MapPins,
  SearchPage,
  SearchRequestInput,
} from '../../../src/contract/search.ts';
import { jobSearchMachine, type JobSearchEvent } from '../../../src/machines/jobs/search.machine.ts';
import { deferred } from './model.ts';

export * from '../search-data.ts';

type Pending = ReturnType<typeof deferred<never>>;

/** Every call the search makes, recorded with its abort signal and answered by the test through `pending`. */
export function stubSearchServer() {
  const server = {
    searches: [] as Array<{ request: SearchRequestInput; asSeeker: boolean; signal: AbortSignal }>,
    clusters: [] as Array<{ request: ClusterRequestInput; signal: AbortSignal }>,
    boosts: [] as BoostsRequestInput[],
    pinned: [] as Array<{ jobId: string; asSeeker: boolean }>,
    pending: {} as Record<string, Pending | undefined>,
    /** Every call's promise, by actor, in order: to answer one that was replaced. */
    all: { search: [] as Pending[], clusters: [] as Pending[] },
  };
  const hold = <T>(id: 'search' | 'clusters' | 'boosts' | 'pinned' | 'lookups') => {
    const d = deferred<T>();
    server.pending[id] = d as unknown as Pending;
    if (id === 'search' || id === 'clusters') server.all[id].push(d as unknown as Pending);
    return d.promise;
  };
  const actors = {
    lookups: fromPromise<AllLookups>(() => hold('lookups')),
    // A place kept later is played by the test as the event it becomes.
    homeChanges: fromCallback<JobSearchEvent>(() => {}),
    search: fromPromise<SearchPage, { request: SearchRequestInput; asSeeker: boolean }>(({ input, signal }) => {
      server.searches.push({ ...input, signal });
      return hold('search');
    }),
    clusters: fromPromise<MapPins, ClusterRequestInput>(({ input, signal }) => {
      server.clusters.push({ request: input, signal });
      return hold('clusters');
    }),
    boosts: fromPromise<BoostsPage, BoostsRequestInput>(({ input }) => {
      server.boosts.push(input);
      return hold('boosts');
    }),
    pinned: fromPromise<JobPostListItem, { jobId: string; asSeeker: boolean }>(({ input }) => {
      server.pinned.push(input);
      return hold('pinned');
    }),
  };
  return { server, actors };
}

/** The search machine with its calls answered by the test. */
export function stubbedSearch() {
  const { server, actors } = stubSearchServer();
  return { server, logic: jobSearchMachine.provide({ actors }) };
}
