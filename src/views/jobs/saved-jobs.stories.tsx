import type { Meta, StoryObj } from '@storybook/react-vite';
import { JobMessages } from '../../contract/jobs.ts';
import { withJobSeeker } from '../jobseeker/stories-support.tsx';
import SavedJobsPage from './saved-jobs.view.tsx';
import { pretendSeekerServer, sampleCounts, seekerListStates, savedJobs } from './seeker-jobs-stories-support.tsx';

/** Two pages of saved jobs, answered after a moment; unsaving a job takes it off the list. */
const { logic, saveLogic } = pretendSeekerServer('saved');

const { at } = seekerListStates(logic, { list: 'saved', items: savedJobs, hasMore: true, counts: sampleCounts({ saved: 10 }) });

const meta = {
  title: 'Jobs/Saved jobs',
  component: SavedJobsPage,
  decorators: [withJobSeeker],
  args: { logic, saveLogic },
  parameters: { layout: 'fullscreen', route: '/user/saved-jobs', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof SavedJobsPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: loading, then page 1. Page on, turn to oldest first, or unsave a job. */
export const FromTheStart: Story = {};
/** list.loading: the first page is on its way. */
export const Loading: Story = { args: { snapshot: at('loading', { items: [], counts: null }) } };
/** list.loaded: open, closed and expired saved jobs, one featured, one remote. */
export const Loaded: Story = { args: { snapshot: at('loaded') } };
export const LoadedDark: Story = { ...Loaded, globals: dark };
/** list.loaded, page 2, oldest first. */
export const OldestFirstPage2: Story = { args: { snapshot: at('loaded', { page: 2, ascending: true, hasMore: false }) } };
/** list.loading after an unsave: the row left, the page is filled again. */
export const Unsaved: Story = {
  args: { snapshot: at('loading', { items: savedJobs.slice(1), notice: JobMessages.unsaved, counts: sampleCounts({ saved: 9 }) }) },
};
export const UnsavedDark: Story = { ...Unsaved, globals: dark };
/** list.empty: nothing saved yet. */
export const Empty: Story = { args: { snapshot: at('empty', { items: [], hasMore: false, counts: sampleCounts({ saved: 0 }) }) } };
export const EmptyDark: Story = { ...Empty, globals: dark };
/** list.failed: Try again reads the page again. */
export const Failed: Story = { args: { snapshot: at('failed', { items: [], loadError: 'Something went wrong!!!' }) } };
export const FailedDark: Story = { ...Failed, globals: dark };
/** On a phone. */
export const Phone: Story = { args: { snapshot: at('loaded') }, globals: { viewport: { value: 'iphonese2', isRotated: false } } };
