import { statusOfCode, type OutcomeCode } from '../../src/contract/outcome-codes.ts';

export interface HttpErrorOptions {
  errors?: string[];
  request?: unknown;
  fieldErrors?: Record<string, string>;
  /** The outcome code the client branches on (src/contract/outcome-codes.ts). */
  code?: OutcomeCode;
}

/** An error whose message is product copy, safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message);
  }
}

/** A refusal the client tells apart: its code, with the status the contract gives that code. */
export const refusal = (code: OutcomeCode, message: string, opts: Omit<HttpErrorOptions, 'code'> = {}) =>
  new HttpError(statusOfCode(code), message, { ...opts, code });

export const badRequest = (message: string, opts?: HttpErrorOptions) => new HttpError(400, message, opts);
export const unauthorized = (message = 'Your session has expired. Please sign in again.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.', opts?: HttpErrorOptions) =>
  new HttpError(403, message, { code: 'access.denied', ...opts });
export const notFound = (message = 'Not found.', opts?: HttpErrorOptions) => new HttpError(404, message, opts);
export const conflict = (message: string, opts?: HttpErrorOptions) => new HttpError(409, message, opts);
export const tooManyRequests = (message: string) => new HttpError(429, message, { code: 'rate.limited' });
