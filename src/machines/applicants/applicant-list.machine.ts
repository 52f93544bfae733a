import { assertEvent, assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  APPLICANT_PAGE_SIZE,
  type Applicant,
  type ApplicantFilter,
  type ApplicantListRequest,
  type ApplicantOrder,
  type ApplicantPage,
  type JobWithApplicants,
} from '../../contract/applicants.ts';
import { applicantsService } from '../../services/applicants.ts';
import { messagesOf } from '../form.ts';

/** A search starts this long after the last keystroke, so typing does not send a call per key. */
export const APPLICANT_SEARCH_DEBOUNCE_MS = 400;

/** What the list asks the server for. */
export interface ApplicantQuery {
  pageNumber: number;
  search: string;
  filter: ApplicantFilter;
  order: ApplicantOrder;
  /** Oldest (or A to Z) first; newest first by default. */
  ascending: boolean;
  /** One of the company's jobs, or every job. */
  jobId: string | null;
}

export interface ApplicantListContext {
  query: ApplicantQuery;
  /** What is typed in the search box; applied after a pause (or Enter). */
  typed: string;
  applicants: Applicant[];
  /** Every applicant the query matches, on all pages. */
  total: number;
  loadError: string | null;
  /** The company's jobs that have applicants, for the job filter; empty when they could not be read. */
  jobs: JobWithApplicants[];
}

export interface ApplicantListInput {
  /** ?jobId= of the address: the job the list opens on. */
  jobId?: string | null;
  /** ?filter= of the address (the dashboard's pipeline): the filter the list opens with. */
  filter?: ApplicantFilter | null;
}

export type ApplicantListEvent =
  | { type: 'applicants.search'; text: string }
  /** Search now (Enter); also raised when typing pauses. */
  | { type: 'applicants.apply' }
  | { type: 'applicants.filter'; filter: ApplicantFilter }
  | { type: 'applicants.order'; order: ApplicantOrder; ascending: boolean }
  | { type: 'applicants.job'; jobId: string | null }
  | { type: 'applicants.page'; page: number }
  | { type: 'applicants.retry' }
  /** A row as the server now sees it (opened, so no longer new; or moved to another status). */
  | { type: 'applicant.update'; applicant: Applicant };

export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / APPLICANT_PAGE_SIZE));

/** The call's body for a query (spec 2 §7, 10 a page §9). */
export function requestOf(query: ApplicantQuery): ApplicantListRequest {
  return {
    pageNumber: query.pageNumber,
    pageSize: APPLICANT_PAGE_SIZE,
    search: query.search || null,
    filter: query.filter,
    order: query.order,
    ascending: query.ascending,
    jobId: query.jobId,
  };
}

/** The list fields of an applicant, from a detail answer or a status answer. */
const rowFields = (a: Applicant): Applicant => ({
  id: a.id,
  status: a.status,
  isNew: a.isNew,
  appliedDate: a.appliedDate,
  statusChangedAt: a.statusChangedAt,
  jobSeeker: a.jobSeeker,
  job: a.job,
  matchedSkills: a.matchedSkills,
  totalSkills: a.totalSkills,
  hasResume: a.hasResume,
  hasCoverLetter: a.hasCoverLetter,
});

/**
 * The company's applicants (spec 2 §2 /user/applicants and /dashboard/applicants): a search typed
 * with a pause before it is sent, a filter (all, new, a status), an order with its direction, one
 * job (from ?jobId=), 10 a page. Any change of search, filter, order or job goes back to page 1.
 * A row opened or moved elsewhere on the page is updated in place.
 */
