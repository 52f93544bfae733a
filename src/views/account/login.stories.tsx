import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { fromPromise } from 'xstate';
import { AccountMessages, type CompletionStatus, type SessionData } from '../../contract/account.ts';
import { googleStartMachine } from '../../machines/account/google-start.machine.ts';
import { initialLoginContext, loginMachine, type LoginContext, type LoginRequest } from '../../machines/account/login.machine.ts';
import LoginPage from './login.view.tsx';
import { after, never, withAccountProviders } from './stories-support.tsx';

/** The server answers after a moment: codes are sent, sign-ins wait forever so the story stays put. */
const logic = loginMachine.provide({
  actors: {
    login: fromPromise<SessionData, LoginRequest>(() => never()),
    requestOtp: fromPromise<string, { email: string }>(() => after(600, AccountMessages.otpSent)),
    loadCompletionStatus: fromPromise<CompletionStatus>(() => never()),
  },
});

/** The Google button waits forever instead of leaving the story. */
const social = {
  logic: googleStartMachine.provide({
    actors: { address: fromPromise<string>(() => never()) },
    actions: { redirect: () => {} },
  }),
};

type Value = {
  form: 'editing' | 'submitting' | 'signedIn' | 'verifyingBusiness' | { adminCode: 'entering' | 'verifying' | 'resending' };
  otp: 'idle' | { counting: 'waiting' } | { cooling: 'waiting' };
};

const at = (value: Value, context: Partial<LoginContext> = {}) =>
  logic.resolveState({ value, context: { ...initialLoginContext, ...context } });

const filled: Partial<LoginContext> = { email: 'maria.lopez@example.com', password: 'correct horse battery' };
const otp: Partial<LoginContext> = { email: 'maria.lopez@example.com', mode: 'otp' };
/** A SuperAdmin whose password was right: the server emailed the code and asks for it. */
const adminCode: Partial<LoginContext> = {
  email: 'avery.admin@example.com',
  password: 'correct horse battery',
  adminCode: true,
  notice: AccountMessages.adminCodeSent,
};

const meta = {
  title: 'Account/Login',
  component: LoginPage,
  decorators: [withAccountProviders],
  args: { logic, social },
  parameters: { layout: 'fullscreen', route: '/login' },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing, password mode: nothing typed yet, Login disabled. */
export const Idle: Story = {};

export const IdleDark: Story = { globals: dark };

/** editing after a submit: every field shows its error. */
export const Invalid: Story = {
  args: { snapshot: at({ form: 'editing', otp: 'idle' }, { email: 'maria.lopez@', submitted: true }) },
};

export const InvalidDark: Story = { ...Invalid, globals: dark };

/** editing, valid: Login is enabled; Remember Me ticked. */
export const ReadyToSubmit: Story = {
  args: { snapshot: at({ form: 'editing', otp: 'idle' }, { ...filled, rememberMe: true }) },
};

/** submitting: the button is busy and cannot be pressed again. */
export const Submitting: Story = {
  args: { snapshot: at({ form: 'submitting', otp: 'idle' }, { ...filled, submitted: true }) },
};

/** editing after a refused sign-in: the message. */
export const Refused: Story = {
  args: { snapshot: at({ form: 'editing', otp: 'idle' }, { ...filled, submitted: true, errors: [AccountMessages.invalidCredentials] }) },
};

/** editing after a sign-in refused with several messages: the first, and a contact-support link. */
export const RefusedWithSupportLink: Story = {
  args: {
    snapshot: at(
      { form: 'editing', otp: 'idle' },
      { ...filled, submitted: true, errors: [AccountMessages.accountDisabled, AccountMessages.generic] },
    ),
  },
};

export const RefusedWithSupportLinkDark: Story = { ...RefusedWithSupportLink, globals: dark };

/** OTP mode before a code was asked for: the six boxes and Send OTP. */
export const OtpIdle: Story = { args: { snapshot: at({ form: 'editing', otp: 'idle' }, otp) } };

/** OTP mode during the 60 s wait: 'Resend OTP in 42s', the code half typed. */
export const OtpCountdown: Story = {
  args: {
    snapshot: at(
      { form: 'editing', otp: { counting: 'waiting' } },
      { ...otp, code: '381', secondsLeft: 42, notice: AccountMessages.otpSent },
    ),
  },
};

export const OtpCountdownDark: Story = { ...OtpCountdown, globals: dark };

/** OTP mode, all six digits in: Login is enabled while the wait goes on. */
export const OtpReady: Story = {
  args: {
    snapshot: at(
      { form: 'editing', otp: { counting: 'waiting' } },
      { ...otp, code: '381904', secondsLeft: 17, notice: AccountMessages.otpSent },
    ),
  },
};

/** OTP mode after the code request failed: the countdown stopped and the error shows. */
export const OtpRequestFailed: Story = {
  args: { snapshot: at({ form: 'editing', otp: 'idle' }, { ...otp, errors: [AccountMessages.otpResendWait] }) },
};

/** OTP mode with an incomplete code after a submit. */
export const OtpInvalid: Story = {
  args: { snapshot: at({ form: 'editing', otp: 'idle' }, { ...otp, code: '38 9', submitted: true }) },
};

/** The live countdown: typing an email and choosing OTP sends a code and starts the 60 s wait. */
export const OtpLive: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'maria.lopez@example.com');
    await userEvent.click(canvas.getByRole('radio', { name: 'OTP' }));
    await expect(canvas.getByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled();
  },
};

/** adminCode.entering: a SuperAdmin's second step, the emailed code asked for during the 60 s resend wait. */
export const AdminCode: Story = {
  args: { snapshot: at({ form: { adminCode: 'entering' }, otp: { cooling: 'waiting' } }, { ...adminCode, code: '48', secondsLeft: 51 }) },
};

export const AdminCodeDark: Story = { ...AdminCode, globals: dark };

/** adminCode.entering after a wrong code; the wait is over, so Resend code is enabled. */
export const AdminCodeRefused: Story = {
  args: {
    snapshot: at(
      { form: { adminCode: 'entering' }, otp: 'idle' },
      { ...adminCode, code: '482913', submitted: true, errors: [AccountMessages.invalidCode] },
    ),
  },
};

/** adminCode.verifying: the password and the code on their way; Login is busy. */
export const AdminCodeVerifying: Story = {
  args: {
    snapshot: at(
      { form: { adminCode: 'verifying' }, otp: { cooling: 'waiting' } },
      { ...adminCode, code: '482913', submitted: true, secondsLeft: 33 },
    ),
  },
};

/** signedIn: on the way to the dashboard (the page is about to be left). */
export const SignedIn: Story = {
  args: { snapshot: at({ form: 'signedIn', otp: 'idle' }, { ...filled, submitted: true }) },
};

/** verifyingBusiness: an employer on the way to business verification. */
export const SentToBusinessVerification: Story = {
  args: { snapshot: at({ form: 'verifyingBusiness', otp: 'idle' }, { ...filled, submitted: true }) },
};
