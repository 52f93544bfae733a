import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { AccountMessages } from '../../contract/account.ts';
import type { AllLookups } from '../../contract/lookups.ts';
import { profileChanges } from '../../services/profile-changes.ts';
import { canSubmit, formOf, messagesOf, validate, type FieldErrors, type FormEvent, type FormState } from '../form.ts';

/** A search starts this long after the last keystroke, so typing does not send a call per key. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Searches start from this many characters. */
export const SEARCH_MIN_LENGTH = 2;

/** A choice found by a search in the dialog (a university). */
export interface Choice {
  value: number;
  label: string;
}

/** What the page reads first: the section's answer and the lists its dialog offers. */
export interface Loaded<L> {
  list: L;
  lookups: AllLookups;
}

export interface EntriesContext<E, F extends string> extends FormState<F> {
  /** In the order the section is shown (spec 2 §5). */
  entries: E[];
  /** The section's own switch, e.g. "no work experience yet"; false where there is none. */
  flag: boolean;
  lookups: AllLookups | null;
  /** The id of the entry the dialog edits; null while it adds one. */
  editing: string | null;
  /** The entry waiting for the user to confirm its deletion. */
  removing: E | null;
  /** The last text searched in the dialog, and what it found. */
  query: string;
  found: Choice[];
}

export type EntriesEvent<F extends string> =
  | FormEvent<F>
  | { type: 'entries.retry' }
  | { type: 'entry.add' }
  | { type: 'entry.edit'; id: string }
  | { type: 'entry.delete'; id: string }
  | { type: 'dialog.close' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'search.query'; query: string }
  | { type: 'flag.set'; value: boolean };

export type EntriesEmitted = { type: 'entries.changed'; message: string };

/**
 * One profile section that is a list of entries (education, experience): how its answer reads,
 * how an entry fills the form, the contract's rules, and the calls behind it.
 */
export interface EntriesConfig<E extends { id: string }, F extends string, L, S extends z.ZodType> {
  id: string;
  fields: readonly F[];
  /** The contract's schema of one entry as sent. */
  schema: S;
  /** The typed values as the schema reads them. */
  toInput(values: Record<F, string>): z.input<S>;
  /** A new entry's form. */
  blank: Partial<Record<F, string>>;
  valuesOf(entry: E): Record<F, string>;
  /** Values made consistent after a change, e.g. a current job has no end date. */
  tidy?(values: Record<F, string>): Record<F, string>;
  entriesOf(list: L): E[];
  flagOf?(list: L): boolean;
  /** The section's order; the client keeps it after every change (spec 2 §5). */
  order(a: E, b: E): number;
  messages: { saved: string; deleted: string };
  services: {
    load(signal: AbortSignal): Promise<Loaded<L>>;
    /** Adds when `id` is null, else changes that entry. */
    save(call: { id: string | null; input: z.output<S> }, signal: AbortSignal): Promise<L>;
    remove(id: string, signal: AbortSignal): Promise<L>;
    setFlag?(value: boolean, signal: AbortSignal): Promise<L>;
    search?(query: string, signal: AbortSignal): Promise<Choice[]>;
  };
}

const noSearch = async (): Promise<Choice[]> => [];

/**
 * The machine of a list section: loading (or loadFailed, with a retry); the list; a dialog that
 * adds or edits an entry with the contract's rules, whose failures keep it open with the server's
 * words and the user's input; a delete the user confirms first; and, where the section has one,
 * its own switch. Every save tells the completion meter.
 */
