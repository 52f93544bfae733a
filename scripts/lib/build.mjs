// Builds the web app when dist/client is missing, lacks its manifest, or is older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const clientDir = path.join(root, 'dist/client');
export const manifestPath = path.join(clientDir, '.vite/manifest.json');

const SOURCES = [
  'src',
  'content',
  'server/blog',
  'scripts/lib/blog-plugin.ts',
  'index.html',
  'vite.config.ts',
  'tailwind.config.js',
  'package-lock.json',
];

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

export function isBuildStale() {
  const builtAt = fs.statSync(path.join(clientDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (builtAt === 0 || !fs.existsSync(manifestPath)) return true;
  return Math.max(...SOURCES.map((p) => newestMtime(path.join(root, p)))) > builtAt;
}

/** Returns the exit status of the build (0 when none was needed). */
export function ensureBuilt({ log = console.log } = {}) {
  if (!isBuildStale()) return 0;
  log('Building the web app…');
  return build();
}

/**
 * Builds the web app whatever its state, then prerenders its public pages: a server build of the
 * same App (dist/ssr) renders each into a copy of index.html under dist/client/pages, which the
 * server sends for those paths. Returns the exit status.
 */
export function build() {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
  return (
    run([vite, 'build', '--logLevel', 'warn']) ||
    run([vite, 'build', '--ssr', 'src/app/prerender.tsx', '--outDir', 'dist/ssr', '--logLevel', 'warn']) ||
    run([path.join(root, 'scripts/lib/prerender.mjs')])
  );
}
