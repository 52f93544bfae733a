import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages, type SessionData } from '../../contract/account.ts';
import { InvitationMessages, type Invitation } from '../../contract/invitations.ts';
import { HttpMessages } from '../../services/http.ts';
import {
  acceptInvitationMachine,
  TICKED,
  type AcceptField,
  type AcceptInvitationContext,
} from '../../machines/staff/accept-invitation.machine.ts';
import { after, never, withAccountProviders } from '../account/stories-support.tsx';
import AcceptInvitationPage from './accept-invitation.view.tsx';

const invitation: Invitation = {
  email: 'taylor.brooks@demohiring.example',
  companyName: 'Demo Hiring Co',
  inviterName: 'Morgan Lee',
  firstName: 'Taylor',
  lastName: 'Brooks',
  jobTitle: 'Campus Recruiter',
  expiresAt: '2025-03-10T16:20:00.000Z',
};
const session: SessionData = {
  accessToken: 'story-access',
  refreshToken: 'story-refresh',
  expiresIn: 900,
  remember: false,
  users: { id: 'r-2', email: invitation.email, firstName: 'Taylor', lastName: 'Brooks', role: 'Recruiter' },
};

/** The server reads the invitation, then accepts it, each after a moment. */
const logic = acceptInvitationMachine.provide({
  actors: {
    lookup: fromPromise(() => after(600, invitation)),
    accept: fromPromise(() => after(900, session)),
  },
});
const accepting = acceptInvitationMachine.provide({ actors: { accept: fromPromise(() => never()) } });

const filled: Record<AcceptField, string> = {
  firstName: 'Taylor',
  lastName: 'Brooks',
  password: 'Correct-Horse-42',
  confirmPassword: 'Correct-Horse-42',
  acceptTerms: TICKED,
};
const context = (c: Partial<AcceptInvitationContext> = {}): AcceptInvitationContext => ({
  values: { ...filled, password: '', confirmPassword: '', acceptTerms: '' },
  touched: {},
  errors: { password: AccountMessages.password, acceptTerms: AccountMessages.terms },
  serverErrors: {},
  error: null,
  token: 'c2VjcmV0LXRva2Vu',
  invitation,
  problem: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<AcceptInvitationContext> = {}, machine = logic) =>
  machine.resolveState({ value, context: context(c) });

const meta = {
  title: 'Staff/Accept invitation',
  component: AcceptInvitationPage,
  decorators: [withAccountProviders],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/accept-invitation?token=c2VjcmV0LXRva2Vu', docs: { story: { height: '680px' } } },
} satisfies Meta<typeof AcceptInvitationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the emailed link: the invitation is read, then the form. */
export const FromTheLink: Story = {};

/** loading: while the invitation is read. */
export const Loading: Story = { args: { snapshot: at('loading', { invitation: null }) } };

/** form: the company, who invited, the email; names prefilled from the invitation. */
export const Form: Story = { args: { snapshot: at({ form: 'idle' }) } };

export const FormDark: Story = { ...Form, globals: dark };

/** form with rules unmet on fields left: Accept is disabled. */
export const Invalid: Story = {
  args: {
    snapshot: at(
      { form: 'idle' },
      {
        values: { ...filled, password: 'short', confirmPassword: 'shorter', acceptTerms: '' },
        touched: { password: true, confirmPassword: true },
        errors: {
          password: AccountMessages.passwordLength,
          confirmPassword: AccountMessages.passwordsMatch,
          acceptTerms: AccountMessages.terms,
        },
      },
    ),
  },
};

/** accepting: the button is busy. */
export const Accepting: Story = { args: { logic: accepting, snapshot: at('accepting', { values: filled, errors: {} }, accepting) } };

/** failed: a refusal that names no field. */
export const Failed: Story = {
  args: { snapshot: at({ form: 'failed' }, { values: filled, errors: {}, error: AccountMessages.tooManyRequests }) },
};

/** unusable: the link has expired. */
export const Expired: Story = { args: { snapshot: at('unusable', { invitation: null, problem: InvitationMessages.invitationExpired }) } };

export const ExpiredDark: Story = { ...Expired, globals: dark };

/** unusable: the invitation was accepted already. */
export const AlreadyAccepted: Story = {
  args: { snapshot: at('unusable', { invitation: null, problem: InvitationMessages.invitationUsed }) },
};

/** unusable: the company withdrew it. */
export const Revoked: Story = { args: { snapshot: at('unusable', { invitation: null, problem: InvitationMessages.invitationRevoked }) } };

/** unusable at once: the link has no token. */
export const IncompleteLink: Story = { parameters: { route: '/accept-invitation' } };

/** loadFailed: the invitation could not be read; Try again reads it again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { invitation: null, problem: HttpMessages.network }) } };
