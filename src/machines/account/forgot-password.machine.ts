import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages, emailOnlySchema } from '../../contract/account.ts';
import { accountService } from '../../services/account.ts';
import {
  changed,
  emptyForm,
  failureOf,
  isValid,
  nothingToShow,
  touch,
  touchAll,
  validate,
  visibleErrors,
  type FormEvent,
  type FormState,
} from './password-form.ts';

export const forgotPasswordFields = ['email'] as const;
export type ForgotPasswordField = (typeof forgotPasswordFields)[number];

export interface ForgotPasswordContext extends FormState<ForgotPasswordField> {
  /** What the server answered once the link was requested. */
  message: string | null;
}

export type ForgotPasswordEvent = FormEvent<ForgotPasswordField>;

const check = (values: Record<ForgotPasswordField, string>) => validate(emailOnlySchema, values, forgotPasswordFields);

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
  guards: {
    isValid: ({ context }) => isValid(context),
    nothingToShow: ({ context }) => nothingToShow(context),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => {
    const form = emptyForm(forgotPasswordFields);
    form.values.email = input?.email ?? '';
    return { ...form, errors: check(form.values), message: null };
  },
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': {
          actions: assign(({ context, event }) => changed(context, event.field, event.value, check)),
        },
        'field.blur': {
          actions: assign({ touched: ({ context, event }) => touch(context, forgotPasswordFields, event.field) }),
        },
        'form.submit': [
          { guard: 'isValid', target: 'submitting' },
          // An early submit shows every rule that is not met.
          { actions: assign({ touched: () => touchAll(forgotPasswordFields) }) },
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
      entry: assign({ error: null, serverErrors: {} }),
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
          actions: assign(({ event }) => failureOf(event.error, forgotPasswordFields, AccountMessages.forgotGeneric)),
        },
      },
    },
    sent: {},
  },
});

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const selectFieldErrors = (s: Snapshot) => visibleErrors(s.context);
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => s.matches('editing') && isValid(s.context);
export const selectError = (s: Snapshot) => s.context.error;
export const selectSentMessage = (s: Snapshot) => (s.matches('sent') ? s.context.message : null);
