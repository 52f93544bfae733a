import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { LocationResult } from '../../contract/location.ts';
import {
  locationSearchMachine,
  type LocationSearchContext,
  type SearchType,
} from '../../machines/location/location-search.machine.ts';
import { LocationSearch } from './location-search.view.tsx';

const PLACES: LocationResult[] = [
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
const logic = locationSearchMachine.provide({
  actors: {
    search: fromPromise<LocationResult[], { text: string; type: SearchType }>(
      ({ input }) =>
        new Promise((resolve) =>
          setTimeout(() => resolve(input.text.toLowerCase().startsWith('port') ? PLACES : []), 400),
        ),
    ),
  },
});

const at = (value: 'idle' | 'debouncing' | 'searching' | 'results' | 'noResults' | 'closing', context: Partial<LocationSearchContext> = {}) =>
  logic.resolveState({ value, context: { text: '', type: 1, results: null, selected: null, ...context } });

const meta = {
  title: 'Location/Location search',
  component: LocationSearch,
  // The machine is not a story arg (it cannot be serialised); a story's state is a parameter.
  render: (args, { parameters }) => (
    <LocationSearch {...args} logic={logic} snapshot={parameters.snapshot as ReturnType<typeof at> | undefined} />
  ),
  decorators: [
    (Story) => (
      <div className="min-h-[360px] max-w-md bg-surface p-3 text-ink">
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LocationSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** idle: an empty field; type "port" to search. */
export const Idle: Story = {};

/** debouncing: typed, waiting 650 ms for the next key. */
export const Typing: Story = { parameters: { snapshot: at('debouncing', { text: 'port' }) } };

/** searching: the request is on its way. */
export const Searching: Story = { parameters: { snapshot: at('searching', { text: 'port' }) } };

/** results: the places found, best known first. */
export const Results: Story = { parameters: { snapshot: at('results', { text: 'port', results: PLACES }) } };

/** noResults: "No locations found". */
export const NoResults: Story = { parameters: { snapshot: at('noResults', { text: 'zzyzx', results: [] }) } };

/** closing: the field lost focus; the list stays 350 ms so a click still counts. */
export const Closing: Story = { parameters: { snapshot: at('closing', { text: 'port', results: PLACES }) } };

/** idle after a choice: the field holds the place picked. */
export const Chosen: Story = {
  parameters: { snapshot: at('idle', { text: 'Portland, OR', selected: PLACES[0]! }) },
};

/** Street search (type 2), as used with an external geocoder. */
export const StreetSearch: Story = { args: { type: 2, label: 'Street address', placeholder: 'e.g. 1600 Pennsylvania Ave' } };

export const ResultsDark: Story = { ...Results, globals: { theme: 'dark' } };
