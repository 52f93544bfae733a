import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { badRequest, type HttpError } from './errors.ts';

/**
 * Text PostgreSQL cannot keep: a NUL character (it cannot be stored or compared in a text column)
 * and half of a surrogate pair (not a character at all; the driver would silently store U+FFFD).
 * Checked once for every field of every request, before the endpoint's schema, so no route can
 * forget it and no query ever sees such text.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'This text contains a character that cannot be saved. Please remove it and try again.';

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isStorable = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/** The path of the first string (or object key) in `value` that cannot be stored, or null. */
export function unstorableField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorable(value) ? null : path || 'body';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableField(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!isStorable(key)) return at;
      const found = unstorableField(v, at);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The 400 for a request holding such text, naming its field like any other field error. */
export function unstorableTextError(field: string): HttpError {
  return badRequest(UNSTORABLE_TEXT_MESSAGE, { fieldErrors: { [field]: UNSTORABLE_TEXT_MESSAGE }, code: 'request.invalid' });
}

/** The app's validator: the storable-text check, then the endpoint's zod schema. */
export const checkedValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const field = unstorableField(data);
    return field === null ? validate(data) : { error: unstorableTextError(field) };
  };
};
