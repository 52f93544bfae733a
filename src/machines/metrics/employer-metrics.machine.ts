import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { EmployerMetrics } from '../../contract/metrics.ts';
import { metricsService } from '../../services/metrics.ts';
import type { DateRange } from './date-range.machine.ts';
import { metricsErrors, sameRange } from './load-errors.ts';

export interface EmployerMetricsContext {
  range: DateRange;
  /** The last answer, kept on screen (dimmed) while the next range loads. */
  metrics: EmployerMetrics | null;
  errors: string[];
}

export type EmployerMetricsEvent = ({ type: 'metrics.range' } & DateRange) | { type: 'metrics.retry' };

/**
 * The company's metrics (spec 2 §7 employer-metrics): its jobs together, day by day, with the best
 * and the worst of them; the dashboard's last 30 days, or a range the picker pages. A load for an
 * earlier range is cancelled when the range changes; a failure shows the answer's state errors.
 */
export const employerMetricsMachine = setup({
  types: { context: {} as EmployerMetricsContext, events: {} as EmployerMetricsEvent, input: {} as DateRange },
  actors: {
    load: fromPromise<EmployerMetrics, DateRange>(
      async ({ input, signal }) => (await metricsService.employerMetrics(input, { signal })).data,
    ),
  },
  guards: {
    rangeChanged: ({ context }, range: DateRange) => !sameRange(context.range, range),
  },
}).createMachine({
  id: 'employerMetrics',
  context: ({ input }) => ({ range: { startDate: input.startDate, endDate: input.endDate }, metrics: null, errors: [] }),
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
        input: ({ context }) => context.range,
        onDone: { target: 'ready', actions: assign({ metrics: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ metrics: null, errors: ({ event }) => metricsErrors(event.error) }) },
      },
    },
    ready: {},
    failed: { tags: ['error'], on: { 'metrics.retry': 'loading' } },
  },
});

type Snap = SnapshotFrom<typeof employerMetricsMachine>;

export const selectEmployerMetrics = (s: Snap) => s.context.metrics;
export const selectErrors = (s: Snap) => (s.matches('failed') ? s.context.errors : []);
