import { assertEvent, assign, emit, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { SocketClose, type ClientFrame, type Message, type MessagingSession, type ServerFrame } from '../../contract/messaging.ts';
import { ApiError } from '../../services/http.ts';
import { messagingService, type MessagingSide } from '../../services/messaging.ts';
import { openMessagingSocket } from '../../services/messaging-socket.ts';

/** What the user is told of the realtime connection. */
export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'offline';

/** The longest wait between two tries to connect again. */
export const MAX_BACKOFF_MS = 30_000;
/** The first wait; it doubles with every failed try up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1_000;
/** A new session is asked for this long before the current one ends. */
export const SESSION_REFRESH_MARGIN_MS = 60_000;
/** The longest wait a timer is given (a day). */
const LONGEST_TIMER_MS = 24 * 60 * 60_000;
/** How many message ids are remembered to drop repeats (a catch-up may send some again). */
export const SEEN_IDS_KEPT = 2_000;
/**
 * A try to connect (the session call, then the socket until the server's `ready`) that has not
 * come through by then is given up and retried with the back-off: a handshake that hangs (a proxy
 * that swallows the upgrade, a network that went away without a word) never leaves the tab
 * connecting for good.
 */
export const CONNECT_TIMEOUT_MS = 15_000;

/**
 * The wait before try number `attempt` (1 for the first try after a drop): exponential, capped,
 * with jitter so that many tabs dropped at once do not all come back at the same moment.
 */
export function backoffDelay(attempt: number, random: number): number {
  const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base / 2 + (random * base) / 2);
}

/** Until the session must be renewed: a margin before it ends; at once when it has (nearly) ended. */
export function refreshDelay(session: MessagingSession | null, now: number): number {
  if (!session) return MAX_BACKOFF_MS;
  const ends = Date.parse(session.expiresAt);
  // Capped: a timer longer than about 24.8 days would fire at once.
  return Number.isFinite(ends) ? Math.min(LONGEST_TIMER_MS, Math.max(0, ends - now - SESSION_REFRESH_MARGIN_MS)) : 0;
}

export interface ConnectionContext {
  side: MessagingSide;
  session: MessagingSession | null;
  /**
   * The newest message id the tab has shown, wherever it came from (a live frame, a thread or the
   * list loaded over HTTP, a message the user sent); sent with `hello` so the server sends what was
   * missed. Null while the tab has shown none: the server then sends none.
   */
  lastMessageId: number | null;
  /** Ids of messages already passed on, newest last. */
  seen: number[];
  /** Unread messages over all conversations; null until the server has said. */
  unread: number | null;
  /** Tries since the connection was last ready. */
  attempt: number;
  /** Why the last session could not be had (spec 2 §8), if that is why it is not online. */
  error: string | null;
}

export type ConnectionEvent =
  | { type: 'socket.frame'; frame: ServerFrame }
  | { type: 'socket.closed'; code: number }
  | { type: 'browser.offline' }
  | { type: 'browser.online' }
  /** Try to connect now rather than wait for the back-off. */
  | { type: 'connection.retry' }
  | { type: 'send.typing'; channelUrl: string }
  | { type: 'send.read'; channelUrl: string; messageId: number }
  /** The unread total as another answer gave it (marking a conversation read). */
  | { type: 'unread.set'; unread: number }
  /** The pages showed messages up to this id (loaded over HTTP, or sent): a reconnect catches up from there. */
  | { type: 'messages.shown'; messageId: number };

/** What subscribers (the pages) hear: each new message once, and others' typing and reading. */
export type ConnectionEmitted =
  | { type: 'message'; message: Message }
  | { type: 'typing'; channelUrl: string; clientId: string; nickname: string }
  | { type: 'read'; channelUrl: string; clientId: string; messageId: number };

export interface SocketInput {
  sessionToken: string;
  lastMessageId: number | null;
}
export type SocketCommand = { type: 'socket.send'; frame: ClientFrame };

type FrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
const isFrameOf = <T extends ServerFrame['type']>(frame: ServerFrame, type: T): frame is FrameOf<T> => frame.type === type;
/** The frame a `socket.frame` event brought, which the guard before it found of `type`. */
function frameOf<T extends ServerFrame['type']>(event: ConnectionEvent, type: T): FrameOf<T> {
  assertEvent(event, 'socket.frame');
  if (!isFrameOf(event.frame, type)) throw new Error(`Expected a ${type} frame, got ${event.frame.type}`);
  return event.frame;
}
const isFrame = (event: ConnectionEvent, type: ServerFrame['type']) => event.type === 'socket.frame' && event.frame.type === type;

/**
 * One realtime connection per signed-in tab (spec 2 §4 messaging): a session token, then the
 * socket and its `hello` with the newest message id seen. Drops are retried with a growing,
 * capped wait; an expired session (4401) asks for a new one; a refused account (4403) stops.
 * The browser going offline pauses it until it is back. Every message reaches subscribers once.
 */
export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as { side: MessagingSide },
    emitted: {} as ConnectionEmitted,
  },
  actors: {
    getSession: fromPromise<MessagingSession, { side: MessagingSide }>(
      async ({ input, signal }) => (await messagingService.session(input.side, signal)).data,
    ),
    socket: fromCallback<SocketCommand, SocketInput>(({ input, sendBack, receive }) => {
      const socket = openMessagingSocket(input, {
        onFrame: (frame) => sendBack({ type: 'socket.frame', frame }),
        onClose: (code) => sendBack({ type: 'socket.closed', code }),
      });
      receive((command) => socket.send(command.frame));
      return () => socket.close();
    }),
    /** The browser's own online and offline events. */
    browser: fromCallback(({ sendBack }) => {
      if (typeof window === 'undefined') return undefined;
      const offline = () => sendBack({ type: 'browser.offline' });
      const online = () => sendBack({ type: 'browser.online' });
      window.addEventListener('offline', offline);
      window.addEventListener('online', online);
      if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
      return () => {
        window.removeEventListener('offline', offline);
        window.removeEventListener('online', online);
      };
    }),
  },
  guards: {
    sessionFresh: ({ context }) => context.session !== null && refreshDelay(context.session, Date.now()) > 0,
    /** The account may not message (access.denied), or is no longer signed in (401): no point in trying again. */
    refused: (_, { error }: { error: unknown }) =>
      error instanceof ApiError && (error.kind === 'unauthorized' || error.code === 'access.denied'),
    isReady: ({ event }) => isFrame(event, 'ready'),
    isNewMessage: ({ context, event }) => isFrame(event, 'message') && !context.seen.includes(frameOf(event, 'message').message.id),
    isTyping: ({ event }) => isFrame(event, 'typing'),
    isRead: ({ event }) => isFrame(event, 'read'),
    isUnread: ({ event }) => isFrame(event, 'unread'),
    unauthorizedFirst: ({ context, event }) => {
      assertEvent(event, 'socket.closed');
      return event.code === SocketClose.unauthorized && context.attempt === 0;
    },
    unauthorized: ({ event }) => {
      assertEvent(event, 'socket.closed');
      return event.code === SocketClose.unauthorized;
    },
    forbidden: ({ event }) => {
      assertEvent(event, 'socket.closed');
      return event.code === SocketClose.forbidden;
    },
  },
  actions: {
    tell: sendTo('socket', ({ event }): SocketCommand => {
      assertEvent(event, ['send.typing', 'send.read']);
      return {
        type: 'socket.send',
        frame:
          event.type === 'send.typing'
            ? { type: 'typing', channelUrl: event.channelUrl }
            : { type: 'read', channelUrl: event.channelUrl, messageId: event.messageId },
      };
    }),
    record: assign(({ context, event }) => {
      const { id } = frameOf(event, 'message').message;
      return { seen: [...context.seen, id].slice(-SEEN_IDS_KEPT), lastMessageId: Math.max(context.lastMessageId ?? 0, id) };
    }),
    emitMessage: emit(({ event }) => ({ type: 'message' as const, message: frameOf(event, 'message').message })),
    emitTyping: emit(({ event }) => {
      const f = frameOf(event, 'typing');
      return { type: 'typing' as const, channelUrl: f.channelUrl, clientId: f.clientId, nickname: f.nickname };
    }),
    emitRead: emit(({ event }) => {
      const f = frameOf(event, 'read');
      return { type: 'read' as const, channelUrl: f.channelUrl, clientId: f.clientId, messageId: f.messageId };
    }),
    clearSession: assign({ session: null }),
  },
  delays: {
    connectTimeout: CONNECT_TIMEOUT_MS,
    backoff: ({ context }) => backoffDelay(context.attempt, Math.random()),
    renew: ({ context }) => refreshDelay(context.session, Date.now()),
  },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({ side: input.side, session: null, lastMessageId: null, seen: [], unread: null, attempt: 0, error: null }),
  invoke: { id: 'browser', src: 'browser' },
  initial: 'session',
  on: {
    'unread.set': { actions: assign({ unread: ({ event }) => event.unread }) },
    'messages.shown': {
      actions: assign({ lastMessageId: ({ context, event }) => Math.max(context.lastMessageId ?? 0, event.messageId) }),
    },
  },
  states: {
    session: {
      tags: ['connecting'],
      on: { 'browser.offline': 'offline' },
      always: { guard: 'sessionFresh', target: 'live' },
      after: { connectTimeout: 'reconnecting' },
      invoke: {
        id: 'getSession',
        src: 'getSession',
        input: ({ context }) => ({ side: context.side }),
        onDone: { target: 'live', actions: assign({ session: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: '#connection.offline.forbidden' },
          {
            target: 'reconnecting',
            actions: assign({
              error: ({ event }) =>
                event.error instanceof ApiError && event.error.kind === 'invalid-response' ? event.error.message : null,
            }),
          },
        ],
      },
    },
    live: {
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }) => ({ sessionToken: context.session?.sessionToken ?? '', lastMessageId: context.lastMessageId }),
      },
      on: {
        'browser.offline': 'offline',
        'socket.frame': [
          {
            guard: 'isReady',
            target: '.online',
            actions: assign(({ event }) => ({ attempt: 0, error: null, unread: frameOf(event, 'ready').unread })),
          },
          { guard: 'isNewMessage', actions: ['record', 'emitMessage'] },
          { guard: 'isTyping', actions: 'emitTyping' },
          { guard: 'isRead', actions: 'emitRead' },
          { guard: 'isUnread', actions: assign({ unread: ({ event }) => frameOf(event, 'unread').unread }) },
        ],
        'socket.closed': [
          { guard: 'unauthorizedFirst', target: 'session', actions: ['clearSession', assign({ attempt: 1 })] },
          { guard: 'unauthorized', target: 'reconnecting', actions: 'clearSession' },
          { guard: 'forbidden', target: 'offline.forbidden' },
          { target: 'reconnecting' },
        ],
      },
      initial: 'opening',
      states: {
        // Leaving `live` closes the socket that never said ready.
        opening: { tags: ['connecting'], after: { connectTimeout: '#connection.reconnecting' } },
        online: {
          tags: ['online'],
          on: { 'send.typing': { actions: 'tell' }, 'send.read': { actions: 'tell' } },
          initial: 'fresh',
          states: {
            // The session is renewed before it ends, so a reconnect needs no extra call.
            fresh: { after: { renew: 'renewing' } },
            renewing: {
              invoke: {
                id: 'renewSession',
                src: 'getSession',
                input: ({ context }) => ({ side: context.side }),
                onDone: { target: 'fresh', actions: assign({ session: ({ event }) => event.output }) },
                onError: { target: 'fresh', actions: 'clearSession' },
              },
            },
          },
        },
      },
    },
    reconnecting: {
      entry: assign({ attempt: ({ context }) => context.attempt + 1 }),
      on: { 'browser.offline': 'offline', 'connection.retry': 'session' },
      after: { backoff: 'session' },
    },
    offline: {
      initial: 'network',
      states: {
        network: {
          on: { 'browser.online': { target: '#connection.session', actions: assign({ attempt: 0 }) } },
        },
        /** The account can no longer message: stays until the tab signs in again. */
        forbidden: { tags: ['forbidden'] },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof connectionMachine>;

export function selectStatus(s: Snap): ConnectionStatus {
  if (s.matches('offline')) return 'offline';
  if (s.matches({ live: 'online' })) return 'online';
  if (s.matches('reconnecting') || s.context.attempt > 0) return 'reconnecting';
  return 'connecting';
}

export const selectUnread = (s: Snap) => s.context.unread;
export type ConnectionActor = import('xstate').ActorRefFrom<typeof connectionMachine>;
