import { z } from 'zod';
import type { Role } from './roles.ts';

// In the browser, zod checks without compiling code at run time: its compiler's probe of `new
// Function` is refused by the pages' content security policy (no 'unsafe-eval'), and the browser
// reports every refusal. The server keeps the compiled, faster checks.
if ('document' in globalThis) z.config({ jitless: true });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone, any signed-in user, or the listed roles only. */
export type Auth = 'public' | 'signedIn' | readonly Role[];

/**
 * A multipart/form-data upload of one file. The server reads it with `readUpload`, which applies
 * the size limit and validates the other form fields with `fields`; the API docs show both.
 */
export interface UploadDef {
  /** The form field that carries the file. */
  file: string;
  /** Largest file accepted, in bytes; a larger one is answered 413. */
  maxBytes: number;
  /** The types accepted, decided by the file's bytes (for the docs and the file picker). */
  accept: readonly string[];
  /** The other form fields. */
  fields?: z.ZodObject;
}

export interface EndpointDef {
  method: Method;
  path: `/api/${string}`;
  auth: Auth;
  summary: string;
  /** The area this endpoint belongs to; groups the API docs. */
  tag: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of `data` in a successful envelope. */
  response: z.ZodType;
  /** Success status; 200 unless stated. */
  status?: 200 | 201 | 202 | 204;
  /** The request is a multipart upload of one file (instead of `body`). */
  upload?: UploadDef;
  /** The answer is a file's bytes of one of these types, not an envelope (`response` is then unused). */
  download?: readonly string[];
}

/** Declares one call of the API once, for the client, the server and the docs. */
export function endpoint<const D extends EndpointDef>(def: D): D {
  return def;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type BodyOf<E extends EndpointDef> = Infer<E['body']>;
export type QueryOf<E extends EndpointDef> = Infer<E['query']>;
export type ParamsOf<E extends EndpointDef> = Infer<E['params']>;
export type DataOf<E extends EndpointDef> = z.infer<E['response']>;
/** The form fields of an upload, besides the file. */
export type FieldsOf<E extends EndpointDef> = E['upload'] extends { fields: z.ZodType }
  ? z.infer<E['upload']['fields']>
  : Record<string, never>;
export type FieldsIn<E extends EndpointDef> = E['upload'] extends { fields: z.ZodType }
  ? z.input<E['upload']['fields']>
  : Record<string, never>;

/** What a caller passes: only the parts the endpoint declares. */
export type InputOf<E extends EndpointDef> = (E['body'] extends z.ZodType ? { body: InferIn<E['body']> } : { body?: never }) &
  (E['query'] extends z.ZodType ? { query: InferIn<E['query']> } : { query?: never }) &
  (E['params'] extends z.ZodType ? { params: InferIn<E['params']> } : { params?: never });

/** Fills `:name` segments of a path from params. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
