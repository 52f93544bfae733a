import { assertEvent, assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  MESSAGING_PAGE_SIZE,
  type Conversation,
  type ConversationPage,
  type Message,
  type MessagingPost,
  type MessagingPostsPage,
} from '../../contract/messaging.ts';
import { messagingService, type MessagingSide } from '../../services/messaging.ts';
import { messagesOf } from '../form.ts';

/** A search starts this long after the last keystroke. */
export const CONVERSATION_SEARCH_DEBOUNCE_MS = 400;

export interface ConversationQuery {
  side: MessagingSide;
  search: string;
  /** The recruiter's job filter; every job when null. */
  jobId: string | null;
  /** The page to continue from; null for the first. */
  nextToken: string | null;
}

export interface ConversationsContext {
  side: MessagingSide;
  conversations: Conversation[];
  nextToken: string | null;
  /** What is typed in the search box; applied after a pause (or Enter). */
  typed: string;
  search: string;
  jobId: string | null;
  /** The company's job posts with conversations, for the job filter (staff only). */
  posts: MessagingPost[];
  postsError: string | null;
  loadError: string | null;
  moreError: string | null;
  /** The conversation on screen: its new messages are read, not counted. */
  openUrl: string | null;
}

export type ConversationsEvent =
  | { type: 'conversations.search'; text: string }
  | { type: 'conversations.apply' }
  | { type: 'conversations.job'; jobId: string | null }
  | { type: 'conversations.more' }
  | { type: 'conversations.retry' }
  /** A new message in any conversation; `mine` when the user sent it. */
  | { type: 'conversation.message'; message: Message; mine: boolean }
  | { type: 'conversation.open'; url: string | null }
  /** A conversation opened from elsewhere (?c=) that the list has not shown yet. */
  | { type: 'conversation.add'; conversation: Conversation };

/** The call for a page: message-applicants (25 a page, spec 2 §9) for staff, messaging-list for job seekers. */
async function loadPage(query: ConversationQuery, signal: AbortSignal): Promise<ConversationPage> {
  if (query.side === 'staff') {
    const res = await messagingService.applicants(
      { pageSize: MESSAGING_PAGE_SIZE, jobId: query.jobId, nextToken: query.nextToken, searchTerm: query.search || null },
      signal,
    );
    return res.data;
  }
  return (await messagingService.list({ nextToken: query.nextToken, search: query.search || null }, signal)).data;
}

const failure = (error: unknown) => messagesOf(error, AccountMessages.generic).join(' ');

/** Appends a page, keeping each conversation once. */
const appendPage = (list: Conversation[], page: Conversation[]) => [
  ...list,
  ...page.filter((c) => !list.some((o) => o.channel.url === c.channel.url)),
];

/** A new message moves its conversation to the top, with the message as its preview. */
export function withMessage(list: Conversation[], message: Message, countUnread: boolean): Conversation[] {
  const found = list.find((c) => c.channel.url === message.channelUrl);
  if (!found || (found.channel.last_message && found.channel.last_message.id >= message.id)) return list;
  const channel = {
    ...found.channel,
    last_message: message,
    last_message_date: Math.floor(Date.parse(message.createdAt) / 1000),
    unread_message_count: found.channel.unread_message_count + (countUnread ? 1 : 0),
  };
  return [{ ...found, channel }, ...list.filter((c) => c !== found)];
}

/**
 * The conversations list (spec 2 §2 /user/messaging): pages by nextToken (load more), a search sent
 * after a pause in typing, and for a company's staff a job filter from messaging-posts. A new
 * message moves its conversation to the top and, unless it is on screen or the user's own, counts
 * as unread.
 */
/** The job filter offers this many pages of jobs at most; the search box finds any conversation. */
export const JOB_FILTER_PAGES = 8;

/** Every page of the company's jobs with conversations (up to JOB_FILTER_PAGES), for the job filter. */
export async function allPosts(page: (nextToken: string | null) => Promise<MessagingPostsPage>): Promise<MessagingPost[]> {
  const posts: MessagingPost[] = [];
  let nextToken: string | null = null;
  for (let n = 0; n < JOB_FILTER_PAGES; n++) {
    const answer: MessagingPostsPage = await page(nextToken);
    posts.push(...answer.posts);
    nextToken = answer.nextToken;
    if (!nextToken) break;
  }
  return posts;
}

