// The server's areas, read from the folders, and the import graph between them. The layer rules
// (eslint.config.js) and the area-cycle rule both take their list of areas from here, so a new
// area folder is covered the day it is created.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = path.join(root, 'server');

/** Shared infrastructure: every area may use it, and it uses no area. */
export const infrastructure = ['db', 'http', 'platform'];
/** Entry points that assemble the areas; they are not an area themselves. */
export const assembly = ['cli'];

export const areas = fs
  .readdirSync(serverDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !infrastructure.includes(d.name) && !assembly.includes(d.name))
  .map((d) => d.name)
  .sort();

/** The top-level files of server/ (app.ts, routes.ts, seed.ts…). */
export const topLevelFiles = fs
  .readdirSync(serverDir, { withFileTypes: true })
  .filter((d) => d.isFile() && /\.(ts|tsx|js|mjs)$/.test(d.name))
  .map((d) => d.name);

/** The area a file belongs to, or null for anything outside an area. */
export function areaOf(file) {
  const rel = path.relative(serverDir, file);
  if (rel.startsWith('..')) return null;
  const first = rel.split(path.sep)[0];
  return areas.includes(first) && rel.includes(path.sep) ? first : null;
}

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) yield full;
  }
}

/**
 * Which areas each area imports, with one file and import for each edge (to name it in a report).
 * Read once per lint run: the rule asks for it from every file.
 */
let graph;
export function areaGraph() {
  if (graph) return graph;
  graph = new Map(areas.map((a) => [a, new Map()]));
  for (const area of areas) {
    for (const file of sourceFiles(path.join(serverDir, area))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(importPattern)) {
        const spec = m[1] ?? m[2];
        if (!spec.startsWith('.')) continue;
        const target = areaOf(path.resolve(path.dirname(file), spec));
        if (target && target !== area && !graph.get(area).has(target)) {
          graph.get(area).set(target, path.relative(root, file));
        }
      }
    }
  }
  return graph;
}

/** The shortest chain of areas from `from` back to `to`, or null when there is none. */
export function pathBetween(from, to) {
  const g = areaGraph();
  const seen = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) {
      const chain = [];
      for (let x = at; x !== null; x = seen.get(x)) chain.unshift(x);
      return chain;
    }
    for (const next of g.get(at)?.keys() ?? []) {
      if (!seen.has(next)) {
        seen.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}
