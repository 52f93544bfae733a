import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { MessagingMessages, type Message, type ThreadPage, type UnreadCount } from '../../src/contract/messaging.ts';
import {
  selectSeen,
  threadMachine,
  TYPING_SHOWN_MS,
  TYPING_THROTTLE_MS,
  type ThreadEvent,
} from '../../src/machines/messaging/thread.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { message, mine, RECRUITER_ID, SEEKER_ID, threadPage, URL_A, URL_B } from '../../src/views/messaging/messaging-stories-support.ts';
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

type Snap = SnapshotFrom<typeof threadMachine>;

const input = { url: URL_A, me: RECRUITER_ID };
const tooFast = ApiError.of('rate.limited', MessagingMessages.tooFast);
const refused = ApiError.of('request.invalid', MessagingMessages.noScripts, { fieldErrors: { text: MessagingMessages.noScripts } });
const networkDown = new ApiError('network', 0, 'Network Error!, Please check your connection.');
const page = threadPage([mine(9), message(10)], true);
const older = threadPage([message(5)], false);
const stored = mine(20, { clientMessageId: 'c1', text: 'Hello' });

function stubbed() {
  const server = {
    loads: [] as Array<{ url: string; before?: number }>,
    sends: [] as Array<{ url: string; clientMessageId: string; text: string }>,
    reads: [] as Array<{ url: string; messageId: number }>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const pend = (id: string) => {
    const d = deferred<never>();
    server.pending[id] = d;
    return d.promise;
  };
  const logic = threadMachine.provide({
    actors: {
      load: fromPromise<ThreadPage, { url: string; before?: number }>(({ input, self }) => {
        server.loads.push(input);
        return pend(self.id);
      }),
      send: fromPromise<Message, { url: string; clientMessageId: string; text: string }>(({ input }) => {
        server.sends.push(input);
        return pend('send');
      }),
      markRead: fromPromise<UnreadCount, { url: string; messageId: number }>(({ input }) => {
        server.reads.push(input);
        return pend('markRead');
      }),
    },
  });
  return { server, logic };
}

async function replay(path: EventObject[]) {
  const { server, logic } = stubbed();
  const actor = createActor(logic, { input });
  const emitted: Array<{ type: string }> = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  for (const event of path) {
    if (event.type.startsWith('xstate.after.')) actor.send(event as never);
    else if (!settle(server.pending, event)) actor.send(event as ThreadEvent);
    await flush();
  }
  return { actor, server, emitted };
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    messages: s.context.messages.map((m) => m.id),
    pending: s.context.pending.map((p) => `${p.clientMessageId}|${p.status}|${p.text}|${p.error}|${!!p.retryable}`),
    online: s.context.online,
    draft: s.context.draft,
    sendError: s.context.sendError,
    loadError: s.context.loadError,
    olderError: s.context.olderError,
    hasOlder: s.context.hasOlder,
    readUpTo: s.context.readUpTo,
    typing: s.context.typing,
    lastMarked: s.context.lastMarked,
    visible: s.context.visible,
    seen: selectSeen(s),
  });

const events = [
  { type: 'xstate.done.actor.load', output: page },
  { type: 'xstate.error.actor.load', error: networkDown },
  { type: 'xstate.done.actor.loadOlder', output: older },
  { type: 'xstate.error.actor.loadOlder', error: networkDown },
  { type: 'xstate.done.actor.send', output: stored },
  { type: 'xstate.error.actor.send', error: tooFast },
  { type: 'xstate.error.actor.send', error: refused },
  { type: 'xstate.error.actor.send', error: networkDown },
  { type: 'xstate.done.actor.markRead', output: { unread: 0, conversations: 1 } },
  { type: 'xstate.error.actor.markRead', error: networkDown },
  { type: 'thread.retry' },
  { type: 'thread.older' },
  { type: 'draft.change', text: 'Hello' },
  { type: 'draft.change', text: '' },
  { type: 'message.send', clientMessageId: 'c1' },
  { type: 'message.retry', clientMessageId: 'c1' },
  { type: 'message.discard', clientMessageId: 'c1' },
  { type: 'live.message', message: message(21) },
  { type: 'live.message', message: stored },
  { type: 'live.message', message: message(22, { channelUrl: URL_B }) },
  { type: 'live.typing', channelUrl: URL_A, clientId: SEEKER_ID, nickname: 'Maria Lopez' },
  { type: 'live.typing', channelUrl: URL_A, clientId: RECRUITER_ID, nickname: 'Amir Nguyen' },
  { type: 'live.read', channelUrl: URL_A, clientId: SEEKER_ID, messageId: 20 },
  { type: 'typing.stop' },
  { type: 'connection.change', online: false },
  { type: 'connection.change', online: true },
  { type: 'visibility', visible: false },
  { type: 'visibility', visible: true },
  { type: 'xstate.after.typingThrottle.thread.typingOut.cooling' },
  { type: 'xstate.after.typingShown.thread.othersTyping.typing' },
] as unknown as EventObject[];

