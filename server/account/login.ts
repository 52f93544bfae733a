import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../platform/passwords.ts';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';
import { enforceLimits, underLimit } from './limits.ts';
import { checkCode } from './otp.ts';
import { issueSession } from './sessions.ts';
import { findCompanyById, findUserByEmail, normalizeEmail, type UserRow } from './users.ts';
import { createEmailToken } from './email-tokens.ts';
import { verificationMail } from './mails.ts';

export interface LoginInput {
  email: string;
  password: string;
  isOtp: boolean;
  rememberMe: boolean;
  ip: string;
}

/** Sign-in with a password or an emailed code (spec 1 §4, DESIGN §5). */
export async function login(ctx: AppContext, input: LoginInput): Promise<SessionData> {
  const email = normalizeEmail(input.email);
  if (input.isOtp) return loginWithCode(ctx, email, input);

  await enforceLimits(ctx, [
    ['loginPerEmailIp', `${email}|${input.ip}`],
    ['loginPerIp', input.ip],
  ]);
  const user = await findUserByEmail(ctx.db, email);
  // Unknown emails and users without a password cost one scrypt too: the answer's timing says nothing.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !user.passwordHash || !valid) throw badRequest(AccountMessages.invalidCredentials, { code: 'auth.invalidCredentials' });

  await assertMaySignIn(ctx, user);
  if (!user.emailVerifiedAt) {
    await sendVerificationMail(ctx, user);
    throw forbidden(AccountMessages.emailNotVerified, { code: 'auth.unverified' });
  }
  return issueSession(ctx, user, input.rememberMe);
}

async function loginWithCode(ctx: AppContext, email: string, input: LoginInput): Promise<SessionData> {
  await enforceLimits(ctx, [
    ['otpCheckPerEmail', email],
    ['otpCheckPerIp', input.ip],
  ]);
  const valid = await checkCode(ctx, email, input.password);
  const user = valid ? await findUserByEmail(ctx.db, email) : null;
  if (!user) throw badRequest(AccountMessages.invalidCode, { code: 'auth.invalidCode' });

  // The code reached the inbox, so the inbox is the user's.
  if (!user.emailVerifiedAt) {
    const now = ctx.adapters.now();
    await ctx.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
    user.emailVerifiedAt = now;
  }
  await assertMaySignIn(ctx, user);
  return issueSession(ctx, user, input.rememberMe);
}

/** Rules every sign-in obeys once the user has proven who they are. */
export async function assertMaySignIn(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.disabled) throw forbidden(AccountMessages.accountDisabled, { code: 'auth.disabled' });
  if (user.deactivatedAt) throw forbidden(AccountMessages.accountDeactivated, { code: 'auth.deactivated' });
  if (user.role === 'Employer' || user.role === 'Recruiter') {
    const company = user.companyId ? await findCompanyById(ctx.db, user.companyId) : null;
    // An administrator's decision first: verifying the business would not let them in.
    if (company?.blacklisted) throw forbidden(AccountMessages.companyBlacklisted, { code: 'auth.companyBlacklisted' });
    if (company && !company.active) throw forbidden(AccountMessages.companyDeactivated, { code: 'auth.companyDeactivated' });
    if (!company?.verifiedAt) {
      // The request lets the client prefill business verification (spec 1 §4).
      throw forbidden(AccountMessages.notVerified, {
        code: 'auth.businessUnverified',
        request: company ? { email: user.email, businessName: company.name, businessTin: company.tin } : undefined,
      });
    }
  }
}

/** A fresh verification link, at most a few per quarter hour so sign-in attempts cannot flood the inbox. */
export async function sendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  if (!(await underLimit(ctx, 'verificationMailPerEmail', user.email))) return;
  const token = await createEmailToken(ctx.db, user.id, 'verify-email', ctx.adapters.now());
  await ctx.mailer.enqueue(verificationMail(ctx, user, token));
}
