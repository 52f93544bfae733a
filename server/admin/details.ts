import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { badRequest, conflict, refusal, tooManyRequests, unauthorized } from '../http/errors.ts';
import { checkCode, emailChangedMail, enforceLimits, issueCode, normalizeEmail } from '../account/index.ts';
import { fullNameOf } from '../platform/people.ts';
import { AccountMessages } from '../../src/contract/account.ts';
import { AdminMessages } from '../../src/contract/admin.ts';
import type { AdminDetails } from '../../src/contract/admin-details.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { recordAudit } from './audit.ts';
import { adminEmailCodeMail } from './mails.ts';

type AdminRow = typeof users.$inferSelect;

/**
 * The signed-in SuperAdmin's row, locked when `forUpdate`; 401 when it is gone (the route checked
 * the role of the token; the account behind it is read here).
 */
async function adminRow(db: Pick<Db, 'select'>, adminId: string, forUpdate = false): Promise<AdminRow> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, adminId), eq(users.role, 'SuperAdmin'), eq(users.disabled, false)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw unauthorized();
  return row;
}

const detailsOf = (row: AdminRow): AdminDetails => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: row.phoneNumber,
  pendingEmail: row.pendingEmail,
  createdAt: row.createdAt.toISOString(),
});

export async function adminDetails(ctx: AppContext, adminId: string): Promise<AdminDetails> {
  return detailsOf(await adminRow(ctx.db, adminId));
}

/** Name and phone; the change and its audit entry commit together. */
export async function updateAdminDetails(
  ctx: AppContext,
  adminId: string,
  input: { firstName: string; lastName: string; phoneNumber: string | null },
): Promise<AdminDetails> {
  const now = ctx.adapters.now();
  return ctx.db.transaction(async (tx) => {
    const before = await adminRow(tx, adminId, true);
    const [after] = await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber })
      .where(eq(users.id, adminId))
      .returning();
    const fields = (r: AdminRow) => ({ firstName: r.firstName, lastName: r.lastName, phoneNumber: r.phoneNumber });
    await recordAudit(tx, {
      adminId,
      action: 'admin.updateDetails',
      targetType: 'admin',
      targetId: adminId,
      targetName: fullNameOf(after!),
      before: fields(before),
      after: fields(after!),
      at: now,
    });
    return detailsOf(after!);
  });
}

/**
 * The code of an administrator's email change is kept under its own key: bound to this
 * administrator and this address, and apart from the sign-in codes sent to the same address.
 */
const changeKey = (adminId: string, email: string) => `admin-email-change:${adminId}:${email}`;

/**
 * Mails a 6-digit code to the new address and keeps it as pending; the current address stays in
 * force until the code comes back. Sends are limited as sign-in codes are.
 */
export async function requestAdminEmailChange(ctx: AppContext, adminId: string, newEmail: string, ip: string): Promise<string> {
  const email = normalizeEmail(newEmail);
  const admin = await adminRow(ctx.db, adminId);
  if (email === admin.email) throw badRequest(AdminMessages.emailSame, { fieldErrors: { email: AdminMessages.emailSame } });
  await enforceLimits(ctx, [
    ['otpSendPerEmail', email],
    ['otpSendPerIp', ip],
  ]);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw conflict(ProfileMessages.emailTaken, { fieldErrors: { email: ProfileMessages.emailTaken } });
  const issued = await issueCode(ctx, changeKey(adminId, email));
  if (!issued.ok) throw tooManyRequests(AccountMessages.otpResendWait);
  await ctx.db.update(users).set({ pendingEmail: email }).where(eq(users.id, adminId));
  await ctx.mailer.enqueue(adminEmailCodeMail(ctx, { email, firstName: admin.firstName }, issued.code));
  return AdminMessages.emailCodeSent(email);
}

/**
 * Changes the email with the code sent to it: checked like a sign-in code (single use, 5 wrong
 * tries, rate-limited). The change and its audit entry commit together, and the old address is
 * told. The administrator stays signed in: the email names the account, it proves nothing alone.
 */
export async function confirmAdminEmailChange(
  ctx: AppContext,
  adminId: string,
  input: { email: string; code: string },
  ip: string,
): Promise<AdminDetails> {
  const email = normalizeEmail(input.email);
  await enforceLimits(ctx, [
    ['otpCheckPerEmail', email],
    ['otpCheckPerIp', ip],
  ]);
  const pending = await adminRow(ctx.db, adminId);
  const invalid = () => refusal('auth.invalidCode', AccountMessages.invalidCode, { fieldErrors: { code: AccountMessages.invalidCode } });
  if (pending.pendingEmail !== email) throw invalid();
  if (!(await checkCode(ctx, changeKey(adminId, email), input.code))) throw invalid();

  const now = ctx.adapters.now();
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const row = await adminRow(tx, adminId, true);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, adminId)))
      .limit(1);
    if (taken) throw conflict(ProfileMessages.emailTaken, { fieldErrors: { email: ProfileMessages.emailTaken } });
    const [changed] = await tx
      .update(users)
      .set({ email, pendingEmail: null, emailVerifiedAt: now })
      .where(eq(users.id, adminId))
      .returning();
    await recordAudit(tx, {
      adminId,
      action: 'admin.changeEmail',
      targetType: 'admin',
      targetId: adminId,
      targetName: fullNameOf(changed!),
      before: { email: row.email },
      after: { email },
      at: now,
    });
    return { before: row, after: changed! };
  });
  // The old address learns of the change, so a change nobody asked for does not go unseen.
  await ctx.mailer.enqueue(emailChangedMail(ctx, { email: before.email, firstName: before.firstName }, email));
  return detailsOf(after);
}
