import type { FastifyInstance } from 'fastify';
import { CollegeMessages, COLLEGE_RESULTS, findColleges, type College } from '../../src/contract/colleges.ts';
import type { University } from '../../src/contract/lookups.ts';
import type { AppContext } from '../context.ts';
import { tooManyRequests } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { readUniversityPlaces } from './data/universities.ts';
import { createUniversityIndex, lookupStoreOf } from './service.ts';

/** A search per keystroke pause, as the location search: the same room per address. */
export const COLLEGE_SEARCH_LIMIT = { perIp: 120, windowSeconds: 60 } as const;

/**
 * The colleges search: the universities lookup's name search over the institutions whose campus
 * has a place (university-places.tsv), each answered with its coordinates.
 */
export function createCollegeSearch(universities: readonly University[], places = readUniversityPlaces()) {
  const colleges = new Map<number, College>();
  for (const u of universities) {
    const place = places.get(u.id);
    if (place && u.city && u.state) colleges.set(u.id, { id: u.id, name: u.name, city: u.city, state: u.state, ...place });
  }
  const search = createUniversityIndex(universities.filter((u) => colleges.has(u.id)));
  return (text: string): College[] => search({ search: text, page: 1, pageSize: COLLEGE_RESULTS }).items.map((u) => colleges.get(u.id)!);
}

export function collegeRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = lookupStoreOf(ctx.db);
  let searching: Promise<(text: string) => College[]> | undefined;
  const searchOf = () => {
    if (!searching) {
      const building = store.get().then((l) => createCollegeSearch(l.universities));
      searching = building;
      building.catch(() => {
        if (searching === building) searching = undefined;
      });
    }
    return searching;
  };

  route(app, findColleges, async ({ query, req, res }) => {
    const gate = await ctx.adapters.rateLimiter.hit(
      `colleges:ip:${req.ip}`,
      COLLEGE_SEARCH_LIMIT.perIp,
      COLLEGE_SEARCH_LIMIT.windowSeconds,
    );
    if (!gate.allowed) throw tooManyRequests(CollegeMessages.tooMany);
    const colleges = (await searchOf())(query.q);
    // The list changes only with a release; answers may be kept a while.
    res.header('Cache-Control', 'public, max-age=3600');
    return { colleges };
  });
}
