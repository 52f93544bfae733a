/** Writes the seed-lookups migration from the data files: npm run db:seed-lookups */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lookupSeedSql } from './seed-sql.ts';

export const SEED_MIGRATION = fileURLToPath(new URL('../../db/migrations/0002_seed-lookups.sql', import.meta.url));

const sql = lookupSeedSql();
fs.writeFileSync(SEED_MIGRATION, sql);
console.log(`${SEED_MIGRATION}: ${(sql.length / 1024).toFixed(0)} kB`);
