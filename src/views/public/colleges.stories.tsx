import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { College } from '../../contract/colleges.ts';
import type { SearchItem } from '../../contract/search.ts';
import { collegesMachine, type CampusJobs, type CollegesContext } from '../../machines/public/colleges.machine.ts';
import { ApiError } from '../../services/http.ts';
import { after, withAccountProviders } from '../account/stories-support.tsx';
import CollegesPage from './colleges.view.tsx';

const PSU: College = {
  id: 209807,
  name: 'Portland State University',
  city: 'Portland',
  state: 'OR',
  latitude: 45.52345,
  longitude: -122.67621,
};
const REED: College = { id: 209922, name: 'Reed College', city: 'Portland', state: 'OR', latitude: 45.52345, longitude: -122.67621 };

const job = (id: string, title: string, type: { id: number; name: string }, miles: number): SearchItem => ({
  id,
  title,
  jobType: [type],
  minimumExperience: 0,
  maximumExperience: 1,
  dateOfPosted: '2025-03-04T17:00:00.000Z',
  createdDate: '2025-03-04T17:00:00.000Z',
  location: { city: 'Portland', state: 'OR' },
  geoLatitude: 45.51,
  geoLongitude: -122.68,
  compensation: { minimumAmount: 17, maximumAmount: 19, rate: 'Hourly' },
  skills: [{ id: 7, name: 'Customer service', match: false }],
  company: { id: 'c-1', name: 'Park Blocks Books' },
  companyName: 'Park Blocks Books',
  type: 'onsite',
  isRemote: false,
  isBoosted: false,
  boostPlacements: [],
  openToMinors: false,
  userActions: { isSaved: false },
  distanceMiles: miles,
});

const JOBS: CampusJobs = {
  items: [
    job('s-1', 'Bookstore Clerk', { id: 2, name: 'Part-time' }, 0.4),
    job('s-2', 'Marketing Intern', { id: 5, name: 'Internship' }, 1.2),
    job('s-3', 'Barista', { id: 2, name: 'Part-time' }, 2.8),
  ],
  total: 14,
  totalIsLowerBound: false,
};

/** Answers after a moment, as a server would. */
const logic = collegesMachine.provide({
  actors: {
    findColleges: fromPromise<College[], { text: string }>(({ input }) =>
      after(
        400,
        [PSU, REED].filter((c) => c.name.toLowerCase().includes(input.text.trim().toLowerCase())),
      ),
    ),
    loadJobs: fromPromise<CampusJobs, { college: College }>(() => after(800, JOBS)),
  },
});

const at = (campus: string, c: Partial<CollegesContext> = {}, finder = 'idle') =>
  logic.resolveState({
    value: { finder, campus },
    context: { query: '', colleges: null, college: null, jobs: null, errors: [], ...c },
  });

const meta = {
  title: 'Public/Colleges',
  component: CollegesPage,
  decorators: [withAccountProviders],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/colleges' },
} satisfies Meta<typeof CollegesPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: type “portland”, choose a college. */
export const FromTheStart: Story = {};
export const FromTheStartDark: Story = { ...FromTheStart, globals: dark };
/** finder.searching: the names are being searched. */
export const Searching: Story = { args: { snapshot: at('none', { query: 'portland' }, 'searching') } };
/** campus.loading: a college chosen, its jobs on the way. */
export const LoadingJobs: Story = { args: { snapshot: at('loading', { query: 'portland', colleges: [PSU, REED], college: PSU }) } };
/** campus.shown: the nearest part-time jobs and internships, and the full search. */
export const JobsShown: Story = { args: { snapshot: at('shown', { query: 'portland', colleges: [PSU, REED], college: PSU, jobs: JOBS }) } };
export const JobsShownDark: Story = { ...JobsShown, globals: dark };
/** campus.shown with nothing open near the campus. */
export const NoJobs: Story = {
  args: {
    snapshot: at('shown', { query: 'reed', colleges: [REED], college: REED, jobs: { items: [], total: 0, totalIsLowerBound: false } }),
  },
};
/** campus.failed: the jobs could not be loaded; try again. */
export const Failed: Story = {
  args: {
    snapshot: at('failed', {
      query: 'portland',
      colleges: [PSU],
      college: PSU,
      errors: [new ApiError('network', 0, 'Network Error!, Please check your connection.').message],
    }),
  },
};
