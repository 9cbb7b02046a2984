import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.ts';

describe('a concurrency limit', () => {
  it('runs at most its limit at once and the rest in arrival order', async () => {
    const limit = createConcurrencyLimit(2);
    const started: number[] = [];
    const finishers: Array<() => void> = [];
    const tasks = [0, 1, 2, 3, 4].map((i) =>
      limit.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(i);
            finishers[i] = () => resolve(i);
          }),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limit.running).toBe(2);
    expect(limit.waiting).toBe(3);
    finishers[1]!();
    await tasks[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const i of [0, 2, 3, 4]) {
      await new Promise((r) => setTimeout(r, 0));
      finishers[i]!();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limit.peakRunning).toBe(2);
    expect(limit.running).toBe(0);
  });

  it('frees its place when a task fails', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limit.running).toBe(0);
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});
