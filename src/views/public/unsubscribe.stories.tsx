import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { ContactMessages } from '../../contract/contact.ts';
import { unsubscribeMachine } from '../../machines/public/unsubscribe.machine.ts';
import { ApiError } from '../../services/http.ts';
import { after, withAccountProviders } from '../account/stories-support.tsx';
import UnsubscribePage from './unsubscribe.view.tsx';

/** The server answers after a moment. */
const logic = unsubscribeMachine.provide({
  actors: { unsubscribe: fromPromise<string, { token: string }>(() => after(1200, ContactMessages.unsubscribed)) },
});
const usedLink = unsubscribeMachine.provide({
  actors: {
    unsubscribe: fromPromise<string, { token: string }>(() =>
      after(800, null).then(() => Promise.reject(new ApiError('client', 404, ContactMessages.unsubscribeLinkInvalid))),
    ),
  },
});

const meta = {
  title: 'Public/Job alert unsubscribe',
  component: UnsubscribePage,
  decorators: [withAccountProviders],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/job-alerts/unsubscribe?token=c2VjcmV0' },
} satisfies Meta<typeof UnsubscribePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** Unsubscribing, then unsubscribed. */
export const Unsubscribed: Story = {};
export const UnsubscribedDark: Story = { ...Unsubscribed, globals: dark };

/** A link already used, or broken. */
export const LinkUsed: Story = { args: { logic: usedLink } };
export const LinkUsedDark: Story = { ...LinkUsed, globals: dark };
