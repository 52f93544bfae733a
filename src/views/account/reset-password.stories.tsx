import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { resetPasswordMachine, type ResetPasswordEvent, type ResetResult } from '../../machines/account/reset-password.machine.ts';
import { ApiError } from '../../services/http.ts';
import ResetPasswordPage from './reset-password.view.tsx';
import { after, reach, withSession } from './password-stories-support.tsx';

const link = { token: '6c1f0a9e3b7d4a52', email: 'maria.lopez@example.com' };
const route = `/reset-password?token=${link.token}&email=${encodeURIComponent(link.email)}`;

/** The server accepts the new password after a moment. */
const logic = resetPasswordMachine.provide({
  actors: {
    resetPassword: fromPromise<ResetResult, { token: string; email: string; newPassword: string }>(() =>
      after(800, { status: 200, message: AccountMessages.passwordReset }),
    ),
  },
});

const at = (...events: Array<ResetPasswordEvent | { type: string; [k: string]: unknown }>) =>
  reach(logic, link, events as ResetPasswordEvent[]);

const fill = (field: 'newPassword' | 'retypePassword', value: string): ResetPasswordEvent[] => [
  { type: 'field.change', field, value },
  { type: 'field.blur', field },
];
const filled = [...fill('newPassword', 'correct horse battery'), ...fill('retypePassword', 'correct horse battery')];
const submitted = [...filled, { type: 'form.submit' } as const];

const meta = {
  title: 'Account/Reset Password',
  component: ResetPasswordPage,
  decorators: [withSession],
  args: { logic },
  parameters: { layout: 'fullscreen', route },
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: the link's email is named, nothing typed yet. */
export const Idle: Story = {};

export const IdleDark: Story = { globals: dark };

/** editing: a too short password and a retyped one that does not match ('Passwords must match'). */
export const Invalid: Story = {
  args: { snapshot: at(...fill('newPassword', 'horse'), ...fill('retypePassword', 'hose')) },
};

export const InvalidDark: Story = { ...Invalid, globals: dark };

/** editing, after a submit with nothing typed: every rule shows. */
export const SubmittedEmpty: Story = { args: { snapshot: at({ type: 'form.submit' }) } };

/** editing: both passwords typed and equal, ready to submit. */
export const ReadyToSubmit: Story = { args: { snapshot: at(...filled) } };

/** submitting: the button is busy. */
export const Submitting: Story = { args: { snapshot: at(...submitted) } };

/** editing, failed: the link was used or has expired. */
export const LinkRefused: Story = {
  args: {
    snapshot: at(...submitted, {
      type: 'xstate.error.actor.resetPassword',
      error: new ApiError('client', 400, AccountMessages.resetLinkInvalid),
    }),
  },
};

export const LinkRefusedDark: Story = { ...LinkRefused, globals: dark };

/** done: the password was reset; the app has gone on to /login with a toast. */
export const Done: Story = {
  args: {
    snapshot: at(...submitted, {
      type: 'xstate.done.actor.resetPassword',
      output: { status: 200, message: AccountMessages.passwordReset },
    }),
  },
};

/** invalidLink: opened without its token or email. */
export const InvalidLink: Story = { parameters: { route: '/reset-password' } };

export const InvalidLinkDark: Story = { ...InvalidLink, globals: dark };
