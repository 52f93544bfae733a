import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import * as ep from '../../src/contract/search.ts';
import {
  COORDINATE_RADIUS_MILES,
  DEFAULT_SEARCH_LOCATION,
  NO_FILTERS,
  SearchMessages,
  type SearchRequest,
} from '../../src/contract/search.ts';
import { boostedJobs, mapClusters, searchJobs, type JobSearch, type Searcher } from './search.ts';
import { stopSearchIndex } from './search-index/sync.ts';
import * as contact from '../../src/contract/contact.ts';
import { ContactMessages } from '../../src/contract/contact.ts';
import { resumeTracking } from '../../src/contract/jobs.ts';
import { resumeTracking as trackResumes } from './resume-tracking.ts';
import {
  confirmAlert,
  deleteJobAlert,
  myJobAlerts,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  subscribeToAlerts,
  unsubscribeFromAlerts,
  updateJobAlert,
} from './alerts.ts';
import { startDigests } from './alert-digests.ts';
import { startSearchUpkeep } from './search-postgres.ts';
import * as alerts from '../../src/contract/job-alerts.ts';
import { JobAlertMessages } from '../../src/contract/job-alerts.ts';
import { fail, ok } from '../http/envelope.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import { unsubscribeInputSchema } from '../../src/contract/contact.ts';
import { isBotMessage, sendContactMessage } from './contact.ts';
import { recordImpressions } from './clicks.ts';

/**
 * Anonymous searching is limited per address: a visitor paging and filtering stays far below it,
 * a scraper does not. The map asks again on every pan and zoom, so it has its own, larger budget.
 */
export const ANONYMOUS_SEARCH_LIMIT = { perIp: 120, windowSeconds: 60 } as const;
export const ANONYMOUS_MAP_LIMIT = { perIp: 300, windowSeconds: 60 } as const;
/**
 * Calls that send mail are limited per address for everyone, signed in or not: a visitor
 * subscribes to a few alerts or writes once or twice, a script filling inboxes does not.
 */
export const SUBSCRIBE_LIMIT = { perIp: 10, windowSeconds: 3600 } as const;
export const CONTACT_LIMIT = { perIp: 5, windowSeconds: 3600 } as const;

/** A search request as the search reads it. */
function searchOf(body: SearchRequest): JobSearch {
  return {
    keyword: body.keyword,
    location: body.location,
    filters: body.filters,
    sort: body.sort,
    pageNumber: body.paging.pageNumber,
    pageSize: body.paging.pageSize,
    asOf: body.asOf ? new Date(body.asOf) : null,
    pins: body.flags.Pins ? { viewport: body.viewport } : null,
  };
}

/** A signed-in job seeker's own records shape what they see; anyone else sees the plain list. */
const searcherOf = (caller: AccessClaims | null): Searcher => ({ seekerId: caller?.role === 'JobSeeker' ? caller.userId : null });

/**
 * Finding jobs (spec 2 §7): enhanced-search for job seekers and its legacy name SearchJob,
 * simple-search for anyone, the map's clusters, the boosted strip, and the Job calls
 * GetAllJobPostList, FindJobs and JobsByCoordinates, each one search with its parameters mapped.
 */
export function jobSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  // The index's safety passes end with the app, before its database closes.
  app.addHook('onClose', async () => stopSearchIndex(ctx.db));
  // Every job a result page or the featured strip shows a job seeker or a visitor is an impression (counted in memory, DESIGN §8 Counting).
  const shown = async <P extends { items: Array<{ id: string }> }>(
    req: FastifyRequest,
    caller: AccessClaims | null,
    page: Promise<P>,
  ): Promise<P> => {
    const answered = await page;
    recordImpressions(
      ctx,
      answered.items.map((item) => item.id),
      { caller, userAgent: req.headers['user-agent'] },
    );
    return answered;
  };

  const limit = async (req: FastifyRequest, caller: AccessClaims | null, kind: 'search' | 'map') => {
    if (caller) return;
    const rule = kind === 'map' ? ANONYMOUS_MAP_LIMIT : ANONYMOUS_SEARCH_LIMIT;
    const gate = await ctx.adapters.rateLimiter.hit(`job-${kind}:ip:${req.ip}`, rule.perIp, rule.windowSeconds);
    if (!gate.allowed) throw tooManyRequests(SearchMessages.tooMany);
  };

  // The seeker's own search checks the account in the statement reading the seeker's records.
  for (const e of [ep.enhancedSearch, ep.searchJob]) {
    route(
      app,
      e,
      async ({ caller, body, req }) => shown(req, caller, searchJobs(ctx, searchOf(body), { ...searcherOf(caller), checksAccount: true })),
      {
        handlerChecksAccount: true,
      },
    );
  }

  route(app, ep.simpleSearch, async ({ caller, body, req }) => {
    await limit(req, caller, 'search');
    return shown(req, caller, searchJobs(ctx, searchOf(body), searcherOf(caller)));
  });

  route(app, ep.mapClusters, async ({ caller, body, req }) => {
    await limit(req, caller, 'map');
    return mapClusters(ctx, body, searcherOf(caller));
  });

  route(app, ep.boosts, async ({ caller, body, req }) => {
    await limit(req, caller, 'search');
    return shown(req, caller, boostedJobs(ctx, body, searcherOf(caller)));
  });

  // ---------- the legacy Job calls: the same search ----------

  route(app, ep.getAllJobPostList, async ({ caller, query, req }) => {
    await limit(req, caller, 'search');
    return shown(
      req,
      caller,
      searchJobs(
        ctx,
        {
          keyword: null,
          location: null,
          filters: NO_FILTERS,
          sort: 'newest',
          pageNumber: query.pageNumber,
          pageSize: query.pageSize,
          asOf: null,
          pins: null,
        },
        searcherOf(caller),
      ),
    );
  });

  route(app, ep.findJobs, async ({ caller, body, req }) => {
    await limit(req, caller, 'search');
    const place =
      body.latitude != null && body.longitude != null
        ? { latitude: body.latitude, longitude: body.longitude, radius: body.distance ?? COORDINATE_RADIUS_MILES }
        : { ...DEFAULT_SEARCH_LOCATION, radius: body.distance ?? DEFAULT_SEARCH_LOCATION.radius };
    return shown(
      req,
      caller,
      searchJobs(
        ctx,
        {
          keyword: body.keyword,
          location: place,
          filters: body.filters,
          sort: body.sort,
          pageNumber: body.pageNumber,
          pageSize: body.pageSize,
          asOf: null,
          pins: null,
        },
        searcherOf(caller),
      ),
    );
  });

  route(app, ep.jobsByCoordinates, async ({ caller, body, req }) => {
    await limit(req, caller, 'search');
    return shown(
      req,
      caller,
      searchJobs(
        ctx,
        {
          keyword: null,
          location: { latitude: body.latitude, longitude: body.longitude, radius: body.distance ?? COORDINATE_RADIUS_MILES },
          filters: NO_FILTERS,
          sort: 'distance',
          pageNumber: body.pageNumber,
          pageSize: body.pageSize,
          asOf: null,
          pins: null,
        },
        searcherOf(caller),
      ),
    );
  });

  jobExtraRoutes(app, ctx);
}

