import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { BillingMessages, type PaymentInfo, type PaymentMethod } from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';
import { codeOf, errorMessage } from '../../services/http.ts';
import { cardFormMachine, type CardFormInput } from './card-form.machine.ts';
import { loadMessageOf, paymentInfoFailure } from './processor.ts';

export interface PaymentMethodsContext {
  info: PaymentInfo | null;
  /** The company's cards, the default first, as changed here since they were read. */
  methods: PaymentMethod[];
  loadError: string | null;
  /** The card a confirmation, a set-default or a removal is about. */
  target: PaymentMethod | null;
}

export type PaymentMethodsEvent =
  | { type: 'methods.retry' }
  | { type: 'method.setDefault'; id: string }
  | { type: 'method.remove'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'card.add' }
  | { type: 'card.cancel' };

export type PaymentMethodsEmitted = { type: 'notify'; tone: 'error' | 'success'; message: string };

const find = (context: PaymentMethodsContext, id: string) => context.methods.find((m) => m.id === id) ?? null;

/** Cards with one marked default: only that one (spec 2 §4). */
export const markDefault = (methods: PaymentMethod[], id: string) => methods.map((m) => ({ ...m, isDefault: m.id === id }));

/** Cards with one just added: the default first, the rest as they were. */
export function withAdded(methods: PaymentMethod[], added: PaymentMethod): PaymentMethod[] {
  const rest = methods.filter((m) => m.id !== added.id);
  const all = added.isDefault ? [added, ...markDefault(rest, added.id)] : [...rest, added];
  return all;
}

/** What the card form starts with: the company's processor, and whether this is its first card. */
export const cardFormInputOf = (info: PaymentInfo | null, methods: PaymentMethod[]): CardFormInput => ({
  provider: info?.provider ?? 'test',
  publishableKey: info?.publishableKey ?? null,
  firstCard: methods.length === 0,
});

/**
 * The company's cards on the billing page (spec 2 §3 Payment method, Payment info; §4; §7
 * payment-info, payment-methods/add, set-default, DELETE payment-methods/{id}): read once; adding
 * a card through the card form; setting the default marks only that card default; removing asks
 * first and drops the card here. Each failure is told in the words of spec 2 §8; a card a boost
 * renews on is refused with the server's reason (payment.methodInUse).
 */
export const paymentMethodsMachine = setup({
  types: {
    context: {} as PaymentMethodsContext,
    events: {} as PaymentMethodsEvent,
    emitted: {} as PaymentMethodsEmitted,
    children: {} as { cardForm: 'cardForm' },
  },
  actors: {
    load: fromPromise<PaymentInfo>(async ({ signal }) => {
      try {
        return (await billingService.paymentInfo({ signal, quiet: true })).data;
      } catch (err) {
        throw paymentInfoFailure(err);
      }
    }),
    setDefault: fromPromise<PaymentMethod[], { id: string }>(
      async ({ input, signal }) => (await billingService.setDefaultPaymentMethod(input.id, { signal, quiet: true })).data,
    ),
    remove: fromPromise<PaymentMethod[], { id: string }>(
      async ({ input, signal }) => (await billingService.removePaymentMethod(input.id, { signal, quiet: true })).data,
    ),
    cardForm: cardFormMachine,
  },
  actions: {
    fail: emit((_, { message }: { message: string }) => ({ type: 'notify' as const, tone: 'error' as const, message })),
    tell: emit((_, { message }: { message: string }) => ({ type: 'notify' as const, tone: 'success' as const, message })),
  },
  guards: {
    knownCard: ({ context }, { id }: { id: string }) => find(context, id) !== null,
    notDefault: ({ context }, { id }: { id: string }) => find(context, id)?.isDefault === false,
    inUse: (_, { error }: { error: unknown }) => codeOf(error) === 'payment.methodInUse',
  },
}).createMachine({
  id: 'paymentMethods',
  context: { info: null, methods: [], loadError: null, target: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ info: event.output, methods: event.output.paymentMethods })) },
        onError: {
          target: 'failed',
          actions: [
            assign({ loadError: ({ event }) => loadMessageOf(event.error, BillingMessages.loadPaymentInfo) }),
            { type: 'fail', params: ({ context }) => ({ message: context.loadError! }) },
          ],
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'methods.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'method.setDefault': {
              guard: { type: 'notDefault', params: ({ event }) => ({ id: event.id }) },
              target: 'settingDefault',
              actions: assign(({ context, event }) => ({ target: find(context, event.id) })),
            },
            'method.remove': {
              guard: { type: 'knownCard', params: ({ event }) => ({ id: event.id }) },
              target: 'confirmingRemove',
              actions: assign(({ context, event }) => ({ target: find(context, event.id) })),
            },
            'card.add': 'adding',
          },
        },
        confirmingRemove: {
          on: {
            'remove.confirm': 'removing',
            'remove.cancel': { target: 'idle', actions: assign({ target: null }) },
          },
        },
        settingDefault: {
          tags: ['busy'],
          invoke: {
            id: 'setDefault',
            src: 'setDefault',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({ methods: markDefault(context.methods, context.target!.id), target: null })),
                { type: 'tell', params: { message: BillingMessages.defaultSet } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [assign({ target: null }), { type: 'fail', params: { message: BillingMessages.setDefault } }],
            },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({ methods: context.methods.filter((m) => m.id !== context.target!.id), target: null })),
                { type: 'tell', params: { message: BillingMessages.methodRemoved } },
              ],
            },
            onError: [
              {
                // The card pays for a boost: the server says what to do first.
                guard: { type: 'inUse', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [
                  assign({ target: null }),
                  { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error, BillingMessages.methodInUse) }) },
                ],
              },
              {
                target: 'idle',
                actions: [assign({ target: null }), { type: 'fail', params: { message: BillingMessages.removeMethod } }],
              },
            ],
          },
        },
        adding: {
          invoke: {
            id: 'cardForm',
            src: 'cardForm',
            input: ({ context }) => cardFormInputOf(context.info, context.methods),
            onDone: { target: 'idle', actions: assign(({ context, event }) => ({ methods: withAdded(context.methods, event.output) })) },
          },
          on: { 'card.cancel': 'idle' },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof paymentMethodsMachine>;

/** Why the cards could not be read, while that failure shows. */
export const selectLoadError = (s: Snap) => (s.hasTag('error') ? s.context.loadError : null);
/** The card waiting for the user to confirm its removal. */
export const selectConfirmingRemove = (s: Snap) => (s.matches({ ready: 'confirmingRemove' }) ? s.context.target : null);
/** The card a running set-default or removal is about. */
export const selectBusyId = (s: Snap) => (s.hasTag('busy') ? (s.context.target?.id ?? null) : null);
/** The card form, while a card is being added. */
export const selectCardForm = (s: Snap) => (s.matches({ ready: 'adding' }) ? s.children.cardForm : undefined);
