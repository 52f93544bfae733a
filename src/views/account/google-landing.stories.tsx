import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import {
  AccountMessages,
  type BusinessVerificationRequest,
  type GoogleCallbackData,
  type SessionData,
  type SocialCompletionRequest,
} from '../../contract/account.ts';
import { socialCallbackMachine } from '../../machines/account/social-callback.machine.ts';
import { socialCompletionMachine } from '../../machines/account/social-completion.machine.ts';
import { ApiError } from '../../services/http.ts';
import GoogleLandingPage from './google-landing.view.tsx';
import { after, never, withAccountProviders } from './stories-support.tsx';

const session: SessionData = {
  accessToken: 'story-access',
  refreshToken: 'story-refresh',
  expiresIn: 900,
  remember: false,
  users: { id: 'story-user', email: 'maria.lopez@gmail.example', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' },
};
const request: BusinessVerificationRequest = {
  email: 'erin.price@gmail.example',
  businessName: 'Acme Widgets LLC',
  businessTin: '123456780',
};

/** The landing page's machine with the server's answers chosen by the story; the browser never leaves. */
function landing(answers: { exchange: () => Promise<GoogleCallbackData>; address?: () => Promise<string> }) {
  return socialCallbackMachine.provide({
    actors: {
      exchange: fromPromise<GoogleCallbackData, { code: string; state: string }>(() => answers.exchange()),
      address: fromPromise<string>(() => (answers.address ?? never<string>)()),
      completion: socialCompletionMachine.provide({
        actors: { complete: fromPromise<SessionData, SocialCompletionRequest>(() => after(800, session)) },
      }),
      loadProfile: fromPromise<unknown>(async () => null),
    },
    actions: { redirect: () => {} },
  });
}

const meta = {
  title: 'Account/Google landing',
  component: GoogleLandingPage,
  decorators: [withAccountProviders],
  args: { logic: landing({ exchange: never }) },
  parameters: { layout: 'fullscreen', route: '/landing/google?code=story-code&state=story-state' },
} satisfies Meta<typeof GoogleLandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** exchanging: the loading state while the code is exchanged. */
export const Exchanging: Story = {};

export const ExchangingDark: Story = { globals: dark };

/** completing: a new Google user completes registration. */
export const Completing: Story = {
  args: {
    logic: landing({
      exchange: async () => ({
        kind: 'needsRegistration',
        signup: { email: 'maria.lopez@gmail.example', firstName: 'Maria', lastName: 'Lopez', signupToken: 'story-ticket' },
      }),
    }),
  },
};

export const CompletingDark: Story = { ...Completing, globals: dark };

/** restarting: the code was stale; a new authorisation address is on its way. */
export const Restarting: Story = {
  args: {
    logic: landing({
      exchange: () => Promise.reject(ApiError.of('auth.googleCodeStale', AccountMessages.staleGoogleCode)),
    }),
  },
};

/** redirecting: the browser is on its way back to Google. */
export const Redirecting: Story = {
  args: {
    logic: landing({
      exchange: () => Promise.reject(ApiError.of('auth.googleCodeStale', AccountMessages.staleGoogleCode)),
      address: async () => 'https://accounts.google.com/o/oauth2/v2/auth',
    }),
  },
};

/** failed: what the server said, and the way back to login. */
export const Failed: Story = {
  args: {
    logic: landing({ exchange: () => Promise.reject(new ApiError('client', 400, AccountMessages.socialEmailMissing)) }),
  },
};

/** failed: Google sent the browser back without a code. */
export const NoCode: Story = { parameters: { route: '/landing/google?error=access_denied' } };

export const NoCodeDark: Story = { ...NoCode, globals: dark };

/** signedIn: a known user; the app moves on to their dashboard. */
export const SignedIn: Story = {
  args: { logic: landing({ exchange: async () => ({ kind: 'signedIn', session }) }) },
};

/** verifyingBusiness: an employer whose business is not verified goes to business verification. */
export const VerifyingBusiness: Story = {
  args: {
    logic: landing({
      exchange: () => Promise.reject(ApiError.of('auth.businessUnverified', AccountMessages.notVerified, { request })),
    }),
  },
};
