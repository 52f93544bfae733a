import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { applicationStatuses } from './jobs.ts';
import { pagingNumber } from './paging.ts';

/**
 * Messaging (spec 2 §3 Messaging, §4 messaging, §7 the messaging calls, §8 the "Invalid response
 * from …" messages, §9 page sizes and message age): one conversation (channel) per job post and
 * applicant, between the applicant and the company's employer and recruiters. The calls below
 * list conversations, open them and send messages; new messages, typing and read receipts reach
 * every member over one WebSocket per signed-in tab (`MESSAGING_SOCKET_PATH`), whose frames are
 * declared at the end of this file.
 */

/** Product copy of messaging, used word for word by the pages and the server. */
export const MessagingMessages = {
  // spec 2 §8: an answer that fails its schema
  invalidList: 'Invalid response from messages-list API',
  invalidSession: 'Invalid response from messaging-session API',
  invalidInit: 'Invalid response from message-init API',
  invalidPosts: 'Invalid response from message-posts API',
  // our own
  applicantNotFound: 'This applicant was not found.',
  jobNotFound: 'This job was not found.',
  applicantNotForJob: 'This person has not applied to this job.',
  conversationNotFound: 'This conversation was not found.',
  text: 'Please write a message.',
  textTooLong: 'A message can be at most 4,000 characters.',
  noScripts: 'A message cannot contain a script. Please send text only.',
  tooFast: 'You are sending messages too quickly. Please wait a moment and try again.',
  sessionInvalid: 'Your messaging session has expired. Reconnecting…',
  notAMember: 'You are not part of this conversation.',
  search: 'Please enter at most 100 characters to search.',
  nextToken: 'This list cannot be continued. Please reload it.',
  pageSize: 'Please choose a page size from 1 to 50.',
  date: 'Please enter a valid date.',
} as const;

// ---------- constants (spec 2 §9, our own) ----------

/** Conversations a recruiter sees per page (messaging applicants, spec 2 §9). */
export const MESSAGING_PAGE_SIZE = 25;
export const MAX_MESSAGING_PAGE_SIZE = 50;
/** Messages of a thread per page, newest first. */
export const THREAD_PAGE_SIZE = 50;
/** Longest message, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;
/** How long a session token for the realtime connection lives. */
export const MESSAGING_SESSION_MINUTES = 10;
/** An unread message is mailed to its member after this long … */
export const UNREAD_EMAIL_AFTER_MINUTES = 15;
/** … at most once per conversation in this time. */
export const UNREAD_EMAIL_EVERY_MINUTES = 60;
/** Messages one user may send: this many … */
export const SEND_LIMIT = 20;
/** … per this many seconds. */
export const SEND_LIMIT_SECONDS = 10;
/** The realtime connection, on the API's origin (ws: or wss:). */
export const MESSAGING_SOCKET_PATH = '/api/messaging/socket';
/** The messaging page; with a conversation's url, the page opened on that conversation. */
export const MESSAGING_PAGE = '/user/messaging';
export const conversationPath = (url: string) => `${MESSAGING_PAGE}?c=${encodeURIComponent(url)}`;
/** Close codes of the realtime connection besides the standard ones. */
export const SocketClose = {
  /** No session token, or an invalid or expired one: ask for a new session and connect again. */
  unauthorized: 4401,
  /** The account can no longer message (deactivated, deleted, signed out): do not reconnect. */
  forbidden: 4403,
} as const;

// ---------- building blocks ----------

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const applicantId = z.uuid({ error: MessagingMessages.applicantNotFound });
const jobPostId = z.uuid({ error: MessagingMessages.jobNotFound });
/** A channel's url: the address of the conversation, as message-init answers it. */
export const channelUrlSchema = z
  .string({ error: MessagingMessages.conversationNotFound })
  .trim()
  .min(1, MessagingMessages.conversationNotFound)
  .max(100, MessagingMessages.conversationNotFound);
const searchText = z
  .preprocess(blankToNull, z.string({ error: MessagingMessages.search }).trim().max(100, MessagingMessages.search).nullable())
  .optional();
