import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { createUser } from '../account/index.ts';
import { inviteRecruiter } from './invitations.ts';

/** The demo company's staff: who signs in as its recruiter, who was switched off, who is invited. */
export const DEMO_STAFF = {
  active: {
    email: 'recruiter@demo.local',
    firstName: 'Casey',
    lastName: 'Nguyen',
    jobTitle: 'Talent Partner',
    phoneNumber: '+13605550177',
  },
  inactive: { email: 'jamie.park@demo.local', firstName: 'Jamie', lastName: 'Park', jobTitle: 'Recruiting Coordinator', phoneNumber: null },
  invited: { email: 'taylor.brooks@demo.local', firstName: 'Taylor', lastName: 'Brooks', jobTitle: 'Campus Recruiter' },
} as const;

/**
 * Two recruiters of the demo employer's company, one active and one deactivated, and a pending
 * invitation sent through the same service the staff page uses (its mail is in the dev mailbox).
 */
export async function seedDemoStaff(ctx: AppContext, employerId: string, passwordHash: string): Promise<void> {
  const [employer] = await ctx.db.select().from(users).where(eq(users.id, employerId)).limit(1);
  if (!employer?.companyId) return;
  const now = ctx.adapters.now();
  for (const [who, deactivatedAt] of [
    [DEMO_STAFF.active, null],
    [DEMO_STAFF.inactive, now],
  ] as const) {
    const recruiter = await createUser(ctx.db, {
      ...who,
      passwordHash,
      role: 'Recruiter',
      companyId: employer.companyId,
      emailVerifiedAt: now,
      termsAcceptedAt: now,
      invitedBy: employer.id,
    });
    if (deactivatedAt) await ctx.db.update(users).set({ deactivatedAt }).where(eq(users.id, recruiter.id));
  }
  await inviteRecruiter(ctx, employer.id, DEMO_STAFF.invited);
}
