import type { Meta, StoryObj } from '@storybook/react-vite';
import { metricMeasures } from '../../contract/metrics.ts';
import { presetRange } from '../../machines/metrics/date-range.machine.ts';
import { MetricCharts } from './metric-charts.tsx';
import { demoPoints, STORY_TODAY } from './metrics-stories-support.ts';

const week = demoPoints(presetRange('week', STORY_TODAY));
const month = demoPoints(presetRange('month', STORY_TODAY), 2.6, 2);
const year = demoPoints(presetRange('year', STORY_TODAY), 1, 3);
const none = demoPoints(presetRange('week', STORY_TODAY), 0);

const meta = {
  title: 'Metrics/Charts',
  component: MetricCharts,
  args: { title: 'Day by day', points: week, measures: metricMeasures, fileName: 'job-metrics' },
  parameters: { layout: 'padded', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof MetricCharts>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** A week as bars, a chart per measure; tab into a chart and use the arrow keys. */
export const Week: Story = {};
export const WeekDark: Story = { ...Week, globals: dark };
/** A month of a boosted job. */
export const Month: Story = { args: { points: month } };
/** A year: a line, as 366 bars would be too thin. */
export const Year: Story = { args: { points: year } };
export const YearDark: Story = { ...Year, globals: dark };
/** The same days as a table, with Download CSV. */
export const AsTable: Story = { args: { defaultView: 'table' } };
export const AsTableDark: Story = { ...AsTable, globals: dark };
/** One chart at a time in tabs, as the dashboard shows them. */
export const Tabs: Story = {
  args: { points: month, measures: ['clicks', 'applicationStarts', 'applications', 'impressions'], layout: 'tabs' },
  parameters: { docs: { story: { height: '420px' } } },
};
/** Nothing counted: flat at zero. */
export const Zero: Story = { args: { points: none, measures: ['clicks'] }, parameters: { docs: { story: { height: '360px' } } } };
