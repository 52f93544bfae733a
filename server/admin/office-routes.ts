import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import * as ep from '../../src/contract/admin.ts';
import { AdminMessages } from '../../src/contract/admin.ts';
import * as details from '../../src/contract/admin-details.ts';
import { auditTrail } from './audit-trail.ts';
import { adminDetails, confirmAdminEmailChange, requestAdminEmailChange, updateAdminDetails } from './details.ts';
import { blacklistOverReports, reportQueue, resolveReports } from './reports.ts';

/** The report queue, the audit trail and the administrator's own details. */
export function officeRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, details.adminDetails, async ({ caller }) => adminDetails(ctx, caller.userId));

  route(app, details.updateAdminDetails, async ({ caller, body }) => {
    const details = await updateAdminDetails(ctx, caller.userId, body);
    return reply({ details, message: AdminMessages.detailsSaved }, { message: AdminMessages.detailsSaved });
  });

  route(app, details.requestAdminEmailChange, async ({ caller, body, req }) => {
    const message = await requestAdminEmailChange(ctx, caller.userId, body.email, req.ip);
    return reply(message, { message });
  });

  route(app, details.confirmAdminEmailChange, async ({ caller, body, req }) => {
    const details = await confirmAdminEmailChange(ctx, caller.userId, body, req.ip);
    return reply({ details, message: AdminMessages.emailChanged }, { message: AdminMessages.emailChanged });
  });

  route(app, ep.reportQueue, async ({ query }) => reportQueue(ctx, query));

  route(app, ep.resolveReports, async ({ caller, body }) => {
    const answer =
      body.action === 'blacklistCompany'
        ? await blacklistOverReports(ctx, caller.userId, body)
        : await resolveReports(ctx, caller.userId, { ...body, action: body.action });
    return reply(answer, { message: answer.message });
  });

  route(app, ep.auditTrail, async ({ query }) => auditTrail(ctx, query));
}
