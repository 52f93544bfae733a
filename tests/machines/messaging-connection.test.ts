import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { MessagingMessages, SocketClose, type ServerFrame } from '../../src/contract/messaging.ts';
import {
  backoffDelay,
  CONNECT_TIMEOUT_MS,
  connectionMachine,
  FIRST_BACKOFF_MS,
  MAX_BACKOFF_MS,
  SESSION_REFRESH_MARGIN_MS,
  selectStatus,
  type ConnectionEvent,
} from '../../src/machines/messaging/connection.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { message, session } from '../../src/views/messaging/messaging-stories-support.ts';
import { testConnectionLogic } from '../support/client/messaging-harness.ts';
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

type Snap = SnapshotFrom<typeof connectionMachine>;

const frame = (f: ServerFrame) => ({ type: 'socket.frame', frame: f }) as const;
const closed = (code: number) => ({ type: 'socket.closed', code }) as const;
const networkDown = new ApiError('network', 0, 'Network Error!, Please check your connection.');
const invalid = new ApiError('invalid-response', 200, MessagingMessages.invalidSession);
const refused = ApiError.of('access.denied', 'Forbidden');
const after = (delay: string, path: string) => ({ type: `xstate.after.${delay}.connection.${path}` });

/** The connection with its session call, socket and browser swapped for ones the test drives. */
function stubbed() {
  const { logic, world: driven } = testConnectionLogic((actorId) => {
    world.sessions++;
    const d = deferred<never>();
    world.pending[actorId] = d;
    return d.promise;
  });
  const world = Object.assign(driven, {
    sessions: 0,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    emitted: [] as Array<{ type: string; message?: { id: number } }>,
  });
  return { world, logic };
}

async function replay(path: EventObject[]) {
  const { world, logic } = stubbed();
  const actor = createActor(logic, { input: { side: 'staff' } });
  actor.on('*', (e) => world.emitted.push(e as never));
  actor.start();
  for (const event of path) {
    const socket = world.sockets.at(-1);
    if (settle(world.pending, event)) {
      /* answered */
    } else if (event.type.startsWith('socket.') && socket?.open) socket.sendBack(event);
    else if (event.type.startsWith('browser.') && world.browser) world.browser(event);
    else actor.send(event as ConnectionEvent);
    await flush();
  }
  return { actor, world };
}

