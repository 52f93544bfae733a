import type { Stripe } from '@stripe/stripe-js';
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  BillingMessages,
  testCardSchema,
  type PaymentMethod,
  type PaymentProviderName,
  type SetupIntent,
  type TestCardRequest,
} from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';
import { ApiError, codeOf } from '../../services/http.ts';
import { loadStripeFor } from '../../services/stripe.ts';
import { CARD_FIELD_MESSAGES, ProcessorError, type CardConfirmer, type CardField } from './processor.ts';

export const cardFields = ['number', 'expiry', 'cvc'] as const satisfies readonly CardField[];

export interface CardFormInput {
  /** The processor the company's payment information names. */
  provider: PaymentProviderName;
  /** Stripe's publishable key; null with the test processor. */
  publishableKey: string | null;
  /** The company has no card yet: this one becomes the default whatever is chosen. */
  firstCard: boolean;
}

/** What the form needs before a card can be typed: the setup to confirm, and Stripe.js for Stripe's form. */
export interface PreparedSetup {
  setup: SetupIntent;
  /** The Stripe object Stripe's card form mounts in; null with the test processor. */
  stripe: Stripe | null;
}

export interface ConfirmSetupInput {
  setup: SetupIntent;
  /** The test card form's fields, read for the test processor. */
  card: Omit<TestCardRequest, 'setupIntentId'> | null;
  /** Stripe's card form confirming the setup in the browser. */
  confirmer: CardConfirmer | null;
}

export interface CardFormContext {
  provider: PaymentProviderName;
  publishableKey: string | null;
  firstCard: boolean;
  setup: SetupIntent | null;
  stripe: Stripe | null;
  /** What is typed in the test card form. */
  fields: Record<CardField, string>;
  touched: Partial<Record<CardField, true>>;
  submitted: boolean;
  /** What the processor said of a field, until it changes. */
  serverErrors: Partial<Record<CardField, string>>;
  setAsDefault: boolean;
  /** The processor's id of the confirmed card: a failed save is tried again without confirming twice. */
  providerId: string | null;
  confirmer: CardConfirmer | null;
  /** Why the card could not be added (the form stays as typed). */
  error: string | null;
  /** The saved card, once it is. */
  added: PaymentMethod | null;
}

export type CardFormEvent =
  | { type: 'card.field'; field: CardField; value: string }
  | { type: 'card.blur'; field: CardField }
  | { type: 'card.default'; value: boolean }
  /** Stripe's form sends its confirmer; the test form sends nothing. */
  | { type: 'card.submit'; confirmer?: CardConfirmer }
  | { type: 'card.retry' };

export type CardFormEmitted = { type: 'notify'; tone: 'error' | 'success'; message: string };

/** Month and year of "MM/YY" (or "MM/YYYY"); null when the text is not an expiry. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  return { expMonth: Number(m[1]), expYear: Number(m[2]) };
}

/** The test form's fields as the test processor reads them. */
export function testCardOf(fields: Record<CardField, string>): Omit<TestCardRequest, 'setupIntentId'> | null {
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) return null;
  return { number: fields.number, cvc: fields.cvc, ...expiry };
}

/** What the contract's card rules say of the test form's fields, one message per field. */
export function cardFieldErrors(fields: Record<CardField, string>): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const expiry = parseExpiry(fields.expiry);
  const result = testCardSchema.safeParse({
    setupIntentId: 'checked-by-the-server',
    number: fields.number,
    cvc: fields.cvc,
    expMonth: expiry?.expMonth ?? Number.NaN,
    expYear: expiry?.expYear ?? Number.NaN,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOfKey(String(issue.path[0] ?? ''));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!expiry) errors.expiry = CARD_FIELD_MESSAGES.expiry;
  return errors;
}

/** The form field a key of the processor's fieldErrors names: `number`, `expMonth`, `body.cvc`… */
function fieldOfKey(key: string): CardField | null {
  const last = key.split('.').at(-1) ?? '';
  if (last === 'number') return 'number';
  if (last === 'expMonth' || last === 'expYear' || last === 'expiry') return 'expiry';
  if (last === 'cvc') return 'cvc';
  return null;
}

