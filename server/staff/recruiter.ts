import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';
import { activeUser, findCompanyById, type UserRow } from '../account/index.ts';
import type { RecruiterProfile, recruiterDetailsSchema } from '../../src/contract/staff.ts';

async function signedInRecruiter(ctx: AppContext, userId: string): Promise<UserRow & { companyId: string }> {
  const user = await activeUser(ctx, userId);
  if (user.role !== 'Recruiter' || !user.companyId) throw forbidden();
  return user as UserRow & { companyId: string };
}

async function profileOf(ctx: AppContext, user: UserRow & { companyId: string }): Promise<RecruiterProfile> {
  const company = (await findCompanyById(ctx.db, user.companyId))!;
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    jobTitle: user.jobTitle,
    phoneNumber: user.phoneNumber,
    company: { id: company.id, name: company.displayName?.trim() || company.name },
  };
}

/** The signed-in recruiter's own details and company. */
export async function recruiterProfile(ctx: AppContext, userId: string): Promise<RecruiterProfile> {
  return profileOf(ctx, await signedInRecruiter(ctx, userId));
}

/** The recruiter changes their own name, title and phone; the email and the company stay. */
export async function updateRecruiterProfile(
  ctx: AppContext,
  userId: string,
  input: z.output<typeof recruiterDetailsSchema>,
): Promise<RecruiterProfile> {
  const user = await signedInRecruiter(ctx, userId);
  const [updated] = await ctx.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, jobTitle: input.jobTitle, phoneNumber: input.phoneNumber })
    .where(eq(users.id, user.id))
    .returning();
  return profileOf(ctx, { ...updated!, companyId: user.companyId });
}
