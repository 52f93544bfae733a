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

export const isPin = (cluster: MapCluster) => cluster.count === 1;

/** A single job's pin is named by its title. */
export const pinName = (cluster: MapCluster) => cluster.title?.trim() || 'Job';

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

/** A job pin as SVG (a drop with a white dot), 28×36, its tip at the bottom centre. */
export function pinSvg(look: PinLook): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="36" viewBox="0 0 28 36">` +
    `<path d="M14 35C14 35 26 21.5 26 13A12 12 0 0 0 2 13C2 21.5 14 35 14 35Z" fill="${PIN_COLOURS[look]}" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="14" cy="13" r="4.5" fill="#fff"/>` +
    `</svg>`
  );
}

export const svgUrl = (svg: string) => `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(svg)}`;
