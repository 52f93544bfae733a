import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test listens, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** The support address the server was configured with. */
    supportEmail: string;
    /** A SuperAdmin made with the admin command before the server started (SuperAdmins cannot register). */
    superAdmin: { email: string; password: string; firstName: string };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SUPPORT_EMAIL = 'help@jobmarketplace.test';
export const SUPER_ADMIN = { email: 'admin@jobmarketplace.test', password: 'Back-Office-Admin-1', firstName: 'Alex' };
// The first start may build the web app, which takes a while on a small machine.
const STARTUP_TIMEOUT_MS = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server exactly as `npm start` does (node scripts/start.mjs: build the SPA if stale,
 * then serve), on a fresh PGlite folder and a free port, and stops it with SIGTERM afterwards.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // A user's shell has none of these: the server must see what `npm start` sees.
  const { DATABASE_URL: _db, NODE_ENV: _env, VITEST: _v, VITEST_MODE: _m, VITEST_POOL_ID: _p, VITEST_WORKER_ID: _w, ...env } = process.env;
  const serverEnv = {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Mailed links point at the server under test.
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // The e2e tests make the data they need; no demo accounts.
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    SUPPORT_EMAIL,
    // The accounts and jobs made through the API (support/api.ts) come from many addresses, as real
    // visitors do, so the per-address limits on registering stay for the journeys in the browser.
    TRUST_PROXY: '1',
  };

  // The embedded database admits one process at a time: the admin command runs before the server opens it.
  try {
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli/admin.ts',
        'create',
        '--email',
        SUPER_ADMIN.email,
        '--password',
        SUPER_ADMIN.password,
        '--first-name',
        SUPER_ADMIN.firstName,
      ],
      { cwd: root, env: serverEnv },
    );
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    throw new Error(`Creating the SuperAdmin failed: ${(err as Error).message}\n${stdout}${stderr}`, { cause: err });
  }

  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: serverEnv,
    // In the runner's process group: Ctrl-C or a stopped test run stops the server too.
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killServer = (signal: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(signal);
  };
  const onExit = () => killServer('SIGKILL');
  process.once('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    if (child.exitCode === null) {
      killServer('SIGTERM');
      const timer = setTimeout(() => killServer('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      if (code !== 0) console.error(`The e2e server stopped with code ${code}:\n${lines.join('\n')}`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server (npm start) exited with code ${child.exitCode} before answering:\n${lines.join('\n')}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server (npm start) did not answer /api/health within ${STARTUP_TIMEOUT_MS / 1000} s:\n${lines.join('\n')}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  project.provide('baseUrl', baseUrl);
  project.provide('supportEmail', SUPPORT_EMAIL);
  project.provide('superAdmin', SUPER_ADMIN);
  return stop;
}
