import { assign, fromPromise, setup } from 'xstate';
import { shellService } from '../../services/shell.ts';

/** For a job seeker the navigation fetches the profile completion percentage (spec 1 §2). */
export const profileCompletionMachine = setup({
  types: {
    context: {} as { percentage: number | null },
    events: {} as { type: 'completion.reload' },
  },
  actors: {
    load: fromPromise<number>(async ({ signal }) => (await shellService.profileCompletePercentage(signal)).data),
  },
}).createMachine({
  id: 'profileCompletion',
  context: { percentage: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ percentage: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    loaded: { on: { 'completion.reload': 'loading' } },
    failed: { on: { 'completion.reload': 'loading' } },
  },
});
