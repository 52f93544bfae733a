// `npm test`: every test layer, cheapest first, stopping at the first layer that fails:
// typecheck → lint → machines → views → bundle budget → server (PGlite, then PostgreSQL when DATABASE_URL
// is set) → e2e.
// The last line is always `tests: N passed, N failed` with the totals.
// `npm test -- server e2e` runs only the named layers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-test-'));
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (t) => paint(1, t);
const green = (t) => paint(32, t);
const red = (t) => paint(31, t);
const dim = (t) => paint(2, t);

const { DATABASE_URL, ...envWithoutDatabase } = process.env;

const vitestLayer = (name, project, env, extra = []) => ({
  name,
  kind: 'vitest',
  report: path.join(reports, `${name.replace(/\W+/g, '-')}.json`),
  command: (report) => [
    process.execPath,
    [vitest, 'run', '--project', project, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...extra],
  ],
  env,
});

const allLayers = [
  {
    // What `npm run typecheck` runs, without npm's own chatter; both halves run, side by side, so
    // every error shows. Each half's report is printed whole once both are done.
    name: 'typecheck',
    kind: 'check',
    command: () => [
      'sh',
      [
        '-c',
        `tsc=${JSON.stringify(tsc)}; out=$(mktemp -d); "$0" "$tsc" -p tsconfig.json --noEmit >"$out/client" 2>&1 & c=$!; "$0" "$tsc" -p tsconfig.server.json --noEmit >"$out/server" 2>&1; b=$?; wait $c; a=$?; cat "$out/client" "$out/server"; rm -rf "$out"; [ $a -eq 0 ] && [ $b -eq 0 ]`,
        process.execPath,
      ],
    ],
    env: process.env,
  },
  vitestLayer('lint', 'lint', process.env),
  vitestLayer('machines', 'machines', process.env),
  vitestLayer('views', 'views', process.env),
  // Measures the production build, so it builds the app first when the build is stale.
  { ...vitestLayer('bundle', 'bundle', process.env), before: () => ensureBuilt() },
  vitestLayer('server (PGlite)', 'server', envWithoutDatabase),
  ...(DATABASE_URL ? [vitestLayer('server (PostgreSQL)', 'server', { ...process.env, DATABASE_URL })] : []),
  {
    ...vitestLayer('e2e', 'e2e', envWithoutDatabase),
    command: (report) => [
      process.execPath,
      [path.join(root, 'scripts/e2e.mjs'), '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    ],
  },
];

const wanted = process.argv.slice(2);
const layers = wanted.length ? allLayers.filter((l) => wanted.some((w) => l.name.startsWith(w))) : allLayers;
if (!layers.length) {
  console.error(`No such layer: ${wanted.join(', ')}. Layers: ${allLayers.map((l) => l.name).join(', ')}`);
  process.exit(2);
}

/** Passed and failed counts from vitest's JSON report; a file that failed to load counts as a failed test. */
function countVitest(report, exitCode) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    return { passed: 0, failed: exitCode === 0 ? 0 : 1 };
  }
  const passed = json.numPassedTests ?? 0;
  let failed = json.numFailedTests ?? 0;
  const brokenFiles = (json.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  failed += brokenFiles;
  if (exitCode !== 0 && failed === 0) failed = 1;
  return { passed, failed, failures: failuresOf(json) };
}

/** One line per failed test (or file that failed to load): where, which, and the first line of why. */
function failuresOf(json) {
  const lines = [];
  const firstLine = (text) =>
    String(text ?? '')
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  for (const file of json.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const t of failedTests) lines.push(`${where} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && !failedTests.length) lines.push(`${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

// A layer that runs longer than this is stopped and counted as failed, so a hung test cannot hang CI.
const LAYER_TIMEOUT_MS = Number(process.env.TEST_LAYER_TIMEOUT_MINUTES ?? 25) * 60_000;

let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) killGroup(current, signal);
    process.exit(130);
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Runs a command in its own process group (so a timeout stops its workers too); resolves with its exit code. */
function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit', detached: true });
    current = child;
    const timer = setTimeout(() => {
      console.error(red(`\nStopped after ${LAYER_TIMEOUT_MS / 60_000} minutes: a test is hanging.`));
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, LAYER_TIMEOUT_MS);
    child.on('error', (err) => {
      console.error(red(String(err)));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      current = null;
      resolve(code ?? 1);
    });
  });
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

const results = [];
let stopped = false;

// The e2e journeys and the first visit's measure (bundle) run in Chromium.
const chromiumProblem = layers.some((l) => l.name === 'e2e' || l.name === 'bundle') ? ensureChromium() : null;
if (chromiumProblem) {
  console.error(red(chromiumProblem));
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

for (const layer of layers) {
  if (stopped) {
    results.push({ name: layer.name, skipped: true });
    continue;
  }
  console.log(`\n${bold(`━━ ${layer.name} ━━`)}`);
  const started = Date.now();
  const [cmd, args] = layer.command(layer.report);
  const prepared = layer.before ? layer.before() : 0;
  const exitCode = prepared === 0 ? await run(cmd, args, layer.env) : prepared;
  const ms = Date.now() - started;
  const counts =
    layer.kind === 'vitest'
      ? countVitest(layer.report, exitCode)
      : // The typecheck is one check: it passes or fails as a whole.
        { passed: 0, failed: exitCode === 0 ? 0 : 1, failures: [] };
  const ok = exitCode === 0 && counts.failed === 0;
  results.push({ name: layer.name, ok, ms, ...counts, kind: layer.kind });
  const detail = layer.kind === 'vitest' ? `${counts.passed} passed, ${counts.failed} failed` : ok ? 'no errors' : 'errors';
  console.log(`${ok ? green('✓') : red('✗')} ${layer.name}: ${detail} ${dim(`(${seconds(ms)})`)}`);
  if (!ok) stopped = true;
}

fs.rmSync(reports, { recursive: true, force: true });

const total = results.reduce((t, r) => ({ passed: t.passed + (r.passed ?? 0), failed: t.failed + (r.failed ?? 0) }), {
  passed: 0,
  failed: 0,
});
console.log(`\n${bold('Summary')}`);
for (const r of results) {
  if (r.skipped) {
    console.log(`  ${dim('-')} ${r.name.padEnd(20)} ${dim('not run: an earlier layer failed')}`);
    continue;
  }
  const detail =
    r.kind === 'vitest' ? `${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed` : r.ok ? 'ok' : 'failed';
  console.log(`  ${r.ok ? green('✓') : red('✗')} ${r.name.padEnd(20)} ${detail}  ${dim(seconds(r.ms))}`);
}
if (!DATABASE_URL) console.log(dim('  (set DATABASE_URL=postgres://… to run the server tests on PostgreSQL too)'));
// Repeated at the very end, where a CI log's tail shows them.
for (const r of results) for (const line of r.failures ?? []) console.log(red(`failed test: [${r.name}] ${line}`));
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
