import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  BillingMessages,
  boostLengths,
  type BoostLength,
  type BoostResult,
  type BoostTier,
  type PaymentInfo,
  type PaymentMethod,
  type Subscription,
  type TierPrice,
} from '../../contract/billing.ts';
import type { OutcomeCode } from '../../contract/outcome-codes.ts';
import { billingService } from '../../services/billing.ts';
import { codeOf, errorMessage } from '../../services/http.ts';
import { loadStripeFor } from '../../services/stripe.ts';
import { cardFormMachine } from './card-form.machine.ts';
import { cardFormInputOf, withAdded } from './payment-methods.machine.ts';
import {
  CARD_FAILURE_MESSAGES,
  cardFailureOf,
  LoadFailure,
  loadMessageOf,
  paymentInfoFailure,
  ProcessorError,
  reasonOfStripeError,
} from './processor.ts';

/** The job a boost is for. */
export interface BoostJob {
  id: string;
  title: string;
}

/** A tier and length chosen before the dialog opened (the draft's subscriptionPlan). */
export interface BoostPlanChoice {
  tierId: string;
  lengthDays: number;
}

export interface BoostInput {
  job: BoostJob;
  /** Starts with this tier and length chosen, when the tiers still offer them. */
  plan?: BoostPlanChoice | null;
  /** Opened right after publishing the job from its draft (the call the draft wizard uses). */
  fromDraft?: boolean;
}

export interface BoostLoaded {
  tiers: BoostTier[];
  info: PaymentInfo;
}

export interface CreateInput {
  jobPostId: string;
  tierId: string;
  lengthDays: BoostLength;
  paymentMethodId: string | null;
  idempotencyKey: string;
  fromDraft: boolean;
}

/** What creating a boost came to, by the answer's outcome code. */
export interface CreateOutcome {
  result: BoostResult;
  code: OutcomeCode | null;
}

/** Why the boost was not made, as the dialog says it. */
export interface BoostFailure {
  message: string;
  /** The server's reason, when it gave one beside the spec's message. */
  detail: string | null;
}

export interface BoostContext {
  job: BoostJob;
  fromDraft: boolean;
  /** The plan the dialog opened with, until the tiers are read. */
  plan: BoostPlanChoice | null;
  tiers: BoostTier[];
  info: PaymentInfo | null;
  methods: PaymentMethod[];
  tierId: string | null;
  lengthDays: BoostLength | null;
  methodId: string | null;
  /** One per attempt to pay; a retry of the same attempt sends the same one, so it charges once. */
  idempotencyKey: string | null;
  /** The boost as the server answered (waiting for the bank, or boosted). */
  subscription: Subscription | null;
  /** What the bank's confirmation is done with. */
  clientSecret: string | null;
  loadError: string | null;
  failure: BoostFailure | null;
  /** A note on the card step (no card yet). */
  methodNote: string | null;
}

export type BoostEvent =
  | { type: 'boost.retry' }
  | { type: 'tier.choose'; tierId: string }
  | { type: 'length.choose'; lengthDays: BoostLength }
  | { type: 'method.choose'; id: string }
  | { type: 'card.add' }
  | { type: 'card.cancel' }
  | { type: 'boost.next' }
  | { type: 'boost.back' }
  | { type: 'boost.confirm' }
  /** After a refused card: choose another. */
  | { type: 'boost.changeCard' }
  /** The test processor's stand-in for the bank's page. */
  | { type: 'auth.approve' }
  | { type: 'auth.fail' };

export type BoostEmitted = { type: 'boosted'; jobId: string; subscription: Subscription };

export interface BoostOutput {
  jobId: string;
  subscription: Subscription;
}

const isLength = (n: number | null | undefined): n is BoostLength => (boostLengths as readonly number[]).includes(n ?? -1);

/** A tier's price for a length, as the server priced it. */
export const priceOf = (tier: BoostTier | undefined | null, lengthDays: number | null): TierPrice | null =>
  tier?.prices.find((p) => p.lengthDays === lengthDays) ?? null;

const tierOf = (context: Pick<BoostContext, 'tiers' | 'tierId'>) => context.tiers.find((t) => t.id === context.tierId) ?? null;

/** The default card, else the first, else none. */
const preferredCard = (methods: PaymentMethod[]) => (methods.find((m) => m.isDefault) ?? methods[0])?.id ?? null;

