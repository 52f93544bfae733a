import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type {
  ConversationPage,
  Message,
  MessagingPost,
  MessagingSession,
  ServerFrame,
  ThreadPage,
  UnreadCount,
} from '../../../src/contract/messaging.ts';
import { connectionMachine, type SocketCommand, type SocketInput } from '../../../src/machines/messaging/connection.machine.ts';
import { conversationsMachine, type ConversationQuery } from '../../../src/machines/messaging/conversations.machine.ts';
import { threadMachine } from '../../../src/machines/messaging/thread.machine.ts';
import { session } from '../../../src/views/messaging/messaging-stories-support.ts';

/** The connection's logic with a session given at once (or as `getSession` answers, by the call's actor id) and sockets the test drives by hand. */
export function testConnectionLogic(getSession: (actorId: string) => Promise<MessagingSession> = async () => session) {
  const world = {
    sockets: [] as Array<{ input: SocketInput; sent: SocketCommand[]; open: boolean; sendBack: (e: AnyEventObject) => void }>,
    browser: null as null | ((e: AnyEventObject) => void),
  };
  const logic = connectionMachine.provide({
    actors: {
      getSession: fromPromise<MessagingSession, { side: 'staff' | 'seeker' }>(({ self }) => getSession(self.id)),
      socket: fromCallback<SocketCommand, SocketInput>(({ input, sendBack, receive }) => {
        const socket = { input, sent: [] as SocketCommand[], open: true, sendBack };
        world.sockets.push(socket);
        receive((c) => socket.sent.push(c));
        return () => {
          socket.open = false;
        };
      }),
      browser: fromCallback(({ sendBack }) => {
        world.browser = sendBack;
      }),
    },
  });
  return { logic, world };
}

/** A running connection whose server is the test. */
export function testConnection(getSession?: () => Promise<MessagingSession>) {
  const { logic, world } = testConnectionLogic(getSession);
  const actor = createActor(logic, { input: { side: 'staff' } }).start();
  const socket = () => world.sockets.at(-1)!;
  return {
    actor,
    world,
    /** A frame from the server on the open socket. */
    frame: (f: ServerFrame) => socket().sendBack({ type: 'socket.frame', frame: f }),
    close: (code: number) => socket().sendBack({ type: 'socket.closed', code }),
    browser: (type: 'browser.offline' | 'browser.online') => world.browser!({ type }),
    socket,
  };
}

type Handler<I, O> = (input: I) => Promise<O>;

/** The list and the thread with their calls answered by the test's handlers. */
export function testLogic(handlers: {
  list?: Handler<ConversationQuery, ConversationPage>;
  posts?: () => Promise<MessagingPost[]>;
  thread?: Handler<{ url: string; before?: number }, ThreadPage>;
  send?: Handler<{ url: string; clientMessageId: string; text: string }, Message>;
  markRead?: Handler<{ url: string; messageId: number }, UnreadCount>;
}) {
  const calls = {
    lists: [] as ConversationQuery[],
    threads: [] as Array<{ url: string; before?: number }>,
    sends: [] as Array<{ url: string; clientMessageId: string; text: string }>,
    reads: [] as Array<{ url: string; messageId: number }>,
  };
  const never = () => new Promise<never>(() => undefined);
  const conversationsLogic = conversationsMachine.provide({
    actors: {
      load: fromPromise<ConversationPage, ConversationQuery>(({ input }) => {
        calls.lists.push(input);
        return (handlers.list ?? never)(input);
      }),
      loadPosts: fromPromise<MessagingPost[]>(() => (handlers.posts ?? (async () => []))()),
    },
  });
  const threadLogic = threadMachine.provide({
    actors: {
      load: fromPromise<ThreadPage, { url: string; before?: number }>(({ input }) => {
        calls.threads.push(input);
        return (handlers.thread ?? never)(input);
      }),
      send: fromPromise<Message, { url: string; clientMessageId: string; text: string }>(({ input }) => {
        calls.sends.push(input);
        return (handlers.send ?? never)(input);
      }),
      markRead: fromPromise<UnreadCount, { url: string; messageId: number }>(({ input }) => {
        calls.reads.push(input);
        return (handlers.markRead ?? (async () => ({ unread: 0, conversations: 0 })))(input);
      }),
    },
  });
  return { calls, conversationsLogic, threadLogic };
}
