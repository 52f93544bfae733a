// One format for every file (.prettierrc.json): `npm run format` writes it, this checks it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { root } from '../../eslint/areas.js';

it('every file is formatted', { timeout: 300_000 }, () => {
  let unformatted = '';
  try {
    execFileSync(process.execPath, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--list-different', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
  } catch (error) {
    // prettier exits 1 and lists the files when any differs.
    unformatted = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(unformatted.split('\n').filter(Boolean), 'run `npm run format`').toEqual([]);
});
