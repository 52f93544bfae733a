import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, lt, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { applications, channels, companies, jobPosts, users } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { containsText } from '../db/sql.ts';
import { displayNameOf } from '../company/index.ts';
import {
  MESSAGING_PAGE_SIZE,
  MessagingMessages,
  type ConversationPage,
  type MessageInitResponse,
  type MessagingPostsPage,
  type messageApplicantsRequestSchema,
  type messagingListRequestSchema,
  type messagingPostsRequestSchema,
} from '../../src/contract/messaging.ts';
import { channelsOf, conversationsOf, unreadByChannel } from './conversations.ts';
import type { Messenger } from './members.ts';

// ---------- cursors ----------

/** An opaque cursor: the sort key of the last row of a page (its time in ms and its id). */
const encodeCursor = (at: Date, id: string) => Buffer.from(JSON.stringify([at.getTime(), id])).toString('base64url');

function decodeCursor(token: string): { at: Date; id: string } {
  try {
    const [ms, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof ms === 'number' && Number.isFinite(ms) && typeof id === 'string' && id.length <= 100) return { at: new Date(ms), id };
  } catch {
    // falls through
  }
  throw badRequest(MessagingMessages.nextToken, { fieldErrors: { nextToken: MessagingMessages.nextToken } });
}

/** Newest message first; conversations without messages by their start (last_message_at is then the start). */
const newestFirst = [desc(channels.lastMessageAt), desc(channels.id)];

/** The conversations after the cursor in newest-first order. */
const afterCursor = (token: string): SQL => {
  const c = decodeCursor(token);
  return sql`(${channels.lastMessageAt}, ${channels.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`;
};

