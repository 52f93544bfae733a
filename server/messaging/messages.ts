import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { channelReads, channels, messages } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';
import {
  MessagingMessages,
  SEND_LIMIT,
  SEND_LIMIT_SECONDS,
  THREAD_PAGE_SIZE,
  type Message,
  type ThreadPage,
  type UnreadCount,
} from '../../src/contract/messaging.ts';
import { conversationsOf, messageOf, messagesByIds, selectMessages, unreadTotal } from './conversations.ts';
import { publish } from './events.ts';
import type { ChannelRow, Messenger } from './members.ts';

/** One page of a conversation, newest first; `before` continues to older messages. */
export async function threadPage(ctx: AppContext, me: Messenger, channel: ChannelRow, before: number | undefined): Promise<ThreadPage> {
  const rows = await selectMessages(ctx.db)
    .where(and(eq(messages.channelId, channel.id), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(THREAD_PAGE_SIZE + 1);
  const [conversation] = await conversationsOf(ctx, me, [channel]);
  return { conversation: conversation!, messages: rows.slice(0, THREAD_PAGE_SIZE).map(messageOf), hasOlder: rows.length > THREAD_PAGE_SIZE };
}

/** At most SEND_LIMIT messages per SEND_LIMIT_SECONDS per user, over every process when Redis is set. */
export async function enforceSendLimit(ctx: AppContext, userId: string): Promise<void> {
  const gate = await ctx.adapters.rateLimiter.hit(`messaging:send:${userId}`, SEND_LIMIT, SEND_LIMIT_SECONDS);
  if (!gate.allowed) throw tooManyRequests(MessagingMessages.tooFast);
}

/**
 * Stores a message and tells every process. A resend with the same clientMessageId answers the
 * stored message (created: false) and stores nothing. The sender has read their own message.
 */
export async function sendMessage(
  ctx: AppContext,
  me: Messenger,
  channel: ChannelRow,
  input: { clientMessageId: string; text: string },
): Promise<{ message: Message; created: boolean }> {
  await enforceSendLimit(ctx, me.userId);
  const now = ctx.adapters.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ channelId: channel.id, senderId: me.userId, text: input.text, clientMessageId: input.clientMessageId, createdAt: now })
      .onConflictDoNothing({ target: [messages.channelId, messages.senderId, messages.clientMessageId] })
      .returning({ id: messages.id });
    if (!row) return null;
    await tx
      .update(channels)
      .set({
        lastMessageAt: sql`greatest(${channels.lastMessageAt}, ${now.toISOString()}::timestamptz)`,
        lastMessageId: sql`greatest(coalesce(${channels.lastMessageId}, 0), ${row.id})`,
      })
      .where(eq(channels.id, channel.id));
    await tx
      .insert(channelReads)
      .values({ channelId: channel.id, userId: me.userId, lastReadMessageId: row.id })
      .onConflictDoUpdate({ target: [channelReads.channelId, channelReads.userId], set: { lastReadMessageId: sql`greatest(${channelReads.lastReadMessageId}, ${row.id})` } });
    return Number(row.id);
  });

  if (id === null) {
    const [stored] = await selectMessages(ctx.db)
      .where(and(eq(messages.channelId, channel.id), eq(messages.senderId, me.userId), eq(messages.clientMessageId, input.clientMessageId)))
      .limit(1);
    return { message: messageOf(stored!), created: false };
  }
  const [message] = await messagesByIds(ctx.db, [id]);
  await publish(ctx, { t: 'message', id, senderId: me.userId, channelId: channel.id, channelUrl: channel.url, companyId: channel.companyId, seekerId: channel.seekerId, message: message! });
  return { message: message!, created: true };
}

/**
 * Marks the conversation read up to a message (never backwards, never past its newest message),
 * tells the other members (read receipts) and the caller's other tabs; answers the unread total.
 */
export async function markRead(ctx: AppContext, me: Messenger, channel: ChannelRow, messageId: number): Promise<UnreadCount> {
  const [fresh] = await ctx.db.select({ lastMessageId: channels.lastMessageId }).from(channels).where(eq(channels.id, channel.id));
  const upTo = Math.min(messageId, Number(fresh?.lastMessageId ?? 0));
  if (upTo > 0) {
    const [row] = await ctx.db
      .insert(channelReads)
      .values({ channelId: channel.id, userId: me.userId, lastReadMessageId: upTo })
      .onConflictDoUpdate({
        target: [channelReads.channelId, channelReads.userId],
        set: { lastReadMessageId: sql`greatest(${channelReads.lastReadMessageId}, ${upTo})` },
      })
      .returning({ lastRead: channelReads.lastReadMessageId });
    const ref = { channelId: channel.id, channelUrl: channel.url, companyId: channel.companyId, seekerId: channel.seekerId };
    await publish(ctx, { t: 'read', clientId: me.userId, messageId: Number(row!.lastRead), ...ref });
    await publish(ctx, { t: 'unread', userId: me.userId });
  }
  return unreadTotal(ctx.db, me);
}
