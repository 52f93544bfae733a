import { assertEvent, assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import {
  ADMIN_PAGE_SIZE,
  AdminMessages,
  companySorts,
  companyStates,
  type AdminCompanyList,
  type AdminCompanyRow,
  type CompanyListQuery,
  type CompanySort,
  type CompanyState,
} from '../../contract/admin.ts';
import { adminService } from '../../services/admin.ts';
import { loadErrorOf } from './admin-errors.ts';
import { adminPageCount, pageOf } from './list-query.ts';

/** A search starts this long after the last keystroke, so typing does not send a call per key. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 400;

/** Every company, or those in one state. */
export type CompanyStateFilter = CompanyState | 'all';

/** The list as the page shows it and its address keeps it. */
export interface CompanyQuery {
  /** Name, legal name or an owner's email (part of any). */
  search: string;
  /** The TIN's last four digits, or empty. */
  tinLastFour: string;
  status: CompanyStateFilter;
  sort: CompanySort;
  pageNumber: number;
}

export const DEFAULT_COMPANY_QUERY: CompanyQuery = { search: '', tinLastFour: '', status: 'all', sort: 'newest', pageNumber: 1 };

const TIN_LAST_FOUR = /^\d{4}$/;
const isTinLastFour = (text: string) => TIN_LAST_FOUR.test(text);

/**
 * The query an address holds (?q=&tin=&status=&sort=&page=): what it cannot mean is left at its
 * default, so a hand-edited link still opens a list.
 */
export function companyQueryOf(search: string): CompanyQuery {
  const p = new URLSearchParams(search);
  const status = p.get('status') ?? '';
  const sort = p.get('sort') ?? '';
  const tin = p.get('tin') ?? '';
  return {
    search: (p.get('q') ?? '').trim().slice(0, 100),
    tinLastFour: isTinLastFour(tin) ? tin : '',
    status: (companyStates as readonly string[]).includes(status) ? (status as CompanyState) : 'all',
    sort: (companySorts as readonly string[]).includes(sort) ? (sort as CompanySort) : 'newest',
    pageNumber: pageOf(p.get('page')),
  };
}

/** The address query of a list (without "?"), holding only what differs from the defaults, in a fixed order. */
export function searchOfCompanyQuery(q: CompanyQuery): string {
  const p = new URLSearchParams();
  if (q.search) p.set('q', q.search);
  if (q.tinLastFour) p.set('tin', q.tinLastFour);
  if (q.status !== 'all') p.set('status', q.status);
  if (q.sort !== 'newest') p.set('sort', q.sort);
  if (q.pageNumber !== 1) p.set('page', String(q.pageNumber));
  return p.toString();
}

/** The CompanyListing call of a query, 10 a page (spec 2 §9). */
export function requestOf(q: CompanyQuery): CompanyListQuery {
  return {
    ...(q.search ? { search: q.search } : {}),
    ...(q.tinLastFour ? { tinLastFour: q.tinLastFour } : {}),
    ...(q.status !== 'all' ? { status: q.status } : {}),
    sort: q.sort,
    pageNumber: q.pageNumber,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

const sameQuery = (a: CompanyQuery, b: CompanyQuery) =>
  a.search === b.search && a.tinLastFour === b.tinLastFour && a.status === b.status && a.sort === b.sort && a.pageNumber === b.pageNumber;

export interface CompaniesContext {
  query: CompanyQuery;
  /** What is typed in the search box and the TIN field; applied after a pause (or Enter). */
  typedSearch: string;
  typedTin: string;
  companies: AdminCompanyRow[];
  /** Every company the query matches, on all pages. */
  totalCount: number;
  error: string | null;
}

export type CompaniesEvent =
  | { type: 'companies.search'; text: string }
  | { type: 'companies.tin'; text: string }
  /** Search now (Enter); also raised when typing pauses. */
  | { type: 'companies.apply' }
  | { type: 'companies.status'; status: CompanyStateFilter }
  | { type: 'companies.sort'; sort: CompanySort }
  | { type: 'companies.page'; page: number }
  | { type: 'companies.retry' }
  /** The address changed under the page (Back, Forward, a link): the list follows it. */
  | { type: 'companies.address'; query: CompanyQuery };

/** The typed text as the query takes it: the search trimmed; the TIN only when it is four digits or cleared. */
const typedInto = (c: CompaniesContext): CompanyQuery => {
  const tin = c.typedTin.trim();
  return {
    ...c.query,
    search: c.typedSearch.trim(),
    tinLastFour: tin === '' || isTinLastFour(tin) ? tin : c.query.tinLastFour,
  };
};

/**
 * The back office's company list (CompanyListing): a search (name, legal name or an owner's email)
 * and a TIN's last four digits, each sent after a pause in typing; a state filter; a sort; 10 a
 * page. Any change of search, TIN, state or sort goes back to page 1 (spec 2 §9). The page's
 * address mirrors the query, and the query follows the address.
 */
export const companiesMachine = setup({
  types: {
    context: {} as CompaniesContext,
    events: {} as CompaniesEvent,
    input: {} as Partial<CompanyQuery> | undefined,
  },
  actors: {
    load: fromPromise<AdminCompanyList, CompanyListQuery>(
      async ({ input, signal }) => (await adminService.companies(input, { signal })).data,
    ),
  },
  actions: {
    applyTyped: assign(({ context }) => ({ query: { ...typedInto(context), pageNumber: 1 } })),
    setStatus: assign(({ context, event }) => {
      assertEvent(event, 'companies.status');
      return { query: { ...typedInto(context), status: event.status, pageNumber: 1 } };
    }),
    setSort: assign(({ context, event }) => {
      assertEvent(event, 'companies.sort');
      return { query: { ...typedInto(context), sort: event.sort, pageNumber: 1 } };
    }),
    setPage: assign(({ context, event }) => {
      assertEvent(event, 'companies.page');
      return { query: { ...context.query, pageNumber: event.page } };
    }),
    followAddress: assign(({ event }) => {
      assertEvent(event, 'companies.address');
      return { query: event.query, typedSearch: event.query.search, typedTin: event.query.tinLastFour };
    }),
  },
  guards: {
    typedChanged: ({ context }) => {
      const next = typedInto(context);
      return next.search !== context.query.search || next.tinLastFour !== context.query.tinLastFour;
    },
    statusChanged: ({ context, event }) => {
      assertEvent(event, 'companies.status');
      return event.status !== context.query.status;
    },
    sortChanged: ({ context, event }) => {
      assertEvent(event, 'companies.sort');
      return event.sort !== context.query.sort;
    },
    pageValid: ({ context, event }) => {
      assertEvent(event, 'companies.page');
      const { page } = event;
      return Number.isInteger(page) && page >= 1 && page <= adminPageCount(context.totalCount) && page !== context.query.pageNumber;
    },
    addressChanged: ({ context, event }) => {
      assertEvent(event, 'companies.address');
      return !sameQuery(event.query, context.query);
    },
    /** The page asked for is past the last one (a link to page 9 of 3, or companies gone): read the last one instead. */
    pastLastPage: ({ context }, page: AdminCompanyList) =>
      page.companies.length === 0 && page.totalCount > 0 && context.query.pageNumber > adminPageCount(page.totalCount),
  },
  delays: { searchDelay: COMPANY_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'companies',
  context: ({ input }) => {
    const query = { ...DEFAULT_COMPANY_QUERY, ...input };
    return { query, typedSearch: query.search, typedTin: query.tinLastFour, companies: [], totalCount: 0, error: null };
  },
  type: 'parallel',
  states: {
    typing: {
      initial: 'idle',
      on: {
        'companies.search': { target: '.waiting', actions: assign({ typedSearch: ({ event }) => event.text }) },
        'companies.tin': { target: '.waiting', actions: assign({ typedTin: ({ event }) => event.text }) },
        'companies.apply': '.idle',
        'companies.status': { guard: 'statusChanged', target: '.idle' },
        'companies.sort': { guard: 'sortChanged', target: '.idle' },
        'companies.address': { guard: 'addressChanged', target: '.idle' },
      },
      states: {
        idle: {},
        waiting: {
          after: { searchDelay: { target: 'idle', actions: raise({ type: 'companies.apply' }) } },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'companies.apply': { guard: 'typedChanged', target: '.loading', actions: 'applyTyped' },
        'companies.status': { guard: 'statusChanged', target: '.loading', actions: 'setStatus' },
        'companies.sort': { guard: 'sortChanged', target: '.loading', actions: 'setSort' },
        'companies.page': { guard: 'pageValid', target: '.loading', actions: 'setPage' },
        'companies.address': { guard: 'addressChanged', target: '.loading', actions: 'followAddress' },
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ error: null }),
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
                  totalCount: event.output.totalCount,
                  query: { ...context.query, pageNumber: adminPageCount(event.output.totalCount) },
                })),
              },
              {
                target: 'ready',
                actions: assign(({ event }) => ({ companies: event.output.companies, totalCount: event.output.totalCount })),
              },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => loadErrorOf(event.error) }) },
          },
        },
        ready: {},
        failed: { tags: ['error'], on: { 'companies.retry': 'loading' } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof companiesMachine>;

export const selectQuery = (s: Snap) => s.context.query;
export const selectPageCount = (s: Snap) => adminPageCount(s.context.totalCount);
export const selectError = (s: Snap) => (s.hasTag('error') ? s.context.error : null);
/** What the TIN field says once typing pauses: four digits, or nothing. */
export const selectTinError = (s: Snap) => {
  const tin = s.context.typedTin.trim();
  return s.matches({ typing: 'idle' }) && tin !== '' && !isTinLastFour(tin) ? AdminMessages.tinLastFour : undefined;
};
/** Nothing matches: the list read and came back empty. */
export const selectEmpty = (s: Snap) => s.matches({ list: 'ready' }) && s.context.companies.length === 0;
