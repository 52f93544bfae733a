import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { companies, users } from '../db/schema.ts';
import { isUuid } from '../db/sql.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { CompanyRow, UserRow } from '../account/index.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { CompanyMessages } from '../../src/contract/company.ts';

export interface CompanyMember {
  user: UserRow;
  company: CompanyRow;
  /** The company's employer: may change its details and images. */
  isEmployer: boolean;
}

/**
 * The caller's company, read fresh from the database on every call, with the caller's account in
 * one statement: the company is the one the caller's own row names, never one the request names,
 * so no one reaches another company's records. A disabled account, a switched-off recruiter, or
 * staff of a company an administrator deactivated or blacklisted is signed out (401); an account
 * with no company (or of another role since the token was signed) is refused.
 */
export async function companyMemberOf(ctx: AppContext, caller: AccessClaims): Promise<CompanyMember> {
  if (!isUuid(caller.userId)) throw unauthorized();
  const [row] = await ctx.db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, caller.userId))
    .limit(1);
  const user = row?.user;
  if (!user || user.disabled) throw unauthorized();
  if (user.role === 'Recruiter' && user.deactivatedAt) throw unauthorized();
  if ((user.role !== 'Employer' && user.role !== 'Recruiter') || user.role !== caller.role) throw forbidden();
  const company = row.company;
  if (!user.companyId || !company) throw forbidden(CompanyMessages.noCompany);
  if (!company.active || company.blacklisted) throw unauthorized();
  return { user, company, isEmployer: user.role === 'Employer' };
}

/** The caller's company, for a change only its employer may make (a recruiter: 403). */
export async function companyEmployerOf(ctx: AppContext, caller: AccessClaims): Promise<CompanyMember> {
  const member = await companyMemberOf(ctx, caller);
  if (!member.isEmployer) throw forbidden();
  return member;
}
