import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Google sign-in: the OpenID Connect code flow with state, PKCE (S256) and a nonce. */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** Who Google says signed in, from a verified id_token. */
export interface GoogleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** The provider refused the code: used before, expired, or not issued to us. */
export class OidcCodeRejectedError extends Error {}
/** The id_token did not pass verification (signature, issuer, audience, nonce, expiry). */
export class OidcTokenInvalidError extends Error {}
/** The provider could not be reached or answered something we cannot use. */
export class OidcUnavailableError extends Error {}

interface Provider {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: JWTVerifyGetKey;
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const HTTP_TIMEOUT_MS = 10_000;
const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256'];

const discoveryCache = new Map<string, { expiresAt: number; provider: Promise<Provider> }>();

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const randomToken = () => randomBytes(32).toString('base64url');

/** Fresh secrets for one sign-in attempt. */
export function newAuthorizationSecrets() {
  return { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken() };
}

export const pkceChallenge = (codeVerifier: string) => createHash('sha256').update(codeVerifier).digest('base64url');

function httpsOrLoopback(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new OidcUnavailableError(`discovery has no ${what}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OidcUnavailableError(`discovery ${what} is not an address`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  // Endpoints from discovery receive our client secret: only over TLS, except on this machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new OidcUnavailableError(`discovery ${what} is not https`);
  }
  return url.toString();
}

async function loadProvider(issuer: string): Promise<Provider> {
  let res: Response;
  try {
    res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (err) {
    throw new OidcUnavailableError(`discovery failed: ${(err as Error).message}`);
  }
  if (!res.ok) throw new OidcUnavailableError(`discovery answered ${res.status}`);
  const doc = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!doc) throw new OidcUnavailableError('discovery is not JSON');
  // OpenID Connect Discovery §4.3: the document must name the issuer we asked.
  if (typeof doc.issuer !== 'string' || trimSlash(doc.issuer) !== issuer) {
    throw new OidcUnavailableError('discovery names another issuer');
  }
  return {
    issuer: doc.issuer,
    authorizationEndpoint: httpsOrLoopback(doc.authorization_endpoint, 'authorization_endpoint'),
    tokenEndpoint: httpsOrLoopback(doc.token_endpoint, 'token_endpoint'),
    jwks: createRemoteJWKSet(new URL(httpsOrLoopback(doc.jwks_uri, 'jwks_uri')), {
      timeoutDuration: HTTP_TIMEOUT_MS,
    }),
  };
}

/** Discovery is cached for an hour per issuer; a failed one is forgotten so the next call retries. */
function provider(issuerUrl: string): Promise<Provider> {
  const issuer = trimSlash(issuerUrl);
  const now = Date.now();
  const cached = discoveryCache.get(issuer);
  if (cached && cached.expiresAt > now) return cached.provider;
  const loading = loadProvider(issuer);
  discoveryCache.set(issuer, { expiresAt: now + DISCOVERY_TTL_MS, provider: loading });
  loading.catch(() => {
    if (discoveryCache.get(issuer)?.provider === loading) discoveryCache.delete(issuer);
  });
  return loading;
}

function splitName(claims: Record<string, unknown>, email: string | null): { firstName: string; lastName: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = text(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  if (!firstName && email) firstName = email.split('@')[0] ?? '';
  return { firstName, lastName };
}

export interface GoogleOidc {
  /** The address to send the browser to. */
  authorizationUrl(input: { state: string; nonce: string; codeVerifier: string; redirectUri: string }): Promise<string>;
  /** Exchanges the code at the token endpoint and verifies the id_token it returns. */
  exchangeCode(input: { code: string; codeVerifier: string; nonce: string; redirectUri: string }): Promise<GoogleIdentity>;
}

export function createGoogleOidc(config: GoogleConfig): GoogleOidc {
  // Google's id_tokens may name the issuer without the scheme.
  const acceptedIssuers = (issuer: string) => (issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer]);

  return {
    async authorizationUrl({ state, nonce, codeVerifier, redirectUri }) {
      const p = await provider(config.issuer);
      const url = new URL(p.authorizationEndpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', 'openid email profile');
      url.searchParams.set('state', state);
      url.searchParams.set('nonce', nonce);
      url.searchParams.set('code_challenge', pkceChallenge(codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      url.searchParams.set('prompt', 'select_account');
      return url.toString();
    },

    async exchangeCode({ code, codeVerifier, nonce, redirectUri }) {
      const p = await provider(config.issuer);
      let res: Response;
      try {
        res = await fetch(p.tokenEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: config.clientId,
            client_secret: config.clientSecret,
            code_verifier: codeVerifier,
          }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
      } catch (err) {
        throw new OidcUnavailableError(`token endpoint failed: ${(err as Error).message}`);
      }
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (!res.ok) {
        // RFC 6749 §5.2: a refused grant is a 400 (or 401 for client errors) with an error code.
        if ((res.status === 400 || res.status === 401) && body && typeof body.error === 'string') {
          throw new OidcCodeRejectedError(body.error);
        }
        throw new OidcUnavailableError(`token endpoint answered ${res.status}`);
      }
      const idToken = body?.id_token;
      if (typeof idToken !== 'string') throw new OidcTokenInvalidError('no id_token');

      let claims: Record<string, unknown>;
      try {
        const verified = await jwtVerify(idToken, p.jwks, {
          issuer: acceptedIssuers(p.issuer),
          audience: config.clientId,
          algorithms: ID_TOKEN_ALGORITHMS,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        claims = verified.payload as Record<string, unknown>;
      } catch (err) {
        throw new OidcTokenInvalidError((err as Error).message);
      }
      // The nonce ties the token to the attempt this browser started.
      if (claims.nonce !== nonce) throw new OidcTokenInvalidError('nonce mismatch');
      if (typeof claims.sub !== 'string' || !claims.sub) throw new OidcTokenInvalidError('no subject');

      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
      const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
      return { subject: claims.sub, email, emailVerified, ...splitName(claims, email) };
    },
  };
}
