// No schema code here: the map machine and the search page read these as they open; the schemas of
// what maps exchange with the server are in map.ts.

/** Zoom range and the zoom a map opens at (spec 2 §9). */
export const MAP_MIN_ZOOM = 1;
export const MAP_MAX_ZOOM = 20;
export const MAP_DEFAULT_ZOOM = 13;

/** The map types a map can show (spec 2 §4). */
export const mapTypes = ['roadmap', 'satellite', 'hybrid', 'terrain'] as const;
export type MapType = (typeof mapTypes)[number];
