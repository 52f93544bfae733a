import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { activeUser } from '../account/index.ts';
import * as ep from '../../src/contract/jobs.ts';
import { JobMessages } from '../../src/contract/jobs.ts';
import { jobDetail } from './detail.ts';
import { recordClick, recordImpressions } from './clicks.ts';
import { listSaved, saveJob, unsaveJob } from './saved.ts';
import { jobListCount, listApplied, listMatched, seekerDashboardCount } from './seeker-lists.ts';
import { applyToJob } from './apply.ts';
import { reportJob } from './report.ts';
import { robotsTxt, sitemapPart, sitemapSite, sitemapXml } from './seo.ts';

/** api/click/log carries a few extra fields; nothing larger is read. */
const CLICK_LOG_BODY_LIMIT = 8 * 1024;
/** Sitemaps and robots.txt may be kept by crawlers and proxies for a while. */
const CRAWLER_CACHE = 'public, max-age=600';

/**
 * A job's page and what job seekers do with jobs (spec 2 §7: the JobSeeker job calls, the Job
 * job-post, click and apply-start calls), and the files search engines read. Every seeker call
 * reads and writes the caller's own rows only: another seeker's saved or applied jobs are never
 * reachable, whatever the request names.
 */
export function jobDetailRoutes(app: FastifyInstance, ctx: AppContext) {
  // ---------- a job's page ----------

  route(app, ep.jobPostById, async ({ params, caller }) => jobDetail(ctx, params.id, caller));
  route(app, ep.getJobPost, async ({ query, caller }) => jobDetail(ctx, query.JobId, caller));
  route(app, ep.seekerJob, async ({ query, caller }) => jobDetail(ctx, query.id, caller));

  // ---------- views and application starts ----------

  const visitor = (req: FastifyRequest, caller: AccessClaims | null) => ({ caller, ip: req.ip, userAgent: req.headers['user-agent'] });
  route(app, ep.jobClick, async ({ params, caller, req }) => recordClick(ctx, params.id, 'view', visitor(req, caller)));
  route(app, ep.jobApplyStart, async ({ params, caller, req }) => recordClick(ctx, params.id, 'apply-start', visitor(req, caller)));
  route(app, ep.clickLog, async ({ body, caller, req }) => recordClick(ctx, body.targetId, 'view', visitor(req, caller)), {
    bodyLimit: CLICK_LOG_BODY_LIMIT,
  });

  // ---------- saving ----------

  route(app, ep.saveJob, async ({ params, caller }) => {
    const seeker = await activeUser(ctx, caller.userId);
    await saveJob(ctx, seeker.id, params.id);
    return reply({ jobId: params.id, isSaved: true }, { message: JobMessages.saved });
  });
  route(app, ep.unsaveJob, async ({ params, caller }) => {
    const seeker = await activeUser(ctx, caller.userId);
    await unsaveJob(ctx, seeker.id, params.id);
    return reply({ jobId: params.id, isSaved: false }, { message: JobMessages.unsaved });
  });

  // ---------- the seeker's lists and counts ----------

  // Open jobs in the seeker's saved and matched lists are impressions; their own applications are not.
  const shown = <P extends { items: Array<{ id: string; jobStatus: string }> }>(req: FastifyRequest, caller: AccessClaims, page: P): P => {
    recordImpressions(
      ctx,
      page.items.filter((item) => item.jobStatus === 'Active').map((item) => item.id),
      { caller, userAgent: req.headers['user-agent'] },
    );
    return page;
  };
  route(app, ep.savedJobs, async ({ body, caller, req }) => shown(req, caller, await listSaved(ctx, caller.userId, body)));
  route(app, ep.savedJobsGet, async ({ query, caller, req }) => shown(req, caller, await listSaved(ctx, caller.userId, query)));
  for (const e of [ep.appliedList, ep.applyJobList]) route(app, e, async ({ body, caller }) => listApplied(ctx, caller.userId, body));
  route(app, ep.matchedList, async ({ body, caller, req }) => shown(req, caller, await listMatched(ctx, caller.userId, body)));
  route(app, ep.jobListCount, async ({ caller }) => jobListCount(ctx, caller.userId));
  for (const e of [ep.seekerDashboardCount, ep.seekerDashboardCountPost]) {
    route(app, e, async ({ caller }) => seekerDashboardCount(ctx, caller.userId));
  }

  // ---------- applying and reporting ----------

  for (const e of [ep.apply, ep.applyJob]) {
    route(app, e, async ({ body, caller }) => {
      const { application, created } = await applyToJob(ctx, caller.userId, body);
      return reply(
        application,
        created
          ? { message: JobMessages.applied, status: 201, code: 'application.created' }
          : { message: JobMessages.alreadyApplied, status: 200, code: 'application.alreadyApplied' },
      );
    });
  }

  route(app, ep.reportJob, async ({ query, body, caller }) => {
    await reportJob(ctx, caller.userId, query.JobId, body);
    return reply(null, { message: JobMessages.reported });
  });

  // ---------- for search engines ----------

  app.get('/robots.txt', async (_req, res) =>
    res.header('Cache-Control', CRAWLER_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(ctx.config.publicUrl)),
  );
  app.get('/sitemap.xml', async (_req, res) =>
    res
      .header('Cache-Control', CRAWLER_CACHE)
      .type('application/xml; charset=utf-8')
      .send(await sitemapXml(ctx)),
  );
  app.get<{ Params: { name: string } }>('/sitemaps/:name', async (req, res) => {
    const part = /^jobs-(\d{1,5})\.xml$/.exec(req.params.name);
    const xml = req.params.name === 'site.xml' ? sitemapSite(ctx.config.publicUrl) : part ? await sitemapPart(ctx, Number(part[1])) : null;
    if (!xml) return res.code(404).type('text/plain').send('Not found');
    return res.header('Cache-Control', CRAWLER_CACHE).type('application/xml; charset=utf-8').send(xml);
  });
}
