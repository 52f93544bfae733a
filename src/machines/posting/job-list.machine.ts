import { assertEvent, assign, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  ActiveFlag,
  JOB_LIST_PAGE_SIZE,
  PostingMessages,
  SortFlag,
  type CompanyJob,
  type JobListRequest,
  type JobPage,
} from '../../contract/posting.ts';
import { postingService } from '../../services/posting.ts';
import { messagesOf } from '../form.ts';

/** A search starts this long after the last keystroke, so typing does not send a call per key. */
export const JOB_SEARCH_DEBOUNCE_MS = 400;

/** The wizard, opened on a draft (its route belongs to the wizard). */
export const WIZARD_PATH = '/user/jobs/post-job';
export const wizardFor = (draftId: string) => `${WIZARD_PATH}?draft=${encodeURIComponent(draftId)}`;

export type ActiveCode = (typeof ActiveFlag)[keyof typeof ActiveFlag];
export type SortCode = (typeof SortFlag)[keyof typeof SortFlag];

/** What the list asks the server for: the search, filter and sort applied, and the page. */
export interface JobQuery {
  pageNumber: number;
  search: string;
  /** The company name to match (the employer's posted jobs). */
  companySearch: string;
  activeFlag: ActiveCode;
  sortFlag: SortCode;
  /** Fewest first; only for the clicks and applicants sorts. */
  ascending: boolean;
}

export type JobAction = 'close' | 'reopen' | 'delete' | 'clone' | 'edit';

export interface JobListContext {
  /** The query of the rows shown (or being read). */
  query: JobQuery;
  /** What is typed in the search boxes; applied after a pause (or Enter). */
  typed: { search: string; companySearch: string };
  jobs: CompanyJob[];
  /** Every job the query matches, on all pages. */
  total: number;
  /** Why the list could not be read. */
  loadError: string | null;
  /** Why the last row action failed; the list stays as it was. */
  actionError: string | null;
  /** The row an open confirmation or a running action is about. */
  target: CompanyJob | null;
  action: JobAction | null;
}

export interface JobListInput {
  /** The status filter the page opens with (/user/jobs?job=active → 1, ?job=closed → 2). */
  activeFlag?: ActiveCode;
}

export type JobListEvent =
  | { type: 'jobs.search'; text: string }
  | { type: 'jobs.companySearch'; text: string }
  /** Search now (Enter in a search box); also raised when typing pauses. */
  | { type: 'jobs.apply' }
  | { type: 'jobs.filter'; activeFlag: ActiveCode }
  | { type: 'jobs.sort'; sortFlag: SortCode; ascending?: boolean }
  | { type: 'jobs.page'; page: number }
  | { type: 'jobs.retry' }
  /** Reads the current page again (after a delete). */
  | { type: 'jobs.refresh' }
  | { type: 'job.close'; id: string }
  | { type: 'job.reopen'; id: string }
  | { type: 'job.delete'; id: string }
  | { type: 'job.clone'; id: string }
  | { type: 'job.edit'; id: string }
  | { type: 'confirm.accept' }
  | { type: 'dialog.close' }
  /** The job was boosted (the boost dialog): marked boosted here (spec 2 §4). */
  | { type: 'job.boosted'; id: string };

export type JobListEmitted = { type: 'notify'; message: string } | { type: 'navigate'; to: string };

/** A row's new state as the server answers a close or a reopen. */
export interface StatusResult {
  job: CompanyJob;
  message: string;
}
/** The draft a clone or an edit opens in the wizard. */
export interface DraftResult {
  draftId: string;
  message: string;
}

const sorted = (flag: SortCode) => flag === SortFlag.Clicks || flag === SortFlag.Applicants;

/** The call's body for a query (spec 2 §4 codes, §9 page size). */
export function requestOf(query: JobQuery): JobListRequest {
  return {
    pageNumber: query.pageNumber,
    pageSize: JOB_LIST_PAGE_SIZE,
    search: query.search || null,
    companySearch: query.companySearch || null,
    activeFlag: query.activeFlag,
    sortFlag: query.sortFlag,
    ascending: sorted(query.sortFlag) && query.ascending,
  };
}

