import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { MapCluster } from '../../contract/map.ts';
import { mapMachine, type MapContext } from '../../machines/jobs/map.machine.ts';
import { NOTHING_STORED, type StoredMapView } from '../../services/map-store.ts';
import OfflineMap from './offline-map.view.tsx';

/** The map machine without the browser's storage: it opens at the defaults and keeps nothing. */
const storyLogic = mapMachine.provide({
  actors: { restore: fromPromise<StoredMapView>(async () => NOTHING_STORED) },
  actions: { persist: () => {} },
});
/** Never finishes reading the kept view: the map stays in its loading state. */
const loadingLogic = mapMachine.provide({
  actors: { restore: fromPromise<StoredMapView>(() => new Promise(() => {})) },
});

const PORTLAND = { lat: 45.5152, lng: -122.6784 };

/**
 * Markers around Portland at zoom 12, as the search would give them: pins for single jobs (the
 * nurse's boost highlights its pin), clusters of each size.
 */
const PORTLAND_MARKERS: MapCluster[] = [
  { id: '12/1/1', latitude: 45.5231, longitude: -122.6765, count: 1, jobId: 'job-cook', title: 'Line cook' },
  { id: '12/1/2', latitude: 45.5122, longitude: -122.6587, count: 1, jobId: 'job-barista', title: 'Barista' },
  { id: '12/1/3', latitude: 45.5357, longitude: -122.6995, count: 1, jobId: 'job-nurse', title: 'Registered nurse', highlightedPin: true },
  { id: '12/1/4', latitude: 45.4962, longitude: -122.6301, count: 7, jobId: null },
  { id: '12/1/5', latitude: 45.5586, longitude: -122.6468, count: 42, jobId: null },
  { id: '12/1/6', latitude: 45.4871, longitude: -122.7204, count: 380, jobId: null },
];

/** Clusters across the country at zoom 5, one of each of the 5 sizes. */
const COUNTRY_MARKERS: MapCluster[] = [
  { id: '5/1/1', latitude: 45.52, longitude: -122.68, count: 4, jobId: null },
  { id: '5/1/2', latitude: 37.77, longitude: -122.42, count: 86, jobId: null },
  { id: '5/1/3', latitude: 41.88, longitude: -87.63, count: 940, jobId: null },
  { id: '5/1/4', latitude: 40.71, longitude: -74.0, count: 8400, jobId: null },
  { id: '5/1/5', latitude: 32.78, longitude: -96.8, count: 15200, jobId: null },
  { id: '5/1/6', latitude: 39.74, longitude: -104.99, count: 1, jobId: 'job-welder', title: 'Welder' },
];

const at = (context: Partial<MapContext>) =>
  storyLogic.resolveState({
    value: { ready: 'idle' },
    context: {
      zoom: 13,
      type: 'roadmap',
      center: { lat: 45.628, lng: -122.6739 },
      bounds: null,
      announced: null,
      clusters: [],
      highlightedJobId: null,
      selectedJobId: null,
      ...context,
    },
  });

function StoryMap({ logic = storyLogic, snapshot }: { logic?: typeof mapMachine; snapshot?: SnapshotFrom<typeof mapMachine> }) {
  const actor = useActorRef(logic, { input: {}, snapshot });
  return <OfflineMap actor={actor} />;
}

const meta = {
  title: 'Jobs/Offline map',
  component: StoryMap,
  // The machine is not a story arg (it cannot be serialised); a story's state is a parameter.
  render: (_args, { parameters }) => (
    <StoryMap
      logic={parameters.logic as typeof mapMachine | undefined}
      snapshot={parameters.snapshot as SnapshotFrom<typeof mapMachine> | undefined}
    />
  ),
  decorators: [
    (Story) => (
      <div className="h-[520px] bg-surface p-2 text-ink">
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen', docs: { story: { height: '560px' } } },
} satisfies Meta<typeof StoryMap>;

export default meta;
type Story = StoryObj<typeof meta>;

/** restoring: reading where the map was left. */
export const Loading: Story = { parameters: { logic: loadingLogic } };

/** ready, nothing kept: zoom 13 at the default location (Vancouver, WA), counties drawn. Drag, wheel or use the keys. */
export const Default: Story = {};

/** Zoomed out over the country: states only, clusters in all 5 sizes. */
export const Country: Story = { parameters: { snapshot: at({ zoom: 5, center: { lat: 39, lng: -98 }, clusters: COUNTRY_MARKERS }) } };

/** Clusters and single-job pins from a search around Portland. */
export const WithClusters: Story = { parameters: { snapshot: at({ zoom: 12, center: PORTLAND, clusters: PORTLAND_MARKERS }) } };

/** A result in the list is pointed at: its pin stands out. */
export const HighlightedPin: Story = {
  parameters: { snapshot: at({ zoom: 12, center: PORTLAND, clusters: PORTLAND_MARKERS, highlightedJobId: 'job-barista' }) },
};

/** A pin chosen: it is the current job on the map. */
export const Selected: Story = {
  parameters: { snapshot: at({ zoom: 12, center: PORTLAND, clusters: PORTLAND_MARKERS, selectedJobId: 'job-cook' }) },
};

/** The most a map may zoom: zoom in is off. */
export const MostZoomedIn: Story = {
  parameters: { snapshot: at({ zoom: 20, type: 'satellite', center: PORTLAND, clusters: PORTLAND_MARKERS.slice(0, 1) }) },
};

export const Dark: Story = { ...WithClusters, globals: { theme: 'dark' } };

export const SelectedDark: Story = { ...Selected, globals: { theme: 'dark' } };
