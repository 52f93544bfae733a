import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { JobAlertMessages, type AlertFrequency } from '../../contract/job-alerts.ts';
import { confirmAlertMachine } from '../../machines/public/confirm-alert.machine.ts';
import { ApiError } from '../../services/http.ts';
import { after, never, withAccountProviders } from '../account/stories-support.tsx';
import ConfirmAlertPage from './confirm-alert.view.tsx';

/** The server answers after a moment. */
const logic = confirmAlertMachine.provide({
  actors: { confirm: fromPromise<AlertFrequency, { token: string }>(() => after(1200, 'weekly')) },
});
const waiting = confirmAlertMachine.provide({ actors: { confirm: fromPromise<AlertFrequency, { token: string }>(() => never()) } });
const usedLink = confirmAlertMachine.provide({
  actors: {
    confirm: fromPromise<AlertFrequency, { token: string }>(() =>
      after(800, null).then(() => Promise.reject(new ApiError('client', 404, JobAlertMessages.confirmLinkInvalid))),
    ),
  },
});

const meta = {
  title: 'Public/Job alert confirmation',
  component: ConfirmAlertPage,
  decorators: [withAccountProviders],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/job-alerts/confirm?token=c2VjcmV0' },
} satisfies Meta<typeof ConfirmAlertPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** confirming, then success: confirmed, weekly. */
export const Confirmed: Story = {};
export const ConfirmedDark: Story = { ...Confirmed, globals: dark };

/** confirming: the call is under way. */
export const Confirming: Story = { args: { logic: waiting } };

/** failure: a link already used, expired or broken. */
export const LinkInvalid: Story = { args: { logic: usedLink } };
export const LinkInvalidDark: Story = { ...LinkInvalid, globals: dark };

/** failure without a call: the link has no token. */
export const NoToken: Story = { parameters: { route: '/job-alerts/confirm' } };