export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / JOB_LIST_PAGE_SIZE));

const rowOf = (context: JobListContext, id: string) => context.jobs.find((j) => j.id === id) ?? null;
const idOf = (event: JobListEvent) => ('id' in event ? event.id : '');
const typedQuery = (context: JobListContext) => ({
  search: context.typed.search.trim(),
  companySearch: context.typed.companySearch.trim(),
});

/** An open job without a current boost can be boosted (by the employer, who pays). */
export const canBoost = (job: CompanyJob) => job.status === 'Active' && !job.isBoosted;

/** Which rows each status change applies to. */
export const canClose = (job: CompanyJob) => job.status === 'Active';
export const canReopen = (job: CompanyJob) => job.status === 'Closed' || job.status === 'Expired';

/**
 * A company's jobs (spec 2 §2 /user/jobs and /user/posted-jobs): a search typed with a pause before
 * it is sent, the status filter (all 0, active 1, inactive 2) and sort (default 0, clicks 1,
 * applicants 2, oldest 3, newest 4) codes of spec 2 §4, 10 a page. Any change of search, filter or
 * sort goes back to page 1. Row actions run beside the list: close and reopen update the row, a
 * delete waits for a confirmation and reads the page again, a clone or an edit opens its draft in
 * the wizard. The server's message is announced; a failure is said without losing the list.
 */
