/// <reference types="node" />
// The JavaScript each route needs before it can show, gzipped, from the Vite build manifest:
// the entry's static imports plus the route page's. Chunks loaded later (dialogs, the schemas
// with the first API call) are not part of it. `npm test` builds the app first when it is stale.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../src/app/route-table.ts';

const KB = 1000;
/** The first route a visitor opens: home, signed out. */
const FIRST_ROUTE = '/';
const FIRST_ROUTE_BUDGET = 120 * KB;
const ROUTE_BUDGET = 200 * KB;

const clientDir = path.resolve('dist/client');
const manifestFile = path.join(clientDir, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  if (!fs.existsSync(manifestFile)) throw new Error(`No build manifest at ${manifestFile}: run \`npm run build\` first.`);
  return JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
}

const manifest = readManifest();
const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/** The chunk and every chunk it imports statically, as the browser fetches them before running it. */
function staticClosure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build has no chunk ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
const figures: Array<{ path: string; bytes: number; budget: number }> = [];

function initialBytes(pageSource: string): number {
  const files = staticClosure(entryKey!);
  staticClosure(pageSource, files);
  return [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSize(f), 0);
}

describe('bundle budget', () => {
  it('has one entry chunk', () => {
    expect(entryKey).toBeDefined();
  });

  for (const route of routeTable) {
    const budget = route.path === FIRST_ROUTE ? FIRST_ROUTE_BUDGET : ROUTE_BUDGET;
    it(`${route.path} loads at most ${budget / KB} kB of JavaScript (gzip) before it shows`, () => {
      const source = `src/views/${route.page}.tsx`;
      // Each page is its own lazily loaded chunk, not part of the first download.
      expect(manifest[source]?.isDynamicEntry, `${source} is loaded lazily`).toBe(true);
      const bytes = initialBytes(source);
      figures.push({ path: route.path, bytes, budget });
      expect(bytes, `${route.path}: ${(bytes / KB).toFixed(1)} kB`).toBeLessThanOrEqual(budget);
    });
  }

  afterAll(() => {
    const width = Math.max(...figures.map((f) => f.path.length));
    const lines = figures.map(
      (f) => `  ${f.path.padEnd(width)}  ${(f.bytes / KB).toFixed(1).padStart(6)} kB  (budget ${f.budget / KB} kB)`,
    );
    console.log(`Initial JavaScript per route, gzip:\n${lines.join('\n')}`);
  });
});
