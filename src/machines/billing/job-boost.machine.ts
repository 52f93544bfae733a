import { assign, fromPromise, setup } from 'xstate';
import type { Subscription } from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';

/**
 * Whether one of the company's jobs is boosted now, for its staff (spec 2 §7 GET user with the
 * job and the current boosts): the boost and until when, or none. Not knowing is shown as nothing.
 * A boost made meanwhile (the boost dialog) is taken as it is.
 */
export const jobBoostMachine = setup({
  types: {
    context: {} as { jobId: string; current: Subscription | null },
    events: {} as { type: 'boost.made'; subscription: Subscription },
    input: {} as { jobId: string },
  },
  actors: {
    load: fromPromise<Subscription | null, { jobId: string }>(async ({ input, signal }) => {
      const answer = await billingService.subscriptions(
        { status: 'current', jobPostId: input.jobId, pageNumber: 1, pageSize: 1 },
        { signal, quiet: true },
      );
      return answer.data.items[0] ?? null;
    }),
  },
}).createMachine({
  id: 'jobBoost',
  context: ({ input }) => ({ jobId: input.jobId, current: null }),
  initial: 'loading',
  on: { 'boost.made': { target: '.known', actions: assign({ current: ({ event }) => event.subscription }) } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ jobId: context.jobId }),
        onDone: { target: 'known', actions: assign({ current: ({ event }) => event.output }) },
        onError: 'unknown',
      },
    },
    known: {},
    unknown: {},
  },
});
