import { AccountMessages } from '../contract/account-messages.ts';

/** Browser geolocation: high accuracy, 10 s timeout, positions up to 10 minutes old (spec 1 §7, §9). */
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 600_000,
} as const satisfies PositionOptions;

export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unknown' | 'unsupported';

/** The product copy for each failure (spec 1 §8). */
export const geolocationMessages: Record<GeolocationFailure, string> = {
  denied: AccountMessages.geolocationDenied,
  unavailable: AccountMessages.geolocationUnavailable,
  timeout: AccountMessages.geolocationTimeout,
  unknown: AccountMessages.geolocationUnknown,
  unsupported: AccountMessages.geolocationUnsupported,
};

export class GeolocationError extends Error {
  constructor(readonly reason: GeolocationFailure) {
    super(geolocationMessages[reason]);
    this.name = 'GeolocationError';
  }
}

export interface Coordinates {
  lat: number;
  lng: number;
  /** Metres. */
  accuracy: number;
}

/** What the browser says about the geolocation permission; null when it cannot tell. */
export type BrowserPermission = 'prompt' | 'granted' | 'denied' | 'unsupported';

interface BrowserApis {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  permissions?: Pick<Permissions, 'query'> | undefined;
}

function browser(): BrowserApis {
  if (typeof navigator === 'undefined') return {};
  return { geolocation: navigator.geolocation, permissions: navigator.permissions };
}

function failureOf(code: number): GeolocationFailure {
  // GeolocationPositionError: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT.
  return code === 1 ? 'denied' : code === 2 ? 'unavailable' : code === 3 ? 'timeout' : 'unknown';
}

export const geolocationService = {
  /** The current position; rejects with a GeolocationError carrying the message to show. */
  currentPosition({ signal, apis = browser() }: { signal?: AbortSignal; apis?: BrowserApis } = {}): Promise<Coordinates> {
    const geolocation = apis.geolocation;
    if (!geolocation) return Promise.reject(new GeolocationError('unsupported'));
    return new Promise((resolve, reject) => {
      // A position request cannot be cancelled; an aborted caller just stops listening.
      const onAbort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        geolocation.getCurrentPosition(
          (position) => {
            signal?.removeEventListener('abort', onAbort);
            resolve({ lat: position.coords.latitude, lng: position.coords.longitude, accuracy: position.coords.accuracy });
          },
          (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(new GeolocationError(failureOf(error?.code ?? 0)));
          },
          GEOLOCATION_OPTIONS,
        );
      } catch {
        reject(new GeolocationError('unknown'));
      }
    });
  },

  /** The permission state from the Permissions API; null where the browser cannot say. */
  async permission({ apis = browser() }: { apis?: BrowserApis } = {}): Promise<BrowserPermission | null> {
    if (!apis.geolocation) return 'unsupported';
    if (!apis.permissions?.query) return null;
    try {
      const status = await apis.permissions.query({ name: 'geolocation' });
      return status.state;
    } catch {
      return null;
    }
  },
};
