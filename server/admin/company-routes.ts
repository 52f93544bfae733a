import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import { activeUser } from '../account/index.ts';
import * as ep from '../../src/contract/admin.ts';
import { listCompanies } from './companies.ts';
import { companyDetail } from './company-detail.ts';
import { setCompanyState, type StateChange } from './company-actions.ts';
import { dashboard } from './dashboard.ts';
import { recruiterDetails, recruitersByCompanyName } from './recruiters.ts';

/**
 * Companies and recruiters: the dashboard, the lists, a company's page and its state. Every call is
 * the SuperAdmin's alone: route() refuses anyone else (403; 401 signed out) before reading the request.
 */
export function companyAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const now = () => ctx.adapters.now();

  route(app, ep.adminDashboard, async ({ query }) => dashboard(ctx.db, query.timeZone, now()));

  route(app, ep.companyListing, async ({ query }) => listCompanies(ctx.db, query, now()));
  route(app, ep.blacklistedCompanyList, async ({ query }) => listCompanies(ctx.db, { ...query, status: 'blacklisted' }, now()));
  route(app, ep.companyById, async ({ query }) => companyDetail(ctx.db, query.companyId, now()));

  // The spec's GET verbs change state, so each also answers POST: the same handler, the request from the query or the body.
  const toggle = async (adminId: string, companyId: string, change: StateChange, reason: string) => {
    // The audit entry names the admin: an account that no longer exists acts no more (401).
    await activeUser(ctx, adminId);
    const answer = await setCompanyState(ctx, adminId, companyId, change, reason);
    return reply(answer, { message: answer.message });
  };
  const active = (adminId: string, input: z.output<typeof ep.toggleActiveSchema>) =>
    toggle(adminId, input.companyId, { kind: 'active', to: input.active }, input.reason);
  const blacklisted = (adminId: string, input: z.output<typeof ep.toggleBlacklistSchema>) =>
    toggle(adminId, input.companyId, { kind: 'blacklisted', to: input.blacklisted }, input.reason);
  route(app, ep.toggleForActive, async ({ caller, query }) => active(caller.userId, query));
  route(app, ep.toggleForActivePost, async ({ caller, body }) => active(caller.userId, body));
  route(app, ep.toggleForBlacklist, async ({ caller, query }) => blacklisted(caller.userId, query));
  route(app, ep.toggleForBlacklistPost, async ({ caller, body }) => blacklisted(caller.userId, body));

  route(app, ep.recruitersByCompanyName, async ({ query }) => recruitersByCompanyName(ctx.db, query));
  route(app, ep.recruiterDetails, async ({ query }) => recruiterDetails(ctx.db, query.recruiterId, now()));
}
