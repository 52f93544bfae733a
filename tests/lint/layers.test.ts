// The design's shape (DESIGN §2) as lint rules: the whole code base keeps it, and each rule bites
// when a file breaks it. Planted files are linted as text under a real path; nothing is written.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaGraph, root } from '../../eslint/areas.js';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids ESLint reports for `text` written at `file`. */
async function rulesBrokenBy(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** A relative value import (type-only imports make no cycle at run time) between two files under `dir` as they are on disk: [importer, imported]. */
function importEdgeUnder(dir: string): [string, string] {
  const walk = (d: string): string[] =>
    fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  for (const file of walk(path.join(root, dir)).filter((f) => /\.tsx?$/.test(f))) {
    const spec = /^import (?!type )[^;]*?from '(\.[^']+)'/m.exec(fs.readFileSync(file, 'utf8'))?.[1];
    if (spec) return [path.relative(root, file), path.relative(root, path.resolve(path.dirname(file), spec))];
  }
  throw new Error(`no relative import under ${dir}`);
}

describe('the code base', () => {
  it('keeps every layer rule and has no import cycle', { timeout: 600_000 }, async () => {
    const results = await eslint.lintFiles(['.']);
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId}: ${m.message}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('a planted violation fails the lint', () => {
  it('a view importing a service', async () => {
    expect(await rulesBrokenBy('src/views/jobs/planted.tsx', "import '../../services/http.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('a story may use services to stub actors', async () => {
    expect(await rulesBrokenBy('src/views/jobs/planted.stories.tsx', "import '../../services/http.ts';\n")).toEqual([]);
  });

  it('a machine importing React', async () => {
    expect(
      await rulesBrokenBy('src/machines/jobs/planted.ts', "import { useState } from 'react';\nexport const x = useState;\n"),
    ).toContain('no-restricted-imports');
  });

  it('a machine importing a view', async () => {
    expect(await rulesBrokenBy('src/machines/jobs/planted.ts', "import '../../views/ui/button.tsx';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('a service importing a machine', async () => {
    expect(await rulesBrokenBy('src/services/planted.ts', "import '../machines/form.ts';\n")).toContain('import-x/no-restricted-paths');
  });

  it('the contract importing src/lib', async () => {
    expect(await rulesBrokenBy('src/contract/planted.ts', "import '../lib/geo.ts';\n")).toContain('import-x/no-restricted-paths');
  });

  it('src/lib importing a service', async () => {
    expect(await rulesBrokenBy('src/lib/planted.ts', "import '../services/http.ts';\n")).toContain('import-x/no-restricted-paths');
  });

  it('the server importing browser code other than the contract and src/lib', async () => {
    const server = 'server/platform/planted.ts';
    expect(await rulesBrokenBy(server, "import '../../src/services/http.ts';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesBrokenBy(server, "import '../../src/contract/index.ts';\nimport '../../src/lib/geo.ts';\n")).toEqual([]);
  });

  it('an area reaching into another area past its index.ts', async () => {
    const [from, to] = [...areaGraph()].flatMap(([a, targets]) => [...targets.keys()].map((b) => [a, b]))[0]!;
    const other = fs.readdirSync(path.join(root, 'server', to!)).find((f) => f !== 'index.ts' && f.endsWith('.ts'))!;
    expect(await rulesBrokenBy(`server/${from}/planted.ts`, `import '../${to}/${other}';\n`)).toContain('import-x/no-restricted-paths');
    expect(await rulesBrokenBy(`server/${from}/planted.ts`, `import '../${to}/index.ts';\n`)).not.toContain('import-x/no-restricted-paths');
  });

  it('shared infrastructure importing an area', async () => {
    expect(await rulesBrokenBy('server/platform/planted.ts', "import '../jobs/routes.ts';\n")).toContain('import-x/no-restricted-paths');
  });

  it('a cycle between areas', async () => {
    const [from, to] = [...areaGraph()].flatMap(([a, targets]) => [...targets.keys()].map((b) => [a, b]))[0]!;
    expect(await rulesBrokenBy(`server/${to}/planted.ts`, `import '../${from}/index.ts';\n`)).toContain('project/area-cycles');
  });

  it('an import cycle in the browser code', async () => {
    const [importer, imported] = importEdgeUnder('src/views/ui');
    const back = `import './${path.relative(path.dirname(imported), importer)}';\n${fs.readFileSync(path.join(root, imported), 'utf8')}`;
    expect(await rulesBrokenBy(imported, back)).toContain('import-x/no-cycle');
  });

  it('an import cycle in the server', async () => {
    const [importer, imported] = importEdgeUnder('server/http');
    const back = `import './${path.relative(path.dirname(imported), importer)}';\n${fs.readFileSync(path.join(root, imported), 'utf8')}`;
    expect(await rulesBrokenBy(imported, back)).toContain('import-x/no-cycle');
  });
});