/** What a user or a subscriber can tell apart. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    status: selectStatus(s),
    session: s.context.session?.sessionToken ?? null,
    last: s.context.lastMessageId,
    seen: s.context.seen,
    unread: s.context.unread,
    attempt: s.context.attempt,
    error: s.context.error,
  });

const events = [
  { type: 'xstate.done.actor.getSession', output: session },
  { type: 'xstate.error.actor.getSession', error: networkDown },
  { type: 'xstate.error.actor.getSession', error: invalid },
  { type: 'xstate.error.actor.getSession', error: refused },
  { type: 'xstate.done.actor.renewSession', output: { ...session, sessionToken: 'token-2' } },
  { type: 'xstate.error.actor.renewSession', error: networkDown },
  frame({ type: 'ready', clientId: session.clientId, unread: 3 }),
  frame({ type: 'message', message: message(10) }),
  frame({ type: 'message', message: message(11) }),
  frame({ type: 'typing', channelUrl: 'ch', clientId: 'x', nickname: 'Maria' }),
  frame({ type: 'read', channelUrl: 'ch', clientId: 'x', messageId: 10 }),
  frame({ type: 'unread', unread: 5 }),
  frame({ type: 'pong' }),
  closed(1006),
  closed(SocketClose.unauthorized),
  closed(SocketClose.forbidden),
  { type: 'browser.offline' },
  { type: 'browser.online' },
  { type: 'connection.retry' },
  { type: 'send.typing', channelUrl: 'ch' },
  { type: 'send.read', channelUrl: 'ch', messageId: 10 },
  { type: 'unread.set', unread: 1 },
  { type: 'messages.shown', messageId: 9 },
  after('backoff', 'reconnecting'),
  after('connectTimeout', 'session'),
  after('connectTimeout', 'live.opening'),
  after('renew', 'live.online.fresh'),
] as unknown as EventObject[];

describe('messaging connection machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(connectionMachine, {
    events,
    input: { side: 'staff' },
    serializeState: ((s: Snap) => observable(s)) as never,
    filterEvents: (snap, e) => {
      if (!whileActorRuns(snap, e)) return false;
      const s = snap as Snap;
      const inLive = s.matches('live');
      const { attempt } = s.context;
      if (e.type.startsWith('socket.')) {
        if (!inLive) return false;
        const f = (e as unknown as { frame?: ServerFrame }).frame;
        // Drops only a couple of times, so the model stays finite.
        if (e.type === 'socket.closed')
          return attempt < 2 && (s.context.lastMessageId === null || (e as unknown as { code: number }).code === 1006);
        if (f?.type === 'ready') return s.matches({ live: 'opening' });
        if (f?.type === 'message') return s.matches({ live: 'online' }) && attempt === 0 && s.context.unread === 3;
        return s.matches({ live: 'online' }) && s.context.seen.length === 0 && s.context.unread === 3;
      }
      if (e.type === 'xstate.error.actor.getSession') return attempt < 2 && s.context.lastMessageId === null;
      if (e.type === 'connection.retry') return s.matches('reconnecting');
      if (e.type.startsWith('send.')) return s.matches('live') && s.context.seen.length === 0;
      if (e.type === 'unread.set') return s.matches({ live: 'online' }) && s.context.unread === 3;
      if (e.type === 'browser.offline') return attempt === 0 && s.context.seen.length < 2;
      if (e.type === 'xstate.after.backoff.connection.reconnecting') return s.matches('reconnecting');
      // Shown before any live message came (the thread or the list loaded over HTTP).
      if (e.type === 'messages.shown') return s.context.lastMessageId === null && attempt === 0;
      if (e.type === 'xstate.after.connectTimeout.connection.session') return s.matches('session') && attempt === 0;
      if (e.type === 'xstate.after.connectTimeout.connection.live.opening')
        return s.matches({ live: 'opening' }) && attempt < 2 && s.context.lastMessageId === null;
      if (e.type === 'xstate.after.renew.connection.live.online.fresh')
        return s.matches({ live: { online: 'fresh' } }) && s.context.seen.length === 0;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [`${s.key}`, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const { actor, world } = await replay(path);
      const now = actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Nothing twice: every message reaches subscribers once, however often the server sends it.
      const ids = world.emitted.filter((e) => e.type === 'message').map((e) => e.message!.id);
      expect(new Set(ids).size).toBe(ids.length);
      // One socket at most is open, and only while live; each says hello with the newest id seen when it opened.
      expect(world.sockets.filter((x) => x.open).length).toBe(now.matches('live') ? 1 : 0);
      actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(
      [
        'live.online.fresh',
        'live.online.renewing',
        'live.opening',
        'offline.forbidden',
        'offline.network',
        'reconnecting',
        'session',
      ].sort(),
    );
    const tried = new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)));
    expect([...tried].sort()).toEqual(
      eventTypesOf(connectionMachine)
        .filter(
          (t) => !t.startsWith('xstate.done.actor.browser') && !t.startsWith('xstate.error.actor.browser') && !t.includes('actor.socket'),
        )
        .sort(),
    );
    expect([...new Set(states.map((s) => selectStatus(s.state)))].sort()).toEqual(['connecting', 'offline', 'online', 'reconnecting']);
  });
});

describe('messaging connection rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const ready = frame({ type: 'ready', clientId: session.clientId, unread: 3 });
  const online = (): EventObject[] => [{ type: 'xstate.done.actor.getSession', output: session } as EventObject, ready];

  it('waits longer after each failed try, with jitter, never more than 30 s', () => {
    expect(backoffDelay(1, 0)).toBe(500);
    expect(backoffDelay(1, 1)).toBe(1000);
    expect(backoffDelay(3, 1)).toBe(4000);
    for (let attempt = 1; attempt < 20; attempt++) {
      expect(backoffDelay(attempt, 1)).toBeLessThanOrEqual(MAX_BACKOFF_MS);
      expect(backoffDelay(attempt + 1, 0.5)).toBeGreaterThanOrEqual(backoffDelay(attempt, 0.5));
    }
    expect(backoffDelay(12, 0)).toBe(MAX_BACKOFF_MS / 2);
  });

  it('says hello with the newest message seen after a drop, and passes on each caught-up message once', async () => {
    const { actor, world } = await replay([
      ...online(),
      frame({ type: 'message', message: message(10) }),
      frame({ type: 'message', message: message(12) }),
      closed(1006),
    ]);
    expect(selectStatus(actor.getSnapshot())).toBe('reconnecting');
    // The first back-off (attempt 1) is at most a second; the next try's own timeout is far off.
    await vi.advanceTimersByTimeAsync(FIRST_BACKOFF_MS);
    // The session is still fresh: no new call for it.
    expect(world.sessions).toBe(1);
    expect(world.sockets).toHaveLength(2);
    expect(world.sockets[1]!.input).toEqual({ sessionToken: session.sessionToken, lastMessageId: 12 });
    const socket = world.sockets[1]!;
    for (const f of [
      ready,
      frame({ type: 'message', message: message(10) }),
      frame({ type: 'message', message: message(12) }),
      frame({ type: 'message', message: message(13) }),
    ])
      socket.sendBack(f);
    await flush();
    expect(world.emitted.filter((e) => e.type === 'message').map((e) => e.message!.id)).toEqual([10, 12, 13]);
    expect(actor.getSnapshot().context.attempt).toBe(0);
    expect(selectStatus(actor.getSnapshot())).toBe('online');
  });

  it('says hello with the newest message the pages showed, though no live message came, and passes on what was missed', async () => {
    // The thread loaded over HTTP shows up to 41, the list up to 37; no live message has come.
    const { actor, world } = await replay([
      ...online(),
      { type: 'messages.shown', messageId: 41 } as EventObject,
      { type: 'messages.shown', messageId: 37 } as EventObject,
      closed(1006),
    ]);
    // The first back-off (attempt 1) is at most a second; the next try's own timeout is far off.
    await vi.advanceTimersByTimeAsync(FIRST_BACKOFF_MS);
    expect(world.sockets[1]!.input).toEqual({ sessionToken: session.sessionToken, lastMessageId: 41 });
    world.sockets[1]!.sendBack(ready);
    world.sockets[1]!.sendBack(frame({ type: 'message', message: message(42) }));
    await flush();
    expect(world.emitted.filter((e) => e.type === 'message').map((e) => e.message!.id)).toEqual([42]);
    expect(actor.getSnapshot().context.lastMessageId).toBe(42);
  });

  it('asks for what was missed on its first connection too, when a page showed messages before it opened', async () => {
    const { world } = await replay([
      { type: 'messages.shown', messageId: 41 } as EventObject,
      { type: 'xstate.done.actor.getSession', output: session } as EventObject,
    ]);
    expect(world.sockets[0]!.input.lastMessageId).toBe(41);
  });

  it('gives up a handshake that never completes, closes its socket, and tries again after the back-off', async () => {
    const { actor, world } = await replay([{ type: 'xstate.done.actor.getSession', output: session } as EventObject]);
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(selectStatus(actor.getSnapshot())).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(world.sockets[0]!.open).toBe(false);
    expect(selectStatus(actor.getSnapshot())).toBe('reconnecting');
    // The first back-off (attempt 1) is at most a second; the next try's own timeout is far off.
    await vi.advanceTimersByTimeAsync(FIRST_BACKOFF_MS);
    expect(world.sockets).toHaveLength(2);
    world.sockets[1]!.sendBack(ready);
    await flush();
    expect(selectStatus(actor.getSnapshot())).toBe('online');
    expect(actor.getSnapshot().context.attempt).toBe(0);
  });

  it('gives up a session call that never answers and asks again after the back-off', async () => {
    const { actor, world } = await replay([]);
    expect(world.sessions).toBe(1);
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    expect(selectStatus(actor.getSnapshot())).toBe('reconnecting');
    // The first back-off (attempt 1) is at most a second; the next try's own timeout is far off.
    await vi.advanceTimersByTimeAsync(FIRST_BACKOFF_MS);
    expect(world.sessions).toBe(2);
    expect(world.sockets).toHaveLength(0);
  });

  it('asks for a new session when the socket says it expired (4401), and backs off when the new one is refused too', async () => {
    const { actor, world } = await replay([...online(), closed(SocketClose.unauthorized)]);
    expect(world.sessions).toBe(2);
    settle(world.pending, { type: 'xstate.done.actor.getSession', output: { ...session, sessionToken: 'token-2' } } as EventObject);
    await flush();
    expect(world.sockets.at(-1)!.input.sessionToken).toBe('token-2');
    world.sockets.at(-1)!.sendBack(closed(SocketClose.unauthorized));
    await flush();
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('stops for good when the account may not message (4403), even when the browser comes back online', async () => {
    const { actor, world } = await replay([...online(), closed(SocketClose.forbidden)]);
    expect(selectStatus(actor.getSnapshot())).toBe('offline');
    world.browser!({ type: 'browser.online' });
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS * 2);
    expect(world.sockets).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('forbidden')).toBe(true);
  });

  it('pauses while the browser is offline and connects again when it is back', async () => {
    const { actor, world } = await replay([...online(), { type: 'browser.offline' }]);
    expect(world.sockets[0]!.open).toBe(false);
    expect(selectStatus(actor.getSnapshot())).toBe('offline');
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS * 2);
    expect(world.sockets).toHaveLength(1);
    world.browser!({ type: 'browser.online' });
    await flush();
    expect(world.sockets).toHaveLength(2);
    expect(selectStatus(actor.getSnapshot())).toBe('connecting');
  });

  it('renews the session a minute before it ends, so a reconnect needs no extra call', async () => {
    vi.setSystemTime(new Date('2026-03-14T09:00:00Z'));
    const short = { ...session, expiresAt: '2026-03-14T09:10:00Z' };
    const { world } = await replay([{ type: 'xstate.done.actor.getSession', output: short } as EventObject, ready]);
    await vi.advanceTimersByTimeAsync(10 * 60_000 - SESSION_REFRESH_MARGIN_MS - 1);
    expect(world.sessions).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(world.sessions).toBe(2);
  });

  it('tells of an invalid messaging-session answer in the product’s words, and tries again', async () => {
    const { actor } = await replay([{ type: 'xstate.error.actor.getSession', error: invalid } as EventObject]);
    expect(actor.getSnapshot().context.error).toBe('Invalid response from messaging-session API');
    expect(selectStatus(actor.getSnapshot())).toBe('reconnecting');
  });

  it('relays typing and read frames, and sends typing and read only while online', async () => {
    const { actor, world } = await replay([{ type: 'xstate.done.actor.getSession', output: session } as EventObject]);
    actor.send({ type: 'send.typing', channelUrl: 'ch' });
    expect(world.sockets[0]!.sent).toEqual([]);
    world.sockets[0]!.sendBack(ready);
    world.sockets[0]!.sendBack(frame({ type: 'typing', channelUrl: 'ch', clientId: 'x', nickname: 'Maria' }));
    world.sockets[0]!.sendBack(frame({ type: 'unread', unread: 7 }));
    await flush();
    actor.send({ type: 'send.typing', channelUrl: 'ch' });
    actor.send({ type: 'send.read', channelUrl: 'ch', messageId: 4 });
    expect(world.sockets[0]!.sent.map((c) => c.frame)).toEqual([
      { type: 'typing', channelUrl: 'ch' },
      { type: 'read', channelUrl: 'ch', messageId: 4 },
    ]);
    expect(world.emitted).toContainEqual({ type: 'typing', channelUrl: 'ch', clientId: 'x', nickname: 'Maria' });
    expect(actor.getSnapshot().context.unread).toBe(7);
  });
});
