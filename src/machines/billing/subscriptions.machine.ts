import { assign, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  BillingMessages,
  cancelBoostSchema,
  SUBSCRIPTION_PAGE_SIZE,
  type BillingCycle,
  type BoostAnalytics,
  type BoostLength,
  type BoostTier,
  type Budget,
  type CancelReason,
  type Subscription,
  type SubscriptionFilter,
} from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';
import { errorMessage } from '../../services/http.ts';
import { priceOf } from './boost.machine.ts';

export interface SubscriptionsQuery {
  status: SubscriptionFilter;
  pageNumber: number;
}

export interface SubscriptionPage {
  items: Subscription[];
  total: number;
}

/** A boost's spending, what it brought and its periods, for its detail panel. */
export interface BoostDetail {
  budget: Budget;
  analytics: BoostAnalytics;
  cycles: BillingCycle[];
}

export interface CancelInput {
  id: string;
  reason: CancelReason;
  details: string;
}

export interface ChangeInput {
  id: string;
  tierId: string;
  lengthDays: BoostLength;
}

export interface SubscriptionsContext {
  query: SubscriptionsQuery;
  items: Subscription[];
  total: number;
  loadError: string | null;
  /** The boost a cancel or a change is about. */
  target: Subscription | null;
  reason: CancelReason | null;
  details: string;
  /** What keeps the cancel or the change from being sent, or why it failed. */
  formError: string | null;
  /** The tiers a change offers. */
  tiers: BoostTier[];
  tierId: string | null;
  lengthDays: BoostLength | null;
  /** The boost whose detail panel is open, and what it shows. */
  detailOf: Subscription | null;
  detail: BoostDetail | null;
}

export type SubscriptionsEvent =
  | { type: 'subscriptions.status'; status: SubscriptionFilter }
  | { type: 'subscriptions.page'; page: number }
  | { type: 'subscriptions.retry' }
  /** Reads the page again (after a cancel, spec 2 §4). */
  | { type: 'subscriptions.reload' }
  | { type: 'cancel.open'; id: string }
  | { type: 'cancel.reason'; reason: CancelReason }
  | { type: 'cancel.details'; details: string }
  | { type: 'cancel.submit' }
  | { type: 'change.open'; id: string }
  | { type: 'change.tier'; tierId: string }
  | { type: 'change.length'; lengthDays: BoostLength }
  | { type: 'change.submit' }
  | { type: 'change.retry' }
  | { type: 'dialog.close' }
  | { type: 'detail.open'; id: string }
  | { type: 'detail.retry' }
  | { type: 'detail.close' };

export type SubscriptionsEmitted = { type: 'notify'; tone: 'error' | 'success'; message: string };

export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / SUBSCRIPTION_PAGE_SIZE));

/** A boost that still renews: it can be cancelled, or changed from its next period. */
export const isRenewing = (s: Subscription) => (s.status === 'active' || s.status === 'past_due') && !s.cancelAtPeriodEnd;
/** A boost that can be cancelled: still renewing, or waiting for its first payment. */
export const canCancel = (s: Subscription) => isRenewing(s) || (s.status === 'incomplete' && !s.cancelAtPeriodEnd);
export const canChange = isRenewing;

const find = (context: SubscriptionsContext, id: string) => context.items.find((s) => s.id === id) ?? null;
const replaced = (items: Subscription[], next: Subscription) => items.map((s) => (s.id === next.id ? next : s));

/** What the cancel form lacks, by the contract's rules; null when it can be sent. */
export function cancelError(context: Pick<SubscriptionsContext, 'reason' | 'details'>): string | null {
  const result = cancelBoostSchema.safeParse({ reason: context.reason ?? undefined, details: context.details });
  return result.success ? null : (result.error.issues[0]?.message ?? BillingMessages.reason);
}

/**
 * The company's boosts on the billing page (spec 2 §7 GET user, PUT {id}, POST {id}/cancel, GET
 * {id}/budget, analytics, billing-cycles): filtered by status (current, a status, or all), 10 a
 * page; a filter goes back to page 1. Cancelling asks for a reason (and words of one's own), then
 * the list is read again (spec 2 §4); a change of tier or length takes effect from the next period.
 * A boost's detail panel shows its spending, what it brought and its periods. Failures are told in
 * the words of spec 2 §8.
 */
