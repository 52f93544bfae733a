import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../contract/account-messages.ts';
import { AdminMessages } from '../../contract/admin.ts';
import type { AdminDetails } from '../../contract/admin-details.ts';
import { adminDetails } from '../../machines/admin/admin-details.machine.ts';
import { emailChangeMachine, type EmailChangeContext } from '../../machines/admin/email-change.machine.ts';
import { detailsStories } from '../account/details-stories-support.ts';
import { never } from '../account/stories-support.tsx';
import { demoAdminDetails, storyEmailLogic, withSuperAdmin } from './office-stories-support.ts';
import SettingsPage from './settings.view.tsx';

const NEW_EMAIL = 'avery.quinn@demo.local';

/** The server answers after a moment; saving takes a moment too. */
const details = detailsStories(adminDetails, demoAdminDetails, (input) => ({
  profile: { ...demoAdminDetails, firstName: input.firstName, lastName: input.lastName },
  message: AdminMessages.detailsSaved,
}));

const emailLogic = storyEmailLogic();
const waitingEmail = emailChangeMachine.provide({
  actors: {
    request: fromPromise<string, { email: string }>(() => never()),
    confirm: fromPromise<{ details: AdminDetails; message: string }, { email: string; code: string }>(() => never()),
  },
});
const emailAt = (value: string, c: Partial<EmailChangeContext> = {}, logic = emailLogic) =>
  logic.resolveState({
    value,
    context: {
      details: demoAdminDetails,
      email: '',
      code: '',
      sentTo: null,
      submitted: false,
      serverErrors: {},
      error: null,
      loadError: null,
      message: null,
      ...c,
    },
  });
const codeSent = { email: NEW_EMAIL, sentTo: NEW_EMAIL, message: AdminMessages.emailCodeSent(NEW_EMAIL) };

const meta = {
  title: 'Back office/Settings',
  component: SettingsPage,
  decorators: [withSuperAdmin],
  args: { detailsLogic: details.logic, emailLogic },
  parameters: { layout: 'fullscreen', route: '/back-office/settings', docs: { story: { height: '1000px' } } },
} satisfies Meta<typeof SettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the details and the email read, then each form answers. */
export const FromTheStart: Story = {};
/** loading: the details and the email being read. */
export const Loading: Story = {
  args: {
    detailsSnapshot: details.at('loading', adminDetails.initialContext),
    emailSnapshot: emailAt('loading', { details: null }),
  },
};
/** editing, and the email ready for a new address. */
export const Ready: Story = { args: { detailsSnapshot: details.at({ editing: 'idle' }), emailSnapshot: emailAt('entering') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** editing with rules unmet where the admin left them; the new address is the one in use. */
export const Invalid: Story = {
  args: {
    detailsSnapshot: details.at(
      { editing: 'idle' },
      {
        values: { firstName: 'Avery', lastName: '', phoneNumber: '555' },
        touched: { lastName: true, phoneNumber: true },
        errors: { lastName: AdminMessages.lastName, phoneNumber: AdminMessages.phone },
      },
    ),
    emailSnapshot: emailAt('entering', { email: demoAdminDetails.email, submitted: true }),
  },
};
/** saved: the server's message. */
export const Saved: Story = { args: { detailsSnapshot: details.at({ editing: 'saved' }, { message: AdminMessages.detailsSaved }) } };
/** saving, and a code on its way. */
export const Busy: Story = {
  args: {
    detailsLogic: details.saving,
    detailsSnapshot: details.at('saving', {}, details.saving),
    emailLogic: waitingEmail,
    emailSnapshot: emailAt('requesting', { email: NEW_EMAIL }, waitingEmail),
  },
};
/** awaitingCode: the code was sent; six boxes for it. */
export const CodeSent: Story = { args: { emailSnapshot: emailAt('awaitingCode', codeSent) } };
export const CodeSentDark: Story = { ...CodeSent, globals: dark };
/** awaitingCode after the server refused the code. */
export const CodeRefused: Story = {
  args: { emailSnapshot: emailAt('awaitingCode', { ...codeSent, code: '111111', serverErrors: { code: AccountMessages.otp } }) },
};
/** confirming: the code on its way. */
export const Confirming: Story = {
  args: { emailLogic: waitingEmail, emailSnapshot: emailAt('confirming', { ...codeSent, code: '381904' }, waitingEmail) },
};
/** changed: the new email shown, with the server's message. */
export const EmailChanged: Story = {
  args: { emailSnapshot: emailAt('entering', { details: { ...demoAdminDetails, email: NEW_EMAIL }, message: AdminMessages.emailChanged }) },
};
/** loadFailed: the details could not be read; Try again. */
export const LoadFailed: Story = {
  args: {
    detailsSnapshot: details.at('loadFailed', { ...adminDetails.initialContext, loadError: AccountMessages.generic }),
    emailSnapshot: emailAt('loadFailed', { details: null, loadError: AccountMessages.generic }),
  },
};
