import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ADMIN_PAGE_SIZE, type ReportGroup, type ReportQueue } from '../../contract/admin.ts';
import { adminService } from '../../services/admin.ts';
import { HttpMessages } from '../../services/http.ts';
import { messagesOf } from '../form.ts';
import { adminPageCount, pageOf } from './list-query.ts';
import { resolveReportMachine, type ResolveReportActorRef } from './resolve-report.machine.ts';

export const reportTabs = ['open', 'resolved'] as const;
export type ReportTab = (typeof reportTabs)[number];
export const reportSorts = ['mostReported', 'newest'] as const;
export type ReportSort = (typeof reportSorts)[number];
export const REPORT_SORT_NAMES: Record<ReportSort, string> = { mostReported: 'Most reported', newest: 'Newest' };

/** What the queue shows: a tab, an order, one company or all, and a page. */
export interface ReportsQuery {
  status: ReportTab;
  sort: ReportSort;
  companyId: string | null;
  pageNumber: number;
}

export const DEFAULT_REPORTS_QUERY: ReportsQuery = { status: 'open', sort: 'mostReported', companyId: null, pageNumber: 1 };

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** The queue an address asks for (?status=resolved&sort=newest&companyId=…&page=2); anything unknown is the default. */
export function reportsQueryOf(search: string): ReportsQuery {
  const p = new URLSearchParams(search);
  return {
    status: oneOf(reportTabs, p.get('status'), 'open'),
    sort: oneOf(reportSorts, p.get('sort'), 'mostReported'),
    companyId: p.get('companyId') || null,
    pageNumber: pageOf(p.get('page')),
  };
}

/** The address query of a queue (without "?"): only what differs from the defaults, in a fixed order. */
export function reportsSearchOf(q: ReportsQuery): string {
  const p = new URLSearchParams();
  if (q.status !== 'open') p.set('status', q.status);
  if (q.sort !== 'mostReported') p.set('sort', q.sort);
  if (q.companyId) p.set('companyId', q.companyId);
  if (q.pageNumber > 1) p.set('page', String(q.pageNumber));
  return p.toString();
}

export const sameReportsQuery = (a: ReportsQuery, b: ReportsQuery) => reportsSearchOf(a) === reportsSearchOf(b);

export interface ReportsContext {
  query: ReportsQuery;
  /** The last answer, kept on screen (dimmed) while the next one loads. */
  queue: ReportQueue | null;
  errors: string[];
  /** The job whose reports the open dialog resolves. */
  resolvingId: string | null;
}

export type ReportsEvent =
  | { type: 'reports.status'; status: ReportTab }
  | { type: 'reports.sort'; sort: ReportSort }
  /** Another company, or all of them (null). */
  | { type: 'reports.company'; companyId: string | null }
  | { type: 'reports.page'; page: number }
  /** The address changed (Back, Forward, a link): the queue it names. */
  | { type: 'reports.query'; query: ReportsQuery }
  | { type: 'reports.retry' }
  /** Resolve the open reports of a job of the page. */
  | { type: 'resolve.open'; jobPostId: string };

export type ReportsEmitted = { type: 'notify'; message: string };

const groupOf = (context: ReportsContext, jobPostId: string): ReportGroup | null =>
  context.queue?.groups.find((g) => g.job.id === jobPostId) ?? null;

/**
 * The queue of reported jobs (GET Reports): open or resolved reports grouped by job, the most
 * reported or the newest first, of one company or all, 10 groups a page. A new tab, order or
 * company goes back to page 1; a page past the last (after groups left it) goes to the last.
 * Resolving a group runs in its dialog; the answer's message is announced and the group leaves
 * the open queue at once, then the page is read again.
 */
