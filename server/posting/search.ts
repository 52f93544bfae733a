import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The column contains the text, ignoring case. */
export function containsText(column: AnyColumn | SQL, text: string): SQL {
  return sql`${column} ILIKE ${containsPattern(text)} ESCAPE '\\'`;
}
