import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { PERFORMANCE_PAGE_SIZE, type PerformancePage } from '../../contract/metrics.ts';
import { plusDays } from '../../lib/dates.ts';
import { metricsService } from '../../services/metrics.ts';
import { localToday } from './date-range.machine.ts';
import { metricsErrors } from './load-errors.ts';

export interface PerformanceQuery {
  /** YYYY-MM-DD in the viewer's zone. */
  date: string;
  pageNumber: number;
}

export interface PerformanceContext extends PerformanceQuery {
  today: string;
  page: PerformancePage | null;
  errors: string[];
}

export interface PerformanceInput {
  /** YYYY-MM-DD in the viewer's zone; the browser's today when left out. */
  today?: string;
}

export type PerformanceEvent =
  | { type: 'performance.page'; page: number }
  | { type: 'performance.previousDay' }
  | { type: 'performance.nextDay' }
  | { type: 'performance.today' }
  | { type: 'performance.retry' };

export const performancePageCount = (total: number) => Math.max(1, Math.ceil(total / PERFORMANCE_PAGE_SIZE));

/**
 * The job-post performance list (spec 2 §7 jobposts-performance): the company's jobs with their
 * clicks and application starts on a date, today's by default (spec 2 §9), against the day before,
 * 10 a page. Another date goes back to page 1; no date after today. A failure shows the answer's
 * state errors (spec 2 §8).
 */
export const performanceMachine = setup({
  types: { context: {} as PerformanceContext, events: {} as PerformanceEvent, input: {} as PerformanceInput },
  actors: {
    load: fromPromise<PerformancePage, PerformanceQuery>(
      async ({ input, signal }) => (await metricsService.performance({ ...input, pageSize: PERFORMANCE_PAGE_SIZE }, { signal })).data,
    ),
  },
  guards: {
    pageValid: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page >= 1 && page <= performancePageCount(context.page?.total ?? 0) && page !== context.pageNumber,
    beforeToday: ({ context }) => context.date < context.today,
  },
}).createMachine({
  id: 'performance',
  context: ({ input }) => {
    const today = input.today ?? localToday();
    return { today, date: today, pageNumber: 1, page: null, errors: [] };
  },
  initial: 'loading',
  on: {
    'performance.page': {
      guard: { type: 'pageValid', params: ({ event }) => ({ page: event.page }) },
      target: '.loading',
      actions: assign({ pageNumber: ({ event }) => event.page }),
    },
    'performance.previousDay': {
      target: '.loading',
      actions: assign(({ context }) => ({ date: plusDays(context.date, -1), pageNumber: 1 })),
    },
    'performance.nextDay': {
      guard: 'beforeToday',
      target: '.loading',
      actions: assign(({ context }) => ({ date: plusDays(context.date, 1), pageNumber: 1 })),
    },
    'performance.today': {
      guard: 'beforeToday',
      target: '.loading',
      actions: assign(({ context }) => ({ date: context.today, pageNumber: 1 })),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ errors: [] }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ date: context.date, pageNumber: context.pageNumber }),
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errors: ({ event }) => metricsErrors(event.error) }) },
      },
    },
    ready: {},
    failed: { tags: ['error'], on: { 'performance.retry': 'loading' } },
  },
});

type Snap = SnapshotFrom<typeof performanceMachine>;

export const selectErrors = (s: Snap) => (s.matches('failed') ? s.context.errors : []);
export const selectPageCount = (s: Snap) => performancePageCount(s.context.page?.total ?? 0);
export const selectIsToday = (s: Snap) => s.context.date >= s.context.today;
