import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// DESIGN §2: dependencies point one way. Reads the import specifiers of the server's code and
// of the part of src/ it may load, with the compiler's own scanner (comments and strings are
// not imports), counting type-only imports, `export … from` and dynamic `import('…')`.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
const SHARED = ['src/contract/', 'src/lib/'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** Each file (relative to the root) and the files its relative imports resolve to. */
function importGraph(dirs: string[]) {
  const graph = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of dirs.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const specifiers = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
    const targets: string[] = [];
    for (const specifier of specifiers.filter((s) => s.startsWith('.'))) {
      const target = resolve(file, specifier);
      if (target) targets.push(rel(target));
      else unresolved.push(`${rel(file)} imports ${specifier}`);
    }
    graph.set(rel(file), targets);
  }
  return { graph, unresolved };
}

/** Every cycle met by a depth-first walk, each as the path that closes it. */
function cyclesIn(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

const { graph, unresolved } = importGraph(['server', 'src/contract', 'src/lib']);

// Shared infrastructure and the command-line tools; every other first-level folder of server/ is an area.
const INFRASTRUCTURE = ['db', 'http', 'platform'];
const NOT_AREAS = [...INFRASTRUCTURE, 'cli'];
const areaOf = (file: string): string | null => {
  const [top, folder, ...rest] = file.split('/');
  return top === 'server' && rest.length > 0 && !NOT_AREAS.includes(folder!) ? folder! : null;
};
/** Imports from one area (or from outside every area) into another. */
const crossings = [...graph].flatMap(([file, targets]) =>
  targets
    .filter((target) => areaOf(target) !== null && areaOf(target) !== areaOf(file))
    .map((target) => ({ file, target, from: areaOf(file), to: areaOf(target)! })),
);

describe('the import graph of the server', () => {
  it('reads the server, the contract and the shared helpers, and resolves every relative import', () => {
    expect(graph.has('server/app.ts')).toBe(true);
    expect(graph.get('server/app.ts')).toContain('server/context.ts');
    expect(unresolved).toEqual([]);
  });

  it('has no import cycle in server/', () => {
    const server = new Map([...graph].filter(([file]) => file.startsWith('server/')));
    expect(cyclesIn(server), 'import cycles').toEqual([]);
  });

  it('loads from src/ only src/contract and src/lib, which stay among themselves', () => {
    const outside = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => target.startsWith('src/') || (!file.startsWith('server/') && target.startsWith('server/')))
        .filter((target) => !SHARED.some((dir) => target.startsWith(dir)))
        .map((target) => `${file} → ${target}`),
    );
    expect(outside, 'imports outside src/contract and src/lib').toEqual([]);
  });
});

describe('the areas of the server', () => {
  it('finds the areas and the imports between them', () => {
    expect(new Set(crossings.map((c) => c.to))).toContain('account');
    expect(crossings.some((c) => c.from === 'applicants' && c.to === 'posting')).toBe(true);
  });

  it('are imported from outside only through their index.ts', () => {
    const privateImports = crossings.filter((c) => c.target !== `server/${c.to}/index.ts`).map((c) => `${c.file} → ${c.target}`);
    expect(privateImports, 'imports of an area’s private files').toEqual([]);
  });

  it('are imported by none of the shared infrastructure (db, http, platform)', () => {
    const fromInfrastructure = crossings
      .filter((c) => INFRASTRUCTURE.some((dir) => c.file.startsWith(`server/${dir}/`)))
      .map((c) => `${c.file} → ${c.target}`);
    expect(fromInfrastructure, 'infrastructure importing an area').toEqual([]);
  });

  it('depend on each other without a cycle', () => {
    const areas = new Map<string, string[]>();
    for (const c of crossings) if (c.from) areas.set(c.from, [...new Set([...(areas.get(c.from) ?? []), c.to])]);
    for (const to of new Set(crossings.map((c) => c.to))) if (!areas.has(to)) areas.set(to, []);
    expect(cyclesIn(areas), 'cycles between areas').toEqual([]);
  });
});
