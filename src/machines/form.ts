import { assign, type EventObject, type MachineContext, type ParameterizedObject } from 'xstate';
import type { z } from 'zod';
import { ApiError } from '../services/http.ts';

/**
 * Form state shared by every form machine, whatever its area: what was typed, which fields were
 * touched, what the contract's schema says, when errors show, and what a failed call said.
 */

/** One message per field, the first the rules give. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Fields left at least once: only these show their errors until a submit (spec 1 §5). */
export type Touched<F extends string> = Partial<Record<F, boolean>>;

/** The events every form takes from its view. */
export type FormEvent<F extends string> =
  { type: 'field.change'; field: F; value: string } | { type: 'field.blur'; field: F } | { type: 'form.submit' };

/** The first message for each field in `issues`; only `fields` when given. */
export function firstErrors<F extends string>(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  fields?: readonly F[],
): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!field || (fields && !fields.includes(field))) continue;
    if (out[field] === undefined) out[field] = issue.message;
  }
  return out;
}

/** What the contract's schema says of `input`: the first message per field, none when valid. */
export function validate<F extends string>(schema: z.ZodType, input: unknown, fields?: readonly F[]): FieldErrors<F> {
  const result = schema.safeParse(input);
  return result.success ? {} : firstErrors(result.error.issues, fields);
}

/** `touched` with `field` added. */
export function touch<T extends Partial<Record<string, boolean>>>(touched: T, field: keyof T & string): T {
  return { ...touched, [field]: true };
}

/** Every field touched: what a submit does, so every unmet rule shows. */
const touchAll = <F extends string>(fields: readonly F[]): Partial<Record<F, true>> =>
  Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<F, true>>;

/**
 * `touched` with `field` added, its keys in the fields' `order`, so forms that differ only in
 * which field was left first are the same form.
 */
const touchInOrder = <F extends string>(touched: Partial<Record<F, true>>, field: F, order: readonly F[]) =>
  touchAll(order.filter((f) => f === field || touched[f]));

/** The rules' errors a user sees: touched fields only, or all of them once `submitted`. */
export function shownErrors<F extends string>(all: FieldErrors<F>, touched: Touched<F>, submitted = false): FieldErrors<F> {
  if (submitted) return all;
  const shown: FieldErrors<F> = {};
  for (const field of Object.keys(all) as F[]) if (touched[field]) shown[field] = all[field];
  return shown;
}

/** A form whose context keeps the fields left, whether a submit was tried, and what the last call said. */
export interface ShownState<F extends string> {
  touched: Touched<F>;
  /** After a submit every field shows its error, touched or not. */
  submitted: boolean;
  /** Messages of the last failed call; the form shows the first (spec 1 §8). */
  errors: string[];
}

/**
 * An `assign` for a machine's own `setup`, whose actors are unknown here. It reads the action's
 * params, never the event, so a chart passes what the action needs (`params: ({ event }) => event`).
 */
const update = <C extends MachineContext, E extends EventObject, P extends ParameterizedObject['params'] = undefined>(
  assigner: (args: { context: C }, params: P) => Partial<C>,
) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the machine's actors, unknown to a helper shared by every form
  assign<C, E, P, E, any>(({ context }, params) => assigner({ context }, params));

/** What `field.blur` says: the field left. */
export interface FieldParams<F extends string> {
  field: F;
}

/** What `field.change` says: the field and what it now holds. */
export interface ChangeParams<F extends string> extends FieldParams<F> {
  value: string;
}

/**
 * Named actions for the `setup` of a `ShownState` form, so its chart reads `actions: 'touchAll'`
 * and `actions: { type: 'touchField', params: ({ event }) => event }`.
 */
export function shownStateActions<F extends string, C extends ShownState<F>, E extends EventObject>() {
  return {
    touchField: update<C, E, FieldParams<F>>(
      ({ context }, { field }) => ({ touched: touch<Touched<F>>(context.touched, field) }) as Partial<C>,
    ),
    /** Every rule that is not met shows. */
    touchAll: update<C, E>(() => ({ submitted: true }) as Partial<C>),
    clearErrors: update<C, E>(() => ({ errors: [] as string[] }) as Partial<C>),
  };
}

/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const canSubmit = (busy: boolean, valid: boolean) => !busy && valid;

/** The messages of a failed call, in the server's order; `fallback` when it said nothing readable. */
export function messagesOf(err: unknown, fallback: string): string[] {
  if (!(err instanceof ApiError)) return [fallback];
  const errors = err.errors.filter(Boolean);
  return errors.length ? errors : [err.message || fallback];
}

