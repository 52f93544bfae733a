import * as ep from '../contract/messaging.ts';
import {
  MessagingMessages,
  type MessageApplicantsRequest,
  type MessageInitRequest,
  type MessagingListRequest,
  type MessagingPostsRequest,
} from '../contract/messaging.ts';
import { ApiError, call } from './http.ts';

type Signal = AbortSignal | undefined;

/** Whose messaging calls to use: a company's staff (employer, recruiter) or a job seeker. */
export type MessagingSide = 'staff' | 'seeker';

/**
 * An answer that fails its schema is reported with the product's own words for that call
 * (spec 2 §8 "Invalid response from …"); any other failure passes through unchanged.
 */
export function invalidAs(message: string) {
  return (err: unknown): never => {
    if (err instanceof ApiError && err.kind === 'invalid-response') throw new ApiError('invalid-response', err.status, message);
    throw err;
  };
}

/** Typed calls of messaging (spec 2 §7 the messaging calls). */
export const messagingService = {
  /** The company's conversations with applicants, 25 a page (spec 2 §9). */
  applicants: (request: MessageApplicantsRequest, signal?: Signal) =>
    call(ep.messageApplicants, { body: request }, { signal }).catch(invalidAs(MessagingMessages.invalidList)),
  /** The company's job posts that have conversations: the recruiter's job filter. */
  posts: (request: MessagingPostsRequest, signal?: Signal) =>
    call(ep.messagingPosts, { body: request }, { signal }).catch(invalidAs(MessagingMessages.invalidPosts)),
  /** The job seeker's conversations. */
  list: (request: MessagingListRequest, signal?: Signal) =>
    call(ep.messagingList, { body: request }, { signal }).catch(invalidAs(MessagingMessages.invalidList)),
  /** Opens (creating the first time) the conversation with an applicant about a job post. */
  init: (request: MessageInitRequest, signal?: Signal) =>
    call(ep.messageInit, { body: request }, { signal }).catch(invalidAs(MessagingMessages.invalidInit)),
  /** A short-lived token for the realtime connection. Quiet: the connection shows its own state. */
  session: (side: MessagingSide, signal?: Signal) =>
    call(side === 'staff' ? ep.recruiterMessagingSession : ep.seekerMessagingSession, {}, { signal, quiet: true }).catch(
      invalidAs(MessagingMessages.invalidSession),
    ),
  /** One page of a conversation, newest first; `before` continues to older messages. */
  thread: (url: string, before: number | undefined, signal?: Signal) =>
    call(ep.thread, { params: { url }, query: before === undefined ? {} : { before } }, { signal }),
  /** Sends a message; a resend with the same clientMessageId is stored once. */
  send: (url: string, body: { clientMessageId: string; text: string }, signal?: Signal) =>
    call(ep.sendMessage, { params: { url }, body }, { signal }),
  /** Marks the conversation read up to a message; answers the caller's unread total. Quiet. */
  markRead: (url: string, messageId: number, signal?: Signal) =>
    call(ep.markRead, { params: { url }, body: { messageId } }, { signal, quiet: true }),
  /** The caller's unread messages over all conversations. */
  unread: (signal?: Signal) => call(ep.unreadCount, {}, { signal, quiet: true }),
};
