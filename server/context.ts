import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Adapters } from './adapters.ts';
import type { Db } from './db/client.ts';
import { createAccessTokens, type AccessTokens } from './platform/tokens.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';

/**
 * What every area's routes and services are given. Kept apart from app.ts, which imports
 * every area, so that areas depend on this and never on the app that assembles them.
 */
export interface AppContext {
  config: Config;
  adapters: Adapters;
  db: Db;
  tokens: AccessTokens;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function createContext(config: Config, adapters: Adapters, log: FastifyBaseLogger): AppContext {
  const db = adapters.database.db;
  return {
    config,
    adapters,
    db,
    tokens: createAccessTokens(config.jwtSecret),
    mailer: createMailer(db, adapters.mailTransport, log),
    log,
  };
}
