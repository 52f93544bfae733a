import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages, resetPasswordFormSchema } from '../../contract/account.ts';
import { accountService } from '../../services/account.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';

export const resetPasswordFields = ['newPassword', 'retypePassword'] as const;
export type ResetPasswordField = (typeof resetPasswordFields)[number];

export interface ResetPasswordContext extends FormState<ResetPasswordField> {
  /** From the emailed link's query parameters. */
  token: string;
  email: string;
  /** What the server said once the password was reset. */
  message: string | null;
}

export type ResetPasswordEvent = FormEvent<ResetPasswordField>;
export type ResetPasswordEmitted = { type: 'navigate'; to: string } | { type: 'notify'; message: string };

export interface ResetPasswordInput {
  token?: string | null;
  email?: string | null;
}

export interface ResetResult {
  status: number;
  message: string;
}

const form = formOf<ResetPasswordField, ResetPasswordContext, ResetPasswordEvent>(resetPasswordFields, (values, { token, email }) =>
  validate(resetPasswordFormSchema, { token, email, ...values }, resetPasswordFields),
);

/** Reset password (spec 1 §4, §5): token and email come from the link; success (200) goes to login. */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    emitted: {} as ResetPasswordEmitted,
    input: {} as ResetPasswordInput | undefined,
  },
  actors: {
    resetPassword: fromPromise<ResetResult, { token: string; email: string; newPassword: string }>(async ({ input, signal }) => {
      const res = await accountService.resetPassword(input, signal);
      return { status: res.status, message: res.message || res.data };
    }),
  },
  actions: form.actions,
  guards: {
    hasLink: ({ context }) => context.token !== '' && context.email !== '',
    ...form.guards,
    isOk: (_, result: ResetResult) => result.status === 200,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => {
    const link = { token: input?.token?.trim() ?? '', email: input?.email?.trim() ?? '' };
    return { ...form.empty({}, link), ...link, message: null };
  },
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'hasLink', target: 'editing' }, { target: 'invalidLink' }],
    },
    // A link without its token or email can never work: say so instead of offering the form.
    invalidLink: {
      tags: ['error'],
    },
    editing: {
      initial: 'idle',
      on: {
        'field.change': { actions: { type: 'changeField', params: ({ event }) => event } },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'form.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'touchAll' }],
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
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, email: context.email, newPassword: context.values.newPassword }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              assign({ message: ({ event }) => event.output.message || AccountMessages.passwordReset }),
              emit(({ context }) => ({ type: 'notify' as const, message: context.message! })),
              emit({ type: 'navigate', to: '/login' }),
            ],
          },
          { target: 'editing.failed', actions: assign({ error: AccountMessages.resetLinkInvalid }) },
        ],
        onError: {
          target: 'editing.failed',
          actions: assign(({ event }) => form.failure(event.error, AccountMessages.resetLinkInvalid)),
        },
      },
    },
    done: {},
  },
});

type Snapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectFieldErrors = (s: Snapshot) => form.visibleErrors(s.context);
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => canSubmit(!s.matches('editing'), form.isValid(s.context));
export const selectError = (s: Snapshot) => (s.matches('invalidLink') ? AccountMessages.resetLinkInvalid : s.context.error);
export const selectLinkValid = (s: Snapshot) => !s.matches('invalidLink');
export const selectDoneMessage = (s: Snapshot) => (s.matches('done') ? s.context.message : null);
