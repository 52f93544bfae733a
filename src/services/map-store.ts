import type { LatLng } from '../contract/map.ts';

export const MAP_ZOOM_KEY = 'mapZoom';
export const MAP_TYPE_KEY = 'mapType';
export const MAP_CENTER_KEY = 'mapCenter';

/**
 * What the browser kept of the map, read as it was written: a value another version or a user
 * changed may be out of range, and the map machine applies the rules (spec 2 §4) to it.
 */
export interface StoredMapView {
  zoom: number | null;
  type: string | null;
  center: LatLng | null;
}

export const NOTHING_STORED: StoredMapView = { zoom: null, type: null, center: null };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null;
  }
}

const isCoordinate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readCenter(raw: string | null | undefined): LatLng | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { lat?: unknown; lng?: unknown } | null;
    return value && isCoordinate(value.lat) && isCoordinate(value.lng) ? { lat: value.lat, lng: value.lng } : null;
  } catch {
    return null;
  }
}

function readZoom(raw: string | null | undefined): number | null {
  if (raw == null || raw.trim() === '') return null;
  const zoom = Number(raw);
  return Number.isFinite(zoom) ? zoom : null;
}

/** The map's zoom, type and centre, kept in localStorage across visits. */
export const mapStore = {
  read(): StoredMapView {
    const s = storage();
    try {
      return {
        zoom: readZoom(s?.getItem(MAP_ZOOM_KEY)),
        type: s?.getItem(MAP_TYPE_KEY) ?? null,
        center: readCenter(s?.getItem(MAP_CENTER_KEY)),
      };
    } catch {
      return NOTHING_STORED;
    }
  },
  write(view: { zoom: number; type: string; center: LatLng }) {
    const s = storage();
    try {
      s?.setItem(MAP_ZOOM_KEY, String(view.zoom));
      s?.setItem(MAP_TYPE_KEY, view.type);
      s?.setItem(MAP_CENTER_KEY, JSON.stringify({ lat: view.center.lat, lng: view.center.lng }));
    } catch {
      // A full or blocked storage only costs the memory of where the map was.
    }
  },
};
