import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { companyMemberOf } from '../company/index.ts';
import { activeUser } from '../account/index.ts';
import { recordImpressions } from '../jobs/index.ts';
import * as ep from '../../src/contract/suggestions.ts';
import { invitedSummary, SuggestionMessages } from '../../src/contract/suggestions.ts';
import { inviteSeekers, type StaffActor } from './invite.ts';
import { listSeekerInvitations, listSentInvitations, markInvitationViewed, suggestedSeekers, suggestedSeekersAcrossJobs } from './lists.ts';

/**
 * Suggested job seekers and invitations (spec 2 §7: SuggestedJobSeeker, SuggestedJobSeekerByJob,
 * InviteJobSeeker, InviteJobSeekersByJobId, also under the Employer prefix where spec 2 §6 allows;
 * the invitations sent, for /user/invites; the seeker's invitations). The company is always the
 * one the caller's own row names: another company's job answers 404 like one that never existed.
 */
export function suggestionRoutes(app: FastifyInstance, ctx: AppContext) {
  const staff = async (caller: AccessClaims): Promise<StaffActor> => {
    const m = await companyMemberOf(ctx, caller);
    return { companyId: m.company.id, userId: m.user.id };
  };

  for (const e of [ep.suggestedJobSeekerByJob, ep.employerSuggestedJobSeekers]) {
    route(app, e, async ({ caller, body }) => suggestedSeekers(ctx, (await staff(caller)).companyId, body));
  }

  // With a job, that job's list; without one, the dashboard's list across the company's open jobs.
  route(app, ep.suggestedJobSeeker, async ({ caller, body }) => {
    const { companyId } = await staff(caller);
    const { jobId, pageNumber, pageSize } = body;
    if (!jobId) return suggestedSeekersAcrossJobs(ctx, companyId, { pageNumber, pageSize });
    const one = await suggestedSeekers(ctx, companyId, { jobId, pageNumber, pageSize });
    return { ...one, items: one.items.map((item) => ({ ...item, job: one.job })) };
  });

  for (const e of [ep.inviteJobSeeker, ep.employerInviteJobSeeker]) {
    route(app, e, async ({ caller, body }) => {
      const [result] = await inviteSeekers(ctx, await staff(caller), body.jobId, [body.jobSeekerId]);
      switch (result!.outcome) {
        case 'notFound':
          throw notFound(SuggestionMessages.seekerNotFound);
        case 'alreadyApplied':
          throw conflict(SuggestionMessages.alreadyApplied);
        case 'alreadyInvited':
          return reply(result!, { message: SuggestionMessages.alreadyInvited, status: 200 });
        default:
          return reply(result!, { message: SuggestionMessages.invited, status: 201 });
      }
    });
  }

  for (const e of [ep.inviteJobSeekersByJobId, ep.employerInviteJobSeekers]) {
    route(app, e, async ({ caller, body }) => {
      const results = await inviteSeekers(ctx, await staff(caller), body.jobId, body.jobSeekerIds);
      const invited = results.filter((r) => r.outcome === 'invited').length;
      const skipped = results.length - invited;
      return reply({ results, invited, skipped }, { message: invitedSummary(invited, skipped) });
    });
  }

  for (const e of [ep.sentInvitations, ep.employerSentInvitations]) {
    route(app, e, async ({ caller, body }) => listSentInvitations(ctx, (await staff(caller)).companyId, body));
  }

  route(app, ep.seekerInvitations, async ({ caller, query, req }) => {
    await activeUser(ctx, caller.userId);
    const page = await listSeekerInvitations(ctx, caller.userId, query);
    // The jobs the seeker is invited to, shown in the list: impressions of those still open.
    recordImpressions(
      ctx,
      page.items.filter((i) => i.jobOpen).map((i) => i.job.id),
      { caller, userAgent: req.headers['user-agent'] },
    );
    return page;
  });

  route(app, ep.invitationViewed, async ({ caller, body }) => {
    await activeUser(ctx, caller.userId);
    return reply(await markInvitationViewed(ctx, caller.userId, body.invitationId), { message: SuggestionMessages.viewed });
  });
}
