/** Fixed-window counters: in memory by default, Redis when REDIS_URL is set (shared by all instances). */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  close?(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
        // Drop expired windows now and then so the map cannot grow without bound.
        if (windows.size > 10_000) for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
  };
}

/** The subset of an ioredis client the limiter uses. */
interface RedisChain {
  incr(key: string): RedisChain;
  pexpire(key: string, ms: number): RedisChain;
  exec(): Promise<Array<[Error | null, unknown]> | null>;
}
interface RedisLike {
  multi(): RedisChain;
  quit(): Promise<unknown>;
}

/**
 * Fixed windows in Redis, shared by every instance. The window's number is part of the key, so
 * a counter never outlives its window even if the expiry were lost; INCR and PEXPIRE go in one
 * MULTI so no counter is left without an expiry.
 */
export function createRedisRateLimiter(redis: RedisLike, options: { prefix?: string; now?: () => number } = {}): RateLimiter {
  const prefix = options.prefix ?? 'rl:';
  const now = options.now ?? Date.now;
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      const windowMs = windowSeconds * 1000;
      const windowStart = Math.floor(t / windowMs) * windowMs;
      const resetAt = windowStart + windowMs;
      const redisKey = `${prefix}${key}:${windowStart}`;
      const results = await redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, resetAt - t + 1000)
        .exec();
      const [incrError, count] = results?.[0] ?? [new Error('rate limiter transaction aborted'), 0];
      if (incrError) throw incrError;
      return { allowed: Number(count) <= limit, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - t) / 1000)) };
    },
    async close() {
      await redis.quit();
    },
  };
}

/** Connects to REDIS_URL; fails fast at start when Redis cannot be reached. */
export async function connectRedisRateLimiter(url: string): Promise<RateLimiter> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  await redis.connect();
  return createRedisRateLimiter(redis);
}
