import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CONTACT_HONEYPOT_FIELD, ContactMessages, contactInputSchema, type ContactInput } from '../../contract/contact.ts';
import { contactService } from '../../services/contact.ts';
import { HttpMessages } from '../../services/http.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';

/** The fields a visitor fills in, in the order the form shows them. */
export const contactFields = ['name', 'email', 'subject', 'message'] as const;
/** Those, and the hidden field only bots fill in (its value is sent as it is, never checked here). */
export const contactFormFields = [...contactFields, CONTACT_HONEYPOT_FIELD] as const;
export type ContactField = (typeof contactFormFields)[number];

export interface ContactContext extends FormState<ContactField> {
  /** What the server said once the message was sent. */
  thanks: string | null;
}

export type ContactEvent = FormEvent<ContactField> | { type: 'form.again' };

const form = formOf<ContactField, ContactContext, ContactEvent>(contactFormFields, (values) =>
  validate(contactInputSchema, values, contactFields),
);

/**
 * The contact form (ConnectWithUs, spec 2 §7): the contract's rules show per field once a field is
 * left (or on an early submit), the server's per-field answer shows next to its field, a refusal
 * for too many messages says so, and a sent message is thanked. "Write another" starts afresh.
 */
export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
  },
  actors: {
    send: fromPromise<string, ContactInput>(async ({ input, signal }) => (await contactService.connect(input, signal)).message),
  },
  actions: {
    ...form.actions,
    failed: assign((_, params: { error: unknown }) => form.failure(params.error, HttpMessages.failed, ContactMessages.tooManyRequests)),
  },
  guards: form.guards,
}).createMachine({
  id: 'contact',
  context: () => ({ ...form.empty(), thanks: null }),
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
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ ...context.values }),
        onDone: { target: 'sent', actions: assign({ thanks: ({ event }) => event.output || ContactMessages.thanks }) },
        onError: { target: 'editing.failed', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      on: {
        // The name and email stay: the same person writing again.
        'form.again': {
          target: 'editing',
          actions: assign(({ context }) => ({
            ...form.empty({ name: context.values.name, email: context.values.email }),
            thanks: null,
          })),
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof contactMachine>;

export const selectValues = (s: Snapshot) => s.context.values;
export const selectFieldErrors = (s: Snapshot) => form.visibleErrors(s.context);
/** Send is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => canSubmit(!s.matches('editing'), form.isValid(s.context));
export const selectError = (s: Snapshot) => s.context.error;
export const selectThanks = (s: Snapshot) => (s.matches('sent') ? s.context.thanks : null);
