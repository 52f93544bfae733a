import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  changePasswordMachine,
  type ChangePasswordEvent,
  type ChangePasswordField,
} from '../../machines/account/change-password.machine.ts';
import { ApiError } from '../../services/http.ts';
import ChangePasswordPage, { ChangePasswordDialog } from './change-password.view.tsx';
import { after, reach, withSession } from './password-stories-support.tsx';

/** The server accepts the change after a moment. */
const logic = changePasswordMachine.provide({
  actors: {
    changePassword: fromPromise<string, Record<ChangePasswordField, string>>(() => after(800, AccountMessages.passwordChanged)),
  },
});

const at = (...events: Array<ChangePasswordEvent | { type: string; [k: string]: unknown }>) =>
  reach(logic, { session: null, signedIn: true }, events as ChangePasswordEvent[]);

const fill = (field: ChangePasswordField, value: string): ChangePasswordEvent[] => [
  { type: 'field.change', field, value },
  { type: 'field.blur', field },
];
const filled = [
  ...fill('oldPassword', 'old horse battery'),
  ...fill('newPassword', 'new horse battery'),
  ...fill('retypePassword', 'new horse battery'),
];
const submitted = [...filled, { type: 'form.submit' } as const];

const wrongOld = new ApiError('client', 400, AccountMessages.oldPasswordWrong, [AccountMessages.oldPasswordWrong], {
  oldPassword: AccountMessages.oldPasswordWrong,
});

/** The modal the navigation opens; the page stories are below. */
const meta = {
  title: 'Account/Change Password',
  component: ChangePasswordDialog,
  decorators: [withSession],
  args: { open: true, onClose: fn(), logic },
  parameters: { layout: 'fullscreen', route: '/user/dashboard', signedIn: true },
} satisfies Meta<typeof ChangePasswordDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: the dialog just opened, the focus on Old Password. */
export const Idle: Story = {};

export const IdleDark: Story = { globals: dark };

/** editing after a submit with nothing typed: the three spec messages. */
export const SubmittedEmpty: Story = { args: { snapshot: at({ type: 'form.submit' }) } };

export const SubmittedEmptyDark: Story = { ...SubmittedEmpty, globals: dark };

/** editing: the new password equals the old one and the retyped one differs. */
export const SameAsOld: Story = {
  args: {
    snapshot: at(
      ...fill('oldPassword', 'old horse battery'),
      ...fill('newPassword', 'old horse battery'),
      ...fill('retypePassword', 'old horse'),
    ),
  },
};

/** editing: all three typed, ready to submit. */
export const ReadyToSubmit: Story = { args: { snapshot: at(...filled) } };

/** submitting: the button is busy. */
export const Submitting: Story = { args: { snapshot: at(...submitted) } };

/** editing, failed: the server says the old password is wrong, under that field. */
export const WrongOldPassword: Story = {
  args: { snapshot: at(...submitted, { type: 'xstate.error.actor.changePassword', error: wrongOld }) },
};

export const WrongOldPasswordDark: Story = { ...WrongOldPassword, globals: dark };

/** editing, failed: a message that belongs to no field. */
export const Failed: Story = {
  args: {
    snapshot: at(...submitted, {
      type: 'xstate.error.actor.changePassword',
      error: new ApiError('client', 429, AccountMessages.tooManyRequests),
    }),
  },
};

/** changed: the password was changed; the user is signed out and logs in again. */
export const Changed: Story = {
  args: { snapshot: at(...submitted, { type: 'xstate.done.actor.changePassword', output: AccountMessages.passwordChanged }) },
};

/** signedOut: only signed-in users may change their password. */
export const SignedOut: Story = {
  parameters: { signedIn: false },
  args: { snapshot: at({ type: 'session.changed', signedIn: false }) },
};

export const SignedOutDark: Story = { ...SignedOut, globals: dark };

/** /change-password and /user/settings/change-password: the same form on its own page. */
export const Page: StoryObj<typeof ChangePasswordPage> = {
  render: () => <ChangePasswordPage logic={logic} />,
  parameters: { route: '/user/settings/change-password' },
};

export const PageDark: StoryObj<typeof ChangePasswordPage> = { ...Page, globals: dark };

export const PageWrongOldPassword: StoryObj<typeof ChangePasswordPage> = {
  ...Page,
  render: () => <ChangePasswordPage logic={logic} snapshot={WrongOldPassword.args!.snapshot!} />,
};
