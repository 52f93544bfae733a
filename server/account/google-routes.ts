import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { createGoogleOidc, type GoogleOidc } from '../platform/google-oidc.ts';
import { AccountMessages, googleCallback, googleCompleteRegistration, googleLogin } from '../../src/contract/account.ts';
import { rateLimit } from './business-routes.ts';
import { completeGoogleRegistration, finishGoogleSignIn, startGoogleSignIn } from './google-signin.ts';

const WINDOW_SECONDS = 15 * 60;
const PER_IP = 60;

/** Google sign-in (OpenID Connect); off until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
export function googleSignInRoutes(api: FastifyInstance, ctx: AppContext) {
  const oidc: GoogleOidc | null = ctx.config.google ? createGoogleOidc(ctx.config.google) : null;
  const configured = (): GoogleOidc => {
    if (!oidc) throw new HttpError(404, AccountMessages.googleNotConfigured, { code: 'auth.googleUnavailable' });
    return oidc;
  };

  route(api, googleLogin, async ({ req }) => {
    const provider = configured();
    await rateLimit(ctx, [[`google:start:ip:${req.ip}`, PER_IP]], WINDOW_SECONDS);
    return startGoogleSignIn(ctx, provider);
  });

  route(api, googleCallback, async ({ body, req }) => {
    const provider = configured();
    await rateLimit(ctx, [[`google:callback:ip:${req.ip}`, PER_IP]], WINDOW_SECONDS);
    return finishGoogleSignIn(ctx, provider, body);
  });

  route(api, googleCompleteRegistration, async ({ body, req }) => {
    await rateLimit(ctx, [[`google:complete:ip:${req.ip}`, PER_IP]], WINDOW_SECONDS);
    return completeGoogleRegistration(ctx, body);
  });
}
