import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Adapters } from './adapters.ts';
import type { Db } from './db/client.ts';
import { createAccessTokens, type AccessTokens } from './platform/tokens.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createEventBus, type EventBus } from './platform/events.ts';
import { createCounters, type Counters } from './platform/counters.ts';

/**
 * What areas tell each other (server/routes.ts wires the listeners). Each is told after the
 * teller's own transaction committed, as the direct calls it replaces were.
 */
export interface AppEvents {
  /** A job post closed (its staff closed it): posting tells, applicants mails its open applicants, billing ends its boost. */
  'job.closed': { jobPostId: string };
  /** A seeker applied to a job: jobs tells, suggestions marks the seeker's invitation applied. */
  'application.created': { jobPostId: string; seekerId: string; at: Date };
  /** A recruiter was switched off or removed: staff tells, messaging closes their connections. */
  'staff.revoked': { userId: string };
}

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
  events: EventBus<AppEvents>;
  /** Events counted per job and hour in memory, added to `job_counts_hourly` every few seconds. */
  counters: Counters;
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
    events: createEventBus<AppEvents>(),
    counters: createCounters(db, { now: adapters.now, log }),
    log,
  };
}
