import { and, count, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { applications, channelReads, channels, companies, jobPosts, messages, users } from '../db/schema.ts';
import { displayNameOf } from '../company/index.ts';
import { fullNameOf } from '../platform/people.ts';
import type { Conversation, Member, Message } from '../../src/contract/messaging.ts';
import { activeStaffOf, type ChannelRow, type Messenger } from './members.ts';

/** Messages joined with their conversation's url and their sender. */
export function selectMessages(db: Db) {
  return db
    .select({
      id: messages.id,
      channelId: messages.channelId,
      channelUrl: channels.url,
      senderId: messages.senderId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      text: messages.text,
      createdAt: messages.createdAt,
      clientMessageId: messages.clientMessageId,
    })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .innerJoin(users, eq(users.id, messages.senderId));
}

export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

export function messageOf(r: MessageRow): Message {
  return {
    id: Number(r.id),
    channelUrl: r.channelUrl,
    sender: {
      clientId: r.senderId,
      nickname: fullNameOf(r) || r.email,
      role: r.role === 'JobSeeker' || r.role === 'Employer' ? r.role : 'Recruiter',
    },
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    clientMessageId: r.clientMessageId,
  };
}

/** The messages of these ids, in id order. */
export async function messagesByIds(db: Db, ids: number[]): Promise<Message[]> {
  if (!ids.length) return [];
  const rows = await selectMessages(db).where(inArray(messages.id, ids)).orderBy(messages.id);
  return rows.map(messageOf);
}

/** Unread messages (of others) per conversation, for one user. */
export async function unreadByChannel(db: Db, userId: string, where: SQL): Promise<Map<string, number>> {
  const rows = await db
    .select({ channelId: messages.channelId, n: count() })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .leftJoin(channelReads, and(eq(channelReads.channelId, messages.channelId), eq(channelReads.userId, userId)))
    .where(and(where, ne(messages.senderId, userId), gt(messages.id, sql`coalesce(${channelReads.lastReadMessageId}, 0)`)))
    .groupBy(messages.channelId);
  return new Map(rows.map((r) => [r.channelId, Number(r.n)]));
}

/** The conversations the messenger may see: the seeker's own, or every one of the staff's company. */
export const channelsOf = (me: Messenger): SQL =>
  me.role === 'JobSeeker' ? eq(channels.seekerId, me.userId) : eq(channels.companyId, me.companyId!);

/** The caller's unread total over all their conversations, and in how many conversations. */
export async function unreadTotal(db: Db, me: Messenger): Promise<{ unread: number; conversations: number }> {
  const per = await unreadByChannel(db, me.userId, channelsOf(me));
  let unread = 0;
  for (const n of per.values()) unread += n;
  return { unread, conversations: per.size };
}

/**
 * The conversations as the lists and threads show them, in the order of `rows`: the job post,
 * the applicant, the newest message, the caller's unread count, the members (the applicant and the
 * company's employer and active recruiters, as they are now) and how far each other member has read.
 */
export async function conversationsOf(ctx: AppContext, me: Messenger, rows: ChannelRow[]): Promise<Conversation[]> {
  if (!rows.length) return [];
  const db = ctx.db;
  const ids = rows.map((r) => r.id);
  const lastIds = rows
    .map((r) => r.lastMessageId)
    .filter((id): id is number => id !== null)
    .map(Number);
  const [details, lastMessages, unread, staff, reads] = await Promise.all([
    db
      .select({
        id: channels.id,
        jobId: jobPosts.id,
        title: jobPosts.title,
        city: jobPosts.city,
        state: jobPosts.state,
        companyName: companies.name,
        companyDisplayName: companies.displayName,
        applicationId: applications.id,
        status: applications.status,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(channels)
      .innerJoin(jobPosts, eq(jobPosts.id, channels.jobPostId))
      .innerJoin(companies, eq(companies.id, channels.companyId))
      .innerJoin(applications, eq(applications.id, channels.applicationId))
      .innerJoin(users, eq(users.id, channels.seekerId))
      .where(inArray(channels.id, ids)),
    messagesByIds(db, lastIds),
    unreadByChannel(db, me.userId, inArray(channels.id, ids)),
    activeStaffOf(
      db,
      rows.map((r) => r.companyId),
    ),
    db.select().from(channelReads).where(inArray(channelReads.channelId, ids)),
  ]);
  const detailOf = new Map(details.map((d) => [d.id, d]));
  const messageOfId = new Map(lastMessages.map((m) => [m.id, m]));
  const readsOf = new Map<string, Map<string, number>>();
  for (const r of reads) {
    const m = readsOf.get(r.channelId) ?? new Map<string, number>();
    m.set(r.userId, Number(r.lastReadMessageId));
    readsOf.set(r.channelId, m);
  }

  return rows.map((row) => {
    const d = detailOf.get(row.id)!;
    const companyName = displayNameOf({ name: d.companyName, displayName: d.companyDisplayName });
    const applicantName = fullNameOf(d) || d.email;
    const members: Member[] = [
      { clientId: row.seekerId, nickname: applicantName, role: 'JobSeeker' },
      ...(staff.get(row.companyId) ?? []).map(({ clientId, nickname, role }) => ({ clientId, nickname, role })),
    ];
    const channelReadsOf = readsOf.get(row.id);
    const readUpTo: Record<string, number> = {};
    for (const m of members) {
      if (m.clientId === me.userId) continue;
      const upTo = channelReadsOf?.get(m.clientId);
      if (upTo) readUpTo[m.clientId] = upTo;
    }
    return {
      jobPost: { id: d.jobId, title: d.title, companyName, city: d.city, state: d.state },
      applicant: { id: d.applicationId, name: applicantName, status: d.status },
      channel: {
        url: row.url,
        // The other side's name: the company for the applicant, the applicant for the company.
        name: me.role === 'JobSeeker' ? companyName : applicantName,
        last_message_date: Math.floor(row.lastMessageAt.getTime() / 1000),
        last_message: row.lastMessageId === null ? null : (messageOfId.get(Number(row.lastMessageId)) ?? null),
        unread_message_count: unread.get(row.id) ?? 0,
        members,
        read_up_to: readUpTo,
      },
    };
  });
}
