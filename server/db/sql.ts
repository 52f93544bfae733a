import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The column is one of these ids: one array parameter (`= any($1::uuid[])`) rather than
 * `in ($1, …, $n)`, so the statement's text is the same whatever the number of ids and PostgreSQL
 * prepares it once per connection (a new text costs a round trip to describe it first). No ids
 * match nothing.
 */
export const uuidIn = (column: Column, ids: readonly string[]): SQL => sql`${column} = any(${sql.param(ids)}::uuid[])`;
