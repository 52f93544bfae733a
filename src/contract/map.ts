import { z } from 'zod';

export { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM, mapTypes, type MapType } from './map-settings.ts';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from './map-settings.ts';

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

/**
 * One marker of the job map: a group of `count` jobs near one point, as the server clusters them for
 * a viewport. A cluster of one is a single job's pin and names the job; larger ones name none.
 */
export const mapClusterSchema = z
  .object({
    /** Stable for the same cell at the same zoom, so markers are reused between answers. */
    id: z.string().min(1),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    count: z.number().int().min(1),
    jobId: z.string().min(1).nullable(),
    /** The job's title on a single job's pin: its accessible name. */
    title: z.string().nullable().optional(),
    /**
     * A single job's pin whose boost gives a highlighted pin (the spotlight and premium tiers): the
     * maps draw it highlighted and name it “Featured”. Absent on clusters of more than one job.
     */
    highlightedPin: z.boolean().optional(),
  })
  .refine((c) => (c.count === 1) === (c.jobId !== null), {
    message: 'A cluster names its job exactly when it holds one job',
    path: ['jobId'],
  });
export type MapCluster = z.infer<typeof mapClusterSchema>;

/**
 * What the map shows: its edges and zoom. `west` is greater than `east` only when the view crosses
 * the 180th meridian.
 */
export const viewportSchema = z
  .object({
    north: latitudeSchema,
    south: latitudeSchema,
    east: longitudeSchema,
    west: longitudeSchema,
    zoom: z.number().int().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM),
  })
  .refine((v) => v.north >= v.south, { message: 'The north edge lies south of the south edge', path: ['north'] });
export type Viewport = z.infer<typeof viewportSchema>;

/** A viewport's edges without its zoom, as a map reports what it shows. */
export type Bounds = Omit<Viewport, 'zoom'>;

export interface LatLng {
  lat: number;
  lng: number;
}