describe('thread machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(threadMachine, {
    events,
    input,
    serializeState: ((s: Snap) => observable(s)) as never,
    filterEvents: (snap, e) => {
      if (!whileActorRuns(snap, e)) return false;
      const s = snap as Snap;
      const c = s.context;
      const idle =
        s.matches({ thread: { ready: 'idle' } }) &&
        s.matches({ reading: 'idle' }) &&
        s.matches({ othersTyping: 'quiet' }) &&
        s.matches({ typingOut: 'ready' });
      const quiet = idle && c.pending.length === 0 && c.visible && !c.sendError;
      const sentOnce = c.messages.some((m) => m.id === 20);
      switch (e.type) {
        case 'xstate.done.actor.loadOlder':
        case 'xstate.error.actor.loadOlder':
          return c.pending.length === 0;
        case 'xstate.done.actor.markRead':
        case 'xstate.error.actor.markRead':
          return true;
        case 'thread.older':
          return quiet && !sentOnce && !c.olderError;
        case 'draft.change': {
          const text = (e as unknown as { text: string }).text;
          if (sentOnce || c.messages.includes(c.messages.find((m) => m.id === 21)!)) return false;
          return (
            s.matches({ thread: 'ready' }) &&
            c.pending.length === 0 &&
            s.matches({ reading: 'idle' }) &&
            s.matches({ othersTyping: 'quiet' }) &&
            (text ? c.draft === '' : c.draft !== '' && !c.sendError)
          );
        }
        case 'message.send':
          return s.matches({ thread: 'ready' }) && s.matches({ reading: 'idle' }) && c.pending.length === 0 && !c.sendError && !sentOnce;
        case 'xstate.error.actor.send':
          return !c.sendError;
        case 'message.retry':
        case 'message.discard':
          return c.pending.some((p) => p.status === 'failed');
        case 'live.message': {
          const m = (e as unknown as { message: Message }).message;
          if (m.id === 20) return s.matches({ outbox: 'sending' });
          if (m.channelUrl === URL_B) return quiet && c.hasOlder && !sentOnce;
          // Their message may arrive while they are shown typing.
          const typingOnly =
            s.matches({ othersTyping: 'typing' }) &&
            s.matches({ thread: { ready: 'idle' } }) &&
            s.matches({ reading: 'idle' }) &&
            c.pending.length === 0;
          return (quiet || typingOnly) && !c.messages.some((x) => x.id === 21) && c.hasOlder && c.draft === '';
        }
        case 'typing.stop':
          return s.matches({ othersTyping: 'typing' }) && s.matches({ thread: { ready: 'idle' } });
        case 'live.typing':
          return quiet && c.draft === '' && c.hasOlder && !c.messages.some((x) => x.id === 21);
        case 'live.read':
          return sentOnce && c.pending.length === 0 && !c.readUpTo[SEEKER_ID];
        case 'visibility':
          return (e as unknown as { visible: boolean }).visible
            ? !c.visible
            : quiet && c.draft === '' && c.hasOlder && !c.messages.some((x) => x.id === 21);
        case 'thread.retry':
          return s.matches({ thread: 'failed' });
        case 'connection.change': {
          if ((e as unknown as { online: boolean }).online) return !c.online;
          const calm =
            s.matches({ thread: { ready: 'idle' } }) &&
            s.matches({ reading: 'idle' }) &&
            s.matches({ othersTyping: 'quiet' }) &&
            s.matches({ outbox: 'idle' });
          return (
            c.online &&
            calm &&
            c.visible &&
            c.hasOlder &&
            !sentOnce &&
            !c.messages.some((x) => x.id === 21) &&
            !c.sendError &&
            c.pending.every((p) => p.status === 'failed')
          );
        }
        default:
          return true;
      }
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const { actor, server } = await replay(path);
      const now = actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Nothing twice, oldest first; a message on screen is never also pending.
      const ids = now.context.messages.map((m) => m.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      for (const p of now.context.pending) expect(now.context.messages.some((m) => m.clientMessageId === p.clientMessageId)).toBe(false);
      // Every send of a message uses its one id, so a retry is stored once.
      expect(new Set(server.sends.map((x) => x.clientMessageId))).toEqual(new Set(server.sends.length ? ['c1'] : []));
      // While offline nothing is sent: messages wait, queued.
      if (!now.context.online && now.context.pending.some((p) => p.status === 'queued')) expect(now.matches({ outbox: 'idle' })).toBe(true);
      // The first page is read once, and again only on Try again.
      expect(server.loads.filter((l) => l.before === undefined)).toHaveLength(1 + path.filter((e) => e.type === 'thread.retry').length);
      if (now.matches({ thread: { ready: 'older' } }))
        expect(server.loads.at(-1)).toEqual({ url: URL_A, before: now.context.messages[0]!.id });
      actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(
      [
        'othersTyping.quiet',
        'othersTyping.typing',
        'outbox.idle',
        'outbox.sending',
        'reading.idle',
        'reading.marking',
        'thread.failed',
        'thread.loading',
        'thread.ready.idle',
        'thread.ready.older',
        'thread.ready.olderFailed',
        'typingOut.cooling',
        'typingOut.ready',
      ].sort(),
    );
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(eventTypesOf(threadMachine).sort());
  });
});

