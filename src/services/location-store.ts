import { z } from 'zod';
import { locationSources, type UserLocation } from '../contract/location.ts';
import { LOCATION_KEY, PERMISSION_KEY } from './location-keys.ts';

/** The resolved geolocation permission states (spec 1 §4). */
export const permissionStates = ['prompt', 'granted', 'denied', 'unsupported'] as const;
export type PermissionName = (typeof permissionStates)[number];

/** What the user did in the location modal: allowed access, denied it, skipped, or chose a place. */
export const userChoices = ['granted', 'denied', 'skipped', 'manual'] as const;
export type UserChoice = (typeof userChoices)[number];

/** The cached geolocation permission record kept in the browser (spec 1 §3). */
export const permissionRecordSchema = z.object({
  state: z.enum(permissionStates),
  userChoice: z.enum(userChoices).nullable(),
  /** Epoch ms of the choice. */
  timestamp: z.number(),
});
export type PermissionRecord = z.infer<typeof permissionRecordSchema>;

export const userLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  address: z.string(),
  source: z.enum(locationSources),
  radius: z.number().optional(),
});

export { LOCATION_KEY, PERMISSION_KEY };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null;
  }
}

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the memory of this choice.
  }
}

type LocationListener = (location: UserLocation) => void;
const locationListeners = new Set<LocationListener>();

/** The user's location and the permission record, kept in localStorage across visits. */
export const locationStore = {
  readPermission: () => read(PERMISSION_KEY, permissionRecordSchema),
  writePermission: (record: PermissionRecord) => write(PERMISSION_KEY, record),
  readLocation: (): UserLocation | null => read(LOCATION_KEY, userLocationSchema),
  writeLocation: (location: UserLocation) => {
    write(LOCATION_KEY, location);
    for (const listener of [...locationListeners]) listener(location);
  },
  /** Tells `listener` of each location written from now on (e.g. chosen in the location prompt); returns the way to stop. */
  onLocation: (listener: LocationListener): (() => void) => {
    locationListeners.add(listener);
    return () => locationListeners.delete(listener);
  },
};
