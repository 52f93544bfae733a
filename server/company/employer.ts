import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import type { Employer, modifyEmployerSchema } from '../../src/contract/employer.ts';
import type { CompanyMember } from './members.ts';
import { displayNameOf } from './details.ts';

export function employerOf({ user, company }: CompanyMember): Employer {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    company: { id: company.id, name: displayNameOf(company) },
  };
}

/** The employer's own name and phone; the email changes through its own verified flow, not here. */
export async function modifyEmployer(
  ctx: AppContext,
  member: CompanyMember,
  input: z.output<typeof modifyEmployerSchema>,
): Promise<Employer> {
  const [user] = await ctx.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber ?? null })
    .where(eq(users.id, member.user.id))
    .returning();
  return employerOf({ ...member, user: user! });
}
