import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { clientConfig, health } from '../../src/contract/system.ts';
import { route } from '../http/route.ts';
import type { AppContext } from '../context.ts';
import { searchIndexHealth } from '../jobs/index.ts';

const startedAt = Date.now();
const version = process.env.npm_package_version ?? '0.1.0';

export function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, health, async () => {
    await ctx.db.execute(sql`select 1`);
    return {
      status: 'ok' as const,
      database: ctx.adapters.database.kind,
      version,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      searchIndex: await searchIndexHealth(ctx.db),
    };
  });

  route(app, clientConfig, async () => ({
    supportEmail: ctx.config.supportEmail,
    googleSignIn: ctx.config.google !== null,
    mapsApiKey: ctx.config.mapsApiKey,
    devMailbox: ctx.config.devMailbox,
  }));
}
