import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromCallback, fromPromise } from 'xstate';
import type { AllLookups } from '../../contract/lookups.ts';
import type { MapCluster } from '../../contract/map.ts';
import type { JobPostListItem } from '../../contract/posting.ts';
import {
  NO_FILTERS,
  type BoostsPage,
  type BoostsRequestInput,
  type ClusterRequestInput,
  type MapPins,
  type SearchItem,
  type SearchPage,
  type SearchRequestInput,
} from '../../contract/search.ts';
import { jobSearchMachine, type JobSearchEvent } from '../../machines/jobs/search.machine.ts';
import { ApiError } from '../../services/http.ts';
import { after, never, withProviders } from '../account/stories-support.tsx';
import { FiltersPanel } from './search-filters.tsx';
import SearchJobsPage from './search-jobs.view.tsx';

const far = () => Date.now() + 24 * 3600_000;

/** A signed-in job seeker: enhanced search, Save on each result. */
const withSeeker = withProviders({
  token: 'story-token',
  refreshToken: 'story-refresh',
  role: 'JobSeeker',
  user: { id: 's-1', email: 'maria.lopez@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' },
  expiresAt: far(),
  remember: false,
});
/** Nobody signed in: the public search. */
const withVisitor = withProviders(null);

const day = (offset: number) => new Date(Date.UTC(2025, 2, 10) + offset * 86_400_000).toISOString();

function job(n: number, over: Partial<SearchItem>): SearchItem {
  return {
    id: `story-job-${n}`,
    title: 'Job',
    jobType: [{ id: 1, name: 'Full-time' }],
    minimumExperience: 0,
    maximumExperience: 2,
    dateOfPosted: day(-n),
    createdDate: day(-n - 1),
    location: { city: 'Vancouver', state: 'WA' },
    geoLatitude: 45.628 + Math.sin(n) * 0.06,
    geoLongitude: -122.6739 + Math.cos(n) * 0.08,
    compensation: { minimumAmount: 20, maximumAmount: 25, rate: 'Hourly' },
    skills: [],
    company: { id: 'c-1', name: 'Riverside Foods' },
    companyName: 'Riverside Foods',
    type: 'onsite',
    isRemote: false,
    isBoosted: false,
    boostPlacements: [],
    openToMinors: false,
    userActions: { isSaved: false },
    distanceMiles: 0.6 + n * 0.9,
    ...over,
  };
}

const demoJobs: SearchItem[] = [
  job(1, {
    title: 'Line Cook',
    skills: [
      { id: 1, name: 'Food safety', match: true },
      { id: 2, name: 'Knife skills', match: false },
    ],
    openToMinors: true,
  }),
  job(2, {
    title: 'Forklift Operator',
    companyName: 'Columbia Logistics',
    company: { id: 'c-2', name: 'Columbia Logistics' },
    compensation: { minimumAmount: 21.5, maximumAmount: 26, rate: 'Hourly' },
    skills: [{ id: 3, name: 'Forklift operation', match: true }],
    userActions: { isSaved: true },
  }),
  job(3, {
    title: 'Registered Nurse, Night Shift',
    companyName: 'Northwind Clinics',
    company: { id: 'c-3', name: 'Northwind Clinics' },
    compensation: { minimumAmount: 92000, maximumAmount: 118000, rate: 'Yearly' },
    minimumExperience: 2,
    maximumExperience: 5,
    location: { city: 'Portland', state: 'OR' },
  }),
  job(4, {
    title: 'Barista',
    jobType: [{ id: 2, name: 'Part-time' }],
    compensation: { minimumAmount: 17, maximumAmount: 0, rate: 'Hourly' },
    openToMinors: true,
  }),
  job(5, {
    title: 'Customer Support Specialist',
    type: 'remote',
    isRemote: true,
    location: null,
    geoLatitude: null,
    geoLongitude: null,
    distanceMiles: null,
    companyName: 'Brightline Software',
    company: { id: 'c-5', name: 'Brightline Software' },
  }),
  job(6, {
    title: 'Warehouse Associate',
    jobType: [
      { id: 1, name: 'Full-time' },
      { id: 4, name: 'Temporary' },
    ],
    compensation: { minimumAmount: 19, maximumAmount: 19, rate: 'Hourly' },
    companyName: 'Columbia Logistics',
    company: { id: 'c-2', name: 'Columbia Logistics' },
  }),
  job(7, { title: 'Dental Assistant', compensation: { minimumAmount: 0, maximumAmount: 0, rate: null }, maximumExperience: 0 }),
  job(8, { title: 'Delivery Driver', type: 'hybrid', jobType: [{ id: 2, name: 'Part-time' }], location: { city: 'Camas', state: 'WA' } }),
];
const DEMO_TOTAL = 43;
const featured: SearchItem[] = [
  job(21, {
    title: 'Shift Supervisor',
    isBoosted: true,
    boostPlacements: ['featuredStrip', 'badge'],
    companyName: 'Harbor Market',
    company: { id: 'c-7', name: 'Harbor Market' },
    compensation: { minimumAmount: 24, maximumAmount: 29, rate: 'Hourly' },
  }),
  job(22, {
    title: 'Maintenance Technician',
    isBoosted: true,
    boostPlacements: ['featuredStrip', 'badge'],
    companyName: 'Evergreen Properties',
    company: { id: 'c-8', name: 'Evergreen Properties' },
    compensation: { minimumAmount: 58000, maximumAmount: 66000, rate: 'Yearly' },
  }),
  job(23, {
    title: 'Pharmacy Technician',
    isBoosted: true,
    boostPlacements: ['featuredStrip', 'badge'],
    companyName: 'Northwind Clinics',
    company: { id: 'c-3', name: 'Northwind Clinics' },
  }),
];

