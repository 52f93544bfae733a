import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { inviteRecruiterSchema, type Recruiter } from '../../contract/staff.ts';
import { staffService } from '../../services/staff.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';

export const inviteFields = ['email', 'firstName', 'lastName', 'jobTitle'] as const;
export type InviteField = (typeof inviteFields)[number];

export interface Invited {
  recruiter: Recruiter;
  resent: boolean;
  message: string;
}

export type InviteContext = FormState<InviteField>;
export type InviteEvent = FormEvent<InviteField>;
export type InviteEmitted = { type: 'invitation.sent' } & Invited;

const form = formOf<InviteField, InviteContext, InviteEvent>(inviteFields, (values) =>
  validate(inviteRecruiterSchema, values, inviteFields),
);

/**
 * The invite dialog of the staff page: an email, and optionally the recruiter's name and title.
 * Sent once valid; the server's word on a field (own email, an address with an account) shows
 * next to it. A sent invitation is announced to the staff list and ends the dialog.
 */
export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    emitted: {} as InviteEmitted,
  },
  actors: {
    send: fromPromise<Invited, Record<InviteField, string>>(async ({ input, signal }) => {
      const res = await staffService.invite(input, signal);
      return { ...res.data, message: res.message };
    }),
  },
  actions: form.actions,
  guards: form.guards,
}).createMachine({
  id: 'inviteRecruiter',
  context: form.empty(),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': { target: '.idle', actions: { type: 'changeField', params: ({ event }) => event } },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'form.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'touchAll' }],
      },
      states: {
        idle: {},
        failed: {
          tags: ['error'],
          always: { guard: 'nothingToShow', target: 'idle' },
        },
      },
    },
    sending: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => context.values,
        onDone: { target: 'sent', actions: emit(({ event }) => ({ type: 'invitation.sent' as const, ...event.output })) },
        onError: { target: 'editing.failed', actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)) },
      },
    },
    sent: { type: 'final' },
  },
});

type Snap = SnapshotFrom<typeof inviteMachine>;

export const selectInviteErrors = (s: Snap) => form.visibleErrors(s.context);
/** Send is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanInvite = (s: Snap) => canSubmit(!s.matches('editing'), form.isValid(s.context));
