import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { SentInvitationPage, SentInvitationsRequest } from '../../src/contract/suggestions.ts';
import {
  sentInvitationsMachine,
  type InviteJobOption,
  type SentInvitationsEvent,
} from '../../src/machines/suggestions/sent-invitations.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { demoJob, demoJobs, demoSent } from '../../src/views/suggestions/suggestions-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof sentInvitationsMachine>;

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const page: SentInvitationPage = { items: demoSent, total: 14, pageNumber: 1, pageSize: 10 };

function startSut() {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    calls: [] as Array<{ id: string; input: unknown }>,
  };
  const stub = <T, I>(id: string) =>
    fromPromise<T, I>(({ input }) => {
      server.calls.push({ id, input });
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  const logic = sentInvitationsMachine.provide({
    actors: { load: stub<SentInvitationPage, SentInvitationsRequest>('load'), loadJobs: stub<InviteJobOption[], unknown>('loadJobs') },
  });
  const actor = createActor(logic, { input: undefined }).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as SentInvitationsEvent);
  await flush();
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    rows: s.context.invitations.map((i) => i.id),
    total: s.context.total,
    jobs: s.context.jobs.map((j) => j.title),
    loadError: s.context.loadError,
    tags: [...s.tags].sort(),
  });

const events = [
  { type: 'xstate.done.actor.load', output: page },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'xstate.done.actor.loadJobs', output: demoJobs },
  { type: 'xstate.error.actor.loadJobs', error: serverDown },
  { type: 'invitations.retry' },
  { type: 'invitations.status', status: 'viewed' },
  { type: 'invitations.status', status: null },
  { type: 'invitations.job', jobId: demoJob.id },
  { type: 'invitations.page', page: 2 },
] as unknown as EventObject[];

describe('the invitations sent machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(sentInvitationsMachine, {
    events,
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      const s = snap as Snap;
      if (!whileActorRuns(s, e)) return false;
      // Each filter is tried once from the start, so the walk stays small.
      if (e.type === 'invitations.status' || e.type === 'invitations.job')
        return s.context.query.pageNumber === 1 && (s.context.query.jobId === null || e.type === 'invitations.status');
      if (e.type === 'invitations.page') return s.context.query.status === null && s.context.query.jobId === null;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    const leaves = [...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort();
    expect(leaves).toEqual(['jobs.done', 'jobs.loading', 'list.failed', 'list.loading', 'list.ready']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) await play(sut, event);
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      // Every list read asks for what the query says, 10 a page.
      const last = sut.server.calls.filter((c) => c.id === 'load').at(-1)!.input as SentInvitationsRequest;
      expect(last.pageSize).toBe(10);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the invitations sent rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on the job of the address, and a new filter goes back to page 1', async () => {
    const server: unknown[] = [];
    const logic = sentInvitationsMachine.provide({
      actors: {
        load: fromPromise<SentInvitationPage, SentInvitationsRequest>(async ({ input }) => {
          server.push(input);
          return page;
        }),
        loadJobs: fromPromise<InviteJobOption[]>(async () => demoJobs),
      },
    });
    const actor = createActor(logic, { input: { jobId: demoJob.id } }).start();
    await flush();
    actor.send({ type: 'invitations.page', page: 2 });
    await flush();
    actor.send({ type: 'invitations.status', status: 'applied' });
    await flush();
    expect(server).toEqual([
      { pageNumber: 1, pageSize: 10, jobId: demoJob.id, status: null },
      { pageNumber: 2, pageSize: 10, jobId: demoJob.id, status: null },
      { pageNumber: 1, pageSize: 10, jobId: demoJob.id, status: 'applied' },
    ]);
    actor.stop();
  });
});
