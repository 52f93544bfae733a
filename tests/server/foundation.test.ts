import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { endpoint } from '../../src/contract/endpoint.ts';
import { envelopeSchema } from '../../src/contract/envelope.ts';
import { login } from '../../src/contract/account.ts';
import { apply } from '../../src/contract/jobs.ts';
import { outcomeCodeList } from '../../src/contract/outcome-codes.ts';
import { outcomeCodes } from '../../src/contract/outcome-code-meanings.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { buildApp } from '../../server/app.ts';
import { createAdapters } from '../../server/adapters.ts';
import { route } from '../../server/http/route.ts';
import { conflict } from '../../server/http/errors.ts';
import { createScratchDatabase, createTestApp, type TestApp } from '../support/server/test-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

// Routes that exist only in these tests, to exercise the request pipeline itself.
const signUpProbe = endpoint({
  method: 'POST',
  path: '/api/test/sign-up',
  auth: 'public',
  tag: 'test',
  summary: 'Validation probe',
  body: z.object({
    name: z.string().min(2, 'Name must be at least 2 characters.'),
    age: z.number().int().min(18, 'You must be at least 18.'),
    email: z.email('Enter a valid email address.'),
  }),
  response: z.object({ welcome: z.string() }),
});
const takenProbe = endpoint({
  method: 'GET',
  path: '/api/test/taken',
  auth: 'public',
  tag: 'test',
  summary: 'Product error probe',
  response: z.null(),
});
const crashProbe = endpoint({
  method: 'GET',
  path: '/api/test/crash',
  auth: 'public',
  tag: 'test',
  summary: 'Crash probe',
  response: z.null(),
});
/** Answers with more than its schema names, or with a value of the wrong type. */
const answerProbe = endpoint({
  method: 'GET',
  path: '/api/test/answer',
  auth: 'public',
  tag: 'test',
  summary: 'Answer shape probe',
  query: z.object({ wrong: z.enum(['yes', 'no']).default('no') }),
  response: z.object({ name: z.string(), count: z.number().int() }),
});
const SECRET = 'connection to db-secret-host:5432 failed for user admin password hunter2';

const parseJson = (body: string) => envelopeSchema.parse(JSON.parse(body));

