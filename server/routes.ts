import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app.ts';
import { systemRoutes } from './system/routes.ts';
import { devMailboxRoutes } from './system/dev-mailbox.ts';

/** Every area's routes, one line each. */
export function registerRoutes(api: FastifyInstance, ctx: AppContext) {
  systemRoutes(api, ctx);
  if (ctx.config.devMailbox) devMailboxRoutes(api, ctx);
}
