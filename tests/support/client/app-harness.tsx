import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise, type Actor, type EventObject } from 'xstate';
import { AppConfigContext } from '../../../src/app/app-config.tsx';
import { ErrorBoundary } from '../../../src/app/error-boundary.tsx';
import { AppRoutes } from '../../../src/app/routes.tsx';
import { SessionContext, SessionProvider } from '../../../src/app/session.tsx';
import { ThemeContext } from '../../../src/app/theme.tsx';
import type { SessionData, SessionUser } from '../../../src/contract/account.ts';
import { appConfigMachine, DEFAULT_APP_CONFIG } from '../../../src/machines/app/app-config.machine.ts';
import { sessionMachine } from '../../../src/machines/account/session.machine.ts';
import { sessionStore, type StoredSession } from '../../../src/services/session-store.ts';
import UnexpectedErrorView from '../../../src/views/errors/unexpected-error.view.tsx';
import { AppLayout } from '../../../src/views/layout/app-layout.tsx';

export const SUPPORT_EMAIL = 'help@jobs.example.com';

/** A sign-in as the server answers it. */
export function sessionFor(role: SessionData['users']['role'], firstName = 'Ada'): SessionData {
  return {
    accessToken: `access-${role}`,
    refreshToken: `refresh-${role}`,
    expiresIn: 900,
    remember: false,
    users: { id: `id-${role}`, email: 'ada@example.com', firstName, lastName: 'Lovelace', role },
  };
}

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
    // The browser keeps what the session is restored from, and nothing when there is none.
    guards: { holdsNoSession: () => stored === null },
  });
  return { logic, revoked };
}

/** The public settings as the server would send them. */
export function offlineConfig(supportEmail = SUPPORT_EMAIL) {
  return appConfigMachine.provide({
    actors: { load: fromPromise(async () => ({ ...DEFAULT_APP_CONFIG, supportEmail })) },
  });
}

/** No realtime connection: screens that need one pass their own. */
const noMessaging = () => () => undefined;

/**
 * The app as src/app/App.tsx assembles it (theme, settings, session, layout, routes), on an
 * in-memory location instead of the browser's, with the server-bound actors swapped.
 */
export function renderApp({
  path = '/',
  stored = null,
  layout = {},
}: {
  path?: string;
  stored?: StoredSession | null;
  /** The layout's own actors (the job seeker's completion and photo), swapped. */
  layout?: Omit<ComponentProps<typeof AppLayout>, 'children'>;
} = {}) {
  const location = memoryLocation({ path, record: true });
  const session = offlineSession(stored);
  const config = offlineConfig();
  const tree = () => (
    <ErrorBoundary fallback={<UnexpectedErrorView />}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ThemeContext.Provider>
          <AppConfigContext.Provider logic={config}>
            <SessionProvider logic={session.logic}>
              <AppLayout connectMessaging={noMessaging} {...layout}>
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

/**
 * One screen inside the app's real providers (settings, session, router, toaster), on an in-memory
 * location, with the server-bound actors of the session and settings swapped as in `renderApp`.
 */
export function renderInApp(
  ui: ReactNode,
  options: { path?: string; stored?: StoredSession | null; userOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  // Toasts live in one store for the whole page; each render starts without any.
  toast.remove();
  const memory = memoryLocation({ path: options.path ?? '/', record: true });
  // The browser keeps the sign-in the session is restored from, as a real one does.
  if (options.stored) sessionStore.write(options.stored);
  const session = offlineSession(options.stored ?? null);
  const ref: { session?: Actor<typeof sessionMachine> } = {};
  function GrabSession() {
    ref.session = SessionContext.useActorRef() as Actor<typeof sessionMachine>;
    return null;
  }
  const user = userEvent.setup(options.userOptions);
  const result = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AppConfigContext.Provider logic={offlineConfig()}>
        <SessionProvider logic={session.logic}>
          <GrabSession />
          {ui}
          <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
        </SessionProvider>
      </AppConfigContext.Provider>
    </Router>,
  );
  return {
    ...result,
    user,
    /** Where the app is now, with its query. */
    location: () => memory.history!.at(-1)!,
    history: memory.history!,
    /** Refresh tokens the session asked the server to revoke. */
    revoked: session.revoked,
    session: () => ref.session!,
  };
}

/** A stubbed actor's promise, answered by the test when the model says so. */
export function controllable<T>() {
  const calls: unknown[] = [];
  let settle: { resolve: (v: T) => void; reject: (e: unknown) => void } | undefined;
  return {
    calls,
    run(input: unknown) {
      calls.push(input);
      return new Promise<T>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    async answer(event: EventObject) {
      const e = event as { type: string; output?: T; error?: unknown };
      await act(async () => {
        if (e.type.startsWith('xstate.done.actor.')) settle!.resolve(e.output as T);
        else settle!.reject(e.error);
      });
    },
  };
}
