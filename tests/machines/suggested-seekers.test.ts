import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { SuggestionMessages, type SuggestedSeekerPage } from '../../src/contract/suggestions.ts';
import {
  suggestedSeekersMachine,
  type InviteAnswer,
  type SuggestedSeekersEvent,
} from '../../src/machines/suggestions/suggested-seekers.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { demoJob, demoSeekers, inviteResults, suggestedPage } from '../../src/views/suggestions/suggestions-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof suggestedSeekersMachine>;

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const applied = new ApiError('server', 409, SuggestionMessages.alreadyApplied);
// Two seekers who can be invited and one invited before; 12 in all (two pages).
const [a, b, invited] = [demoSeekers[0]!, demoSeekers[1]!, demoSeekers[2]!];
const page = suggestedPage([a, b, invited], 12);

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
  const logic = suggestedSeekersMachine.provide({
    actors: {
      load: stub<SuggestedSeekerPage, { jobId: string; pageNumber: number }>('load'),
      inviteOne: stub<InviteAnswer, { jobId: string; jobSeekerId: string }>('inviteOne'),
      inviteMany: stub<InviteAnswer, { jobId: string; jobSeekerIds: string[] }>('inviteMany'),
    },
  });
  const actor = createActor(logic, { input: { jobId: demoJob.id } }).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as SuggestedSeekersEvent);
  await flush();
}

/** What the panel shows: where it is, the page, each row (invited or not), the selection, the notice. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    page: s.context.pageNumber,
    rows: s.context.seekers.map(
      (x) => `${x.name}${x.invitedAt ? '✓' : ''}${s.context.outcomes[x.id] ? `:${s.context.outcomes[x.id]}` : ''}`,
    ),
    selected: s.context.selected,
    inviting: s.context.inviting,
    notice: s.context.notice,
    loadError: s.context.loadError,
    tags: [...s.tags].sort(),
  });

const oneDone: InviteAnswer = { results: inviteResults([a.id]), message: SuggestionMessages.invited };
const manyDone: InviteAnswer = { results: inviteResults([a.id, b.id]), message: '2 invitations are sent.' };

const events = [
  { type: 'xstate.done.actor.load', output: page },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'seekers.retry' },
  { type: 'seekers.page', page: 2 },
  { type: 'seeker.toggle', id: a.id },
  { type: 'seeker.toggle', id: invited.id },
  { type: 'seekers.selectAll' },
  { type: 'seekers.clearSelection' },
  { type: 'seeker.invite', id: a.id },
  { type: 'seeker.invite', id: invited.id },
  { type: 'seekers.inviteSelected' },
  { type: 'xstate.done.actor.inviteOne', output: oneDone },
  { type: 'xstate.error.actor.inviteOne', error: applied },
  { type: 'xstate.done.actor.inviteMany', output: manyDone },
  { type: 'xstate.error.actor.inviteMany', error: serverDown },
  { type: 'notice.dismiss' },
] as unknown as EventObject[];

describe('the suggested job seekers machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(suggestedSeekersMachine, {
    events,
    input: { jobId: demoJob.id },
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      const s = snap as Snap;
      if (!whileActorRuns(s, e)) return false;
      // The walk reads page 2 once; the many-invite answer names the two chosen.
      if (e.type === 'seekers.page') return s.context.pageNumber === 1;
      if (e.type === 'xstate.done.actor.inviteMany') return s.context.selected.length === 2;
      if (e.type === 'xstate.done.actor.inviteOne') return s.context.inviting === a.id;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    const leaves = [...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort();
    expect(leaves).toEqual(['failed', 'invitingMany', 'invitingOne', 'loading', 'ready']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) await play(sut, event);
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the suggested job seekers rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const ready = async () => {
    const sut = startSut();
    await play(sut, { type: 'xstate.done.actor.load', output: page } as unknown as EventObject);
    return sut;
  };

  it('reads the job’s first page of 10, and the next page on request', async () => {
    const sut = await ready();
    expect(sut.server.calls).toEqual([{ id: 'load', input: { jobId: demoJob.id, pageNumber: 1 } }]);
    expect(sut.actor.getSnapshot().context.jobTitle).toBe(demoJob.title);
    await play(sut, { type: 'seekers.page', page: 3 } as EventObject);
    expect(sut.server.calls).toHaveLength(1);
    await play(sut, { type: 'seekers.page', page: 2 } as EventObject);
    expect(sut.server.calls.at(-1)).toEqual({ id: 'load', input: { jobId: demoJob.id, pageNumber: 2 } });
  });

  it('never chooses a seeker invited before; "select all" picks the ones who can be invited', async () => {
    const sut = await ready();
    await play(sut, { type: 'seeker.toggle', id: invited.id } as EventObject);
    expect(sut.actor.getSnapshot().context.selected).toEqual([]);
    await play(sut, { type: 'seekers.selectAll' } as EventObject);
    expect(sut.actor.getSnapshot().context.selected).toEqual([a.id, b.id]);
  });

  it('invites the chosen at once, marks each as invited and clears the choice', async () => {
    const sut = await ready();
    await play(sut, { type: 'seekers.selectAll' } as EventObject);
    await play(sut, { type: 'seekers.inviteSelected' } as EventObject);
    expect(sut.server.calls.at(-1)).toEqual({ id: 'inviteMany', input: { jobId: demoJob.id, jobSeekerIds: [a.id, b.id] } });
    await play(sut, { type: 'xstate.done.actor.inviteMany', output: manyDone } as unknown as EventObject);
    const s = sut.actor.getSnapshot();
    expect(s.context.selected).toEqual([]);
    expect(s.context.seekers.filter((x) => x.invitedAt).map((x) => x.id)).toEqual([a.id, b.id, invited.id]);
    expect(s.context.notice).toEqual({ message: '2 invitations are sent.', failed: false });
  });

  it('shows a refusal of one invitation and leaves the seeker as it was', async () => {
    const sut = await ready();
    await play(sut, { type: 'seeker.invite', id: b.id } as EventObject);
    expect(sut.server.calls.at(-1)).toEqual({ id: 'inviteOne', input: { jobId: demoJob.id, jobSeekerId: b.id } });
    await play(sut, { type: 'xstate.error.actor.inviteOne', error: applied } as unknown as EventObject);
    const s = sut.actor.getSnapshot();
    expect(s.context.notice).toEqual({ message: SuggestionMessages.alreadyApplied, failed: true });
    expect(s.context.seekers.find((x) => x.id === b.id)!.invitedAt).toBeNull();
    expect(s.matches('ready')).toBe(true);
  });
});
