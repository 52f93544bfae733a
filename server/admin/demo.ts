import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { companies } from '../db/schema.ts';
import { createCompany, createUser } from '../account/index.ts';
import { setCompanyState } from './company-actions.ts';

/** The back office's demo companies, one for each state a SuperAdmin meets, with their owners (who cannot sign in). */
const COMPANIES = [
  { name: 'Cedar Ridge Logistics LLC', ein: '87-1204563', city: 'Reno', state: 'NV', owner: ['Dana', 'Whitfield'], verified: true },
  { name: 'Summit Home Care Inc', ein: '87-2319874', city: 'Boise', state: 'ID', owner: ['Priya', 'Raman'], verified: true },
  { name: 'QuickCash Staffing LLC', ein: '87-3408216', city: 'Tulsa', state: 'OK', owner: ['Vic', 'Dorsey'], verified: true },
  { name: 'Northwind Movers Co', ein: '87-4517730', city: 'Spokane', state: 'WA', owner: ['Elena', 'Brandt'], verified: true },
  { name: 'Bluebird Bakery LLC', ein: '87-5621094', city: 'Eugene', state: 'OR', owner: ['Tom', 'Alvarez'], verified: false },
] as const;

/**
 * The back office's demo (DEMO_DATA=0 leaves it out): companies active, deactivated with a reason,
 * blacklisted with a reason, deactivated and active again, and awaiting verification; the demo
 * SuperAdmin's actions on them, taken through the same action an admin's click takes, so the audit
 * trail is the real one. The demo employer's company is left alone: its logins keep working.
 */
export async function seedDemoBackOffice(ctx: AppContext, adminId: string): Promise<void> {
  const now = ctx.adapters.now();
  const made = new Map<string, string>();
  for (const c of COMPANIES) {
    const company = await createCompany(ctx.db, {
      name: c.name,
      tin: c.ein.replace('-', ''),
      tinKind: 'EIN',
      verifiedAt: c.verified ? now : null,
      verificationMethod: c.verified ? 'demo-data' : null,
    });
    await createUser(ctx.db, {
      email: `${c.owner[0].toLowerCase()}.${c.owner[1].toLowerCase()}@${c.name.split(' ')[0]!.toLowerCase()}.example.com`,
      passwordHash: null,
      firstName: c.owner[0],
      lastName: c.owner[1],
      role: 'Employer',
      companyId: company.id,
      emailVerifiedAt: now,
      termsAcceptedAt: now,
    });
    await ctx.db.update(companies).set({ city: c.city, state: c.state }).where(eq(companies.id, company.id));
    made.set(c.name, company.id);
  }
  const act = (name: string, change: Parameters<typeof setCompanyState>[3], reason: string) =>
    setCompanyState(ctx, adminId, made.get(name)!, change, reason);
  await act('Summit Home Care Inc', { kind: 'active', to: false }, 'The owner asked us to pause hiring while they reorganise.');
  await act('QuickCash Staffing LLC', { kind: 'blacklisted', to: true }, 'Asked applicants to pay a “training fee” before interviews.');
  await act('Northwind Movers Co', { kind: 'active', to: false }, 'Unpaid boost invoices.');
  await act('Northwind Movers Co', { kind: 'active', to: true }, 'Invoices paid in full.');
}
