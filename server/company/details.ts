import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { companies, industries, jobPosts } from '../db/schema.ts';
import { refreshSearchDocuments } from '../db/search-document.ts';
import type { CompanyRow } from '../account/index.ts';
import { lookupName } from '../jobseeker/index.ts';
import { CompanyMessages, type CompanyDetails, type companyDetailsInputSchema } from '../../src/contract/company.ts';
import type { CompanyMember } from './members.ts';
import { companyImages } from './images.ts';

/** The name job seekers see: the one the employer chose, else the verified legal name. */
export const displayNameOf = (company: Pick<CompanyRow, 'displayName' | 'name'>) => company.displayName?.trim() || company.name;

async function industryName(ctx: AppContext, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await ctx.db.select({ name: industries.name }).from(industries).where(eq(industries.id, id)).limit(1);
  return row?.name ?? null;
}

export async function companyDetails(ctx: AppContext, member: CompanyMember): Promise<CompanyDetails> {
  const { company } = member;
  return {
    id: company.id,
    companyName: displayNameOf(company),
    legalName: company.name,
    tinKind: company.tinKind,
    tinLast4: company.tin.slice(-4),
    verifiedAt: company.verifiedAt?.toISOString() ?? null,
    address: company.address,
    city: company.city,
    state: company.state,
    latitude: company.latitude,
    longitude: company.longitude,
    website: company.website,
    about: company.about,
    industryId: company.industryId,
    industry: await industryName(ctx, company.industryId),
    logo: await companyImages(ctx).logo(company.id),
    canEdit: member.isEmployer,
    updatedAt: company.updatedAt?.toISOString() ?? null,
  };
}

/**
 * Saves what seekers see of the company. The legal name and TIN are not here: they change only
 * through business verification. A place comes whole (address and position) or not at all.
 */
export async function updateCompanyDetails(
  ctx: AppContext,
  member: CompanyMember,
  input: z.output<typeof companyDetailsInputSchema>,
): Promise<CompanyDetails> {
  const industryId = input.industryId ?? null;
  if (industryId !== null) await lookupName(ctx, industries, industryId, 'industryId', CompanyMessages.industry);
  const place = input.address
    ? {
        address: input.address,
        city: input.city ?? null,
        state: input.state ?? null,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
      }
    : { address: null, city: null, state: null, latitude: null, longitude: null };
  const [company] = await ctx.db
    .update(companies)
    .set({
      displayName: input.companyName,
      ...place,
      website: input.website ?? null,
      about: input.about ?? null,
      industryId,
      updatedAt: ctx.adapters.now(),
    })
    .where(eq(companies.id, member.company.id))
    .returning();
  // Keyword search matches a job by its company's name: the company's jobs follow a new one.
  if (displayNameOf(company!) !== displayNameOf(member.company))
    await refreshSearchDocuments(ctx.db, eq(jobPosts.companyId, member.company.id));
  return companyDetails(ctx, { ...member, company: company! });
}
