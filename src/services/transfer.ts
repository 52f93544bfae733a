import { buildPath, type DataOf, type EndpointDef, type FieldsIn, type UploadDef } from '../contract/endpoint.ts';
import { FileMessages } from '../contract/files.ts';
import { ApiError, HttpMessages, apiUrl, authHeaders, networkFailure, settle, type ApiResult } from './http.ts';

// Uploads and downloads, kept out of http.ts so only the pages that move files load them.

export interface UploadProgress {
  /** Bytes of the request sent so far. */
  loaded: number;
  /** Bytes of the whole request (the form around the file included). */
  total: number;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Called as the request body goes out; browsers report every few dozen KB. */
  onProgress?: (progress: UploadProgress) => void;
}

export type UploadInput<E extends EndpointDef> = {
  file: Blob;
  /** The name to send; a File's own name otherwise. */
  filename?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
} & (E['upload'] extends { fields: object } ? { fields: FieldsIn<E> } : { fields?: never });

const aborted = (signal: AbortSignal | undefined) => signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError');

/**
 * Uploads one file to an upload endpoint as multipart/form-data, with progress and
 * cancellation (XMLHttpRequest: fetch cannot report upload progress). The answer follows the
 * same rules as every call: 401 to the session, 5xx toasted, other 4xx to the caller. A file
 * over the endpoint's limit is refused here, before a byte is sent, with the server's words.
 */
export function upload<E extends EndpointDef & { upload: UploadDef }>(
  ep: E,
  input: UploadInput<E>,
  options: UploadOptions = {},
): Promise<ApiResult<DataOf<E>>> {
  const { signal, onProgress } = options;
  if (signal?.aborted) return Promise.reject(aborted(signal));
  if (input.file.size > ep.upload.maxBytes) {
    return Promise.reject(new ApiError('client', 413, FileMessages.tooLarge));
  }

  const form = new FormData();
  for (const [name, value] of Object.entries((input.fields ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  const filename = input.filename ?? (input.file as File).name ?? 'file';
  form.append(ep.upload.file, input.file, filename);

  return new Promise<{ status: number; raw: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(ep.method, apiUrl(buildPath(ep.path, input.params), input.query));
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : input.file.size });
    }
    xhr.onload = () => {
      done();
      let raw: unknown;
      try {
        raw = JSON.parse(xhr.responseText);
      } catch {
        raw = undefined;
      }
      resolve({ status: xhr.status, raw });
    };
    xhr.onerror = () => {
      done();
      reject(networkFailure());
    };
    xhr.onabort = () => {
      done();
      reject(aborted(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  }).then(({ status, raw }) => settle(ep, status, raw));
}

export interface DownloadedFile {
  blob: Blob;
  /** From the answer's Content-Disposition. */
  filename: string;
}

/** The name a Content-Disposition header gives: the exact `filename*`, else the plain `filename`. */
export function filenameOf(disposition: string | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact.trim());
    } catch {
      // A malformed exact name: fall back to the plain one.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches a file from a download endpoint with the bearer token, for the page to save (an
 * object URL on a link with `download`). Failures follow the same rules as every call.
 */
export async function download<E extends EndpointDef>(
  ep: E,
  input: { params?: Record<string, string | number>; query?: Record<string, string | number> },
  options: { signal?: AbortSignal } = {},
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(apiUrl(buildPath(ep.path, input.params), input.query), {
      headers: authHeaders(),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason ?? err;
    throw networkFailure();
  }
  if (response.ok) {
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
  }
  const raw: unknown = await response.json().catch(() => undefined);
  await settle(ep, response.status, raw);
  // settle() throws for every status outside 2xx; a 2xx never gets here.
  throw new ApiError('invalid-response', response.status, HttpMessages.unexpected);
}