/** An opaque cursor the previous page answered; null or absent for the first page. */
const nextTokenSchema = z
  .preprocess(blankToNull, z.string({ error: MessagingMessages.nextToken }).max(500, MessagingMessages.nextToken).nullable())
  .optional();
const dateText = z.preprocess(blankToNull, z.iso.datetime({ error: MessagingMessages.date, offset: true }).nullable()).optional();

/** The message body as sent: text, trimmed at the ends, 1 to 4,000 characters. */
export const messageTextSchema = z
  .string({ error: MessagingMessages.text })
  .trim()
  .min(1, MessagingMessages.text)
  .max(MAX_MESSAGE_LENGTH, MessagingMessages.textTooLong)
  // Messages are always shown as text; a script tag is refused outright so none is ever stored.
  .refine((text) => !/<\s*\/?\s*script\b/i.test(text), MessagingMessages.noScripts);

/** Who is who in messaging (messaging-info): the caller's own identity. */
export const messagingInfoSchema = z.object({
  /** The caller's messaging identity (their user id). */
  clientId: z.string(),
  /** The name others see. */
  nickname: z.string(),
});
export type MessagingInfo = z.infer<typeof messagingInfoSchema>;

/** A short-lived token that opens the realtime connection (messaging-session). */
export const messagingSessionSchema = z.object({
  clientId: z.string(),
  nickname: z.string(),
  sessionToken: z.string(),
  /** ISO 8601: ask for a new session before this. */
  expiresAt: z.string(),
});
export type MessagingSession = z.infer<typeof messagingSessionSchema>;

export const memberRoles = ['JobSeeker', 'Recruiter', 'Employer'] as const;
export const memberSchema = z.object({
  clientId: z.string(),
  nickname: z.string(),
  role: z.enum(memberRoles),
});
export type Member = z.infer<typeof memberSchema>;

