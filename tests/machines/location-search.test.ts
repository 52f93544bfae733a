import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { LocationResult } from '../../src/contract/location.ts';
import {
  DROPDOWN_CLOSE_MS,
  SEARCH_DEBOUNCE_MS,
  locationSearchMachine,
  selectDropdownOpen,
  selectNothingFound,
  type LocationSearchEvent,
  type SearchType,
} from '../../src/machines/location/location-search.machine.ts';
import { modelOf, transitionPaths } from '../support/client/model.ts';

const PORTLAND_OR: LocationResult = {
  id: 'city:5746545',
  address: { freeformAddress: 'Portland, OR', countrySubdivisionName: 'Oregon' },
  position: { lat: 45.52345, lng: -122.67621 },
};
const PORTLAND_ME: LocationResult = {
  id: 'city:4975802',
  address: { freeformAddress: 'Portland, ME', countrySubdivisionName: 'Maine' },
  position: { lat: 43.65737, lng: -70.2589 },
};

const AFTER_SEARCH_DELAY = 'xstate.after.searchDelay.locationSearch.debouncing';
const AFTER_CLOSE_DELAY = 'xstate.after.closeDelay.locationSearch.closing';
const SEARCH_DONE = 'xstate.done.actor.search';
const SEARCH_ERROR = 'xstate.error.actor.search';

type ModelEvent =
  | LocationSearchEvent
  | { type: typeof AFTER_SEARCH_DELAY }
  | { type: typeof AFTER_CLOSE_DELAY }
  | { type: typeof SEARCH_DONE; output: LocationResult[] }
  | { type: typeof SEARCH_ERROR; error: unknown };

/** Every event the machine knows, with each kind of answer the search can give. */
const EVENTS: ModelEvent[] = [
  { type: 'search.type', text: 'po' },
  { type: 'search.type', text: 'port' },
  { type: 'search.focus' },
  { type: 'search.blur' },
  { type: 'search.close' },
  { type: 'search.select', location: PORTLAND_OR },
  { type: AFTER_SEARCH_DELAY },
  { type: AFTER_CLOSE_DELAY },
  { type: SEARCH_DONE, output: [PORTLAND_OR, PORTLAND_ME] },
  { type: SEARCH_DONE, output: [] },
  { type: SEARCH_ERROR, error: new Error('offline') },
];

type Snap = SnapshotFrom<typeof locationSearchMachine>;

const serialize = (s: Snap) => JSON.stringify({ value: s.value, text: s.context.text, results: s.context.results?.length ?? null });

const model = modelOf(locationSearchMachine, {
  events: EVENTS,
  serializeState: serialize,
  // Timers and answers only happen in the states that wait for them.
  filterEvents: (s, e) => {
    if (e.type === AFTER_SEARCH_DELAY) return s.matches('debouncing');
    if (e.type === AFTER_CLOSE_DELAY) return s.matches('closing');
    if (e.type === SEARCH_DONE || e.type === SEARCH_ERROR) return s.matches('searching');
    return true;
  },
});

const isInit = (e: { type: string }) => e.type === 'xstate.init';

function label(events: ModelEvent[]) {
  return events
    .map((e) => {
      if (e.type === 'search.type') return `type "${e.text}"`;
      if (e.type === SEARCH_DONE) return `${e.output.length} found`;
      return e.type.replace(/^xstate\.(after\.\w+)\..*$/, '$1');
    })
    .join(' → ');
}

interface PendingSearch {
  input: { text: string; type: SearchType };
  signal: AbortSignal;
  settled: boolean;
  resolve(value: LocationResult[]): void;
  reject(error: unknown): void;
}

