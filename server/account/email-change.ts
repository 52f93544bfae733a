import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { AccountMessages } from '../../src/contract/account.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { consumeEmailToken, createEmailToken, peekEmailToken } from './email-tokens.ts';
import { changeEmailMail, emailChangedMail } from './mails.ts';
import { findUserByEmail, findUserById, normalizeEmail, type UserRow } from './users.ts';

/**
 * Starts a change of email: the new address is kept as pending and gets a link; the current one
 * stays in force (sign-in, mail) until the link is opened.
 */
export async function requestEmailChange(ctx: AppContext, user: UserRow, newEmail: string): Promise<void> {
  const email = normalizeEmail(newEmail);
  const owner = await findUserByEmail(ctx.db, email);
  if (owner && owner.id !== user.id) throw conflict(ProfileMessages.emailTaken);
  await ctx.db.update(users).set({ pendingEmail: email }).where(eq(users.id, user.id));
  const token = await createEmailToken(ctx.db, user.id, 'change-email', ctx.adapters.now());
  await ctx.mailer.enqueue(changeEmailMail(ctx, { email, firstName: user.firstName }, token));
}

/** Drops a pending change (the user typed their current address again). */
export async function cancelEmailChange(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
}

/**
 * Completes a change of email with its link, when the link is one. Returns null for any other
 * link, so the caller can try it as a verification link.
 */
export async function confirmEmailChange(ctx: AppContext, token: string, email: string): Promise<string | null> {
  const row = await peekEmailToken(ctx.db, token, 'change-email');
  if (!row) return null;
  const user = await findUserById(ctx.db, row.userId);
  const newEmail = normalizeEmail(email);
  if (!user || user.disabled || user.pendingEmail !== newEmail) {
    // Already done with this very link: opening it again is not an error to the user.
    if (user && user.email === newEmail && row.usedAt) return AccountMessages.emailVerified;
    throw badRequest(AccountMessages.emailLinkInvalid);
  }
  const now = ctx.adapters.now();
  if (!(await consumeEmailToken(ctx.db, token, 'change-email', now))) throw badRequest(AccountMessages.emailLinkInvalid);
  const taken = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, newEmail), ne(users.id, user.id)))
    .limit(1);
  if (taken.length) throw conflict(ProfileMessages.emailTaken);
  await ctx.db.update(users).set({ email: newEmail, pendingEmail: null, emailVerifiedAt: now }).where(eq(users.id, user.id));
  await ctx.mailer.enqueue(emailChangedMail(ctx, { email: user.email, firstName: user.firstName }, newEmail));
  return AccountMessages.emailVerified;
}
