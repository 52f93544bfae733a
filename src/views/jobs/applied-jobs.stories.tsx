import type { Meta, StoryObj } from '@storybook/react-vite';
import { withJobSeeker } from '../jobseeker/stories-support.tsx';
import AppliedJobsPage from './applied-jobs.view.tsx';
import { appliedJobs, pretendSeekerServer, sampleCounts, seekerListStates } from './seeker-jobs-stories-support.tsx';

/** Two pages of applications, answered after a moment. */
const { logic, saveLogic } = pretendSeekerServer('applied');

const { context, at } = seekerListStates(logic, { list: 'applied', items: appliedJobs, hasMore: false, counts: sampleCounts() });

const meta = {
  title: 'Jobs/Applied jobs',
  component: AppliedJobsPage,
  decorators: [withJobSeeker],
  args: { logic, saveLogic },
  parameters: { layout: 'fullscreen', route: '/user/applied-jobs', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof AppliedJobsPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: loading, then page 1 of 2. */
export const FromTheStart: Story = {};
/** list.loading: the first page is on its way. */
export const Loading: Story = { args: { snapshot: at('loading', { items: [], counts: null }) } };
/** list.loaded: an application at every status; a closed, an expired and a removed job. */
export const EveryStatus: Story = { args: { snapshot: at('loaded') } };
export const EveryStatusDark: Story = { ...EveryStatus, globals: dark };
/** list.loading on page 2: the rows stay while the next ones come. */
export const NextPageLoading: Story = { args: { snapshot: at('loading', { page: 2, hasMore: true }) } };
/** list.loaded without the counts (they could not be read): the tabs show without numbers. */
export const WithoutCounts: Story = {
  args: { snapshot: logic.resolveState({ value: { list: 'loaded', counts: 'failed' }, context: context({ counts: null }) }) },
};
/** list.empty: no application yet. */
export const Empty: Story = { args: { snapshot: at('empty', { items: [], counts: sampleCounts({ applied: 0 }) }) } };
export const EmptyDark: Story = { ...Empty, globals: dark };
/** list.failed. */
export const Failed: Story = {
  args: { snapshot: at('failed', { items: [], loadError: 'Network Error!, Please check your connection.' }) },
};
export const FailedDark: Story = { ...Failed, globals: dark };
/** On a phone. */
export const Phone: Story = { args: { snapshot: at('loaded') }, globals: { viewport: { value: 'iphonese2', isRotated: false } } };
export const PhoneDark: Story = { ...Phone, globals: { ...Phone.globals, ...dark } };
