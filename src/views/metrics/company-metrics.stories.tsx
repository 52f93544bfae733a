import type { Meta, StoryObj } from '@storybook/react-vite';
import { presetRange } from '../../machines/metrics/date-range.machine.ts';
import type { EmployerMetricsContext } from '../../machines/metrics/employer-metrics.machine.ts';
import { withEmployer } from '../staff/stories-support.tsx';
import CompanyMetricsPage from './company-metrics.view.tsx';
import { demoEmployerMetrics, STORY_TODAY, storyEmployerMetricsLogic } from './metrics-stories-support.ts';

const month = presetRange('month', STORY_TODAY);
const logic = storyEmployerMetricsLogic();
const at = (value: string, c: Partial<EmployerMetricsContext> = {}) =>
  logic.resolveState({ value, context: { range: month, metrics: demoEmployerMetrics(month), errors: [], ...c } });

const meta = {
  title: 'Metrics/Company metrics',
  component: CompanyMetricsPage,
  decorators: [withEmployer],
  args: { logic, today: STORY_TODAY },
  parameters: { layout: 'fullscreen', route: '/user/jobs/metrics', docs: { story: { height: '1500px' } } },
} satisfies Meta<typeof CompanyMetricsPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the month ending today; the picker pages it. */
export const FromTheStart: Story = {};
/** loading, the first time. */
export const Loading: Story = { args: { snapshot: at('loading', { metrics: null }) } };
/** ready: the company's totals, funnel, best and worst jobs and a chart per measure. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** ready, for a company without jobs. */
export const NoJobs: Story = { args: { snapshot: at('ready', { metrics: demoEmployerMetrics(month, { noJobs: true }) }) } };
/** failed: the answer's state error and Try again. */
export const Failed: Story = {
  args: { snapshot: at('failed', { metrics: null, errors: ['Network Error!, Please check your connection.'] }) },
};
