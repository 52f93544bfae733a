import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import postgres from 'postgres';
import { inject, type ProvidedContext } from 'vitest';
import './database-template.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { createAdapters, type Adapters } from '../../../server/adapters.ts';
import { buildApp } from '../../../server/app.ts';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & {
  database: Database;
  /** Every route the app registered, in order, as method and URL. */
  routes: { method: string; url: string }[];
  stop(): Promise<void>;
};

/** The run's migrated database to copy (tests/support/server/database-template.ts), if the run made one. */
function databaseTemplate(): ProvidedContext['databaseTemplate'] | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    // Outside a test run that provides one (benchmarks): migrate as usual.
    return undefined;
  }
}

/**
 * A fresh database for one test app: in-memory PGlite, or, when DATABASE_URL is set,
 * a new PostgreSQL database that is dropped afterwards so runs never see each other's rows.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  const template = databaseTemplate();
  if (!base) {
    const dump = template?.kind === 'pglite' ? new Blob([fs.readFileSync(template.file)]) : undefined;
    const database = await openDatabase({ dataDir: 'memory://', ...(dump && { template: dump }) });
    return { database, drop: async () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template?.kind === 'postgres' ? ` template ${template.name}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * A database that outlives one app: a PGlite folder in a temp dir, or a new PostgreSQL
 * database when DATABASE_URL is set. `open()` may be called again after closing, as a restart does.
 */
export async function createScratchDatabase(): Promise<{
  /** What a server process needs in its environment to use this database. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  open(): Promise<Database>;
  dispose(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-data-'));
  const base = process.env.DATABASE_URL;
  if (!base) {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl, dataDir }),
    dispose: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the real app, in-process, on a fresh database. Override config or adapters as a test needs. */
export async function createTestApp(
  options: {
    env?: NodeJS.ProcessEnv;
    config?: Partial<Config>;
    adapters?: Partial<Adapters>;
    /** Quiet unless a test reads the logs. */
    logger?: FastifyServerOptions['logger'];
    /** Registers extra routes (test-only ones) before the app is ready. */
    extend?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: '0', ...options.env },
    {
      clientDir: null,
      ...options.config,
    },
  );
  const { database, drop } = await openTestDatabase();
  // Assigned onto the adapters made, so adapters that read others (the test processor reads the clock) see the test's.
  const adapters = Object.assign(await createAdapters(config, database), options.adapters);
  const routes: TestApp['routes'] = [];
  const app = await buildApp(config, adapters, {
    logger: options.logger ?? false,
    onRoute: (r) => {
      for (const method of [r.method].flat()) routes.push({ method, url: r.url });
    },
  });
  await options.extend?.(app);
  await app.ready();
  return Object.assign(app, {
    database,
    routes,
    async stop() {
      await app.close();
      await drop();
    },
  });
}