const pinOf = (j: SearchItem): MapCluster => ({
  id: `pin-${j.id}`,
  latitude: j.geoLatitude!,
  longitude: j.geoLongitude!,
  count: 1,
  jobId: j.id,
  title: j.title,
});
const demoPins: MapPins = {
  zoom: 12,
  clusters: [
    ...demoJobs.filter((j) => j.geoLatitude !== null).map(pinOf),
    { id: 'group-1', latitude: 45.66, longitude: -122.56, count: 14, jobId: null },
    { id: 'group-2', latitude: 45.59, longitude: -122.75, count: 9, jobId: null },
  ],
  total: 30,
};

const lookups: AllLookups = {
  jobSkills: [
    { id: 1, name: 'Food safety', category: 'Hospitality' },
    { id: 2, name: 'Knife skills', category: 'Hospitality' },
    { id: 3, name: 'Forklift operation', category: 'Warehouse' },
  ],
  jobTypes: ['Full-time', 'Part-time', 'Contract', 'Temporary', 'Internship', 'Seasonal', 'Per diem'].map((name, i) => ({
    id: i + 1,
    name,
  })),
  jobEducations: [],
  jobBenefits: [],
  fieldsOfStudy: [],
  industries: [],
  jobSchedules: ['Day shift', 'Morning shift', 'Evening shift', 'Night shift', 'Monday to Friday', 'Weekends as needed'].map((name, i) => ({
    id: i + 1,
    name,
  })),
  jobSupplementalPays: [],
  preferLocations: [],
};

type Answers = {
  search?: (request: SearchRequestInput) => Promise<SearchPage>;
  boosts?: () => Promise<BoostsPage>;
};

