import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../machines/account/forgot-password.machine.ts';
import { ApiError } from '../../services/http.ts';
import ForgotPasswordPage from './forgot-password.view.tsx';
import { after, reach, withSession } from './password-stories-support.tsx';

/** The server answers after a moment, the same for every email. */
const logic = forgotPasswordMachine.provide({
  actors: { sendResetLink: fromPromise<string, { email: string }>(() => after(800, AccountMessages.resetSent)) },
});

const at = (...events: Array<ForgotPasswordEvent | { type: string; [k: string]: unknown }>) =>
  reach(logic, {}, events as ForgotPasswordEvent[]);

const typed = (email: string): ForgotPasswordEvent[] => [
  { type: 'field.change', field: 'email', value: email },
  { type: 'field.blur', field: 'email' },
];
const submitted = [...typed('maria.lopez@example.com'), { type: 'form.submit' } as const];

const meta = {
  title: 'Account/Forgot Password',
  component: ForgotPasswordPage,
  decorators: [withSession],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/forget-password' },
} satisfies Meta<typeof ForgotPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: nothing typed yet, Send Reset Link disabled. */
export const Idle: Story = {};

export const IdleDark: Story = { globals: dark };

/** editing: the email field was left with an invalid email. */
export const InvalidEmail: Story = { args: { snapshot: at(...typed('maria.lopez@')) } };

export const InvalidEmailDark: Story = { ...InvalidEmail, globals: dark };

/** editing: a valid email, ready to send. */
export const ReadyToSubmit: Story = { args: { snapshot: at(...typed('maria.lopez@example.com')) } };

/** submitting: the button is busy and cannot be pressed again. */
export const Submitting: Story = { args: { snapshot: at(...submitted) } };

/** editing, failed: the call failed without a message, so the forgot-password fallback ending with '!'. */
export const Failed: Story = {
  args: { snapshot: at(...submitted, { type: 'xstate.error.actor.sendResetLink', error: new TypeError('Failed to fetch') }) },
};

/** editing, failed: the server's own message, here the rate limit. */
export const FailedWithServerMessage: Story = {
  args: {
    snapshot: at(...submitted, {
      type: 'xstate.error.actor.sendResetLink',
      error: new ApiError('client', 429, AccountMessages.tooManyRequests),
    }),
  },
};

export const FailedWithServerMessageDark: Story = { ...FailedWithServerMessage, globals: dark };

/** sent: a reset link was emailed; check spam; Back to Login. */
export const Sent: Story = {
  args: { snapshot: at(...submitted, { type: 'xstate.done.actor.sendResetLink', output: AccountMessages.resetSent }) },
};

export const SentDark: Story = { ...Sent, globals: dark };
