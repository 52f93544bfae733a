import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise, type Actor } from 'xstate';
import { AppConfigContext } from '../../../src/app/app-config.tsx';
import { SessionContext, SessionProvider } from '../../../src/app/session.tsx';
import type { SessionData } from '../../../src/contract/account.ts';
import { DEFAULT_APP_CONFIG, appConfigMachine } from '../../../src/machines/app/app-config.machine.ts';
import { sessionMachine } from '../../../src/machines/account/session.machine.ts';
import type { StoredSession } from '../../../src/services/session-store.ts';

export const SUPPORT_EMAIL = 'help@jobs.example';

export function sessionFor(role: SessionData['users']['role'], firstName = 'Ada'): SessionData {
  return {
    accessToken: `access-${role}`,
    refreshToken: `refresh-${role}`,
    expiresIn: 900,
    remember: false,
    users: { id: `id-${role}`, email: 'ada@example.com', firstName, lastName: 'Lovelace', role },
  };
}

/**
 * Renders account screens inside the real providers the app uses (session, app config, router),
 * with the session's and config's calls swapped for stubs. The location lives in memory.
 */
export function renderAccount(ui: ReactNode, options: { path?: string; stored?: StoredSession | null; userOptions?: Parameters<typeof userEvent.setup>[0] } = {}) {
  const memory = memoryLocation({ path: options.path ?? '/', record: true });
  const sessionLogic = sessionMachine.provide({
    actors: {
      restore: fromPromise(async () => options.stored ?? null),
      refresh: fromPromise<SessionData, { refreshToken: string }>(() => new Promise(() => {})),
      revoke: fromPromise<void, { refreshToken: string | undefined }>(async () => {}),
    },
  });
  const configLogic = appConfigMachine.provide({
    actors: { load: fromPromise(async () => ({ ...DEFAULT_APP_CONFIG, supportEmail: SUPPORT_EMAIL })) },
  });
  const ref: { session?: Actor<typeof sessionMachine> } = {};
  function SessionSpy() {
    ref.session = SessionContext.useActorRef() as Actor<typeof sessionMachine>;
    return null;
  }
  const user = userEvent.setup(options.userOptions);
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AppConfigContext.Provider logic={configLogic}>
        <SessionProvider logic={sessionLogic}>
          <SessionSpy />
          {ui}
        </SessionProvider>
      </AppConfigContext.Provider>
    </Router>,
  );
  return {
    ...view,
    user,
    /** Where the app is now, with its query. */
    location: () => memory.history!.at(-1)!,
    history: memory.history!,
    session: () => ref.session!,
  };
}
