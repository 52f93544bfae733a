import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { MessagingMessages, type MessageInitRequest } from '../../src/contract/messaging.ts';
import { messageInitMachine } from '../../src/machines/messaging/message-init.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import {
  atomicStates,
  deferred,
  eventTypesOf,
  flush,
  modelOf,
  modelStates,
  settle,
  whileActorRuns,
  type ModelState,
} from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof messageInitMachine>;
const start = {
  type: 'message.start',
  applicantId: '7d1f4c8e-2b7a-4c1e-9a55-0c2b9d1f3e11',
  jobPostId: '0b8c3e2a-6f1d-4e7b-8a9c-1d2e3f4a5b6c',
};
const invalid = new ApiError('invalid-response', 200, MessagingMessages.invalidInit);

function stubbed() {
  const server = { inits: [] as MessageInitRequest[], pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined> };
  const logic = messageInitMachine.provide({
    actors: {
      init: fromPromise<string, MessageInitRequest>(({ input }) => {
        server.inits.push(input);
        const d = deferred<never>();
        server.pending.init = d;
        return d.promise;
      }),
    },
  });
  return { server, logic };
}

async function replay(path: EventObject[]) {
  const { server, logic } = stubbed();
  const actor = createActor(logic);
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  for (const event of path) {
    if (!settle(server.pending, event)) actor.send(event as never);
    await flush();
  }
  return { actor, server, emitted };
}

const events = [
  start,
  { type: 'xstate.done.actor.init', output: 'ch-1' },
  { type: 'xstate.error.actor.init', error: invalid },
] as unknown as EventObject[];

describe('message-init machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const model = modelOf(messageInitMachine, { events, filterEvents: whileActorRuns });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [JSON.stringify(s.state.value), s] as const))('%s', async (_key, s) => {
    for (const t of s.transitions) {
      const { actor, server, emitted } = await replay([...s.path, t.event]);
      expect(actor.getSnapshot().value).toEqual((t.next as Snap).value);
      expect(actor.getSnapshot().hasTag('busy')).toBe(actor.getSnapshot().matches('starting'));
      if (t.event.type === 'message.start' && s.state.matches('idle'))
        expect(server.inits.at(-1)).toEqual({ applicantId: start.applicantId, jobPostId: start.jobPostId });
      if (t.event.type === 'xstate.done.actor.init') expect(emitted).toEqual([{ type: 'opened', url: 'ch-1' }]);
      if (t.event.type === 'xstate.error.actor.init')
        expect(emitted).toEqual([{ type: 'failed', message: 'Invalid response from message-init API' }]);
    }
  });

  it('reaches every state and tries every event', () => {
    expect(new Set(states.flatMap((s) => atomicStates(s.state.value)))).toEqual(new Set(['idle', 'starting']));
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      eventTypesOf(messageInitMachine).sort(),
    );
  });
});