describe(`the API foundation (${database})`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({
      extend(api) {
        route(api, signUpProbe, async ({ body }) => ({ welcome: `Welcome, ${body.name}` }));
        route(api, takenProbe, async () => {
          throw conflict('That email is already registered.');
        });
        route(api, crashProbe, async () => {
          throw new Error(SECRET);
        });
        route(api, answerProbe, async ({ query }) => {
          const answer = { name: 'Nurse', count: query.wrong === 'yes' ? 'many' : 3, passwordHash: SECRET };
          return answer as unknown as { name: string; count: number };
        });
      },
    });
  });
  afterAll(async () => app?.stop());

  it('answers GET /api/health in the envelope, naming the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({
      data: { status: 'ok', database, version: expect.any(String), uptimeSeconds: expect.any(Number) },
      state: { status: 200, hasError: false, hasData: true, errors: [] },
      success: true,
      message: '',
    });
  });

  it('wraps a successful answer in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: signUpProbe.path,
      payload: { name: 'Ada', age: 36, email: 'ada@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const body = parseJson(res.body);
    expect(body).toEqual({
      data: { welcome: 'Welcome, Ada' },
      state: { status: 200, hasError: false, hasData: true, errors: [] },
      success: true,
      message: '',
    });
  });

  it('wraps a product error in the envelope with its message', async () => {
    const res = await app.inject({ method: 'GET', url: takenProbe.path });
    expect(res.statusCode).toBe(409);
    expect(parseJson(res.body)).toEqual({
      data: null,
      state: { status: 409, hasError: true, hasData: false, errors: ['That email is already registered.'] },
      success: false,
      message: 'That email is already registered.',
    });
  });

  it('rejects an invalid body with 400 and one readable message per field', async () => {
    const res = await app.inject({ method: 'POST', url: signUpProbe.path, payload: { name: 'A', age: 12, email: 'nope' } });
    expect(res.statusCode).toBe(400);
    const body = parseJson(res.body);
    expect(body.success).toBe(false);
    expect(body.data).toBeNull();
    expect(body.state).toMatchObject({ status: 400, hasError: true, hasData: false });
    expect(body.state.fieldErrors).toEqual({
      name: 'Name must be at least 2 characters.',
      age: 'You must be at least 18.',
      email: 'Enter a valid email address.',
    });
    expect([...body.state.errors].sort()).toEqual([
      'Enter a valid email address.',
      'Name must be at least 2 characters.',
      'You must be at least 18.',
    ]);
    expect(body.state.errors).toContain(body.message);
  });

  it('names each missing field once', async () => {
    const res = await app.inject({ method: 'POST', url: signUpProbe.path, payload: {} });
    expect(res.statusCode).toBe(400);
    const body = parseJson(res.body);
    expect(Object.keys(body.state.fieldErrors ?? {}).sort()).toEqual(['age', 'email', 'name']);
    for (const message of body.state.errors) expect(message).toMatch(/^[A-Z][^{}]{4,}$/);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: signUpProbe.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(parseJson(res.body)).toMatchObject({ success: false, state: { status: 400, hasError: true } });
  });

  it('answers unknown /api paths with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/Account/NoSuchThing'],
      ['GET', '/api'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(parseJson(res.body)).toEqual({
        data: null,
        state: { status: 404, hasError: true, hasData: false, errors: ['Not found.'] },
        success: false,
        message: 'Not found.',
      });
    }
  });

  it('answers a failure inside the server with 500 and no internals', async () => {
    const res = await app.inject({ method: 'GET', url: crashProbe.path });
    expect(res.statusCode).toBe(500);
    expect(parseJson(res.body)).toEqual({
      data: null,
      state: { status: 500, hasError: true, hasData: false, errors: ['Something went wrong!!!'] },
      success: false,
      message: 'Something went wrong!!!',
    });
    for (const secret of ['db-secret-host', 'hunter2', 'password']) expect(res.body).not.toContain(secret);
  });

  it('writes only what the contract names in an answer, and refuses one of the wrong shape with 500', async () => {
    const res = await app.inject({ method: 'GET', url: answerProbe.path });
    expect(res.statusCode).toBe(200);
    expect(parseJson(res.body).data).toEqual({ name: 'Nurse', count: 3 });
    expect(res.body).not.toContain('hunter2');

    const wrong = await app.inject({ method: 'GET', url: `${answerProbe.path}?wrong=yes` });
    expect(wrong.statusCode).toBe(500);
    expect(parseJson(wrong.body).message).toBe('Something went wrong!!!');
    for (const secret of ['hunter2', 'many', 'count']) expect(wrong.body).not.toContain(secret);
  });

  it('sends the security headers and never caches API answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the API docs page and an OpenAPI document generated from the contract', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    const html = page.statusCode === 302 ? await app.inject({ method: 'GET', url: page.headers.location as string }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toMatch(/swagger/i);

    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/api/health']).toHaveProperty('get');
    expect(spec.paths[login.path]).toHaveProperty('post');
    // The envelope's state names the outcome codes a client branches on, each with its meaning.
    const answer = JSON.stringify(spec.paths[apply.path]);
    for (const code of outcomeCodeList) expect(answer).toContain(outcomeCodes[code].when);
    expect(answer).toContain('"x-enumDescriptions"');
  });

  it('has the dev mailbox outside production', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Dev mailbox');
  });
});

