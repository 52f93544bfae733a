import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../../src/contract/roles.ts';

/** Access tokens live 15 minutes at most (DESIGN §5). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'job-marketplace';
const AUDIENCE = 'job-marketplace-api';

export interface AccessClaims {
  userId: string;
  role: Role;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** Null for anything not signed by us, expired, or of another algorithm. */
  verify(token: string): Promise<AccessClaims | null>;
}

/**
 * The secret imported once as an HMAC key: given raw bytes, jose imports them again on every
 * call, a third of the cost of checking a token (which every API request does).
 */
function hmacKey(secret: string): Promise<CryptoKey> {
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // A secret that cannot be used fails where a token is signed or checked.
  key.catch(() => {});
  return key;
}

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_SECONDS): AccessTokens {
  const imported = hmacKey(secret);
  return {
    async sign({ userId, role }) {
      return new SignJWT({ role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await imported);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await imported, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
        return { userId: payload.sub, role: payload.role as Role };
      } catch {
        return null;
      }
    },
  };
}

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
