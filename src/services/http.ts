import type { $Fetch, FetchError } from 'ofetch';
import { buildPath, type DataOf, type EndpointDef, type InputOf } from '../contract/endpoint.ts';
import { statusOfCode, type OutcomeCode } from '../contract/outcome-codes.ts';

/** Product copy of spec 2 §8. */
export const HttpMessages = {
  network: 'Network Error!, Please check your connection.',
  failed: 'Something went wrong!!!',
  unexpected: 'An unexpected error occurred.',
} as const;

export type ApiErrorKind = 'network' | 'unauthorized' | 'client' | 'server' | 'invalid-response';

/** The one error type every service call throws. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    message: string,
    readonly errors: string[] = [message],
    readonly fieldErrors: Record<string, string> = {},
    /** A follow-up the server asks for, e.g. the business verification request. */
    readonly request?: unknown,
    /** What the refusal is, for callers to branch on (never the message or the status). */
    readonly code?: OutcomeCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The refusal the server sends with `code`, at the status the contract gives it. */
  static of(
    code: OutcomeCode,
    message: string,
    more: { errors?: string[]; fieldErrors?: Record<string, string>; request?: unknown } = {},
  ): ApiError {
    return new ApiError('client', statusOfCode(code), message, more.errors ?? [message], more.fieldErrors ?? {}, more.request, code);
  }
}

export interface ApiResult<T> {
  data: T;
  status: number;
  message: string;
  request?: unknown;
  /** The outcome, where the endpoint tells outcomes apart (e.g. applied now or before). */
  code?: OutcomeCode;
}

interface HttpHooks {
  /** Where the API lives; empty for the same origin as the page. */
  baseURL: string;
  /** The bearer token to send, if any. */
  getToken(): string | null;
  /** Every 401 goes to the session (spec 2 §8). */
  onUnauthorized(): void;
  /** Shows a server or network failure to the user. */
  notify(message: string): void;
}

const toasts = () => import('react-hot-toast');

const hooks: HttpHooks = {
  baseURL: import.meta.env?.VITE_API_URL ?? '',
  getToken: () => null,
  onUnauthorized: () => {},
  // The app shows them through its own toaster (src/app/session.tsx); this default serves screens
  // rendered on their own.
  notify: (message) => {
    toasts()
      .then((m) => m.default.error(message, { id: message }))
      .catch(() => undefined);
  },
};

export function configureHttp(next: Partial<HttpHooks>) {
  Object.assign(hooks, next);
}

// ofetch loads with the first call, not with the first page: a signed-out visit to the home page makes none.
let fetching: Promise<{ client: $Fetch; FetchError: typeof FetchError }> | undefined;
function fetcher() {
  if (!fetching) {
    // The toasts' code comes with the first call too, so a later failure (the network gone) can still be told.
    toasts().catch(() => undefined);
  }
  fetching ??= import('ofetch').then(
    ({ ofetch, FetchError }) => ({ client: ofetch.create({ retry: 0, ignoreResponseError: true }), FetchError }),
    (err: unknown) => {
      // Not loaded (the network is down): the next call tries again.
      fetching = undefined;
      throw err;
    },
  );
  return fetching;
}

