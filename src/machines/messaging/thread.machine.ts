import { assertEvent, assign, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  MAX_MESSAGE_LENGTH,
  MessagingMessages,
  type Conversation,
  type Message,
  type ThreadPage,
  type UnreadCount,
} from '../../contract/messaging.ts';
import { ApiError, codeOf } from '../../services/http.ts';
import { messagingService } from '../../services/messaging.ts';
import { messagesOf } from '../form.ts';

/** Others are told the user is typing at most this often. */
export const TYPING_THROTTLE_MS = 3_000;
/** Someone else's typing shows this long after their last keystroke signal. */
export const TYPING_SHOWN_MS = 5_000;

export interface PendingMessage {
  clientMessageId: string;
  text: string;
  /** queued: waits its turn; sending: on its way; failed: kept with its reason, to retry. */
  status: 'queued' | 'sending' | 'failed';
  error: string | null;
  /** Failed for want of a connection: sent again by itself when the browser is back online. */
  retryable?: boolean;
}

export interface ThreadContext {
  url: string;
  /** The user's own messaging identity (their user id). */
  me: string;
  conversation: Conversation | null;
  /** Oldest first, each once. */
  messages: Message[];
  hasOlder: boolean;
  pending: PendingMessage[];
  draft: string;
  /** Why the server refused the last message (its field message); the text is back in the composer. */
  sendError: string | null;
  loadError: string | null;
  olderError: string | null;
  /** The newest message each other member has read, by clientId. */
  readUpTo: Record<string, number>;
  /** Who else is typing now (their name). */
  typing: string | null;
  /** The newest message marked read. */
  lastMarked: number;
  /** The thread is on screen (the tab visible): new messages are read at once. */
  visible: boolean;
  /** The browser is online: while it is not, messages wait (queued) and go when it is back. */
  online: boolean;
}

export type ThreadEvent =
  | { type: 'thread.retry' }
  | { type: 'thread.older' }
  | { type: 'draft.change'; text: string }
  /** Sends the draft; the id is made here when not given. */
  | { type: 'message.send'; clientMessageId?: string }
  | { type: 'message.retry'; clientMessageId: string }
  | { type: 'message.discard'; clientMessageId: string }
  | { type: 'live.message'; message: Message }
  | { type: 'live.typing'; channelUrl: string; clientId: string; nickname: string }
  | { type: 'live.read'; channelUrl: string; clientId: string; messageId: number }
  | { type: 'visibility'; visible: boolean }
  /** The browser went offline or came back. */
  | { type: 'connection.change'; online: boolean }
  /** Someone else's typing ends (their message arrived). */
  | { type: 'typing.stop' };

/** `typing`: tell the others (over the connection); `unread`: the user's new unread total; `loaded`: the conversation as read. */
export type ThreadEmitted =
  { type: 'typing'; channelUrl: string } | { type: 'unread'; unread: number } | { type: 'loaded'; conversation: Conversation };