/** A pretend server: the demo jobs on every page (renamed per page), featured jobs, the pins and the job of any pin. */
function pretendServer(answers: Answers = {}) {
  const search = (request: SearchRequestInput): Promise<SearchPage> => {
    const pageNumber = request.paging?.pageNumber ?? 1;
    const last = Math.ceil(DEMO_TOTAL / 20);
    const items = Array.from({ length: pageNumber === last ? DEMO_TOTAL - 20 * (last - 1) : 20 }, (_, i) => {
      const base = demoJobs[i % demoJobs.length]!;
      return i < demoJobs.length && pageNumber === 1 ? base : { ...base, id: `${base.id}-${pageNumber}-${i}` };
    });
    return after(500, {
      items,
      total: DEMO_TOTAL,
      pageNumber,
      pageSize: 20,
      location: null,
      asOf: day(0),
      pins: pageNumber === 1 ? demoPins : null,
    });
  };
  return jobSearchMachine.provide({
    actors: {
      lookups: fromPromise<AllLookups>(() => Promise.resolve(lookups)),
      // Stories keep no place: the search stays around the default one.
      homeChanges: fromCallback<JobSearchEvent>(() => {}),
      search: fromPromise<SearchPage, { request: SearchRequestInput; asSeeker: boolean }>(({ input }) =>
        (answers.search ?? search)(input.request),
      ),
      boosts: fromPromise<BoostsPage, BoostsRequestInput>(() =>
        (answers.boosts ?? (() => after(300, { items: featured, total: 3, pageNumber: 1, pageSize: 5 })))(),
      ),
      clusters: fromPromise<MapPins, ClusterRequestInput>(() => after(200, demoPins)),
      pinned: fromPromise<JobPostListItem, { jobId: string; asSeeker: boolean }>(({ input }) =>
        after(400, demoJobs.find((j) => j.id === input.jobId) ?? { ...demoJobs[0]!, id: input.jobId }),
      ),
    },
  });
}

const meta = {
  title: 'Jobs/Search jobs page',
  component: SearchJobsPage,
  decorators: [withSeeker],
  args: { logic: pretendServer() },
  parameters: { layout: 'fullscreen', route: '/user/search-jobs', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof SearchJobsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;
/** 375 px wide: below the 900 px breakpoint, so a List / Map switch instead of the map beside the list. */
const phone = { viewport: { value: 'iphonese2', isRotated: false } } as const;

/** results.ready: 20 of 43, featured jobs above, the map beside; Load more, the filters and the map all work. */
export const Results: Story = {};

export const ResultsDark: Story = { globals: dark };

/** On a phone: the list, with the switch to the map. */
export const ResultsPhone: Story = { globals: phone };

export const ResultsPhoneDark: Story = { globals: { ...dark, ...phone } };

/** results.loading: the first page on its way. */
export const Loading: Story = { args: { logic: pretendServer({ search: () => never(), boosts: () => never() }) } };

export const LoadingDark: Story = { ...Loading, globals: dark };

/** Nothing found: a wider radius to try. */
export const Empty: Story = {
  args: {
    logic: pretendServer({
      search: () =>
        after(300, {
          items: [],
          total: 0,
          pageNumber: 1,
          pageSize: 20,
          location: null,
          asOf: day(0),
          pins: { zoom: 12, clusters: [], total: 0 },
        }),
      boosts: () => after(300, { items: [], total: 0, pageNumber: 1, pageSize: 5 }),
    }),
  },
};

export const EmptyDark: Story = { ...Empty, globals: dark };

/** results.failed: "Search failed" and Try again (which fails again here). */
export const Failed: Story = {
  args: {
    logic: pretendServer({
      search: () => Promise.reject(new ApiError('server', 500, 'Something went wrong!!!')),
      boosts: () => Promise.reject(new ApiError('server', 500, 'Something went wrong!!!')),
    }),
  },
};

export const FailedDark: Story = { ...Failed, globals: dark };

/** No usable place: the server's reason. */
export const NoLocation: Story = {
  args: {
    logic: pretendServer({ search: () => Promise.reject(ApiError.of('request.invalid', 'No valid location available for search')) }),
  },
};

/** /jobs for anyone: no Save buttons, and a prompt to sign in to save and apply. */
export const Public: Story = { decorators: [withVisitor], parameters: { route: '/jobs' } };

export const PublicDark: Story = { ...Public, globals: dark };

export const PublicPhone: Story = { ...Public, globals: phone };

/** The filters opened, with some in use. */
export const Filters: Story = {
  render: () => (
    <div className="max-w-4xl p-2">
      <FiltersPanel
        defaultOpen
        lookups={lookups}
        today={new Date('2025-03-10T12:00:00Z')}
        filters={{
          ...NO_FILTERS,
          jobTypes: [2],
          schedules: [4],
          remote: 'exclude',
          skills: [3],
          minimumPay: { amount: 20, rate: 'Hourly' },
        }}
        onApply={() => {}}
      />
    </div>
  ),
};

export const FiltersDark: Story = { ...Filters, globals: dark };
