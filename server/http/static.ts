import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

/**
 * The public pages the build prerendered (scripts/lib/prerender.mjs): their path → their file under
 * the client folder, read from pages/paths.json. Empty when the build has none.
 */
export function prerenderedPages(clientDir: string): Map<string, string> {
  const file = path.join(clientDir, 'pages', 'paths.json');
  if (!fs.existsSync(file)) return new Map();
  const paths = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(paths).filter(([, page]) => fs.existsSync(path.join(clientDir, page))));
}

/** What the build writes where a page names the site's own address (scripts/lib/prerender.mjs). */
export const PUBLIC_URL_MARK = '%PUBLIC_URL%';

/** A prerendered page with the site's address written in. */
export const withPublicUrl = (html: string, publicUrl: string) => html.split(PUBLIC_URL_MARK).join(publicUrl);

/**
 * The app's server rendering (src/app/prerender.tsx renderPage) from the server build the build
 * writes beside the client (dist/ssr), loaded by its path: the build's output, like index.html,
 * not the server's own code. Null when there is none.
 */
export async function loadPageRenderer(clientDir: string): Promise<((path: string, data: unknown) => Promise<string>) | null> {
  const file = path.join(clientDir, '..', 'ssr', 'prerender.js');
  if (!fs.existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as { renderPage?: (path: string, data: unknown) => Promise<string> };
  return typeof entry.renderPage === 'function' ? entry.renderPage : null;
}