async function conversationPage(ctx: AppContext, me: Messenger, where: SQL, pageSize: number, offset = 0): Promise<ConversationPage> {
  const rows = await ctx.db
    .select({ channel: channels })
    .from(channels)
    .innerJoin(jobPosts, eq(jobPosts.id, channels.jobPostId))
    .innerJoin(users, eq(users.id, channels.seekerId))
    .innerJoin(companies, eq(companies.id, channels.companyId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize + 1)
    .offset(offset);
  const page = rows.slice(0, pageSize).map((r) => r.channel);
  const last = page.at(-1);
  return {
    messages: await conversationsOf(ctx, me, page),
    nextToken: rows.length > pageSize && last ? encodeCursor(last.lastMessageAt, last.id) : null,
  };
}

const applicantName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/** message-applicants: the company's conversations, newest message first. */
export async function messageApplicants(
  ctx: AppContext,
  me: Messenger,
  q: z.output<typeof messageApplicantsRequestSchema>,
): Promise<ConversationPage> {
  const where: SQL[] = [channelsOf(me)];
  if (q.jobId) where.push(eq(channels.jobPostId, q.jobId));
  if (q.searchTerm) where.push(or(containsText(applicantName, q.searchTerm), containsText(jobPosts.title, q.searchTerm))!);
  if (q.nextToken) where.push(afterCursor(q.nextToken));
  else if (q.nextDate) where.push(lt(channels.lastMessageAt, new Date(q.nextDate)));
  const offset = !q.nextToken && !q.nextDate && q.page ? (q.page - 1) * q.pageSize : 0;
  return conversationPage(ctx, me, and(...where)!, q.pageSize, offset);
}

/** messaging-list: the job seeker's conversations, newest message first. */
export async function messagingList(
  ctx: AppContext,
  me: Messenger,
  q: z.output<typeof messagingListRequestSchema>,
): Promise<ConversationPage> {
  const where: SQL[] = [channelsOf(me)];
  if (q.search)
    where.push(
      or(containsText(jobPosts.title, q.search), containsText(sql`coalesce(${companies.displayName}, ${companies.name})`, q.search))!,
    );
  if (q.nextToken) where.push(afterCursor(q.nextToken));
  return conversationPage(ctx, me, and(...where)!, MESSAGING_PAGE_SIZE);
}

/** messaging-posts: the company's job posts that have conversations, the most recent activity first. */
export async function messagingPosts(
  ctx: AppContext,
  me: Messenger,
  q: z.output<typeof messagingPostsRequestSchema>,
): Promise<MessagingPostsPage> {
  const latest = max(channels.lastMessageAt);
  const where: SQL[] = [channelsOf(me)];
  if (q.searchTerm) where.push(containsText(jobPosts.title, q.searchTerm));
  const having: SQL[] = [];
  if (q.nextToken) {
    const c = decodeCursor(q.nextToken);
    having.push(sql`(max(${channels.lastMessageAt}), ${jobPosts.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`);
  } else if (q.lastPostDate) {
    having.push(sql`max(${channels.lastMessageAt}) < ${new Date(q.lastPostDate).toISOString()}::timestamptz`);
  }
  const rows = await ctx.db
    .select({
      id: jobPosts.id,
      title: jobPosts.title,
      city: jobPosts.city,
      state: jobPosts.state,
      companyName: companies.name,
      companyDisplayName: companies.displayName,
      conversations: count(),
      latest,
    })
    .from(channels)
    .innerJoin(jobPosts, eq(jobPosts.id, channels.jobPostId))
    .innerJoin(companies, eq(companies.id, channels.companyId))
    .where(and(...where))
    .groupBy(jobPosts.id, companies.id)
    .having(having.length ? and(...having) : undefined)
    .orderBy(desc(latest), desc(jobPosts.id))
    .limit(MESSAGING_PAGE_SIZE + 1);
  const page = rows.slice(0, MESSAGING_PAGE_SIZE);
  const unreadPerChannel = page.length
    ? await unreadPerPost(
        ctx,
        me,
        page.map((p) => p.id),
      )
    : new Map<string, number>();
  const last = page.at(-1);
  return {
    posts: page.map((p) => ({
      jobPost: {
        id: p.id,
        title: p.title,
        companyName: displayNameOf({ name: p.companyName, displayName: p.companyDisplayName }),
        city: p.city,
        state: p.state,
      },
      conversations: Number(p.conversations),
      unread_message_count: unreadPerChannel.get(p.id) ?? 0,
      last_message_date: Math.floor(new Date(p.latest!).getTime() / 1000),
    })),
    nextToken: rows.length > MESSAGING_PAGE_SIZE && last ? encodeCursor(new Date(last.latest!), last.id) : null,
  };
}

async function unreadPerPost(ctx: AppContext, me: Messenger, jobIds: string[]): Promise<Map<string, number>> {
  const perChannel = await unreadByChannel(ctx.db, me.userId, and(channelsOf(me), inArray(channels.jobPostId, jobIds))!);
  if (!perChannel.size) return new Map();
  const rows = await ctx.db
    .select({ id: channels.id, jobId: channels.jobPostId })
    .from(channels)
    .where(inArray(channels.id, [...perChannel.keys()]));
  const perPost = new Map<string, number>();
  for (const r of rows) perPost.set(r.jobId, (perPost.get(r.jobId) ?? 0) + (perChannel.get(r.id) ?? 0));
  return perPost;
}

// ---------- opening a conversation ----------

/** An address no one can guess. */
const newChannelUrl = () => `ch_${randomBytes(16).toString('base64url')}`;

/**
 * message-init and messaging-applicant: the conversation of the company's applicant about its job
 * post; made the first time, the same one after that. The job and the application must both be
 * the caller's company's, and the application must be to that job.
 */
export async function openConversation(
  ctx: AppContext,
  me: Messenger,
  input: { applicantId: string; jobPostId: string },
): Promise<MessageInitResponse> {
  const [job] = await ctx.db
    .select({ id: jobPosts.id })
    .from(jobPosts)
    .where(and(eq(jobPosts.id, input.jobPostId), eq(jobPosts.companyId, me.companyId!), ne(jobPosts.status, 'Deleted')))
    .limit(1);
  if (!job) throw notFound(MessagingMessages.jobNotFound);
  const [application] = await ctx.db
    .select({ id: applications.id, jobPostId: applications.jobPostId, seekerId: applications.jobSeekerId })
    .from(applications)
    .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
    .where(and(eq(applications.id, input.applicantId), eq(jobPosts.companyId, me.companyId!), ne(jobPosts.status, 'Deleted')))
    .limit(1);
  if (!application) throw notFound(MessagingMessages.applicantNotFound);
  if (application.jobPostId !== job.id) throw notFound(MessagingMessages.applicantNotForJob);

  const now = ctx.adapters.now();
  const inserted = await ctx.db
    .insert(channels)
    .values({
      url: newChannelUrl(),
      jobPostId: job.id,
      applicationId: application.id,
      seekerId: application.seekerId,
      companyId: me.companyId!,
      createdAt: now,
      lastMessageAt: now,
    })
    .onConflictDoNothing({ target: [channels.jobPostId, channels.applicationId] })
    .returning();
  const channel =
    inserted[0] ??
    (
      await ctx.db
        .select()
        .from(channels)
        .where(and(eq(channels.jobPostId, job.id), eq(channels.applicationId, application.id)))
        .limit(1)
    )[0]!;
  // A conversation started about the job: counted once, by the request that made it.
  if (inserted.length) ctx.counters.add([job.id], 'message');
  const [conversation] = await conversationsOf(ctx, me, [channel]);
  return { hasChannel: !inserted.length, url: channel.url, conversation: conversation! };
}
