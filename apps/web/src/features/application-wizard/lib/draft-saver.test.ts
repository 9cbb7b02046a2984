import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftSaver, type SaveOutcome } from './draft-saver';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A save whose answer the test controls. */
function deferredSave() {
  const calls: Array<{
    value: string;
    resolve: (outcome: SaveOutcome) => void;
    reject: (error: Error) => void;
  }> = [];
  const task = (value: string) => () =>
    new Promise<SaveOutcome>((resolve, reject) => {
      calls.push({ value, resolve, reject });
    });
  return { calls, task };
}

describe('autosave', () => {
  it('saves 500 ms after the last change, only the latest value', async () => {
    const saver = createDraftSaver({ delayMs: 500 });
    const { calls, task } = deferredSave();
    saver.schedule('details', task('a'));
    await vi.advanceTimersByTimeAsync(300);
    saver.schedule('details', task('ab'));
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(0);
    expect(saver.getState()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.value)).toEqual(['ab']);
    expect(saver.getState()).toBe('saving');
    calls[0]?.resolve('saved');
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState()).toBe('saved');
  });

  it('flush sends waiting saves at once and reports whether all were saved', async () => {
    const saver = createDraftSaver({ delayMs: 500 });
    const seen: Array<{ keepalive: boolean }> = [];
    saver.schedule('details', async (options) => {
      seen.push(options);
      return 'saved';
    });
    await expect(saver.flush({ keepalive: true })).resolves.toBe(true);
    expect(seen).toEqual([{ keepalive: true }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toHaveLength(1);
  });

  it('runs saves one at a time, in the order they were made', async () => {
    const saver = createDraftSaver({ delayMs: 500 });
    const { calls, task } = deferredSave();
    saver.schedule('details', task('details'));
    saver.schedule('signatories', task('signatories'));
    void saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.value)).toEqual(['details']);
    calls[0]?.resolve('saved');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.value)).toEqual(['details', 'signatories']);
  });

  it('a failed save shows as an error until retried', async () => {
    const saver = createDraftSaver({ delayMs: 500 });
    let attempts = 0;
    saver.schedule('notary', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Network Error');
      return 'saved';
    });
    await expect(saver.flush()).resolves.toBe(false);
    expect(saver.getState()).toBe('error');
    await expect(saver.retry()).resolves.toBe(true);
    expect(attempts).toBe(2);
    expect(saver.getState()).toBe('saved');
  });

  it('an invalid form is not sent, and wins over a save still running', async () => {
    const saver = createDraftSaver({ delayMs: 500 });
    const { calls, task } = deferredSave();
    saver.schedule('signatories', task('valid list'));
    await vi.advanceTimersByTimeAsync(500);
    saver.markInvalid('signatories');
    expect(saver.getState()).toBe('saving');
    calls[0]?.resolve('saved');
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getState()).toBe('invalid');
    await expect(saver.flush()).resolves.toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('the indicator shows the part that needs attention first', async () => {
    const saver = createDraftSaver({ delayMs: 500 });
    saver.schedule('details', async () => 'saved');
    saver.markInvalid('signatories');
    expect(saver.getState()).toBe('invalid');
    expect(saver.getChannelState('details')).toBe('pending');
    saver.discard();
    expect(saver.getState()).toBe('idle');
  });

  it('tells subscribers about every change of state', async () => {
    const saver = createDraftSaver({ delayMs: 500 });
    const states: string[] = [];
    const unsubscribe = saver.subscribe(() => states.push(saver.getState()));
    saver.schedule('details', async () => 'saved');
    await saver.flush();
    unsubscribe();
    expect(states).toEqual(['pending', 'saving', 'saved']);
  });
});
