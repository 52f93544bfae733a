import { AccountMessages, businessVerificationRequestSchema, type BusinessVerificationRequest } from '../../contract/account.ts';
import { ApiError } from '../../services/http.ts';
import { messagesOf } from '../form.ts';

/** The messages of a failed call, in the server's order; the form shows the first (spec 1 §8). */
export const errorsOf = (error: unknown): string[] => messagesOf(error, AccountMessages.generic);

/** The business verification request the server attached to an answer (a registration), if any. */
export function verificationRequestOf(value: { request?: unknown } | null | undefined): BusinessVerificationRequest | null {
  const parsed = businessVerificationRequestSchema.safeParse(value?.request);
  return parsed.success ? parsed.data : null;
}

/**
 * The business verification request of a sign-in refused with auth.businessUnverified (an employer
 * or recruiter whose business is not verified yet), or null for any other failure.
 */
export function businessVerificationOf(error: unknown): BusinessVerificationRequest | null {
  return error instanceof ApiError && error.code === 'auth.businessUnverified' ? verificationRequestOf(error) : null;
}
