import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { JobAlertMessages, type AlertFrequency, type MyJobAlert } from '../../contract/job-alerts.ts';
import { ApiError, HttpMessages } from '../../services/http.ts';
import { jobAlertsService } from '../../services/job-alerts.ts';
import { messagesOf } from '../form.ts';

export interface JobAlertsContext {
  /** The seeker's alerts, newest first, as the server lists them. */
  alerts: MyJobAlert[];
  /** The alert a change or a deletion is under way for. */
  busyId: string | null;
  /** The frequency being saved. */
  frequency: AlertFrequency | null;
  /** The alert waiting for the seeker to confirm its deletion. */
  removing: MyJobAlert | null;
  /** Why the last change or deletion failed. */
  error: string | null;
}

export type JobAlertsEvent =
  | { type: 'alerts.retry' }
  | { type: 'alert.frequency'; id: string; frequency: AlertFrequency }
  | { type: 'alert.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type JobAlertsEmitted = { type: 'jobAlerts.changed'; message: string };

/** An alert that is gone (deleted elsewhere, or from its mail's link) reads as not found. */
const gone = (error: unknown) => error instanceof ApiError && error.status === 404;
const failureOf = (error: unknown) => (gone(error) ? JobAlertMessages.notFound : messagesOf(error, HttpMessages.failed).join(' '));
const without = (alerts: MyJobAlert[], id: string | null) => alerts.filter((a) => a.id !== id);

/**
 * A job seeker's job alerts in settings (myJobAlerts): read, then one change at a time: how often
 * an alert is sent (updateJobAlert), or its deletion once confirmed (deleteJobAlert). Each done
 * change is told (`jobAlerts.changed`); an alert the server no longer has leaves the list.
 */
export const jobAlertsMachine = setup({
  types: {
    context: {} as JobAlertsContext,
    events: {} as JobAlertsEvent,
    emitted: {} as JobAlertsEmitted,
  },
  actors: {
    load: fromPromise<MyJobAlert[]>(async ({ signal }) => (await jobAlertsService.mine(signal)).data),
    update: fromPromise<MyJobAlert, { id: string; frequency: AlertFrequency }>(
      async ({ input, signal }) => (await jobAlertsService.update(input.id, input.frequency, signal)).data,
    ),
    remove: fromPromise<void, { id: string }>(async ({ input, signal }) => {
      await jobAlertsService.remove(input.id, signal);
    }),
  },
  guards: {
    /** A known alert, to another frequency than its own. */
    changes: ({ context, event }) => {
      assertEvent(event, 'alert.frequency');
      const alert = context.alerts.find((a) => a.id === event.id);
      return !!alert && alert.frequency !== event.frequency;
    },
    knows: ({ context, event }) => {
      assertEvent(event, 'alert.delete');
      return context.alerts.some((a) => a.id === event.id);
    },
    gone: (_, params: { error: unknown }) => gone(params.error),
  },
}).createMachine({
  id: 'jobAlerts',
  context: { alerts: [], busyId: null, frequency: null, removing: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ alerts: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'alerts.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'alert.frequency': {
              guard: 'changes',
              target: 'updating',
              actions: assign({ busyId: ({ event }) => event.id, frequency: ({ event }) => event.frequency, error: null }),
            },
            'alert.delete': {
              guard: 'knows',
              target: 'confirming',
              actions: assign({ removing: ({ context, event }) => context.alerts.find((a) => a.id === event.id) ?? null, error: null }),
            },
          },
        },
        updating: {
          tags: ['busy'],
          invoke: {
            id: 'update',
            src: 'update',
            input: ({ context }) => ({ id: context.busyId!, frequency: context.frequency! }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  alerts: ({ context, event }) => context.alerts.map((a) => (a.id === event.output.id ? event.output : a)),
                  busyId: null,
                  frequency: null,
                }),
                emit({ type: 'jobAlerts.changed', message: JobAlertMessages.updated }),
              ],
            },
            onError: [
              {
                guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  alerts: without(context.alerts, context.busyId),
                  busyId: null,
                  frequency: null,
                  error: failureOf(event.error),
                })),
              },
              {
                target: 'idle',
                actions: assign({ busyId: null, frequency: null, error: ({ event }) => failureOf(event.error) }),
              },
            ],
          },
        },
        confirming: {
          on: {
            'delete.confirm': { target: 'deleting', actions: assign({ busyId: ({ context }) => context.removing!.id }) },
            'delete.cancel': { target: 'idle', actions: assign({ removing: null }) },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ id: context.busyId! }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({ alerts: without(context.alerts, context.busyId), busyId: null, removing: null })),
                emit({ type: 'jobAlerts.changed', message: JobAlertMessages.deleted }),
              ],
            },
            onError: [
              {
                // Already gone: the list no longer shows it, as the seeker wanted.
                guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  alerts: without(context.alerts, context.busyId),
                  busyId: null,
                  removing: null,
                  error: failureOf(event.error),
                })),
              },
              {
                target: 'idle',
                actions: assign({ busyId: null, removing: null, error: ({ event }) => failureOf(event.error) }),
              },
            ],
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof jobAlertsMachine>;

export const selectAlerts = (s: Snapshot) => s.context.alerts;
/** The frequency an alert shows: the one being saved while it is. */
export const selectShownFrequency = (s: Snapshot, alert: MyJobAlert) =>
  s.context.busyId === alert.id && s.context.frequency ? s.context.frequency : alert.frequency;
export const selectRemoving = (s: Snapshot) => (s.matches({ ready: 'confirming' }) ? s.context.removing : null);
export const selectError = (s: Snapshot) => s.context.error;
