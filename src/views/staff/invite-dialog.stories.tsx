import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { StaffMessages } from '../../contract/staff.ts';
import { inviteMachine, type InviteContext } from '../../machines/staff/invite.machine.ts';
import { never } from '../account/stories-support.tsx';
import { InviteDialog } from './invite-dialog.view.tsx';
import { withEmployer } from './stories-support.tsx';

const waiting = inviteMachine.provide({ actors: { send: fromPromise(() => never()) } });
const noop = () => {};

const inviteContext = (c: Partial<InviteContext> = {}): InviteContext => ({
  values: { email: 'river.ortiz@demohiring.example', firstName: 'River', lastName: 'Ortiz', jobTitle: '' },
  touched: {},
  errors: {},
  serverErrors: {},
  error: null,
  ...c,
});
const invite = (value: string | Record<string, string>, c: Partial<InviteContext> = {}) =>
  waiting.resolveState({ value, context: inviteContext(c) });

/** The invite dialog of the staff page, in each state of its machine. */
const meta = {
  title: 'Staff/Invite dialog',
  component: InviteDialog,
  decorators: [withEmployer],
  args: { logic: waiting, onClose: noop, onInvited: noop },
  parameters: { route: '/user/staff', docs: { story: { height: '520px' } } },
} satisfies Meta<typeof InviteDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: an empty form; Send is disabled until the email is valid. */
export const Empty: Story = {
  args: {
    snapshot: invite(
      { editing: 'idle' },
      { values: { email: '', firstName: '', lastName: '', jobTitle: '' }, errors: { email: AccountMessages.email } },
    ),
  },
};

/** editing: filled in, ready to send. */
export const Filled: Story = { args: { snapshot: invite({ editing: 'idle' }) } };

export const FilledDark: Story = { ...Filled, globals: dark };

/** editing with an email left invalid. */
export const InvalidEmail: Story = {
  args: {
    snapshot: invite(
      { editing: 'idle' },
      { values: { ...inviteContext().values, email: 'river@' }, touched: { email: true }, errors: { email: AccountMessages.email } },
    ),
  },
};

/** sending: Send is busy. */
export const Sending: Story = { args: { snapshot: invite('sending') } };

/** failed: the server's word on the email, next to it. */
export const AddressHasAccount: Story = {
  args: { snapshot: invite({ editing: 'failed' }, { serverErrors: { email: StaffMessages.emailHasAccount } }) },
};

/** failed: a refusal that names no field. */
export const Failed: Story = { args: { snapshot: invite({ editing: 'failed' }, { error: AccountMessages.tooManyRequests }) } };
