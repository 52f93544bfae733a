import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel (PostgreSQL: on a dedicated connection of its own); every
   * process on the same database hears every notification. Resolves to the unsubscribe.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends a notification (at most 8000 bytes) to every listener of the channel, in any process. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** postgres://… switches to PostgreSQL. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /** A PGlite data folder dump to start from instead of an empty database (tests copy a migrated one). */
  template?: Blob;
}

/** Opens the database and applies every pending migration: one schema for PGlite and PostgreSQL. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema });
    await migratePostgres(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      async listen(channel, onMessage) {
        const { unlisten } = await client.listen(channel, onMessage);
        return unlisten;
      },
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  let location = options.dataDir;
  if (location !== 'memory://') {
    location = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
  }
  // PostgreSQL ships these in contrib; PGlite loads them here. pg_trgm: the back office's substring
  // search (migration 0023); cube: the PostgreSQL search engine (migration 0026).
  const extensions = { pg_trgm, cube };
  const client = await PGlite.create(location, options.template ? { loadDataDir: options.template, extensions } : { extensions });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}