/**
 * ResumeTracking, job alerts (Subscribe, and Unsubscribe for their links) and the contact form
 * (ConnectWithUs): spec 2 §7.
 */
export function jobExtraRoutes(app: FastifyInstance, ctx: AppContext) {
  const limit = async (req: FastifyRequest, kind: 'subscribe' | 'contact') => {
    const rule = kind === 'subscribe' ? SUBSCRIBE_LIMIT : CONTACT_LIMIT;
    const gate = await ctx.adapters.rateLimiter.hit(`job-${kind}:ip:${req.ip}`, rule.perIp, rule.windowSeconds);
    if (!gate.allowed) throw tooManyRequests(ContactMessages.tooManyRequests);
  };

  route(app, resumeTracking, async ({ body, caller }) => trackResumes(ctx, caller.userId, body.resumeId));

  // A signed-in job seeker's own address is on at once; anyone else's waits for its confirmation.
  route(app, contact.subscribe, async ({ body, caller, req }) => {
    await limit(req, 'subscribe');
    const alert = await subscribeToAlerts(ctx, body, caller);
    return reply(alert, { message: alert.confirmed ? JobAlertMessages.subscribedConfirmed : ContactMessages.subscribed });
  });

  route(app, alerts.confirmAlert, async ({ body }) => reply(await confirmAlert(ctx, body.token), { message: JobAlertMessages.confirmed }));

  route(app, contact.unsubscribe, async ({ body }) => {
    await unsubscribeFromAlerts(ctx, body.token);
    return reply(null, { message: ContactMessages.unsubscribed });
  });

  // ---------- one-click unsubscribe (RFC 8058; outside the endpoint table: a mail program's form POST) ----------

  void app.register(async (scope) => {
    // Mail programs post `List-Unsubscribe=One-Click` as a form, with no cookie, session or Origin;
    // the token in the address is all this route reads, whatever the body.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) => done(null, null));
    scope.post(ONE_CLICK_UNSUBSCRIBE_PATH, { schema: { hide: true }, bodyLimit: 4096 }, async (req, res) => {
      const parsed = unsubscribeInputSchema.safeParse(req.query);
      if (!parsed.success) return res.code(404).send(fail(404, ContactMessages.unsubscribeLinkInvalid));
      try {
        await unsubscribeFromAlerts(ctx, parsed.data.token);
      } catch (err) {
        if (err instanceof HttpError) return res.code(err.status).send(fail(err.status, err.message));
        throw err;
      }
      return res.code(200).send(ok(null, 200, ContactMessages.unsubscribed));
    });
  });

  // ---------- the seeker's alerts in settings ----------

  route(app, alerts.myJobAlerts, async ({ caller }) => myJobAlerts(ctx, caller.userId));

  route(app, alerts.updateJobAlert, async ({ caller, params, body }) =>
    reply(await updateJobAlert(ctx, caller.userId, params.id, body.frequency), { message: JobAlertMessages.updated }),
  );

  route(app, alerts.deleteJobAlert, async ({ caller, params }) => {
    await deleteJobAlert(ctx, caller.userId, params.id);
    return reply(null, { message: JobAlertMessages.deleted });
  });

  // ---------- digests: a timer in each process, claiming each alert once ----------

  let stopDigests: (() => void) | null = null;
  let stopFolding: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopDigests = startDigests(ctx);
    // The PostgreSQL search engine's map counts (search-postgres.ts), whichever engine this process chose.
    stopFolding = startSearchUpkeep(ctx);
  });
  app.addHook('preClose', async () => {
    stopDigests?.();
    stopFolding?.();
  });

  route(app, contact.connectWithUs, async ({ body, caller, req }) => {
    await limit(req, 'contact');
    // A bot is thanked like a person, so it has no reason to try another way; nothing is kept or sent.
    if (!isBotMessage(body)) await sendContactMessage(ctx, body, caller?.userId ?? null);
    return reply(null, { message: ContactMessages.thanks });
  });
}
