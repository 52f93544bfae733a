import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { JobMessages } from '../../src/contract/jobs.ts';
import { SaveJobMessages, saveJobMachine, type SaveJobEmitted } from '../../src/machines/jobs/save-job.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof saveJobMachine>;

const JOB = '0b7f4a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const limit = new ApiError('client', 400, JobMessages.savedLimit, [JobMessages.savedLimit]);

function startSut(isSaved: boolean) {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    calls: [] as Array<{ jobId: string; save: boolean }>,
  };
  const machine = saveJobMachine.provide({
    actors: {
      change: fromPromise<boolean, { jobId: string; save: boolean }>(({ input }) => {
        server.calls.push(input);
        const d = deferred<boolean>();
        server.pending.change = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: SaveJobEmitted[] = [];
  const actor = createActor(machine, { input: { jobId: JOB, isSaved } });
  actor.on('save.changed', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    saved: s.context.isSaved,
    busy: s.hasTag('busy'),
    error: s.context.error,
    announcement: s.context.announcement,
  });

describe.each([false, true])('save job machine (model-based), starting saved: %s', (startSaved) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events = [
    { type: 'save.toggle' },
    { type: 'xstate.done.actor.change', output: true },
    { type: 'xstate.done.actor.change', output: false },
    { type: 'xstate.error.actor.change', error: serverDown },
    { type: 'xstate.error.actor.change', error: limit },
  ] as unknown as EventObject[];

  const model = modelOf(saveJobMachine, {
    events,
    input: { jobId: JOB, isSaved: startSaved },
    serializeState: observable,
    filterEvents: (s, e) => {
      if (!whileActorRuns(s, e)) return false;
      // The server answers the state asked for: saved after a save, not saved after taking it back.
      if (e.type.startsWith('xstate.done.actor.')) return (e as unknown as { output: boolean }).output === !s.context.isSaved;
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches idle and changing and tries every event', () => {
    expect(new Set(states.map((s) => s.state.value))).toEqual(new Set(['idle', 'changing']));
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut(startSaved);
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as never);
        await flush();
      }
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('save job rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves an unsaved job, tells the list and announces it', async () => {
    const sut = startSut(false);
    sut.actor.send({ type: 'save.toggle' });
    expect(sut.server.calls).toEqual([{ jobId: JOB, save: true }]);
    sut.server.pending.change!.resolve(true as never);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ isSaved: true, announcement: JobMessages.saved, error: null });
    expect(sut.emitted).toEqual([{ type: 'save.changed', jobId: JOB, isSaved: true }]);
  });

  it('takes a saved job back', async () => {
    const sut = startSut(true);
    sut.actor.send({ type: 'save.toggle' });
    expect(sut.server.calls).toEqual([{ jobId: JOB, save: false }]);
    sut.server.pending.change!.resolve(false as never);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ isSaved: false, announcement: JobMessages.unsaved });
    expect(sut.emitted).toEqual([{ type: 'save.changed', jobId: JOB, isSaved: false }]);
  });

  it('sends one request while one is under way', async () => {
    const sut = startSut(false);
    sut.actor.send({ type: 'save.toggle' });
    sut.actor.send({ type: 'save.toggle' });
    expect(sut.server.calls).toHaveLength(1);
  });

  it('keeps the state and gives the server’s reason when it refuses, ours when it fails', async () => {
    const sut = startSut(false);
    sut.actor.send({ type: 'save.toggle' });
    sut.server.pending.change!.reject(limit as never);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ isSaved: false, error: JobMessages.savedLimit });
    sut.actor.send({ type: 'save.toggle' });
    sut.server.pending.change!.reject(serverDown as never);
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(SaveJobMessages.saveFailed);
    expect(sut.emitted).toEqual([]);
  });
});
