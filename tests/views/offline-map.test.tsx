import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AppConfigContext } from '../../src/app/app-config.tsx';
import type { LatLng, MapCluster, Viewport } from '../../src/contract/map.ts';
import { DEFAULT_APP_CONFIG, appConfigMachine } from '../../src/machines/app/app-config.machine.ts';
import { VIEWPORT_DEBOUNCE_MS, mapMachine, type MapEmitted } from '../../src/machines/jobs/map.machine.ts';
import { NOTHING_STORED, type StoredMapView } from '../../src/services/map-store.ts';
import { JobMap } from '../../src/views/jobs/job-map.tsx';
import OfflineMap, { COUNTY_MIN_ZOOM } from '../../src/views/jobs/offline-map.view.tsx';
import { FEATURED_PIN as FEATURED_PIN_LOOK, PIN_COLOURS, pinName, pinSvg } from '../../src/views/jobs/map-markers.ts';

const SIZE = { width: 800, height: 500 };
const PORTLAND: LatLng = { lat: 45.5152, lng: -122.6784 };
/** On the Columbia, between Portland, Oregon and Vancouver, Washington. */
const COLUMBIA: LatLng = { lat: 45.605, lng: -122.66 };

const PIN: MapCluster = { id: '13/1/1', latitude: 45.52, longitude: -122.68, count: 1, jobId: 'job-cook', title: 'Line cook' };
const OTHER_PIN: MapCluster = { id: '13/1/3', latitude: 45.5, longitude: -122.64, count: 1, jobId: 'job-barista', title: 'Barista' };
const GROUP: MapCluster = { id: '13/1/2', latitude: 45.53, longitude: -122.66, count: 14, jobId: null };
const CROWD: MapCluster = { id: '13/1/4', latitude: 45.51, longitude: -122.7, count: 12000, jobId: null };
const FAR_AWAY: MapCluster = { id: '13/9/9', latitude: 40.71, longitude: -74.0, count: 3, jobId: null };
/** A job whose boost highlights its pin (spotlight, premium). */
const FEATURED_PIN: MapCluster = {
  id: '13/1/5',
  latitude: 45.515,
  longitude: -122.67,
  count: 1,
  jobId: 'job-driver',
  title: 'Delivery driver',
  highlightedPin: true,
};

/** A running map machine that starts from `stored`, with what it announces recorded. */
function startMap(stored: StoredMapView = { zoom: 13, type: 'roadmap', center: PORTLAND }) {
  const emitted: MapEmitted[] = [];
  const logic = mapMachine.provide({
    actors: { restore: fromPromise(async () => stored) },
    actions: { persist: () => {} },
  });
  const actor = createActor(logic, { input: {} });
  actor.on('*', (e) => emitted.push(e as MapEmitted));
  actor.start();
  return {
    actor,
    emitted,
    viewports: () => emitted.filter((e) => e.type === 'map.changed').map((e) => (e as { viewport: Viewport }).viewport),
  };
}

async function renderMap(stored?: StoredMapView) {
  const map = startMap(stored);
  render(<OfflineMap actor={map.actor} size={SIZE} />);
  // The outlines arrive from their own chunk.
  await waitFor(() => expect(document.querySelector('[data-outline="state"]')).not.toBeNull(), { timeout: 5000 });
  return map;
}

const surface = () => screen.getByRole('application', { name: /^Job map/ });
const zoomShown = () => screen.getByText(/^Zoom \d+$/).textContent;
const outlineNames = (kind: 'state' | 'county') =>
  [...document.querySelectorAll(`[data-outline="${kind}"]`)].map((p) => p.getAttribute('data-name'));

