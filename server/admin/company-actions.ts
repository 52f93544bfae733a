import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { companies, jobPosts, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { revokeAllSessions } from '../account/index.ts';
import { displayNameOf } from '../company/index.ts';
import { endCompanyBoosts } from '../billing/index.ts';
import { AdminMessages, type AdminCompanyRow, type AuditAction } from '../../src/contract/admin.ts';
import { recordAudit } from './audit.ts';
import { companyRow, stateOf, type CompanyRecord } from './companies.ts';

/** The transaction an action runs in. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StateChange {
  kind: 'active' | 'blacklisted';
  /** The state wanted; left out, the current one flips (the spec's toggle). */
  to?: boolean;
}

export interface StateChangeOptions {
  /** The audit entry's action, when another action leads to this one (a report resolved by blacklisting). */
  auditAction?: AuditAction;
  /**
   * More work of the caller's, in the action's own transaction, after the change (whether or not
   * the state changed): it commits with the change or, if it throws, nothing does.
   */
  inTransaction?: (tx: Tx) => Promise<void>;
}

/** What the audit trail keeps of a company's state. */
const snapshot = (c: CompanyRecord) => ({ state: stateOf(c), active: c.active, blacklisted: c.blacklisted });

/**
 * Deactivates or activates, blacklists or whitelists a company (ToggleforActive, ToggleforBlacklist,
 * and the report queue's "blacklist the company").
 *
 * In one transaction, with the company's row locked: the state and its reason; every staff member's
 * refresh tokens revoked (their access tokens are refused from their next call: mayStillAct and
 * companyMemberOf read the company); on blacklisting, the open jobs closed; the audit entry. The
 * companies' and jobs' triggers note the change for every search index in the same transaction
 * (search_changes), so a search started after the commit no longer finds its jobs. The jobs are
 * kept, and come back with the company's account (a blacklisting's closed jobs stay closed).
 *
 * After the commit, as the posting area does when a job closes: each closed job's open applicants
 * are mailed and its boost ends (the `job.closed` event); the mailer writes its outbox through its
 * own connection, which cannot join this transaction (on PGlite it would wait for it forever).
 * Then every boost of the company stops (billing calls the payment processor, which cannot be
 * undone with a rollback; should the process stop first, the renewal job skips such companies, so
 * nothing is charged), and the staff's realtime connections close in every server process.
 *
 * Asking for the state the company already has changes nothing and writes no audit entry.
 */
export async function setCompanyState(
  ctx: AppContext,
  adminId: string,
  companyId: string,
  change: StateChange,
  reason: string,
  options: StateChangeOptions = {},
): Promise<{ company: AdminCompanyRow; message: string }> {
  const now = ctx.adapters.now();
  const done = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!before) throw notFound(AdminMessages.companyNotFound, { code: 'company.notFound' });
    const current = change.kind === 'active' ? before.active : before.blacklisted;
    const to = change.to ?? !current;
    if (to === current) {
      await options.inTransaction?.(tx);
      return { before, after: before, to, changed: false, closedJobs: [] as string[], staff: [] as string[] };
    }
    // Switching off: the staff are signed out. Switching on: nothing to undo (they sign in again).
    const off = change.kind === 'active' ? !to : to;
    const set =
      change.kind === 'active'
        ? to
          ? { active: true, deactivatedAt: null, deactivationReason: null }
          : { active: false, deactivatedAt: now, deactivationReason: reason }
        : to
          ? { blacklisted: true, blacklistedAt: now, blacklistReason: reason }
          : { blacklisted: false, blacklistedAt: null, blacklistReason: null };
    const [after] = await tx
      .update(companies)
      .set({ ...set, updatedAt: now })
      .where(eq(companies.id, companyId))
      .returning();
    let staff: string[] = [];
    if (off) {
      const members = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.role, ['Employer', 'Recruiter'])));
      staff = members.map((m) => m.id);
      for (const id of staff) await revokeAllSessions(tx, id, now);
    }
    let closedJobs: string[] = [];
    if (change.kind === 'blacklisted' && to) {
      const closed = await tx
        .update(jobPosts)
        .set({ status: 'Closed', closedAt: now, modifiedAt: now })
        .where(and(eq(jobPosts.companyId, companyId), eq(jobPosts.status, 'Active')))
        .returning({ id: jobPosts.id });
      closedJobs = closed.map((j) => j.id);
    }
    const action: AuditAction =
      options.auditAction ??
      (change.kind === 'active' ? (to ? 'company.activate' : 'company.deactivate') : to ? 'company.blacklist' : 'company.whitelist');
    await recordAudit(tx, {
      adminId,
      action,
      targetType: 'company',
      targetId: companyId,
      targetName: displayNameOf(before),
      companyId,
      reason,
      before: snapshot(before),
      after: { ...snapshot(after!), ...(closedJobs.length ? { closedJobs: closedJobs.length } : {}) },
      at: now,
    });
    await options.inTransaction?.(tx);
    return { before, after: after!, to, changed: true, closedJobs, staff };
  });

  if (done.changed) await afterCommit(ctx, companyId, change, done);

  const name = displayNameOf(done.after);
  const message =
    change.kind === 'active'
      ? done.to
        ? AdminMessages.activated(name)
        : AdminMessages.deactivated(name)
      : done.to
        ? AdminMessages.blacklisted(name)
        : AdminMessages.whitelisted(name);
  const company = await companyRow(ctx.db, companyId, ctx.adapters.now());
  return { company: company!, message };
}

/**
 * The notices that cannot be in the transaction, each on its own: the change stands whatever
 * happens here, so one failing is logged and the others still run.
 */
async function afterCommit(
  ctx: AppContext,
  companyId: string,
  change: StateChange,
  done: { to: boolean; closedJobs: string[]; staff: string[] },
): Promise<void> {
  const attempt = async (what: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (err) {
      ctx.log.error({ err, companyId }, `after a company's state changed: ${what} failed`);
    }
  };
  for (const jobPostId of done.closedJobs) await attempt('telling a closed job', () => ctx.events.emit('job.closed', { jobPostId }));
  if (change.kind === 'blacklisted' && done.to) await attempt('ending its boosts', () => endCompanyBoosts(ctx, companyId));
  for (const userId of done.staff) await attempt('closing realtime connections', () => ctx.events.emit('staff.revoked', { userId }));
}
