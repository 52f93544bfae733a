import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ContactMessages, subscribeInputSchema, type JobAlert, type SubscribeInput } from '../../contract/contact.ts';
import { JobAlertMessages, MAX_ALERT_PLACE_NAME, type AlertFrequency } from '../../contract/job-alerts.ts';
import { contactService } from '../../services/contact.ts';
import { HttpMessages } from '../../services/http.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';

/** What the alert looks for: the search on screen when the dialog opened. */
export interface JobAlertCriteria {
  keyword: string | null;
  /** The place's name as the search shows it ("Vancouver, WA"); null without a place. */
  placeName: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
}

export interface JobAlertInput {
  criteria: JobAlertCriteria;
  /** The signed-in user's email, filled in; empty for a visitor. */
  email?: string | null;
}

/** The fields the dialog shows, in its order. */
export const jobAlertFields = ['email', 'frequency'] as const;
export type JobAlertField = (typeof jobAlertFields)[number];

export interface JobAlertContext extends FormState<JobAlertField> {
  criteria: JobAlertCriteria;
  /** What the server's answer means for the subscriber, once it answered. */
  done: string | null;
}

export type JobAlertEvent = FormEvent<JobAlertField>;

/** The request as the contract reads it: the criteria, the typed address and the chosen frequency. */
export const subscribeRequestOf = (criteria: JobAlertCriteria, values: Record<JobAlertField, string>): SubscribeInput => ({
  ...criteria,
  placeName: criteria.placeName?.slice(0, MAX_ALERT_PLACE_NAME) ?? null,
  email: values.email,
  frequency: values.frequency as AlertFrequency,
});

const form = formOf<JobAlertField, JobAlertContext, JobAlertEvent>(jobAlertFields, (values, context) =>
  validate(subscribeInputSchema, subscribeRequestOf(context.criteria!, values), jobAlertFields),
);

/** On at once for a signed-in job seeker's own address; otherwise it starts when the mail's link is followed. */
export const doneMessageOf = (alert: Pick<JobAlert, 'confirmed'>) =>
  alert.confirmed ? JobAlertMessages.subscribedConfirmed : JobAlertMessages.checkEmail;

/**
 * "Email me jobs like these" (Subscribe, contract/contact.ts): the search on screen becomes a job
 * alert for an address, daily or weekly. The contract's rules show per field once a field is left
 * (or on an early submit), the server's per-field answer next to its field, a refusal for too many
 * requests in the product's words; the answer says whether the alert is on or waits for the mail.
 */
export const jobAlertMachine = setup({
  types: {
    context: {} as JobAlertContext,
    events: {} as JobAlertEvent,
    input: {} as JobAlertInput,
  },
  actors: {
    subscribe: fromPromise<JobAlert, SubscribeInput>(async ({ input, signal }) => (await contactService.subscribe(input, signal)).data),
  },
  actions: {
    ...form.actions,
    failed: assign((_, params: { error: unknown }) => form.failure(params.error, HttpMessages.failed, ContactMessages.tooManyRequests)),
  },
  guards: form.guards,
}).createMachine({
  id: 'jobAlert',
  context: ({ input }) => ({
    ...form.empty({ email: input.email ?? '', frequency: 'daily' }, { criteria: input.criteria }),
    criteria: input.criteria,
    done: null,
  }),
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
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => subscribeRequestOf(context.criteria, context.values),
        onDone: { target: 'subscribed', actions: assign({ done: ({ event }) => doneMessageOf(event.output) }) },
        onError: { target: 'editing.failed', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    subscribed: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof jobAlertMachine>;

export const selectValues = (s: Snapshot) => s.context.values;
export const selectFrequency = (s: Snapshot) => s.context.values.frequency as AlertFrequency;
export const selectFieldErrors = (s: Snapshot) => form.visibleErrors(s.context);
/** Subscribe is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => canSubmit(!s.matches('editing'), form.isValid(s.context));
export const selectError = (s: Snapshot) => s.context.error;
export const selectDone = (s: Snapshot) => (s.matches('subscribed') ? s.context.done : null);
