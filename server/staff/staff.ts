import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { recruiterInvitations, users } from '../db/schema.ts';
import { forbidden, notFound, tooManyRequests } from '../http/errors.ts';
import { fullNameOf } from '../platform/people.ts';
import { activeUser, revokeAllSessions, normalizeEmail, type UserRow } from '../account/index.ts';
import { AccountMessages } from '../../src/contract/account.ts';
import { StaffMessages, type Recruiter, type editRecruiterSchema } from '../../src/contract/staff.ts';

export type InvitationRow = typeof recruiterInvitations.$inferSelect;

/** Attempts allowed per window for the guarded actions of the staff area. */
export const STAFF_LIMITS = {
  /** Invitations (new and sent again) one employer may send. */
  invitePerEmployer: { limit: 20, windowSeconds: 60 * 60 },
  /** Accepting sets a password (an expensive hash): bounded per address. */
  acceptPerIp: { limit: 30, windowSeconds: 60 * 60 },
  lookupPerIp: { limit: 120, windowSeconds: 15 * 60 },
} as const;

export async function enforceStaffLimit(ctx: AppContext, name: keyof typeof STAFF_LIMITS, subject: string): Promise<void> {
  const { limit, windowSeconds } = STAFF_LIMITS[name];
  const gate = await ctx.adapters.rateLimiter.hit(`staff:${name}:${subject}`, limit, windowSeconds);
  if (!gate.allowed) throw tooManyRequests(AccountMessages.tooManyRequests);
}

/** The signed-in employer, with the company whose staff they manage. */
export async function companyEmployer(ctx: AppContext, userId: string): Promise<UserRow & { companyId: string }> {
  const user = await activeUser(ctx, userId);
  if (user.role !== 'Employer' || !user.companyId) throw forbidden(StaffMessages.employerOnly);
  return user as UserRow & { companyId: string };
}

export function recruiterRow(user: UserRow): Recruiter {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: fullNameOf(user),
    jobTitle: user.jobTitle,
    phoneNumber: user.phoneNumber,
    status: user.deactivatedAt ? 'inactive' : 'active',
    sentAt: null,
    expiresAt: null,
    expired: false,
    joinedAt: user.createdAt.toISOString(),
  };
}

export function invitationRow(invitation: InvitationRow, now: Date): Recruiter {
  return {
    email: invitation.email,
    firstName: invitation.firstName ?? '',
    lastName: invitation.lastName ?? '',
    name: fullNameOf(invitation),
    jobTitle: invitation.jobTitle,
    phoneNumber: null,
    status: 'invited',
    sentAt: invitation.sentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    expired: invitation.expiresAt.getTime() <= now.getTime(),
    joinedAt: null,
  };
}

/** A recruiter of this company (not deleted) by email; 404 for anyone else, wherever they work. */
export async function recruiterOf(db: Db, companyId: string, email: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.email, normalizeEmail(email)), eq(users.companyId, companyId), eq(users.role, 'Recruiter'), eq(users.disabled, false)),
    )
    .limit(1);
  if (!user) throw notFound(StaffMessages.noRecruiter);
  return user;
}

/** The company's open invitation (neither accepted nor revoked) for an email, if any. */
export async function openInvitation(db: Db, companyId: string, email: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(recruiterInvitations)
    .where(
      and(
        eq(recruiterInvitations.companyId, companyId),
        eq(recruiterInvitations.email, normalizeEmail(email)),
        isNull(recruiterInvitations.acceptedAt),
        isNull(recruiterInvitations.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The staff list: the company's recruiters by name, then its pending invitations, newest first. */
export async function listStaff(ctx: AppContext, employerId: string): Promise<Recruiter[]> {
  const employer = await companyEmployer(ctx, employerId);
  const now = ctx.adapters.now();
  const people = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.companyId, employer.companyId), eq(users.role, 'Recruiter'), eq(users.disabled, false)))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.email));
  const invitations = await ctx.db
    .select()
    .from(recruiterInvitations)
    .where(
      and(
        eq(recruiterInvitations.companyId, employer.companyId),
        isNull(recruiterInvitations.acceptedAt),
        isNull(recruiterInvitations.revokedAt),
      ),
    )
    .orderBy(desc(recruiterInvitations.sentAt), asc(recruiterInvitations.email));
  return [...people.map(recruiterRow), ...invitations.map((i) => invitationRow(i, now))];
}

export async function editRecruiter(ctx: AppContext, employerId: string, input: z.output<typeof editRecruiterSchema>): Promise<Recruiter> {
  const employer = await companyEmployer(ctx, employerId);
  const recruiter = await recruiterOf(ctx.db, employer.companyId, input.email);
  const [updated] = await ctx.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, jobTitle: input.jobTitle, phoneNumber: input.phoneNumber })
    .where(eq(users.id, recruiter.id))
    .returning();
  return recruiterRow(updated!);
}

export type Switch = 'on' | 'off' | 'toggle';

/**
 * Switches a recruiter on or off. Off signs them out at once: their refresh tokens are revoked and
 * the next request with an access token they still hold answers 401.
 */
export async function switchRecruiter(
  ctx: AppContext,
  employerId: string,
  email: string,
  to: Switch,
): Promise<{ recruiter: Recruiter; message: string }> {
  const employer = await companyEmployer(ctx, employerId);
  const recruiter = await recruiterOf(ctx.db, employer.companyId, email);
  const now = ctx.adapters.now();
  const off = to === 'toggle' ? recruiter.deactivatedAt === null : to === 'off';
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      // Switching off again keeps the first date.
      .set({ deactivatedAt: off ? (recruiter.deactivatedAt ?? now) : null })
      .where(eq(users.id, recruiter.id))
      .returning();
    if (off) await revokeAllSessions(tx, recruiter.id, now);
    return row!;
  });
  // Their open conversations close at once, in every server process.
  if (off) await ctx.events.emit('staff.revoked', { userId: recruiter.id });
  const name = fullNameOf(updated) || updated.email;
  return { recruiter: recruiterRow(updated), message: off ? StaffMessages.deactivated(name) : StaffMessages.activated(name) };
}

/**
 * Removes a recruiter from the staff: the account is disabled (never erased, so the job posts it
 * made stay with the company) and signed out everywhere.
 */
export async function deleteRecruiter(ctx: AppContext, employerId: string, email: string): Promise<string> {
  const employer = await companyEmployer(ctx, employerId);
  const recruiter = await recruiterOf(ctx.db, employer.companyId, email);
  const now = ctx.adapters.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ disabled: true }).where(eq(users.id, recruiter.id));
    await revokeAllSessions(tx, recruiter.id, now);
  });
  await ctx.events.emit('staff.revoked', { userId: recruiter.id });
  return StaffMessages.deleted(fullNameOf(recruiter) || recruiter.email);
}
