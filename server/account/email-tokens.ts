import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailTokens } from '../db/schema.ts';
import { sha256 } from './sessions.ts';

export type EmailTokenPurpose = 'verify-email' | 'reset-password' | 'change-email';

/** How long an emailed link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 48 * 3600_000,
  'reset-password': 3600_000,
  'change-email': 48 * 3600_000,
};

/** Creates a single-use link token; only its hash is stored. */
export async function createEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (purpose !== 'verify-email') {
    // Only the newest reset or change link works: an older one lying in the inbox is void.
    await voidEmailTokens(db, userId, purpose, now);
  }
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Uses a link token once. Returns the user id it was issued to, or null when the token is
 * unknown, of another purpose, expired or already used.
 */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  // Conditional update: of two simultaneous uses only one wins.
  const claimed = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ userId: emailTokens.userId });
  return claimed[0]?.userId ?? null;
}

/** Looks a token up without using it (to check it belongs to the email it came with). */
export async function peekEmailToken(db: Db, token: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

export async function voidEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
