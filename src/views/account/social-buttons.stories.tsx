import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { googleStartMachine, type GoogleStartContext } from '../../machines/account/google-start.machine.ts';
import SocialButtons from './social-buttons.view.tsx';

/** The server is slow to answer, and the browser never leaves the story. */
const logic = googleStartMachine.provide({
  actors: { address: fromPromise<string>(() => new Promise(() => {})) },
  actions: { redirect: () => {} },
});

const at = (value: 'idle' | 'requesting' | 'redirecting' | 'notConfigured' | 'failed', context: Partial<GoogleStartContext> = {}) =>
  logic.resolveState({ value, context: { message: null, ...context } });

const meta = {
  title: 'Account/Social sign-in buttons',
  component: SocialButtons,
  args: { logic },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof SocialButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** idle: Google, Facebook and Microsoft. */
export const Idle: Story = {};

export const IdleDark: Story = { globals: dark };

/** requesting: the Google button waits for the authorisation address. */
export const Requesting: Story = { args: { snapshot: at('requesting') } };

/** redirecting: on the way to Google. */
export const Redirecting: Story = { args: { snapshot: at('redirecting') } };

/** notConfigured: the server has no Google credentials, and says so. */
export const NotConfigured: Story = {
  args: { snapshot: at('notConfigured', { message: AccountMessages.googleNotConfigured }) },
};

export const NotConfiguredDark: Story = { ...NotConfigured, globals: dark };

/** failed: the server could not reach Google. */
export const Failed: Story = { args: { snapshot: at('failed', { message: AccountMessages.redirectFailed }) } };
