import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { adminAudit, users } from '../db/schema.ts';
import { personOf } from './companies.ts';
import type { AuditAction, AuditEntry, AuditList } from '../../src/contract/admin.ts';

export interface AuditQuery {
  companyId?: string | undefined;
  adminId?: string | undefined;
  action?: AuditAction | undefined;
  /** YYYY-MM-DD, UTC days, both counted. */
  from?: string | undefined;
  to?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;
/** The first instant of a UTC day (the contract checked it is one). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

const columns = {
  entry: adminAudit,
  admin: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};
type Row = { entry: typeof adminAudit.$inferSelect; admin: { id: string; firstName: string; lastName: string; email: string } };

export const auditEntryOf = ({ entry: e, admin }: Row): AuditEntry => ({
  id: String(e.id),
  at: e.at.toISOString(),
  admin: personOf(admin),
  action: e.action as AuditAction,
  targetType: e.targetType,
  targetId: e.targetId,
  targetName: e.targetName,
  companyId: e.companyId,
  reason: e.reason,
  before: (e.before as Record<string, unknown> | null) ?? null,
  after: (e.after as Record<string, unknown> | null) ?? null,
});

/** Entries matching the filters, newest first (by id: the order they were written), with the admin by join. */
export function auditEntries(db: Pick<Db, 'select'>, where: SQL | undefined) {
  return db.select(columns).from(adminAudit).innerJoin(users, eq(users.id, adminAudit.adminId)).where(where).orderBy(desc(adminAudit.id));
}

/** The audit trail: filtered by company, admin, action and UTC days; 10 a page with the total. */
export async function auditTrail(ctx: AppContext, q: AuditQuery): Promise<AuditList> {
  const where = and(
    q.companyId ? eq(adminAudit.companyId, q.companyId) : undefined,
    q.adminId ? eq(adminAudit.adminId, q.adminId) : undefined,
    q.action ? eq(adminAudit.action, q.action) : undefined,
    q.from ? gte(adminAudit.at, startOfDay(q.from)) : undefined,
    q.to ? lt(adminAudit.at, new Date(startOfDay(q.to).getTime() + DAY_MS)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    auditEntries(ctx.db, where)
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminAudit)
      .where(where),
  ]);
  return { entries: rows.map(auditEntryOf), totalCount: Number(total?.n ?? 0), pageNumber: q.pageNumber, pageSize: q.pageSize };
}
