import { sql, type AnyColumn, type Column, type SQL } from 'drizzle-orm';

/**
 * The column is one of these ids: one array parameter (`= any($1::uuid[])`) rather than
 * `in ($1, …, $n)`, so the statement's text is the same whatever the number of ids and PostgreSQL
 * prepares it once per connection (a new text costs a round trip to describe it first). No ids
 * match nothing.
 */
export const uuidIn = (column: Column, ids: readonly string[]): SQL => sql`${column} = any(${sql.param(ids)}::uuid[])`;

/**
 * An integer array as one parameter (`$1::int[]`): integers, so the text form is exact, and one
 * statement text whatever the number of values. No values is the empty array.
 */
export const intArray = (values: Iterable<number>): SQL => sql`${`{${[...values].map((v) => Math.trunc(v)).join(',')}}`}::int[]`;

/** The rows of a raw query: PGlite answers `{ rows }`, postgres.js the rows themselves. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The column contains the text, ignoring case. */
export function containsText(column: AnyColumn | SQL, text: string): SQL {
  return sql`${column} ILIKE ${containsPattern(text)} ESCAPE '\\'`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether text can be compared with a uuid column: other text would make PostgreSQL refuse the query. */
export const isUuid = (text: string): boolean => UUID.test(text);
