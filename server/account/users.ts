import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';
import type { Role } from '../../src/contract/roles.ts';
import { isUuid } from '../db/sql.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

/** Emails are stored lower-case so one address registers once, whatever its case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  // Tokens carry the id; a malformed one must read as "no such user", not as a database error.
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  dateOfBirth?: string | null;
  phoneNumber?: string | null;
  companyId?: string | null;
  emailVerifiedAt?: Date | null;
  googleSubject?: string | null;
  termsAcceptedAt?: Date | null;
  /** A recruiter's title at the company. */
  jobTitle?: string | null;
  /** The employer who invited this recruiter. */
  invitedBy?: string | null;
}

export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
  }
}

/** Inserts a user; throws EmailTakenError when the (lower-cased) email is already registered. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: normalizeEmail(input.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) throw new EmailTakenError();
  return row;
}

export async function createCompany(
  db: Db,
  input: { name: string; tin: string; verifiedAt?: Date | null; verificationMethod?: string | null; tinKind?: string | null },
): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(input).returning();
  return row!;
}

export async function findCompanyById(db: Db, id: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row?.n ?? 0);
}

/** Whether a company with this TIN (nine digits) was blacklisted by an administrator. */
export async function isTinBlacklisted(db: Db, tin: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tin, tin), eq(companies.blacklisted, true)))
    .limit(1);
  return Boolean(row);
}
