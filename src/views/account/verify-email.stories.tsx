import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { emailVerificationMachine, type EmailVerificationContext } from '../../machines/account/email-verification.machine.ts';
import VerifyEmailPage from './verify-email.view.tsx';
import { after, withAccountProviders } from './stories-support.tsx';

/** The server verifies after a moment. */
const logic = emailVerificationMachine.provide({
  actors: {
    verifyEmail: fromPromise<string, { email: string; token: string }>(() => after(1200, AccountMessages.emailVerified)),
  },
});

const link = { token: 'c2VjcmV0LXRva2Vu', email: 'maria.lopez@example.com' };

const at = (value: 'verifying' | 'success' | 'failure', context: Partial<EmailVerificationContext> = {}) =>
  logic.resolveState({ value, context: { ...link, message: null, errors: [], ...context } });

const meta = {
  title: 'Account/Email verification',
  component: VerifyEmailPage,
  decorators: [withAccountProviders],
  args: { logic },
  parameters: { layout: 'fullscreen', route: `/verify-email?token=${link.token}&email=${encodeURIComponent(link.email)}` },
} satisfies Meta<typeof VerifyEmailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the emailed link: the loading overlay, then the server's message. */
export const FromTheLink: Story = {};

/** verifying: the loading overlay while the call runs. */
export const Verifying: Story = { args: { snapshot: at('verifying') } };

/** success: the server's message and the way to login. */
export const Success: Story = { args: { snapshot: at('success', { message: AccountMessages.emailVerified }) } };

export const SuccessDark: Story = { ...Success, globals: dark };

/** failure: the server's message. */
export const Failure: Story = { args: { snapshot: at('failure', { errors: [AccountMessages.emailLinkInvalid] }) } };

export const FailureDark: Story = { ...Failure, globals: dark };

/** failure with several messages: the first, and a contact-support link. */
export const FailureWithSupportLink: Story = {
  args: { snapshot: at('failure', { errors: [AccountMessages.emailLinkInvalid, AccountMessages.generic] }) },
};

/** failure at once: the link lacks its token. */
export const IncompleteLink: Story = { parameters: { route: `/verify-email?email=${encodeURIComponent(link.email)}` } };
