import type { Decorator } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AppConfigContext } from '../../app/app-config.tsx';
import { SessionContext } from '../../app/session.tsx';
import type { SessionData } from '../../contract/account.ts';
import { DEFAULT_APP_CONFIG, appConfigMachine } from '../../machines/app/app-config.machine.ts';
import { sessionMachine } from '../../machines/account/session.machine.ts';
import type { StoredSession } from '../../services/session-store.ts';

const storyConfig = appConfigMachine.provide({
  actors: { load: fromPromise(async () => ({ ...DEFAULT_APP_CONFIG, supportEmail: 'support@jobmarketplace.example' })) },
});

/** A job seeker signed in, with no server behind the session. */
const seekerSession = sessionMachine.provide({
  actors: {
    restore: fromPromise<StoredSession | null>(async () => ({
      token: 'story-token',
      refreshToken: 'story-refresh',
      role: 'JobSeeker',
      user: { id: 'js-1', email: 'maria.lopez@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' },
      expiresAt: Date.now() + 15 * 60_000,
      remember: false,
    })),
    refresh: fromPromise<SessionData, { refreshToken: string }>(() => new Promise(() => {})),
    revoke: fromPromise<void, { refreshToken: string | undefined }>(async () => {}),
  },
  actions: { persist: () => {}, clearStorage: () => {} },
});

/** The providers a job seeker's pages read: the app's settings and a signed-in job seeker. */
export const withJobSeeker: Decorator = (Story) => (
  <AppConfigContext.Provider logic={storyConfig}>
    <SessionContext.Provider logic={seekerSession}>
      <Story />
    </SessionContext.Provider>
  </AppConfigContext.Provider>
);
