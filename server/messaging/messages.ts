import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../db/sql.ts';
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
import { conversationsOf, messageOf, selectMessages, unreadTotal } from './conversations.ts';
import { publish } from './events.ts';
import type { ChannelRow, Messenger } from './members.ts';

/** One page of a conversation, newest first; `before` continues to older messages. */
export async function threadPage(ctx: AppContext, me: Messenger, channel: ChannelRow, before: number | undefined): Promise<ThreadPage> {
  const rows = await selectMessages(ctx.db)
    .where(and(eq(messages.channelId, channel.id), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(THREAD_PAGE_SIZE + 1);
  const [conversation] = await conversationsOf(ctx, me, [channel]);
  return {
    conversation: conversation!,
    messages: rows.slice(0, THREAD_PAGE_SIZE).map(messageOf),
    hasOlder: rows.length > THREAD_PAGE_SIZE,
  };
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
  const message: Message = {
    id: 0,
    channelUrl: channel.url,
    sender: { clientId: me.userId, nickname: me.nickname, role: me.role },
    text: input.text,
    createdAt: now.toISOString(),
    clientMessageId: input.clientMessageId,
  };
  // One statement: the message, the conversation's newest, and the sender's own read mark.
  const [row] = rowsOf<{ id: string | number }>(
    await ctx.db.execute(sql`
      with m as (
        insert into ${messages} (channel_id, sender_id, text, client_message_id, created_at)
        values (${channel.id}::uuid, ${me.userId}::uuid, ${input.text}, ${input.clientMessageId}, ${now.toISOString()}::timestamptz)
        on conflict (channel_id, sender_id, client_message_id) do nothing
        returning id
      ), latest as (
        update ${channels}
        set last_message_at = greatest(last_message_at, ${now.toISOString()}::timestamptz),
            last_message_id = greatest(coalesce(last_message_id, 0), (select id from m))
        where id = ${channel.id}::uuid and exists (select 1 from m)
      ), mine as (
        insert into ${channelReads} (channel_id, user_id, last_read_message_id)
        select ${channel.id}::uuid, ${me.userId}::uuid, id from m
        on conflict (channel_id, user_id) do update
        set last_read_message_id = greatest(${channelReads}.last_read_message_id, excluded.last_read_message_id)
      )
      select id from m
    `),
  );

  if (!row) {
    const [stored] = await selectMessages(ctx.db)
      .where(and(eq(messages.channelId, channel.id), eq(messages.senderId, me.userId), eq(messages.clientMessageId, input.clientMessageId)))
      .limit(1);
    return { message: messageOf(stored!), created: false };
  }
  const id = Number(row.id);
  const stored = { ...message, id };
  // Told after the commit, in a statement of its own: PostgreSQL serialises the commits of
  // transactions that notify, so the notification never waits for the message's disk flush.
  await publish(ctx, {
    t: 'message',
    id,
    senderId: me.userId,
    channelId: channel.id,
    channelUrl: channel.url,
    companyId: channel.companyId,
    seekerId: channel.seekerId,
    message: stored,
  });
  return { message: stored, created: true };
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
