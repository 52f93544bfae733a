import type { z } from 'zod';
import { ApiError } from '../../services/http.ts';

/** One message per field, the first the rules give. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The state every password form keeps: what was typed, what was touched, and what the rules and the server said. */
export interface FormState<F extends string> {
  values: Record<F, string>;
  /** Fields left at least once, or all of them after a submit: only these show their errors (spec 1 §5). */
  touched: Partial<Record<F, true>>;
  /** What the contract's schema says of the current values, always up to date. */
  errors: FieldErrors<F>;
  /** What the server said of a field in the last failed call, until that field changes. */
  serverErrors: FieldErrors<F>;
  /** What the last failed call said that belongs to no field. */
  error: string | null;
}

export function emptyForm<F extends string>(fields: readonly F[], errors: FieldErrors<F> = {}): FormState<F> {
  const values = Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;
  return { values, touched: {}, errors, serverErrors: {}, error: null };
}

/** The first message the schema gives for each of `fields`. */
export function validate<F extends string>(schema: z.ZodType, input: Record<string, unknown>, fields: readonly F[]): FieldErrors<F> {
  const result = schema.safeParse(input);
  const errors: FieldErrors<F> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F;
    if (fields.includes(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export const touchAll = <F extends string>(fields: readonly F[]): Partial<Record<F, true>> =>
  Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<F, true>>;

/** `touched` with `field` added, its keys always in the fields' order. */
export const touch = <F extends string>(form: FormState<F>, fields: readonly F[], field: F): Partial<Record<F, true>> =>
  touchAll(fields.filter((f) => f === field || form.touched[f]));

/**
 * What a failed call shows: a field's message next to that field, and the others joined by a
 * space (spec 1 §8); `fallback` when the server said nothing readable.
 */
export function failureOf<F extends string>(
  err: unknown,
  fields: readonly F[],
  fallback: string,
): { error: string | null; serverErrors: FieldErrors<F> } {
  if (!(err instanceof ApiError)) return { error: fallback, serverErrors: {} };
  const serverErrors: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(err.fieldErrors)) {
    if (fields.includes(field as F) && message) serverErrors[field as F] = message;
  }
  const shown = new Set(Object.values(serverErrors));
  const rest = err.errors.filter((m) => m && !shown.has(m));
  const error = rest.length ? rest.join(' ') : Object.keys(serverErrors).length ? null : fallback;
  return { error, serverErrors };
}

/** The errors a user sees now: the rules' for touched fields, else what the server said. */
export function visibleErrors<F extends string>(form: FormState<F>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const field of Object.keys(form.values) as F[]) {
    const message = (form.touched[field] && form.errors[field]) || form.serverErrors[field];
    if (message) out[field] = message;
  }
  return out;
}

export const isValid = <F extends string>(form: FormState<F>) => Object.keys(form.errors).length === 0;

/** The form after `field` was typed into: the rules run again; the server's word on that field no longer holds. */
export function changed<F extends string>(
  form: FormState<F>,
  field: F,
  value: string,
  check: (values: Record<F, string>) => FieldErrors<F>,
): Pick<FormState<F>, 'values' | 'errors' | 'serverErrors'> {
  const values = { ...form.values, [field]: value };
  const serverErrors = { ...form.serverErrors };
  delete serverErrors[field];
  return { values, errors: check(values), serverErrors };
}

/** True when a failed call has nothing left to show. */
export const nothingToShow = <F extends string>(form: FormState<F>) =>
  !form.error && Object.keys(form.serverErrors).length === 0;

/** The events every password form takes from its view. */
export type FormEvent<F extends string> =
  | { type: 'field.change'; field: F; value: string }
  | { type: 'field.blur'; field: F }
  | { type: 'form.submit' };
