import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { JobPostListItem } from '../../contract/posting.ts';
import { saveJobMachine } from '../../machines/jobs/save-job.machine.ts';
import { after } from '../account/stories-support.tsx';
import { JobCard } from './job-card.tsx';

const forklift: JobPostListItem & { distanceMiles: number | null } = {
  id: 'story-forklift',
  title: 'Forklift Operator',
  jobType: [{ id: 1, name: 'Full-time' }],
  minimumExperience: 1,
  maximumExperience: 3,
  dateOfPosted: '2026-03-04T17:00:00.000Z',
  createdDate: '2026-03-03T17:00:00.000Z',
  location: { city: 'Vancouver', state: 'WA' },
  geoLatitude: 45.63,
  geoLongitude: -122.67,
  compensation: { minimumAmount: 18.5, maximumAmount: 22, rate: 'Hourly' },
  skills: [
    { id: 404, name: 'Forklift', match: true },
    { id: 405, name: 'Inventory', match: false },
    { id: 401, name: 'Shipping and receiving', match: true },
  ],
  company: { id: 'c-1', name: 'Columbia Freight' },
  companyName: 'Columbia Freight',
  type: 'onsite',
  isRemote: false,
  isBoosted: false,
  boostPlacements: [],
  openToMinors: true,
  userActions: { isSaved: false },
  distanceMiles: 3.2,
};

/** The save toggle answered after a moment, as a server would. */
const saveLogic = saveJobMachine.provide({
  actors: { change: fromPromise<boolean, { jobId: string; save: boolean }>(({ input }) => after(500, input.save)) },
});

const meta = {
  title: 'Jobs/Job card',
  component: JobCard,
  args: { job: forklift, saveLogic },
  decorators: [
    (Story) => (
      <div className="max-w-xl p-2">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof JobCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** As a visitor sees it: no save toggle. */
export const Visitor: Story = {};

/** As a signed-in job seeker sees it: skills they have are marked; Save toggles. */
export const Seeker: Story = { args: { saveable: true } };
export const SeekerDark: Story = { ...Seeker, globals: dark };

/** Saved already, and boosted by its company. */
export const SavedFeatured: Story = {
  args: {
    saveable: true,
    job: { ...forklift, isBoosted: true, boostPlacements: ['featuredStrip', 'badge'], userActions: { isSaved: true } },
  },
};

/** Remote, unpaid, no experience asked: the display rules' words. */
export const RemoteUnpaid: Story = {
  args: {
    job: {
      ...forklift,
      type: 'remote',
      isRemote: true,
      distanceMiles: null,
      maximumExperience: 0,
      compensation: { minimumAmount: 0, maximumAmount: 0, rate: null },
    },
  },
};
export const RemoteUnpaidDark: Story = { ...RemoteUnpaid, globals: dark };

/** Its pin is the one chosen on the map. */
export const Selected: Story = { args: { saveable: true, selected: true } };
