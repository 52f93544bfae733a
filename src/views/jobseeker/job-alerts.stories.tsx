import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { HttpMessages } from '../../services/http.ts';
import type { AlertFrequency, MyJobAlert } from '../../contract/job-alerts.ts';
import { jobAlertsMachine, type JobAlertsContext } from '../../machines/jobseeker/job-alerts.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import JobAlertsPage from './job-alerts.view.tsx';
import { withJobSeeker } from './stories-support.tsx';

const alert = (id: string, more: Partial<MyJobAlert> = {}): MyJobAlert => ({
  id,
  keyword: 'barista',
  placeName: 'Vancouver, WA',
  latitude: 45.6387,
  longitude: -122.6615,
  radius: 10,
  frequency: 'daily',
  confirmed: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSentAt: '2026-11-20T08:00:00.000Z',
  ...more,
});
const alerts: MyJobAlert[] = [
  alert('a1'),
  alert('a2', { keyword: 'forklift', placeName: 'Portland, OR', radius: 25, frequency: 'weekly', lastSentAt: null }),
  alert('a3', { keyword: null, placeName: null, latitude: null, longitude: null, radius: null, confirmed: false, lastSentAt: null }),
];

/** The server answers after a moment; a change keeps what was sent. */
const logic = jobAlertsMachine.provide({
  actors: {
    load: fromPromise<MyJobAlert[]>(() => after(600, alerts)),
    update: fromPromise<MyJobAlert, { id: string; frequency: AlertFrequency }>(({ input }) =>
      after(700, { ...alerts.find((a) => a.id === input.id)!, frequency: input.frequency }),
    ),
    remove: fromPromise<void, { id: string }>(() => after(700, undefined)),
  },
});
const waiting = jobAlertsMachine.provide({
  actors: { update: fromPromise(() => never()), remove: fromPromise(() => never()) },
});

const context = (c: Partial<JobAlertsContext> = {}): JobAlertsContext => ({
  alerts,
  busyId: null,
  frequency: null,
  removing: null,
  error: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<JobAlertsContext> = {}, machine = logic) =>
  machine.resolveState({ value, context: context(c) });

const meta = {
  title: 'Job seeker/Job alerts',
  component: JobAlertsPage,
  decorators: [withJobSeeker],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/settings/job-alerts' },
} satisfies Meta<typeof JobAlertsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the list; change a frequency or delete one. */
export const FromTheStart: Story = {};

/** loading: while the alerts are read. */
export const Loading: Story = { args: { snapshot: at('loading', { alerts: [] }) } };

/** loadFailed: they could not be read; Try again reads them again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { alerts: [] }) } };

/** ready.idle: confirmed, not sent yet, and waiting for confirmation. */
export const List: Story = { args: { snapshot: at({ ready: 'idle' }) } };
export const ListDark: Story = { ...List, globals: dark };

/** ready.idle with none: how to get one. */
export const Empty: Story = { args: { snapshot: at({ ready: 'idle' }, { alerts: [] }) } };

/** ready.updating: the first alert turns weekly. */
export const Updating: Story = {
  args: { logic: waiting, snapshot: at({ ready: 'updating' }, { busyId: 'a1', frequency: 'weekly' }, waiting) },
};

/** ready.confirming: Delete asks first. */
export const ConfirmingDelete: Story = { args: { snapshot: at({ ready: 'confirming' }, { removing: alerts[1]! }) } };
export const ConfirmingDeleteDark: Story = { ...ConfirmingDelete, globals: dark };

/** ready.deleting: the call is under way. */
export const Deleting: Story = { args: { logic: waiting, snapshot: at({ ready: 'deleting' }, { busyId: 'a2' }, waiting) } };

/** ready.idle after a failed change. */
export const ChangeFailed: Story = { args: { snapshot: at({ ready: 'idle' }, { error: HttpMessages.failed }) } };
