import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MATCHES_IN_BITMAP } from '../../server/admin/companies.ts';
import { companies, users } from '../../server/db/schema.ts';
import type { AdminCompanyRow } from '../../src/contract/admin.ts';
import { adminApp, expectOk, type AdminWorld } from './admin-support.ts';

// The back office's company search when a word is in many staff emails: every company is found
// and counted, past the number of staff whose companies join the names' bitmap.

let t: AdminWorld;
const ids = (rows: AdminCompanyRow[]) => rows.map((r) => r.id);

beforeAll(async () => {
  t = await adminApp();
}, 60_000);
afterAll(async () => t?.f.stop());

describe('CompanyListing', () => {
  it('finds every company of a word that many staff emails share, and counts them all', async () => {
    // More staff than join the names' bitmap: their companies are found as a hashed set.
    const many = STAFF_MATCHES_IN_BITMAP + 20;
    const made = await t.db
      .insert(companies)
      .values(Array.from({ length: many }, (_, i) => ({ name: `Crew ${i} Services LLC`, tin: String(380000000 + i) })))
      .returning({ id: companies.id });
    await t.db.insert(users).values(
      made.map((c, i) => ({
        email: `hiring.${i}@crewhire-partners.example`,
        firstName: 'Sam',
        lastName: `Hiring ${i}`,
        role: 'Recruiter' as const,
        companyId: c.id,
      })),
    );
    const byName = await t.w.company('Crewhire Outfitters LLC', '389999999');
    const { companies: page, totalCount } = expectOk(await t.a.companies(t.admin, { search: 'CREWHIRE' }));
    expect(totalCount).toBe(many + 1);
    expect(page).toHaveLength(10);
    // The newest first, the one found by its name among them.
    expect(page[0]!.id).toBe(byName.id);
    const inactiveOnes = expectOk(await t.a.companies(t.admin, { search: 'crewhire', status: 'inactive' }));
    expect(inactiveOnes.totalCount).toBe(0);
    const one = expectOk(await t.a.companies(t.admin, { search: 'hiring.17@crewhire' }));
    expect(ids(one.companies)).toEqual([made[17]!.id]);
  });
});
