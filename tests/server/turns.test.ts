import { describe, expect, it } from 'vitest';
import { takeTurn } from '../../server/platform/turns.ts';

/** Keeps the thread busy, as a search answered from memory does. */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('work taking turns on the event loop', () => {
  it('lets a timer due meanwhile run between two turns, not after all of them', async () => {
    const events: string[] = [];
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        events.push('timer');
        resolve();
      }, 1),
    );
    await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        await takeTurn();
        busy(5);
        events.push(`work ${n}`);
      }),
    );
    await timer;
    // Without turns, the four would run back to back and the timer would come last.
    expect(events.indexOf('timer')).toBeGreaterThan(0);
    expect(events.indexOf('timer')).toBeLessThan(events.length - 1);
    expect(events.filter((e) => e.startsWith('work'))).toEqual(['work 1', 'work 2', 'work 3', 'work 4']);
  });

  it('answers every caller, also those queued while others run', async () => {
    const done: number[] = [];
    const first = Array.from({ length: 5 }, (_, i) => takeTurn().then(() => done.push(i)));
    await takeTurn();
    const later = Array.from({ length: 5 }, (_, i) => takeTurn().then(() => done.push(5 + i)));
    await Promise.all([...first, ...later]);
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
