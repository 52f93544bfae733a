import { AccountMessages, businessVerificationRequestSchema, type BusinessVerificationRequest } from '../../contract/account.ts';
import { ApiError } from '../../services/http.ts';

/** The messages of a failed call, in the server's order; the form shows the first (spec 1 §8). */
export function errorsOf(error: unknown): string[] {
  if (error instanceof ApiError) {
    const errors = error.errors.filter(Boolean);
    return errors.length ? errors : [error.message || AccountMessages.generic];
  }
  return [AccountMessages.generic];
}

/** The business verification request the server attached to an answer or an error, if any. */
export function verificationRequestOf(value: unknown): BusinessVerificationRequest | null {
  const request = value instanceof ApiError ? value.request : (value as { request?: unknown } | null | undefined)?.request;
  const parsed = businessVerificationRequestSchema.safeParse(request);
  return parsed.success ? parsed.data : null;
}

/** Field errors of a zod result, first message per field. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
