import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { dateRangeMachine, presetRange, shiftRange, type DateRangeContext } from '../../machines/metrics/date-range.machine.ts';
import { DateRangePicker } from './date-range-picker.tsx';
import { STORY_TODAY } from './metrics-stories-support.ts';

type Snap = SnapshotFrom<typeof dateRangeMachine>;

/** The picker on its own machine, started in the story's state. */
function Picker({ snapshot }: { snapshot?: Snap }) {
  const actor = useActorRef(dateRangeMachine, snapshot ? { snapshot, input: { today: STORY_TODAY } } : { input: { today: STORY_TODAY } });
  return <DateRangePicker actor={actor} />;
}

const at = (value: string | Record<string, string>, c: Partial<DateRangeContext> = {}) =>
  dateRangeMachine.resolveState({
    value: value as never,
    context: { today: STORY_TODAY, ...presetRange('week', STORY_TODAY), draft: { from: null, to: null }, draftError: null, ...c },
  });

const meta = {
  title: 'Metrics/Date range picker',
  component: Picker,
  parameters: { layout: 'padded', docs: { story: { height: '140px' } } },
} satisfies Meta<typeof Picker>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;
const calendar = { docs: { story: { height: '560px' } } };

/** From the start: the week ending today; Later is off, the arrows and buttons work. */
export const FromTheStart: Story = {};
/** shown.week, paged a week back: Later is on again. */
export const WeekEarlier: Story = { args: { snapshot: at({ shown: 'week' }, shiftRange(presetRange('week', STORY_TODAY), -1)) } };
/** shown.month: 29 days back to today. */
export const Month: Story = { args: { snapshot: at({ shown: 'month' }, presetRange('month', STORY_TODAY)) } };
/** shown.year: 365 days back to today. */
export const Year: Story = { args: { snapshot: at({ shown: 'year' }, presetRange('year', STORY_TODAY)) } };
export const YearDark: Story = { ...Year, globals: dark };
/** shown.custom: a range from the calendar; no period is on. */
export const Custom: Story = { args: { snapshot: at({ shown: 'custom' }, { startDate: '2025-02-03', endDate: '2025-02-16' }) } };
/** choosing: the calendar open on the range shown. */
export const Choosing: Story = {
  args: { snapshot: at('choosing', { draft: { from: '2025-03-06', to: STORY_TODAY } }) },
  parameters: calendar,
};
export const ChoosingDark: Story = { ...Choosing, globals: dark };
/** choosing, with a first day only. */
export const ChoosingLastDay: Story = {
  args: { snapshot: at('choosing', { draft: { from: '2025-02-20', to: null } }) },
  parameters: calendar,
};
/** choosing, with a choice that cannot be shown and the reason. */
export const ChoosingRefused: Story = {
  args: {
    snapshot: at('choosing', { draft: { from: '2025-02-20', to: null }, draftError: 'Choose the last day of the range.' }),
  },
  parameters: calendar,
};
