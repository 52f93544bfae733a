import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { SeekerInvitationPage } from '../../src/contract/suggestions.ts';
import { invitationViewedMachine } from '../../src/machines/suggestions/invitation-viewed.machine.ts';
import { seekerInvitationsMachine, type SeekerInvitationsEvent } from '../../src/machines/suggestions/seeker-invitations.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { demoSeekerInvitations } from '../../src/views/suggestions/suggestions-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const page: SeekerInvitationPage = { items: demoSeekerInvitations, total: 3, pageNumber: 1, pageSize: 5 };

type Snap = SnapshotFrom<typeof seekerInvitationsMachine>;

function startSut() {
  const server = { pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>, reads: 0 };
  const logic = seekerInvitationsMachine.provide({
    actors: {
      load: fromPromise<SeekerInvitationPage>(() => {
        server.reads++;
        const d = deferred<SeekerInvitationPage>();
        server.pending.load = d as never;
        return d.promise;
      }),
    },
  });
  return { actor: createActor(logic).start(), server };
}

const observable = (s: Snap) =>
  JSON.stringify({ value: s.value, page: s.context.page?.items.map((i) => i.id) ?? null, tags: [...s.tags].sort() });

const events = [
  { type: 'xstate.done.actor.load', output: page },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'invitations.retry' },
] as unknown as EventObject[];

describe('the seeker invitations machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(seekerInvitationsMachine, {
    events,
    serializeState: observable as never,
    filterEvents: (s, e) => whileActorRuns(s as Snap, e),
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['failed', 'loaded', 'loading']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      let reads = 1;
      for (const event of path) {
        if (event.type === 'invitations.retry' && sut.actor.getSnapshot().matches('failed')) reads++;
        if (!settle(sut.server.pending, event)) sut.actor.send(event as SeekerInvitationsEvent);
        await flush();
      }
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      expect(sut.server.reads).toBe(reads);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the invitation viewed machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['marked', async (): Promise<unknown> => undefined],
    ['failed', async (): Promise<unknown> => Promise.reject(serverDown)],
  ] as const)('tells the server once, and ends %s', async (end, answer) => {
    const sent: string[] = [];
    const logic = invitationViewedMachine.provide({
      actors: {
        markViewed: fromPromise<unknown, string>(async ({ input }) => {
          sent.push(input);
          return answer();
        }),
      },
    });
    const actor = createActor(logic, { input: { invitationId: 'v1' } }).start();
    expect(actor.getSnapshot().value).toBe('marking');
    await flush();
    expect(actor.getSnapshot().value).toBe(end);
    expect(actor.getSnapshot().status).toBe('done');
    expect(sent).toEqual(['v1']);
  });
});
