import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { BoostAnalytics, Subscription } from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';

export interface JobBoostContext {
  jobId: string;
  current: Subscription | null;
  /** What the current boost brought so far; null until read, or when it could not be. */
  analytics: BoostAnalytics | null;
}

/**
 * Whether one of the company's jobs is boosted now, for its staff (spec 2 §7 GET user with the
 * job and the current boosts): the boost and until when, or none, and what it brought so far
 * ({id}/analytics, which recruiters may read too). Not knowing is shown as nothing. A boost made
 * meanwhile (the boost dialog) is taken as it is.
 */
export const jobBoostMachine = setup({
  types: {
    context: {} as JobBoostContext,
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
    loadAnalytics: fromPromise<BoostAnalytics, { subscriptionId: string }>(async ({ input, signal }) => {
      const answer = await billingService.analytics(input.subscriptionId, { signal, quiet: true });
      return answer.data;
    }),
  },
  guards: {
    boosted: ({ context }) => context.current !== null,
  },
}).createMachine({
  id: 'jobBoost',
  context: ({ input }) => ({ jobId: input.jobId, current: null, analytics: null }),
  initial: 'loading',
  on: {
    'boost.made': {
      target: '.known',
      actions: assign(({ event }) => {
        assertEvent(event, 'boost.made');
        return { current: event.subscription, analytics: null };
      }),
    },
  },
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
    known: {
      initial: 'figures',
      states: {
        figures: {
          always: { guard: { type: 'boosted' }, target: 'loadingFigures' },
        },
        loadingFigures: {
          invoke: {
            id: 'loadAnalytics',
            src: 'loadAnalytics',
            input: ({ context }) => ({ subscriptionId: context.current!.id }),
            onDone: { target: 'shown', actions: assign({ analytics: ({ event }) => event.output }) },
            // The boost is still worth showing without its figures.
            onError: 'shown',
          },
        },
        shown: {},
      },
    },
    unknown: {},
  },
});
