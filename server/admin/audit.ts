import type { Db } from '../db/client.ts';
import { adminAudit } from '../db/schema.ts';
import type { AuditAction } from '../../src/contract/admin.ts';

/** A database handle or the transaction of the action being recorded. */
type Writer = Pick<Db, 'insert'>;

export interface AuditRecord {
  adminId: string;
  action: AuditAction;
  targetType: 'company' | 'job' | 'admin';
  targetId: string;
  targetName: string;
  companyId?: string | null;
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/**
 * Appends one entry to the audit trail. Pass the action's own transaction: the entry commits with
 * the action or not at all. The table refuses any change or removal (a trigger), so this is the
 * only way an entry is ever written.
 */
export async function recordAudit(tx: Writer, entry: AuditRecord): Promise<void> {
  await tx.insert(adminAudit).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: entry.targetName,
    companyId: entry.companyId ?? null,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at,
  });
}
