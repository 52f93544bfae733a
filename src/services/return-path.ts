/**
 * Where a visitor returns once signed in (`?next=`), kept safe: only a path of this site.
 * A sign-in through Google leaves the site and comes back on the callback page, so the path
 * waits in sessionStorage meanwhile (this tab only, gone with the browser session).
 */

import { safeNextPath } from '../lib/return-path.ts';

// The check is pure; machines that read `?next=` import it from here too.
export { safeNextPath };

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
