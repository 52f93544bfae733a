import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';

export interface LookupTable extends PgTable {
  id: PgColumn;
  name: PgColumn;
}

/** The name of a lookup entry; a clear 400 on the field when the id is not in the list. */
export async function lookupName(ctx: AppContext, table: LookupTable, id: number, field: string, message: string): Promise<string> {
  const [row] = await ctx.db.select({ name: table.name }).from(table).where(eq(table.id, id)).limit(1);
  if (!row) throw badRequest(message, { fieldErrors: { [field]: message } });
  return row.name as string;
}

/** Checks that every id is in the list; a clear 400 on the field otherwise. */
export async function assertLookupIds(ctx: AppContext, table: LookupTable, ids: number[], field: string, message: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const rows = await ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  if (rows.length !== unique.length) throw badRequest(message, { fieldErrors: { [field]: message } });
}
