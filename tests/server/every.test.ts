import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from '../../server/platform/every.ts';

// The timer behind scheduled work (renewals, alert digests, unread-message mail).

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runEvery', () => {
  it('runs the work each period, skips a tick while a run is still going, and stops', async () => {
    let runs = 0;
    let finish: () => void = () => {};
    const stop = runEvery(
      1000,
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs, 'no second run while the first is going').toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    finish();
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs, 'nothing after stop').toBe(2);
  });

  it('hands a failure to the error handler and runs again next period', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = runEvery(
      500,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
      (err) => errors.push(err),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(['database away']);
    stop();
  });
});
