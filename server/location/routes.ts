import type { FastifyInstance } from 'fastify';
import { AccountMessages } from '../../src/contract/account.ts';
import { locationSearch } from '../../src/contract/location.ts';
import type { AppContext } from '../context.ts';
import { tooManyRequests } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { getGazetteer as warmGazetteer } from './gazetteer.ts';
import { createLocationSearch } from './service.ts';

/** Typing in the search box sends a search at most every 650 ms; this leaves plenty of room. */
export const LOCATION_SEARCH_LIMIT = { perIp: 120, windowSeconds: 60 } as const;

export function locationRoutes(app: FastifyInstance, ctx: AppContext) {
  const searchLocations = createLocationSearch({ geocoder: ctx.adapters.geocoder, log: ctx.log });

  // Build the place index once the server listens, so the first visitor does not wait for it.
  app.addHook('onListen', async () => {
    warmGazetteer().catch((err) => ctx.log.error({ err }, 'gazetteer failed'));
  });

  route(app, locationSearch, async ({ body, req }) => {
    const gate = await ctx.adapters.rateLimiter.hit(
      `location-search:ip:${req.ip}`,
      LOCATION_SEARCH_LIMIT.perIp,
      LOCATION_SEARCH_LIMIT.windowSeconds,
    );
    if (!gate.allowed) throw tooManyRequests(AccountMessages.tooManyRequests);
    return { locations: await searchLocations(body.locationName, body.type) };
  });
}
