/**
 * Job search results as enhanced-search and simple-search answer them (src/contract/search.ts), and
 * the search machine with every call swapped for a stub the test answers.
 */
import { fromPromise } from 'xstate';
import type { MapCluster, Viewport } from '../../../src/contract/map.ts';
import type { JobPostListItem } from '../../../src/contract/posting.ts';
import type { BoostsPage, BoostsRequestInput, ClusterRequestInput, MapPins, SearchItem, SearchPage, SearchRequestInput } from '../../../src/contract/search.ts';
import { jobSearchMachine } from '../../../src/machines/jobs/search.machine.ts';
import { deferred } from './model.ts';

const titles = ['Line Cook', 'Barista', 'Forklift Operator', 'Registered Nurse', 'Cashier', 'Warehouse Associate', 'Dental Assistant', 'Delivery Driver'];

/** The n-th job of a search's results (job-1, job-2…), a little further away each time. */
export function searchItem(n: number, over: Partial<SearchItem> = {}): SearchItem {
  return {
    id: `job-${n}`,
    title: `${titles[(n - 1) % titles.length]} ${n}`,
    jobType: [{ id: 1, name: 'Full-time' }],
    minimumExperience: 0,
    maximumExperience: 2,
    dateOfPosted: '2025-03-04T17:00:00.000Z',
    createdDate: '2025-03-03T17:00:00.000Z',
    location: { city: 'Vancouver', state: 'WA' },
    geoLatitude: 45.62 + n / 1000,
    geoLongitude: -122.67,
    compensation: { minimumAmount: 20, maximumAmount: 24, rate: 'Hourly' },
    skills: [{ id: 7, name: 'Customer service', match: n % 2 === 0 }],
    company: { id: 'c-1', name: 'Riverside Foods' },
    companyName: 'Riverside Foods',
    type: 'onsite',
    isRemote: false,
    isBoosted: false,
    openToMinors: false,
    userActions: { isSaved: false },
    distanceMiles: n / 2,
    ...over,
  };
}

export const itemsFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => searchItem(first + i));

/** A page of results; page 1 carries the pins when given. */
export function searchPage(items: SearchItem[], total: number, pageNumber = 1, pins: MapPins | null = null, asOf = '2025-03-10T12:00:00.000Z'): SearchPage {
  return { items, total, pageNumber, pageSize: 20, location: { latitude: 45.628, longitude: -122.6739, radius: 10 }, asOf, pins };
}

/** A single job's pin of job-n, and a group of jobs. */
export const pinOf = (n: number): MapCluster => ({ id: `13/${n}/1`, latitude: 45.62 + n / 1000, longitude: -122.67, count: 1, jobId: `job-${n}`, title: `${titles[(n - 1) % titles.length]} ${n}` });
export const GROUP: MapCluster = { id: '13/9/9', latitude: 45.6, longitude: -122.6, count: 12, jobId: null };
export const pinsOf = (clusters: MapCluster[]): MapPins => ({ zoom: 13, clusters, total: clusters.reduce((n, c) => n + c.count, 0) });

export const VIEW_A: Viewport = { north: 45.7, south: 45.55, east: -122.55, west: -122.8, zoom: 12 };
export const VIEW_B: Viewport = { north: 45.6, south: 45.45, east: -122.6, west: -122.85, zoom: 12 };

/** A boosted job, for the strip above the results. */
export const boosted = (n: number): SearchItem => searchItem(n, { isBoosted: true, title: `Featured Job ${n}` });
export const boostsPage = (items: SearchItem[]): BoostsPage => ({ items, total: items.length, pageNumber: 1, pageSize: 5 });

/** A job outside the results read, as its page answers it (only the list fields the card needs matter). */
export const pageOfJob = (n: number): JobPostListItem => {
  const { distanceMiles: _, ...job } = searchItem(n);
  return job;
};

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
  const hold = <T>(id: 'search' | 'clusters' | 'boosts' | 'pinned') => {
    const d = deferred<T>();
    server.pending[id] = d as unknown as Pending;
    if (id === 'search' || id === 'clusters') server.all[id].push(d as unknown as Pending);
    return d.promise;
  };
  const actors = {
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
