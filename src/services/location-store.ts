import { locationSources, type LocationSource, type UserLocation } from '../contract/user-location.ts';
import { LOCATION_KEY, PERMISSION_KEY } from './location-keys.ts';

// Two small records checked by hand rather than with zod: the location prompt reads them on a
// first visit, and the first page downloads no validation library.

/** The resolved geolocation permission states (spec 1 §4). */
export const permissionStates = ['prompt', 'granted', 'denied', 'unsupported'] as const;
export type PermissionName = (typeof permissionStates)[number];

/** What the user did in the location modal: allowed access, denied it, skipped, or chose a place. */
export const userChoices = ['granted', 'denied', 'skipped', 'manual'] as const;
export type UserChoice = (typeof userChoices)[number];

/** The cached geolocation permission record kept in the browser (spec 1 §3). */
export interface PermissionRecord {
  state: PermissionName;
  userChoice: UserChoice | null;
  /** Epoch ms of the choice. */
  timestamp: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

/** The stored permission record if it is well formed, with only its own fields. */
export function toPermissionRecord(value: unknown): PermissionRecord | null {
  if (!isRecord(value)) return null;
  const { state, userChoice, timestamp } = value;
  if (!isOneOf(permissionStates, state) || !(userChoice === null || isOneOf(userChoices, userChoice)) || !isNumber(timestamp)) return null;
  return { state, userChoice, timestamp };
}

/** The stored place if it is well formed (coordinates in range, a known source), with only its own fields. */
export function toUserLocation(value: unknown): UserLocation | null {
  if (!isRecord(value)) return null;
  const { lat, lng, address, source, radius } = value;
  if (!isNumber(lat) || lat < -90 || lat > 90 || !isNumber(lng) || lng < -180 || lng > 180) return null;
  if (typeof address !== 'string' || !isOneOf<LocationSource>(locationSources, source)) return null;
  if (radius !== undefined && !isNumber(radius)) return null;
  return radius === undefined ? { lat, lng, address, source } : { lat, lng, address, source, radius };
}

export { LOCATION_KEY, PERMISSION_KEY };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null;
  }
}

function read<T>(key: string, check: (value: unknown) => T | null): T | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    return check(JSON.parse(raw));
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
  readPermission: () => read(PERMISSION_KEY, toPermissionRecord),
  writePermission: (record: PermissionRecord) => write(PERMISSION_KEY, record),
  readLocation: (): UserLocation | null => read(LOCATION_KEY, toUserLocation),
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
