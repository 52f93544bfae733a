import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages, emailOnlySchema } from '../../contract/account.ts';
import { accountService } from '../../services/account.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';

export const forgotPasswordFields = ['email'] as const;
export type ForgotPasswordField = (typeof forgotPasswordFields)[number];

export interface ForgotPasswordContext extends FormState<ForgotPasswordField> {
  /** What the server answered once the link was requested. */
  message: string | null;
}

export type ForgotPasswordEvent = FormEvent<ForgotPasswordField>;

const form = formOf<ForgotPasswordField, ForgotPasswordContext, ForgotPasswordEvent>(forgotPasswordFields, (values) =>
  validate(emailOnlySchema, values, forgotPasswordFields),
);

/** Forgot password (spec 1 §2): one email field; the answer is the same whether or not an account exists. */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as { email?: string | null } | undefined,
  },
  actors: {
    sendResetLink: fromPromise<string, { email: string }>(async ({ input, signal }) => {
      const res = await accountService.forgotPassword(input.email, signal);
      return res.message || res.data;
    }),
  },
  actions: form.actions,
  guards: {
    ...form.guards,
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ ...form.empty({ email: input?.email ?? '' }), message: null }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': { actions: { type: 'changeField', params: ({ event }) => event } },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'form.submit': [
          { guard: 'isValid', target: 'submitting' },
          // An early submit shows every rule that is not met.
          { actions: 'touchAll' },
        ],
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
      invoke: {
        id: 'sendResetLink',
        src: 'sendResetLink',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: {
          target: 'sent',
          actions: assign({ message: ({ event }) => event.output || AccountMessages.resetSent }),
        },
        onError: {
          target: 'editing.failed',
          // The forgot-password fallback ends with '!' (spec 1 §8).
          actions: assign(({ event }) => form.failure(event.error, AccountMessages.forgotGeneric)),
        },
      },
    },
    sent: {},
  },
});

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const selectFieldErrors = (s: Snapshot) => form.visibleErrors(s.context);
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => canSubmit(!s.matches('editing'), form.isValid(s.context));
export const selectError = (s: Snapshot) => s.context.error;
export const selectSentMessage = (s: Snapshot) => (s.matches('sent') ? s.context.message : null);
