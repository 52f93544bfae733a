import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { fromPromise } from 'xstate';
import { AccountMessages, type SessionData, type SocialCompletionRequest } from '../../contract/account.ts';
import {
  initialCompletionContext,
  socialCompletionMachine,
  type SocialCompletionContext,
  type SocialSignup,
} from '../../machines/account/social-completion.machine.ts';
import SocialCompletionPage from './social-completion.view.tsx';
import { after, withAccountProviders } from './stories-support.tsx';

const signup: SocialSignup = {
  email: 'maria.lopez@gmail.example',
  firstName: 'Maria',
  lastName: 'Lopez',
  signupToken: 'story-ticket',
};

const session: SessionData = {
  accessToken: 'story-access',
  refreshToken: 'story-refresh',
  expiresIn: 900,
  remember: false,
  users: { id: 'story-user', email: signup.email, firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' },
};

/** The server registers the user after a moment. */
const logic = socialCompletionMachine.provide({
  actors: { complete: fromPromise<SessionData, SocialCompletionRequest>(() => after(800, session)) },
});

const at = (value: 'editing' | 'submitting' | 'done', context: Partial<SocialCompletionContext> = {}) =>
  logic.resolveState({ value, context: { ...initialCompletionContext(signup), ...context } });

const employer: Partial<SocialCompletionContext> = {
  role: 1,
  businessName: 'Lopez Landscaping LLC',
  businessEin: '12-3456780',
  acceptTerms: true,
};
const jobSeeker: Partial<SocialCompletionContext> = { role: 0, dateOfBirth: '2001-04-12', acceptTerms: true };

const meta = {
  title: 'Account/Social sign-up completion',
  component: SocialCompletionPage,
  decorators: [withAccountProviders],
  args: { logic, signup, onDone: fn() },
  parameters: { layout: 'fullscreen', route: '/landing/google' },
} satisfies Meta<typeof SocialCompletionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: nothing chosen yet, Complete Registration disabled. */
export const ChooseRole: Story = {};

export const ChooseRoleDark: Story = { globals: dark };

/** editing as an employer: business name and the masked EIN/TIN. */
export const Employer: Story = { args: { snapshot: at('editing', employer) } };

/** editing as a job seeker: date of birth. */
export const JobSeeker: Story = { args: { snapshot: at('editing', jobSeeker) } };

/** editing after a submit with a too-young date of birth and the terms unticked. */
export const Invalid: Story = {
  args: { snapshot: at('editing', { role: 0, dateOfBirth: '2015-01-01', submitted: true }) },
};

/** editing after the server refused the business. */
export const Refused: Story = {
  args: { snapshot: at('editing', { ...employer, errors: [AccountMessages.tinTaken] }) },
};

/** submitting: the button is busy. */
export const Submitting: Story = { args: { snapshot: at('submitting', { ...jobSeeker, submitted: true }) } };

/** done: registered; the landing page signs the user in and moves on. */
export const Done: Story = { args: { snapshot: at('done', { ...jobSeeker, session }) } };

export const EmployerDark: Story = { ...Employer, globals: dark };
