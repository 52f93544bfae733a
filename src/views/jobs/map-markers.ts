import type { MapCluster } from '../../contract/map.ts';
import { clusterIconSize, clusterLabel, type ClusterIconSize } from '../../lib/map-grid.ts';

/**
 * How markers look on both maps (offline and Google), so a cluster of the same count looks the same
 * on either: 5 cluster sizes (spec 2 §9), darker as they grow, white counts with at least 4.5:1 contrast.
 */
export const CLUSTER_ICON_PX: Record<ClusterIconSize, number> = { 1: 30, 2: 36, 3: 44, 4: 54, 5: 66 };
export const CLUSTER_COLOURS: Record<ClusterIconSize, string> = {
  1: '#17861e',
  2: '#136b19',
  3: '#125617',
  4: '#0e4212',
  5: '#0a300d',
};

export const PIN_COLOURS = { normal: '#136b19', highlighted: '#b45309', selected: '#0e4212' } as const;
export type PinLook = keyof typeof PIN_COLOURS;

/**
 * A featured pin (a job whose boost gives a highlighted pin: the spotlight and premium tiers):
 * larger, ringed in gold with a white star for the dot, over the other pins; its colour still tells
 * whether it is pointed at or chosen.
 */
export const FEATURED_PIN = {
  width: 36,
  height: 46,
  ring: '#facc15',
  star: '14,7.4 15.6,11.4 19.9,11.7 16.6,14.4 17.6,18.6 14,16.3 10.4,18.6 11.4,14.4 8.1,11.7 12.4,11.4',
} as const;
export const PIN_SIZE = { width: 28, height: 36 } as const;
/** The drop of a pin in its 28×36 box, its tip at the bottom centre. */
export const PIN_PATH = 'M14 35C14 35 26 21.5 26 13A12 12 0 0 0 2 13C2 21.5 14 35 14 35Z';

export const isPin = (cluster: MapCluster) => cluster.count === 1;

/** A single job's pin its boost highlights. */
export const isFeaturedPin = (cluster: MapCluster) => isPin(cluster) && cluster.highlightedPin === true;

/** A single job's pin is named by its title; a highlighted one says first that the job is featured. */
export function pinName(cluster: MapCluster): string {
  const title = cluster.title?.trim() || 'Job';
  return isFeaturedPin(cluster) ? `Featured: ${title}` : title;
}

/** A cluster icon as SVG, for maps that take images (Google Maps markers). */
export function clusterSvg(count: number): { svg: string; size: number } {
  const level = clusterIconSize(count);
  const size = CLUSTER_ICON_PX[level];
  const r = size / 2;
  const colour = CLUSTER_COLOURS[level];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<circle cx="${r}" cy="${r}" r="${r}" fill="${colour}" fill-opacity="0.3"/>` +
    `<circle cx="${r}" cy="${r}" r="${r - 4}" fill="${colour}" stroke="#fff" stroke-width="2"/>` +
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#fff" font-family="Inter,system-ui,sans-serif" font-weight="700" font-size="${Math.round(size / 3)}">${clusterLabel(count)}</text>` +
    `</svg>`;
  return { svg, size };
}

/** A pin's size in pixels: a featured one is larger. */
export const pinSize = (featured: boolean) => (featured ? FEATURED_PIN : PIN_SIZE);

/**
 * A job pin as SVG, its tip at the bottom centre: a drop with a white dot (28×36), or a featured
 * pin's (36×46) with a gold ring and a white star.
 */
export function pinSvg(look: PinLook, featured = false): string {
  const { width, height } = pinSize(featured);
  const mark = featured ? `<polygon points="${FEATURED_PIN.star}" fill="#fff"/>` : `<circle cx="14" cy="13" r="4.5" fill="#fff"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 28 36">` +
    `<path d="${PIN_PATH}" fill="${PIN_COLOURS[look]}" stroke="${featured ? FEATURED_PIN.ring : '#fff'}" stroke-width="${featured ? 2.5 : 2}"/>` +
    mark +
    `</svg>`
  );
}

export const svgUrl = (svg: string) => `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(svg)}`;
