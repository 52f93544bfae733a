import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import type { AccountUser } from '../../src/contract/account.ts';
import { findCompanyById, findUserById, type UserRow } from './users.ts';

/** The signed-in user, fresh from the database; a disabled or deleted user is signed out. */
export async function activeUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.disabled) throw unauthorized();
  return user;
}

export async function accountUser(ctx: AppContext, userId: string): Promise<AccountUser> {
  const user = await activeUser(ctx, userId);
  const company = user.companyId ? await findCompanyById(ctx.db, user.companyId) : null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    dateOfBirth: user.dateOfBirth,
    phoneNumber: user.phoneNumber,
    company: company ? { id: company.id, name: company.name, verified: company.verifiedAt !== null } : null,
  };
}
