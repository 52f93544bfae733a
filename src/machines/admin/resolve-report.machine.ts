import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account-messages.ts';
import { resolveReportsSchema, type ReportAction, type ReportGroup } from '../../contract/admin.ts';
import { adminService } from '../../services/admin.ts';
import { ApiError } from '../../services/http.ts';
import { firstErrors, messagesOf, validate, type FieldErrors } from '../form.ts';

export type ResolveField = 'action' | 'note';
const FIELDS: readonly ResolveField[] = ['action', 'note'];

/** Said when no action is chosen: the contract's schema only knows the three actions. */
export const CHOOSE_ACTION = 'Please choose what to do with the reports.';

export interface ResolveReportInput {
  group: ReportGroup;
}

/** What the server answered a resolution: the job's reports as now resolved, and what to tell the admin. */
export interface ResolvedReports {
  group: ReportGroup;
  message: string;
}

export interface ResolveReportContext {
  group: ReportGroup;
  action: ReportAction | null;
  note: string;
  /** A submit was tried: every unmet rule shows. */
  submitted: boolean;
  /** The server's word on a field (400), until that field changes. */
  serverErrors: FieldErrors<ResolveField>;
  /** A refusal that belongs to no field (e.g. "This job has no open reports."). */
  error: string | null;
  resolved: ResolvedReports | null;
}

/** What the queue learns when the dialog closes: the resolution, or null when it was cancelled. */
export interface ResolveReportOutput {
  resolved: ResolvedReports | null;
}

export type ResolveReportEvent =
  | { type: 'action.change'; action: ReportAction }
  | { type: 'note.change'; note: string }
  | { type: 'resolve.submit' }
  | { type: 'dialog.close' };

/** Every unmet rule: an action chosen, and a note of 1 to 1,000 characters (the contract's resolveReportsSchema). */
export function resolveErrors(c: Pick<ResolveReportContext, 'group' | 'action' | 'note'>): FieldErrors<ResolveField> {
  const errors = validate<ResolveField>(
    resolveReportsSchema,
    { jobPostId: c.group.job.id, action: c.action ?? undefined, note: c.note },
    FIELDS,
  );
  return c.action ? errors : { ...errors, action: CHOOSE_ACTION };
}

const fieldErrorsOf = (error: unknown): FieldErrors<ResolveField> =>
  error instanceof ApiError
    ? firstErrors(
        Object.entries(error.fieldErrors).map(([field, message]) => ({ path: [field], message })),
        FIELDS,
      )
    : {};

/**
 * Resolving a job's open reports (POST ResolveReports): dismiss them, close the job, or blacklist its
 * company, with a note; checked with the contract before sending. The dialog cannot be closed while
 * the call is on its way; once resolved it closes and hands the answer to the queue.
 */
export const resolveReportMachine = setup({
  types: {
    input: {} as ResolveReportInput,
    context: {} as ResolveReportContext,
    events: {} as ResolveReportEvent,
    output: {} as ResolveReportOutput,
  },
  actors: {
    resolve: fromPromise<ResolvedReports, { jobPostId: string; action: ReportAction; note: string }>(async ({ input, signal }) => {
      const res = await adminService.resolveReports(input, { signal });
      return { group: res.data.group, message: res.data.message || res.message };
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(resolveErrors(context)).length === 0,
    fieldErrors: (_, { error }: { error: unknown }) => Object.keys(fieldErrorsOf(error)).length > 0,
  },
}).createMachine({
  id: 'resolveReport',
  context: ({ input }) => ({
    group: input.group,
    action: null,
    note: '',
    submitted: false,
    serverErrors: {},
    error: null,
    resolved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'action.change': {
          actions: assign(({ context, event }) => ({
            action: event.action,
            serverErrors: { ...(context.serverErrors.note && { note: context.serverErrors.note }) },
            error: null,
          })),
        },
        'note.change': {
          actions: assign(({ context, event }) => ({
            note: event.note,
            serverErrors: { ...(context.serverErrors.action && { action: context.serverErrors.action }) },
            error: null,
          })),
        },
        'resolve.submit': [{ guard: 'valid', target: 'submitting' }, { actions: assign({ submitted: true }) }],
        'dialog.close': 'closed',
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ submitted: true, serverErrors: {}, error: null }),
      invoke: {
        id: 'resolve',
        src: 'resolve',
        input: ({ context }) => ({ jobPostId: context.group.job.id, action: context.action!, note: context.note.trim() }),
        onDone: { target: 'closed', actions: assign({ resolved: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'fieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ serverErrors: ({ event }) => fieldErrorsOf(event.error) }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }) },
        ],
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ resolved: context.resolved }),
});

export type ResolveReportActorRef = ActorRefFrom<typeof resolveReportMachine>;
type Snap = SnapshotFrom<typeof resolveReportMachine>;

/** The messages shown next to the fields: the rules' after a submit, the server's always. */
export const selectResolveErrors = (s: Snap): FieldErrors<ResolveField> => ({
  ...(s.context.submitted ? resolveErrors(s.context) : {}),
  ...s.context.serverErrors,
});
