import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import {
  MessagingMessages,
  type ConversationPage,
  type Message,
  type MessagingPost,
  type MessagingSession,
  type ThreadPage,
  type UnreadCount,
} from '../../contract/messaging.ts';
import {
  connectionMachine,
  type ConnectionContext,
  type SocketCommand,
  type SocketInput,
} from '../../machines/messaging/connection.machine.ts';
import { conversationsMachine, type ConversationQuery, type ConversationsContext } from '../../machines/messaging/conversations.machine.ts';
import { threadMachine, type ThreadContext } from '../../machines/messaging/thread.machine.ts';
import { after } from '../account/stories-support.tsx';
import { withToaster } from '../posting/jobs-stories-support.tsx';
import { withRecruiter } from '../staff/stories-support.tsx';
import { Messaging, type MessagingProps } from './messaging.view.tsx';
import {
  conversationA,
  conversationB,
  message,
  mine,
  RECRUITER_ID,
  session,
  threadPage,
  URL_A,
  URL_B,
} from './messaging-stories-support.ts';

const NOW = new Date('2026-03-14T10:00:00Z');
const conversations = [conversationA, conversationB];
const posts: MessagingPost[] = [
  { jobPost: conversationA.jobPost, conversations: 1, unread_message_count: 2, last_message_date: conversationA.channel.last_message_date },
  {
    jobPost: { ...conversationB.jobPost, id: 'job-2' },
    conversations: 1,
    unread_message_count: 0,
    last_message_date: conversationB.channel.last_message_date,
  },
];
const thread: Message[] = [
  message(6, {
    text: 'Hello! Thank you for applying to the Night Nurse position.',
    sender: { clientId: RECRUITER_ID, nickname: 'Amir Nguyen', role: 'Recruiter' },
  }),
  message(7, { text: 'Thank you! I am very interested. Is the shift 7 pm to 7 am?' }),
  mine(8, { text: 'Yes, three nights a week. The details are at https://jobs.example.com/jobs/night-nurse.' }),
  message(10, { text: 'That works for me. When could we talk?' }),
  mine(11, { text: 'Would Monday at 10 am suit you?' }),
];

/** A pretend server: the demo conversations, searched and filtered; messages are stored after a moment. */
const conversationsLogic = conversationsMachine.provide({
  actors: {
    load: fromPromise<ConversationPage, ConversationQuery>(({ input }) => {
      const q = input.search.toLowerCase();
      const found = conversations.filter(
        (c) => (!input.jobId || c.jobPost.id === input.jobId) && (!q || `${c.applicant.name} ${c.jobPost.title}`.toLowerCase().includes(q)),
      );
      return after(500, { messages: found, nextToken: null });
    }),
    loadPosts: fromPromise<MessagingPost[]>(() => after(300, posts)),
  },
});
const threadLogic = threadMachine.provide({
  actors: {
    load: fromPromise<ThreadPage, { url: string; before?: number }>(({ input }) =>
      after(400, {
        ...threadPage(
          thread.map((m) => ({ ...m, channelUrl: input.url })),
          false,
        ),
        conversation: input.url === URL_B ? conversationB : conversationA,
      }),
    ),
    send: fromPromise<Message, { url: string; clientMessageId: string; text: string }>(({ input }) =>
      after(
        600,
        mine(Date.now() % 100_000, {
          channelUrl: input.url,
          text: input.text,
          clientMessageId: input.clientMessageId,
          createdAt: new Date().toISOString(),
        }),
      ),
    ),
    markRead: fromPromise<UnreadCount, { url: string; messageId: number }>(() => after(200, { unread: 0, conversations: 2 })),
  },
});
/** The connection with no server: it stays in the state a story puts it in. */
const connectionLogic = connectionMachine.provide({
  actors: {
    getSession: fromPromise<MessagingSession, { side: 'staff' | 'seeker' }>(() => new Promise(() => undefined)),
    socket: fromCallback<SocketCommand, SocketInput>(() => undefined),
    browser: fromCallback(() => undefined),
  },
});

type ConnectionValue =
  'session' | { live: 'opening' } | { live: { online: 'fresh' } } | 'reconnecting' | { offline: 'network' } | { offline: 'forbidden' };
const connectionContext: ConnectionContext = { side: 'staff', session, lastMessageId: 11, seen: [], unread: 2, attempt: 0, error: null };

type StoryProps = Omit<MessagingProps, 'connection' | 'me'> & { connectionState?: ConnectionValue; connectionAttempt?: number };

/** The page with a connection held in one state. */
function MessagingStory({ connectionState = { live: { online: 'fresh' } }, connectionAttempt = 0, ...props }: StoryProps) {
  const connection = useActorRef(connectionLogic, {
    input: { side: props.side },
    snapshot: connectionLogic.resolveState({ value: connectionState, context: { ...connectionContext, attempt: connectionAttempt } }),
  });
  return <Messaging {...props} me={RECRUITER_ID} connection={connection} />;
}

const listContext = (c: Partial<ConversationsContext> = {}): ConversationsContext => ({
  side: 'staff',
  conversations,
  nextToken: null,
  typed: '',
  search: '',
  jobId: null,
  posts,
  postsError: null,
  loadError: null,
  moreError: null,
  openUrl: null,
  ...c,
});
type ListValue = { typing: 'idle'; list: 'loading' | 'failed' | { ready: 'idle' }; posts: 'done' };
const listAt = (value: Partial<ListValue>, c: Partial<ConversationsContext> = {}) =>
  conversationsLogic.resolveState({ value: { typing: 'idle', list: { ready: 'idle' }, posts: 'done', ...value }, context: listContext(c) });

