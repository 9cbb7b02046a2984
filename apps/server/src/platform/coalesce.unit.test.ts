import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a coalesced background pass', () => {
  it('runs once at a time; calls during a pass make exactly one more pass', async () => {
    let passes = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const run = coalesced(
      async () => {
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        passes += 1;
        await tick();
        concurrent -= 1;
      },
      () => {},
    );
    await Promise.all([run(), run(), run(), run()]);
    expect(maxConcurrent).toBe(1);
    expect(passes).toBe(2);
    await run();
    expect(passes).toBe(3);
  });

  it('reports a failing pass and runs again on the next call', async () => {
    const errors: unknown[] = [];
    let fail = true;
    let passes = 0;
    const run = coalesced(
      async () => {
        passes += 1;
        if (fail) throw new Error('database away');
      },
      (error) => errors.push(error),
    );
    await run();
    fail = false;
    await run();
    expect(errors).toHaveLength(1);
    expect(passes).toBe(2);
    await run.settled();
  });
});