export const conversationsMachine = setup({
  types: {
    context: {} as ConversationsContext,
    events: {} as ConversationsEvent,
    input: {} as { side: MessagingSide; jobId?: string | null },
  },
  actors: {
    load: fromPromise<ConversationPage, ConversationQuery>(({ input, signal }) => loadPage(input, signal)),
    loadPosts: fromPromise<MessagingPost[]>(({ signal }) =>
      allPosts(async (nextToken) => (await messagingService.posts(nextToken ? { nextToken } : {}, signal)).data),
    ),
  },
  guards: {
    isStaff: ({ context }) => context.side === 'staff',
    typedChanged: ({ context }) => context.typed.trim() !== context.search,
    jobChanged: ({ context, event }) => {
      assertEvent(event, 'conversations.job');
      return event.jobId !== context.jobId;
    },
    hasMore: ({ context }) => context.nextToken !== null,
  },
  actions: {
    takeTyped: assign(({ context }) => ({ search: context.typed.trim() })),
  },
  delays: { searchDelay: CONVERSATION_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'conversations',
  context: ({ input }) => ({
    side: input.side,
    conversations: [],
    nextToken: null,
    typed: '',
    search: '',
    jobId: input.jobId ?? null,
    posts: [],
    postsError: null,
    loadError: null,
    moreError: null,
    openUrl: null,
  }),
  type: 'parallel',
  on: {
    'conversation.message': {
      actions: assign(({ context, event }) => ({
        conversations: withMessage(context.conversations, event.message, !event.mine && event.message.channelUrl !== context.openUrl),
      })),
    },
    'conversation.open': {
      actions: assign(({ context, event }) => ({
        openUrl: event.url,
        conversations: context.conversations.map((c) =>
          c.channel.url === event.url ? { ...c, channel: { ...c.channel, unread_message_count: 0 } } : c,
        ),
      })),
    },
    'conversation.add': {
      actions: assign(({ context, event }) =>
        context.conversations.some((c) => c.channel.url === event.conversation.channel.url)
          ? {}
          : { conversations: [event.conversation, ...context.conversations] },
      ),
    },
  },
  states: {
    typing: {
      initial: 'idle',
      on: {
        'conversations.search': { target: '.waiting', actions: assign({ typed: ({ event }) => event.text }) },
        'conversations.apply': '.idle',
      },
      states: {
        idle: {},
        waiting: { after: { searchDelay: { target: 'idle', actions: raise({ type: 'conversations.apply' }) } } },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'conversations.apply': { guard: 'typedChanged', target: '.loading', actions: 'takeTyped' },
        'conversations.job': {
          guard: 'jobChanged',
          target: '.loading',
          actions: ['takeTyped', assign({ jobId: ({ event }) => event.jobId })],
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null, moreError: null, conversations: [], nextToken: null }),
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ side: context.side, search: context.search, jobId: context.jobId, nextToken: null }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ conversations: event.output.messages, nextToken: event.output.nextToken })),
            },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => failure(event.error) }) },
          },
        },
        failed: { tags: ['error'], on: { 'conversations.retry': 'loading' } },
        ready: {
          initial: 'idle',
          states: {
            idle: { on: { 'conversations.more': { guard: 'hasMore', target: 'more' } } },
            more: {
              tags: ['loadingMore'],
              entry: assign({ moreError: null }),
              invoke: {
                id: 'loadMore',
                src: 'load',
                input: ({ context }) => ({
                  side: context.side,
                  search: context.search,
                  jobId: context.jobId,
                  nextToken: context.nextToken,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    conversations: appendPage(context.conversations, event.output.messages),
                    nextToken: event.output.nextToken,
                  })),
                },
                onError: { target: 'moreFailed', actions: assign({ moreError: ({ event }) => failure(event.error) }) },
              },
            },
            moreFailed: { on: { 'conversations.more': 'more', 'conversations.retry': 'more' } },
          },
        },
      },
    },
    // The job filter's choices (staff only): read once; without them the filter offers every job only.
    posts: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'isStaff', target: 'loading' }, { target: 'done' }] },
        loading: {
          invoke: {
            id: 'loadPosts',
            src: 'loadPosts',
            onDone: { target: 'done', actions: assign({ posts: ({ event }) => event.output }) },
            onError: { target: 'done', actions: assign({ postsError: ({ event }) => failure(event.error) }) },
          },
        },
        done: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof conversationsMachine>;
/** Why the list could not be read, while it shows that failure. */
export const selectLoadError = (s: Snap) => (s.hasTag('error') ? s.context.loadError : null);
export const selectUnreadConversations = (s: Snap) => s.context.conversations.filter((c) => c.channel.unread_message_count > 0).length;

/** The id of the newest message the list shows as a conversation's last (null when none). */
export function selectNewestListed(s: Snap): number | null {
  let newest: number | null = null;
  for (const c of s.context.conversations) {
    const id = c.channel.last_message?.id;
    if (id !== undefined && (newest === null || id > newest)) newest = id;
  }
  return newest;
}