const threadContext = (c: Partial<ThreadContext> = {}): ThreadContext => ({
  url: URL_A,
  me: RECRUITER_ID,
  conversation: conversationA,
  messages: thread,
  hasOlder: true,
  pending: [],
  draft: '',
  sendError: null,
  loadError: null,
  olderError: null,
  readUpTo: {},
  typing: null,
  lastMarked: 10,
  visible: true,
  online: true,
  ...c,
});
type ThreadValue = {
  thread: 'loading' | 'failed' | { ready: 'idle' };
  outbox: 'idle';
  typingOut: 'ready';
  othersTyping: 'quiet' | 'typing';
  reading: 'idle';
};
const threadAt = (value: Partial<ThreadValue>, c: Partial<ThreadContext> = {}) =>
  threadLogic.resolveState({
    value: { thread: { ready: 'idle' }, outbox: 'idle', typingOut: 'ready', othersTyping: 'quiet', reading: 'idle', ...value },
    context: threadContext(c),
  });

const meta = {
  title: 'Messaging/Messaging page',
  component: MessagingStory,
  decorators: [withRecruiter, withToaster],
  args: { side: 'staff', conversationsLogic, threadLogic, now: NOW },
  parameters: { layout: 'fullscreen', route: '/user/messaging', docs: { story: { height: '760px' } } },
} satisfies Meta<typeof MessagingStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;
const phone = { viewport: { value: 'iphonese2', isRotated: false } } as const;
const opened = { route: `/user/messaging?c=${URL_A}` };

/** From the start, against a pretend server: search, the job filter, open a conversation and write. */
export const FromTheStart: Story = {};

export const FromTheStartDark: Story = { globals: dark };

/** The list, nothing open yet: unread counts, previews and ages. */
export const List: Story = { args: { conversationsSnapshot: listAt({}) } };

export const ListDark: Story = { ...List, globals: dark };

/** A conversation open: a message sending, one that failed (Retry), the other typing (for 5 s, as in the app) and "Seen". */
export const Thread: Story = {
  parameters: opened,
  args: {
    conversationsSnapshot: listAt({}, { openUrl: URL_A }),
    threadSnapshot: threadAt(
      { othersTyping: 'typing' },
      {
        readUpTo: { 'user-seeker': 11 },
        typing: 'Maria Lopez',
        pending: [
          { clientMessageId: 'p-1', text: 'Or Tuesday afternoon?', status: 'failed', error: MessagingMessages.tooFast },
          { clientMessageId: 'p-2', text: 'Either works for us.', status: 'sending', error: null },
        ],
      },
    ),
  },
};

export const ThreadDark: Story = { ...Thread, globals: dark };

/** The server refused a message: its text is back in the composer with the reason. */
export const Refused: Story = {
  parameters: opened,
  args: {
    conversationsSnapshot: listAt({}, { openUrl: URL_A }),
    threadSnapshot: threadAt({}, { draft: '<script>alert(1)</script>', sendError: MessagingMessages.noScripts }),
  },
};

export const Connecting: Story = { args: { conversationsSnapshot: listAt({}), connectionState: { live: 'opening' } } };

export const Reconnecting: Story = { args: { conversationsSnapshot: listAt({}), connectionState: 'reconnecting', connectionAttempt: 2 } };

export const Offline: Story = { args: { conversationsSnapshot: listAt({}), connectionState: { offline: 'network' } } };

export const OfflineDark: Story = { ...Offline, globals: dark };

/** The account can no longer message (4403). */
export const NotAvailable: Story = { args: { conversationsSnapshot: listAt({}), connectionState: { offline: 'forbidden' } } };

/** No conversations yet. */
export const Empty: Story = { args: { conversationsSnapshot: listAt({}, { conversations: [], posts: [] }) } };

export const EmptyDark: Story = { ...Empty, globals: dark };

/** A job seeker's empty list. */
export const EmptySeeker: Story = {
  args: { side: 'seeker', conversationsSnapshot: listAt({}, { side: 'seeker', conversations: [], posts: [] }) },
};

/** A job seeker's list: the company's name on each conversation, no job filter. */
export const Seeker: Story = { args: { side: 'seeker', conversationsSnapshot: listAt({}, { side: 'seeker', posts: [] }) } };

/** The list could not be read. */
export const ListFailed: Story = {
  args: { conversationsSnapshot: listAt({ list: 'failed' }, { conversations: [], loadError: MessagingMessages.invalidList }) },
};

export const ListFailedDark: Story = { ...ListFailed, globals: dark };

/** The conversation could not be read. */
export const ThreadFailed: Story = {
  parameters: opened,
  args: {
    conversationsSnapshot: listAt({}, { openUrl: URL_A }),
    threadSnapshot: threadAt({ thread: 'failed' }, { messages: [], conversation: null, loadError: 'Something went wrong!!!' }),
  },
};

/** On a phone: the list alone… */
export const PhoneList: Story = { ...List, globals: { viewport: phone.viewport } };

export const PhoneListDark: Story = { ...List, globals: { ...dark, viewport: phone.viewport } };

/** …or the conversation, with Back. */
export const PhoneThread: Story = { ...Thread, globals: { viewport: phone.viewport } };

export const PhoneThreadDark: Story = { ...Thread, globals: { ...dark, viewport: phone.viewport } };
