import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { createAdapters } from '../../server/adapters.ts';
import { buildApp } from '../../server/app.ts';
import { runAdminCli } from '../../server/cli/admin.ts';
import { AccountMessages } from '../../src/contract/account.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

let dataDir: string;
let env: NodeJS.ProcessEnv;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  // The embedded database in a temporary folder, never a shared PostgreSQL.
  env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function cli(args: string[]) {
  return run(process.execPath, [tsx, 'server/cli/admin.ts', ...args], { cwd: root, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

describe('npm run admin -- create', () => {
  it('creates a SuperAdmin who can then sign in; refuses a duplicate and bad input with clear errors', async () => {
    const created = await cli([
      'create',
      '--email',
      'Chief@Example.com',
      '--password',
      'admin-password-1',
      '--first-name',
      'Casey',
      '--last-name',
      'Chief',
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created SuperAdmin chief@example.com (Casey Chief');

    const duplicate = await cli(['create', '--email', 'chief@example.com', '--password', 'another-password']);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('An account with the email chief@example.com already exists; nothing was changed.');

    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    expect(await runAdminCli(['create', '--email', 'not-an-email', '--password', 'admin-password-1'], env, out)).toBe(2);
    expect(lines.pop()).toBe(`Invalid --email: ${AccountMessages.email}`);
    expect(await runAdminCli(['create', '--email', 'b@example.com', '--password', 'short'], env, out)).toBe(2);
    expect(lines.pop()).toBe(`Invalid --password: ${AccountMessages.passwordLength}`);
    expect(await runAdminCli(['create', '--email', 'b@example.com'], env, out)).toBe(2);
    expect(lines.pop()).toContain('create needs --email and --password.');
    expect(await runAdminCli(['delete', '--email', 'b@example.com'], env, out)).toBe(2);
    expect(lines.pop()).toContain('Unknown command: delete');

    // The server opened on the same data folder signs the new SuperAdmin in.
    const config = loadConfig({ ...env, DEMO_DATA: '0' }, { clientDir: null });
    const database = await openDatabase({ dataDir: config.dataDir });
    const app = await buildApp(config, await createAdapters(config, database), { logger: false });
    try {
      const payload = { email: 'chief@example.com', password: 'admin-password-1', isOtp: false };
      // The password is right: the emailed code is asked for, and with it the SuperAdmin is in.
      const asked = await app.inject({ method: 'POST', url: '/api/Account/Login', payload });
      expect(asked.json().state.code).toBe('auth.codeRequired');
      const [mail] = await database.db.select().from(outbox).where(eq(outbox.to, 'chief@example.com'));
      const code = mail!.links.find((l) => /^\d{6}$/.test(l));
      const res = await app.inject({ method: 'POST', url: '/api/Account/Login', payload: { ...payload, code } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.users).toMatchObject({
        email: 'chief@example.com',
        firstName: 'Casey',
        lastName: 'Chief',
        role: 'SuperAdmin',
      });
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
