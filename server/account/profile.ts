import type { AppContext } from '../context.ts';
import { unauthorized } from '../http/errors.ts';
import type { AccountUser, CompletionStatus } from '../../src/contract/account.ts';
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

export async function jobSeekerProfile(ctx: AppContext, userId: string) {
  const user = await activeUser(ctx, userId);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    dateOfBirth: user.dateOfBirth,
  };
}

/**
 * How complete a job seeker profile is, from what a profile holds today. Six parts weigh the
 * same: the personal part (first and last name, verified email, date of birth, phone number)
 * and education, skills, experience, preferences and documents. Those five have no storage
 * yet, so they count as not complete; the job seeker profile work adds their tables and
 * extends this computation.
 */
export async function completionStatus(ctx: AppContext, userId: string): Promise<CompletionStatus> {
  const user = await activeUser(ctx, userId);
  const profileComplete = Boolean(
    user.firstName.trim() && user.lastName.trim() && user.emailVerifiedAt && user.dateOfBirth && user.phoneNumber?.trim(),
  );
  const parts = {
    profileComplete,
    educationComplete: false,
    skillsComplete: false,
    experienceComplete: false,
    preferencesComplete: false,
    documentsComplete: false,
  };
  const done = Object.values(parts).filter(Boolean).length;
  const total = Object.keys(parts).length;
  return { ...parts, isCompleted: done === total, completedPercentage: Math.round((100 * done) / total) };
}
