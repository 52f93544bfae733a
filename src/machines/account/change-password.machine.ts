import { assign, emit, enqueueActions, fromPromise, setup, type ActorRef, type Snapshot, type SnapshotFrom } from 'xstate';
import { AccountMessages, changePasswordRequestSchema } from '../../contract/account.ts';
import { accountService } from '../../services/account.ts';
import { ApiError } from '../../services/http.ts';
import type { SessionEmitted, SessionEvent } from './session.machine.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';

export const changePasswordFields = ['oldPassword', 'newPassword', 'retypePassword'] as const;
export type ChangePasswordField = (typeof changePasswordFields)[number];

/** The root session actor, told to sign out once the password has changed. */
export type SessionRef = ActorRef<Snapshot<unknown>, SessionEvent, SessionEmitted>;

export interface ChangePasswordContext extends FormState<ChangePasswordField> {
  session: SessionRef | null;
  signedIn: boolean;
}

export type ChangePasswordEvent =
  | FormEvent<ChangePasswordField>
  /** The session signed in or out while the form was open. */
  | { type: 'session.changed'; signedIn: boolean };

export type ChangePasswordEmitted = { type: 'notify'; message: string };

export interface ChangePasswordInput {
  session: SessionRef | null;
  signedIn: boolean;
}

const form = formOf<ChangePasswordField, ChangePasswordContext, ChangePasswordEvent>(changePasswordFields, (values) =>
  validate(changePasswordRequestSchema, values, changePasswordFields),
);

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.kind === 'unauthorized';

/**
 * Change password (spec 1 §5, §6): only for a signed-in user. The server revokes every refresh
 * token on success, so the user is signed out here and logs in again with the new password.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    emitted: {} as ChangePasswordEmitted,
    input: {} as ChangePasswordInput,
  },
  actors: {
    changePassword: fromPromise<string, Record<ChangePasswordField, string>>(async ({ input, signal }) => {
      const res = await accountService.changePassword(input, signal);
      return res.message || res.data;
    }),
  },
  actions: {
    ...form.actions,
    signOut: enqueueActions(({ context, enqueue }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'session.logout' } satisfies SessionEvent);
    }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    ...form.guards,
    signedOutNow: ({ event }) => event.type === 'session.changed' && !event.signedIn,
    signedInNow: ({ event }) => event.type === 'session.changed' && event.signedIn,
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({
    ...form.empty(),
    session: input.session,
    signedIn: input.signedIn,
  }),
  initial: 'checkingSession',
  states: {
    checkingSession: {
      always: [{ guard: 'signedIn', target: 'editing' }, { target: 'signedOut' }],
    },
    // Only signed-in users may change their password (spec 1 §6).
    signedOut: {
      tags: ['error'],
      // Passwords typed for a sign-in that has ended are not kept.
      entry: assign(() => ({ ...form.empty(), signedIn: false })),
      on: {
        'session.changed': { guard: 'signedInNow', target: 'editing', actions: assign({ signedIn: true }) },
      },
    },
    editing: {
      initial: 'idle',
      on: {
        'field.change': { actions: { type: 'changeField', params: ({ event }) => event } },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'form.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'touchAll' }],
        'session.changed': { guard: 'signedOutNow', target: 'signedOut' },
      },
      states: {
        idle: {},
        failed: {
          tags: ['error'],
          always: { guard: 'nothingToShow', target: 'idle' },
        },
      },
    },
    submitting: {
      tags: ['loading'],
      entry: 'clearFailure',
      on: {
        'session.changed': { guard: 'signedOutNow', target: 'signedOut' },
      },
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.values,
        onDone: { target: 'changed' },
        onError: [
          // The sign-in ended meanwhile (a 401): the session is already taking the user to /login.
          { guard: ({ event }) => isUnauthorized(event.error), target: 'signedOut' },
          {
            target: 'editing.failed',
            actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)),
          },
        ],
      },
    },
    // Every refresh token is revoked now: sign out here too, so the user logs in with the new password.
    changed: {
      entry: [emit({ type: 'notify', message: AccountMessages.passwordChangedSignIn }), 'signOut'],
    },
  },
});

type ChangeSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export const selectFieldErrors = (s: ChangeSnapshot) => form.visibleErrors(s.context);
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: ChangeSnapshot) => canSubmit(!s.matches('editing'), form.isValid(s.context));
export const selectError = (s: ChangeSnapshot) => (s.matches('signedOut') ? AccountMessages.signInToChange : s.context.error);
