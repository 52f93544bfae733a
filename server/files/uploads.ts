import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { tooManyRequests, unauthorized } from '../http/errors.ts';
import { FileMessages } from '../../src/contract/files.ts';

/** Every upload is parsed (pdf.js, zip, sharp); this bounds what one account can make the server do. */
export const UPLOAD_LIMIT = { perUser: 60, windowSeconds: 10 * 60 } as const;

export async function limitUploads(ctx: AppContext, userId: string): Promise<void> {
  const gate = await ctx.adapters.rateLimiter.hit(`files:upload:${userId}`, UPLOAD_LIMIT.perUser, UPLOAD_LIMIT.windowSeconds);
  if (!gate.allowed) throw tooManyRequests(FileMessages.tooManyUploads);
}

type Tx = Pick<AppContext['db'], 'select'>;

/**
 * Locks the user's row for the rest of the transaction, so one user's uploads of a kind are
 * counted and stored one at a time; a disabled or deleted user is signed out.
 */
export async function lockActiveUser(tx: Tx, userId: string): Promise<void> {
  const [user] = await tx.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.disabled) throw unauthorized();
}
