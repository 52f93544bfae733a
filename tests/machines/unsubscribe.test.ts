import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { ContactMessages } from '../../src/contract/contact.ts';
import { unsubscribeMachine } from '../../src/machines/public/unsubscribe.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof unsubscribeMachine>;

const used = new ApiError('client', 404, ContactMessages.unsubscribeLinkInvalid, [ContactMessages.unsubscribeLinkInvalid]);
const observable = (s: Snap) =>
  JSON.stringify({ value: s.value, message: s.context.message, errors: s.context.errors, loading: s.hasTag('loading') });

function startSut(token: string | null) {
  const server = { pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>, tokens: [] as string[] };
  const machine = unsubscribeMachine.provide({
    actors: {
      unsubscribe: fromPromise<string, { token: string }>(({ input }) => {
        server.tokens.push(input.token);
        const d = deferred<string>();
        server.pending.unsubscribe = d as never;
        return d.promise;
      }),
    },
  });
  return { actor: createActor(machine, { input: { token } }).start(), server };
}

describe.each(['tok-123', null])('unsubscribe machine (model-based), token %s', (token) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events = [
    { type: 'xstate.done.actor.unsubscribe', output: ContactMessages.unsubscribed },
    { type: 'xstate.error.actor.unsubscribe', error: used },
  ] as unknown as EventObject[];
  const model = modelOf(unsubscribeMachine, { events, input: { token }, serializeState: observable, filterEvents: whileActorRuns });
  const states = modelStates(model);

  it('reaches the states a link can lead to', () => {
    expect(new Set(states.map((s) => s.state.value))).toEqual(new Set(token ? ['leaving', 'success', 'failure'] : ['failure']));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut(token);
      for (const event of path) {
        settle(sut.server.pending, event);
        await flush();
      }
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('unsubscribe rules', () => {
  it('sends the link’s token once, and refuses a link without one without a call', () => {
    const sut = startSut('  tok-123 ');
    expect(sut.server.tokens).toEqual(['tok-123']);
    const bare = startSut('');
    expect(bare.server.tokens).toEqual([]);
    expect(bare.actor.getSnapshot().context.errors).toEqual([ContactMessages.unsubscribeLinkInvalid]);
  });
});
