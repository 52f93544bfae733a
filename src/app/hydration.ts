import { useSyncExternalStore } from 'react';
import { LOCATION_KEY, PERMISSION_KEY } from '../services/location-keys.ts';
import { sessionStore } from '../services/session-store.ts';
import { themeStore } from '../services/theme-store.ts';
import type { DateZone } from '../lib/dates.ts';

/**
 * Whether this browser's first render is the one prerendered at build: an address without a query
 * (a search's query fills the page's form), and nothing kept that a first render reads (a chosen
 * theme, a place, an answer to the location prompt, a sign-in). Any other page is drawn afresh instead of
 * hydrated, so React never takes over markup that differs from its own.
 */
export function firstRenderIsPrerendered(): boolean {
  if (window.location.search) return false;
  // A signed-in browser's pages are drawn for the one signed in, not taken over from a visitor's.
  if (sessionStore.mayHold()) return false;
  try {
    if (localStorage.getItem(LOCATION_KEY) !== null || localStorage.getItem(PERMISSION_KEY) !== null) return false;
  } catch {
    // No storage: nothing kept.
  }
  return themeStore.read() === 'system' && !themeStore.systemPrefersDark();
}

const noChange = () => () => undefined;

/**
 * True while React renders what was prerendered: at build, and in the browser while it takes the
 * prerendered HTML over (a lazy page's part may be taken over later, once its code has arrived).
 * A page whose content waits on something that may already be known by then (the stored session)
 * renders what the build rendered while this is true; React renders it again right after.
 */
export const useHydrating = (): boolean =>
  useSyncExternalStore(
    noChange,
    () => false,
    () => true,
  );

/**
 * The time zone dates are shown in: UTC while React takes over HTML the server drew (it knows no
 * visitor's zone, and the first render must match it), the visitor's own right after.
 */
export const useDateZone = (): DateZone => (useHydrating() ? 'utc' : 'local');
