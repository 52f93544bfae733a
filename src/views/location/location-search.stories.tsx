import type { Meta, StoryObj } from '@storybook/react-vite';
import type { LocationSearchContext } from '../../machines/location/location-search.machine.ts';
import { LocationSearch } from './location-search.view.tsx';
import { SAMPLE_PLACES, storySearchLogic } from './location-stories-support.ts';

const logic = storySearchLogic;

const at = (
  value: 'idle' | 'debouncing' | 'searching' | 'results' | 'noResults' | 'closing',
  context: Partial<LocationSearchContext> = {},
) => logic.resolveState({ value, context: { text: '', type: 1, results: null, selected: null, ...context } });

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
export const Results: Story = { parameters: { snapshot: at('results', { text: 'port', results: SAMPLE_PLACES }) } };

/** noResults: "No locations found". */
export const NoResults: Story = { parameters: { snapshot: at('noResults', { text: 'zzyzx', results: [] }) } };

/** closing: the field lost focus; the list stays 350 ms so a click still counts. */
export const Closing: Story = { parameters: { snapshot: at('closing', { text: 'port', results: SAMPLE_PLACES }) } };

/** idle after a choice: the field holds the place picked. */
export const Chosen: Story = {
  parameters: { snapshot: at('idle', { text: 'Portland, OR', selected: SAMPLE_PLACES[0]! }) },
};

/** Street search (type 2), as used with an external geocoder. */
export const StreetSearch: Story = { args: { type: 2, label: 'Street address', placeholder: 'e.g. 1600 Pennsylvania Ave' } };

export const ResultsDark: Story = { ...Results, globals: { theme: 'dark' } };
