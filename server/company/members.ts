import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { companies } from '../db/schema.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { activeUser, type CompanyRow, type UserRow } from '../account/index.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { CompanyMessages } from '../../src/contract/company.ts';

export interface CompanyMember {
  user: UserRow;
  company: CompanyRow;
  /** The company's employer: may change its details and images. */
  isEmployer: boolean;
}

/**
 * The caller's company, read fresh from the database on every call: the company is the one the
 * caller's own row names, never one the request names, so no one reaches another company's
 * records. A disabled account or a switched-off recruiter is signed out; an account with no
 * company (or of another role since the token was signed) is refused.
 */
export async function companyMemberOf(ctx: AppContext, caller: AccessClaims): Promise<CompanyMember> {
  const user = await activeUser(ctx, caller.userId);
  if (user.role === 'Recruiter' && user.deactivatedAt) throw unauthorized();
  if ((user.role !== 'Employer' && user.role !== 'Recruiter') || user.role !== caller.role) throw forbidden();
  if (!user.companyId) throw forbidden(CompanyMessages.noCompany);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, user.companyId)).limit(1);
  if (!company) throw forbidden(CompanyMessages.noCompany);
  return { user, company, isEmployer: user.role === 'Employer' };
}

/** The caller's company, for a change only its employer may make (a recruiter: 403). */
export async function companyEmployerOf(ctx: AppContext, caller: AccessClaims): Promise<CompanyMember> {
  const member = await companyMemberOf(ctx, caller);
  if (!member.isEmployer) throw forbidden();
  return member;
}
