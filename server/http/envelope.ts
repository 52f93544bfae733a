import type { Envelope } from '../../src/contract/envelope.ts';

export function ok<T>(data: T, status = 200, message = '', request?: unknown): Envelope<T> {
  const hasData = data !== null && data !== undefined;
  return {
    data: (data ?? null) as T,
    state: { status, hasError: false, hasData, errors: [] },
    success: true,
    message,
    ...(request !== undefined ? { request } : {}),
  };
}

export function fail(
  status: number,
  message: string,
  errors: string[] = [message],
  extra: { fieldErrors?: Record<string, string>; request?: unknown } = {},
): Envelope<null> {
  return {
    data: null,
    state: {
      status,
      hasError: true,
      hasData: false,
      errors,
      ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}),
    },
    success: false,
    message,
    ...(extra.request !== undefined ? { request: extra.request } : {}),
  };
}
