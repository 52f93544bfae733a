import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { AccountMessages } from '../contract/account.ts';
import { profileChanges } from '../services/profile-changes.ts';
import { canSubmit, formOf, messagesOf, validate, type FormEvent, type FormState } from './form.ts';

export interface DetailsContext<P, F extends string> extends FormState<F> {
  /** The details as last read or saved; null until they are read. */
  profile: P | null;
  /** Why the details could not be read (e.g. "Invalid recruiter data received"). */
  loadError: string | null;
  /** What the last save said: saved, or where a confirmation link went. */
  message: string | null;
}

export type DetailsEvent<F extends string> = FormEvent<F> | { type: 'profile.retry' };

/** What a save answers: the details as now stored, and what to tell the user. */
export interface SavedDetails<P> {
  profile: P;
  message: string;
}

export type DetailsEmitted<P> = { type: 'profile.saved' } & SavedDetails<P>;

/**
 * The signed-in user's own details (the job seeker's, the employer's, the recruiter's): how the
 * stored details fill the form, the contract's rules, and the calls behind it.
 */
export interface DetailsFormConfig<P, F extends string> {
  id: string;
  fields: readonly F[];
  /** The contract's schema of the details as sent; the form's values are its input. */
  schema: z.ZodType;
  valuesOf(profile: P): Record<F, string>;
  /** What a save says when the server's answer has no message. */
  savedMessage: string;
  /** A save changes the job seeker's profile completion, so it tells the meter. */
  countsToCompletion?: boolean;
  services: {
    load(signal: AbortSignal): Promise<{ data: P }>;
    save(values: Record<F, string>, signal: AbortSignal): Promise<{ data: P; message: string }>;
  };
}

/**
 * The machine of a user's own details: loading (or loadFailed, with the reason and a retry);
 * editing with the contract's rules; saving, whose failures put the server's word on a field next
 * to it and the rest in the alert, keeping what was typed. A save emits `profile.saved`, so the
 * view can tell the session the name it shows.
 */
export function defineDetailsForm<P, F extends string>(config: DetailsFormConfig<P, F>) {
  type Context = DetailsContext<P, F>;
  type Event = DetailsEvent<F>;
  const form = formOf<F, Context, Event>(config.fields, (values) => validate(config.schema, values, config.fields));
  /** The context once `profile` is read or saved: its values in the form, the rules already run. */
  const filled = (profile: P) => ({ ...form.empty(config.valuesOf(profile)), profile });

  const initialContext: Context = { ...form.empty(), profile: null, loadError: null, message: null };

  const machine = setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      emitted: {} as DetailsEmitted<P>,
    },
    actors: {
      load: fromPromise<P>(async ({ signal }) => (await config.services.load(signal)).data),
      // Typed by field names rather than by F: XState's chart types do not resolve a generic input.
      save: fromPromise<SavedDetails<P>, Record<string, string>>(async ({ input, signal }) => {
        const res = await config.services.save(input as Record<F, string>, signal);
        return { profile: res.data, message: res.message || config.savedMessage };
      }),
    },
    actions: {
      ...form.actions,
      announceChange: () => {
        if (config.countsToCompletion) profileChanges.changed();
      },
    },
    guards: form.guards,
  }).createMachine({
    id: config.id,
    context: initialContext,
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        entry: assign({ loadError: null }),
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'editing', actions: assign(({ event }) => filled(event.output)) },
          onError: {
            target: 'loadFailed',
            actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic)[0]! }),
          },
        },
      },
      loadFailed: {
        tags: ['error'],
        on: { 'profile.retry': 'loading' },
      },
      editing: {
        initial: 'idle',
        on: {
          'field.change': { target: '.idle', actions: [{ type: 'changeField', params: ({ event }) => event }, assign({ message: null })] },
          'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
          'form.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'touchAll' }],
        },
        states: {
          idle: {},
          saved: {},
          failed: {
            tags: ['error'],
            always: { guard: 'nothingToShow', target: 'idle' },
          },
        },
      },
      saving: {
        tags: ['busy'],
        entry: ['clearFailure', assign({ message: null })],
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => context.values,
          onDone: {
            target: 'editing.saved',
            actions: [
              assign(({ event }) => ({ ...filled(event.output.profile), message: event.output.message })),
              emit(({ event }) => ({ type: 'profile.saved' as const, ...event.output })),
              'announceChange',
            ],
          },
          onError: {
            target: 'editing.failed',
            actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)),
          },
        },
      },
    },
  });

  type Snap = SnapshotFrom<typeof machine>;
  return {
    machine,
    fields: config.fields,
    /** The context before anything is read; stories start from it. */
    initialContext,
    /** The context once `profile` is read: the form filled, the rules already run. */
    loadedContext: (profile: P): Context => ({ ...initialContext, ...filled(profile) }),
    /** The rules' errors for fields left once (or all after a submit), else the server's. */
    selectFieldErrors: (s: Snap) => form.visibleErrors(s.context),
    /** Save is disabled while the form is invalid or busy (spec 1 §5). */
    selectCanSubmit: (s: Snap) => canSubmit(!s.matches('editing'), form.isValid(s.context)),
  };
}

/** A user's own details `P` as a form with the fields `F`: its machine and selectors. */
export type DetailsForm<P, F extends string> = ReturnType<typeof defineDetailsForm<P, F>>;
export type DetailsMachine<P, F extends string> = DetailsForm<P, F>['machine'];
export type DetailsActor<P, F extends string> = ActorRefFrom<DetailsMachine<P, F>>;
export type DetailsSnapshot<P, F extends string> = SnapshotFrom<DetailsMachine<P, F>>;
