import { assign, fromPromise, setup } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { accountService } from '../../services/account.ts';
import { codeOf } from '../../services/http.ts';
import { errorsOf } from './api-errors.ts';

export interface GoogleStartContext {
  /** What the button area shows instead of signing in: not configured, or a failure. */
  message: string | null;
}

export type GoogleStartEvent = { type: 'google.start' };

/** The browser leaves for Google; swapped in tests and stories. */
export function redirectBrowser(url: string) {
  window.location.assign(url);
}

/** The Google button: asks the server for the authorisation address and sends the browser there. */
export const googleStartMachine = setup({
  types: {
    context: {} as GoogleStartContext,
    events: {} as GoogleStartEvent,
  },
  actors: {
    address: fromPromise<string>(async ({ signal }) => (await accountService.googleLoginAddress(signal)).data),
  },
  actions: {
    redirect: (_, params: { url: string }) => redirectBrowser(params.url),
  },
  guards: {
    // Google sign-in is off on this server (auth.googleUnavailable).
    notConfigured: (_, { error }: { error: unknown }) => codeOf(error) === 'auth.googleUnavailable',
  },
}).createMachine({
  id: 'googleStart',
  context: { message: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'google.start': { target: 'requesting' } },
    },
    requesting: {
      tags: ['loading'],
      entry: assign({ message: null }),
      invoke: {
        id: 'address',
        src: 'address',
        onDone: {
          target: 'redirecting',
          actions: { type: 'redirect', params: ({ event }) => ({ url: event.output }) },
        },
        onError: [
          // The server has no Google credentials: say so instead of failing.
          {
            guard: { type: 'notConfigured', params: ({ event }) => ({ error: event.error }) },
            target: 'notConfigured',
            actions: assign({ message: AccountMessages.googleNotConfigured }),
          },
          { target: 'failed', actions: assign({ message: ({ event }) => errorsOf(event.error)[0] ?? AccountMessages.redirectFailed }) },
        ],
      },
    },
    /** On the way to Google: the page is about to be replaced. */
    redirecting: { tags: ['loading'] },
    notConfigured: {
      on: { 'google.start': { target: 'requesting' } },
    },
    failed: {
      on: { 'google.start': { target: 'requesting' } },
    },
  },
});

type Snapshot = { context: GoogleStartContext; hasTag: (tag: 'loading') => boolean };

export const selectBusy = (s: Snapshot) => s.hasTag('loading');
export const selectMessage = (s: Snapshot) => s.context.message;
