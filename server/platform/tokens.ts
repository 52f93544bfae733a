import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../../src/contract/roles.ts';

/** Access tokens live 15 minutes at most (DESIGN §5). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A SuperAdmin's live 10 minutes: the most powerful role gets the shortest window (ASVS V3/V6). */
export const ADMIN_ACCESS_TOKEN_SECONDS = 10 * 60;

/** How long an access token of this role lives, never longer than the tokens' own limit. */
export const accessTokenSeconds = (role: Role, limit = ACCESS_TOKEN_SECONDS): number =>
  role === 'SuperAdmin' ? Math.min(limit, ADMIN_ACCESS_TOKEN_SECONDS) : limit;
const ISSUER = 'job-marketplace';
const AUDIENCE = 'job-marketplace-api';

export interface AccessClaims {
  userId: string;
  role: Role;
}

export interface AccessTokens {
  /** How long a token signed now for this role lives, in seconds. */
  ttlFor(role: Role): number;
  sign(claims: AccessClaims): Promise<string>;
  /** Null for anything not signed by us, expired, or of another algorithm. */
  verify(token: string): Promise<AccessClaims | null>;
}

/**
 * The secret imported once as an HMAC key: given raw bytes, jose imports them again on every
 * call, a third of the cost of checking a token (which every API request does).
 */
function hmacKey(secret: string): Promise<CryptoKey> {
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A secret that cannot be used fails where a token is signed or checked.
  key.catch(() => {});
  return key;
}

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_SECONDS): AccessTokens {
  const imported = hmacKey(secret);
  /**
   * Tokens this process verified, with their claims and expiry: a caller's next requests compare
   * the same string instead of checking its signature again (the busiest calls come from few
   * callers). Only a token that verified is kept, so a forged one is checked every time.
   */
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    ttlFor: (role) => accessTokenSeconds(role, ttlSeconds),
    async sign({ userId, role }) {
      return new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${accessTokenSeconds(role, ttlSeconds)}s`)
        .sign(await imported);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // As jose checks it: valid while the expiry is later than this second.
        if (known.exp > Math.floor(Date.now() / 1000)) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await imported, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.exp !== 'number') return null;
        const claims: AccessClaims = { userId: payload.sub, role: payload.role as Role };
        if (token.length <= MAX_KEPT_TOKEN_LENGTH) {
          verified.set(token, { claims, exp: payload.exp });
          if (verified.size > MAX_KEPT_TOKENS) verified.delete(verified.keys().next().value!);
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/** Tokens kept once verified, the oldest leaving first; longer strings than ours are never kept. */
const MAX_KEPT_TOKENS = 10_000;
const MAX_KEPT_TOKEN_LENGTH = 1024;

const MESSAGING_AUDIENCE = 'messaging';

/**
 * Session tokens of the realtime messaging connection: signed like access tokens but for their
 * own audience, so neither is accepted in place of the other.
 */
export function createMessagingSessionTokens(secret: string, ttlSeconds: number) {
  const imported = hmacKey(secret);
  return {
    ttlSeconds,
    async sign({ userId, role }: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + ttlSeconds * 1000);
      const token = await new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(MESSAGING_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await imported);
      return { token, expiresAt };
    },
    /** Null for anything not signed by us for messaging, or expired. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await imported, { algorithms: ['HS256'], issuer: ISSUER, audience: MESSAGING_AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
        return { userId: payload.sub, role: payload.role as Role };
      } catch {
        return null;
      }
    },
  };
}
