/**
 * Runs at most `max` tasks at once; later ones wait in arrival order. The counts are the limiter's own state, read
 * by tests and by anyone asking how busy it is.
 */
export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;

export function createConcurrencyLimit(max: number) {
  const waiting: Array<() => void> = [];
  let running = 0;
  let peakRunning = 0;

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    max,
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    /** The most tasks that ever ran at once since the last reset. */
    get peakRunning() {
      return peakRunning;
    },
    resetPeak() {
      peakRunning = running;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running += 1;
      // A finishing task hands its place straight to the next in line (running stays the same).
      else await new Promise<void>((resolve) => waiting.push(resolve));
      peakRunning = Math.max(peakRunning, running);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
