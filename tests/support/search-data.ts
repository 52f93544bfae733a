/**
 * Job search results as enhanced-search and simple-search answer them (src/contract/search.ts):
 * data only, for the client's tests and the server's.
 */
import type { MapCluster, Viewport } from '../../src/contract/map.ts';
import type { JobPostListItem } from '../../src/contract/posting.ts';
import type { BoostsPage, MapPins, SearchItem, SearchPage } from '../../src/contract/search.ts';

const titles = [
  'Line Cook',
  'Barista',
  'Forklift Operator',
  'Registered Nurse',
  'Cashier',
  'Warehouse Associate',
  'Dental Assistant',
  'Delivery Driver',
];

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
    boostPlacements: [],
    openToMinors: false,
    userActions: { isSaved: false },
    distanceMiles: n / 2,
    ...over,
  };
}

export const itemsFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => searchItem(first + i));

/** A page of results; page 1 carries the pins when given. */
export function searchPage(
  items: SearchItem[],
  total: number,
  pageNumber = 1,
  pins: MapPins | null = null,
  asOf = '2025-03-10T12:00:00.000Z',
): SearchPage {
  return { items, total, pageNumber, pageSize: 20, location: { latitude: 45.628, longitude: -122.6739, radius: 10 }, asOf, pins };
}

/** A single job's pin of job-n, and a group of jobs. */
export const pinOf = (n: number): MapCluster => ({
  id: `13/${n}/1`,
  latitude: 45.62 + n / 1000,
  longitude: -122.67,
  count: 1,
  jobId: `job-${n}`,
  title: `${titles[(n - 1) % titles.length]} ${n}`,
});
export const GROUP: MapCluster = { id: '13/9/9', latitude: 45.6, longitude: -122.6, count: 12, jobId: null };
export const pinsOf = (clusters: MapCluster[]): MapPins => ({ zoom: 13, clusters, total: clusters.reduce((n, c) => n + c.count, 0) });

export const VIEW_A: Viewport = { north: 45.7, south: 45.55, east: -122.55, west: -122.8, zoom: 12 };
export const VIEW_B: Viewport = { north: 45.6, south: 45.45, east: -122.6, west: -122.85, zoom: 12 };

/** A boosted job, for the strip above the results. */
export const boosted = (n: number): SearchItem =>
  searchItem(n, { isBoosted: true, boostPlacements: ['featuredStrip', 'badge'], title: `Featured Job ${n}` });
export const boostsPage = (items: SearchItem[]): BoostsPage => ({ items, total: items.length, pageNumber: 1, pageSize: 5 });

/** A job outside the results read, as its page answers it (only the list fields the card needs matter). */
export const pageOfJob = (n: number): JobPostListItem => {
  const { distanceMiles: _, ...job } = searchItem(n);
  return job;
};
