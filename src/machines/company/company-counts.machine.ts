import { assign, fromPromise, setup } from 'xstate';
import type { DashboardCount } from '../../contract/company.ts';
import { companyService } from '../../services/company.ts';

/** The dashboard's counts for an employer or a recruiter: the company's job posts and applicants. */
export const companyCountsMachine = setup({
  types: {
    context: {} as { counts: DashboardCount | null },
    events: {} as { type: 'counts.retry' },
  },
  actors: {
    load: fromPromise<DashboardCount>(async ({ signal }) => (await companyService.dashboardCount(signal)).data),
  },
}).createMachine({
  id: 'companyCounts',
  context: { counts: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ counts: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    loaded: {},
    failed: { tags: ['error'], on: { 'counts.retry': 'loading' } },
  },
});