/** A refused card placed on the form's fields: card.invalid's fieldErrors, or the field Stripe.js named. */
function refusedFields(err: unknown): Partial<Record<CardField, string>> {
  const out: Partial<Record<CardField, string>> = {};
  if (err instanceof ProcessorError) {
    const field = fieldOfKey(err.reason);
    if (field) out[field] = err.message;
    return out;
  }
  if (!(err instanceof ApiError)) return out;
  for (const [key, message] of Object.entries(err.fieldErrors)) {
    const field = fieldOfKey(key);
    if (field && !out[field]) out[field] = message;
  }
  if (Object.keys(out).length === 0) out.number = err.message || CARD_FIELD_MESSAGES.number;
  return out;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : BillingMessages.addMethod);

/** The errors the form shows: a rule's for a field left once (all after a submit), the processor's word. */
export function shownCardErrors(context: CardFormContext): Partial<Record<CardField, string>> {
  const rules = context.provider === 'test' ? cardFieldErrors(context.fields) : {};
  const shown: Partial<Record<CardField, string>> = {};
  for (const field of cardFields) {
    if (rules[field] && (context.submitted || context.touched[field])) shown[field] = rules[field];
    if (context.serverErrors[field]) shown[field] = context.serverErrors[field];
  }
  return shown;
}

const failedToAdd = (context: CardFormContext) => ({ ...context, error: BillingMessages.addMethod });

/**
 * Adding a card (spec 2 §7 setup-intent/store, payment-methods/add): a setup is made at the
 * processor, then confirmed in the browser by the processor's own form: Stripe Elements
 * (confirmCardSetup with the setup's clientSecret), or the built-in test processor's form (test
 * mode, the contract's test card numbers); the confirmed card is then saved, the default when
 * asked or when it is the company's first. A refused field shows on that field; any other failure
 * says "Failed to add payment method" and keeps what was typed.
 */
