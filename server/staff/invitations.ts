import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { recruiterInvitations, users } from '../db/schema.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { hashPassword } from '../platform/passwords.ts';
import {
  issueSession,
  sha256,
  createUser,
  EmailTakenError,
  findCompanyById,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  type CompanyRow,
} from '../account/index.ts';
import type { SessionData } from '../../src/contract/account.ts';
import { INVITATION_DAYS, type acceptInvitationSchema, type Invitation } from '../../src/contract/invitations.ts';
import { StaffMessages, type inviteRecruiterSchema, type Recruiter } from '../../src/contract/staff.ts';
import { invitationMail } from './mails.ts';
import { companyEmployer, enforceStaffLimit, invitationRow, openInvitation, type InvitationRow } from './staff.ts';
import { fullNameOf } from '../platform/people.ts';

const INVITATION_MS = INVITATION_DAYS * 24 * 3600_000;

const gone = (message: string) => new HttpError(410, message, { code: 'invitation.gone' });
const emailHasAccount = () =>
  new HttpError(409, StaffMessages.emailHasAccount, {
    fieldErrors: { email: StaffMessages.emailHasAccount },
    code: 'invitation.emailHasAccount',
  });

/** The name seekers see, falling back to the verified legal name. */
const companyNameOf = (company: CompanyRow) => company.displayName?.trim() || company.name;

/**
 * Invites a recruiter to the employer's company, or sends a pending invitation again: a new link
 * valid 7 days, the earlier link void. An email that already has an account, or the employer's own,
 * is refused.
 */
export async function inviteRecruiter(
  ctx: AppContext,
  employerId: string,
  input: z.output<typeof inviteRecruiterSchema>,
): Promise<{ recruiter: Recruiter; resent: boolean; message: string }> {
  const employer = await companyEmployer(ctx, employerId);
  const email = normalizeEmail(input.email);
  if (email === employer.email) throw badRequest(StaffMessages.ownEmail, { fieldErrors: { email: StaffMessages.ownEmail } });
  await enforceStaffLimit(ctx, 'invitePerEmployer', employer.id);
  if (await findUserByEmail(ctx.db, email)) throw emailHasAccount();
  const company = (await findCompanyById(ctx.db, employer.companyId))!;

  const token = randomBytes(32).toString('base64url');
  const now = ctx.adapters.now();
  const fresh = { tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITATION_MS), sentAt: now, invitedBy: employer.id };
  const { row, resent } = await ctx.db.transaction(async (tx) => {
    const resend = async (open: InvitationRow) => {
      const [updated] = await tx
        .update(recruiterInvitations)
        .set({
          ...fresh,
          // What was not given again stays as it was.
          firstName: input.firstName === undefined ? open.firstName : input.firstName,
          lastName: input.lastName === undefined ? open.lastName : input.lastName,
          jobTitle: input.jobTitle === undefined ? open.jobTitle : input.jobTitle,
        })
        .where(eq(recruiterInvitations.id, open.id))
        .returning();
      return { row: updated!, resent: true };
    };
    const open = await openInvitation(tx, employer.companyId, email);
    if (open) return resend(open);
    const [inserted] = await tx
      .insert(recruiterInvitations)
      .values({
        ...fresh,
        companyId: employer.companyId,
        email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        jobTitle: input.jobTitle ?? null,
      })
      // Another request invited the same address meanwhile: send that one again.
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, resent: false };
    return resend((await openInvitation(tx, employer.companyId, email))!);
  });

  await ctx.mailer.enqueue(
    invitationMail(
      ctx,
      { email, firstName: row.firstName },
      { inviterName: fullNameOf(employer) || employer.email, companyName: companyNameOf(company) },
      token,
    ),
  );
  return { recruiter: invitationRow(row, now), resent, message: resent ? StaffMessages.resent(email) : StaffMessages.invited(email) };
}