/**
 * A failed call split for a form with field errors: a field's message goes next to that field,
 * the others are joined by a space (spec 1 §8); `fallback` when nothing readable is left.
 * `tooMany`, when given, is what a 429 says, in the product's words whatever came with it.
 */
function failureOf<F extends string>(
  err: unknown,
  fields: readonly F[],
  fallback: string,
  tooMany?: string,
): { error: string | null; serverErrors: FieldErrors<F> } {
  if (!(err instanceof ApiError)) return { error: fallback, serverErrors: {} };
  if (tooMany && err.status === 429) return { error: tooMany, serverErrors: {} };
  const serverErrors = firstErrors(
    Object.entries(err.fieldErrors)
      .filter(([, message]) => message)
      .map(([field, message]) => ({ path: [field], message })),
    fields,
  );
  const shown = new Set(Object.values(serverErrors));
  const rest = err.errors.filter((m) => m && !shown.has(m));
  const error = rest.length ? rest.join(' ') : Object.keys(serverErrors).length ? null : fallback;
  return { error, serverErrors };
}

/** A form that keeps the rules' errors and the server's word on each field in its state. */
export interface FormState<F extends string> {
  values: Record<F, string>;
  touched: Partial<Record<F, true>>;
  /** What the contract's schema says of the current values, always up to date. */
  errors: FieldErrors<F>;
  /** What the server said of a field in the last failed call, until that field changes. */
  serverErrors: FieldErrors<F>;
  /** What the last failed call said that belongs to no field. */
  error: string | null;
}

/**
 * The operations of a `FormState` form over `fields`, whose rules are `check` (given the whole
 * context too, for rules that read more than the typed values).
 */
export function formOf<F extends string, C extends FormState<F>, E extends EventObject = FormEvent<F>>(
  fields: readonly F[],
  check: (values: Record<F, string>, context: Partial<C>) => FieldErrors<F>,
) {
  const isValid = (context: C) => Object.keys(context.errors).length === 0;
  const nothingToShow = (context: C) => !context.error && Object.keys(context.serverErrors).length === 0;
  return {
    /**
     * For `setup`: a chart then reads `guard: 'isValid'`, `actions: 'touchAll'`, and for the
     * actions that take what an event says, `actions: { type: 'changeField', params: ({ event }) => event }`.
     */
    guards: {
      isValid: ({ context }: { context: C }) => isValid(context),
      /** A failed call has nothing left to show. */
      nothingToShow: ({ context }: { context: C }) => nothingToShow(context),
    },
    actions: {
      /** The rules run again; the server's word on that field no longer holds. */
      changeField: update<C, E, ChangeParams<F>>(({ context }, { field, value }) => {
        const values = { ...context.values, [field]: value };
        const serverErrors = { ...context.serverErrors };
        delete serverErrors[field];
        return { values, errors: check(values, context), serverErrors } as Partial<C>;
      }),
      touchField: update<C, E, FieldParams<F>>(
        ({ context }, { field }) => ({ touched: touchInOrder(context.touched, field, fields) }) as Partial<C>,
      ),
      /** An early submit shows every rule that is not met. */
      touchAll: update<C, E>(() => ({ touched: touchAll(fields) }) as Partial<C>),
      /** A new call starts with nothing said yet. */
      clearFailure: update<C, E>(() => ({ error: null, serverErrors: {} }) as Partial<C>),
    },
    /** A blank form, or one holding `values`, with the rules already run. */
    empty(values: Partial<Record<F, string>> = {}, context: Partial<C> = {}): FormState<F> {
      const typed = Object.fromEntries(fields.map((f) => [f, values[f] ?? ''])) as Record<F, string>;
      return { values: typed, touched: {}, errors: check(typed, context), serverErrors: {}, error: null };
    },
    failure: (err: unknown, fallback: string, tooMany?: string) => failureOf(err, fields, fallback, tooMany),
    isValid,
    /** The errors a user sees now: the rules' for touched fields, else what the server said. */
    visibleErrors(context: C): FieldErrors<F> {
      const shown = shownErrors(context.errors, context.touched);
      const out: FieldErrors<F> = {};
      for (const field of fields) {
        const message = shown[field] || context.serverErrors[field];
        if (message) out[field] = message;
      }
      return out;
    },
  };
}
