import { assign, fromPromise, setup } from 'xstate';
import { DASHBOARD_INVITATIONS, type SeekerInvitationPage } from '../../contract/suggestions.ts';
import { suggestionsService } from '../../services/suggestions.ts';

export interface SeekerInvitationsContext {
  page: SeekerInvitationPage | null;
}

export type SeekerInvitationsEvent = { type: 'invitations.retry' };

/** The job seeker's newest invitations to apply, for the dashboard's Invitations card. */
export const seekerInvitationsMachine = setup({
  types: {
    context: {} as SeekerInvitationsContext,
    events: {} as SeekerInvitationsEvent,
  },
  actors: {
    load: fromPromise<SeekerInvitationPage>(async ({ signal }) => (await suggestionsService.mine(DASHBOARD_INVITATIONS, signal)).data),
  },
}).createMachine({
  id: 'seekerInvitations',
  context: { page: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ page: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { tags: ['error'], on: { 'invitations.retry': 'loading' } },
  },
});
