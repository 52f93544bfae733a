import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ADMIN_PAGE_SIZE, auditActions, type AuditAction, type AuditList, type Person } from '../../contract/admin.ts';
import { parseIsoDate } from '../../lib/dates.ts';
import { HttpMessages } from '../../services/http.ts';
import { adminService } from '../../services/admin.ts';
import { messagesOf } from '../form.ts';
import { adminPageCount, pageOf } from './list-query.ts';

/** What the trail is narrowed to; null is "any". */
export interface AuditFilters {
  action: AuditAction | null;
  /** YYYY-MM-DD, UTC calendar days, both counted. */
  from: string | null;
  to: string | null;
  companyId: string | null;
  adminId: string | null;
}

export interface AuditQuery extends AuditFilters {
  pageNumber: number;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: null, from: null, to: null, companyId: null, adminId: null };
export const DEFAULT_AUDIT_QUERY: AuditQuery = { ...NO_AUDIT_FILTERS, pageNumber: 1 };

const dateOf = (text: string | null) => (text && parseIsoDate(text) ? text : null);

/** The trail an address asks for (?action=…&from=…&to=…&companyId=…&adminId=…&page=…); anything unknown is left out. */
export function auditQueryOf(search: string): AuditQuery {
  const p = new URLSearchParams(search);
  const action = p.get('action');
  return {
    action: auditActions.includes(action as AuditAction) ? (action as AuditAction) : null,
    from: dateOf(p.get('from')),
    to: dateOf(p.get('to')),
    companyId: p.get('companyId') || null,
    adminId: p.get('adminId') || null,
    pageNumber: pageOf(p.get('page')),
  };
}

/** The address query of a trail (without "?"): only the filters in use and a page after the first, in a fixed order. */
export function auditSearchOf(q: AuditQuery): string {
  const p = new URLSearchParams();
  for (const key of ['action', 'from', 'to', 'companyId', 'adminId'] as const) {
    const value = q[key];
    if (value) p.set(key, value);
  }
  if (q.pageNumber > 1) p.set('page', String(q.pageNumber));
  return p.toString();
}

export const sameAuditQuery = (a: AuditQuery, b: AuditQuery) => auditSearchOf(a) === auditSearchOf(b);

export interface AuditContext {
  query: AuditQuery;
  /** The last answer, kept on screen (dimmed) while the next one loads. */
  list: AuditList | null;
  errors: string[];
  /** Every administrator met in the trail so far, by name: the choices of the admin filter. */
  admins: Person[];
}

export type AuditEvent =
  /** A filter changed (or several): back to page 1. */
  | { type: 'audit.filter'; change: Partial<AuditFilters> }
  | { type: 'audit.page'; page: number }
  /** The address changed (Back, Forward, a link): the trail it names. */
  | { type: 'audit.query'; query: AuditQuery }
  | { type: 'audit.retry' };

/** `admins` with those of `list` added, by name. */
function withAdmins(admins: Person[], list: AuditList): Person[] {
  const byId = new Map(admins.map((a) => [a.id, a]));
  for (const e of list.entries) if (!byId.has(e.admin.id)) byId.set(e.admin.id, e.admin);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The audit trail (GET Audit): every administrator action, newest first, 10 a page, narrowed by
 * action, a range of days, a company and an administrator. A filter change goes back to page 1; a
 * failure shows the answer's state errors, with a retry.
 */
export const auditMachine = setup({
  types: {
    context: {} as AuditContext,
    events: {} as AuditEvent,
    input: {} as Partial<AuditQuery> | undefined,
  },
  actors: {
    load: fromPromise<AuditList, AuditQuery>(async ({ input, signal }) => {
      const query = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null));
      return (await adminService.audit({ ...query, pageSize: ADMIN_PAGE_SIZE }, { signal })).data;
    }),
  },
  guards: {
    filterChanged: ({ context }, { change }: { change: Partial<AuditFilters> }) =>
      !sameAuditQuery({ ...context.query, ...change, pageNumber: 1 }, context.query),
    pageValid: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page >= 1 && page <= adminPageCount(context.list?.totalCount ?? 0) && page !== context.query.pageNumber,
    queryChanged: ({ context }, { query }: { query: AuditQuery }) => !sameAuditQuery(query, context.query),
  },
}).createMachine({
  id: 'audit',
  context: ({ input }) => ({ query: { ...DEFAULT_AUDIT_QUERY, ...input }, list: null, errors: [], admins: [] }),
  initial: 'loading',
  on: {
    'audit.filter': {
      guard: { type: 'filterChanged', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ query: ({ context, event }) => ({ ...context.query, ...event.change, pageNumber: 1 }) }),
    },
    'audit.page': {
      guard: { type: 'pageValid', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ query: ({ context, event }) => ({ ...context.query, pageNumber: event.page }) }),
    },
    'audit.query': {
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
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ list: event.output, admins: withAdmins(context.admins, event.output) })),
        },
        onError: {
          target: 'failed',
          actions: assign({ list: null, errors: ({ event }) => messagesOf(event.error, HttpMessages.unexpected) }),
        },
      },
    },
    ready: {},
    failed: { tags: ['error'], on: { 'audit.retry': 'loading' } },
  },
});

type Snap = SnapshotFrom<typeof auditMachine>;

export const selectErrors = (s: Snap) => (s.matches('failed') ? s.context.errors : []);
export const selectPageCount = (s: Snap) => adminPageCount(s.context.list?.totalCount ?? 0);
/** The company the trail is narrowed to, named from an entry about it when the page has one. */
export const selectCompany = (s: Snap): { id: string; name: string | null } | null => {
  const id = s.context.query.companyId;
  if (!id) return null;
  const entry = s.context.list?.entries.find((e) => e.targetType === 'company' && e.targetId === id);
  return { id, name: entry?.targetName ?? null };
};
/** The administrator the trail is narrowed to, named when met. */
export const selectAdmin = (s: Snap): { id: string; name: string | null } | null => {
  const id = s.context.query.adminId;
  if (!id) return null;
  return { id, name: s.context.admins.find((a) => a.id === id)?.name ?? null };
};
