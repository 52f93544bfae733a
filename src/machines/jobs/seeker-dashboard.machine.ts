import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MatchedJob, SeekerDashboardCount } from '../../contract/jobs.ts';
import { jobsService } from '../../services/jobs.ts';

/** "Jobs for you" on the dashboard: the best matches, the first of the matched list. */
export const DASHBOARD_MATCHES = 5;

export interface SeekerDashboardContext {
  counts: SeekerDashboardCount | null;
  /** The best matched jobs. */
  jobs: MatchedJob[];
}

export type SeekerDashboardEvent =
  | { type: 'counts.retry' }
  | { type: 'matches.retry' }
  /** A job's Save toggle changed, as the server confirmed. */
  | { type: 'job.saveChanged'; jobId: string; isSaved: boolean };

/**
 * The job seeker's dashboard (spec 2 §7 DashboardCount and matched-list): how many jobs were
 * applied to, saved and matched, the applications by status, and the best matched jobs. The two
 * are read side by side, so one failing leaves the other shown; a save here counts at once.
 */
export const seekerDashboardMachine = setup({
  types: {
    context: {} as SeekerDashboardContext,
    events: {} as SeekerDashboardEvent,
  },
  actors: {
    counts: fromPromise<SeekerDashboardCount>(async ({ signal }) => (await jobsService.dashboardCount(signal)).data),
    matches: fromPromise<MatchedJob[]>(
      async ({ signal }) =>
        (await jobsService.matched({ pageNumber: 1, pageSize: DASHBOARD_MATCHES, ascending: false }, signal)).data.items,
    ),
  },
  guards: {
    known: ({ context, event }) => {
      assertEvent(event, 'job.saveChanged');
      return context.jobs.some((j) => j.id === event.jobId && j.userActions.isSaved !== event.isSaved);
    },
  },
}).createMachine({
  id: 'seekerDashboard',
  type: 'parallel',
  context: { counts: null, jobs: [] },
  on: {
    'job.saveChanged': {
      guard: 'known',
      actions: assign(({ context, event }) => ({
        jobs: context.jobs.map((j) => (j.id === event.jobId ? { ...j, userActions: { ...j.userActions, isSaved: event.isSaved } } : j)),
        counts: context.counts && { ...context.counts, savedJobs: Math.max(0, context.counts.savedJobs + (event.isSaved ? 1 : -1)) },
      })),
    },
  },
  states: {
    counts: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'counts',
            src: 'counts',
            onDone: { target: 'loaded', actions: assign({ counts: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { tags: ['error'], on: { 'counts.retry': 'loading' } },
      },
    },
    matches: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'matches',
            src: 'matches',
            onDone: { target: 'loaded', actions: assign({ jobs: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { tags: ['error'], on: { 'matches.retry': 'loading' } },
      },
    },
  },
});
