import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { AppConfigContext } from '../../../src/app/app-config.tsx';
import { ErrorBoundary } from '../../../src/app/error-boundary.tsx';
import { AppRoutes } from '../../../src/app/routes.tsx';
import { SessionProvider } from '../../../src/app/session.tsx';
import { ThemeContext } from '../../../src/app/theme.tsx';
import type { SessionData, SessionUser } from '../../../src/contract/account.ts';
import { appConfigMachine, DEFAULT_APP_CONFIG } from '../../../src/machines/app/app-config.machine.ts';
import { sessionMachine } from '../../../src/machines/account/session.machine.ts';
import type { StoredSession } from '../../../src/services/session-store.ts';
import UnexpectedErrorView from '../../../src/views/errors/unexpected-error.view.tsx';
import { AppLayout } from '../../../src/views/layout/app-layout.tsx';

export const SUPPORT_EMAIL = 'help@jobs.example.com';

/** A sign-in as the browser keeps it, valid for another 15 minutes. */
export function storedSessionFor(user: SessionUser): StoredSession {
  return {
    token: `access-${user.id}`,
    refreshToken: `refresh-${user.id}`,
    role: user.role,
    user,
    expiresAt: Date.now() + 15 * 60_000,
    remember: true,
  };
}

/** The session machine with no server behind it: restores `stored`, records revoked refresh tokens. */
export function offlineSession(stored: StoredSession | null) {
  const revoked: Array<string | undefined> = [];
  const logic = sessionMachine.provide({
    actors: {
      restore: fromPromise(async () => stored),
      refresh: fromPromise<SessionData, { refreshToken: string }>(async () => {
        throw new Error('no server in view tests');
      }),
      revoke: fromPromise<void, { refreshToken: string | undefined }>(async ({ input }) => {
        revoked.push(input.refreshToken);
      }),
    },
  });
  return { logic, revoked };
}

/** The public settings as the server would send them. */
export function offlineConfig(supportEmail = SUPPORT_EMAIL) {
  return appConfigMachine.provide({
    actors: { load: fromPromise(async () => ({ ...DEFAULT_APP_CONFIG, supportEmail })) },
  });
}

/**
 * The app as src/app/App.tsx assembles it (theme, settings, session, layout, routes), on an
 * in-memory location instead of the browser's, with the server-bound actors swapped.
 */
export function renderApp({ path = '/', stored = null }: { path?: string; stored?: StoredSession | null } = {}) {
  const location = memoryLocation({ path, record: true });
  const session = offlineSession(stored);
  const config = offlineConfig();
  const tree = () => (
    <ErrorBoundary fallback={<UnexpectedErrorView />}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ThemeContext.Provider>
          <AppConfigContext.Provider logic={config}>
            <SessionProvider logic={session.logic}>
              <AppLayout>
                <AppRoutes />
              </AppLayout>
            </SessionProvider>
          </AppConfigContext.Provider>
        </ThemeContext.Provider>
      </Router>
    </ErrorBoundary>
  );
  const result = render(tree());
  return { ...result, location, revoked: session.revoked };
}
