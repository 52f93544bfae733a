import type { Meta, StoryObj } from '@storybook/react-vite';
import { MetricsMessages } from '../../contract/metrics.ts';
import type { PerformanceContext } from '../../machines/metrics/performance.machine.ts';
import { withRecruiter } from '../staff/stories-support.tsx';
import { demoPerformance, STORY_TODAY, storyPerformanceLogic } from './metrics-stories-support.ts';
import PerformancePage from './performance.view.tsx';

const logic = storyPerformanceLogic();
const at = (value: string, c: Partial<PerformanceContext> = {}) =>
  logic.resolveState({
    value,
    context: { today: STORY_TODAY, date: STORY_TODAY, pageNumber: 1, page: demoPerformance(STORY_TODAY), errors: [], ...c },
  });

const meta = {
  title: 'Metrics/Job-post performance',
  component: PerformancePage,
  decorators: [withRecruiter],
  args: { logic, today: STORY_TODAY },
  parameters: { layout: 'fullscreen', route: '/user/jobs/performance', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof PerformancePage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: today's page 1; a day back or forward, and the pages. */
export const FromTheStart: Story = {};
/** loading, the first time. */
export const Loading: Story = { args: { snapshot: at('loading', { page: null }) } };
/** ready: each job's views and starts today against yesterday, with the trend. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** ready, a day back: Next day and Today are on. */
export const DayBefore: Story = {
  args: { snapshot: at('ready', { date: '2025-03-11', page: demoPerformance('2025-03-11') }) },
};
/** ready, the second page. */
export const SecondPage: Story = { args: { snapshot: at('ready', { pageNumber: 2, page: demoPerformance(STORY_TODAY, 2) }) } };
/** loading another day: the last page stays, dimmed. */
export const LoadingAnotherDay: Story = { args: { snapshot: at('loading', { date: '2025-03-11' }) } };
/** ready, for a company without jobs. */
export const NoJobs: Story = { args: { snapshot: at('ready', { page: demoPerformance(STORY_TODAY, 1, 0) }) } };
/** failed: the answer's state error and Try again. */
export const Failed: Story = { args: { snapshot: at('failed', { page: null, errors: [MetricsMessages.date] }) } };
export const FailedDark: Story = { ...Failed, globals: dark };
