import { assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LocationResult } from '../../contract/location.ts';
import { LocationSearchType } from '../../contract/user-location.ts';
import { locationService } from '../../services/location.ts';

/** A search starts this long after the last keystroke (spec 1 §9). */
export const SEARCH_DEBOUNCE_MS = 650;
/** The dropdown closes this long after the field loses focus, so a click on a result still counts (spec 1 §9). */
export const DROPDOWN_CLOSE_MS = 350;
/** Searches start when the text is longer than this (spec 1 §9). */
export const MIN_SEARCH_LENGTH = 2;

export type SearchType = (typeof LocationSearchType)[keyof typeof LocationSearchType];

export interface LocationSearchContext {
  text: string;
  type: SearchType;
  /** The answer for the current text; null while there is none. */
  results: LocationResult[] | null;
  selected: LocationResult | null;
}

export type LocationSearchEvent =
  | { type: 'search.type'; text: string }
  | { type: 'search.focus' }
  | { type: 'search.blur' }
  | { type: 'search.close' }
  | { type: 'search.select'; location: LocationResult };

export type LocationSearchEmitted = { type: 'location.selected'; location: LocationResult };

export interface LocationSearchInput {
  text?: string;
  type?: SearchType;
}

const searchable = (text: string) => text.trim().length > MIN_SEARCH_LENGTH;

export const locationSearchMachine = setup({
  types: {
    context: {} as LocationSearchContext,
    events: {} as LocationSearchEvent,
    emitted: {} as LocationSearchEmitted,
    input: {} as LocationSearchInput,
  },
  actors: {
    search: fromPromise<LocationResult[], { text: string; type: SearchType }>(({ input, signal }) =>
      locationService.search(input.text.trim(), input.type, signal),
    ),
  },
  actions: {
    setText: assign(({ event }) => {
      assertEvent(event, 'search.type');
      return { text: event.text, results: null, selected: null };
    }),
    setResults: assign((_, results: LocationResult[]) => ({ results })),
    // The server already answers errors with an empty list; anything else is shown the same way.
    clearResults: assign({ results: () => [] }),
    choose: assign(({ event }) => {
      assertEvent(event, 'search.select');
      const { location } = event;
      return { selected: location, text: location.address.freeformAddress, results: null };
    }),
    announce: emit(({ event }) => {
      assertEvent(event, 'search.select');
      return { type: 'location.selected' as const, location: event.location };
    }),
  },
  guards: {
    typedEnough: ({ event }) => {
      assertEvent(event, 'search.type');
      return searchable(event.text);
    },
    hasEnoughText: ({ context }) => searchable(context.text),
    foundSome: (_, results: LocationResult[]) => results.length > 0,
    hasResults: ({ context }) => !!context.results?.length,
  },
  delays: {
    searchDelay: SEARCH_DEBOUNCE_MS,
    closeDelay: DROPDOWN_CLOSE_MS,
  },
}).createMachine({
  id: 'locationSearch',
  context: ({ input }) => ({
    text: input?.text ?? '',
    type: input?.type ?? LocationSearchType.City,
    results: null,
    selected: null,
  }),
  initial: 'idle',
  on: {
    'search.type': [
      { guard: 'typedEnough', target: '.debouncing', reenter: true, actions: 'setText' },
      { target: '.idle', actions: 'setText' },
    ],
  },
  states: {
    idle: {
      on: {
        'search.focus': { guard: 'hasEnoughText', target: 'searching' },
      },
    },
    debouncing: {
      after: { searchDelay: { target: 'searching' } },
      on: {
        'search.blur': { target: 'closing' },
        'search.close': { target: 'idle' },
      },
    },
    searching: {
      tags: ['open', 'loading'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ text: context.text, type: context.type }),
        onDone: [
          {
            guard: { type: 'foundSome', params: ({ event }) => event.output },
            target: 'results',
            actions: { type: 'setResults', params: ({ event }) => event.output },
          },
          { target: 'noResults', actions: { type: 'setResults', params: ({ event }) => event.output } },
        ],
        onError: { target: 'noResults', actions: 'clearResults' },
      },
      on: {
        'search.blur': { target: 'closing' },
        'search.close': { target: 'idle' },
      },
    },
    results: {
      tags: ['open'],
      on: {
        'search.select': { target: 'idle', actions: ['choose', 'announce'] },
        'search.blur': { target: 'closing' },
        'search.close': { target: 'idle' },
      },
    },
    noResults: {
      tags: ['open'],
      on: {
        'search.blur': { target: 'closing' },
        'search.close': { target: 'idle' },
      },
    },
    // Still showing what it showed, for DROPDOWN_CLOSE_MS.
    closing: {
      tags: ['open'],
      after: { closeDelay: { target: 'idle' } },
      on: {
        'search.select': { guard: 'hasResults', target: 'idle', actions: ['choose', 'announce'] },
        'search.focus': [{ guard: 'hasEnoughText', target: 'searching' }, { target: 'idle' }],
        'search.close': { target: 'idle' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof locationSearchMachine>;

export const selectText = (s: Snapshot) => s.context.text;
export const selectResults = (s: Snapshot) => s.context.results;
export const selectSearching = (s: Snapshot) => s.hasTag('loading');
/** The dropdown shows while searching, with an answer, and for a moment after the field loses focus. */
export const selectDropdownOpen = (s: Snapshot) => s.hasTag('open') && (s.hasTag('loading') || s.context.results !== null);
export const selectNothingFound = (s: Snapshot) => s.hasTag('open') && !s.hasTag('loading') && s.context.results?.length === 0;
