// `npm run test:e2e`: the browser tests (tests/e2e) in Debian's Chromium against the server as `npm start` runs it.
// Extra arguments go to vitest, e.g. `npm run test:e2e -- tests/e2e/shell.e2e.ts`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const problem = ensureChromium();
if (problem) {
  console.error(problem);
  process.exit(1);
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
// One file at a time: every file runs its own Chromium against the one server, on a small machine.
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'e2e', '--no-file-parallelism', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
