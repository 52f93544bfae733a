import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import * as ep from '../../src/contract/staff.ts';
import * as invitations from '../../src/contract/invitations.ts';
import { StaffMessages } from '../../src/contract/staff.ts';
import { acceptInvitation, invitationByToken, inviteRecruiter, revokeInvitation } from './invitations.ts';
import { recruiterProfile, updateRecruiterProfile } from './recruiter.ts';
import { deleteRecruiter, editRecruiter, listStaff, switchRecruiter } from './staff.ts';

/** The company's staff: the employer invites and manages recruiters; recruiters keep their own details. */
export function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ep.recruiterList, async ({ caller }) => ({ recruiters: await listStaff(ctx, caller.userId) }));

  route(app, ep.inviteRecruiter, async ({ caller, body }) => {
    const { recruiter, resent, message } = await inviteRecruiter(ctx, caller.userId, body);
    return reply({ recruiter, resent }, { message });
  });

  route(app, ep.revokeInvitation, async ({ caller, query }) => {
    const message = await revokeInvitation(ctx, caller.userId, query.Email);
    return reply(null, { message });
  });

  route(app, ep.deleteRecruiter, async ({ caller, query }) => {
    const message = await deleteRecruiter(ctx, caller.userId, query.Email);
    return reply(null, { message });
  });

  route(app, ep.editRecruiter, async ({ caller, body }) =>
    reply({ recruiter: await editRecruiter(ctx, caller.userId, body) }, { message: StaffMessages.recruiterSaved }),
  );

  const switches = [
    [ep.activeRecruiter, 'on'],
    [ep.deactiveRecruiter, 'off'],
    [ep.toggleForRecruiter, 'toggle'],
  ] as const;
  for (const [e, to] of switches) {
    route(app, e, async ({ caller, query }) => {
      const { recruiter, message } = await switchRecruiter(ctx, caller.userId, query.RecruiterEmail, to);
      return reply({ recruiter }, { message });
    });
  }

  route(app, ep.getRecruiter, async ({ caller }) => recruiterProfile(ctx, caller.userId));

  route(app, ep.updateRecruiter, async ({ caller, body }) =>
    reply(await updateRecruiterProfile(ctx, caller.userId, body), { message: StaffMessages.profileSaved }),
  );

  route(app, invitations.invitation, async ({ query, req }) => invitationByToken(ctx, query.token, req.ip));

  route(app, invitations.acceptInvitation, async ({ body, req }) => {
    const session = await acceptInvitation(ctx, body, req.ip);
    return reply(session, { status: 201 });
  });
}