/** The tier and length of the plan, when the tiers sell them. */
function planOf(tiers: BoostTier[], plan: BoostPlanChoice | null): { tierId: string | null; lengthDays: BoostLength | null } {
  const tier = tiers.find((t) => t.id === plan?.tierId);
  if (!tier) return { tierId: null, lengthDays: null };
  const lengthDays = plan && isLength(plan.lengthDays) && priceOf(tier, plan.lengthDays) ? plan.lengthDays : null;
  return { tierId: tier.id, lengthDays };
}

const failure = (message: string, detail: string | null = null): BoostFailure => ({ message, detail });

/** The words for a boost that was not made: a card's refusal, else the spec's message with the server's reason. */
function failureOf(err: unknown): BoostFailure {
  const card = cardFailureOf(err);
  if (card) return failure(CARD_FAILURE_MESSAGES[card]);
  const code = codeOf(err);
  const detail =
    code === 'boost.alreadyBoosted'
      ? BillingMessages.alreadyBoosted
      : code === 'boost.jobNotOpen'
        ? BillingMessages.jobNotOpen
        : code
          ? errorMessage(err, '')
          : null;
  return failure(BillingMessages.createSubscription, detail || null);
}

/**
 * Boosting a job (spec 2 §1, §4, §7 create, payment-intent; §8): choose a tier, its length, and
 * the card to pay with (the default chosen; a new one added with the card form), then confirm the
 * price the server sets. Paying either boosts the job at once, is refused with the card's reason
 * (declined, insufficient funds, expired, not confirmed by the bank) and another card can be
 * chosen, or waits for the bank's confirmation (boost.requiresAction): Stripe.js
 * confirmCardPayment, or the test processor's stand-in page with Approve and Fail; then the
 * server is asked where the payment stands (payment-intent). Each attempt to pay has its own
 * idempotency key, which a retry of the same attempt sends again. A boosted job is announced
 * (`boosted`) so the list that opened the dialog marks it boosted (spec 2 §4).
 */
