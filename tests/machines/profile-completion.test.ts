import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { CompletionStatus } from '../../src/contract/account.ts';
import { profileCompletionMachine, selectPercentage, selectStatus } from '../../src/machines/account/profile-completion.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof profileCompletionMachine>;

const status = (percentage: number): CompletionStatus => ({
  isCompleted: percentage === 100,
  completedPercentage: percentage,
  profileComplete: percentage >= 17,
  educationComplete: percentage >= 33,
  skillsComplete: percentage >= 50,
  experienceComplete: percentage >= 67,
  preferencesComplete: percentage >= 83,
  documentsComplete: percentage === 100,
});

const modelEvents = [
  { type: 'xstate.done.actor.load', output: status(33) },
  { type: 'xstate.done.actor.load', output: status(100) },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'completion.reload' },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({ value: s.value, percentage: selectPercentage(s), failed: s.hasTag('error'), loading: s.hasTag('loading') });

function startSut() {
  const server = { calls: 0, pending: undefined as ReturnType<typeof deferred<CompletionStatus>> | undefined };
  const machine = profileCompletionMachine.provide({
    actors: {
      load: fromPromise<CompletionStatus>(() => {
        server.calls++;
        server.pending = deferred();
        return server.pending.promise;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, server };
}

describe('profile completion machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(profileCompletionMachine, {
    events: modelEvents,
    serializeState: observable,
    // A read answers only while it runs.
    filterEvents: (s, e) => !e.type.startsWith('xstate.') || s.matches('loading'),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['failed', 'loaded', 'loading']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle({ load: sut.server.pending }, event)) sut.actor.send(event as { type: 'completion.reload' });
        await flush();
      }
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('profile completion rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the status again when any page saves a section, without a reload', async () => {
    const sut = startSut();
    sut.server.pending!.resolve(status(33));
    await flush();
    expect(selectPercentage(sut.actor.getSnapshot())).toBe(33);

    profileChanges.changed();
    await flush();
    expect(sut.server.calls).toBe(2);
    sut.server.pending!.resolve(status(50));
    await flush();
    expect(selectStatus(sut.actor.getSnapshot())?.skillsComplete).toBe(true);
    expect(selectPercentage(sut.actor.getSnapshot())).toBe(50);
    sut.actor.stop();
  });

  it('reads again when a save lands while a read is on its way, and keeps only the newest answer', async () => {
    const sut = startSut();
    const first = sut.server.pending!;
    profileChanges.changed();
    await flush();
    expect(sut.server.calls).toBe(2);
    // The first read's answer, stale now, arrives late and is ignored.
    first.resolve(status(17));
    await flush();
    expect(selectPercentage(sut.actor.getSnapshot())).toBeNull();
    sut.server.pending!.resolve(status(33));
    await flush();
    expect(selectPercentage(sut.actor.getSnapshot())).toBe(33);
    sut.actor.stop();
  });

  it('stops listening when it stops', async () => {
    const sut = startSut();
    sut.actor.stop();
    profileChanges.changed();
    await flush();
    expect(sut.server.calls).toBe(1);
  });
});
