import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { companyCountsMachine } from '../../machines/company/company-counts.machine.ts';
import type { EmployerMetrics } from '../../contract/metrics.ts';
import type { DateRange } from '../../machines/metrics/date-range.machine.ts';
import { employerMetricsMachine } from '../../machines/metrics/employer-metrics.machine.ts';
import { ApiError, HttpMessages } from '../../services/http.ts';
import { storyEmployerMetricsLogic } from '../metrics/metrics-stories-support.ts';
import { after } from '../account/stories-support.tsx';
import { CompanyDashboard } from './company-dashboard.view.tsx';
import { busyCounts, sampleCounts, withEmployer, withRecruiter } from './stories-support.tsx';

const logic = companyCountsMachine.provide({ actors: { load: fromPromise(() => after(600, sampleCounts)) } });
const metricsLogic = storyEmployerMetricsLogic();
/** The last 30 days' read, answered as the story needs. */
const metricsThat = (answer: () => Promise<EmployerMetrics>) =>
  employerMetricsMachine.provide({ actors: { load: fromPromise<EmployerMetrics, DateRange>(answer) } });
const at = (value: string, counts = sampleCounts as typeof sampleCounts | null) => logic.resolveState({ value, context: { counts } });

const meta = {
  title: 'Company/Dashboard',
  component: CompanyDashboard,
  decorators: [withEmployer],
  args: { role: 'Employer', logic, metricsLogic },
  parameters: { layout: 'padded', route: '/user/dashboard', docs: { story: { height: '900px' } } },
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
/** The last 30 days on their way. */
export const Last30DaysLoading: Story = {
  args: { snapshot: at('loaded', busyCounts), metricsLogic: metricsThat(() => new Promise(() => {})) },
};
/** The last 30 days for a company without jobs. */
export const Last30DaysNoJobs: Story = { args: { metricsLogic: storyEmployerMetricsLogic({ noJobs: true }) } };
/** The last 30 days could not be read: the answer's state error and Try again. */
export const Last30DaysFailed: Story = {
  args: {
    snapshot: at('loaded', busyCounts),
    metricsLogic: metricsThat(() => Promise.reject(new ApiError('network', 0, HttpMessages.network))),
  },
};
