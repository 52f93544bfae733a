/**
 * A user's own details form (src/machines/details-form.machine.ts) with its calls answered by the
 * test, and the model-based walk every such form gets: every state its chart reaches, every event
 * tried there, replayed on the real actor.
 */
import { expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import type { defineDetailsForm, DetailsEmitted, DetailsSnapshot, SavedDetails } from '../../../src/machines/details-form.machine.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns } from './model.ts';

type DetailsForm<P, F extends string> = ReturnType<typeof defineDetailsForm<P, F>>;
type Pending = ReturnType<typeof deferred<never>>;

/** Starts `form`'s machine with its load and save held until the test answers them through `server.pending`. */
export function stubbedDetails<P, F extends string>(form: DetailsForm<P, F>) {
  const server = { loads: 0, saves: [] as Array<Record<F, string>>, pending: {} as Record<string, Pending | undefined> };
  const hold = <T>(id: string) => {
    const d = deferred<T>();
    server.pending[id] = d as unknown as Pending;
    return d.promise;
  };
  const machine = form.machine.provide({
    actors: {
      load: fromPromise<P>(() => {
        server.loads++;
        return hold('load');
      }),
      save: fromPromise<SavedDetails<P>, Record<string, string>>(({ input }) => {
        server.saves.push(input as Record<F, string>);
        return hold('save');
      }),
    },
  });
  const emitted: Array<DetailsEmitted<P>> = [];
  const actor = createActor(machine);
  actor.on('profile.saved', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

/** `form` started with `profile` read. */
export async function loadedDetails<P, F extends string>(form: DetailsForm<P, F>, profile: P) {
  const sut = stubbedDetails(form);
  sut.server.pending.load!.resolve(profile as never);
  await flush();
  return sut;
}

/** Every atomic state of the details chart. */
export const detailsStates = ['editing.failed', 'editing.idle', 'editing.saved', 'loadFailed', 'loading', 'saving'];

/**
 * Walks every state of `form`'s chart the events reach, and replays each state and each event
 * tried there on the real machine with stub calls: it must end where the model says, and keep the
 * form rules (spec 1 §5) all along. Call inside a `describe` with fake timers.
 */
export function walkDetailsForm<P, F extends string>(form: DetailsForm<P, F>, events: EventObject[]) {
  type Snap = DetailsSnapshot<P, F>;
  /** What a user of the form can tell apart: where it is, the values, the errors it shows, what it says, and whether Save can be pressed. */
  const observable = (s: Snap) =>
    JSON.stringify({
      value: s.value,
      values: s.context.values,
      shown: form.selectFieldErrors(s),
      error: s.context.error,
      loadError: s.context.loadError,
      message: s.context.message,
      canSubmit: form.selectCanSubmit(s),
    });
  const model = modelOf(form.machine, { events, serializeState: observable, filterEvents: whileActorRuns });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(detailsStates);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = stubbedDetails(form);
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as never);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Save only when valid and not busy; a rule's error shows only for a field left once, or after a submit.
      expect(form.selectCanSubmit(now)).toBe(now.matches('editing') && Object.keys(now.context.errors).length === 0);
      for (const field of form.fields) {
        const shown = form.selectFieldErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
}