export const applicantListMachine = setup({
  types: {
    context: {} as ApplicantListContext,
    events: {} as ApplicantListEvent,
    input: {} as ApplicantListInput | undefined,
  },
  actors: {
    load: fromPromise<ApplicantPage, ApplicantListRequest>(async ({ input, signal }) => (await applicantsService.list(input, signal)).data),
    loadJobs: fromPromise<JobWithApplicants[]>(async ({ signal }) => (await applicantsService.jobs(signal)).data.items),
  },
  actions: {
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'applicants.filter');
      return { query: { ...context.query, search: context.typed.trim(), filter: event.filter, pageNumber: 1 } };
    }),
    setOrder: assign(({ context, event }) => {
      assertEvent(event, 'applicants.order');
      return { query: { ...context.query, search: context.typed.trim(), order: event.order, ascending: event.ascending, pageNumber: 1 } };
    }),
    setJob: assign(({ context, event }) => {
      assertEvent(event, 'applicants.job');
      return { query: { ...context.query, search: context.typed.trim(), jobId: event.jobId, pageNumber: 1 } };
    }),
    applyTyped: assign(({ context }) => ({ query: { ...context.query, search: context.typed.trim(), pageNumber: 1 } })),
    setPage: assign(({ context, event }) => {
      assertEvent(event, 'applicants.page');
      return { query: { ...context.query, pageNumber: event.page } };
    }),
  },
  guards: {
    filterChanged: ({ context, event }) => {
      assertEvent(event, 'applicants.filter');
      return event.filter !== context.query.filter;
    },
    orderChanged: ({ context, event }) => {
      assertEvent(event, 'applicants.order');
      return event.order !== context.query.order || event.ascending !== context.query.ascending;
    },
    jobChanged: ({ context, event }) => {
      assertEvent(event, 'applicants.job');
      return event.jobId !== context.query.jobId;
    },
    typedChanged: ({ context }) => context.typed.trim() !== context.query.search,
    pageValid: ({ context, event }) => {
      assertEvent(event, 'applicants.page');
      const { page } = event;
      return Number.isInteger(page) && page >= 1 && page <= pageCountOf(context.total) && page !== context.query.pageNumber;
    },
    /** The page asked for is past the last one (applicants left meanwhile): read the last one instead. */
    pastLastPage: ({ context }, page: ApplicantPage) =>
      page.items.length === 0 && page.total > 0 && context.query.pageNumber > pageCountOf(page.total),
  },
  delays: { searchDelay: APPLICANT_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'applicantList',
  context: ({ input }) => ({
    query: { pageNumber: 1, search: '', filter: input?.filter ?? 'All', order: 'date', ascending: false, jobId: input?.jobId ?? null },
    typed: '',
    applicants: [],
    total: 0,
    loadError: null,
    jobs: [],
  }),
  type: 'parallel',
  on: {
    'applicant.update': {
      actions: assign(({ context, event }) => ({
        applicants: context.applicants.map((a) => (a.id === event.applicant.id ? rowFields(event.applicant) : a)),
      })),
    },
  },
  states: {
    typing: {
      initial: 'idle',
      on: {
        'applicants.search': { target: '.waiting', actions: assign({ typed: ({ event }) => event.text }) },
        'applicants.apply': '.idle',
        'applicants.filter': { guard: 'filterChanged', target: '.idle' },
        'applicants.order': { guard: 'orderChanged', target: '.idle' },
        'applicants.job': { guard: 'jobChanged', target: '.idle' },
      },
      states: {
        idle: {},
        waiting: {
          after: { searchDelay: { target: 'idle', actions: raise({ type: 'applicants.apply' }) } },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'applicants.filter': { guard: 'filterChanged', target: '.loading', actions: 'setFilter' },
        'applicants.order': { guard: 'orderChanged', target: '.loading', actions: 'setOrder' },
        'applicants.job': { guard: 'jobChanged', target: '.loading', actions: 'setJob' },
        'applicants.apply': { guard: 'typedChanged', target: '.loading', actions: 'applyTyped' },
        'applicants.page': { guard: 'pageValid', target: '.loading', actions: 'setPage' },
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
                actions: assign(({ context, event }) => ({
                  applicants: event.output.items,
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
          on: { 'applicants.retry': 'loading' },
        },
        ready: {},
      },
    },
    // The job filter's choices: read once; without them the filter offers only the job asked for.
    jobs: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadJobs',
            src: 'loadJobs',
            onDone: { target: 'done', actions: assign({ jobs: ({ event }) => event.output }) },
            onError: 'done',
          },
        },
        done: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof applicantListMachine>;
/** Why the list could not be read, while it shows that failure. */
export const selectLoadError = (s: Snap) => (s.hasTag('error') ? s.context.loadError : null);

export const selectPageCount = (s: Snap) => pageCountOf(s.context.total);
