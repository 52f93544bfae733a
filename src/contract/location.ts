import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { AccountMessages } from './account-messages.ts';

export { DEFAULT_LOCATION, LocationSearchType, locationSources, type LocationSource, type UserLocation } from './user-location.ts';

export const locationResultSchema = z.object({
  id: z.string(),
  address: z.object({
    freeformAddress: z.string(),
    countrySubdivisionName: z.string(),
  }),
  position: z.object({ lat: z.number(), lng: z.number() }),
});
export type LocationResult = z.infer<typeof locationResultSchema>;

export const locationSearchRequestSchema = z.object({
  locationName: z
    .string({ error: AccountMessages.locationName })
    .trim()
    .min(1, AccountMessages.locationName)
    .max(120, AccountMessages.locationName),
  type: z.union([z.literal(1), z.literal(2)], { error: AccountMessages.locationType }).optional(),
});

export const locationSearch = endpoint({
  method: 'POST',
  path: '/api/job/location-search',
  auth: 'public',
  tag: 'location',
  summary: 'Find US cities and ZIP codes (streets with an external geocoder)',
  body: locationSearchRequestSchema,
  response: z.object({ locations: z.array(locationResultSchema) }),
});
