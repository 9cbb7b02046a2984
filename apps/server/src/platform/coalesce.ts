/**
 * A background pass (send due mail, push notifications) that runs once at a time: a call while it runs makes it run
 * once more afterwards instead of starting a second one, so every call's work is seen and none is done twice over.
 * Errors are handed to `onError` (the next call tries again).
 */
export function coalesced(
  pass: () => Promise<void>,
  onError: (error: unknown) => void,
): (() => Promise<void>) & { settled: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } catch (error) {
        onError(error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  // For shutting down: waits for a pass under way without starting one.
  return Object.assign(run, { settled: () => running ?? Promise.resolve() });
}
