import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { companies } from '../db/schema.ts';
import { badRequest, forbidden, tooManyRequests } from '../http/errors.ts';
import { reply, route } from '../http/route.ts';
import { AccountMessages, verifyBusiness } from '../../src/contract/account.ts';
import { assertTinAvailable, markCompanyVerified, verifyBusinessDetails } from './business-verification.ts';
import { findCompanyById, findUserByEmail, normalizeEmail } from './users.ts';

const WINDOW_SECONDS = 15 * 60;
const PER_IP = 30;
const PER_EMAIL = 10;

/** Throws 429 once any of the keys has been hit more than its limit in the window. */
export async function rateLimit(ctx: AppContext, limits: Array<[key: string, limit: number]>, windowSeconds = WINDOW_SECONDS) {
  for (const [key, limit] of limits) {
    const result = await ctx.adapters.rateLimiter.hit(key, limit, windowSeconds);
    if (!result.allowed) throw tooManyRequests(AccountMessages.tooManyRequests);
  }
}

/** POST /api/Account/VerifyBusiness: an employer proves the business is legally registered. */
export function businessVerificationRoutes(api: FastifyInstance, ctx: AppContext) {
  route(api, verifyBusiness, async ({ body, req }) => {
    const email = normalizeEmail(body.email);
    await rateLimit(ctx, [
      [`verify-business:ip:${req.ip}`, PER_IP],
      [`verify-business:email:${email}`, PER_EMAIL],
    ]);

    // The details are judged before the account is looked up, so a bad TIN answers
    // the same whether or not the email belongs to an employer.
    const business = await verifyBusinessDetails(ctx, { name: body.businessName, tin: body.businessTin });

    const user = await findUserByEmail(ctx.db, email);
    const company = user?.role === 'Employer' && user.companyId ? await findCompanyById(ctx.db, user.companyId) : null;
    if (!user || !company) throw badRequest(AccountMessages.verificationFailed);
    if (company.blacklisted) throw forbidden(AccountMessages.businessBlacklisted);
    if (company.verifiedAt) return reply(AccountMessages.businessVerified, { message: AccountMessages.businessVerified });

    await ctx.db.transaction(async (tx) => {
      await assertTinAvailable(tx, business.tin, company.id);
      // Re-read under the lock: an administrator may have blacklisted it meanwhile.
      const [current] = await tx.select({ blacklisted: companies.blacklisted }).from(companies).where(eq(companies.id, company.id));
      if (current?.blacklisted) throw forbidden(AccountMessages.businessBlacklisted);
      await markCompanyVerified(tx, company.id, business, ctx.adapters.now());
    });
    ctx.log.info({ companyId: company.id, method: business.method }, 'business verified');
    return reply(AccountMessages.businessVerified, { message: AccountMessages.businessVerified });
  });
}
