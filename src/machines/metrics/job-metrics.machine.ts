import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { JobMetrics } from '../../contract/metrics.ts';
import { metricsService } from '../../services/metrics.ts';
import type { DateRange } from './date-range.machine.ts';
import { metricsErrors, sameRange } from './load-errors.ts';

export interface JobMetricsInput extends DateRange {
  jobPostId: string;
}

export interface JobMetricsContext {
  jobPostId: string;
  /** The range asked for; the answer names the range it is about too. */
  range: DateRange;
  /** The last answer, kept on screen (dimmed) while the next range loads. */
  metrics: JobMetrics | null;
  errors: string[];
}

export type JobMetricsEvent = ({ type: 'metrics.range' } & DateRange) | { type: 'metrics.retry' };

/**
 * A job's dashboard (spec 2 §7 job-metrics): reads the range the picker shows, again each time it
 * changes; a load still running for an earlier range is cancelled (its request aborted). A failure
 * shows the answer's state errors (spec 2 §8), and Try again reads the same range again.
 */
export const jobMetricsMachine = setup({
  types: { context: {} as JobMetricsContext, events: {} as JobMetricsEvent, input: {} as JobMetricsInput },
  actors: {
    load: fromPromise<JobMetrics, JobMetricsInput>(async ({ input, signal }) => (await metricsService.jobMetrics(input, { signal })).data),
  },
  guards: {
    rangeChanged: ({ context }, range: DateRange) => !sameRange(context.range, range),
  },
}).createMachine({
  id: 'jobMetrics',
  context: ({ input }) => ({
    jobPostId: input.jobPostId,
    range: { startDate: input.startDate, endDate: input.endDate },
    metrics: null,
    errors: [],
  }),
  initial: 'loading',
  on: {
    'metrics.range': {
      guard: { type: 'rangeChanged', params: ({ event }) => ({ startDate: event.startDate, endDate: event.endDate }) },
      target: '.loading',
      actions: assign({ range: ({ event }) => ({ startDate: event.startDate, endDate: event.endDate }) }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ errors: [] }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ jobPostId: context.jobPostId, ...context.range }),
        onDone: { target: 'ready', actions: assign({ metrics: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ metrics: null, errors: ({ event }) => metricsErrors(event.error) }) },
      },
    },
    ready: {},
    failed: { tags: ['error'], on: { 'metrics.retry': 'loading' } },
  },
});

type Snap = SnapshotFrom<typeof jobMetricsMachine>;

export const selectJobMetrics = (s: Snap) => s.context.metrics;
export const selectErrors = (s: Snap) => (s.matches('failed') ? s.context.errors : []);