describe('production', () => {
  const secrets = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PUBLIC_URL: 'https://jobs.example.com',
    DATABASE_URL: 'postgres://app@127.0.0.1:5432/jobs',
  };

  it('refuses to start without its secrets, naming each missing one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET.*SMTP_URL.*PUBLIC_URL.*DATABASE_URL/);
    const { SMTP_URL: _smtp, ...withoutSmtp } = secrets;
    expect(() => loadConfig(withoutSmtp)).toThrow('Production needs SMTP_URL');
    expect(() => loadConfig({ ...secrets, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(loadConfig(secrets)).toMatchObject({ production: true, devMailbox: false, publicUrl: 'https://jobs.example.com' });
  });

  it('has no dev mailbox', async () => {
    const app = await createTestApp({ env: secrets, adapters: { mailTransport: null } });
    try {
      const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Dev mailbox');
    } finally {
      await app.stop();
    }
  });
});

describe('serving the web app', () => {
  let app: TestApp;
  let clientDir: string;
  const indexHtml = '<!doctype html><html lang="en"><head><title>Job Marketplace</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log("app")');
    app = await createTestApp({ config: { clientDir } });
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers every page path with the app, so the browser router decides', async () => {
    for (const url of ['/', '/login', '/some/deep/path', '/user/settings/profile?tab=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it('serves built assets and caches them for good', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(parseJson(res.body)).toMatchObject({ success: false, message: 'Not found.', state: { status: 404 } });
  });
});

describe(`the database (${database})`, () => {
  it('creates every table on a fresh database', async () => {
    const scratch = await createScratchDatabase();
    try {
      const db = await scratch.open();
      try {
        const rows = await db.db.execute<{ table_name: string }>(
          sql`select table_name from information_schema.tables where table_schema = 'public'`,
        );
        const tables = (Array.isArray(rows) ? rows : (rows as { rows: { table_name: string }[] }).rows).map((r) => r.table_name);
        expect(tables).toEqual(
          expect.arrayContaining([
            'users',
            'companies',
            'refresh_tokens',
            'one_time_codes',
            'email_tokens',
            'oauth_states',
            'social_signups',
            'outbox',
          ]),
        );
      } finally {
        await db.close();
      }
    } finally {
      await scratch.dispose();
    }
  }, 60_000);

  it('keeps its data across a restart', async () => {
    const scratch = await createScratchDatabase();
    const start = async () => {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: '0', ...scratch.env }, { clientDir: null });
      const db = await scratch.open();
      const app = await buildApp(config, await createAdapters(config, db), { logger: false });
      await app.ready();
      return { app, stop: async () => (await app.close(), await db.close()) };
    };
    try {
      const first = await start();
      await first.app.ctx.mailer.send({
        to: 'kept@example.com',
        subject: 'Kept across restarts',
        html: '<p>hello</p>',
        text: 'hello',
        links: ['https://example.com/verify?token=abc'],
      });
      await first.stop();

      const second = await start();
      try {
        const res = await second.app.inject({ method: 'GET', url: '/dev/mailbox?to=kept@example.com' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('Kept across restarts');
        expect(res.body).toContain('https://example.com/verify?token=abc');
        // Migrations ran again on the existing data without complaint.
        const health = await second.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      await scratch.dispose();
    }
  }, 60_000);
});

describe(`the server process (${database})`, () => {
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

  async function waitForHealth(base: string, child: ChildProcess, output: () => string) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server did not become healthy:\n${output()}`);
  }

  it('finishes the request in flight on SIGTERM, then exits 0', async () => {
    const scratch = await createScratchDatabase();
    const port = await freePort();
    const { DATABASE_URL: _inherited, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      // Debug level logs each request as it arrives, so the test knows when the server holds it.
      env: { ...env, ...scratch.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'debug' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, child, () => output);

      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ email: 'someone@example.com' });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: login.path,
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        // The signal comes once the server has the request, however busy the machine is.
        const received = `received POST ${login.path}`;
        const signalWhenReceived = () => {
          if (!output.includes(received)) return void setTimeout(signalWhenReceived, 20);
          child.kill('SIGTERM');
          setTimeout(() => {
            // Still running: it is waiting for this request.
            if (child.exitCode !== null) reject(new Error(`server exited before the request finished:\n${output}`));
            req.end(body.slice(10));
          }, 700);
        };
        signalWhenReceived();
      });

      const res = await answer;
      expect(res.status).toBeLessThan(500);
      expect(parseJson(res.body).state.status).toBe(res.status);
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');
      expect(output).toContain('stopped cleanly');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await scratch.dispose();
    }
  }, 90_000);
});
