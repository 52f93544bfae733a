import { fromPromise, setup } from 'xstate';
import { suggestionsService } from '../../services/suggestions.ts';

/**
 * The job seeker opened a job from an invitation (/jobs/<id>?invite=<id>): tells the company it was
 * viewed, once, quietly. A failure changes nothing on the page.
 */
export const invitationViewedMachine = setup({
  types: { input: {} as { invitationId: string } },
  actors: {
    markViewed: fromPromise<unknown, string>(async ({ input, signal }) => (await suggestionsService.viewed(input, signal)).data),
  },
}).createMachine({
  id: 'invitationViewed',
  initial: 'marking',
  context: ({ input }) => ({ invitationId: input.invitationId }),
  states: {
    marking: {
      invoke: { id: 'markViewed', src: 'markViewed', input: ({ context }) => context.invitationId, onDone: 'marked', onError: 'failed' },
    },
    marked: { type: 'final' },
    failed: { type: 'final' },
  },
});