/** A new id for a message the tab sends, so a resend is stored once. */
export function newClientMessageId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Messages merged by id, oldest first, each once. */
export function mergeMessages(a: Message[], b: Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** Whether a draft can be sent: some text, at most 4,000 characters. */
export const canSend = (text: string) => text.trim().length > 0 && text.trim().length <= MAX_MESSAGE_LENGTH;

/** The reason a send failed, as the user is told it. */
function sendFailure(error: unknown): { refused: string | null; error: string; retryable: boolean } {
  if (codeOf(error) === 'rate.limited') return { refused: null, error: MessagingMessages.tooFast, retryable: false };
  // The message itself is refused (too long, a script in it): sending it again would not help.
  if (error instanceof ApiError && codeOf(error) === 'request.invalid') {
    const message = error.fieldErrors.text ?? error.fieldErrors.clientMessageId ?? error.errors[0] ?? error.message;
    return { refused: message, error: message, retryable: false };
  }
  const network = error instanceof ApiError && error.kind === 'network';
  return { refused: null, error: messagesOf(error, AccountMessages.generic).join(' '), retryable: network };
}

const newestFromOthers = (context: ThreadContext) => {
  for (let i = context.messages.length - 1; i >= 0; i--)
    if (context.messages[i]!.sender.clientId !== context.me) return context.messages[i]!.id;
  return 0;
};

/**
 * One conversation (spec 2 §4 messaging): its newest page, then older ones on demand; messages sent
 * at once as pending (with the tab's own id, so a retry is stored once), failures kept with their
 * text to retry; live messages, others' typing (shown about 5 s) and read receipts ("Seen"); the
 * user's typing told at most every 3 s; what is on screen marked read.
 */
export const threadMachine = setup({
  types: {
    context: {} as ThreadContext,
    events: {} as ThreadEvent,
    input: {} as { url: string; me: string },
    emitted: {} as ThreadEmitted,
  },
  actors: {
    load: fromPromise<ThreadPage, { url: string; before?: number }>(
      async ({ input, signal }) => (await messagingService.thread(input.url, input.before, signal)).data,
    ),
    send: fromPromise<Message, { url: string; clientMessageId: string; text: string }>(
      async ({ input, signal }) =>
        (await messagingService.send(input.url, { clientMessageId: input.clientMessageId, text: input.text }, signal)).data,
    ),
    markRead: fromPromise<UnreadCount, { url: string; messageId: number }>(
      async ({ input, signal }) => (await messagingService.markRead(input.url, input.messageId, signal)).data,
    ),
  },
  guards: {
    sendable: ({ context }) => canSend(context.draft),
    canSendNext: ({ context }) => context.online && context.pending.some((p) => p.status === 'queued'),
    isFailed: ({ context, event }) => {
      assertEvent(event, 'message.retry');
      return context.pending.some((p) => p.clientMessageId === event.clientMessageId && p.status === 'failed');
    },
    refused: (_, { error }: { error: unknown }) => sendFailure(error).refused !== null,
    hasOlder: ({ context }) => context.hasOlder && context.messages.length > 0,
    ours: ({ context, event }) => {
      assertEvent(event, 'live.message');
      return event.message.channelUrl === context.url;
    },
    othersTyping: ({ context, event }) => {
      assertEvent(event, 'live.typing');
      return event.channelUrl === context.url && event.clientId !== context.me;
    },
    othersMessage: ({ context, event }) => {
      assertEvent(event, 'live.message');
      return event.message.channelUrl === context.url && event.message.sender.clientId !== context.me;
    },
    othersRead: ({ context, event }) => {
      assertEvent(event, 'live.read');
      return event.channelUrl === context.url && event.clientId !== context.me;
    },
    hasText: ({ event }) => {
      assertEvent(event, 'draft.change');
      return event.text.trim().length > 0;
    },
    needsRead: ({ context }) => context.visible && context.conversation !== null && newestFromOthers(context) > context.lastMarked,
  },
  actions: {
    setDraft: assign(({ event }) => {
      assertEvent(event, 'draft.change');
      return { draft: event.text, sendError: null };
    }),
    showTyping: assign(({ event }) => {
      assertEvent(event, 'live.typing');
      return { typing: event.nickname };
    }),
    tellTyping: emit(({ context }) => ({ type: 'typing' as const, channelUrl: context.url })),
  },
  delays: { typingThrottle: TYPING_THROTTLE_MS, typingShown: TYPING_SHOWN_MS },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({
    url: input.url,
    me: input.me,
    conversation: null,
    messages: [],
    hasOlder: false,
    pending: [],
    draft: '',
    sendError: null,
    loadError: null,
    olderError: null,
    readUpTo: {},
    typing: null,
    lastMarked: 0,
    visible: true,
    online: true,
  }),
  type: 'parallel',
  on: {
    'live.message': {
      guard: 'ours',
      actions: [
        assign(({ context, event }) => ({
          messages: mergeMessages(context.messages, [event.message]),
          pending: context.pending.filter((p) => p.clientMessageId !== event.message.clientMessageId),
        })),
        // Their message ends their typing (a region of its own, so it is told with an event).
        enqueueActions(({ check, enqueue }) => {
          if (check('othersMessage')) enqueue.raise({ type: 'typing.stop' });
        }),
      ],
    },
    'live.read': {
      guard: 'othersRead',
      actions: assign(({ context, event }) => ({
        readUpTo: { ...context.readUpTo, [event.clientId]: Math.max(context.readUpTo[event.clientId] ?? 0, event.messageId) },
      })),
    },
    visibility: { actions: assign({ visible: ({ event }) => event.visible }) },
    'connection.change': {
      actions: assign(({ context, event }) => ({
        online: event.online,
        // Back online: what failed for want of a connection goes again by itself.
        pending: event.online
          ? context.pending.map((p) =>
              p.status === 'failed' && p.retryable ? { ...p, status: 'queued' as const, error: null, retryable: false } : p,
            )
          : context.pending,
      })),
    },
    'message.send': {
      guard: 'sendable',
      actions: assign(({ context, event }) => ({
        pending: [
          ...context.pending,
          {
            clientMessageId: event.clientMessageId ?? newClientMessageId(),
            text: context.draft.trim(),
            status: 'queued' as const,
            error: null,
          },
        ],
        draft: '',
        sendError: null,
      })),
    },
    'message.retry': {
      guard: 'isFailed',
      actions: assign(({ context, event }) => ({
        pending: context.pending.map((p) =>
          p.clientMessageId === event.clientMessageId ? { ...p, status: 'queued' as const, error: null } : p,
        ),
      })),
    },
    'message.discard': {
      actions: assign(({ context, event }) => ({
        pending: context.pending.filter((p) => !(p.clientMessageId === event.clientMessageId && p.status === 'failed')),
      })),
    },
  },
  states: {
    thread: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ url: context.url }),
            onDone: {
              target: 'ready',
              actions: [
                assign(({ context, event }) => {
                  const { [context.me]: _own, ...others } = event.output.conversation.channel.read_up_to;
                  return {
                    conversation: event.output.conversation,
                    messages: mergeMessages(context.messages, event.output.messages),
                    hasOlder: event.output.hasOlder,
                    readUpTo: { ...others, ...context.readUpTo },
                  };
                }),
                emit(({ event }) => ({ type: 'loaded' as const, conversation: event.output.conversation })),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
            },
          },
        },
        failed: { tags: ['error'], on: { 'thread.retry': 'loading' } },
        ready: {
          initial: 'idle',
          states: {
            idle: { on: { 'thread.older': { guard: 'hasOlder', target: 'older' } } },
            older: {
              tags: ['loadingOlder'],
              entry: assign({ olderError: null }),
              invoke: {
                id: 'loadOlder',
                src: 'load',
                input: ({ context }) => ({ url: context.url, before: context.messages[0]?.id }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    messages: mergeMessages(event.output.messages, context.messages),
                    hasOlder: event.output.hasOlder,
                  })),
                },
                onError: {
                  target: 'olderFailed',
                  actions: assign({ olderError: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
                },
              },
            },
            olderFailed: { on: { 'thread.older': 'older' } },
          },
        },
      },
    },
    // One message on its way at a time, in the order they were written.
    outbox: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'canSendNext', target: 'sending' } },
        sending: {
          tags: ['sending'],
          entry: assign(({ context }) => {
            const next = context.pending.find((p) => p.status === 'queued')!;
            return { pending: context.pending.map((p) => (p === next ? { ...p, status: 'sending' as const } : p)) };
          }),
          invoke: {
            id: 'send',
            src: 'send',
            input: ({ context }) => {
              const p = context.pending.find((x) => x.status === 'sending')!;
              return { url: context.url, clientMessageId: p.clientMessageId, text: p.text };
            },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                messages: mergeMessages(context.messages, [event.output]),
                pending: context.pending.filter((p) => p.status !== 'sending'),
              })),
            },
            onError: [
              {
                // Refused for what it says: the text goes back to the composer with the reason.
                guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: assign(({ context, event }) => {
                  const sent = context.pending.find((p) => p.status === 'sending');
                  return {
                    pending: context.pending.filter((p) => p.status !== 'sending'),
                    draft: context.draft.trim() ? context.draft : (sent?.text ?? ''),
                    sendError: sendFailure(event.error).refused,
                  };
                }),
              },
              {
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  pending: context.pending.map((p) => {
                    if (p.status !== 'sending') return p;
                    const { error, retryable } = sendFailure(event.error);
                    return { ...p, status: 'failed' as const, error, retryable };
                  }),
                })),
              },
            ],
          },
        },
      },
    },
    typingOut: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'draft.change': [{ guard: 'hasText', target: 'cooling', actions: ['setDraft', 'tellTyping'] }, { actions: 'setDraft' }],
          },
        },
        cooling: {
          on: { 'draft.change': { actions: 'setDraft' } },
          after: { typingThrottle: 'ready' },
        },
      },
    },
    othersTyping: {
      initial: 'quiet',
      states: {
        quiet: {
          entry: assign({ typing: null }),
          on: { 'live.typing': { guard: 'othersTyping', target: 'typing', actions: 'showTyping' } },
        },
        typing: {
          // Each new signal starts the 5 s again (only this state is re-entered).
          on: {
            'live.typing': { guard: 'othersTyping', target: 'typing', reenter: true, actions: 'showTyping' },
            'typing.stop': 'quiet',
          },
          after: { typingShown: 'quiet' },
        },
      },
    },
    reading: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'needsRead', target: 'marking' } },
        marking: {
          entry: assign({ lastMarked: ({ context }) => newestFromOthers(context) }),
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ url: context.url, messageId: context.lastMarked }),
            onDone: { target: 'idle', actions: emit(({ event }) => ({ type: 'unread' as const, unread: event.output.unread })) },
            onError: 'idle',
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof threadMachine>;
/** Why the conversation could not be read, while it shows that failure. */
export const selectLoadError = (s: Snap) => (s.hasTag('error') ? s.context.loadError : null);

/**
 * Whether the other side has read the user's newest message ("Seen"): the applicant for a
 * company's staff, the company's staff for the applicant. A colleague reading it does not count.
 */
export function selectSeen(s: Snap): boolean {
  const { messages, me, readUpTo, conversation } = s.context;
  const mine = [...messages].reverse().find((m) => m.sender.clientId === me);
  if (!mine) return false;
  const roleOf = (clientId: string) => conversation?.channel.members.find((m) => m.clientId === clientId)?.role;
  const myRole = roleOf(me);
  const otherSide = (clientId: string) => myRole === undefined || (roleOf(clientId) === 'JobSeeker') !== (myRole === 'JobSeeker');
  return Object.entries(readUpTo).some(([clientId, id]) => id >= mine.id && otherSide(clientId));
}

/** The id of the newest message shown (null when none is). */
export function selectNewestId(s: Snap): number | null {
  let newest: number | null = null;
  for (const m of s.context.messages) if (newest === null || m.id > newest) newest = m.id;
  return newest;
}

/** The id of the user's newest message, which the "Seen" mark follows. */
export const selectNewestOwnId = (s: Snap) => [...s.context.messages].reverse().find((m) => m.sender.clientId === s.context.me)?.id ?? null;