describe('thread rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const loaded = () => replay([{ type: 'xstate.done.actor.load', output: page } as unknown as EventObject]);
  const write = async (actor: Awaited<ReturnType<typeof loaded>>['actor'], text: string) => {
    actor.send({ type: 'draft.change', text });
    actor.send({ type: 'message.send', clientMessageId: 'c1' });
    await flush();
  };

  it('shows a message as pending at once, then as stored; an echo from the socket first does not show it twice', async () => {
    const { actor, server } = await loaded();
    await write(actor, '  Hello  ');
    expect(actor.getSnapshot().context.pending).toEqual([{ clientMessageId: 'c1', text: 'Hello', status: 'sending', error: null }]);
    expect(actor.getSnapshot().context.draft).toBe('');
    expect(server.sends).toEqual([{ url: URL_A, clientMessageId: 'c1', text: 'Hello' }]);
    actor.send({ type: 'live.message', message: stored });
    settle(server.pending, { type: 'xstate.done.actor.send', output: stored } as unknown as EventObject);
    await flush();
    expect(actor.getSnapshot().context.pending).toEqual([]);
    expect(actor.getSnapshot().context.messages.filter((m) => m.id === 20)).toHaveLength(1);
  });

  it('keeps a failed message with its text and sends it again with the same id on Retry', async () => {
    const { actor, server } = await loaded();
    await write(actor, 'Hello');
    settle(server.pending, { type: 'xstate.error.actor.send', error: tooFast } as unknown as EventObject);
    await flush();
    expect(actor.getSnapshot().context.pending[0]).toMatchObject({
      status: 'failed',
      text: 'Hello',
      error: 'You are sending messages too quickly. Please wait a moment and try again.',
    });
    actor.send({ type: 'message.retry', clientMessageId: 'c1' });
    await flush();
    expect(server.sends.map((x) => x.clientMessageId)).toEqual(['c1', 'c1']);
  });

  it('keeps messages while offline and sends them when back; one that failed for want of a connection goes again by itself', async () => {
    const { actor, server } = await loaded();
    actor.send({ type: 'connection.change', online: false });
    await write(actor, 'Hello');
    expect(server.sends).toEqual([]);
    expect(actor.getSnapshot().context.pending[0]!.status).toBe('queued');
    actor.send({ type: 'connection.change', online: true });
    await flush();
    expect(server.sends).toHaveLength(1);
    settle(server.pending, { type: 'xstate.error.actor.send', error: networkDown } as unknown as EventObject);
    await flush();
    expect(actor.getSnapshot().context.pending[0]).toMatchObject({ status: 'failed', retryable: true });
    actor.send({ type: 'connection.change', online: false });
    actor.send({ type: 'connection.change', online: true });
    await flush();
    expect(server.sends.map((x) => x.clientMessageId)).toEqual(['c1', 'c1']);
  });

  it('puts a refused message back in the composer with the field’s message', async () => {
    const { actor, server } = await loaded();
    await write(actor, '<script>x</script>');
    settle(server.pending, { type: 'xstate.error.actor.send', error: refused } as unknown as EventObject);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      pending: [],
      draft: '<script>x</script>',
      sendError: 'A message cannot contain a script. Please send text only.',
    });
  });

  it('sends nothing empty or longer than 4,000 characters', async () => {
    const { actor, server } = await loaded();
    await write(actor, '   ');
    await write(actor, 'x'.repeat(4001));
    expect(server.sends).toEqual([]);
  });

  it('tells others of typing at most every 3 seconds', async () => {
    const { actor, emitted } = await loaded();
    for (const text of ['H', 'He', 'Hel']) actor.send({ type: 'draft.change', text });
    await vi.advanceTimersByTimeAsync(TYPING_THROTTLE_MS - 1);
    actor.send({ type: 'draft.change', text: 'Hell' });
    expect(emitted.filter((e) => e.type === 'typing')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'draft.change', text: 'Hello' });
    expect(emitted.filter((e) => e.type === 'typing')).toHaveLength(2);
  });

  it('shows the other’s typing for 5 seconds after their last signal', async () => {
    const { actor } = await loaded();
    const typing = { type: 'live.typing', channelUrl: URL_A, clientId: SEEKER_ID, nickname: 'Maria Lopez' } as const;
    actor.send(typing);
    await vi.advanceTimersByTimeAsync(TYPING_SHOWN_MS - 1000);
    actor.send(typing);
    await vi.advanceTimersByTimeAsync(TYPING_SHOWN_MS - 1);
    expect(actor.getSnapshot().context.typing).toBe('Maria Lopez');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.typing).toBeNull();
  });

  it('marks read what is on screen, only while visible, and says "Seen" once the other has read the user’s newest message', async () => {
    const { actor, server, emitted } = await loaded();
    expect(server.reads).toEqual([{ url: URL_A, messageId: 10 }]);
    settle(server.pending, { type: 'xstate.done.actor.markRead', output: { unread: 4, conversations: 2 } } as unknown as EventObject);
    await flush();
    expect(emitted).toContainEqual({ type: 'unread', unread: 4 });
    actor.send({ type: 'visibility', visible: false });
    actor.send({ type: 'live.message', message: message(21) });
    await flush();
    expect(server.reads).toHaveLength(1);
    actor.send({ type: 'visibility', visible: true });
    await flush();
    expect(server.reads.at(-1)).toEqual({ url: URL_A, messageId: 21 });
    expect(selectSeen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'live.read', channelUrl: URL_A, clientId: SEEKER_ID, messageId: 9 });
    expect(selectSeen(actor.getSnapshot())).toBe(true);
  });

  it('says "Seen" only when the other side has read it, not a colleague', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'live.read', channelUrl: URL_A, clientId: 'user-colleague', messageId: 9 });
    expect(selectSeen(actor.getSnapshot())).toBe(false);
  });

  it('loads older messages before the oldest shown, keeping each once', async () => {
    const { actor, server } = await loaded();
    actor.send({ type: 'thread.older' });
    await flush();
    expect(server.loads.at(-1)).toEqual({ url: URL_A, before: 9 });
    settle(server.pending, {
      type: 'xstate.done.actor.loadOlder',
      output: threadPage([message(5), mine(9)], false),
    } as unknown as EventObject);
    await flush();
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([5, 9, 10]);
    expect(actor.getSnapshot().context.hasOlder).toBe(false);
  });
});
