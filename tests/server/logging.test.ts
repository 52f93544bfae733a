import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../src/contract/endpoint.ts';
import { loadConfig } from '../../server/config.ts';
import { loggerOptions } from '../../server/logging.ts';
import { route } from '../../server/http/route.ts';
import { createTestApp } from '../support/server/test-app.ts';

const crashProbe = endpoint({
  method: 'GET',
  path: '/api/test/log-crash',
  auth: 'public',
  tag: 'test',
  summary: 'Crash probe',
  response: z.null(),
});

/** A log destination that keeps what was written. */
function buffer() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

/** Builds the app on a log buffer in the given format and sends a few requests through it. */
async function logsOf(logFormat: 'json' | 'pretty') {
  const out = buffer();
  const app = await createTestApp({
    logger: loggerOptions({ logLevel: 'info', logFormat }, out.stream),
    extend(api) {
      route(api, crashProbe, async () => {
        throw new Error('disk on fire');
      });
    },
  });
  try {
    await app.inject({ method: 'GET', url: '/api/health?token=secret-token&email=someone%40example.com' });
    await app.inject({ method: 'POST', url: '/api/Account/ChangePassword', payload: [] });
    await app.inject({ method: 'GET', url: crashProbe.path });
    app.log.info({ body: { password: 'hunter2', refreshToken: 'rt-123' } }, 'a body');
  } finally {
    await app.stop();
  }
  // The pretty stream hands lines on through a pipe; let the last ones through.
  await sleep(20);
  return out.lines();
}

describe('log lines', () => {
  it('are pretty outside production and JSON in production, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://jobs.example.com',
      DATABASE_URL: 'postgres://app@127.0.0.1:5432/jobs',
    };
    expect(loadConfig(production).logFormat).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('in production: one JSON object per line, one line per request with method, path, status, ms and request id', async () => {
    const lines = await logsOf('json');
    const logs = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = logs.filter((l) => l.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        path: '/api/health',
        status: 200,
        ms: expect.any(Number),
        reqId: expect.any(String),
      }),
      expect.objectContaining({ method: 'POST', path: '/api/Account/ChangePassword', status: 401 }),
      expect.objectContaining({ method: 'GET', path: crashProbe.path, status: 500 }),
    ]);
    expect(logs.map((l) => l.msg)).not.toContain('incoming request');
    expect(logs.map((l) => l.msg)).not.toContain('request completed');

    const failure = logs.find((l) => l.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, reqId: requests[2]!.reqId, err: { message: 'disk on fire' } });

    expect(logs.find((l) => l.msg === 'a body')).toMatchObject({ body: { password: '[Redacted]', refreshToken: '[Redacted]' } });
    const all = lines.join('\n');
    for (const secret of ['secret-token', 'someone', 'hunter2', 'rt-123']) expect(all).not.toContain(secret);
  });

  it('locally: a readable line per request with time, level, method, path, status and duration', async () => {
    const lines = await logsOf('pretty');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/health 200 \d+(\.\d)? ms$/),
        expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}POST \/api\/Account\/ChangePassword 401 \d+(\.\d)? ms$/),
        expect.stringMatching(/^\d\d:\d\d:\d\d ERROR request failed \(req-\w+\)$/),
      ]),
    );
    expect(lines.some((l) => l.includes('Error: disk on fire'))).toBe(true);
    expect(lines.some((l) => l.startsWith('{'))).toBe(false);
    const all = lines.join('\n');
    for (const secret of ['secret-token', 'someone', 'hunter2', 'rt-123']) expect(all).not.toContain(secret);
  });
});