export const cardFormMachine = setup({
  types: {
    context: {} as CardFormContext,
    events: {} as CardFormEvent,
    input: {} as CardFormInput,
    output: {} as PaymentMethod,
    emitted: {} as CardFormEmitted,
  },
  actors: {
    prepare: fromPromise<PreparedSetup, { provider: PaymentProviderName; publishableKey: string | null }>(async ({ input, signal }) => {
      const [setupAnswer, stripe] = await Promise.all([
        billingService.storeSetupIntent({ signal, quiet: true }),
        input.provider === 'stripe' && input.publishableKey ? loadStripeFor(input.publishableKey) : Promise.resolve(null),
      ]);
      return { setup: setupAnswer.data, stripe };
    }),
    confirmSetup: fromPromise<string, ConfirmSetupInput>(async ({ input, signal }) => {
      if (input.setup.provider === 'test') {
        if (!input.card) throw new ProcessorError('expiry');
        const answer = await billingService.testCard({ setupIntentId: input.setup.id, ...input.card }, { signal, quiet: true });
        if (!answer.data.paymentMethodId) throw new ProcessorError('other');
        return answer.data.paymentMethodId;
      }
      if (!input.confirmer) throw new ProcessorError('other');
      return input.confirmer.confirmSetup(input.setup.clientSecret);
    }),
    addMethod: fromPromise<PaymentMethod, { providerId: string; setAsDefault: boolean }>(
      async ({ input, signal }) => (await billingService.addPaymentMethod(input, { signal, quiet: true })).data,
    ),
  },
  actions: {
    notifyFailure: emit(({ context }) => ({
      type: 'notify' as const,
      tone: 'error' as const,
      message: context.error ?? BillingMessages.addMethod,
    })),
  },
  guards: {
    confirmed: ({ context }) => context.providerId !== null,
    /** Stripe's form checks its own fields; the test form's follow the contract's rules. */
    fieldsValid: ({ context }) => context.provider === 'stripe' || Object.keys(cardFieldErrors(context.fields)).length === 0,
    refusedField: (_, { error }: { error: unknown }) =>
      codeOf(error) === 'card.invalid' ||
      (error instanceof ProcessorError && (error.reason === 'number' || error.reason === 'expiry' || error.reason === 'cvc')),
    refusedCard: (_, { error }: { error: unknown }) => error instanceof ProcessorError && error.reason !== 'other',
  },
}).createMachine({
  id: 'cardForm',
  context: ({ input }) => ({
    provider: input.provider,
    publishableKey: input.publishableKey,
    firstCard: input.firstCard,
    setup: null,
    stripe: null,
    fields: { number: '', expiry: '', cvc: '' },
    touched: {},
    submitted: false,
    serverErrors: {},
    setAsDefault: input.firstCard,
    providerId: null,
    confirmer: null,
    error: null,
    added: null,
  }),
  initial: 'preparing',
  states: {
    preparing: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ context }) => ({ provider: context.provider, publishableKey: context.publishableKey }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            setup: event.output.setup,
            stripe: event.output.stripe,
            provider: event.output.setup.provider,
          })),
        },
        onError: { target: 'failed', actions: [assign(({ context }) => failedToAdd(context)), 'notifyFailure'] },
      },
    },
    /** The setup could not be made: nothing can be typed until it is tried again. */
    failed: {
      tags: ['error'],
      on: { 'card.retry': 'preparing' },
    },
    editing: {
      on: {
        'card.field': {
          actions: assign(({ context, event }) => {
            const serverErrors = { ...context.serverErrors };
            delete serverErrors[event.field];
            return { fields: { ...context.fields, [event.field]: event.value }, serverErrors, error: null };
          }),
        },
        'card.blur': { actions: assign(({ context, event }) => ({ touched: { ...context.touched, [event.field]: true as const } })) },
        'card.default': { actions: assign(({ context, event }) => ({ setAsDefault: context.firstCard || event.value })) },
        'card.submit': [
          { guard: 'confirmed', target: 'saving' },
          {
            guard: 'fieldsValid',
            target: 'confirming',
            actions: assign(({ event }) => ({ confirmer: event.confirmer ?? null, submitted: true, error: null })),
          },
          { actions: assign({ submitted: true }) },
        ],
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmSetup',
        src: 'confirmSetup',
        input: ({ context }) => ({
          setup: context.setup!,
          card: context.provider === 'test' ? testCardOf(context.fields) : null,
          confirmer: context.confirmer,
        }),
        onDone: { target: 'saving', actions: assign({ providerId: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'refusedField', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ serverErrors: ({ event }) => refusedFields(event.error) }),
          },
          {
            // Declined, expired, insufficient funds: the processor's reason, in the product's words.
            guard: { type: 'refusedCard', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ error: ({ event }) => messageOf(event.error) }),
          },
          { target: 'editing', actions: [assign(({ context }) => failedToAdd(context)), 'notifyFailure'] },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'addMethod',
        src: 'addMethod',
        input: ({ context }) => ({ providerId: context.providerId!, setAsDefault: context.firstCard || context.setAsDefault }),
        onDone: {
          target: 'done',
          actions: [
            assign({ added: ({ event }) => event.output }),
            emit({ type: 'notify', tone: 'success', message: BillingMessages.methodAdded }),
          ],
        },
        onError: { target: 'editing', actions: [assign(({ context }) => failedToAdd(context)), 'notifyFailure'] },
      },
    },
    done: {
      type: 'final',
    },
  },
  output: ({ context }) => context.added!,
});

type Snap = SnapshotFrom<typeof cardFormMachine>;

/** The form's errors as shown. */
export const selectCardErrors = (s: Snap) => shownCardErrors(s.context);
/** What the form is doing: getting ready, could not get ready, open for typing, or confirming and saving the card. */
export const selectCardStage = (s: Snap): 'preparing' | 'failed' | 'editing' | 'busy' | 'done' =>
  s.matches('preparing')
    ? 'preparing'
    : s.matches('failed')
      ? 'failed'
      : s.hasTag('busy')
        ? 'busy'
        : s.matches('done')
          ? 'done'
          : 'editing';