export const reportsMachine = setup({
  types: {
    context: {} as ReportsContext,
    events: {} as ReportsEvent,
    input: {} as Partial<ReportsQuery> | undefined,
    emitted: {} as ReportsEmitted,
  },
  actors: {
    load: fromPromise<ReportQueue, ReportsQuery>(async ({ input, signal }) => {
      const { companyId, ...rest } = input;
      return (await adminService.reports({ ...rest, ...(companyId && { companyId }), pageSize: ADMIN_PAGE_SIZE }, { signal })).data;
    }),
    resolve: resolveReportMachine,
  },
  guards: {
    statusChanged: ({ context }, { status }: { status: ReportTab }) => status !== context.query.status,
    sortChanged: ({ context }, { sort }: { sort: ReportSort }) => sort !== context.query.sort,
    companyChanged: ({ context }, { companyId }: { companyId: string | null }) => (companyId || null) !== context.query.companyId,
    pageValid: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page >= 1 && page <= adminPageCount(context.queue?.totalCount ?? 0) && page !== context.query.pageNumber,
    queryChanged: ({ context }, { query }: { query: ReportsQuery }) => !sameReportsQuery(query, context.query),
    /** The page asked for is past the last one, and there are groups before it. */
    pastLastPage: ({ context }, { queue }: { queue: ReportQueue }) =>
      queue.groups.length === 0 && queue.totalCount > 0 && context.query.pageNumber > adminPageCount(queue.totalCount),
    canResolve: ({ context }, { jobPostId }: { jobPostId: string }) =>
      context.query.status === 'open' && (groupOf(context, jobPostId)?.reports.some((r) => r.status === 'open') ?? false),
    resolved: (_, { resolved }: { resolved: unknown }) => resolved !== null,
  },
}).createMachine({
  id: 'reports',
  context: ({ input }) => ({ query: { ...DEFAULT_REPORTS_QUERY, ...input }, queue: null, errors: [], resolvingId: null }),
  initial: 'loading',
  on: {
    'reports.status': {
      guard: { type: 'statusChanged', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ query: ({ context, event }) => ({ ...context.query, status: event.status, pageNumber: 1 }) }),
    },
    'reports.sort': {
      guard: { type: 'sortChanged', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ query: ({ context, event }) => ({ ...context.query, sort: event.sort, pageNumber: 1 }) }),
    },
    'reports.company': {
      guard: { type: 'companyChanged', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ query: ({ context, event }) => ({ ...context.query, companyId: event.companyId || null, pageNumber: 1 }) }),
    },
    'reports.page': {
      guard: { type: 'pageValid', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ query: ({ context, event }) => ({ ...context.query, pageNumber: event.page }) }),
    },
    'reports.query': {
      guard: { type: 'queryChanged', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ query: ({ event }) => event.query }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ errors: [] }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'pastLastPage', params: ({ event }) => ({ queue: event.output }) },
            target: 'loading',
            reenter: true,
            actions: assign({
              query: ({ context, event }) => ({ ...context.query, pageNumber: adminPageCount(event.output.totalCount) }),
            }),
          },
          { target: 'ready', actions: assign({ queue: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ queue: null, errors: ({ event }) => messagesOf(event.error, HttpMessages.unexpected) }),
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'resolve.open': {
              guard: { type: 'canResolve', params: ({ event }) => event },
              target: 'resolving',
              actions: assign({ resolvingId: ({ event }) => event.jobPostId }),
            },
          },
        },
        resolving: {
          exit: assign({ resolvingId: null }),
          invoke: {
            id: 'resolve',
            src: 'resolve',
            input: ({ context }) => ({ group: groupOf(context, context.resolvingId!)! }),
            onDone: [
              {
                guard: { type: 'resolved', params: ({ event }) => ({ resolved: event.output.resolved }) },
                target: '#reports.loading',
                actions: [
                  // The group leaves the open queue at once; the page is then read again.
                  assign({
                    queue: ({ context, event }) =>
                      context.queue && {
                        ...context.queue,
                        groups: context.queue.groups.filter((g) => g.job.id !== event.output.resolved!.group.job.id),
                        totalCount: Math.max(0, context.queue.totalCount - 1),
                      },
                  }),
                  emit(({ event }) => ({ type: 'notify' as const, message: event.output.resolved!.message })),
                ],
              },
              { target: 'idle' },
            ],
            onError: { target: 'idle' },
          },
        },
      },
    },
    failed: { tags: ['error'], on: { 'reports.retry': 'loading' } },
  },
});

type Snap = SnapshotFrom<typeof reportsMachine>;

export const selectErrors = (s: Snap) => (s.matches('failed') ? s.context.errors : []);
export const selectPageCount = (s: Snap) => adminPageCount(s.context.queue?.totalCount ?? 0);
export const selectResolveRef = (s: Snap) => s.children.resolve as ResolveReportActorRef | undefined;
/** The company the queue is narrowed to, named from its groups when it has any. */
export const selectCompany = (s: Snap): { id: string; name: string | null } | null => {
  const id = s.context.query.companyId;
  if (!id) return null;
  return { id, name: s.context.queue?.groups.find((g) => g.company.id === id)?.company.name ?? null };
};
