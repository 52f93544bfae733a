import type { AppContext } from '../context.ts';
import { createMessagingSessionTokens } from '../platform/tokens.ts';
import { MESSAGING_SESSION_MINUTES, type MessagingSession } from '../../src/contract/messaging.ts';
import type { Messenger } from './members.ts';

export const messagingSessions = (ctx: AppContext) => createMessagingSessionTokens(ctx.config.jwtSecret, MESSAGING_SESSION_MINUTES * 60);

/** messaging-session: a short-lived token that opens the realtime connection for this user. */
export async function newMessagingSession(ctx: AppContext, me: Messenger): Promise<MessagingSession> {
  const { token, expiresAt } = await messagingSessions(ctx).sign({ userId: me.userId, role: me.role });
  return { clientId: me.userId, nickname: me.nickname, sessionToken: token, expiresAt: expiresAt.toISOString() };
}