export function defineEntries<E extends { id: string }, F extends string, L, S extends z.ZodType>(config: EntriesConfig<E, F, L, S>) {
  type Context = EntriesContext<E, F>;
  type Event = EntriesEvent<F>;
  const check = (values: Record<F, string>): FieldErrors<F> => validate(config.schema, config.toInput(values), config.fields);
  const form = formOf<F, Context, Event>(config.fields, check);
  const tidy = config.tidy ?? ((values: Record<F, string>) => values);
  const sorted = (list: L) => [...config.entriesOf(list)].sort(config.order);
  const flagOf = config.flagOf ?? (() => false);
  const fromList = (list: L) => ({ entries: sorted(list), flag: flagOf(list) });
  const setFlag = config.services.setFlag;

  const initialContext: Context = {
    ...form.empty(config.blank),
    entries: [],
    flag: false,
    lookups: null,
    editing: null,
    removing: null,
    query: '',
    found: [],
  };

  const machine = setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      emitted: {} as EntriesEmitted,
    },
    actors: {
      load: fromPromise<Loaded<L>>(({ signal }) => config.services.load(signal)),
      save: fromPromise<L, { id: string | null; input: z.output<S> }>(({ input, signal }) => config.services.save(input, signal)),
      remove: fromPromise<L, { id: string }>(({ input, signal }) => config.services.remove(input.id, signal)),
      setFlag: fromPromise<L, { value: boolean }>(({ input, signal }) =>
        setFlag ? setFlag(input.value, signal) : Promise.reject(new Error(`${config.id} has no switch`)),
      ),
      search: fromPromise<Choice[], { query: string }>(({ input, signal }) => (config.services.search ?? noSearch)(input.query, signal)),
    },
    actions: {
      ...form.actions,
      tidyValues: assign(({ context }) => {
        const values = tidy(context.values);
        return values === context.values ? {} : { values, errors: check(values) };
      }),
      clearError: assign({ error: null }),
      announceChange: () => profileChanges.changed(),
    },
    guards: {
      ...form.guards,
      knowsEntry: ({ context, event }) => {
        assertEvent(event, ['entry.edit', 'entry.delete']);
        return context.entries.some((e) => e.id === event.id);
      },
      searchable: ({ event }) => {
        assertEvent(event, 'search.query');
        return event.query.trim().length >= SEARCH_MIN_LENGTH;
      },
    },
    delays: { searchDelay: SEARCH_DEBOUNCE_MS },
  }).createMachine({
    id: config.id,
    context: initialContext,
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'list', actions: assign(({ event }) => ({ ...fromList(event.output.list), lookups: event.output.lookups })) },
          onError: { target: 'loadFailed' },
        },
      },
      loadFailed: {
        tags: ['error'],
        on: { 'entries.retry': 'loading' },
      },
      list: {
        initial: 'idle',
        on: {
          'entry.add': {
            target: 'dialog',
            actions: assign(() => ({ ...form.empty(config.blank), editing: null, query: '', found: [] })),
          },
          'entry.edit': {
            guard: 'knowsEntry',
            target: 'dialog',
            actions: assign(({ context, event }) => ({
              ...form.empty(config.valuesOf(context.entries.find((e) => e.id === event.id)!)),
              editing: event.id,
              query: '',
              found: [],
            })),
          },
          'entry.delete': {
            guard: 'knowsEntry',
            target: 'confirming',
            actions: assign(({ context, event }) => ({ removing: context.entries.find((e) => e.id === event.id)!, error: null })),
          },
          'flag.set': { target: 'savingFlag' },
        },
        states: {
          idle: {},
          // The switch could not be saved; the list says why.
          failed: { tags: ['error'] },
        },
      },
      dialog: {
        tags: ['dialog'],
        type: 'parallel',
        on: {
          'dialog.close': 'list',
          'form.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'touchAll' }],
        },
        states: {
          form: {
            initial: 'idle',
            on: {
              'field.change': { target: '.idle', actions: [{ type: 'changeField', params: ({ event }) => event }, 'tidyValues'] },
              'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
            },
            states: {
              idle: {},
              failed: {
                tags: ['error'],
                always: { guard: 'nothingToShow', target: 'idle' },
              },
            },
          },
          // One field's choices looked up on the server as the user types; a newer text stops the older search.
          search: {
            initial: 'idle',
            on: {
              'search.query': [
                { guard: 'searchable', target: '.waiting', reenter: true, actions: assign({ query: ({ event }) => event.query }) },
                { target: '.idle', reenter: true, actions: assign({ query: ({ event }) => event.query, found: [] }) },
              ],
            },
            states: {
              idle: {},
              waiting: {
                after: { searchDelay: 'searching' },
              },
              searching: {
                tags: ['searching'],
                invoke: {
                  id: 'search',
                  src: 'search',
                  input: ({ context }) => ({ query: context.query.trim() }),
                  onDone: { target: 'idle', actions: assign({ found: ({ event }) => event.output }) },
                  // A search that fails finds nothing; the user can still type the name.
                  onError: { target: 'idle', actions: assign({ found: [] }) },
                },
              },
            },
          },
        },
      },
      saving: {
        tags: ['dialog', 'busy'],
        entry: 'clearFailure',
        invoke: {
          id: 'save',
          src: 'save',
          // The dialog submits only while the rules are met, so the schema reads the values.
          input: ({ context }) => ({ id: context.editing, input: config.schema.parse(config.toInput(context.values)) as z.output<S> }),
          onDone: {
            target: 'list',
            actions: [
              assign(({ event }) => fromList(event.output)),
              emit({ type: 'entries.changed', message: config.messages.saved }),
              'announceChange',
            ],
          },
          onError: {
            target: 'dialog.form.failed',
            actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)),
          },
        },
      },
      confirming: {
        tags: ['confirm'],
        on: {
          'delete.confirm': 'deleting',
          'delete.cancel': { target: 'list', actions: ['clearError', assign({ removing: null })] },
        },
      },
      deleting: {
        tags: ['confirm', 'busy'],
        entry: 'clearError',
        invoke: {
          id: 'remove',
          src: 'remove',
          input: ({ context }) => ({ id: context.removing!.id }),
          onDone: {
            target: 'list',
            actions: [
              assign(({ event }) => ({ ...fromList(event.output), removing: null })),
              emit({ type: 'entries.changed', message: config.messages.deleted }),
              'announceChange',
            ],
          },
          onError: {
            target: 'confirming',
            actions: assign(({ event }) => ({ error: messagesOf(event.error, AccountMessages.generic).join(' ') })),
          },
        },
      },
      savingFlag: {
        tags: ['busy'],
        entry: 'clearError',
        invoke: {
          id: 'setFlag',
          src: 'setFlag',
          input: ({ event }) => {
            assertEvent(event, 'flag.set');
            return { value: event.value };
          },
          onDone: { target: 'list', actions: [assign(({ event }) => fromList(event.output)), 'announceChange'] },
          onError: {
            target: 'list.failed',
            actions: assign(({ event }) => ({ error: messagesOf(event.error, AccountMessages.generic).join(' ') })),
          },
        },
      },
    },
  });

  type Snap = SnapshotFrom<typeof machine>;
  return {
    machine,
    fields: config.fields,
    /** The context before anything is loaded; stories start from it. */
    initialContext,
    /** The form an entry fills, with the rules already run. */
    formFor: (entry: E | null) => form.empty(entry ? config.valuesOf(entry) : config.blank),
    /** The rules' errors for fields left once (or all after a submit), else the server's. */
    selectFieldErrors: (s: Snap) => form.visibleErrors(s.context),
    /** Save is disabled while the form is invalid or busy (spec 1 §5). */
    selectCanSubmit: (s: Snap) => canSubmit(!s.hasTag('dialog') || s.hasTag('busy'), form.isValid(s.context)),
  };
}

/** The machine of a list section whose entries are `E` and whose form has the fields `F`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context: the type names the machine, not one form
export type EntriesMachine<E extends { id: string }, F extends string> = ReturnType<typeof defineEntries<E, F, any, z.ZodType>>['machine'];
export type EntriesActor<E extends { id: string }, F extends string> = ActorRefFrom<EntriesMachine<E, F>>;
export type EntriesSnapshot<E extends { id: string }, F extends string> = SnapshotFrom<EntriesMachine<E, F>>;

/** Where the dialog stands, for its title: adding, editing, or closed. */
export const selectDialog = (s: { hasTag(tag: 'dialog'): boolean; context: { editing: string | null } }) =>
  !s.hasTag('dialog') ? null : s.context.editing === null ? 'add' : 'edit';
