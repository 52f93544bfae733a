import { assign, emit, fromPromise, setup } from 'xstate';
import type { SessionData, SessionUser } from '../../contract/account.ts';
import type { Role } from '../../contract/roles.ts';
import { fullName, initials } from '../../lib/names.ts';
import { ApiError } from '../../services/http.ts';
import { shellService } from '../../services/shell.ts';
import { sessionStore, toStoredSession, type StoredSession } from '../../services/session-store.ts';

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;
/** Session redirect delay after a 401 (spec 1 §9). */
export const SESSION_REDIRECT_MS = 1000;
/** Wait before trying a refresh again after a network failure. */
export const REFRESH_RETRY_MS = 15_000;

export interface SessionContext {
  session: StoredSession | null;
  /** The refresh token being revoked on the server after a logout. */
  revoking: string | null;
}

export type SessionEvent =
  | { type: 'session.signedIn'; data: SessionData }
  | { type: 'session.userUpdated'; user: Partial<SessionUser> }
  | { type: 'session.refresh' }
  | { type: 'session.logout' }
  | { type: 'session.expired' };

export type SessionEmitted = { type: 'navigate'; to: string };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    restore: fromPromise<StoredSession | null>(async () => sessionStore.read()),
    refresh: fromPromise<SessionData, { refreshToken: string }>(async ({ input, signal }) => {
      const res = await shellService.refreshToken(input.refreshToken, signal);
      return res.data;
    }),
    revoke: fromPromise<void, { refreshToken: string | undefined }>(async ({ input }) => {
      await shellService.logout(input.refreshToken).catch(() => undefined);
    }),
  },
  actions: {
    persist: ({ context }) => {
      if (context.session) sessionStore.write(context.session);
    },
    clearStorage: () => sessionStore.clear(),
    reset: assign({ session: null }),
  },
  guards: {
    hasStoredSession: (_, stored: StoredSession | null) => !!stored,
    // A browser keeping nothing of a sign-in has nothing to restore: signed out from the first
    // render, so no page is drawn again (at once, holding the browser) when restoring ends.
    holdsNoSession: () => !sessionStore.mayHold(),
    isUnauthorized: (_, { error }: { error: unknown }) =>
      error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'client'),
  },
  delays: {
    refreshDelay: ({ context }) => Math.max(0, (context.session?.expiresAt ?? 0) - Date.now() - REFRESH_MARGIN_MS),
    redirectDelay: SESSION_REDIRECT_MS,
    retryDelay: REFRESH_RETRY_MS,
  },
}).createMachine({
  id: 'session',
  context: { session: null, revoking: null },
  initial: 'restoring',
  on: {
    // Any 401 from any call (spec 1 §4).
    'session.expired': { target: '.expired' },
  },
  states: {
    restoring: {
      always: { guard: 'holdsNoSession', target: 'signedOut' },
      invoke: {
        id: 'restore',
        src: 'restore',
        onDone: [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({ session: ({ event }) => event.output }),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: [assign({ session: ({ event }) => toStoredSession(event.data) }), 'persist'],
        },
      },
    },
    signedIn: {
      initial: 'active',
      on: {
        'session.signedIn': {
          target: '.active',
          reenter: true,
          actions: [assign({ session: ({ event }) => toStoredSession(event.data) }), 'persist'],
        },
        'session.userUpdated': {
          actions: [
            assign({
              session: ({ context, event }) =>
                context.session
                  ? { ...context.session, user: { ...context.session.user, ...event.user }, role: event.user.role ?? context.session.role }
                  : null,
            }),
            'persist',
          ],
        },
        'session.logout': {
          target: 'loggingOut',
          actions: [
            assign({ revoking: ({ context }) => context.session?.refreshToken ?? null }),
            'clearStorage',
            'reset',
            emit({ type: 'navigate', to: '/login' }),
          ],
        },
      },
      states: {
        active: {
          after: { refreshDelay: { target: 'refreshing' } },
          on: { 'session.refresh': { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'refresh',
            input: ({ context }) => ({ refreshToken: context.session!.refreshToken }),
            onDone: {
              target: 'active',
              // Token refresh stores the new access token (and the rotated refresh token).
              actions: [assign({ session: ({ event }) => toStoredSession(event.output) }), 'persist'],
            },
            onError: [
              { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, target: '#session.expired' },
              { target: 'retrying' },
            ],
          },
        },
        retrying: {
          after: { retryDelay: { target: 'refreshing' } },
          on: { 'session.refresh': { target: 'refreshing' } },
        },
      },
    },
    // Signed out at once for the user; the server revokes the token family meanwhile.
    loggingOut: {
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => ({ refreshToken: context.revoking ?? undefined }),
        onDone: { target: 'signedOut', actions: assign({ revoking: null }) },
        onError: { target: 'signedOut', actions: assign({ revoking: null }) },
      },
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: [assign({ session: ({ event }) => toStoredSession(event.data) }), 'persist'],
        },
      },
    },
    expired: {
      entry: ['clearStorage', 'reset'],
      after: {
        redirectDelay: { target: 'signedOut', actions: emit({ type: 'navigate', to: '/login' }) },
      },
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: [assign({ session: ({ event }) => toStoredSession(event.data) }), 'persist'],
        },
      },
    },
  },
});

type Snapshot = { context: SessionContext; matches: (v: 'restoring' | 'signedIn' | 'signedOut' | 'expired' | 'loggingOut') => boolean };

export const selectUser = (s: Snapshot) => s.context.session?.user ?? null;
export const selectRole = (s: Snapshot): Role | null => s.context.session?.role ?? null;
export const selectToken = (s: Snapshot) => s.context.session?.token ?? null;
export const selectFullName = (s: Snapshot) => fullName(s.context.session?.user);
export const selectInitials = (s: Snapshot) => initials(s.context.session?.user);
export const selectIsSignedIn = (s: Snapshot) => s.matches('signedIn');
export const selectIsRestoring = (s: Snapshot) => s.matches('restoring');
