import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DataOf, EndpointDef, QueryOf } from '../../src/contract/endpoint.ts';
import * as ep from '../../src/contract/lookups.ts';
import type { AppContext } from '../context.ts';
import { revalidatable } from '../http/caching.ts';
import { route } from '../http/route.ts';
import { collegeRoutes } from './colleges.ts';
import { lookupStoreOf, type Lookups } from './service.ts';

/** Lookups change only with a release: an hour in any cache, then revalidated by ETag. */
export const LOOKUP_CACHE_CONTROL = 'public, max-age=3600';

export function lookupRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = lookupStoreOf(ctx.db);

  // Read the lists once the server listens, so the first form does not wait for them.
  app.addHook('onListen', async () => {
    store.get().catch((err) => ctx.log.error({ err }, 'reading the lookups failed'));
  });

  app.register(async (scope) => {
    revalidatable(scope);

    const list = <E extends EndpointDef>(endpoint: E, pick: (lookups: Lookups) => DataOf<E>) =>
      route(scope, endpoint, async ({ res }) => {
        const data = pick(await store.get());
        res.header('Cache-Control', LOOKUP_CACHE_CONTROL);
        return data;
      });

    list(ep.degrees, (l) => l.degrees);
    list(ep.fieldsOfStudy, (l) => l.fieldsOfStudy);
    list(ep.skills, (l) => l.skills);
    list(ep.jobTypes, (l) => l.jobTypes);
    list(ep.schedules, (l) => l.schedules);
    list(ep.locations, (l) => l.preferLocations);
    list(ep.industries, (l) => l.industries);
    list(ep.countries, (l) => l.countries);
    list(ep.allowedCountries, (l) => l.allowedCountries);
    list(ep.languages, (l) => l.languages);
    list(ep.supplementalPays, (l) => l.supplementalPays);
    list(ep.benefits, (l) => l.benefits);
    list(ep.allLookups, (l) => l.all);

    // One capability under two names (spec 2 §7): Master/University and Account/UniversitySearch.
    const searchUniversities = async ({ query, res }: { query: QueryOf<typeof ep.universities>; res: FastifyReply }) => {
      const page = (await store.get()).searchUniversities(query);
      res.header('Cache-Control', LOOKUP_CACHE_CONTROL);
      return page;
    };
    route(scope, ep.universities, searchUniversities);
    route(scope, ep.universitySearch, searchUniversities);
  });

  collegeRoutes(app, ctx);
}
