import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { companyMemberOf, displayNameOf } from '../company/index.ts';
import * as ep from '../../src/contract/posting.ts';
import { ActiveFlag, PostingMessages } from '../../src/contract/posting.ts';
import { deleteDraft, draftOf, listDrafts, storeDraft, type PostingActor } from './drafts.ts';
import { cloneJob, deleteJob, editJob, jobAsDraft, publishDraft, publishJobData, setJobStatus } from './jobs.ts';
import { companyJob, companyJobDetail, listCompanyJobs } from './lists.ts';
import { suggestDescription } from './suggest.ts';

/**
 * Bodies that carry job data may be larger than the app's 1 MiB default, so that an oversized
 * field is answered by the schema's limit on that field (400) rather than a bare 413.
 */
const JOB_DATA_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Posting (spec 2 §7: the Job draft and job post calls; the Recruiter and Employer job calls).
 * The company's employer and its recruiters share its drafts and jobs; every id is looked up
 * within the caller's own company, so another company's draft or job is 404.
 */
export function postingRoutes(app: FastifyInstance, ctx: AppContext) {
  const member = async (caller: AccessClaims) => {
    const m = await companyMemberOf(ctx, caller);
    const actor: PostingActor = { companyId: m.company.id, userId: m.user.id };
    return { ...m, actor };
  };

  // ---------- drafts ----------

  route(
    app,
    ep.draftUpdate,
    async ({ caller, body }) => {
      const { actor, company } = await member(caller);
      const draft = await storeDraft(ctx, actor, body.Draft);
      if (!body.UseAi) return reply({ draft, suggestedDescription: null }, { message: PostingMessages.draftSaved });
      const suggestedDescription = await suggestDescription(ctx, displayNameOf(company), draft.jobData);
      return reply(
        { draft, suggestedDescription },
        { message: suggestedDescription ? PostingMessages.draftSaved : PostingMessages.writerUnavailable },
      );
    },
    { bodyLimit: JOB_DATA_BODY_LIMIT },
  );

  route(app, ep.draftList, async ({ caller, query }) => listDrafts(ctx, (await member(caller)).actor.companyId, query));
  route(app, ep.getDraft, async ({ caller, params }) => draftOf(ctx, (await member(caller)).actor.companyId, params.id));
  route(app, ep.deleteDraft, async ({ caller, params }) => {
    await deleteDraft(ctx, (await member(caller)).actor.companyId, params.id);
    return reply(null, { message: PostingMessages.draftDeleted });
  });

  // ---------- publishing ----------

  const publish = async ({ caller, body }: { caller: AccessClaims; body: { DraftId: string } }) => {
    const { actor } = await member(caller);
    const { id, republished } = await publishDraft(ctx, actor, body.DraftId);
    return reply(await companyJobDetail(ctx, actor.companyId, id), {
      message: republished ? PostingMessages.republished : PostingMessages.published,
    });
  };
  route(app, ep.jobPostCreate, publish);
  route(app, ep.jobPostUpdate, publish);

  for (const e of [ep.jobPost, ep.recruiterJobPost]) {
    route(
      app,
      e,
      async ({ caller, body }) => {
        const { actor } = await member(caller);
        const { id } = await publishJobData(ctx, actor, body.jobData);
        return reply(await companyJobDetail(ctx, actor.companyId, id), { message: PostingMessages.published });
      },
      { bodyLimit: JOB_DATA_BODY_LIMIT },
    );
  }

  route(
    app,
    ep.editJobPost,
    async ({ caller, body }) => {
      const { actor } = await member(caller);
      await editJob(ctx, actor, body.jobPostId, body.jobData);
      return reply(await companyJobDetail(ctx, actor.companyId, body.jobPostId), { message: PostingMessages.republished });
    },
    { bodyLimit: JOB_DATA_BODY_LIMIT },
  );

  route(app, ep.jobPostAsDraft, async ({ caller, query }) => {
    const { actor } = await member(caller);
    return draftOf(ctx, actor.companyId, await jobAsDraft(ctx, actor, query.id));
  });

  route(app, ep.jobPostClone, async ({ caller, body }) => {
    const { actor } = await member(caller);
    const draft = await draftOf(ctx, actor.companyId, await cloneJob(ctx, actor, body.id));
    return reply(draft, { message: PostingMessages.cloned });
  });

  // ---------- a job's lifecycle ----------

  const changeStatus = async (caller: AccessClaims, jobPostId: string, to: 'Active' | 'Closed') => {
    const { actor } = await member(caller);
    await setJobStatus(ctx, actor, jobPostId, to);
    return reply(await companyJob(ctx, actor.companyId, jobPostId), {
      message: to === 'Closed' ? PostingMessages.closed : PostingMessages.reopened,
    });
  };
  route(app, ep.updateStatus, async ({ caller, body }) => changeStatus(caller, body.JobPostId, body.Status));
  route(app, ep.jobClosed, async ({ caller, query }) => changeStatus(caller, query.JobId, 'Closed'));
  route(app, ep.jobReopen, async ({ caller, query }) => changeStatus(caller, query.JobId, 'Active'));

  route(app, ep.deleteJobPost, async ({ caller, body }) => {
    const { actor } = await member(caller);
    await deleteJob(ctx, actor, body.id);
    return reply(null, { message: PostingMessages.deleted });
  });

  for (const e of [ep.getJobPostById, ep.getJobPostByIdPost]) {
    route(app, e, async ({ caller, query }) => companyJobDetail(ctx, (await member(caller)).actor.companyId, query.JobId));
  }

  // ---------- lists: one service, three calls ----------

  route(app, ep.employerJobPosts, async ({ caller, body }) => listCompanyJobs(ctx, (await member(caller)).company, body));
  const allJobs = async (caller: AccessClaims, request: { searchQuery?: string | null; pageNumber: number; pageSize: number }) =>
    listCompanyJobs(ctx, (await member(caller)).company, {
      pageNumber: request.pageNumber,
      pageSize: request.pageSize,
      search: request.searchQuery ?? null,
      sortFlag: 0,
      activeFlag: ActiveFlag.All,
      companySearch: null,
      ascending: false,
    });
  route(app, ep.getAllJobs, async ({ caller, body }) => allJobs(caller, body));
  route(app, ep.getAllJobsByQuery, async ({ caller, query }) => allJobs(caller, query));
  for (const e of [ep.getJobsByStatus, ep.getJobsByStatusPost]) {
    route(app, e, async ({ caller, query }) =>
      listCompanyJobs(ctx, (await member(caller)).company, {
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
        search: null,
        sortFlag: 0,
        activeFlag: query.Status ? ActiveFlag.Active : ActiveFlag.Inactive,
        companySearch: null,
        ascending: false,
      }),
    );
  }
}
