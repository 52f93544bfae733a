import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { AccountMessages } from '../../src/contract/account.ts';
import { enforceLimits } from './limits.ts';
import { confirmEmailChange } from './email-change.ts';
import { consumeEmailToken, createEmailToken, peekEmailToken, voidEmailTokens } from './email-tokens.ts';
import { resetPasswordMail } from './mails.ts';
import { revokeAllSessions } from './sessions.ts';
import { findUserByEmail, findUserById, normalizeEmail } from './users.ts';

/** Confirms the email with the link from the verification mail; each link works once. */
export async function verifyEmail(ctx: AppContext, input: { email: string; token: string }): Promise<string> {
  // The same page confirms a change of email; its links carry the new address.
  const changed = await confirmEmailChange(ctx, input.token, input.email);
  if (changed) return changed;
  const now = ctx.adapters.now();
  const user = await userOfLink(ctx, input.token, input.email, 'verify-email');
  if (!user) throw badRequest(AccountMessages.emailLinkInvalid);
  if (!(await consumeEmailToken(ctx.db, input.token, 'verify-email', now))) {
    // Opening the same link again once the email is verified is not an error to the user.
    if (user.emailVerifiedAt) return AccountMessages.emailVerified;
    throw badRequest(AccountMessages.emailLinkInvalid);
  }
  if (!user.emailVerifiedAt) await ctx.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
  return AccountMessages.emailVerified;
}

/** Mails a reset link when the email has an account; the answer is the same either way. */
export async function forgotPassword(ctx: AppContext, input: { email: string; ip: string }): Promise<string> {
  const email = normalizeEmail(input.email);
  await enforceLimits(ctx, [
    ['forgotPerEmail', email],
    ['forgotPerIp', input.ip],
  ]);
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.disabled) {
    const token = await createEmailToken(ctx.db, user.id, 'reset-password', ctx.adapters.now());
    await ctx.mailer.enqueue(resetPasswordMail(ctx, user, token));
  }
  return AccountMessages.resetSent;
}

/** Sets a new password with the emailed link (single use, 1 hour) and signs out every session. */
export async function resetPassword(ctx: AppContext, input: { email: string; token: string; newPassword: string }): Promise<string> {
  const now = ctx.adapters.now();
  const user = await userOfLink(ctx, input.token, input.email, 'reset-password');
  if (!user || user.disabled) throw badRequest(AccountMessages.resetLinkInvalid);
  const passwordHash = await hashPassword(input.newPassword);
  if (!(await consumeEmailToken(ctx.db, input.token, 'reset-password', now))) throw badRequest(AccountMessages.resetLinkInvalid);

  await ctx.db
    .update(users)
    // The link reached the inbox, which proves the email as well as a verification link would.
    .set({ passwordHash, passwordChangedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now })
    .where(eq(users.id, user.id));
  await voidEmailTokens(ctx.db, user.id, 'reset-password', now);
  await revokeAllSessions(ctx.db, user.id, now);
  return AccountMessages.passwordReset;
}

/** Changes the signed-in user's password after checking the old one; signs out every session. */
export async function changePassword(
  ctx: AppContext,
  userId: string,
  input: { oldPassword: string; newPassword: string },
): Promise<string> {
  await enforceLimits(ctx, [['changePasswordPerUser', userId]]);
  const user = await findUserById(ctx.db, userId);
  if (!user || user.disabled) throw unauthorized();
  if (!user.passwordHash || !(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw badRequest(AccountMessages.oldPasswordWrong, { fieldErrors: { oldPassword: AccountMessages.oldPasswordWrong } });
  }
  const now = ctx.adapters.now();
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id));
  await revokeAllSessions(ctx.db, user.id, now);
  return AccountMessages.passwordChanged;
}

/** The user a link was issued to, provided it came with that user's email. */
async function userOfLink(ctx: AppContext, token: string, email: string, purpose: 'verify-email' | 'reset-password') {
  const row = await peekEmailToken(ctx.db, token, purpose);
  if (!row) return null;
  const user = await findUserById(ctx.db, row.userId);
  return user && user.email === normalizeEmail(email) ? user : null;
}
