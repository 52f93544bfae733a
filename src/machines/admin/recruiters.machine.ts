import { assertEvent, assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import {
  ADMIN_PAGE_SIZE,
  recruitersByCompanyQuerySchema,
  type AdminRecruiter,
  type AdminRecruiterList,
  type RecruitersByCompanyQuery,
} from '../../contract/admin.ts';
import { adminService } from '../../services/admin.ts';
import { validate } from '../form.ts';
import { loadErrorOf } from './admin-errors.ts';
import { adminPageCount } from './list-query.ts';

/** A search starts this long after the last keystroke. */
export const RECRUITER_SEARCH_DEBOUNCE_MS = 400;

export interface RecruitersQuery {
  companyName: string;
  pageNumber: number;
}

export interface RecruitersContext {
  query: RecruitersQuery;
  /** What is typed; applied after a pause (or Enter). */
  typed: string;
  recruiters: AdminRecruiter[];
  totalCount: number;
  error: string | null;
}

export type RecruitersEvent =
  | { type: 'recruiters.search'; text: string }
  | { type: 'recruiters.apply' }
  | { type: 'recruiters.page'; page: number }
  | { type: 'recruiters.retry' };

export const requestOf = (q: RecruitersQuery): RecruitersByCompanyQuery => ({
  companyName: q.companyName,
  pageNumber: q.pageNumber,
  pageSize: ADMIN_PAGE_SIZE,
});

/** The contract's rule for the name (1 to 120 characters), as the field shows it. */
export const companyNameError = (text: string): string | undefined =>
  validate(recruitersByCompanyQuerySchema, { companyName: text }, ['companyName'] as const).companyName;

/**
 * Finding recruiters by their company's name (GetRecruitersByCompanyName), 10 a page: the name is
 * sent after a pause in typing (or Enter); a new name goes back to page 1; an empty box asks
 * nothing and shows nothing.
 */
export const recruitersMachine = setup({
  types: {
    context: {} as RecruitersContext,
    events: {} as RecruitersEvent,
    input: {} as { companyName?: string } | undefined,
  },
  actors: {
    load: fromPromise<AdminRecruiterList, RecruitersByCompanyQuery>(
      async ({ input, signal }) => (await adminService.recruitersByCompany(input, { signal })).data,
    ),
  },
  actions: {
    applyTyped: assign(({ context }) => ({ query: { companyName: context.typed.trim(), pageNumber: 1 }, recruiters: [], totalCount: 0 })),
    setPage: assign(({ context, event }) => {
      assertEvent(event, 'recruiters.page');
      return { query: { ...context.query, pageNumber: event.page } };
    }),
  },
  guards: {
    hasName: ({ context }) => context.query.companyName !== '',
    /** A new name the contract takes, or an emptied box. */
    typedApplies: ({ context }) => {
      const typed = context.typed.trim();
      return typed !== context.query.companyName && (typed === '' || companyNameError(typed) === undefined);
    },
    pageValid: ({ context, event }) => {
      assertEvent(event, 'recruiters.page');
      const { page } = event;
      return Number.isInteger(page) && page >= 1 && page <= adminPageCount(context.totalCount) && page !== context.query.pageNumber;
    },
  },
  delays: { searchDelay: RECRUITER_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'recruiters',
  context: ({ input }) => {
    const name = (input?.companyName ?? '').trim();
    const companyName = companyNameError(name) === undefined ? name : '';
    return { query: { companyName, pageNumber: 1 }, typed: companyName, recruiters: [], totalCount: 0, error: null };
  },
  type: 'parallel',
  states: {
    typing: {
      initial: 'idle',
      on: {
        'recruiters.search': { target: '.waiting', actions: assign({ typed: ({ event }) => event.text }) },
        'recruiters.apply': '.idle',
      },
      states: {
        idle: {},
        waiting: { after: { searchDelay: { target: 'idle', actions: raise({ type: 'recruiters.apply' }) } } },
      },
    },
    list: {
      initial: 'idle',
      on: {
        'recruiters.apply': { guard: 'typedApplies', target: '.idle', actions: 'applyTyped' },
      },
      states: {
        /** Nothing asked: the box is empty. A name goes straight on to loading. */
        idle: { always: { guard: 'hasName', target: 'loading' } },
        loading: {
          tags: ['loading'],
          entry: assign({ error: null }),
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => requestOf(context.query),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ recruiters: event.output.recruiters, totalCount: event.output.totalCount })),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => loadErrorOf(event.error) }) },
          },
        },
        ready: { on: { 'recruiters.page': { guard: 'pageValid', target: 'loading', actions: 'setPage' } } },
        failed: { tags: ['error'], on: { 'recruiters.retry': 'loading' } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof recruitersMachine>;
export const selectPageCount = (s: Snap) => adminPageCount(s.context.totalCount);
export const selectError = (s: Snap) => (s.hasTag('error') ? s.context.error : null);
/** What the name field says once typing pauses (too long). */
export const selectNameError = (s: Snap) => {
  const typed = s.context.typed.trim();
  return s.matches({ typing: 'idle' }) && typed !== '' ? companyNameError(typed) : undefined;
};
