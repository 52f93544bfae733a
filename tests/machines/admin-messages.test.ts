import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { ContactMessageList } from '../../src/contract/admin.ts';
import {
  messagesMachine,
  messagesPageOf,
  messagesSearchOf,
  replyHref,
  selectErrors,
  selectPageCount,
  type MessagesEvent,
} from '../../src/machines/admin/messages.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { demoMessagesPage } from '../../src/views/admin/messages-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof messagesMachine>;

const failure = new ApiError('server', 500, HttpMessages.failed);

const modelEvents = [
  { type: 'messages.page', page: 2 },
  { type: 'messages.page', page: 3 },
  { type: 'messages.page', page: 1 },
  { type: 'messages.address', page: 2 },
  { type: 'messages.retry' },
  { type: 'xstate.done.actor.load', output: demoMessagesPage(1) },
  { type: 'xstate.error.actor.load', error: failure },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({ value: s.value, page: s.context.pageNumber, shown: s.context.list?.messages.length ?? null, errors: selectErrors(s) });

function startSut(pageNumber?: number) {
  const server = { loads: [] as number[], pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined> };
  const machine = messagesMachine.provide({
    actors: {
      load: fromPromise<ContactMessageList, { pageNumber: number }>(({ input }) => {
        server.loads.push(input.pageNumber);
        const d = deferred<ContactMessageList>();
        server.pending.load = d as never;
        return d.promise;
      }),
    },
  });
  return { actor: createActor(machine, { input: pageNumber ? { pageNumber } : undefined }).start(), server };
}

describe('messages machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(messagesMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => (e.type.endsWith('actor.load') ? s.matches('loading') : true),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['failed', 'loading', 'ready']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      let loadsBefore = 0;
      let before = sut.actor.getSnapshot();
      for (const event of path) {
        loadsBefore = sut.server.loads.length;
        before = sut.actor.getSnapshot();
        if (!settle(sut.server.pending, event)) sut.actor.send(event as MessagesEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Each entry into loading (or a new page while loading) asks for the page it shows, once; nothing else asks.
      const entered = now.matches('loading') && (!before.matches('loading') || before.context.pageNumber !== now.context.pageNumber);
      if (path.length > 0) expect(sut.server.loads.slice(loadsBefore)).toEqual(entered ? [now.context.pageNumber] : []);
      expect(now.hasTag('loading')).toBe(now.matches('loading'));
      expect(selectErrors(now).length > 0).toBe(now.matches('failed'));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('messages rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at the page of the address, and pages only within the total', async () => {
    const sut = startSut(2);
    expect(sut.server.loads).toEqual([2]);
    sut.server.pending.load!.resolve(demoMessagesPage(2) as never);
    await flush();
    expect(selectPageCount(sut.actor.getSnapshot())).toBe(2);
    sut.actor.send({ type: 'messages.page', page: 3 });
    sut.actor.send({ type: 'messages.page', page: 0 });
    sut.actor.send({ type: 'messages.page', page: 2 });
    expect(sut.server.loads).toEqual([2]);
    sut.actor.send({ type: 'messages.page', page: 1 });
    expect(sut.server.loads).toEqual([2, 1]);
  });

  it('reads and writes the page in the address', () => {
    expect(messagesPageOf('page=3')).toBe(3);
    expect(messagesPageOf('page=abc')).toBe(1);
    expect(messagesPageOf('page=0')).toBe(1);
    expect(messagesPageOf('')).toBe(1);
    expect(messagesSearchOf(1)).toBe('');
    expect(messagesSearchOf(4)).toBe('page=4');
  });

  it('replies to the sender by email, answering their subject', () => {
    expect(replyHref({ email: 'robin@example.com', subject: 'Pay & hours' })).toBe(
      'mailto:robin@example.com?subject=Re%3A%20Pay%20%26%20hours',
    );
    expect(replyHref({ email: 'robin@example.com', subject: null })).toBe(
      'mailto:robin@example.com?subject=Re%3A%20your%20message%20to%20the%20Job%20Marketplace',
    );
  });
});
