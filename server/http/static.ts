import fs from 'node:fs';
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
