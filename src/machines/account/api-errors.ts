import { AccountMessages, businessVerificationRequestSchema, type BusinessVerificationRequest } from '../../contract/account.ts';
import { ApiError } from '../../services/http.ts';
import { messagesOf } from '../form.ts';

/** The messages of a failed call, in the server's order; the form shows the first (spec 1 §8). */
export const errorsOf = (error: unknown): string[] => messagesOf(error, AccountMessages.generic);

/** The business verification request the server attached to an answer or an error, if any. */
export function verificationRequestOf(value: unknown): BusinessVerificationRequest | null {
  const request = value instanceof ApiError ? value.request : (value as { request?: unknown } | null | undefined)?.request;
  const parsed = businessVerificationRequestSchema.safeParse(request);
  return parsed.success ? parsed.data : null;
}
