import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages, type SessionData } from '../../contract/account.ts';
import { homeFor } from '../../contract/roles.ts';
import { acceptInvitationFormSchema, InvitationMessages, type Invitation } from '../../contract/invitations.ts';
import type { OutcomeCode } from '../../contract/outcome-codes.ts';
import { codeOf } from '../../services/http.ts';
import { invitationService } from '../../services/invitations.ts';
import { canSubmit, formOf, messagesOf, validate, type FormEvent, type FormState } from '../form.ts';

export const acceptFields = ['firstName', 'lastName', 'password', 'confirmPassword', 'acceptTerms'] as const;
export type AcceptField = (typeof acceptFields)[number];

/** The link's query parameter. */
export interface AcceptInvitationInput {
  token?: string | null;
}

export interface AcceptInvitationContext extends FormState<AcceptField> {
  token: string;
  invitation: Invitation | null;
  /** Why the link cannot be used (expired, used, revoked…): the page says so instead of the form. */
  problem: string | null;
}

export type AcceptInvitationEvent = FormEvent<AcceptField> | { type: 'invitation.retry' };

export type AcceptInvitationEmitted =
  { type: 'signedIn'; data: SessionData } | { type: 'navigate'; to: string } | { type: 'notify'; message: string };

/** The terms box travels as a text field: "true" when ticked. */
export const TICKED = 'true';

const form = formOf<AcceptField, AcceptInvitationContext, AcceptInvitationEvent>(acceptFields, (values) =>
  validate(acceptInvitationFormSchema, { ...values, acceptTerms: values.acceptTerms === TICKED }, acceptFields),
);

/** Answers that mean the link itself is no good: unknown, gone, or its address has an account now. */
const unusableLink = new Set<OutcomeCode | null>([
  'invitation.notFound',
  'invitation.gone',
  'invitation.companyUnavailable',
  'invitation.emailHasAccount',
]);
const linkUnusable = (error: unknown) => unusableLink.has(codeOf(error));

/**
 * The accept-invitation page: the link's invitation is read (company, email, who sent it); the
 * invitee chooses a name and a password; accepting signs them in as the company's recruiter and
 * takes them to their dashboard, as a sign-in does.
 */
export const acceptInvitationMachine = setup({
  types: {
    context: {} as AcceptInvitationContext,
    input: {} as AcceptInvitationInput,
    events: {} as AcceptInvitationEvent,
    emitted: {} as AcceptInvitationEmitted,
  },
  actors: {
    lookup: fromPromise<Invitation, { token: string }>(
      async ({ input, signal }) => (await invitationService.invitation(input.token, signal)).data,
    ),
    accept: fromPromise<SessionData, { token: string; values: Record<AcceptField, string> }>(async ({ input, signal }) => {
      const { firstName, lastName, password } = input.values;
      return (await invitationService.acceptInvitation({ token: input.token, firstName, lastName, password, acceptTerms: true }, signal))
        .data;
    }),
  },
  actions: form.actions,
  guards: {
    ...form.guards,
    hasToken: ({ context }) => context.token.length > 0,
    linkUnusable: (_, { error }: { error: unknown }) => linkUnusable(error),
  },
}).createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({ ...form.empty(), token: input.token?.trim() ?? '', invitation: null, problem: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasToken', target: 'loading' },
        // A link without its token cannot be checked: say so rather than call.
        { target: 'unusable', actions: assign({ problem: InvitationMessages.invitationInvalid }) },
      ],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'form',
          // The names the employer gave are a start; the invitee may change them.
          actions: assign(({ event }) => ({
            ...form.empty({ firstName: event.output.firstName, lastName: event.output.lastName }),
            invitation: event.output,
          })),
        },
        onError: [
          {
            guard: { type: 'linkUnusable', params: ({ event }) => ({ error: event.error }) },
            target: 'unusable',
            actions: assign({ problem: ({ event }) => messagesOf(event.error, InvitationMessages.invitationInvalid)[0]! }),
          },
          { target: 'loadFailed', actions: assign({ problem: ({ event }) => messagesOf(event.error, AccountMessages.generic)[0]! }) },
        ],
      },
    },
    /** The invitation could not be read (network, server): try again. */
    loadFailed: {
      tags: ['error'],
      on: { 'invitation.retry': { target: 'loading', actions: assign({ problem: null }) } },
    },
    /** The link is no good; the page says why. */
    unusable: { tags: ['error'] },
    form: {
      initial: 'idle',
      on: {
        'field.change': { target: '.idle', actions: { type: 'changeField', params: ({ event }) => event } },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'form.submit': [{ guard: 'isValid', target: 'accepting' }, { actions: 'touchAll' }],
      },
      states: {
        idle: {},
        failed: {
          tags: ['error'],
          always: { guard: 'nothingToShow', target: 'idle' },
        },
      },
    },
    accepting: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ token: context.token, values: context.values }),
        onDone: {
          target: 'signedIn',
          // The view forwards `signedIn` to the session actor, then follows `navigate`.
          actions: enqueueActions(({ context, event, enqueue }) => {
            const data = event.output;
            enqueue.emit({ type: 'signedIn', data });
            if (context.invitation) enqueue.emit({ type: 'notify', message: InvitationMessages.welcome(context.invitation.companyName) });
            enqueue.emit({ type: 'navigate', to: homeFor(data.users.role) });
          }),
        },
        onError: [
          {
            guard: { type: 'linkUnusable', params: ({ event }) => ({ error: event.error }) },
            target: 'unusable',
            actions: assign({ problem: ({ event }) => messagesOf(event.error, InvitationMessages.invitationInvalid)[0]! }),
          },
          { target: 'form.failed', actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)) },
        ],
      },
    },
    /** Signed in; on the way to the dashboard. */
    signedIn: { type: 'final', tags: ['busy'] },
  },
});

type Snap = SnapshotFrom<typeof acceptInvitationMachine>;

export const selectAcceptErrors = (s: Snap) => form.visibleErrors(s.context);
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanAccept = (s: Snap) => canSubmit(!s.matches('form'), form.isValid(s.context));
