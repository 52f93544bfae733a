import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { ContactMessages, type JobAlert, type SubscribeInput } from '../../contract/contact.ts';
import { JobAlertMessages } from '../../contract/job-alerts.ts';
import { jobAlertMachine, type JobAlertContext, type JobAlertCriteria } from '../../machines/jobs/job-alert.machine.ts';
import { after, never, withAccountProviders } from '../account/stories-support.tsx';
import { JobAlertDialog } from './job-alert-dialog.tsx';

const criteria: JobAlertCriteria = { keyword: 'barista', placeName: 'Vancouver, WA', latitude: 45.6387, longitude: -122.6615, radius: 10 };

/** The server answers after a moment: a visitor's alert waits for the mail, a seeker's own is on. */
const logic = jobAlertMachine.provide({
  actors: {
    subscribe: fromPromise<JobAlert, SubscribeInput>(({ input }) =>
      after(900, {
        ...criteria,
        email: input.email,
        frequency: input.frequency ?? 'daily',
        confirmed: input.email === 'maria@example.com',
      }),
    ),
  },
});
const waiting = jobAlertMachine.provide({ actors: { subscribe: fromPromise<JobAlert, SubscribeInput>(() => never()) } });

const context = (c: Partial<JobAlertContext> = {}): JobAlertContext => ({
  values: { email: '', frequency: 'daily' },
  touched: {},
  errors: {},
  serverErrors: {},
  error: null,
  criteria,
  done: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<JobAlertContext> = {}, machine = logic) =>
  machine.resolveState({ value, context: context(c) });

/** "Email me jobs like these" from the search page, in each state of its machine. */
const meta = {
  title: 'Jobs/Job alert dialog',
  component: JobAlertDialog,
  decorators: [withAccountProviders],
  args: { logic, criteria, accountEmail: null, onClose: () => {} },
  parameters: { route: '/jobs?q=barista', docs: { story: { height: '620px' } } },
} satisfies Meta<typeof JobAlertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: a visitor types their email; daily is chosen. */
export const Visitor: Story = {};
export const VisitorDark: Story = { ...Visitor, globals: dark };

/** editing: a signed-in job seeker, their account's email filled in. */
export const Seeker: Story = { args: { accountEmail: 'maria@example.com', seeker: true } };

/** editing: every new job, anywhere (a search with no keyword and no place). */
export const AllJobs: Story = { args: { criteria: { keyword: null, placeName: null, latitude: null, longitude: null, radius: null } } };

/** editing: the email was left unfinished. */
export const InvalidEmail: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      { values: { email: 'robin@', frequency: 'weekly' }, touched: { email: true }, errors: { email: ContactMessages.email } },
    ),
  },
};

/** submitting: Subscribe is busy. */
export const Submitting: Story = {
  args: { logic: waiting, snapshot: at('submitting', { values: { email: 'robin@example.com', frequency: 'daily' } }, waiting) },
};

/** editing.failed: too many requests from the network. */
export const TooManyRequests: Story = {
  args: {
    snapshot: at(
      { editing: 'failed' },
      { values: { email: 'robin@example.com', frequency: 'daily' }, error: ContactMessages.tooManyRequests },
    ),
  },
};
export const TooManyRequestsDark: Story = { ...TooManyRequests, globals: dark };

/** subscribed: a visitor is asked to confirm from the mail. */
export const CheckEmail: Story = { args: { snapshot: at('subscribed', { done: JobAlertMessages.checkEmail }) } };

/** subscribed: a seeker's own alert is on at once. */
export const AlertOn: Story = {
  args: { accountEmail: 'maria@example.com', seeker: true, snapshot: at('subscribed', { done: JobAlertMessages.subscribedConfirmed }) },
};
export const AlertOnDark: Story = { ...AlertOn, globals: dark };