export const boostMachine = setup({
  types: {
    context: {} as BoostContext,
    events: {} as BoostEvent,
    input: {} as BoostInput,
    output: {} as BoostOutput,
    emitted: {} as BoostEmitted,
    children: {} as { cardForm: 'cardForm' },
  },
  actors: {
    load: fromPromise<BoostLoaded>(async ({ signal }) => {
      const [tiers, info] = await Promise.all([
        billingService.tiers({ signal, quiet: true }).then(
          (r) => r.data,
          (err: unknown) => {
            throw new LoadFailure(BillingMessages.loadTiers, err);
          },
        ),
        billingService.paymentInfo({ signal, quiet: true }).then(
          (r) => r.data,
          (err: unknown) => {
            throw paymentInfoFailure(err);
          },
        ),
      ]);
      return { tiers, info };
    }),
    create: fromPromise<CreateOutcome, CreateInput>(async ({ input, signal }) => {
      const { fromDraft, ...body } = input;
      const answer = await (fromDraft ? billingService.createFromDraft : billingService.create)(body, { signal, quiet: true });
      return { result: answer.data, code: answer.code ?? null };
    }),
    /** The test processor's stand-in for the bank's page: the employer approves or fails the payment. */
    testAuthenticate: fromPromise<void, { clientSecret: string; approve: boolean }>(async ({ input, signal }) => {
      await billingService.testAuthentication(input, { signal, quiet: true });
    }),
    /** Stripe.js shows the bank's confirmation (3-D Secure) for the payment. */
    processorAuthenticate: fromPromise<void, { publishableKey: string; clientSecret: string }>(async ({ input }) => {
      const stripe = await loadStripeFor(input.publishableKey);
      const answer = await stripe.confirmCardPayment(input.clientSecret);
      if (answer.error) throw new ProcessorError(reasonOfStripeError(answer.error));
    }),
    confirmPayment: fromPromise<CreateOutcome, { subscriptionId: string }>(async ({ input, signal }) => {
      const answer = await billingService.confirmPayment(input.subscriptionId, { signal, quiet: true });
      return { result: answer.data, code: answer.code ?? null };
    }),
    cardForm: cardFormMachine,
  },
  actions: {
    /** A new attempt to pay. */
    freshKey: assign({ idempotencyKey: () => crypto.randomUUID() }),
    keepAnswer: assign((_, outcome: CreateOutcome) => ({
      subscription: outcome.result.subscription,
      clientSecret: outcome.result.clientSecret,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: failureOf(error) })),
    announce: emit(({ context }) => ({ type: 'boosted' as const, jobId: context.job.id, subscription: context.subscription! })),
  },
  guards: {
    hasPlan: ({ context }) => context.tierId !== null && context.lengthDays !== null,
    hasTier: ({ context }) => tierOf(context) !== null,
    hasLength: ({ context }) => priceOf(tierOf(context), context.lengthDays) !== null,
    hasCard: ({ context }) => context.methods.some((m) => m.id === context.methodId),
    knownTier: ({ context }, { tierId }: { tierId: string }) => context.tiers.some((t) => t.id === tierId),
    offered: ({ context }, { lengthDays }: { lengthDays: number }) => priceOf(tierOf(context), lengthDays) !== null,
    knownCard: ({ context }, { id }: { id: string }) => context.methods.some((m) => m.id === id),
    requiresAction: (_, outcome: CreateOutcome) => outcome.code === 'boost.requiresAction' && outcome.result.clientSecret !== null,
    /** Paid: the boost is active (payment-intent answers the boost as it stands). */
    active: (_, outcome: CreateOutcome) => outcome.code === 'boost.created' || outcome.result.subscription.status === 'active',
    cardRefused: (_, { error }: { error: unknown }) => cardFailureOf(error) !== null,
    noCard: (_, { error }: { error: unknown }) => codeOf(error) === 'payment.methodRequired',
    testProcessor: ({ context }) => context.info?.provider !== 'stripe' || !context.info.publishableKey,
  },
}).createMachine({
  id: 'boost',
  context: ({ input }) => ({
    job: input.job,
    fromDraft: input.fromDraft ?? false,
    plan: input.plan ?? null,
    tiers: [],
    info: null,
    methods: [],
    tierId: null,
    lengthDays: null,
    methodId: null,
    idempotencyKey: null,
    subscription: null,
    clientSecret: null,
    loadError: null,
    failure: null,
    methodNote: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'opening',
          actions: assign(({ context, event }) => ({
            tiers: event.output.tiers,
            info: event.output.info,
            methods: event.output.info.paymentMethods,
            methodId: preferredCard(event.output.info.paymentMethods),
            ...planOf(event.output.tiers, context.plan),
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ loadError: ({ event }) => loadMessageOf(event.error, BillingMessages.loadTiers) }),
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'boost.retry': 'loading' },
    },
    /** A plan chosen in the draft goes straight to the card. */
    opening: {
      always: [{ guard: 'hasPlan', target: 'method' }, { target: 'tier' }],
    },
    tier: {
      on: {
        'tier.choose': {
          guard: { type: 'knownTier', params: ({ event }) => ({ tierId: event.tierId }) },
          // A length the new tier does not sell is chosen again.
          actions: assign(({ context, event }) => ({
            tierId: event.tierId,
            lengthDays: priceOf(
              context.tiers.find((t) => t.id === event.tierId),
              context.lengthDays,
            )
              ? context.lengthDays
              : null,
          })),
        },
        'boost.next': { guard: 'hasTier', target: 'length' },
      },
    },
    length: {
      on: {
        'length.choose': {
          guard: { type: 'offered', params: ({ event }) => ({ lengthDays: event.lengthDays }) },
          actions: assign({ lengthDays: ({ event }) => event.lengthDays }),
        },
        'boost.next': { guard: 'hasLength', target: 'method' },
        'boost.back': 'tier',
      },
    },
    method: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'method.choose': {
              guard: { type: 'knownCard', params: ({ event }) => ({ id: event.id }) },
              actions: assign({ methodId: ({ event }) => event.id, methodNote: null }),
            },
            'card.add': 'adding',
            'boost.next': [
              { guard: 'hasCard', target: '#boost.confirm' },
              { actions: assign({ methodNote: BillingMessages.noPaymentMethod }) },
            ],
            'boost.back': '#boost.length',
          },
        },
        adding: {
          invoke: {
            id: 'cardForm',
            src: 'cardForm',
            input: ({ context }) => cardFormInputOf(context.info, context.methods),
            onDone: {
              target: 'choosing',
              actions: assign(({ context, event }) => ({
                methods: withAdded(context.methods, event.output),
                methodId: event.output.id,
                methodNote: null,
              })),
            },
          },
          on: { 'card.cancel': 'choosing' },
        },
      },
    },
    confirm: {
      entry: ['freshKey', assign({ failure: null })],
      on: {
        'boost.confirm': 'processing',
        'boost.back': 'method',
      },
    },
    processing: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({
          jobPostId: context.job.id,
          tierId: context.tierId!,
          lengthDays: context.lengthDays!,
          paymentMethodId: context.methodId,
          idempotencyKey: context.idempotencyKey!,
          fromDraft: context.fromDraft,
        }),
        onDone: [
          {
            guard: { type: 'requiresAction', params: ({ event }) => event.output },
            target: 'authenticating',
            actions: { type: 'keepAnswer', params: ({ event }) => event.output },
          },
          { target: 'boosted', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'cardRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'declined',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          {
            // The card chosen is gone: add one.
            guard: { type: 'noCard', params: ({ event }) => ({ error: event.error }) },
            target: '#boost.method',
            actions: assign({ methodNote: BillingMessages.noPaymentMethod, methodId: null }),
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** Not made, for a reason other than the card: the same attempt can be tried again. */
    failed: {
      tags: ['error'],
      on: {
        'boost.retry': 'processing',
        'boost.back': 'confirm',
      },
    },
    /** The card was refused: nothing is charged; another card can be chosen. */
    declined: {
      tags: ['error'],
      on: { 'boost.changeCard': { target: 'method', actions: assign({ failure: null }) } },
    },
    /** The bank asks the employer to confirm the first payment (boost.requiresAction). */
    authenticating: {
      initial: 'routing',
      states: {
        routing: {
          always: [{ guard: 'testProcessor', target: 'challenge' }, { target: 'processor' }],
        },
        /** The test processor's stand-in for the bank's page. */
        challenge: {
          on: { 'auth.approve': 'approving', 'auth.fail': 'refusing' },
        },
        approving: {
          tags: ['busy'],
          invoke: {
            id: 'testAuthenticate',
            src: 'testAuthenticate',
            input: ({ context }) => ({ clientSecret: context.clientSecret!, approve: true }),
            onDone: 'finishing',
            onError: { target: '#boost.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        refusing: {
          tags: ['busy'],
          invoke: {
            id: 'testAuthenticate',
            src: 'testAuthenticate',
            input: ({ context }) => ({ clientSecret: context.clientSecret!, approve: false }),
            onDone: 'finishing',
            onError: { target: '#boost.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** Stripe.js shows the bank's page; whatever it says, the server is asked where the payment stands. */
        processor: {
          tags: ['busy'],
          invoke: {
            id: 'processorAuthenticate',
            src: 'processorAuthenticate',
            input: ({ context }) => ({ publishableKey: context.info!.publishableKey!, clientSecret: context.clientSecret! }),
            onDone: 'finishing',
            onError: 'finishing',
          },
        },
        finishing: {
          tags: ['busy'],
          invoke: {
            id: 'confirmPayment',
            src: 'confirmPayment',
            input: ({ context }) => ({ subscriptionId: context.subscription!.id }),
            onDone: [
              {
                guard: { type: 'active', params: ({ event }) => event.output },
                target: '#boost.boosted',
                actions: { type: 'keepAnswer', params: ({ event }) => event.output },
              },
              {
                // Still not paid: the bank did not confirm it.
                target: '#boost.declined',
                actions: [
                  { type: 'keepAnswer', params: ({ event }) => event.output },
                  assign({ failure: failure(CARD_FAILURE_MESSAGES.authenticationFailed) }),
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'cardRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#boost.declined',
                actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              },
              { target: '#boost.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    boosted: {
      type: 'final',
      entry: 'announce',
    },
  },
  output: ({ context }) => ({ jobId: context.job.id, subscription: context.subscription! }),
});

type Snap = SnapshotFrom<typeof boostMachine>;

export type BoostStep =
  | 'loading'
  | 'loadFailed'
  | 'tier'
  | 'length'
  | 'method'
  | 'adding'
  | 'confirm'
  | 'processing'
  | 'failed'
  | 'declined'
  | 'challenge'
  | 'authenticating'
  | 'boosted';

/** Which screen of the dialog shows. */
export function selectBoostStep(s: Snap): BoostStep {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('tier')) return 'tier';
  if (s.matches('length')) return 'length';
  if (s.matches({ method: 'adding' })) return 'adding';
  if (s.matches('method')) return 'method';
  if (s.matches('confirm')) return 'confirm';
  if (s.matches('failed')) return 'failed';
  if (s.matches('declined')) return 'declined';
  if (s.matches({ authenticating: 'challenge' })) return 'challenge';
  if (s.matches('authenticating')) return 'authenticating';
  if (s.matches('boosted')) return 'boosted';
  return 'processing';
}

export const selectTier = (s: Snap) => tierOf(s.context);
/** The server's price for the tier and length chosen. */
export const selectPrice = (s: Snap) => priceOf(tierOf(s.context), s.context.lengthDays);
export const selectMethod = (s: Snap) => s.context.methods.find((m) => m.id === s.context.methodId) ?? null;
/** The card form, while a card is being added. */
export const selectCardForm = (s: Snap) => (s.matches({ method: 'adding' }) ? s.children.cardForm : undefined);
