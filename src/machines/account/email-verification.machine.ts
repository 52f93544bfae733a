import { assign, fromPromise, setup } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { accountService } from '../../services/account.ts';
import { errorsOf } from './api-errors.ts';

/** The link's query parameters (spec 1 §2: token and email). */
export interface EmailVerificationInput {
  token?: string | null;
  email?: string | null;
}

export interface EmailVerificationContext {
  token: string;
  email: string;
  /** What the server said on success. */
  message: string | null;
  /** Why it failed; the first is shown, more add a contact-support link (spec 1 §8). */
  errors: string[];
}

export const emailVerificationMachine = setup({
  types: {
    context: {} as EmailVerificationContext,
    input: {} as EmailVerificationInput,
  },
  actors: {
    verifyEmail: fromPromise<string, { email: string; token: string }>(async ({ input, signal }) => {
      const res = await accountService.verifyEmail(input, signal);
      return res.data || res.message;
    }),
  },
  guards: {
    hasLink: ({ context }) => context.token.length > 0 && context.email.length > 0,
  },
}).createMachine({
  id: 'emailVerification',
  context: ({ input }) => ({
    token: input.token?.trim() ?? '',
    email: input.email?.trim() ?? '',
    message: null,
    errors: [],
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasLink', target: 'verifying' },
        // A link without its token or email cannot be checked: say so rather than call.
        { target: 'failure', actions: assign({ errors: [AccountMessages.emailLinkInvalid] }) },
      ],
    },
    verifying: {
      tags: ['loading'],
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ email: context.email, token: context.token }),
        onDone: {
          target: 'success',
          actions: assign({ message: ({ event }) => event.output || AccountMessages.emailVerified }),
        },
        onError: { target: 'failure', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    success: { type: 'final', tags: ['success'] },
    failure: { type: 'final', tags: ['error'] },
  },
});

type Snapshot = { context: EmailVerificationContext; hasTag: (tag: 'loading' | 'error' | 'success') => boolean };

export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectMessage = (s: Snapshot) => s.context.message;
export const selectErrors = (s: Snapshot) => s.context.errors;
