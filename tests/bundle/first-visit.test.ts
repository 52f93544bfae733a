/// <reference types="node" />
// The JavaScript a first visitor's browser really downloads: home, signed out, on the built app
// served by the real server (as `npm start` serves it), until the network is idle. Everything
// counts: the entry, the page, and what loads after the first paint (the location dialog a first
// visitor sees, the schemas of the first calls). Each script is counted gzipped, as the manifest
// figures of budget.test.ts are.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KB = 1000;
/** The target of DESIGN §8, and what the test holds: the first visit's JavaScript, gzip. */
const FIRST_VISIT_TARGET = 120 * KB;
const CHROMIUM_PATH = '/usr/bin/chromium';
// Flags that let headless Chromium run on a machine with no GPU, no sandbox and a closed network.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PORT = Number(process.env.BUDGET_PORT ?? 3115);
const BASE = `http://127.0.0.1:${PORT}`;

let server: ChildProcess;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-budget-'));
  const { DATABASE_URL: _db, NODE_ENV: _env, VITEST: _v, VITEST_MODE: _m, VITEST_POOL_ID: _p, VITEST_WORKER_ID: _w, ...env } = process.env;
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve('.'),
    env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: BASE, DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('The server did not answer in time');
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('first visit in a real browser', () => {
  it(`loads at most ${FIRST_VISIT_TARGET / KB} kB of JavaScript (gzip) on the home page, signed out, until idle`, async () => {
    // A new visitor on a phone: no stored sign-in, no stored location choice.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!/javascript/.test(type)) return;
      pending.push(
        response.body().then(
          (body) => void scripts.set(new URL(response.url()).pathname, zlib.gzipSync(body, { level: 9 }).length),
          () => undefined,
        ),
      );
    });
    await page.goto(`${BASE}/`, { waitUntil: 'networkidle' });
    // The location dialog a first visitor sees is part of the first visit: the figure counts it.
    await page.getByRole('dialog', { name: 'Enable Location Access' }).getByRole('button', { name: 'Allow Location Access' }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    await context.close();

    const total = [...scripts.values()].reduce((sum, n) => sum + n, 0);
    const list = [...scripts].sort((a, b) => b[1] - a[1]).map(([file, n]) => `    ${(n / KB).toFixed(1).padStart(6)} kB  ${file}`);
    console.log(
      `First visit (home, signed out), JavaScript gzip: ${(total / KB).toFixed(1)} kB in ${scripts.size} files ` +
        `(target ${FIRST_VISIT_TARGET / KB} kB)\n${list.join('\n')}`,
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect(total, `${(total / KB).toFixed(1)} kB`).toBeLessThanOrEqual(FIRST_VISIT_TARGET);
  }, 60_000);
});
