import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account-messages.ts';
import { AdminMessages } from '../../contract/admin.ts';
import { adminEmailChangeSchema, adminEmailConfirmSchema, type AdminDetails } from '../../contract/admin-details.ts';
import { adminDetailsService } from '../../services/admin-details.ts';
import { ApiError } from '../../services/http.ts';
import { firstErrors, messagesOf, validate, type FieldErrors } from '../form.ts';

export type EmailChangeField = 'email' | 'code';
const FIELDS: readonly EmailChangeField[] = ['email', 'code'];

export interface EmailChangeContext {
  /** The administrator's details as last read or changed; null until read. */
  details: AdminDetails | null;
  /** The new address typed. */
  email: string;
  /** The code typed (a space for an empty box). */
  code: string;
  /** The address the code went to, while it waits for the code. */
  sentTo: string | null;
  /** A submit of the current step was tried: its unmet rules show. */
  submitted: boolean;
  /** The server's word on a field, until that field changes. */
  serverErrors: FieldErrors<EmailChangeField>;
  /** A refusal that belongs to no field. */
  error: string | null;
  /** Why the details could not be read. */
  loadError: string | null;
  /** What the last step said: the code was sent, or the email is changed. */
  message: string | null;
}

export type EmailChangeEvent =
  | { type: 'email.change'; value: string }
  | { type: 'email.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  /** Send a code to the same address again. */
  | { type: 'code.resend' }
  /** Give another address instead. */
  | { type: 'email.restart' }
  | { type: 'email.retry' };

export type EmailChangeEmitted = { type: 'email.changed'; email: string; message: string };

const same = (a: string, b: string | undefined) => a.trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The rules of the new address: an email (the contract's), and not the one in use. */
export function emailErrors(c: Pick<EmailChangeContext, 'email' | 'details'>): FieldErrors<EmailChangeField> {
  const errors = validate<EmailChangeField>(adminEmailChangeSchema, { email: c.email }, FIELDS);
  if (!errors.email && same(c.email, c.details?.email)) return { email: AdminMessages.emailSame };
  return errors;
}

/** The rule of the code: six digits (the contract's). */
export const codeErrors = (c: Pick<EmailChangeContext, 'code' | 'sentTo'>): FieldErrors<EmailChangeField> =>
  validate<EmailChangeField>(adminEmailConfirmSchema, { email: c.sentTo ?? '', code: c.code }, ['code']);

const fieldErrorsOf = (error: unknown): FieldErrors<EmailChangeField> =>
  error instanceof ApiError
    ? firstErrors(
        Object.entries(error.fieldErrors).map(([field, message]) => ({ path: [field], message })),
        FIELDS,
      )
    : {};

/** A failed call: its word on a field next to that field, the rest above the buttons. */
const failure = (error: unknown) => {
  const serverErrors = fieldErrorsOf(error);
  const shown = new Set(Object.values(serverErrors));
  const rest = messagesOf(error, AccountMessages.generic).filter((m) => !shown.has(m));
  return { serverErrors, error: rest.length && Object.keys(serverErrors).length === 0 ? rest.join(' ') : null };
};

/**
 * Changing the administrator's email (POST RequestEmailChange, ConfirmEmailChange): a new address,
 * checked with the contract, gets a 6-digit code; the code confirms it and the new email is shown.
 * A code may be sent again, or another address given. An address already waiting for its code when
 * the page opens goes straight to the code.
 */
export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    emitted: {} as EmailChangeEmitted,
  },
  actors: {
    load: fromPromise<AdminDetails>(async ({ signal }) => (await adminDetailsService.details({ signal })).data),
    request: fromPromise<string, { email: string }>(async ({ input, signal }) => {
      const res = await adminDetailsService.requestEmailChange(input.email, { signal });
      return res.data || res.message || AdminMessages.emailCodeSent(input.email);
    }),
    confirm: fromPromise<{ details: AdminDetails; message: string }, { email: string; code: string }>(async ({ input, signal }) => {
      const res = await adminDetailsService.confirmEmailChange(input.email, input.code, { signal });
      return { details: res.data.details, message: res.data.message || AdminMessages.emailChanged };
    }),
  },
  guards: {
    pending: (_, { details }: { details: AdminDetails }) => details.pendingEmail !== null,
    emailValid: ({ context }) => Object.keys(emailErrors(context)).length === 0,
    codeValid: ({ context }) => Object.keys(codeErrors(context)).length === 0,
    resending: ({ context }) => context.sentTo !== null,
  },
}).createMachine({
  id: 'emailChange',
  context: {
    details: null,
    email: '',
    code: '',
    sentTo: null,
    submitted: false,
    serverErrors: {},
    error: null,
    loadError: null,
    message: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: { type: 'pending', params: ({ event }) => ({ details: event.output }) },
            target: 'awaitingCode',
            actions: assign(({ event }) => ({
              details: event.output,
              sentTo: event.output.pendingEmail,
              message: AdminMessages.emailCodeSent(event.output.pendingEmail!),
            })),
          },
          { target: 'entering', actions: assign({ details: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic)[0]! }),
        },
      },
    },
    loadFailed: { tags: ['error'], on: { 'email.retry': 'loading' } },
    entering: {
      on: {
        'email.change': {
          actions: assign(({ event }) => ({ email: event.value, serverErrors: {}, error: null, message: null })),
        },
        'email.submit': [{ guard: 'emailValid', target: 'requesting' }, { actions: assign({ submitted: true }) }],
      },
    },
    requesting: {
      tags: ['busy'],
      entry: assign({ serverErrors: {}, error: null, message: null }),
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'awaitingCode',
          actions: assign(({ context, event }) => ({ sentTo: context.email.trim(), message: event.output, code: '', submitted: false })),
        },
        onError: [
          // A code sent again that failed: the code step stays, with why.
          {
            guard: 'resending',
            target: 'awaitingCode',
            actions: assign({ error: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
          },
          { target: 'entering', actions: assign(({ event }) => failure(event.error)) },
        ],
      },
    },
    awaitingCode: {
      on: {
        'code.change': { actions: assign(({ event }) => ({ code: event.value, serverErrors: {}, error: null })) },
        'code.submit': [{ guard: 'codeValid', target: 'confirming' }, { actions: assign({ submitted: true }) }],
        'code.resend': { target: 'requesting', actions: assign(({ context }) => ({ email: context.sentTo! })) },
        'email.restart': {
          target: 'entering',
          actions: assign({ code: '', sentTo: null, submitted: false, serverErrors: {}, error: null, message: null }),
        },
      },
    },
    confirming: {
      tags: ['busy'],
      entry: assign({ serverErrors: {}, error: null }),
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ email: context.sentTo!, code: context.code }),
        onDone: {
          target: 'entering',
          actions: [
            assign(({ event }) => ({
              details: event.output.details,
              email: '',
              code: '',
              sentTo: null,
              submitted: false,
              message: event.output.message,
            })),
            emit(({ event }) => ({ type: 'email.changed' as const, email: event.output.details.email, message: event.output.message })),
          ],
        },
        onError: { target: 'awaitingCode', actions: assign(({ event }) => failure(event.error)) },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof emailChangeMachine>;

/** The messages shown next to the fields: the rules' after a submit of that step, the server's always. */
export const selectEmailErrors = (s: Snap): FieldErrors<EmailChangeField> => ({
  ...(s.context.submitted ? (s.matches('awaitingCode') ? codeErrors(s.context) : s.matches('entering') ? emailErrors(s.context) : {}) : {}),
  ...s.context.serverErrors,
});
/** Which step the section shows: a code sent again keeps the code step. */
export const selectStep = (s: Snap): 'loading' | 'loadFailed' | 'email' | 'code' => {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  return s.matches('awaitingCode') || s.matches('confirming') || (s.matches('requesting') && s.context.sentTo !== null) ? 'code' : 'email';
};
