import type { Envelope } from '../../src/contract/envelope.ts';
import type { OutcomeCode } from '../../src/contract/outcome-codes.ts';

export function ok<T>(data: T, status = 200, message = '', request?: unknown, code?: OutcomeCode): Envelope<T> {
  const hasData = data !== null && data !== undefined;
  return {
    data: (data ?? null) as T,
    state: { status, hasError: false, hasData, errors: [], ...(code ? { code } : {}) },
    success: true,
    message,
    ...(request !== undefined ? { request } : {}),
  };
}

export function fail(
  status: number,
  message: string,
  errors: string[] = [message],
  extra: { fieldErrors?: Record<string, string>; request?: unknown; code?: OutcomeCode } = {},
): Envelope<null> {
  return {
    data: null,
    state: {
      status,
      hasError: true,
      hasData: false,
      errors,
      ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}),
      ...(extra.code ? { code: extra.code } : {}),
    },
    success: false,
    message,
    ...(extra.request !== undefined ? { request: extra.request } : {}),
  };
}
