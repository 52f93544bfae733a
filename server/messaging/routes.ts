import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import * as ep from '../../src/contract/messaging.ts';
import { unreadTotal } from './conversations.ts';
import { MessagingHub } from './hub.ts';
import { messageApplicants, messagingList, messagingPosts, openConversation } from './lists.ts';
import { messengerAndChannel, messengerOf } from './members.ts';
import { markRead, sendMessage, threadPage } from './messages.ts';
import { newMessagingSession } from './session.ts';
import { messagingSocket } from './socket.ts';
import { startUnreadMail } from './unread-mail.ts';

/** A message body is at most 4,000 characters: anything far larger is refused before it is read (413). */
const SEND_BODY_LIMIT = 64 * 1024;

/**
 * Messaging (spec 2 §7 the messaging calls; our own calls for threads, sending and reading):
 * conversations between an applicant and the staff of the job's company. Every conversation is
 * looked up within the caller's own (the seeker's, or the company's), so any other answers 404.
 * The realtime connection and the unread mail sweep start and stop with the app.
 */
export function messagingRoutes(app: FastifyInstance, ctx: AppContext) {
  const me = (caller: AccessClaims) => messengerOf(ctx, caller);

  for (const e of [ep.recruiterMessagingInfo, ep.seekerMessagingInfo]) {
    route(app, e, async ({ caller }) => {
      const m = await me(caller);
      return { clientId: m.userId, nickname: m.nickname };
    });
  }
  for (const e of [ep.recruiterMessagingSession, ep.seekerMessagingSession]) {
    route(app, e, async ({ caller }) => newMessagingSession(ctx, await me(caller)));
  }
  for (const e of [ep.messageInit, ep.messagingApplicant]) {
    route(app, e, async ({ caller, body }) => openConversation(ctx, await me(caller), body));
  }
  route(app, ep.messageApplicants, async ({ caller, body }) => messageApplicants(ctx, await me(caller), body));
  route(app, ep.messagingPosts, async ({ caller, body }) => messagingPosts(ctx, await me(caller), body));
  route(app, ep.messagingList, async ({ caller, body }) => messagingList(ctx, await me(caller), body));

  route(
    app,
    ep.thread,
    async ({ caller, params, query }) => {
      const { me: m, channel } = await messengerAndChannel(ctx, caller, params.url);
      return threadPage(ctx, m, channel, query.before);
    },
    { handlerChecksAccount: true },
  );
  route(
    app,
    ep.sendMessage,
    async ({ caller, params, body }) => {
      const { me: m, channel } = await messengerAndChannel(ctx, caller, params.url);
      const { message, created } = await sendMessage(ctx, m, channel, body);
      return created ? message : reply(message, { status: 200 });
    },
    { bodyLimit: SEND_BODY_LIMIT, handlerChecksAccount: true },
  );
  route(
    app,
    ep.markRead,
    async ({ caller, params, body }) => {
      const { me: m, channel } = await messengerAndChannel(ctx, caller, params.url);
      return markRead(ctx, m, channel, body.messageId);
    },
    { handlerChecksAccount: true },
  );
  route(app, ep.unreadCount, async ({ caller }) => unreadTotal(ctx.db, await me(caller)));

  const hub = new MessagingHub(ctx);
  messagingSocket(app, ctx, hub);
  let stopMail: (() => void) | null = null;
  app.addHook('onReady', async () => {
    await hub.start();
    stopMail = startUnreadMail(ctx);
  });
  app.addHook('preClose', async () => {
    stopMail?.();
    await hub.stop();
  });
}
