import type { AppContext } from '../context.ts';
import type { Message } from '../../src/contract/messaging.ts';

/**
 * What one server process tells every process on the same database (PostgreSQL NOTIFY, which
 * PGlite also has): each delivers the event to the sockets it holds. Payloads stay under NOTIFY's
 * 8000 bytes: a message rides along when it is small, otherwise each process reads it by id.
 */
export const MESSAGING_NOTIFY_CHANNEL = 'messaging_events';

interface ChannelRef {
  channelId: string;
  channelUrl: string;
  companyId: string;
  seekerId: string;
}

export type MessagingEvent =
  | ({ t: 'message'; id: number; senderId: string; message?: Message } & ChannelRef)
  | ({ t: 'typing'; clientId: string; nickname: string } & ChannelRef)
  | ({ t: 'read'; clientId: string; messageId: number } & ChannelRef)
  /** The user's unread total may have changed (they read a conversation in another tab). */
  | { t: 'unread'; userId: string }
  /** The user may no longer message (switched off or removed): their sockets close at once. */
  | { t: 'revoke'; userId: string };

const MAX_PAYLOAD_BYTES = 7500;

/** The event as sent: without its message when that would pass NOTIFY's limit. */
export function payloadOf(event: MessagingEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES || event.t !== 'message') return payload;
  const { message: _large, ...small } = event;
  return JSON.stringify(small);
}

export async function publish(ctx: AppContext, event: MessagingEvent): Promise<void> {
  await ctx.adapters.database.notify(MESSAGING_NOTIFY_CHANNEL, payloadOf(event));
}

/** Closes the user's messaging connections in every process; used when a recruiter is switched off or removed. */
export async function revokeMessaging(ctx: AppContext, userId: string): Promise<void> {
  try {
    await publish(ctx, { t: 'revoke', userId });
  } catch (err) {
    // The account change stands; each socket is also checked when it next receives anything.
    ctx.log.error({ err }, 'messaging revoke was not published');
  }
}
