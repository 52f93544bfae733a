import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages, type BusinessVerificationRequest, type VerifyBusinessRequest } from '../../contract/account.ts';
import {
  businessVerificationMachine,
  initialBusinessContext,
  type BusinessVerificationContext,
} from '../../machines/account/business-verification.machine.ts';
import BusinessVerificationPage from './business-verification.view.tsx';
import { after, withAccountProviders } from './stories-support.tsx';

const request: BusinessVerificationRequest = {
  email: 'erin.price@acme-widgets.example',
  businessName: 'Acme Widgets LLC',
  businessTin: '123456780',
};

/** The server verifies after a moment. */
const logic = businessVerificationMachine.provide({
  actors: {
    verify: fromPromise<string, VerifyBusinessRequest>(() => after(800, AccountMessages.businessVerified)),
  },
});

const at = (value: 'editing' | 'submitting' | 'verified', context: Partial<BusinessVerificationContext> = {}) =>
  logic.resolveState({ value, context: { ...initialBusinessContext(request), ...context } });

const meta = {
  title: 'Account/Business verification',
  component: BusinessVerificationPage,
  decorators: [withAccountProviders],
  args: { logic, input: { request } },
  parameters: { layout: 'fullscreen', route: '/business-validation' },
} satisfies Meta<typeof BusinessVerificationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: prefilled from the request kept at login or registration. */
export const Prefilled: Story = {};

export const PrefilledDark: Story = { globals: dark };

/** editing: no stored request, so the form also asks for the account's email. */
export const Empty: Story = { args: { input: { request: null } } };

/** editing after a submit: every field shows its error. */
export const Invalid: Story = {
  args: {
    snapshot: at('editing', {
      values: { email: 'erin.price@acme-widgets.example', businessName: '', businessTin: '12-34' },
      submitted: true,
    }),
  },
};

/** editing after the server refused: the first message. */
export const Refused: Story = { args: { snapshot: at('editing', { errors: [AccountMessages.tinNotValid] }) } };

/** editing after the server gave several messages: the first, and a contact-support link. */
export const RefusedWithSupportLink: Story = {
  args: { snapshot: at('editing', { errors: [AccountMessages.tinTaken, AccountMessages.verificationFailed] }) },
};

/** submitting: the button is busy. */
export const Submitting: Story = { args: { snapshot: at('submitting', { submitted: true }) } };

/** verified: the success text and the way to login. */
export const Verified: Story = { args: { snapshot: at('verified', { message: AccountMessages.businessVerified }) } };

export const VerifiedDark: Story = { ...Verified, globals: dark };
