import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { oneTimeCodes } from '../db/schema.ts';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../src/contract/account.ts';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

/** Keyed hash: a leaked table does not let anyone try the million codes offline. */
function hashCode(ctx: AppContext, email: string, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`otp\n${email}\n${code}`).digest('hex');
}

export function newCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

export type IssueResult = { ok: true; code: string } | { ok: false; retryAfterSeconds: number };

/**
 * Stores a new code for the email, at most one per 60 s. Called for unknown emails too (the
 * code is then never sent), so the waiting rule cannot tell which emails have an account.
 */
export async function issueCode(ctx: AppContext, email: string, options: { replaceSpent?: boolean } = {}): Promise<IssueResult> {
  const now = ctx.adapters.now();
  const [latest] = await ctx.db
    .select({
      createdAt: oneTimeCodes.createdAt,
      consumedAt: oneTimeCodes.consumedAt,
      attempts: oneTimeCodes.attempts,
      expiresAt: oneTimeCodes.expiresAt,
    })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.email, email))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  // `replaceSpent`: a code already used (or dead) is no reason to wait; a new sign-in needs a new one.
  const spent =
    !!latest && (latest.consumedAt !== null || latest.attempts >= OTP_MAX_ATTEMPTS || latest.expiresAt.getTime() <= now.getTime());
  if (latest && !(options.replaceSpent && spent)) {
    const waitMs = latest.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) return { ok: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
  }
  const code = newCode();
  await ctx.db.insert(oneTimeCodes).values({
    email,
    codeHash: hashCode(ctx, email, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    createdAt: now,
  });
  // Old rows are of no use after they expire; keep the table small.
  await ctx.db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
  return { ok: true, code };
}

/**
 * Checks a code against the newest one sent to the email (older codes are void once a new
 * one is sent). A wrong guess counts against the code; after 5 it is dead, even for the right
 * code. A right code works once.
 */
export async function checkCode(ctx: AppContext, email: string, code: string): Promise<boolean> {
  const now = ctx.adapters.now();
  const [row] = await ctx.db
    .select()
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.email, email))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime() || row.attempts >= OTP_MAX_ATTEMPTS) return false;

  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(ctx, email, code), 'hex');
  const matches = expected.length === actual.length && timingSafeEqual(expected, actual);
  if (!matches) {
    await ctx.db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, row.id));
    return false;
  }
  // Conditional update: the code is used once, and not after its 5th wrong try landed meanwhile.
  const claimed = await ctx.db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ id: oneTimeCodes.id });
  return claimed.length === 1;
}
