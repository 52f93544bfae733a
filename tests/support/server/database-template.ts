import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../../server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A migrated database each server test file copies instead of migrating its own: a PGlite
     * data folder dump (a file path), or the name of a PostgreSQL template database.
     */
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };
  }
}

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/db/migrations');

/** Changes whenever a migration does, so a template is never older than the schema. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrations);
  return hash.digest('hex').slice(0, 16);
}

/** The PGlite client under drizzle, for its data folder dump. */
type Dumpable = { dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> };

/**
 * Migrates one database for the whole run, once per schema: creating and migrating a database
 * takes seconds on a small machine, copying a migrated one a fraction of that.
 */
export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const base = process.env.DATABASE_URL;
  if (!base) {
    const file = path.join(os.tmpdir(), `job-marketplace-template-${hash}.tar`);
    if (!fs.existsSync(file)) {
      const database: Database = await openDatabase({ dataDir: 'memory://' });
      const client = (database.db as unknown as { $client: Dumpable }).$client;
      const dump = await client.dumpDataDir('none');
      // Written aside and renamed, so a run stopped halfway never leaves half a template.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
      await database.close();
    }
    project.provide('databaseTemplate', { kind: 'pglite', file });
    return;
  }
  const name = `template_${hash}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!found) {
      const building = `${name}_${process.pid}`;
      await admin.unsafe(`drop database if exists ${building}`);
      await admin.unsafe(`create database ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      await database.close();
      try {
        await admin.unsafe(`alter database ${building} rename to ${name}`);
      } catch (err) {
        // Another run on this server made the same template meanwhile: use theirs.
        await admin.unsafe(`drop database if exists ${building}`);
        const [made] = await admin`select 1 from pg_database where datname = ${name}`;
        if (!made) throw err;
      }
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
  project.provide('databaseTemplate', { kind: 'postgres', name });
}
