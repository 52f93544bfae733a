import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AdminDashboard } from '../../contract/admin.ts';
import { adminService } from '../../services/admin.ts';
import { loadErrorOf } from './admin-errors.ts';

export interface AdminDashboardContext {
  dashboard: AdminDashboard | null;
  error: string | null;
}

export type AdminDashboardEvent = { type: 'dashboard.retry' } | { type: 'dashboard.refresh' };

/**
 * The back office's dashboard (AdminDashBoard): the operator's counts and the last 30 days, in the
 * browser's time zone. A refresh keeps the figures on screen while it reads them again; a failure
 * says why and offers to try again.
 */
export const adminDashboardMachine = setup({
  types: { context: {} as AdminDashboardContext, events: {} as AdminDashboardEvent },
  actors: {
    load: fromPromise<AdminDashboard>(async ({ signal }) => (await adminService.dashboard({ signal })).data),
  },
}).createMachine({
  id: 'adminDashboard',
  context: { dashboard: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ dashboard: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => loadErrorOf(event.error) }) },
      },
    },
    ready: { on: { 'dashboard.refresh': 'loading' } },
    failed: { tags: ['error'], on: { 'dashboard.retry': 'loading' } },
  },
});

type Snap = SnapshotFrom<typeof adminDashboardMachine>;
export const selectDashboard = (s: Snap) => s.context.dashboard;
export const selectError = (s: Snap) => (s.matches('failed') ? s.context.error : null);
