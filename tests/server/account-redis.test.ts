import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { AccountMessages } from '../../src/contract/account.ts';
import { createRedisRateLimiter } from '../../server/platform/rate-limit.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { accountApp, expectFailure, post, uniqueEmail } from './account-support.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A throwaway Redis server (the `redis-server` binary), nothing written to disk. */
let redisProcess: ChildProcess;
let url: string;
beforeAll(async () => {
  const port = await freePort();
  redisProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  url = `redis://127.0.0.1:${port}`;
  // Wait until it answers PING.
  for (let attempt = 0; ; attempt++) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      await probe.quit();
      break;
    } catch (err) {
      probe.disconnect();
      if (attempt > 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});
afterAll(() => {
  redisProcess.kill();
});

describe('Redis rate limiter', () => {
  it('counts hits in a fixed window shared by every client, with an expiry on every key', async () => {
    const a = createRedisRateLimiter(new Redis(url), { prefix: 'test:' });
    const b = createRedisRateLimiter(new Redis(url), { prefix: 'test:' });
    try {
      const key = `k-${Date.now()}`;
      expect((await a.hit(key, 3, 60)).allowed).toBe(true);
      expect((await b.hit(key, 3, 60)).allowed).toBe(true);
      expect((await a.hit(key, 3, 60)).allowed).toBe(true);
      const fourth = await b.hit(key, 3, 60);
      expect(fourth.allowed).toBe(false);
      expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
      expect(fourth.retryAfterSeconds).toBeLessThanOrEqual(60);

      const inspect = new Redis(url);
      const keys = await inspect.keys(`test:${key}:*`);
      expect(keys).toHaveLength(1);
      expect(await inspect.pttl(keys[0]!)).toBeGreaterThan(0);
      await inspect.quit();
    } finally {
      await a.close?.();
      await b.close?.();
    }
  });

  it('starts a new window when the old one ends', async () => {
    let t = 1_000_000_000_000;
    const limiter = createRedisRateLimiter(new Redis(url), { prefix: 'test:', now: () => t });
    try {
      expect((await limiter.hit('window', 1, 10)).allowed).toBe(true);
      expect((await limiter.hit('window', 1, 10)).allowed).toBe(false);
      t += 10_000;
      expect((await limiter.hit('window', 1, 10)).allowed).toBe(true);
    } finally {
      await limiter.close?.();
    }
  });
});

describe('REDIS_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await accountApp({ env: { REDIS_URL: url } });
  });
  afterAll(async () => {
    await app.stop();
    await app.ctx.adapters.rateLimiter.close?.();
  });

  it('makes the account limits use Redis: ForgotPassword answers 429 after 5 requests for one email', async () => {
    const email = uniqueEmail('redis');
    for (let i = 0; i < 5; i++) expect((await post(app, '/api/Account/ForgotPassword', { email })).status).toBe(200);
    expectFailure(await post(app, '/api/Account/ForgotPassword', { email }), 429, AccountMessages.tooManyRequests);

    const inspect = new Redis(url);
    expect((await inspect.keys(`rl:account:forgotPerEmail:${email}:*`)).length).toBe(1);
    await inspect.quit();
  });
});
