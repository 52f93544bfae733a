import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { googleStartMachine } from '../../machines/account/google-start.machine.ts';
import {
  emptyRegisterValues,
  initialRegisterContext,
  registerMachine,
  type RegisterContext,
  type RegisterOutcome,
  type RegisterRequest,
  type RegisterValues,
} from '../../machines/account/register.machine.ts';
import RegisterPage from './register.view.tsx';
import { after, never, withAccountProviders } from './stories-support.tsx';

/** The server registers after a moment. */
const logic = registerMachine.provide({
  actors: {
    register: fromPromise<RegisterOutcome, RegisterRequest>(() => after(800, { data: null, request: null })),
  },
});

/** The Google button waits forever instead of leaving the story. */
const social = {
  logic: googleStartMachine.provide({
    actors: { address: fromPromise<string>(() => never()) },
    actions: { redirect: () => {} },
  }),
};

const at = (value: 'editing' | 'submitting' | 'registered' | 'verifyingBusiness', context: Partial<RegisterContext> = {}) =>
  logic.resolveState({ value, context: { ...initialRegisterContext, ...context } });

const person: Partial<RegisterValues> = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria.lopez@example.com',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};
const jobSeeker: RegisterValues = { ...emptyRegisterValues, ...person, role: 0, dateOfBirth: '2001-06-14', acceptTerms: true };
const employer: RegisterValues = {
  ...emptyRegisterValues,
  ...person,
  role: 1,
  companyName: 'Acme Widgets LLC',
  companyTin: '12-3456789',
  acceptTerms: true,
};

const meta = {
  title: 'Account/Register',
  component: RegisterPage,
  decorators: [withAccountProviders],
  args: { logic, social },
  parameters: { layout: 'fullscreen', route: '/register' },
} satisfies Meta<typeof RegisterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: the role is chosen first; Create Account is disabled. */
export const ChooseRole: Story = {};

export const ChooseRoleDark: Story = { globals: dark };

/** editing as an employer: the legal name and the masked EIN/TIN/SSN. */
export const Employer: Story = {
  args: { snapshot: at('editing', { values: { ...emptyRegisterValues, role: 1 } }) },
};

/** editing as a job seeker: the date of birth. */
export const JobSeeker: Story = {
  args: { snapshot: at('editing', { values: { ...emptyRegisterValues, role: 0 } }) },
};

/** editing after a submit with nothing chosen: every error of spec 1 §5. */
export const Invalid: Story = { args: { snapshot: at('editing', { submitted: true }) } };

/** editing as an employer with errors shown. */
export const InvalidEmployer: Story = {
  args: {
    snapshot: at('editing', {
      values: { ...employer, companyName: '', companyTin: '12-34', confirmPassword: 'correct horse', acceptTerms: false },
      submitted: true,
    }),
  },
};

export const InvalidEmployerDark: Story = { ...InvalidEmployer, globals: dark };

/** editing as a job seeker who is too young. */
export const JobSeekerTooYoung: Story = {
  args: {
    snapshot: at('editing', {
      values: { ...jobSeeker, dateOfBirth: new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10) },
      touched: { dateOfBirth: true },
    }),
  },
};

/** editing, valid: Create Account is enabled. */
export const ReadyToSubmit: Story = { args: { snapshot: at('editing', { values: jobSeeker }) } };

/** submitting: the button is busy. */
export const Submitting: Story = { args: { snapshot: at('submitting', { values: employer, submitted: true }) } };

/** editing after a refused registration: the message. */
export const Refused: Story = {
  args: { snapshot: at('editing', { values: jobSeeker, submitted: true, errors: [AccountMessages.emailTaken] }) },
};

/** editing after a registration refused with several messages: the first, and a contact-support link. */
export const RefusedWithSupportLink: Story = {
  args: {
    snapshot: at('editing', {
      values: employer,
      submitted: true,
      errors: [AccountMessages.tinTaken, AccountMessages.generic],
    }),
  },
};

/** registered: the success view. */
export const Registered: Story = { args: { snapshot: at('registered', { values: jobSeeker, submitted: true }) } };

export const RegisteredDark: Story = { ...Registered, globals: dark };

/** verifyingBusiness: an employer on the way to business verification. */
export const SentToBusinessVerification: Story = {
  args: { snapshot: at('verifyingBusiness', { values: employer, submitted: true }) },
};