export const jobListMachine = setup({
  types: {
    context: {} as JobListContext,
    events: {} as JobListEvent,
    input: {} as JobListInput | undefined,
    emitted: {} as JobListEmitted,
  },
  actors: {
    load: fromPromise<JobPage, JobListRequest>(async ({ input, signal }) => (await postingService.jobs(input, signal)).data),
    setStatus: fromPromise<StatusResult, { id: string; status: 'Active' | 'Closed' }>(async ({ input, signal }) => {
      const res = await postingService.setStatus(input.id, input.status, signal);
      return { job: res.data, message: res.message || (input.status === 'Closed' ? PostingMessages.closed : PostingMessages.reopened) };
    }),
    remove: fromPromise<{ message: string }, { id: string }>(async ({ input, signal }) => {
      const res = await postingService.deleteJob(input.id, signal);
      return { message: res.message || PostingMessages.deleted };
    }),
    clone: fromPromise<DraftResult, { id: string }>(async ({ input, signal }) => {
      const res = await postingService.clone(input.id, signal);
      return { draftId: res.data.jobPostDraftId, message: res.message || PostingMessages.cloned };
    }),
    editAsDraft: fromPromise<DraftResult, { id: string }>(async ({ input, signal }) => {
      const res = await postingService.editAsDraft(input.id, signal);
      return { draftId: res.data.jobPostDraftId, message: res.message };
    }),
  },
  actions: {
    /** A new filter: what is typed goes with it, from page 1. */
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'jobs.filter');
      return { query: { ...context.query, ...typedQuery(context), activeFlag: event.activeFlag, pageNumber: 1 } };
    }),
    setSort: assign(({ context, event }) => {
      assertEvent(event, 'jobs.sort');
      return {
        query: {
          ...context.query,
          ...typedQuery(context),
          sortFlag: event.sortFlag,
          ascending: sorted(event.sortFlag) && !!event.ascending,
          pageNumber: 1,
        },
      };
    }),
    applyTyped: assign(({ context }) => ({ query: { ...context.query, ...typedQuery(context), pageNumber: 1 } })),
    setPage: assign(({ context, event }) => {
      assertEvent(event, 'jobs.page');
      return { query: { ...context.query, pageNumber: event.page } };
    }),
    /** After rows left, the page may be past the last one. */
    clampPage: assign(({ context }) => ({
      query: { ...context.query, pageNumber: Math.min(context.query.pageNumber, pageCountOf(context.total)) },
    })),
    aim: assign(({ context, event }) => {
      assertEvent(event, ['job.close', 'job.reopen', 'job.delete', 'job.clone', 'job.edit']);
      return {
        actionError: null,
        target: rowOf(context, event.id),
        action: (
          { 'job.close': 'close', 'job.reopen': 'reopen', 'job.delete': 'delete', 'job.clone': 'clone', 'job.edit': 'edit' } as const
        )[event.type],
      };
    }),
    clearTarget: assign({ target: null, action: null }),
    failed: assign((_, { error }: { error: unknown }) => ({
      actionError: messagesOf(error, AccountMessages.generic).join(' '),
      target: null,
      action: null,
    })),
    openEditDraft: emit(({ context, event }) => ({ type: 'navigate' as const, to: wizardFor(rowOf(context, idOf(event))!.editDraftId!) })),
  },
  guards: {
    filterChanged: ({ context, event }) => {
      assertEvent(event, 'jobs.filter');
      return event.activeFlag !== context.query.activeFlag;
    },
    sortChanged: ({ context, event }) => {
      assertEvent(event, 'jobs.sort');
      return event.sortFlag !== context.query.sortFlag || (sorted(event.sortFlag) && !!event.ascending !== context.query.ascending);
    },
    typedChanged: ({ context }) => {
      const typed = typedQuery(context);
      return typed.search !== context.query.search || typed.companySearch !== context.query.companySearch;
    },
    pageValid: ({ context, event }) => {
      assertEvent(event, 'jobs.page');
      const { page } = event;
      return Number.isInteger(page) && page >= 1 && page <= pageCountOf(context.total) && page !== context.query.pageNumber;
    },
    /** The page asked for is past the last one (jobs left meanwhile): read the last one instead. */
    pastLastPage: ({ context }, page: JobPage) =>
      page.items.length === 0 && page.total > 0 && context.query.pageNumber > pageCountOf(page.total),
    closable: ({ context, event }) => {
      const job = rowOf(context, idOf(event));
      return !!job && canClose(job);
    },
    reopenable: ({ context, event }) => {
      const job = rowOf(context, idOf(event));
      return !!job && canReopen(job);
    },
    knows: ({ context, event }) => !!rowOf(context, idOf(event)),
    hasEditDraft: ({ context, event }) => !!rowOf(context, idOf(event))?.editDraftId,
  },
  delays: { searchDelay: JOB_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'jobList',
  context: ({ input }) => ({
    query: {
      pageNumber: 1,
      search: '',
      companySearch: '',
      activeFlag: input?.activeFlag ?? ActiveFlag.All,
      sortFlag: SortFlag.Default,
      ascending: false,
    },
    typed: { search: '', companySearch: '' },
    jobs: [],
    total: 0,
    loadError: null,
    actionError: null,
    target: null,
    action: null,
  }),
  type: 'parallel',
  states: {
    // What is typed waits for a pause; a filter or sort change takes it along at once.
    typing: {
      initial: 'idle',
      on: {
        // Each keystroke starts the wait again (the region's own waiting state is left and entered anew).
        'jobs.search': {
          target: '.waiting',
          actions: assign(({ context, event }) => ({ typed: { ...context.typed, search: event.text } })),
        },
        'jobs.companySearch': {
          target: '.waiting',
          actions: assign(({ context, event }) => ({ typed: { ...context.typed, companySearch: event.text } })),
        },
        'jobs.apply': '.idle',
        'jobs.filter': { guard: 'filterChanged', target: '.idle' },
        'jobs.sort': { guard: 'sortChanged', target: '.idle' },
      },
      states: {
        idle: {},
        waiting: {
          after: { searchDelay: { target: 'idle', actions: raise({ type: 'jobs.apply' }) } },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'job.boosted': {
          actions: assign(({ context, event }) => ({ jobs: context.jobs.map((j) => (j.id === event.id ? { ...j, isBoosted: true } : j)) })),
        },
        'jobs.filter': { guard: 'filterChanged', target: '.loading', actions: 'setFilter' },
        'jobs.sort': { guard: 'sortChanged', target: '.loading', actions: 'setSort' },
        'jobs.apply': { guard: 'typedChanged', target: '.loading', actions: 'applyTyped' },
        'jobs.page': { guard: 'pageValid', target: '.loading', actions: 'setPage' },
        'jobs.refresh': { target: '.loading', actions: 'clampPage' },
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => requestOf(context.query),
            onDone: [
              {
                guard: { type: 'pastLastPage', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: assign(({ context, event }) => ({
                  total: event.output.total,
                  query: { ...context.query, pageNumber: pageCountOf(event.output.total) },
                })),
              },
              {
                target: 'ready',
                // Nothing left at all: page 1 of nothing.
                actions: assign(({ context, event }) => ({
                  jobs: event.output.items,
                  total: event.output.total,
                  query: { ...context.query, pageNumber: Math.min(context.query.pageNumber, pageCountOf(event.output.total)) },
                })),
              },
            ],
            onError: {
              target: 'failed',
              actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
            },
          },
        },
        failed: {
          tags: ['error'],
          on: { 'jobs.retry': 'loading' },
        },
        ready: {},
      },
    },
    // One row action at a time, beside the list: a new page being read does not stop it.
    row: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'job.close': { guard: 'closable', target: 'changingStatus', actions: 'aim' },
            'job.reopen': { guard: 'reopenable', target: 'changingStatus', actions: 'aim' },
            'job.delete': { guard: 'knows', target: 'confirming', actions: 'aim' },
            'job.clone': { guard: 'knows', target: 'cloning', actions: 'aim' },
            'job.edit': [
              // A draft already edits this job: open it.
              { guard: 'hasEditDraft', actions: [assign({ actionError: null }), 'openEditDraft'] },
              { guard: 'knows', target: 'openingEdit', actions: 'aim' },
            ],
          },
        },
        confirming: {
          on: {
            'confirm.accept': 'deleting',
            'dialog.close': { target: 'idle', actions: 'clearTarget' },
          },
        },
        changingStatus: {
          tags: ['busy'],
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({
              id: context.target!.id,
              status: context.action === 'close' ? ('Closed' as const) : ('Active' as const),
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  jobs: context.jobs.map((j) => (j.id === event.output.job.id ? event.output.job : j)),
                  target: null,
                  action: null,
                })),
                emit(({ event }) => ({ type: 'notify' as const, message: event.output.message })),
              ],
            },
            onError: { target: 'idle', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({
                  jobs: context.jobs.filter((j) => j.id !== context.target!.id),
                  total: Math.max(0, context.total - 1),
                  target: null,
                  action: null,
                })),
                emit(({ event }) => ({ type: 'notify' as const, message: event.output.message })),
                // The page fills up again from the next one.
                raise({ type: 'jobs.refresh' }),
              ],
            },
            onError: { target: 'idle', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        cloning: {
          tags: ['busy'],
          invoke: {
            id: 'clone',
            src: 'clone',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: {
              target: 'idle',
              actions: [
                'clearTarget',
                emit(({ event }) => ({ type: 'notify' as const, message: event.output.message })),
                emit(({ event }) => ({ type: 'navigate' as const, to: wizardFor(event.output.draftId) })),
              ],
            },
            onError: { target: 'idle', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        openingEdit: {
          tags: ['busy'],
          invoke: {
            id: 'editAsDraft',
            src: 'editAsDraft',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  jobs: context.jobs.map((j) => (j.id === context.target!.id ? { ...j, editDraftId: event.output.draftId } : j)),
                  target: null,
                  action: null,
                })),
                emit(({ event }) => ({ type: 'navigate' as const, to: wizardFor(event.output.draftId) })),
              ],
            },
            onError: { target: 'idle', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof jobListMachine>;
/** Why the list could not be read, while it shows that failure. */
export const selectLoadError = (s: Snap) => (s.hasTag('error') ? s.context.loadError : null);

export const selectPageCount = (s: Snap) => pageCountOf(s.context.total);
/** The row a running action is about. */
export const selectBusyId = (s: Snap) => (s.hasTag('busy') ? (s.context.target?.id ?? null) : null);
/** The job waiting for the user to confirm its deletion. */
export const selectConfirming = (s: Snap) => (s.matches({ row: 'confirming' }) ? s.context.target : null);
/** The actions a row's menu offers, in order. */
export const actionsFor = (job: CompanyJob): JobAction[] => [
  'edit',
  ...(canClose(job) ? ['close' as const] : []),
  ...(canReopen(job) ? ['reopen' as const] : []),
  'clone',
  'delete',
];
