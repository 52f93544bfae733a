import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account-messages.ts';
import { reportInputSchema, type ReportInput, type ReportReason } from '../../contract/jobs.ts';
import { jobsService } from '../../services/jobs.ts';
import { ApiError } from '../../services/http.ts';
import { firstErrors, messagesOf, validate, type FieldErrors } from '../form.ts';

export type ReportField = 'reason' | 'details';
const FIELDS: readonly ReportField[] = ['reason', 'details'];

export interface ReportJobInput {
  jobId: string;
}

export interface ReportJobContext {
  jobId: string;
  reason: ReportReason | null;
  details: string;
  /** A submit was tried: every unmet rule shows. */
  submitted: boolean;
  /** The server's word on a field (400), until that field changes. */
  serverErrors: FieldErrors<ReportField>;
  /** A failure to try again. */
  error: string | null;
  /** The server took the report. */
  reported: boolean;
}

/** What the page learns when the dialog closes: whether the job is now reported. */
export interface ReportJobOutput {
  reported: boolean;
}

export type ReportJobEvent =
  | { type: 'reason.change'; reason: ReportReason }
  | { type: 'details.change'; details: string }
  | { type: 'report.submit' }
  | { type: 'dialog.close' };

/** The report as the contract reads it. */
export const reportOf = (c: Pick<ReportJobContext, 'reason' | 'details'>): ReportInput => ({
  reason: c.reason as ReportReason,
  details: c.details,
});

/** Every unmet rule of the contract: a reason from the list, and a description for "other" (up to 1,000 characters). */
export const reportErrors = (c: Pick<ReportJobContext, 'reason' | 'details'>): FieldErrors<ReportField> =>
  validate(reportInputSchema, reportOf(c), FIELDS);

const fieldErrorsOf = (error: unknown): FieldErrors<ReportField> =>
  error instanceof ApiError && error.code === 'request.invalid'
    ? firstErrors(
        Object.entries(error.fieldErrors).map(([field, message]) => ({ path: [field], message })),
        FIELDS,
      )
    : {};

/**
 * Reporting a job (spec 2 §7 ReportJob): a reason from the list and, for "something else", a
 * description; checked with the contract before sending. Once sent the dialog thanks the seeker,
 * and closing it tells the page the job is reported.
 */
export const reportJobMachine = setup({
  types: {
    input: {} as ReportJobInput,
    context: {} as ReportJobContext,
    events: {} as ReportJobEvent,
    output: {} as ReportJobOutput,
  },
  actors: {
    report: fromPromise<void, { jobId: string; report: ReportInput }>(async ({ input, signal }) => {
      await jobsService.report(input.jobId, input.report, signal);
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(reportErrors(context)).length === 0,
    fieldErrors: (_, { error }: { error: unknown }) => Object.keys(fieldErrorsOf(error)).length > 0,
  },
}).createMachine({
  id: 'reportJob',
  context: ({ input }) => ({
    jobId: input.jobId,
    reason: null,
    details: '',
    submitted: false,
    serverErrors: {},
    error: null,
    reported: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'reason.change': {
          actions: assign(({ context, event }) => ({
            reason: event.reason,
            serverErrors: { ...(context.serverErrors.details && { details: context.serverErrors.details }) },
            error: null,
          })),
        },
        'details.change': {
          actions: assign(({ context, event }) => ({
            details: event.details,
            serverErrors: { ...(context.serverErrors.reason && { reason: context.serverErrors.reason }) },
            error: null,
          })),
        },
        'report.submit': [{ guard: 'valid', target: 'submitting' }, { actions: assign({ submitted: true }) }],
        'dialog.close': 'closed',
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ submitted: true, serverErrors: {}, error: null }),
      invoke: {
        id: 'report',
        src: 'report',
        input: ({ context }) => ({ jobId: context.jobId, report: reportOf(context) }),
        onDone: { target: 'sent', actions: assign({ reported: true }) },
        onError: [
          {
            guard: { type: 'fieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ serverErrors: ({ event }) => fieldErrorsOf(event.error) }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => messagesOf(event.error, AccountMessages.generic)[0]! }) },
        ],
      },
    },
    /** Thanked; the page marks the job reported when the dialog closes. */
    sent: {
      on: { 'dialog.close': 'closed' },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ reported: context.reported }),
});

export type ReportJobActorRef = ActorRefFrom<typeof reportJobMachine>;
type Snap = SnapshotFrom<typeof reportJobMachine>;

/** The messages shown next to the fields: the rules' after a submit, the server's always. */
export const selectReportErrors = (s: Snap): FieldErrors<ReportField> => ({
  ...(s.context.submitted ? reportErrors(s.context) : {}),
  ...s.context.serverErrors,
});
