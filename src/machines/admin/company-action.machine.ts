import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account-messages.ts';
import { toggleActiveSchema, toggleBlacklistSchema, type CompanyActionAnswer } from '../../contract/admin.ts';
import { adminService } from '../../services/admin.ts';
import { formOf, validate, type FieldErrors, type FormState } from '../form.ts';

/** What an administrator can do to a company, each naming the state it leads to. */
export const companyActions = ['deactivate', 'activate', 'blacklist', 'whitelist'] as const;
export type CompanyAction = (typeof companyActions)[number];

type ReasonField = 'reason';
const FIELDS: readonly ReasonField[] = ['reason'];

export interface CompanyActionInput {
  companyId: string;
  action: CompanyAction;
}

/** The call of an action: ToggleforActive or ToggleforBlacklist, naming the state wanted. */
export interface CompanyActionRequest extends CompanyActionInput {
  reason: string;
}

export interface CompanyActionContext extends CompanyActionInput {
  reason: string;
  /** A submit was tried: the reason's rule shows. */
  submitted: boolean;
  /** The server's word on the reason (400), until it changes. */
  serverErrors: FieldErrors<ReasonField>;
  /** Why the call failed, when it is not the reason's fault. */
  error: string | null;
  answer: CompanyActionAnswer | null;
}

/** What the page learns when the dialog ends: the company's new state and the words to toast, or nothing when cancelled. */
export interface CompanyActionOutput {
  answer: CompanyActionAnswer | null;
}

export type CompanyActionEvent = { type: 'reason.change'; reason: string } | { type: 'action.submit' } | { type: 'dialog.close' };

/** The call's body as the contract reads it. */
export const bodyOf = (c: CompanyActionRequest) =>
  c.action === 'deactivate' || c.action === 'activate'
    ? { companyId: c.companyId, reason: c.reason, active: c.action === 'activate' }
    : { companyId: c.companyId, reason: c.reason, blacklisted: c.action === 'blacklist' };

/** The contract's rule for the reason: required, up to 500 characters (AdminMessages.reason). */
export const reasonErrors = (c: CompanyActionRequest): FieldErrors<ReasonField> =>
  validate(c.action === 'deactivate' || c.action === 'activate' ? toggleActiveSchema : toggleBlacklistSchema, bodyOf(c), FIELDS);

/** Splits a failed call: the server's word on the reason, and the rest. */
const form = formOf<ReasonField, FormState<ReasonField>>(FIELDS, () => ({}));

/**
 * Deactivating, activating, blacklisting or whitelisting a company, in a dialog that asks for the
 * reason (required, up to 500 characters, checked with the contract before sending). The call
 * names the state wanted, so sending twice changes nothing. A failure on the reason shows at the
 * field; any other failure says why and lets the administrator try again. The dialog ends with the
 * server's answer (done) or without one (closed).
 */
export const companyActionMachine = setup({
  types: {
    input: {} as CompanyActionInput,
    context: {} as CompanyActionContext,
    events: {} as CompanyActionEvent,
    output: {} as CompanyActionOutput,
  },
  actors: {
    send: fromPromise<CompanyActionAnswer, CompanyActionRequest>(async ({ input, signal }) => {
      const { companyId, reason, action } = input;
      const result =
        action === 'deactivate' || action === 'activate'
          ? await adminService.setActive({ companyId, reason, active: action === 'activate' }, { signal })
          : await adminService.setBlacklisted({ companyId, reason, blacklisted: action === 'blacklist' }, { signal });
      return result.data;
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(reasonErrors(context)).length === 0,
    onTheReason: (_, { error }: { error: unknown }) => Object.keys(form.failure(error, '').serverErrors).length > 0,
  },
}).createMachine({
  id: 'companyAction',
  context: ({ input }) => ({
    companyId: input.companyId,
    action: input.action,
    reason: '',
    submitted: false,
    serverErrors: {},
    error: null,
    answer: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'reason.change': { actions: assign({ reason: ({ event }) => event.reason, serverErrors: {} }) },
        'action.submit': [{ guard: 'valid', target: 'submitting' }, { actions: assign({ submitted: true }) }],
        'dialog.close': 'closed',
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ submitted: true, serverErrors: {}, error: null }),
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ companyId: context.companyId, action: context.action, reason: context.reason.trim() }),
        onDone: { target: 'done', actions: assign({ answer: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'onTheReason', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ serverErrors: ({ event }) => form.failure(event.error, '').serverErrors }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => form.failure(event.error, AccountMessages.generic).error }) },
        ],
      },
    },
    /** The call failed for another reason than the reason given: try again, change it, or cancel. */
    failed: {
      tags: ['error'],
      on: {
        'action.submit': { guard: 'valid', target: 'submitting' },
        'reason.change': { target: 'editing', actions: assign({ reason: ({ event }) => event.reason, error: null }) },
        'dialog.close': 'closed',
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ answer: context.answer }),
});

export type CompanyActionActorRef = ActorRefFrom<typeof companyActionMachine>;
type Snap = SnapshotFrom<typeof companyActionMachine>;

/** The message next to the reason: the rule's after a submit, the server's always. */
export const selectReasonError = (s: Snap): string | undefined =>
  s.context.serverErrors.reason ?? (s.context.submitted ? reasonErrors(s.context).reason : undefined);
export const selectFailure = (s: Snap) => (s.matches('failed') ? s.context.error : null);
