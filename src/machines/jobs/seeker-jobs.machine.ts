import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  JobMessages,
  SEEKER_PAGE_SIZE,
  type AppliedJob,
  type JobListCount,
  type MatchedJob,
  type SavedJob,
  type SeekerPaging,
} from '../../contract/jobs.ts';
import { jobsService } from '../../services/jobs.ts';
import { messagesOf } from '../form.ts';

/** The job seeker's own lists (spec 2 §2 applied-jobs and saved-jobs, §7 applied-list, saved-jobs, matched-list). */
export type SeekerList = 'saved' | 'applied' | 'matched';
export type SeekerJob = SavedJob | AppliedJob | MatchedJob;

export interface SeekerJobPage {
  items: SeekerJob[];
  hasMore: boolean;
}

export interface SeekerJobsInput {
  list: SeekerList;
}

export interface SeekerJobsContext {
  list: SeekerList;
  /** 1-based. */
  page: number;
  /** Oldest first. */
  ascending: boolean;
  items: SeekerJob[];
  /** Later pages have rows. */
  hasMore: boolean;
  /** How many jobs each list holds (job-list-count); null until read, or when it could not be. */
  counts: JobListCount | null;
  loadError: string | null;
  /** What the last change of a row said (a job removed from the saved jobs). */
  notice: string | null;
}

export type SeekerJobsEvent =
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'order.toggle' }
  | { type: 'list.retry' }
  /** A row's Save toggle changed, as the server confirmed. */
  | { type: 'job.saveChanged'; jobId: string; isSaved: boolean };

/** The event is a confirmed save of a row shown, whose mark it changes. */
const known = (context: SeekerJobsContext, event: SeekerJobsEvent) => {
  assertEvent(event, 'job.saveChanged');
  return context.items.some((j) => j.id === event.jobId && j.userActions.isSaved !== event.isSaved);
};
const withSaved = (counts: JobListCount | null, isSaved: boolean): JobListCount | null =>
  counts ? { ...counts, saved: Math.max(0, counts.saved + (isSaved ? 1 : -1)) } : null;

/**
 * One of the job seeker's lists, 10 a page (spec 2 §9): saved jobs (newest saved first), applied
 * jobs (newest application first), or matched jobs (best match first). "Oldest first" asks the
 * other way and starts again at page 1. A job taken out of the saved jobs leaves that list at once
 * and its page is read again to fill up; a page left empty shows the one before it. The counts of
 * the lists (job-list-count) are read beside it and follow the saves made here.
 */
export const seekerJobsMachine = setup({
  types: {
    input: {} as SeekerJobsInput,
    context: {} as SeekerJobsContext,
    events: {} as SeekerJobsEvent,
  },
  actors: {
    load: fromPromise<SeekerJobPage, { list: SeekerList; page: number; ascending: boolean }>(async ({ input, signal }) => {
      const paging: SeekerPaging = { pageNumber: input.page, pageSize: SEEKER_PAGE_SIZE, ascending: input.ascending };
      const call = input.list === 'saved' ? jobsService.saved : input.list === 'applied' ? jobsService.applied : jobsService.matched;
      const res = await call(paging, signal);
      return { items: res.data.items, hasMore: res.data.hasMore };
    }),
    count: fromPromise<JobListCount>(async ({ signal }) => (await jobsService.listCount(signal)).data),
  },
  actions: {
    /** An unsaved row leaves the saved list. */
    dropRow: assign(({ context, event }) => {
      assertEvent(event, 'job.saveChanged');
      return { items: context.items.filter((j) => j.id !== event.jobId), notice: JobMessages.unsaved };
    }),
    /** Elsewhere the row is marked saved or not. */
    markRow: assign(({ context, event }) => {
      assertEvent(event, 'job.saveChanged');
      return {
        items: context.items.map((j) => (j.id === event.jobId ? { ...j, userActions: { ...j.userActions, isSaved: event.isSaved } } : j)),
        notice: null,
      };
    }),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    notFirst: ({ context }) => context.page > 1,
    /** A page after the first came back empty (its last row unsaved, or the list shrank): show the one before. */
    pageEmptied: ({ context }, page: SeekerJobPage) => context.page > 1 && page.items.length === 0,
    noRows: (_, page: SeekerJobPage) => page.items.length === 0,
    /** A saved job taken back in the saved list: its row leaves. */
    leavesList: ({ context, event }) => {
      assertEvent(event, 'job.saveChanged');
      return context.list === 'saved' && !event.isSaved && known(context, event);
    },
    known: ({ context, event }) => known(context, event),
  },
}).createMachine({
  id: 'seekerJobs',
  type: 'parallel',
  context: ({ input }) => ({
    list: input.list,
    page: 1,
    ascending: false,
    items: [],
    hasMore: false,
    counts: null,
    loadError: null,
    notice: null,
  }),
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          // The read on its way may still hold an unsaved row: read afresh.
          on: {
            'job.saveChanged': [
              { guard: 'leavesList', target: 'loading', reenter: true, actions: 'dropRow' },
              { guard: 'known', actions: 'markRow' },
            ],
          },
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ list: context.list, page: context.page, ascending: context.ascending }),
            onDone: [
              {
                guard: { type: 'pageEmptied', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: assign(({ context }) => ({ page: context.page - 1 })),
              },
              {
                guard: { type: 'noRows', params: ({ event }) => event.output },
                target: 'empty',
                actions: assign({ items: [], hasMore: false }),
              },
              { target: 'loaded', actions: assign(({ event }) => ({ items: event.output.items, hasMore: event.output.hasMore })) },
            ],
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ loadError: messagesOf(event.error, AccountMessages.generic)[0]! })),
            },
          },
        },
        loaded: {
          on: {
            'job.saveChanged': [
              { guard: 'leavesList', target: 'loading', actions: 'dropRow' },
              { guard: 'known', actions: 'markRow' },
            ],
            'page.next': {
              guard: 'hasMore',
              target: 'loading',
              actions: assign(({ context }) => ({ page: context.page + 1, notice: null })),
            },
            'page.previous': {
              guard: 'notFirst',
              target: 'loading',
              actions: assign(({ context }) => ({ page: context.page - 1, notice: null })),
            },
            // The other order starts again at page 1.
            'order.toggle': {
              target: 'loading',
              actions: assign(({ context }) => ({ ascending: !context.ascending, page: 1, notice: null })),
            },
          },
        },
        empty: {},
        failed: {
          tags: ['error'],
          on: { 'list.retry': 'loading' },
        },
      },
    },
    counts: {
      initial: 'loading',
      on: {
        'job.saveChanged': {
          guard: 'known',
          actions: assign(({ context, event }) => ({ counts: withSaved(context.counts, event.isSaved) })),
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'count',
            src: 'count',
            onDone: { target: 'loaded', actions: assign(({ event }) => ({ counts: event.output })) },
            // The lists show without their counts.
            onError: 'failed',
          },
        },
        loaded: {},
        failed: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof seekerJobsMachine>;

/** The list's rows are on their way (the first page, another page or a refill). */
export const selectLoading = (s: Snap) => s.hasTag('loading');
/** Nothing to show yet: the first read of the list. */
export const selectFirstLoad = (s: Snap) => s.hasTag('loading') && s.context.items.length === 0;
