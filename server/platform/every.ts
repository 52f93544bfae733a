/**
 * Scheduled work (DESIGN §8): runs `work` every `ms` while the app runs, never two runs at once in
 * this process (a slow run makes the next tick skip, not queue), a failure logged and left for the
 * next tick. The timer never keeps the process alive. Each piece of work claims what it does in the
 * database, so any number of processes may run the same timer. Returns the stop function.
 */
export function runEvery(ms: number, work: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}
