import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AdminCompanyDetail, AdminCompanyRow } from '../../contract/admin.ts';
import { adminService } from '../../services/admin.ts';
import { isMissing, loadErrorOf } from './admin-errors.ts';
import { companyActionMachine, type CompanyAction, type CompanyActionActorRef } from './company-action.machine.ts';

export interface CompanyPageInput {
  companyId: string;
}

export interface CompanyPageContext extends CompanyPageInput {
  detail: AdminCompanyDetail | null;
  /** Why the company could not be read (or read again after an action). */
  error: string | null;
}

export type CompanyPageEvent = { type: 'company.retry' } | { type: 'company.refresh' } | { type: 'action.open'; action: CompanyAction };

export type CompanyPageEmitted = { type: 'notify'; message: string };

/**
 * The actions a company's state allows: Deactivate or Activate, and Blacklist or Whitelist. A
 * blacklisted company is whitelisted first: blacklisting already does all that deactivation does.
 */
export function actionsFor(company: Pick<AdminCompanyRow, 'blacklistedAt' | 'deactivatedAt'>): CompanyAction[] {
  if (company.blacklistedAt) return ['whitelist'];
  return [company.deactivatedAt ? 'activate' : 'deactivate', 'blacklist'];
}

/**
 * A company in the back office (GetCompanyById): found, not found (an id no company has) or not
 * read (try again). Each action runs in its own dialog (company-action.machine.ts); when it
 * succeeds the page shows the company's new state at once, toasts the server's words and reads
 * the company again, so its staff, jobs, boosts and audit trail show what the action did.
 */
export const companyPageMachine = setup({
  types: {
    input: {} as CompanyPageInput,
    context: {} as CompanyPageContext,
    events: {} as CompanyPageEvent,
    emitted: {} as CompanyPageEmitted,
  },
  actors: {
    load: fromPromise<AdminCompanyDetail, CompanyPageInput>(
      async ({ input, signal }) => (await adminService.company(input.companyId, { signal })).data,
    ),
    action: companyActionMachine,
  },
  guards: {
    missing: (_, params: { error: unknown }) => isMissing(params.error),
    allowed: ({ context }, params: { action: CompanyAction }) =>
      !!context.detail && actionsFor(context.detail.company).includes(params.action),
    answered: (_, params: { answered: boolean }) => params.answered,
  },
}).createMachine({
  id: 'companyPage',
  context: ({ input }) => ({ companyId: input.companyId, detail: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'missing', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => loadErrorOf(event.error) }) },
        ],
      },
    },
    failed: { tags: ['error'], on: { 'company.retry': 'loading' } },
    notFound: {},
    ready: {
      initial: 'viewing',
      states: {
        viewing: {
          on: {
            'action.open': { guard: { type: 'allowed', params: ({ event }) => ({ action: event.action }) }, target: 'acting' },
            'company.refresh': 'refreshing',
          },
        },
        acting: {
          invoke: {
            id: 'action',
            src: 'action',
            input: ({ context, event }) => ({
              companyId: context.companyId,
              action: (event as Extract<CompanyPageEvent, { type: 'action.open' }>).action,
            }),
            onDone: [
              {
                guard: { type: 'answered', params: ({ event }) => ({ answered: event.output.answer !== null }) },
                target: 'refreshing',
                actions: [
                  assign({
                    detail: ({ context, event }) => ({
                      ...context.detail!,
                      company: { ...context.detail!.company, ...event.output.answer!.company },
                    }),
                  }),
                  emit(({ event }) => ({ type: 'notify' as const, message: event.output.answer!.message })),
                ],
              },
              { target: 'viewing' },
            ],
            onError: 'viewing',
          },
        },
        /** Read again with the last answer on screen. */
        refreshing: {
          tags: ['refreshing'],
          entry: assign({ error: null }),
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ companyId: context.companyId }),
            onDone: { target: 'viewing', actions: assign({ detail: ({ event }) => event.output }) },
            onError: { target: 'viewing', actions: assign({ error: ({ event }) => loadErrorOf(event.error) }) },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof companyPageMachine>;

export type CompanyPageView = 'loading' | 'ready' | 'notFound' | 'failed';
export const selectView = (s: Snap): CompanyPageView =>
  s.matches('ready') ? 'ready' : s.matches('notFound') ? 'notFound' : s.matches('failed') ? 'failed' : 'loading';
export const selectDetail = (s: Snap) => s.context.detail;
export const selectError = (s: Snap) => s.context.error;
export const selectActionRef = (s: Snap) => s.children.action as CompanyActionActorRef | undefined;
