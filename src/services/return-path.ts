/**
 * Where a visitor returns once signed in (`?next=`), kept safe: only a path of this site.
 * A sign-in through Google leaves the site and comes back on the callback page, so the path
 * waits in sessionStorage meanwhile (this tab only, gone with the browser session).
 */

/**
 * A path to return to after signing in, or null: only a path of this site, starting with one '/'
 * (not '//' or '/\\', which browsers read as another host), without control characters.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Tabs and line breaks are dropped by URL parsing, so "/\t/evil.com" would become "//evil.com".
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  try {
    // Whatever a browser makes of it must stay on this site.
    const base = 'https://site.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
  } catch {
    return null;
  }
  return next;
}

const KEY = 'signInReturnPath';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

export const returnPathStore = {
  /** Keeps the path for the sign-in that is leaving the site; a path that is not safe clears it. */
  save(next: string | null | undefined): void {
    const path = safeNextPath(next);
    if (path) storage()?.setItem(KEY, path);
    else storage()?.removeItem(KEY);
  },
  /** The kept path, once: reading it clears it. */
  take(): string | null {
    const s = storage();
    const path = safeNextPath(s?.getItem(KEY));
    s?.removeItem(KEY);
    return path;
  },
};