describe('offline map', () => {
  it('draws the states and, zoomed in, the counties in view as SVG outlines', async () => {
    await renderMap({ zoom: 13, type: 'roadmap', center: COLUMBIA });
    expect(screen.getByRole('region', { name: 'Job map' })).toBeInTheDocument();
    expect(outlineNames('state')).toEqual(expect.arrayContaining(['Oregon', 'Washington']));
    expect(outlineNames('state')).not.toContain('Texas');
    await waitFor(() => expect(outlineNames('county')).toEqual(expect.arrayContaining(['Multnomah', 'Clark'])), { timeout: 5000 });
    for (const path of document.querySelectorAll('[data-outline]')) expect(path.getAttribute('d')).toMatch(/^M[\d.-]/);
    expect(zoomShown()).toBe('Zoom 13');
  });

  it('leaves the counties out when zoomed out far', async () => {
    await renderMap({ zoom: COUNTY_MIN_ZOOM - 1, type: 'roadmap', center: PORTLAND });
    expect(outlineNames('state')).toEqual(expect.arrayContaining(['Oregon', 'Washington', 'Idaho']));
    expect(outlineNames('county')).toEqual([]);
  });

  it('is a focusable map region that explains its keys, with a visible focus ring', async () => {
    await renderMap();
    const map = surface();
    expect(map).toHaveAttribute('tabindex', '0');
    expect(map).toHaveAttribute('aria-roledescription', 'map');
    expect(map).toHaveAccessibleDescription(/arrow keys.*plus and minus keys/);
    expect(map.className).toContain('focus-visible:ring');
    await userEvent.setup().tab();
    expect(map).toHaveFocus();
  });

  it('zooms with the plus and minus keys and the zoom buttons, within 1 to 20', async () => {
    const { actor } = await renderMap({ zoom: 19, type: 'roadmap', center: PORTLAND });
    const user = userEvent.setup();
    surface().focus();
    await user.keyboard('+');
    expect(zoomShown()).toBe('Zoom 20');
    expect(surface()).toHaveAccessibleName('Job map, zoom 20 of 20');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await user.keyboard('+');
    expect(zoomShown()).toBe('Zoom 20');
    await user.keyboard('--');
    expect(zoomShown()).toBe('Zoom 18');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoomShown()).toBe('Zoom 17');
    // The zoom rules pick the map type (spec 2 §4).
    expect(actor.getSnapshot().context.type).toBe('satellite');
  });

  it('pans with the arrow keys and reports the new view once it settles', async () => {
    const { viewports } = await renderMap();
    await waitFor(() => expect(viewports()).toHaveLength(1));
    const [first] = viewports();
    expect(first!.zoom).toBe(13);
    expect(first!.west).toBeLessThan(PORTLAND.lng);
    expect(first!.east).toBeGreaterThan(PORTLAND.lng);

    const user = userEvent.setup();
    surface().focus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    await new Promise((r) => setTimeout(r, VIEWPORT_DEBOUNCE_MS / 2));
    expect(viewports()).toHaveLength(1);
    await waitFor(() => expect(viewports()).toHaveLength(2));
    const moved = viewports()[1]!;
    expect(moved.west).toBeGreaterThan(first!.west);
    expect(moved.north).toBeGreaterThan(first!.north);
    expect(moved.zoom).toBe(13);
  });

  it('pans by dragging, and zooms with the wheel, a double click and a pinch', async () => {
    const { actor } = await renderMap();
    const before = actor.getSnapshot().context.center;
    const map = surface();
    fireEvent.pointerDown(map, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 400, clientY: 250 });
    fireEvent.pointerMove(map, { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 250 });
    fireEvent.pointerUp(map, { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 250 });
    // Dragging the map left brings the east into view.
    expect(actor.getSnapshot().context.center.lng).toBeGreaterThan(before.lng);
    expect(actor.getSnapshot().context.center.lat).toBeCloseTo(before.lat, 9);

    fireEvent.wheel(map, { deltaY: -120, clientX: 400, clientY: 250 });
    expect(zoomShown()).toBe('Zoom 14');
    fireEvent.wheel(map, { deltaY: 120, clientX: 400, clientY: 250 });
    expect(zoomShown()).toBe('Zoom 13');
    fireEvent.doubleClick(map, { clientX: 400, clientY: 250 });
    expect(zoomShown()).toBe('Zoom 14');

    // Two fingers spread apart zoom in; pinched together they zoom out.
    const touch = (type: 'pointerDown' | 'pointerMove' | 'pointerUp', pointerId: number, clientX: number) =>
      fireEvent[type](map, { pointerId, pointerType: 'touch', clientX, clientY: 250 });
    touch('pointerDown', 1, 350);
    touch('pointerDown', 2, 450);
    touch('pointerMove', 2, 550);
    expect(zoomShown()).toBe('Zoom 15');
    touch('pointerMove', 2, 410);
    expect(zoomShown()).toBe('Zoom 14');
    touch('pointerUp', 1, 350);
    touch('pointerUp', 2, 410);
  });

  it('shows clusters with their counts in 5 sizes, and the jobs in view as pins named by title', async () => {
    const { actor } = await renderMap();
    act(() => actor.send({ type: 'map.clusters', clusters: [PIN, OTHER_PIN, GROUP, CROWD, FAR_AWAY] }));
    const list = screen.getByRole('list', { name: 'Jobs on the map' });
    const group = within(list).getByRole('button', { name: '14 jobs. Zoom in to see them' });
    expect(group).toHaveTextContent('14');
    expect(group).toHaveAttribute('data-size', '2');
    const crowd = within(list).getByRole('button', { name: '12,000 jobs. Zoom in to see them' });
    expect(crowd).toHaveTextContent('12K');
    expect(crowd).toHaveAttribute('data-size', '5');
    expect(within(list).getByRole('button', { name: 'Line cook' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Barista' })).toBeInTheDocument();
    // A cluster on the other side of the country is not drawn.
    expect(within(list).getAllByRole('button')).toHaveLength(4);
  });

  it('chooses a pin by click or keyboard, marks it, and hands the job to the search', async () => {
    const { actor, emitted } = await renderMap();
    act(() => actor.send({ type: 'map.clusters', clusters: [PIN, OTHER_PIN, GROUP] }));
    const user = userEvent.setup();
    const cook = screen.getByRole('button', { name: 'Line cook' });
    expect(cook).not.toHaveAttribute('aria-current');

    await user.click(cook);
    expect(cook).toHaveAttribute('aria-current', 'true');
    expect(emitted).toContainEqual({ type: 'map.selected', cluster: PIN });

    screen.getByRole('button', { name: 'Barista' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Barista' })).toHaveAttribute('aria-current', 'true');
    expect(cook).not.toHaveAttribute('aria-current');
    expect(actor.getSnapshot().context.selectedJobId).toBe('job-barista');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Barista' })).not.toHaveAttribute('aria-current');
  });

  it('draws a featured job’s pin highlighted, larger with a star, and names it “Featured”; the others as before', async () => {
    const { actor } = await renderMap();
    act(() => actor.send({ type: 'map.clusters', clusters: [PIN, { ...OTHER_PIN, highlightedPin: false }, FEATURED_PIN, GROUP] }));
    const list = screen.getByRole('list', { name: 'Jobs on the map' });
    const featured = within(list).getByRole('button', { name: 'Featured: Delivery driver' });
    expect(featured).toHaveAttribute('data-featured', 'true');
    expect(featured).toHaveAttribute('title', 'Featured: Delivery driver');
    const icon = featured.querySelector('svg')!;
    expect(icon).toHaveAttribute('width', String(FEATURED_PIN_LOOK.width));
    expect(icon.querySelector('polygon')).toHaveAttribute('points', FEATURED_PIN_LOOK.star);
    expect(icon.querySelector('path')).toHaveAttribute('stroke', FEATURED_PIN_LOOK.ring);
    for (const name of ['Line cook', 'Barista']) {
      const plain = within(list).getByRole('button', { name });
      expect(plain).not.toHaveAttribute('data-featured');
      expect(plain.querySelector('svg')).toHaveAttribute('width', '28');
      expect(plain.querySelector('polygon')).toBeNull();
    }
    expect(within(list).getByRole('button', { name: '14 jobs. Zoom in to see them' })).not.toHaveAttribute('data-featured');

    // Pointed at and chosen, it is still the featured pin, in the colour of its state.
    act(() => actor.send({ type: 'map.hover', jobId: 'job-driver' }));
    expect(featured).toHaveAttribute('data-highlighted', 'true');
    expect(featured.querySelector('path')).toHaveAttribute('fill', PIN_COLOURS.highlighted);
    await userEvent.setup().click(featured);
    expect(featured).toHaveAttribute('aria-current', 'true');
    expect(featured).toHaveAttribute('data-featured', 'true');
    expect(featured.querySelector('path')).toHaveAttribute('fill', PIN_COLOURS.selected);
  });

  it('zooms in on a cluster chosen', async () => {
    const { actor, emitted } = await renderMap();
    act(() => actor.send({ type: 'map.clusters', clusters: [GROUP] }));
    await userEvent.setup().click(screen.getByRole('button', { name: '14 jobs. Zoom in to see them' }));
    expect(zoomShown()).toBe('Zoom 15');
    expect(actor.getSnapshot().context.center).toEqual({ lat: GROUP.latitude, lng: GROUP.longitude });
    expect(emitted).toContainEqual({ type: 'map.selected', cluster: GROUP });
  });

  it('marks the pin of the result the user points at, and tells the search which pin is pointed at', async () => {
    const { actor } = await renderMap();
    act(() => actor.send({ type: 'map.clusters', clusters: [PIN, OTHER_PIN] }));
    act(() => actor.send({ type: 'map.hover', jobId: 'job-barista' }));
    expect(screen.getByRole('button', { name: 'Barista' })).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByRole('button', { name: 'Line cook' })).not.toHaveAttribute('data-highlighted');
    act(() => actor.send({ type: 'map.hover', jobId: null }));
    expect(screen.getByRole('button', { name: 'Barista' })).not.toHaveAttribute('data-highlighted');

    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Line cook' }));
    expect(actor.getSnapshot().context.highlightedJobId).toBe('job-cook');
    expect(screen.getByRole('button', { name: 'Line cook' })).toHaveAttribute('data-highlighted', 'true');
    fireEvent.pointerLeave(screen.getByRole('button', { name: 'Line cook' }));
    expect(actor.getSnapshot().context.highlightedJobId).toBeNull();
  });

  it('shows that it is loading until the kept view is read', () => {
    const logic = mapMachine.provide({ actors: { restore: fromPromise(() => new Promise<StoredMapView>(() => {})) } });
    const actor = createActor(logic, { input: {} }).start();
    render(<OfflineMap actor={actor} size={SIZE} />);
    expect(screen.getByRole('status', { name: 'Loading map' })).toBeInTheDocument();
  });
});

describe('the pins of both maps', () => {
  it('name a featured job’s pin “Featured” and draw its icon larger, ringed in gold with a star', () => {
    expect(pinName(FEATURED_PIN)).toBe('Featured: Delivery driver');
    expect(pinName(PIN)).toBe('Line cook');
    // A cluster is never a featured pin, whatever it says.
    expect(pinName({ ...GROUP, highlightedPin: true, title: 'x' })).toBe('x');
    const featured = pinSvg('normal', true);
    expect(featured).toContain(`width="${FEATURED_PIN_LOOK.width}" height="${FEATURED_PIN_LOOK.height}"`);
    expect(featured).toContain(`stroke="${FEATURED_PIN_LOOK.ring}"`);
    expect(featured).toContain('<polygon');
    const plain = pinSvg('normal');
    expect(plain).toContain('width="28" height="36"');
    expect(plain).not.toContain('<polygon');
  });
});

describe('job map', () => {
  const config = (mapsApiKey: string | null) =>
    appConfigMachine.provide({ actors: { load: fromPromise(async () => ({ ...DEFAULT_APP_CONFIG, mapsApiKey })) } });

  it('shows the offline map when the server has no Maps key', async () => {
    const { actor } = startMap(NOTHING_STORED);
    render(
      <AppConfigContext.Provider logic={config(null)}>
        <div style={{ width: 800, height: 500 }}>
          <JobMap actor={actor} />
        </div>
      </AppConfigContext.Provider>,
    );
    expect(screen.getByRole('status', { name: 'Loading map' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Job map' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('application', { name: /^Job map/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });
});