export const subscriptionsMachine = setup({
  types: {
    context: {} as SubscriptionsContext,
    events: {} as SubscriptionsEvent,
    emitted: {} as SubscriptionsEmitted,
  },
  actors: {
    load: fromPromise<SubscriptionPage, SubscriptionsQuery>(async ({ input, signal }) => {
      const answer = await billingService.subscriptions({ ...input, pageSize: SUBSCRIPTION_PAGE_SIZE }, { signal, quiet: true });
      return { items: answer.data.items, total: answer.data.total };
    }),
    cancel: fromPromise<Subscription, CancelInput>(async ({ input, signal }) => {
      const { id, ...body } = input;
      return (await billingService.cancel(id, body, { signal, quiet: true })).data;
    }),
    loadTiers: fromPromise<BoostTier[]>(async ({ signal }) => (await billingService.tiers({ signal, quiet: true })).data),
    change: fromPromise<Subscription, ChangeInput>(async ({ input, signal }) => {
      const { id, ...body } = input;
      return (await billingService.change(id, body, { signal })).data;
    }),
    loadDetail: fromPromise<BoostDetail, { id: string }>(async ({ input, signal }) => {
      const [budget, analytics, cycles] = await Promise.all([
        billingService.budget(input.id, { signal }),
        billingService.analytics(input.id, { signal }),
        billingService.billingCycles(input.id, { signal }),
      ]);
      return { budget: budget.data, analytics: analytics.data, cycles: cycles.data };
    }),
  },
  actions: {
    fail: emit((_, { message }: { message: string }) => ({ type: 'notify' as const, tone: 'error' as const, message })),
    tell: emit((_, { message }: { message: string }) => ({ type: 'notify' as const, tone: 'success' as const, message })),
    clearForm: assign({ target: null, reason: null, details: '', formError: null, tierId: null, lengthDays: null }),
  },
  guards: {
    statusChanged: ({ context }, { status }: { status: SubscriptionFilter }) => status !== context.query.status,
    pageValid: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page >= 1 && page <= pageCountOf(context.total) && page !== context.query.pageNumber,
    cancellable: ({ context }, { id }: { id: string }) => {
      const s = find(context, id);
      return !!s && canCancel(s);
    },
    changeable: ({ context }, { id }: { id: string }) => {
      const s = find(context, id);
      return !!s && canChange(s);
    },
    known: ({ context }, { id }: { id: string }) => find(context, id) !== null,
    cancelReady: ({ context }) => cancelError(context) === null,
    /** A tier and a length it sells, other than what the boost has now. */
    changeReady: ({ context }) => {
      const tier = context.tiers.find((t) => t.id === context.tierId);
      if (!tier || !priceOf(tier, context.lengthDays)) return false;
      return tier.id !== context.target?.tierId || context.lengthDays !== context.target?.lengthDays;
    },
  },
}).createMachine({
  id: 'subscriptions',
  type: 'parallel',
  context: {
    query: { status: 'all', pageNumber: 1 },
    items: [],
    total: 0,
    loadError: null,
    target: null,
    reason: null,
    details: '',
    formError: null,
    tiers: [],
    tierId: null,
    lengthDays: null,
    detailOf: null,
    detail: null,
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'subscriptions.status': {
          guard: { type: 'statusChanged', params: ({ event }) => ({ status: event.status }) },
          target: '.loading',
          actions: assign(({ event }) => ({ query: { status: event.status, pageNumber: 1 } })),
        },
        'subscriptions.page': {
          guard: { type: 'pageValid', params: ({ event }) => ({ page: event.page }) },
          target: '.loading',
          actions: assign(({ context, event }) => ({ query: { ...context.query, pageNumber: event.page } })),
        },
        'subscriptions.reload': '.loading',
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => context.query,
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                items: event.output.items,
                total: event.output.total,
                query: { ...context.query, pageNumber: Math.min(context.query.pageNumber, pageCountOf(event.output.total)) },
              })),
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ loadError: BillingMessages.loadSubscriptions }),
                { type: 'fail', params: { message: BillingMessages.loadSubscriptions } },
              ],
            },
          },
        },
        failed: { tags: ['error'], on: { 'subscriptions.retry': 'loading' } },
        ready: {},
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'cancel.open': {
              guard: { type: 'cancellable', params: ({ event }) => ({ id: event.id }) },
              target: 'cancelling',
              actions: assign(({ context, event }) => ({ target: find(context, event.id), reason: null, details: '', formError: null })),
            },
            'change.open': {
              guard: { type: 'changeable', params: ({ event }) => ({ id: event.id }) },
              target: 'changing',
              actions: assign(({ context, event }) => {
                const target = find(context, event.id)!;
                return { target, tierId: target.tierId, lengthDays: target.lengthDays as BoostLength, formError: null };
              }),
            },
          },
        },
        cancelling: {
          initial: 'editing',
          on: { 'dialog.close': { target: 'idle', actions: 'clearForm' } },
          states: {
            editing: {
              on: {
                'cancel.reason': { actions: assign({ reason: ({ event }) => event.reason, formError: null }) },
                'cancel.details': { actions: assign({ details: ({ event }) => event.details, formError: null }) },
                'cancel.submit': [
                  { guard: 'cancelReady', target: 'sending' },
                  { actions: assign(({ context }) => ({ formError: cancelError(context) })) },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              on: { 'dialog.close': {} },
              invoke: {
                id: 'cancel',
                src: 'cancel',
                input: ({ context }) => ({ id: context.target!.id, reason: context.reason!, details: context.details }),
                onDone: {
                  target: '#subscriptions.action.idle',
                  actions: [
                    assign(({ context, event }) => ({ items: replaced(context.items, event.output) })),
                    'clearForm',
                    { type: 'tell', params: { message: BillingMessages.cancelled } },
                    // The list is read again (spec 2 §4).
                    raise({ type: 'subscriptions.reload' }),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    assign({ formError: BillingMessages.cancelSubscription }),
                    { type: 'fail', params: { message: BillingMessages.cancelSubscription } },
                  ],
                },
              },
            },
          },
        },
        changing: {
          initial: 'loadingTiers',
          on: { 'dialog.close': { target: 'idle', actions: 'clearForm' } },
          states: {
            loadingTiers: {
              tags: ['loading'],
              invoke: {
                id: 'loadTiers',
                src: 'loadTiers',
                onDone: { target: 'editing', actions: assign({ tiers: ({ event }) => event.output }) },
                onError: {
                  target: 'tiersFailed',
                  actions: [
                    assign({ formError: BillingMessages.loadTiers }),
                    { type: 'fail', params: { message: BillingMessages.loadTiers } },
                  ],
                },
              },
            },
            tiersFailed: {
              tags: ['error'],
              on: { 'change.retry': { target: 'loadingTiers', actions: assign({ formError: null }) } },
            },
            editing: {
              on: {
                'change.tier': {
                  actions: assign(({ context, event }) => ({
                    tierId: event.tierId,
                    lengthDays: priceOf(
                      context.tiers.find((t) => t.id === event.tierId),
                      context.lengthDays,
                    )
                      ? context.lengthDays
                      : null,
                    formError: null,
                  })),
                },
                'change.length': { actions: assign({ lengthDays: ({ event }) => event.lengthDays, formError: null }) },
                'change.submit': { guard: 'changeReady', target: 'sending' },
              },
            },
            sending: {
              tags: ['busy'],
              on: { 'dialog.close': {} },
              invoke: {
                id: 'change',
                src: 'change',
                input: ({ context }) => ({ id: context.target!.id, tierId: context.tierId!, lengthDays: context.lengthDays! }),
                onDone: {
                  target: '#subscriptions.action.idle',
                  actions: [
                    assign(({ context, event }) => ({ items: replaced(context.items, event.output) })),
                    'clearForm',
                    { type: 'tell', params: { message: BillingMessages.changed } },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: assign({ formError: ({ event }) => errorMessage(event.error, AccountMessages.generic) }),
                },
              },
            },
          },
        },
      },
    },
    detail: {
      initial: 'closed',
      on: {
        'detail.open': {
          guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
          target: '.loading',
          actions: assign(({ context, event }) => ({ detailOf: find(context, event.id), detail: null })),
        },
      },
      states: {
        closed: {},
        loading: {
          tags: ['detailLoading'],
          invoke: {
            id: 'loadDetail',
            src: 'loadDetail',
            input: ({ context }) => ({ id: context.detailOf!.id }),
            onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
            onError: 'failed',
          },
          on: { 'detail.close': { target: 'closed', actions: assign({ detailOf: null, detail: null }) } },
        },
        shown: { on: { 'detail.close': { target: 'closed', actions: assign({ detailOf: null, detail: null }) } } },
        failed: {
          on: {
            'detail.retry': 'loading',
            'detail.close': { target: 'closed', actions: assign({ detailOf: null, detail: null }) },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof subscriptionsMachine>;

export const selectLoadError = (s: Snap) => (s.matches({ list: 'failed' }) ? s.context.loadError : null);
export const selectPageCount = (s: Snap) => pageCountOf(s.context.total);
/** The boost waiting for its cancellation to be confirmed. */
export const selectCancelling = (s: Snap) => (s.matches({ action: 'cancelling' }) ? s.context.target : null);
export const selectChanging = (s: Snap) => (s.matches({ action: 'changing' }) ? s.context.target : null);
export const selectActionBusy = (s: Snap) => s.hasTag('busy');
/** The detail panel: closed, or the boost it is about with what could be read. */
export const selectDetail = (s: Snap) =>
  s.matches({ detail: 'closed' })
    ? null
    : {
        subscription: s.context.detailOf!,
        detail: s.context.detail,
        state: s.matches({ detail: 'loading' })
          ? ('loading' as const)
          : s.matches({ detail: 'failed' })
            ? ('failed' as const)
            : ('shown' as const),
      };