function harness() {
  const searches: PendingSearch[] = [];
  const emitted: LocationResult[] = [];
  const logic = locationSearchMachine.provide({
    actors: {
      search: fromPromise<LocationResult[], { text: string; type: SearchType }>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            const pending: PendingSearch = {
              input,
              signal,
              settled: false,
              resolve: (v) => ((pending.settled = true), resolve(v)),
              reject: (e) => ((pending.settled = true), reject(e)),
            };
            searches.push(pending);
          }),
      ),
    },
  });
  const actor = createActor(logic, { input: {} });
  actor.on('location.selected', (e) => emitted.push(e.location));
  actor.start();
  return { actor, searches, emitted };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('location search machine: every state and every event (model-based)', () => {
  const paths = transitionPaths(model, label);

  it('reaches every state of the chart', () => {
    const reached = new Set(paths.map((p) => String((p.state as Snap).value)));
    expect([...reached].sort()).toEqual(['closing', 'debouncing', 'idle', 'noResults', 'results', 'searching']);
    const tried = new Set(paths.flatMap((p) => p.steps.filter((s) => !isInit(s.event)).map((s) => s.event.type)));
    expect([...tried].sort()).toEqual([...new Set(EVENTS.map((e) => e.type))].sort());
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { actor, searches, emitted } = harness();
    expect(actor.getSnapshot().value).toBe('idle');
    await path.test({
      events: {
        'search.type': async ({ event }) => {
          actor.send(event as LocationSearchEvent);
          await flush();
        },
        'search.focus': async () => {
          actor.send({ type: 'search.focus' });
          await flush();
        },
        'search.blur': async () => {
          actor.send({ type: 'search.blur' });
          await flush();
        },
        'search.close': async () => {
          actor.send({ type: 'search.close' });
          await flush();
        },
        'search.select': async ({ event }) => {
          const before = emitted.length;
          const accepted = actor.getSnapshot().can(event as LocationSearchEvent);
          actor.send(event as LocationSearchEvent);
          await flush();
          // Choosing a result hands it to whoever listens, once.
          expect(emitted.length).toBe(before + (accepted ? 1 : 0));
          if (accepted) expect(emitted.at(-1)).toEqual(PORTLAND_OR);
        },
        [AFTER_SEARCH_DELAY]: async () => {
          const started = searches.length;
          await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
          expect(actor.getSnapshot().value).toBe('debouncing');
          expect(searches.length).toBe(started);
          await vi.advanceTimersByTimeAsync(1);
          expect(searches.length).toBe(started + 1);
        },
        [AFTER_CLOSE_DELAY]: async () => {
          await vi.advanceTimersByTimeAsync(DROPDOWN_CLOSE_MS - 1);
          expect(actor.getSnapshot().value).toBe('closing');
          expect(selectDropdownOpen(actor.getSnapshot())).toBe(actor.getSnapshot().context.results !== null);
          await vi.advanceTimersByTimeAsync(1);
        },
        [SEARCH_DONE]: async ({ event }) => {
          const pending = searches.at(-1)!;
          expect(pending.input).toEqual({ text: actor.getSnapshot().context.text.trim(), type: 1 });
          pending.resolve((event as unknown as { output: LocationResult[] }).output);
          await flush();
        },
        [SEARCH_ERROR]: async ({ event }) => {
          searches.at(-1)!.reject((event as unknown as { error: unknown }).error);
          await flush();
        },
      },
      states: {
        '*': (state) => {
          const expected = state as Snap;
          const real = actor.getSnapshot();
          expect(real.value).toEqual(expected.value);
          expect(real.context.text).toBe(expected.context.text);
          expect(real.context.results).toEqual(expected.context.results);
          expect(real.hasTag('loading')).toBe(real.matches('searching'));
          expect(selectNothingFound(real)).toBe(real.hasTag('open') && !real.hasTag('loading') && real.context.results?.length === 0);
          // A search in flight is the only one not cancelled.
          const live = searches.filter((s) => !s.settled && !s.signal.aborted);
          expect(live.length).toBe(real.matches('searching') ? 1 : 0);
        },
      },
    });
    actor.stop();
  });
});

describe('location search machine: timing', () => {
  it('searches 650 ms after the last keystroke, for the last text only', async () => {
    const { actor, searches } = harness();
    actor.send({ type: 'search.type', text: 'por' });
    await vi.advanceTimersByTimeAsync(600);
    actor.send({ type: 'search.type', text: 'port' });
    await vi.advanceTimersByTimeAsync(649);
    expect(searches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(searches.map((s) => s.input.text)).toEqual(['port']);
  });

  it('does not search for 2 characters or fewer, and forgets the answer when the text gets that short', async () => {
    const { actor, searches } = harness();
    actor.send({ type: 'search.type', text: '  po  ' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(searches).toHaveLength(0);
    actor.send({ type: 'search.focus' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('cancels a search in flight when the text changes', async () => {
    const { actor, searches } = harness();
    actor.send({ type: 'search.type', text: 'port' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.type', text: 'portl' });
    expect(searches[0]!.signal.aborted).toBe(true);
    searches[0]!.resolve([PORTLAND_ME]);
    await flush();
    expect(actor.getSnapshot().context.results).toBeNull();
  });

  it('searches at once on focus when the text is long enough', async () => {
    const logic = locationSearchMachine.provide({
      actors: { search: fromPromise(async () => [PORTLAND_OR]) },
    });
    const actor = createActor(logic, { input: { text: 'Portland' } }).start();
    actor.send({ type: 'search.focus' });
    await flush();
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context.results).toEqual([PORTLAND_OR]);
  });

  it('keeps the dropdown for 350 ms after blur so a click on a result still counts', async () => {
    const logic = locationSearchMachine.provide({
      actors: { search: fromPromise(async () => [PORTLAND_OR, PORTLAND_ME]) },
    });
    const chosen: LocationResult[] = [];
    const actor = createActor(logic, { input: {} }).start();
    actor.on('location.selected', (e) => chosen.push(e.location));
    actor.send({ type: 'search.type', text: 'port' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.blur' });
    await vi.advanceTimersByTimeAsync(DROPDOWN_CLOSE_MS - 1);
    expect(selectDropdownOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'search.select', location: PORTLAND_ME });
    expect(chosen).toEqual([PORTLAND_ME]);
    expect(actor.getSnapshot().context.text).toBe('Portland, ME');
    expect(selectDropdownOpen(actor.getSnapshot())).toBe(false);
  });

  it('searches streets when asked to', async () => {
    const inputs: unknown[] = [];
    const logic = locationSearchMachine.provide({
      actors: {
        search: fromPromise(async ({ input }) => {
          inputs.push(input);
          return [];
        }),
      },
    });
    const actor = createActor(logic, { input: { type: 2 } }).start();
    actor.send({ type: 'search.type', text: '1600 Penn' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(inputs).toEqual([{ text: '1600 Penn', type: 2 }]);
    expect(selectNothingFound(actor.getSnapshot())).toBe(true);
  });
});