/** Withdraws the company's pending invitation of an email; its link stops working. */
export async function revokeInvitation(ctx: AppContext, employerId: string, email: string): Promise<string> {
  const employer = await companyEmployer(ctx, employerId);
  const address = normalizeEmail(email);
  const revoked = await ctx.db
    .update(recruiterInvitations)
    .set({ revokedAt: ctx.adapters.now() })
    .where(
      and(
        eq(recruiterInvitations.companyId, employer.companyId),
        eq(recruiterInvitations.email, address),
        isNull(recruiterInvitations.acceptedAt),
        isNull(recruiterInvitations.revokedAt),
      ),
    )
    .returning({ id: recruiterInvitations.id });
  if (revoked.length === 0) throw notFound(StaffMessages.noInvitation);
  return StaffMessages.revoked(address);
}

/**
 * The invitation a token opens, checked: unknown (or replaced by a newer one), revoked, accepted
 * (or its recruiter since deleted) and expired links are refused with a message saying which.
 */
async function usableInvitation(db: Db, token: string, now: Date, lock = false) {
  const query = db
    .select()
    .from(recruiterInvitations)
    .where(eq(recruiterInvitations.tokenHash, sha256(token)))
    .limit(1);
  const [invitation] = lock ? await query.for('update') : await query;
  if (!invitation) throw notFound(StaffMessages.invitationInvalid, { code: 'invitation.notFound' });
  if (invitation.revokedAt) throw gone(StaffMessages.invitationRevoked);
  if (invitation.acceptedAt) {
    const recruiter = invitation.acceptedUserId ? await findUserById(db, invitation.acceptedUserId) : null;
    throw gone(recruiter && !recruiter.disabled ? StaffMessages.invitationUsed : StaffMessages.invitationInvalid);
  }
  if (invitation.expiresAt.getTime() <= now.getTime()) throw gone(StaffMessages.invitationExpired);
  const company = await findCompanyById(db, invitation.companyId);
  if (!company?.verifiedAt || !company.active || company.blacklisted)
    throw forbidden(StaffMessages.companyUnavailable, { code: 'invitation.companyUnavailable' });
  return { invitation, company };
}

/** What the accept page shows before the invitee chooses a name and a password. */
export async function invitationByToken(ctx: AppContext, token: string, ip: string): Promise<Invitation> {
  await enforceStaffLimit(ctx, 'lookupPerIp', ip);
  const { invitation, company } = await usableInvitation(ctx.db, token, ctx.adapters.now());
  const inviter = await findUserById(ctx.db, invitation.invitedBy);
  return {
    email: invitation.email,
    companyName: companyNameOf(company),
    inviterName: (inviter && fullNameOf(inviter)) || companyNameOf(company),
    firstName: invitation.firstName ?? '',
    lastName: invitation.lastName ?? '',
    jobTitle: invitation.jobTitle,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation: in one transaction, a Recruiter of the company with a verified email (the
 * link reached the inbox) and the invitation marked used; then signs the recruiter in. Any refusal
 * leaves nothing behind.
 */
export async function acceptInvitation(ctx: AppContext, input: z.output<typeof acceptInvitationSchema>, ip: string): Promise<SessionData> {
  await enforceStaffLimit(ctx, 'acceptPerIp', ip);
  // Checked before the expensive hash, and again under lock below.
  await usableInvitation(ctx.db, input.token, ctx.adapters.now());
  const passwordHash = await hashPassword(input.password);
  const now = ctx.adapters.now();
  const recruiter = await ctx.db.transaction(async (tx) => {
    const { invitation } = await usableInvitation(tx, input.token, now, true);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1);
    if (taken) throw emailHasAccount();
    let user;
    try {
      user = await createUser(tx, {
        email: invitation.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'Recruiter',
        companyId: invitation.companyId,
        emailVerifiedAt: now,
        termsAcceptedAt: now,
        jobTitle: invitation.jobTitle,
        invitedBy: invitation.invitedBy,
      });
    } catch (err) {
      if (err instanceof EmailTakenError) throw emailHasAccount();
      throw err;
    }
    await tx
      .update(recruiterInvitations)
      .set({ acceptedAt: now, acceptedUserId: user.id })
      .where(eq(recruiterInvitations.id, invitation.id));
    return user;
  });
  return issueSession(ctx, recruiter, false);
}