/** The bearer header of the signed-in user, if any. */
export function authHeaders(): Record<string, string> {
  const token = hooks.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The address the browser requests for an API path (an `<img>` source, an upload). */
export function apiUrl(path: string, query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return `${hooks.baseURL.replace(/\/$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

/** A request that never reached the server (spec 2 §8). */
export function networkFailure(quiet = false): ApiError {
  if (!quiet) hooks.notify(HttpMessages.network);
  return new ApiError('network', 0, HttpMessages.network);
}

/** The names of a contract module's exports that are endpoints. */
type EndpointName<M> = { [K in keyof M]: M[K] extends EndpointDef ? K : never }[keyof M];

/**
 * A contract module loaded on its first call rather than with the page: zod builds every schema of
 * a module when the module runs, and a page's first task should not build those of calls it has not
 * made. `call('name', …)` calls the module's endpoint of that name; `load()` starts the download
 * now, for a page that calls as soon as it opens.
 */
export function contractLoader<M>(importer: () => Promise<M>) {
  let loading: Promise<M> | undefined;
  const load = () =>
    (loading ??= importer().catch((err: unknown) => {
      // Not loaded (the network is down): the next call tries again.
      loading = undefined;
      throw err;
    }));
  return {
    load,
    call: <K extends EndpointName<M>>(name: K, input: InputOf<M[K] & EndpointDef>, options?: CallOptions) =>
      call(
        load().then((contract) => contract[name] as M[K] & EndpointDef),
        input,
        options,
      ),
  };
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** A call whose failure the user is not told of (view counts, spec 2 §8): no toast. */
  quiet?: boolean;
}

/**
 * Calls one endpoint of the contract (or one a `contractLoader` is loading). Resolves with the
 * parsed envelope on 2xx; throws ApiError otherwise, after the side effects spec 2 §8 asks for.
 */
export async function call<E extends EndpointDef>(
  endpoint: E | Promise<E>,
  input: InputOf<E>,
  options: CallOptions = {},
): Promise<ApiResult<DataOf<E>>> {
  const { body, query, params } = input as { body?: unknown; query?: Record<string, unknown>; params?: Record<string, unknown> };
  let loaded;
  let ep: E;
  try {
    [loaded, ep] = await Promise.all([fetcher(), endpoint]);
  } catch {
    throw networkFailure(options.quiet);
  }
  const { client, FetchError } = loaded;
  let response;
  try {
    response = await client.raw(buildPath(ep.path, params), {
      baseURL: hooks.baseURL,
      method: ep.method,
      body: body as Record<string, unknown> | undefined,
      query,
      signal: options.signal,
      headers: authHeaders(),
    });
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason ?? err;
    if (err instanceof FetchError && err.name === 'AbortError') throw err;
    throw networkFailure(options.quiet);
  }
  return settle(ep, response.status, response._data, options.quiet);
}

/**
 * Turns an answer (its status and its parsed body) into the call's result, or into the
 * ApiError every caller handles: 401 to the session, 5xx toasted, other 4xx to the caller.
 */
export async function settle<E extends EndpointDef>(ep: E, status: number, raw: unknown, quiet = false): Promise<ApiResult<DataOf<E>>> {
  // Loaded on the first call rather than with the page: the first page needs no schema code.
  const { envelopeOf, envelopeSchema } = await import('../contract/envelope.ts');
  const ok = status >= 200 && status < 300;

  if (ok) {
    // Checking a page of results takes a phone tens of milliseconds: it gets a task of its own,
    // apart from the answer's arrival and from the render that follows, so input is not held up.
    await nextTask();
    const parsed = envelopeOf(ep.response).safeParse(raw);
    if (!parsed.success) throw new ApiError('invalid-response', status, HttpMessages.unexpected);
    const env = parsed.data;
    return {
      data: env.data as DataOf<E>,
      status,
      message: env.message,
      request: env.request,
      ...(env.state.code ? { code: env.state.code } : {}),
    };
  }

  const env = envelopeSchema.safeParse(raw);
  const message = env.success ? env.data.message || env.data.state.errors[0] || HttpMessages.failed : HttpMessages.failed;
  const errors = env.success && env.data.state.errors.length ? env.data.state.errors : [message];
  const fieldErrors = env.success ? (env.data.state.fieldErrors ?? {}) : {};
  const request = env.success ? env.data.request : undefined;
  const code = env.success ? env.data.state.code : undefined;

  if (status === 401) {
    hooks.onUnauthorized();
    throw new ApiError('unauthorized', status, message, errors, {}, undefined, code);
  }
  if (status >= 500) {
    if (!quiet) hooks.notify(message);
    throw new ApiError('server', status, message, errors, {}, undefined, code);
  }
  return Promise.reject(new ApiError('client', status, message, errors, fieldErrors, request, code));
}

/** Resolves in a later task where the browser can say so (`scheduler.yield`); at once elsewhere. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : Promise.resolve();
}

/** The outcome code of a failed call, or null (a network failure, a refusal the client does not tell apart). */
export const codeOf = (err: unknown): OutcomeCode | null => (err instanceof ApiError ? (err.code ?? null) : null);

/** The message a form shows for a failed call: the first error (spec 1 §8). */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.errors[0] ?? err.message ?? fallback;
  return fallback;
}
