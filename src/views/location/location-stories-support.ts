import { fromPromise } from 'xstate';
import type { LocationResult } from '../../contract/location.ts';
import { locationSearchMachine, type SearchType } from '../../machines/location/location-search.machine.ts';

/** Sample answers of the location search, as the server gives them. */
export const SAMPLE_PLACES: LocationResult[] = [
  {
    id: 'city:5746545',
    address: { freeformAddress: 'Portland, OR', countrySubdivisionName: 'Oregon' },
    position: { lat: 45.52345, lng: -122.67621 },
  },
  {
    id: 'city:4975802',
    address: { freeformAddress: 'Portland, ME', countrySubdivisionName: 'Maine' },
    position: { lat: 43.65737, lng: -70.2589 },
  },
  {
    id: 'city:4720131',
    address: { freeformAddress: 'Portland, TX', countrySubdivisionName: 'Texas' },
    position: { lat: 27.87725, lng: -97.32388 },
  },
];

/** Answers like the server after a short pause: the Portlands for anything starting with "port", else nothing. */
export const storySearchLogic = locationSearchMachine.provide({
  actors: {
    search: fromPromise<LocationResult[], { text: string; type: SearchType }>(
      ({ input }) =>
        new Promise((resolve) => setTimeout(() => resolve(input.text.toLowerCase().startsWith('port') ? SAMPLE_PLACES : []), 400)),
    ),
  },
});
