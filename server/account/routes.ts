import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route, reply } from '../http/route.ts';
import { HttpError, tooManyRequests, unauthorized } from '../http/errors.ts';
import * as ep from '../../src/contract/account.ts';
import { AccountMessages } from '../../src/contract/account.ts';
import { enforceLimits } from './limits.ts';
import { assertMaySignIn, login } from './login.ts';
import { issueCode } from './otp.ts';
import { otpMail } from './mails.ts';
import { registerAccount } from './registration.ts';
import { changePassword, forgotPassword, resetPassword, verifyEmail } from './recovery.ts';
import { accountUser } from './profile.ts';
import { revokeFamily, revokeFamilyOfToken, rotateRefreshToken } from './sessions.ts';
import { findUserByEmail, findUserById, normalizeEmail } from './users.ts';
import { dummyPasswordHash } from '../platform/passwords.ts';

/** A message-only answer carries the text both as data and as the envelope's message. */
const said = (message: string) => reply(message, { message });

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  // Mails are delivered in the background; let them finish before the database closes.
  app.addHook('onClose', async () => ctx.mailer.drain());
  // Computed now, so the first sign-in with an unknown email does not take twice as long as the others.
  dummyPasswordHash().catch((err) => ctx.log.error({ err }, 'could not prepare the dummy password hash'));

  route(app, ep.login, async ({ body, req }) =>
    login(ctx, {
      email: body.email,
      password: body.password,
      isOtp: body.isOtp,
      rememberMe: body.rememberMe,
      code: body.code,
      ip: req.ip,
    }),
  );

  route(app, ep.requestOtp, async ({ body, req }) => {
    const email = normalizeEmail(body.email);
    await enforceLimits(ctx, [
      ['otpSendPerEmail', email],
      ['otpSendPerIp', req.ip],
    ]);
    const issued = await issueCode(ctx, email);
    if (!issued.ok) throw tooManyRequests(AccountMessages.otpResendWait);
    const user = await findUserByEmail(ctx.db, email);
    if (user && !user.disabled) await ctx.mailer.enqueue(otpMail(ctx, user, issued.code));
    return said(AccountMessages.otpSent);
  });

  route(app, ep.refreshToken, async ({ body, req }) => {
    await enforceLimits(ctx, [['refreshPerIp', req.ip]]);
    const rotated = await rotateRefreshToken(ctx, body.refreshToken);
    if (!rotated.ok) throw unauthorized();
    const user = await findUserById(ctx.db, rotated.userId);
    try {
      if (!user) throw unauthorized();
      await assertMaySignIn(ctx, user);
    } catch (err) {
      // A user who may no longer sign in loses the sign-in they had.
      await revokeFamily(ctx.db, rotated.familyId, ctx.adapters.now());
      if (err instanceof HttpError) throw unauthorized();
      throw err;
    }
    return rotated.issue(user);
  });

  route(app, ep.logout, async ({ body }) => {
    if (body.refreshToken) await revokeFamilyOfToken(ctx, body.refreshToken);
    return null;
  });

  route(app, ep.register, async ({ body, req }) => {
    const result = await registerAccount(ctx, body, req.ip);
    return reply(null, {
      status: 201,
      message: AccountMessages.registered,
      ...(result.kind === 'employer' ? { request: result.request } : {}),
    });
  });

  route(app, ep.verifyEmail, async ({ body }) => said(await verifyEmail(ctx, body)));

  route(app, ep.forgotPassword, async ({ body, req }) => said(await forgotPassword(ctx, { email: body.email, ip: req.ip })));

  route(app, ep.resetPassword, async ({ body }) => said(await resetPassword(ctx, body)));

  route(app, ep.changePassword, async ({ body, caller }) => said(await changePassword(ctx, caller.userId, body)));

  route(app, ep.currentUser, async ({ caller }) => accountUser(ctx, caller.userId));
}
