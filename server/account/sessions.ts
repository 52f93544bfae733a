import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { companies, refreshTokens, users } from '../db/schema.ts';
import { ACCESS_TOKEN_SECONDS } from '../platform/tokens.ts';
import type { SessionData, SessionUser } from '../../src/contract/account.ts';
import { isUuid } from '../db/sql.ts';

/** Without Remember Me the session lasts a working day at most; the browser drops it sooner. */
export const SESSION_REFRESH_HOURS = 12;
/** Remember Me keeps the sign-in for up to 30 days. */
export const REMEMBER_REFRESH_DAYS = 30;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const newRefreshToken = () => randomBytes(32).toString('base64url');

function refreshExpiry(now: Date, remember: boolean): Date {
  const ms = remember ? REMEMBER_REFRESH_DAYS * 24 * 3600_000 : SESSION_REFRESH_HOURS * 3600_000;
  return new Date(now.getTime() + ms);
}

async function sessionFor(ctx: AppContext, user: SessionUser, remember: boolean, refreshToken: string): Promise<SessionData> {
  const accessToken = await ctx.tokens.sign({ userId: user.id, role: user.role });
  return {
    accessToken,
    refreshToken,
    expiresIn: ACCESS_TOKEN_SECONDS,
    remember,
    users: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role },
  };
}

/** Signs a user in: a short-lived access token and the first refresh token of a new family. */
export async function issueSession(ctx: AppContext, user: SessionUser, remember: boolean): Promise<SessionData> {
  const token = newRefreshToken();
  await ctx.db.insert(refreshTokens).values({
    userId: user.id,
    familyId: randomUUID(),
    tokenHash: sha256(token),
    remember,
    expiresAt: refreshExpiry(ctx.adapters.now(), remember),
  });
  return sessionFor(ctx, user, remember, token);
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string; remember: boolean; issue: (user: SessionUser) => Promise<SessionData> }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'replayed' };

/**
 * Uses a refresh token once. A token seen a second time means it was copied: the whole
 * family (every token of that sign-in) is revoked, the thief's copy and the user's alike.
 */
export async function rotateRefreshToken(ctx: AppContext, token: string): Promise<RotateResult> {
  const now = ctx.adapters.now();
  const [row] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.usedAt) {
    await revokeFamily(ctx.db, row.familyId, now);
    return { ok: false, reason: 'replayed' };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };

  // Mark used only if nobody else did in the meantime: two concurrent uses are a replay.
  const claimed = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(ctx.db, row.familyId, now);
    return { ok: false, reason: 'replayed' };
  }

  return {
    ok: true,
    userId: row.userId,
    familyId: row.familyId,
    remember: row.remember,
    issue: async (user) => {
      const next = newRefreshToken();
      // The family keeps its original end: rotating never extends a sign-in beyond its limit.
      await ctx.db.insert(refreshTokens).values({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: sha256(next),
        remember: row.remember,
        expiresAt: row.expiresAt,
      });
      return sessionFor(ctx, user, row.remember, next);
    },
  };
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes the family the given refresh token belongs to; unknown tokens are ignored. */
export async function revokeFamilyOfToken(ctx: AppContext, token: string): Promise<void> {
  const [row] = await ctx.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (row) await revokeFamily(ctx.db, row.familyId, ctx.adapters.now());
}

/** Signs the user out everywhere (password change and reset). */
export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Whether the holder of a valid access token may still act: false once the account is deleted
 * (disabled) or its recruiter was deactivated, or the company of a member of its staff was
 * deactivated or blacklisted, so an access token already issued stops working on its next request
 * instead of at its expiry. One lookup by primary key per request (the company joined by its own),
 * no cache, so every instance sees a change at once. A user id that matches no row is left to the
 * handlers.
 */
export async function mayStillAct(db: Db, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const [row] = await db
    .select({
      disabled: users.disabled,
      deactivatedAt: users.deactivatedAt,
      role: users.role,
      companyActive: companies.active,
      companyBlacklisted: companies.blacklisted,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return true;
  if (row.disabled || row.deactivatedAt !== null) return false;
  return !isStaff(row.role) || companyInGoodStanding(row);
}

const isStaff = (role: string) => role === 'Employer' || role === 'Recruiter';

/** A company whose staff may act: neither deactivated nor blacklisted by an administrator (none: left to the handlers). */
export const companyInGoodStanding = (c: { companyActive: boolean | null; companyBlacklisted: boolean | null }) =>
  c.companyActive !== false && c.companyBlacklisted !== true;
