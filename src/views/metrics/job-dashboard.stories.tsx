import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentProps } from 'react';
import { Route } from 'wouter';
import { MetricsMessages } from '../../contract/metrics.ts';
import { presetRange, shiftRange } from '../../machines/metrics/date-range.machine.ts';
import type { JobMetricsContext } from '../../machines/metrics/job-metrics.machine.ts';
import { withEmployer } from '../staff/stories-support.tsx';
import JobDashboardPage from './job-dashboard.view.tsx';
import { boostedJob, demoJob, demoJobMetrics, STORY_TODAY, storyJobMetricsLogic } from './metrics-stories-support.ts';

/** The page under its route, as the app shows it. */
function JobDashboardRoute(props: ComponentProps<typeof JobDashboardPage>) {
  return (
    <Route path="/user/jobs/:id">
      <JobDashboardPage {...props} />
    </Route>
  );
}

const week = presetRange('week', STORY_TODAY);
const logic = storyJobMetricsLogic();
const boostedLogic = storyJobMetricsLogic({ boosted: true });
const emptyLogic = storyJobMetricsLogic({ empty: true });

const at = (value: string, c: Partial<JobMetricsContext> = {}, from = logic) =>
  from.resolveState({
    value,
    context: { jobPostId: demoJob.id, range: week, metrics: demoJobMetrics(week), errors: [], ...c },
  });

const meta = {
  title: 'Metrics/Job dashboard',
  component: JobDashboardRoute,
  decorators: [withEmployer],
  args: { logic, today: STORY_TODAY },
  parameters: { layout: 'fullscreen', route: `/user/jobs/${demoJob.id}`, docs: { story: { height: '1500px' } } },
} satisfies Meta<typeof JobDashboardRoute>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the week ending today loads; the picker pages it and the charts follow. */
export const FromTheStart: Story = {};
/** loading, the first time: placeholders in the page's shape. */
export const Loading: Story = { args: { snapshot: at('loading', { metrics: null }) } };
/** ready: totals against the previous 7 days, the funnel, a chart per measure. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** loading another range: the last answer stays, dimmed. */
export const LoadingAnotherRange: Story = {
  args: { snapshot: at('loading', { range: shiftRange(week, -1) }) },
};
/** ready, for a boosted job: what the boost cost per view and per application. */
export const Boosted: Story = {
  args: { logic: boostedLogic, snapshot: at('ready', { metrics: demoJobMetrics(week, { boosted: true }) }, boostedLogic) },
  parameters: { route: `/user/jobs/${boostedJob.id}` },
};
export const BoostedDark: Story = { ...Boosted, globals: dark };
/** ready, with nothing counted in the range. */
export const Empty: Story = {
  args: { logic: emptyLogic, snapshot: at('ready', { metrics: demoJobMetrics(week, { empty: true }) }, emptyLogic) },
};
/** failed: the answer's state error, Try again and the way back. */
export const Failed: Story = { args: { snapshot: at('failed', { metrics: null, errors: [MetricsMessages.jobNotFound] }) } };
/** failed with more than one state error: each is listed. */
export const FailedWithErrors: Story = {
  args: { snapshot: at('failed', { metrics: null, errors: [MetricsMessages.endDate, MetricsMessages.timeZone] }) },
};
export const FailedDark: Story = { ...Failed, globals: dark };
