import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { companyCountsMachine } from '../../machines/company/company-counts.machine.ts';
import { after } from '../account/stories-support.tsx';
import { CompanyDashboard } from './company-dashboard.view.tsx';
import { busyCounts, sampleCounts, withEmployer, withRecruiter } from './stories-support.tsx';

const logic = companyCountsMachine.provide({ actors: { load: fromPromise(() => after(600, sampleCounts)) } });
const at = (value: string, counts = sampleCounts as typeof sampleCounts | null) => logic.resolveState({ value, context: { counts } });

const meta = {
  title: 'Company/Dashboard',
  component: CompanyDashboard,
  decorators: [withEmployer],
  args: { role: 'Employer', logic },
  parameters: { layout: 'padded', route: '/user/dashboard', docs: { story: { height: '300px' } } },
} satisfies Meta<typeof CompanyDashboard>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: loading, then the counts. */
export const FromTheStart: Story = {};
/** loading. */
export const Loading: Story = { args: { snapshot: at('loading', null) } };
/** loaded, before any job is posted: zero, with where to start. */
export const NoJobsYet: Story = { args: { snapshot: at('loaded') } };
export const NoJobsYetDark: Story = { ...NoJobsYet, globals: dark };
/** loaded, once jobs and applications exist. */
export const WithJobs: Story = { args: { snapshot: at('loaded', busyCounts) } };
export const WithJobsDark: Story = { ...WithJobs, globals: dark };
/** A recruiter: the same counts, no staff link. */
export const Recruiter: Story = { decorators: [withRecruiter], args: { role: 'Recruiter', snapshot: at('loaded', busyCounts) } };
/** failed: Try again reads them again. */
export const Failed: Story = { args: { snapshot: at('failed', null) } };
