import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { and, asc, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { channels, messages } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import {
  MESSAGING_SOCKET_PATH,
  MessagingMessages,
  SocketClose,
  clientFrameSchema,
  type ClientFrame,
} from '../../src/contract/messaging.ts';
import { channelsOf, messageOf, selectMessages, unreadTotal } from './conversations.ts';
import { publish } from './events.ts';
import { send, type Connection, type MessagingHub } from './hub.ts';
import { channelOf, messengerOf } from './members.ts';
import { markRead } from './messages.ts';
import { messagingSessions } from './session.ts';

/** A connection that has not said hello by then is closed. */
export const HELLO_WITHIN_MS = 10_000;
/** Largest frame a tab may send, in bytes. */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Catch-up also resends the messages of this long before the tab's newest one, in case an earlier id committed later. */
const CATCH_UP_OVERLAP_MS = 5_000;
/** At most this many messages are replayed on reconnect; the lists and threads load the rest. */
const CATCH_UP_LIMIT = 1000;
/** A tab's typing signal is passed on at most this often per conversation. */
const TYPING_EVERY_MS = 1_000;

/**
 * The realtime connection (MESSAGING_SOCKET_PATH): the first frame must be `hello` with a session
 * token from messaging-session; then `ready`, the messages missed since `lastMessageId`, and live
 * events. Messages themselves are sent with the sendMessage call.
 */
export function messagingSocket(app: FastifyInstance, ctx: AppContext, hub: MessagingHub) {
  const sessions = messagingSessions(ctx);

  app.get(MESSAGING_SOCKET_PATH, { websocket: true }, (ws: WebSocket) => {
    let conn: Connection | null = null;
    let closed = false;
    let queue: Promise<void> = Promise.resolve();
    const lastTyping = new Map<string, number>();
    const helloTimer = setTimeout(() => ws.close(SocketClose.unauthorized, 'No session'), HELLO_WITHIN_MS);

    const error = (message: string) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'error', message }));
    };

    async function hello(frame: Extract<ClientFrame, { type: 'hello' }>) {
      const claims = await sessions.verify(frame.sessionToken);
      if (!claims) return ws.close(SocketClose.unauthorized, MessagingMessages.sessionInvalid);
      let me;
      try {
        me = await messengerOf(ctx, claims);
      } catch (err) {
        if (err instanceof HttpError) return ws.close(SocketClose.forbidden, 'Messaging is not available');
        throw err;
      }
      if (closed) return;
      clearTimeout(helloTimer);
      conn = { ws, me, lastUnread: null };
      // Registered before catch-up is read, so nothing falls between the two; the tab drops repeats by id.
      hub.add(conn);
      const { unread } = await unreadTotal(ctx.db, me);
      conn.lastUnread = unread;
      send(conn, { type: 'ready', clientId: me.userId, unread });
      if (frame.lastMessageId !== null) await catchUp(conn, frame.lastMessageId);
    }

    async function catchUp(c: Connection, after: number) {
      const overlapFrom = sql`(select ${messages.createdAt} - ${`${CATCH_UP_OVERLAP_MS} milliseconds`}::interval from ${messages} where ${messages.id} = ${after})`;
      const rows = await selectMessages(ctx.db)
        .where(and(channelsOf(c.me), or(gt(messages.id, after), and(lt(messages.id, after), gte(messages.createdAt, overlapFrom)))))
        .orderBy(asc(messages.id))
        .limit(CATCH_UP_LIMIT);
      for (const r of rows) send(c, { type: 'message', message: messageOf(r) });
    }

    async function handle(raw: string) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        if (!conn) return ws.close(SocketClose.unauthorized, 'No session');
        return error('This could not be read.');
      }
      const result = clientFrameSchema.safeParse(parsed);
      if (!conn) {
        if (!result.success || result.data.type !== 'hello') return ws.close(SocketClose.unauthorized, 'No session');
        return hello(result.data);
      }
      if (!result.success) return error(result.error.issues[0]?.message ?? 'This could not be read.');
      const frame = result.data;
      const c: Connection = conn;
      switch (frame.type) {
        case 'ping':
          return send(c, { type: 'pong' });
        case 'hello':
          return;
        case 'typing': {
          const channel = await memberChannel(c, frame.channelUrl);
          if (!channel) return;
          const now = Date.now();
          if ((lastTyping.get(channel.url) ?? 0) > now - TYPING_EVERY_MS) return;
          lastTyping.set(channel.url, now);
          return publish(ctx, {
            t: 'typing',
            clientId: c.me.userId,
            nickname: c.me.nickname,
            channelId: channel.id,
            channelUrl: channel.url,
            companyId: channel.companyId,
            seekerId: channel.seekerId,
          });
        }
        case 'read': {
          const channel = await memberChannel(c, frame.channelUrl);
          if (!channel) return;
          await markRead(ctx, c.me, channel, frame.messageId);
          return;
        }
      }
    }

    async function memberChannel(c: Connection, url: string): Promise<typeof channels.$inferSelect | null> {
      try {
        return await channelOf(ctx, c.me, url);
      } catch (err) {
        if (err instanceof HttpError) {
          error(MessagingMessages.notAMember);
          return null;
        }
        throw err;
      }
    }

    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '' : String(data);
      queue = queue
        .then(() => (closed ? undefined : handle(text)))
        .catch((err: unknown) => {
          ctx.log.error({ err }, 'messaging frame failed');
          error('Something went wrong. Please try again.');
        });
    });
    ws.on('close', () => {
      closed = true;
      clearTimeout(helloTimer);
      if (conn) hub.remove(conn);
    });
    ws.on('error', () => ws.terminate());
  });
}
