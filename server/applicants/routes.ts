import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import { sendStoredFile } from '../http/download.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { companyMemberOf } from '../company/index.ts';
import { activeUser } from '../account/index.ts';
import * as ep from '../../src/contract/applicants.ts';
import { ApplicantMessages } from '../../src/contract/applicants.ts';
import * as companyEp from '../../src/contract/company.ts';
import { applicantDetail, markSeen, openApplicationDocument } from './detail.ts';
import { jobDetails, jobsWithApplicants, listApplicants, listJobApplicants, recentApplicants } from './lists.ts';
import { changeApplicantStatus, withdrawApplication, type StaffActor } from './status.ts';
import { dashboardCounts, taskCount } from './counts.ts';
import { documentText } from '../files/index.ts';
import { readAll } from '../platform/file-store.ts';

/**
 * Applicants (spec 2 §7: the Recruiter applicant calls, also under the Employer prefix where
 * spec 2 §6 allows; the seeker's withdrawal; the company dashboards' counts). The company is always the one the caller's own
 * row names: every applicant, job and document is looked up within it, so another company's
 * ids answer 404 like ids that never existed.
 */
export function applicantRoutes(app: FastifyInstance, ctx: AppContext) {
  const staff = async (caller: AccessClaims): Promise<StaffActor> => {
    const m = await companyMemberOf(ctx, caller);
    return { companyId: m.company.id, userId: m.user.id };
  };

  for (const e of [ep.applicants, ep.applicantsList, ep.employerApplicants]) {
    route(app, e, async ({ caller, body }) => {
      const { companyId } = await staff(caller);
      return body.jobId ? listJobApplicants(ctx, companyId, { ...body, jobId: body.jobId }) : listApplicants(ctx, companyId, body);
    });
  }
  for (const e of [ep.jobApplicants, ep.applicantsByJobId, ep.getApplicantThroughJobId, ep.employerJobApplicants]) {
    route(app, e, async ({ caller, body }) => listJobApplicants(ctx, (await staff(caller)).companyId, body));
  }

  route(app, ep.recentApplicants, async ({ caller }) => ({ items: await recentApplicants(ctx, (await staff(caller)).companyId) }));
  route(app, ep.applicantsByJobTitle, async ({ caller, query }) => ({
    items: await jobsWithApplicants(ctx, (await staff(caller)).companyId, query.jobTitle ?? null),
  }));
  for (const e of [ep.jobsWithApplicants, ep.employerJobsWithApplicants]) {
    route(app, e, async ({ caller }) => ({ items: await jobsWithApplicants(ctx, (await staff(caller)).companyId) }));
  }

  for (const e of [ep.applicant, ep.employerApplicant]) {
    route(app, e, async ({ caller, params }) => applicantDetail(ctx, await staff(caller), params.id));
  }
  for (const e of [ep.allDetailsOfApplicants, ep.findJobSeekerThroughAppliedId]) {
    route(app, e, async ({ caller, body }) => applicantDetail(ctx, await staff(caller), body.applicantId));
  }

  for (const e of [ep.seenApplicantsInJobs, ep.employerSeenApplicants]) {
    route(app, e, async ({ caller, body }) => {
      const actor = await staff(caller);
      const seen = await markSeen(ctx, actor, { applicantIds: body.applicantIds, jobId: body.jobId ?? null });
      return reply({ seen }, { message: ApplicantMessages.seen });
    });
  }

  for (const e of [ep.applicantStatus, ep.employerApplicantStatus]) {
    route(app, e, async ({ caller, body }) => {
      const { applicant, changed } = await changeApplicantStatus(ctx, await staff(caller), body.applicantId, body.status);
      return reply(applicant, { message: changed ? ApplicantMessages.statusChanged : ApplicantMessages.statusUnchanged });
    });
  }

  for (const e of [ep.jobDetails, ep.employerJobDetails]) {
    route(app, e, async ({ caller, params }) => jobDetails(ctx, (await staff(caller)).companyId, params.id));
  }

  route(app, ep.assignTaskCount, async ({ caller }) => taskCount(ctx, (await staff(caller)).companyId));
  // The company's dashboards: its job posts and, mostly, their applicants.
  for (const e of [companyEp.dashboardCount, companyEp.recruiterDashboardCount]) {
    route(app, e, async ({ caller }) => dashboardCounts(ctx, (await companyMemberOf(ctx, caller)).company.id));
  }

  for (const e of [ep.downloadResume, ep.employerDownloadResume]) {
    route(app, e, async ({ caller, query, res }) => {
      const { row, object } = await openApplicationDocument(ctx, (await staff(caller)).companyId, query.id);
      return sendStoredFile(res, object, {
        contentType: row.contentType,
        name: row.originalName,
        disposition: 'attachment',
        cacheControl: 'private, no-store',
      });
    });
  }

  for (const e of [ep.resumePreview, ep.employerResumePreview]) {
    route(app, e, async ({ caller, query }) => {
      const { row, object } = await openApplicationDocument(ctx, (await staff(caller)).companyId, query.id);
      return { name: row.originalName, ...(await documentText(await readAll(object), row.contentType)) };
    });
  }

  route(app, ep.withdrawApplication, async ({ caller, body }) => {
    await activeUser(ctx, caller.userId);
    const { application } = await withdrawApplication(ctx, caller.userId, body.applicationId);
    return reply(application, { message: ApplicantMessages.withdrawn });
  });
}
