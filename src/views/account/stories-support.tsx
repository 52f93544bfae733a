import type { Decorator } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { AppConfigContext } from '../../app/app-config.tsx';
import { SessionContext } from '../../app/session.tsx';
import type { SessionData } from '../../contract/account.ts';
import { DEFAULT_APP_CONFIG, appConfigMachine } from '../../machines/app/app-config.machine.ts';
import { sessionMachine } from '../../machines/account/session.machine.ts';
import type { StoredSession } from '../../services/session-store.ts';

/** Settings as the server would send them, without a server. */
const storyConfig = appConfigMachine.provide({
  actors: { load: fromPromise(async () => ({ ...DEFAULT_APP_CONFIG, supportEmail: 'support@jobmarketplace.example' })) },
});

/** A session that never calls the server: signed out, or restoring `stored`. */
const storySession = (stored: StoredSession | null) =>
  sessionMachine.provide({
    actors: {
      restore: fromPromise<StoredSession | null>(async () => stored),
      refresh: fromPromise<SessionData, { refreshToken: string }>(() => new Promise(() => {})),
      revoke: fromPromise<void, { refreshToken: string | undefined }>(async () => {}),
    },
    // A story's browser keeps the sign-in it restores, and nothing when there is none.
    guards: { holdsNoSession: () => stored === null },
  });

/** The providers a screen reads: the app's settings and a session, signed out unless `stored` is given. */
export const withProviders =
  (stored: StoredSession | null = null): Decorator =>
  (Story) => (
    <AppConfigContext.Provider logic={storyConfig}>
      <SessionContext.Provider logic={storySession(stored)}>
        <Story />
      </SessionContext.Provider>
    </AppConfigContext.Provider>
  );

/** The providers account screens read: the app's settings and a signed-out session. */
export const withAccountProviders: Decorator = withProviders();

/** Resolves after a short pause, so a story shows its busy state before the answer. */
export const after = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
/** Never settles: the story stays in the state that waits for it. */
export const never = <T,>() => new Promise<T>(() => {});
