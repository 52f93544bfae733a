import { Placeholder, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The column is one of these ids: one array parameter (`= any($1::uuid[])`) rather than
 * `in ($1, …, $n)`, so the statement's text is the same whatever the number of ids and PostgreSQL
 * prepares it once per connection (a new text costs a round trip to describe it first). No ids
 * match nothing. A placeholder stands for the ids of a prepared query.
 */
export const uuidIn = (column: Column, ids: readonly string[] | Placeholder): SQL =>
  sql`${column} = any(${ids instanceof Placeholder ? ids : sql.param(ids)}::uuid[])`;
