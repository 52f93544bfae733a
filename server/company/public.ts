import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { companies, industries } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { CompanyMessages, type PublicCompany } from '../../src/contract/company.ts';
import { displayNameOf } from './details.ts';
import { companyImages } from './images.ts';
import { isUuid } from '../db/sql.ts';

/**
 * What anyone may see of a company: only a verified, active company that is not blacklisted has a
 * public page; any other id reads as "not found", so the answer never tells which companies exist.
 * The legal name, TIN, street address and staff are never part of it.
 */
export async function publicCompany(ctx: AppContext, id: string): Promise<PublicCompany> {
  if (!isUuid(id)) throw notFound(CompanyMessages.companyNotFound, { code: 'company.notFound' });
  const [row] = await ctx.db
    .select({ company: companies, industry: industries.name })
    .from(companies)
    .leftJoin(industries, eq(industries.id, companies.industryId))
    .where(and(eq(companies.id, id), eq(companies.active, true), eq(companies.blacklisted, false), isNotNull(companies.verifiedAt)))
    .limit(1);
  if (!row) throw notFound(CompanyMessages.companyNotFound, { code: 'company.notFound' });
  const { company } = row;
  return {
    id: company.id,
    name: displayNameOf(company),
    about: company.about,
    website: company.website,
    city: company.city,
    state: company.state,
    industry: row.industry ?? null,
    ...(await companyImages(ctx).forPublicPage(company.id)),
    verified: true,
    verifiedAt: company.verifiedAt!.toISOString(),
  };
}
