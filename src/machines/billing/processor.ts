import { BillingMessages } from '../../contract/billing.ts';
import type { OutcomeCode } from '../../contract/outcome-codes.ts';
import { ApiError, codeOf } from '../../services/http.ts';

/*
 * What the billing machines share: the processor in the browser (Stripe.js, or the built-in test
 * processor's forms) behind two small interfaces, and the product's words for every way a card
 * or a payment fails.
 */

/** Why a payment was refused, as the employer is told (spec 2 §8 and the contract's codes). */
export type CardFailure = 'declined' | 'insufficientFunds' | 'expiredCard' | 'authenticationFailed';

export const CARD_FAILURE_MESSAGES: Record<CardFailure, string> = {
  declined: BillingMessages.declined,
  insufficientFunds: BillingMessages.insufficientFunds,
  expiredCard: BillingMessages.expiredCard,
  authenticationFailed: BillingMessages.authenticationFailed,
};

const failureOfCode: Partial<Record<OutcomeCode, CardFailure>> = {
  'payment.declined': 'declined',
  'payment.insufficientFunds': 'insufficientFunds',
  'payment.expiredCard': 'expiredCard',
  'payment.authenticationFailed': 'authenticationFailed',
};

/** A card field the processor's form refused. */
export type CardField = 'number' | 'expiry' | 'cvc';

export const CARD_FIELD_MESSAGES: Record<CardField, string> = {
  number: BillingMessages.cardNumber,
  expiry: BillingMessages.cardExpiry,
  cvc: BillingMessages.cardCvc,
};

/** What the processor in the browser refused, by reason: a field of the card, a payment failure, or something else. */
export type ProcessorReason = CardField | CardFailure | 'other';

/** A refusal by the processor in the browser (Stripe.js), told in the product's words. */
export class ProcessorError extends Error {
  constructor(
    readonly reason: ProcessorReason,
    message: string = reason === 'other' ? BillingMessages.addMethod : messageOfReason(reason),
  ) {
    super(message);
    this.name = 'ProcessorError';
  }
}

function messageOfReason(reason: Exclude<ProcessorReason, 'other'>): string {
  return reason in CARD_FIELD_MESSAGES ? CARD_FIELD_MESSAGES[reason as CardField] : CARD_FAILURE_MESSAGES[reason as CardFailure];
}

/** Stripe.js's error codes folded into the product's reasons (https://docs.stripe.com/error-codes). */
export function reasonOfStripeError(error: { code?: string | undefined; decline_code?: string | undefined }): ProcessorReason {
  const code = error.decline_code ?? error.code ?? '';
  if (/insufficient_funds/.test(code)) return 'insufficientFunds';
  if (/expired_card/.test(code)) return 'expiredCard';
  if (/authentication/.test(code)) return 'authenticationFailed';
  if (/(incorrect|invalid|incomplete)_number/.test(code)) return 'number';
  if (/(incorrect|invalid|incomplete)_(cvc|security)/.test(code)) return 'cvc';
  if (/(invalid|incomplete)_expiry/.test(code)) return 'expiry';
  if (/declin|card_/.test(code)) return 'declined';
  return 'other';
}

/** The reason a refused payment gives (a server's outcome code, a processor's refusal), else null. */
export function cardFailureOf(err: unknown): CardFailure | null {
  const code = codeOf(err);
  if (code && failureOfCode[code]) return failureOfCode[code];
  if (err instanceof ProcessorError && err.reason in CARD_FAILURE_MESSAGES) return err.reason as CardFailure;
  return null;
}

/** Confirms a card setup with the processor's own card form (Stripe Elements): answers the card's processor id. */
export interface CardConfirmer {
  confirmSetup(clientSecret: string): Promise<string>;
}

/** A list or a page's data could not be read: the product's words for which. */
export class LoadFailure extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'LoadFailure';
  }
}

/** The words for a failed read: a LoadFailure's own, else `fallback`. */
export const loadMessageOf = (err: unknown, fallback: string) => (err instanceof LoadFailure ? err.message : fallback);

/** Payment information that failed to load: nothing usable came back, or the call failed (spec 2 §8). */
export const paymentInfoFailure = (err: unknown) =>
  new LoadFailure(
    err instanceof ApiError && err.kind === 'invalid-response' ? BillingMessages.noPaymentInfo : BillingMessages.loadPaymentInfo,
    err,
  );
