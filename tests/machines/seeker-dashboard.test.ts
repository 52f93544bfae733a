import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { MatchedJob, SeekerDashboardCount } from '../../src/contract/jobs.ts';
import { DASHBOARD_MATCHES, seekerDashboardMachine, type SeekerDashboardEvent } from '../../src/machines/jobs/seeker-dashboard.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { matchedJobs, sampleDashboardCount } from '../../src/views/jobs/seeker-jobs-stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof seekerDashboardMachine>;

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const counts = sampleDashboardCount();
const best = matchedJobs.slice(0, DASHBOARD_MATCHES);
const [first, second] = best as [MatchedJob, MatchedJob];

function startSut() {
  const server = { pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>, calls: [] as string[] };
  const stub = <T>(id: string) =>
    fromPromise<T>(() => {
      server.calls.push(id);
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  const actor = createActor(
    seekerDashboardMachine.provide({ actors: { counts: stub<SeekerDashboardCount>('counts'), matches: stub<MatchedJob[]>('matches') } }),
  ).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as SeekerDashboardEvent);
  await flush();
}

/** What the dashboard shows: where each part is, the counts, and the jobs (saved or not). */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    counts: s.context.counts,
    jobs: s.context.jobs.map((j) => `${j.id.slice(-2)}${j.userActions.isSaved ? '*' : ''}`),
    loading: s.hasTag('loading'),
    error: s.hasTag('error'),
  });

const events = [
  { type: 'xstate.done.actor.counts', output: counts },
  { type: 'xstate.error.actor.counts', error: serverDown },
  { type: 'xstate.done.actor.matches', output: best },
  { type: 'xstate.done.actor.matches', output: [] },
  { type: 'xstate.error.actor.matches', error: serverDown },
  { type: 'counts.retry' },
  { type: 'matches.retry' },
  { type: 'job.saveChanged', jobId: first.id, isSaved: true },
  { type: 'job.saveChanged', jobId: first.id, isSaved: false },
  { type: 'job.saveChanged', jobId: second.id, isSaved: false },
] as unknown as EventObject[];

describe('the seeker dashboard machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(seekerDashboardMachine, {
    events,
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      const s = snap as Snap;
      if (!whileActorRuns(s, e)) return false;
      // A toggle is pressed on a job shown; the walk saves the first job once.
      if (e.type === 'job.saveChanged') {
        const { jobId, isSaved } = e as unknown as { jobId: string; isSaved: boolean };
        return (
          s.context.jobs.some((j) => j.id === jobId) && (!isSaved || !s.context.counts || s.context.counts.savedJobs <= counts.savedJobs)
        );
      }
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    const leaves = [...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort();
    expect(leaves).toEqual(['counts.failed', 'counts.loaded', 'counts.loading', 'matches.failed', 'matches.loaded', 'matches.loading']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      // Each part reads once, and again only when asked after a failure.
      const reads = { counts: 1, matches: 1 };
      for (const event of path) {
        const was = sut.actor.getSnapshot();
        if (event.type === 'counts.retry' && was.matches({ counts: 'failed' })) reads.counts++;
        if (event.type === 'matches.retry' && was.matches({ matches: 'failed' })) reads.matches++;
        await play(sut, event);
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expect(sut.server.calls.filter((c) => c === 'counts')).toHaveLength(reads.counts);
      expect(sut.server.calls.filter((c) => c === 'matches')).toHaveLength(reads.matches);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the seeker dashboard rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the counts and the five best matches side by side', async () => {
    const sut = startSut();
    expect(sut.server.calls.sort()).toEqual(['counts', 'matches']);
    await play(sut, { type: 'xstate.error.actor.counts', error: serverDown } as unknown as EventObject);
    await play(sut, { type: 'xstate.done.actor.matches', output: best } as unknown as EventObject);
    const s = sut.actor.getSnapshot();
    expect(s.matches({ counts: 'failed', matches: 'loaded' })).toBe(true);
    expect(s.context.jobs).toHaveLength(5);
  });

  it('counts a job saved or unsaved here at once', async () => {
    const sut = startSut();
    await play(sut, { type: 'xstate.done.actor.counts', output: counts } as unknown as EventObject);
    await play(sut, { type: 'xstate.done.actor.matches', output: best } as unknown as EventObject);
    await play(sut, { type: 'job.saveChanged', jobId: first.id, isSaved: true } as unknown as EventObject);
    expect(sut.actor.getSnapshot().context.counts!.savedJobs).toBe(counts.savedJobs + 1);
    expect(sut.actor.getSnapshot().context.jobs[0]!.userActions.isSaved).toBe(true);
    await play(sut, { type: 'job.saveChanged', jobId: second.id, isSaved: false } as unknown as EventObject);
    await play(sut, { type: 'job.saveChanged', jobId: first.id, isSaved: false } as unknown as EventObject);
    expect(sut.actor.getSnapshot().context.counts!.savedJobs).toBe(counts.savedJobs - 1);
    // A change the jobs already show counts nothing.
    await play(sut, { type: 'job.saveChanged', jobId: first.id, isSaved: false } as unknown as EventObject);
    expect(sut.actor.getSnapshot().context.counts!.savedJobs).toBe(counts.savedJobs - 1);
  });
});
