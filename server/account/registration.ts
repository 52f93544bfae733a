import type { AppContext } from '../context.ts';
import { badRequest, conflict, forbidden } from '../http/errors.ts';
import { hashPassword } from '../platform/passwords.ts';
import { AccountMessages, tinSchema, type BusinessVerificationRequest } from '../../src/contract/account.ts';
import type { BodyOf } from '../../src/contract/endpoint.ts';
import type { register } from '../../src/contract/account.ts';
import { isAgeWithin } from '../../src/lib/dates.ts';
import { enforceLimits } from './limits.ts';
import { createEmailToken } from './email-tokens.ts';
import { verificationMail } from './mails.ts';
import { EmailTakenError, createCompany, createUser, findUserByEmail, isTinBlacklisted, normalizeEmail } from './users.ts';

export type RegisterResult = { kind: 'jobSeeker' } | { kind: 'employer'; request: BusinessVerificationRequest };

/**
 * Creates a job seeker or an employer with an unverified company, then mails the email
 * verification link. Only these two roles can register (spec 1 §6).
 */
export async function registerAccount(ctx: AppContext, body: BodyOf<typeof register>, ip: string): Promise<RegisterResult> {
  await enforceLimits(ctx, [['registerPerIp', ip]]);
  const email = normalizeEmail(body.email);
  const now = ctx.adapters.now();

  // The schema checked the age against the wall clock; the server's clock has the last word.
  if (body.role === 0 && !isAgeWithin(body.dateOfBirth ?? '', now)) {
    throw badRequest(AccountMessages.age, { fieldErrors: { dateOfBirth: AccountMessages.age } });
  }
  if (await findUserByEmail(ctx.db, email)) throw conflict(AccountMessages.emailTaken);

  const passwordHash = await hashPassword(body.password);
  const businessName = body.companyName?.trim() ?? '';
  const businessTin = body.role === 1 ? tinSchema.parse(body.companyTin ?? '') : '';
  // A blacklisted business does not come back under a new account (business verification refuses it too).
  if (body.role === 1 && (await isTinBlacklisted(ctx.db, businessTin))) throw forbidden(AccountMessages.businessBlacklisted);

  let user;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const company = body.role === 1 ? await createCompany(tx, { name: businessName, tin: businessTin }) : null;
      return createUser(tx, {
        email,
        passwordHash,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        role: body.role === 1 ? 'Employer' : 'JobSeeker',
        dateOfBirth: body.role === 0 ? (body.dateOfBirth ?? null) : null,
        companyId: company?.id ?? null,
        termsAcceptedAt: now,
      });
    });
  } catch (err) {
    // Two registrations of one email at the same moment: the unique index decides.
    if (err instanceof EmailTakenError) throw conflict(AccountMessages.emailTaken);
    throw err;
  }

  const token = await createEmailToken(ctx.db, user.id, 'verify-email', now);
  await ctx.mailer.enqueue(verificationMail(ctx, user, token));

  return body.role === 1 ? { kind: 'employer', request: { email, businessName, businessTin } } : { kind: 'jobSeeker' };
}
