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
