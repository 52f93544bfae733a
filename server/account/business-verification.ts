import { and, eq, ne, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { companies, jobPosts } from '../db/schema.ts';
import { refreshSearchDocuments } from '../db/search-document.ts';
import { HttpError, badRequest, conflict, forbidden } from '../http/errors.ts';
import type { TinKind } from '../platform/business-verifier.ts';
import { AccountMessages } from '../../src/contract/account.ts';

/** A business the verifier accepted, ready to be recorded on a company. */
export interface VerifiedBusiness {
  name: string;
  tin: string;
  kind: TinKind;
  /** How it was verified, e.g. "rules:EIN". */
  method: string;
}

/** Runs the configured verifier; its refusal reason is shown to the user (400). */
export async function verifyBusinessDetails(ctx: AppContext, input: { name: string; tin: string }): Promise<VerifiedBusiness> {
  const name = input.name.normalize('NFKC').trim().replace(/\s+/g, ' ');
  const tin = input.tin.replace(/[\s-]/g, '');
  const verifier = ctx.adapters.businessVerifier;
  let result;
  try {
    result = await verifier.verify({ name, tin });
  } catch (err) {
    // A KYB provider that is down must not look like a refusal.
    ctx.log.error({ err, verifier: verifier.name }, 'business verifier failed');
    throw new HttpError(503, AccountMessages.verificationFailed);
  }
  if (!result.ok) throw badRequest(result.reason);
  return { name, tin, kind: result.kind, method: `${verifier.name}:${result.kind}` };
}

/**
 * The TIN rules that need the database, run inside the transaction that records the
 * verification: a blacklisted business never verifies, and one TIN belongs to one company.
 * The advisory lock serialises two companies claiming the same TIN at once.
 */
export async function assertTinAvailable(tx: Db, tin: string, companyId: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`company-tin:${tin}`}))`);
  const others = await tx
    .select({ id: companies.id, blacklisted: companies.blacklisted, verifiedAt: companies.verifiedAt })
    .from(companies)
    .where(
      and(
        eq(companies.tin, tin),
        // Unverified registrations do not hold a TIN: anyone could type someone else's number.
        or(eq(companies.blacklisted, true), isNotNull(companies.verifiedAt)),
        companyId ? ne(companies.id, companyId) : undefined,
      ),
    );
  if (others.some((c) => c.blacklisted)) throw forbidden(AccountMessages.businessBlacklisted);
  if (others.length > 0) throw conflict(AccountMessages.tinTaken);
}

/** Records a successful verification on an existing company. */
export async function markCompanyVerified(tx: Db, companyId: string, business: VerifiedBusiness, now: Date): Promise<void> {
  await tx
    .update(companies)
    .set({
      name: business.name,
      tin: business.tin,
      tinKind: business.kind,
      verifiedAt: now,
      verificationMethod: business.method,
    })
    .where(eq(companies.id, companyId));
  // The legal name is the name seekers see until the employer picks another: keyword search follows it.
  await refreshSearchDocuments(tx, eq(jobPosts.companyId, companyId));
}
