/**
 * Turns of the event loop for CPU-bound work (a search answered from memory runs start to end
 * without waiting on anything). Callers queue; one goes per turn of the loop, and between two of
 * them the loop serves timers and sockets. So however many searches arrive at once, any other
 * request waits for at most one of them, not for all of them back to back.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function release(): void {
  // The caller's work runs in the microtasks that follow this callback, before the next turn.
  waiting.shift()?.();
  // Queued from inside a check-phase callback, this runs in the loop's next iteration.
  if (waiting.length) setImmediate(release);
  else scheduled = false;
}

/** Resolves when it is this caller's turn: run the work straight after, without awaiting anything else. */
export function takeTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  });
}
