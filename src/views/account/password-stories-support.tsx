import type { Decorator } from '@storybook/react-vite';
import { Toaster } from 'react-hot-toast';
import {
  fromPromise,
  initialTransition,
  transition,
  type AnyStateMachine,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { RequireSignedIn } from '../../app/guards.tsx';
import { SessionProvider } from '../../app/session.tsx';
import type { SessionData } from '../../contract/account.ts';
import { sessionMachine } from '../../machines/account/session.machine.ts';
import type { StoredSession } from '../../services/session-store.ts';

/**
 * The snapshot `machine` reaches from `input` through `events`, as a state to start a story in:
 * every story state is one the machine really gets to.
 */
export function reach<M extends AnyStateMachine>(machine: M, input: InputFrom<M>, events: EventObject[]): SnapshotFrom<M> {
  let [snapshot] = (initialTransition as (m: M, i: unknown) => [SnapshotFrom<M>, unknown])(machine, input);
  for (const event of events) [snapshot] = transition(machine, snapshot, event as never);
  // Without the running children: a story shows the state, it does not replay its calls.
  const { value, context } = snapshot as unknown as { value: never; context: never };
  return machine.resolveState({ value, context }) as SnapshotFrom<M>;
}

const storyUser: StoredSession = {
  token: 'story-access',
  refreshToken: 'story-refresh',
  role: 'JobSeeker',
  user: { id: 'story-user', email: 'maria.lopez@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' },
  expiresAt: Date.now() + 24 * 60 * 60_000,
  remember: true,
};

const storySession = (stored: StoredSession | null) =>
  sessionMachine.provide({
    actors: {
      restore: fromPromise<StoredSession | null>(async () => stored),
      refresh: fromPromise<SessionData, { refreshToken: string }>(() => new Promise(() => {})),
      revoke: fromPromise<void, { refreshToken: string | undefined }>(async () => {}),
    },
    // A story's browser keeps the sign-in it restores, and nothing when there is none.
    guards: { holdsNoSession: () => stored === null },
    actions: { persist: () => {}, clearStorage: () => {} },
  });

const signedIn = storySession(storyUser);
const signedOut = storySession(null);

/**
 * The session the password screens read: a signed-in user when the story's parameters say
 * `signedIn: true` (the change-password page and dialog, shown once the sign-in is restored,
 * as the app does), nobody otherwise. Toasts show top-right.
 */
export const withSession: Decorator = (Story, context) =>
  context.parameters.signedIn ? (
    <SessionProvider logic={signedIn}>
      <RequireSignedIn>
        <Story />
      </RequireSignedIn>
      <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
    </SessionProvider>
  ) : (
    <SessionProvider logic={signedOut}>
      <Story />
      <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
    </SessionProvider>
  );

/** Resolves after a pause, so clicking through a story shows the busy state first. */
export const after = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
