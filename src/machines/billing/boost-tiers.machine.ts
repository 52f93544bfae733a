import { assign, fromPromise, setup } from 'xstate';
import { BillingMessages, type BoostTier } from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';

/**
 * The boost tiers on sale (spec 2 §7 boost-tiers), for the draft wizard's boost step: read once,
 * "Failed to load boost tiers" with a retry when they cannot be.
 */
export const boostTiersMachine = setup({
  types: { context: {} as { tiers: BoostTier[]; loadError: string | null }, events: {} as { type: 'tiers.retry' } },
  actors: {
    load: fromPromise<BoostTier[]>(async ({ signal }) => (await billingService.tiers({ signal, quiet: true })).data),
  },
}).createMachine({
  id: 'boostTiers',
  context: { tiers: [], loadError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ tiers: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ loadError: BillingMessages.loadTiers }) },
      },
    },
    failed: { tags: ['error'], on: { 'tiers.retry': 'loading' } },
    ready: {},
  },
});