/** One message of a conversation. */
export const messageSchema = z.object({
  /** Grows with every message stored: the cursor of catch-up after a reconnect. */
  id: z.number().int(),
  /** The conversation's url. */
  channelUrl: z.string(),
  sender: memberSchema.pick({ clientId: true, nickname: true, role: true }),
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The id the sending tab gave it, so the tab can match its own message. */
  clientMessageId: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** The conversation as the lists show it (spec 2 §3: channel carries last_message_date in epoch seconds). */
export const channelSchema = z.object({
  url: z.string(),
  name: z.string(),
  /** Epoch seconds of the newest message; of the conversation's start while it has none. */
  last_message_date: z.number().int(),
  last_message: messageSchema.nullable(),
  /** Messages of others the caller has not read. */
  unread_message_count: z.number().int(),
  members: z.array(memberSchema),
  /** The newest message each other member has read (read receipts), by clientId. */
  read_up_to: z.record(z.string(), z.number().int()),
});
export type Channel = z.infer<typeof channelSchema>;

/** The job post a conversation is about. */
export const messagingJobPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  companyName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type MessagingJobPost = z.infer<typeof messagingJobPostSchema>;

/** One conversation in a list (spec 2 §3 messages: each with jobPost and channel). */
export const conversationSchema = z.object({
  jobPost: messagingJobPostSchema,
  channel: channelSchema,
  /** The application the conversation is about. */
  applicant: z.object({
    /** The application's id (applicantId of the applicant calls). */
    id: z.string(),
    name: z.string(),
    status: z.enum(applicationStatuses),
  }),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A page of conversations, newest message first; nextToken continues it, null at the end. */
export const conversationPageSchema = z.object({
  messages: z.array(conversationSchema),
  nextToken: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** message-init and messaging-applicant: the conversation of one applicant about one job post. */
export const messageInitRequestSchema = z.object({ applicantId, jobPostId });
export type MessageInitRequest = z.input<typeof messageInitRequestSchema>;
export const messageInitResponseSchema = z.object({
  /** The conversation existed before this call. */
  hasChannel: z.boolean(),
  url: z.string(),
  conversation: conversationSchema,
});
export type MessageInitResponse = z.infer<typeof messageInitResponseSchema>;

/** message-applicants (spec 2 §7): the company's conversations, 25 a page (§9). */
export const messageApplicantsRequestSchema = z.object({
  page: pagingNumber(MessagingMessages.pageSize).optional(),
  pageSize: pagingNumber(MessagingMessages.pageSize, { max: MAX_MESSAGING_PAGE_SIZE }).default(MESSAGING_PAGE_SIZE),
  /** One of the company's jobs; every job when not given. */
  jobId: z.preprocess(blankToNull, jobPostId.nullable()).optional(),
  /** Only conversations whose newest message is older than this (ISO 8601). */
  nextDate: dateText,
  nextToken: nextTokenSchema,
  /** Matches the applicant's name or the job's title. */
  searchTerm: searchText,
});
export type MessageApplicantsRequest = z.input<typeof messageApplicantsRequestSchema>;

/** messaging-posts (spec 2 §7): the company's job posts that have conversations, newest activity first. */
export const messagingPostsRequestSchema = z.object({
  /** Only posts whose newest message is older than this (ISO 8601). */
  lastPostDate: dateText,
  nextToken: nextTokenSchema,
  /** Matches the job's title. */
  searchTerm: searchText,
});
export type MessagingPostsRequest = z.input<typeof messagingPostsRequestSchema>;
export const messagingPostSchema = z.object({
  jobPost: messagingJobPostSchema,
  conversations: z.number().int(),
  unread_message_count: z.number().int(),
  /** Epoch seconds of the post's newest message. */
  last_message_date: z.number().int(),
});
export type MessagingPost = z.infer<typeof messagingPostSchema>;
export const messagingPostsPageSchema = z.object({
  posts: z.array(messagingPostSchema),
  nextToken: z.string().nullable(),
});
export type MessagingPostsPage = z.infer<typeof messagingPostsPageSchema>;

/** messaging-list (spec 2 §7): the job seeker's conversations. */
export const messagingListRequestSchema = z.object({
  nextToken: nextTokenSchema,
  /** Matches the job's title or the company's name. */
  search: searchText,
});
export type MessagingListRequest = z.input<typeof messagingListRequestSchema>;

/** One page of a thread, newest first; `before` continues to older messages. */
export const threadQuerySchema = z.object({
  /** Only messages older than this id. */
  before: z.coerce
    .number({ error: MessagingMessages.nextToken })
    .int(MessagingMessages.nextToken)
    .min(1, MessagingMessages.nextToken)
    .optional(),
});
export const threadPageSchema = z.object({
  conversation: conversationSchema,
  /** Newest first. */
  messages: z.array(messageSchema),
  hasOlder: z.boolean(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

/** A message to send. */
export const sendMessageRequestSchema = z.object({
  /** The tab's own id for the message: a resend with the same id is stored once. */
  clientMessageId: z.string({ error: MessagingMessages.text }).trim().min(1, MessagingMessages.text).max(64, MessagingMessages.text),
  text: messageTextSchema,
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/** The member has read the conversation up to this message. */
export const readRequestSchema = z.object({
  messageId: z.number({ error: MessagingMessages.conversationNotFound }).int().min(1, MessagingMessages.conversationNotFound),
});

export const unreadCountSchema = z.object({
  /** Unread messages over all of the caller's conversations (the nav badge). */
  unread: z.number().int(),
  conversations: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// ---------- endpoints ----------

const tag = 'messaging';
const companyStaff = ['Employer', 'Recruiter'] as const;
const members = ['JobSeeker', 'Employer', 'Recruiter'] as const;
const channelParams = z.object({ url: channelUrlSchema });

export const recruiterMessagingInfo = endpoint({
  method: 'GET',
  path: '/api/Recruiter/messaging-info',
  auth: companyStaff,
  tag,
  summary: 'The caller’s messaging identity',
  response: messagingInfoSchema,
});
export const seekerMessagingInfo = endpoint({ ...recruiterMessagingInfo, path: '/api/JobSeeker/messaging-info', auth: ['JobSeeker'] });
export const recruiterMessagingSession = endpoint({
  method: 'GET',
  path: '/api/Recruiter/messaging-session',
  auth: companyStaff,
  tag,
  summary: `A session token for the realtime connection, valid ${MESSAGING_SESSION_MINUTES} minutes`,
  response: messagingSessionSchema,
});
export const seekerMessagingSession = endpoint({
  ...recruiterMessagingSession,
  path: '/api/JobSeeker/messaging-session',
  auth: ['JobSeeker'],
});
export const messageInit = endpoint({
  method: 'POST',
  path: '/api/Recruiter/message-init',
  auth: companyStaff,
  tag,
  summary: 'Opens the conversation with an applicant about a job post, creating it the first time',
  body: messageInitRequestSchema,
  response: messageInitResponseSchema,
});
export const messagingApplicant = endpoint({ ...messageInit, path: '/api/Recruiter/messaging-applicant', summary: 'Same as message-init' });
export const messageApplicants = endpoint({
  method: 'POST',
  path: '/api/Recruiter/message-applicants',
  auth: companyStaff,
  tag,
  summary: 'The company’s conversations with applicants, newest first, 25 a page',
  body: messageApplicantsRequestSchema,
  response: conversationPageSchema,
});
export const messagingPosts = endpoint({
  method: 'POST',
  path: '/api/Recruiter/messaging-posts',
  auth: companyStaff,
  tag,
  summary: 'The company’s job posts with conversations, newest activity first',
  body: messagingPostsRequestSchema,
  response: messagingPostsPageSchema,
});
export const messagingList = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/messaging-list',
  auth: ['JobSeeker'],
  tag,
  summary: 'The job seeker’s conversations, newest first',
  body: messagingListRequestSchema,
  response: conversationPageSchema,
});
export const thread = endpoint({
  method: 'GET',
  path: '/api/messaging/channels/:url/messages',
  auth: members,
  tag,
  summary: 'One page of a conversation’s messages, newest first (members only)',
  params: channelParams,
  query: threadQuerySchema,
  response: threadPageSchema,
});
export const sendMessage = endpoint({
  method: 'POST',
  path: '/api/messaging/channels/:url/messages',
  auth: members,
  tag,
  status: 201,
  summary: `Sends a text message (at most ${MAX_MESSAGE_LENGTH} characters) to a conversation; 200 with the stored message for a resend of the same clientMessageId`,
  params: channelParams,
  body: sendMessageRequestSchema,
  response: messageSchema,
});
export const markRead = endpoint({
  method: 'POST',
  path: '/api/messaging/channels/:url/read',
  auth: members,
  tag,
  summary: 'Marks the conversation read up to a message; answers the caller’s unread total',
  params: channelParams,
  body: readRequestSchema,
  response: unreadCountSchema,
});
export const unreadCount = endpoint({
  method: 'GET',
  path: '/api/messaging/unread',
  auth: members,
  tag,
  summary: 'The caller’s unread messages over all conversations',
  response: unreadCountSchema,
});

// ---------- the realtime connection ----------

/** What a tab sends on the socket (messages themselves are sent with sendMessage). The first frame must be `hello`. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    sessionToken: z.string().max(2000),
    /** The newest message id the tab has seen; the server sends every later one (catch-up). */
    lastMessageId: z.number().int().min(0).nullable(),
  }),
  z.object({ type: z.literal('typing'), channelUrl: channelUrlSchema }),
  /** The member has read the conversation up to this message. */
  z.object({ type: z.literal('read'), channelUrl: channelUrlSchema, messageId: z.number().int().min(1) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** What the server sends on the socket. */
export const serverFrameSchema = z.discriminatedUnion('type', [
  /** The session is accepted; catch-up messages follow as `message` frames. */
  z.object({ type: z.literal('ready'), clientId: z.string(), unread: z.number().int() }),
  z.object({ type: z.literal('message'), message: messageSchema }),
  z.object({ type: z.literal('typing'), channelUrl: z.string(), clientId: z.string(), nickname: z.string() }),
  z.object({ type: z.literal('read'), channelUrl: z.string(), clientId: z.string(), messageId: z.number().int() }),
  /** The caller's unread total changed. */
  z.object({ type: z.literal('unread'), unread: z.number().int() }),
  /** A frame was refused. */
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
