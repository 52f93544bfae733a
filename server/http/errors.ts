/** An error whose message is product copy, safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: { errors?: string[]; request?: unknown; fieldErrors?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, opts?: HttpError['options']) => new HttpError(400, message, opts);
export const unauthorized = (message = 'Your session has expired. Please sign in again.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.', opts?: HttpError['options']) =>
  new HttpError(403, message, opts);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
