import { describe, expect, it } from 'vitest';
import { ChunkUploader, type UploaderState } from './chunk-uploader';

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * The server's rules in memory: parts stored by index, the same bytes again are fine, other bytes under a used
 * index are a 409. `outages` makes the next N attempts for an index fail as if the network dropped.
 */
function createServer(options: { outages?: Record<number, number> } = {}) {
  const stored = new Map<number, string>();
  const arrivals: number[] = [];
  const outages = new Map(Object.entries(options.outages ?? {}).map(([index, n]) => [Number(index), n]));
  return {
    stored,
    arrivals,
    async send(index: number, blob: Blob): Promise<void> {
      const left = outages.get(index) ?? 0;
      if (left > 0) {
        outages.set(index, left - 1);
        throw new TypeError('Failed to fetch');
      }
      const text = await blob.text();
      const existing = stored.get(index);
      if (existing !== undefined && existing !== text)
        throw new HttpError(409, `Part ${index} of the recording was already received with other content.`);
      stored.set(index, text);
      arrivals.push(index);
    },
  };
}

const part = (text: string) => new Blob([text], { type: 'video/webm' });
// A macrotask, so a part retried forever still lets the test time out instead of spinning.
const noWait = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('ChunkUploader', () => {
  it('numbers parts 0, 1, 2… and the server ends up with each exactly once, in order', async () => {
    const server = createServer();
    const uploader = new ChunkUploader({ send: server.send, sleep: noWait });
    const indexes = ['a', 'b', 'c', 'd'].map((text) => uploader.push(part(text)));
    await uploader.flush();

    expect(indexes).toEqual([0, 1, 2, 3]);
    expect(server.arrivals).toEqual([0, 1, 2, 3]);
    expect([...server.stored.entries()]).toEqual([
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
      [3, 'd'],
    ]);
    expect(uploader.count).toBe(4);
    expect(uploader.state).toEqual({
      pending: 0,
      uploaded: 4,
      failing: false,
      lastError: null,
      failed: false,
    });
  });

  it('retries a failing part until it lands, never letting a later part overtake it', async () => {
    const server = createServer({ outages: { 1: 3 } });
    const states: UploaderState[] = [];
    const waits: number[] = [];
    const uploader = new ChunkUploader({
      send: server.send,
      onStateChange: (state) => states.push(state),
      retryDelaysMs: [10, 20],
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    for (const text of ['a', 'b', 'c']) uploader.push(part(text));
    await uploader.flush();

    expect(server.arrivals).toEqual([0, 1, 2]);
    expect(server.stored.get(1)).toBe('b');
    // Backoff follows the list, then keeps repeating its last step.
    expect(waits).toEqual([10, 20, 20]);
    expect(states.some((state) => state.failing && state.lastError === 'Failed to fetch')).toBe(true);
    expect(uploader.state.failing).toBe(false);
    expect(uploader.state.lastError).toBeNull();
  });

  it('reports uploads as failing while a part keeps failing, so the call can warn everyone', async () => {
    const server = createServer({ outages: { 0: 1_000 } });
    let release: () => void = () => {};
    const retried = new Promise<void>((resolve) => {
      release = resolve;
    });
    const uploader = new ChunkUploader({
      send: server.send,
      sleep: () => {
        release();
        return new Promise(() => {});
      },
    });
    uploader.push(part('a'));
    await retried;

    expect(uploader.state).toMatchObject({ pending: 1, uploaded: 0, failing: true, failed: false });
    expect(server.stored.size).toBe(0);
    uploader.dispose();
  });

  it('stops for good on a 409 (other content under a used index) and flush rejects with it', async () => {
    const server = createServer();
    server.stored.set(1, 'from an earlier recorder');
    const uploader = new ChunkUploader({ send: server.send, sleep: noWait });
    for (const text of ['a', 'b', 'c']) uploader.push(part(text));

    await expect(uploader.flush()).rejects.toMatchObject({ status: 409 });
    expect(uploader.state).toMatchObject({ failed: true, failing: false, uploaded: 1, pending: 2 });
    expect(uploader.state.lastError).toContain('Part 1');
    // Part 2 is held back: sending it would leave the server with a file that has a hole in it.
    expect(server.arrivals).toEqual([0]);
    expect(server.stored.get(1)).toBe('from an earlier recorder');
  });

  it('a recorder restarted in the same session continues after the parts the server holds', async () => {
    const server = createServer();
    server.stored.set(0, 'first take');
    server.stored.set(1, 'first take, continued');
    const uploader = new ChunkUploader({ send: server.send, sleep: noWait, firstIndex: 2 });
    expect(uploader.push(part('second take'))).toBe(2);
    await uploader.flush();
    expect(uploader.count).toBe(3);
    expect(server.stored.get(2)).toBe('second take');
  });

  it('gives up when the session is over (404) instead of retrying for ever', async () => {
    const uploader = new ChunkUploader({
      send: async () => {
        throw new HttpError(404, 'There is no live session here.');
      },
      sleep: noWait,
    });
    uploader.push(part('late'));
    await expect(uploader.flush()).rejects.toMatchObject({ status: 404 });
    expect(uploader.state.failed).toBe(true);
  });

  it('sending the same part twice is harmless (the server treats it as idempotent)', async () => {
    const server = createServer();
    server.stored.set(0, 'a');
    const uploader = new ChunkUploader({ send: server.send, sleep: noWait });
    uploader.push(part('a'));
    uploader.push(part('b'));
    await uploader.flush();

    expect(uploader.state).toMatchObject({ uploaded: 2, failed: false });
    expect(server.stored.get(1)).toBe('b');
  });

  it('skips empty parts without using an index', async () => {
    const server = createServer();
    const uploader = new ChunkUploader({ send: server.send, sleep: noWait });
    const indexes = [part('a'), new Blob([]), part('b'), new Blob([]), part('c')].map((blob) =>
      uploader.push(blob),
    );
    await uploader.flush();

    expect(indexes).toEqual([0, -1, 1, -1, 2]);
    expect(uploader.count).toBe(3);
    expect([...server.stored.keys()]).toEqual([0, 1, 2]);
  });

  it('flush waits for parts still being retried and resolves only once all of them are stored', async () => {
    const server = createServer({ outages: { 2: 2 } });
    const uploader = new ChunkUploader({ send: server.send, sleep: noWait });
    for (const text of ['a', 'b', 'c']) uploader.push(part(text));
    const first = uploader.flush();
    uploader.push(part('d'));
    const second = uploader.flush();

    await first;
    expect(server.stored.size).toBeGreaterThanOrEqual(3);
    await second;
    expect([...server.stored.keys()]).toEqual([0, 1, 2, 3]);
    await expect(uploader.flush()).resolves.toBeUndefined();
  });

  it('flush resolves at once when nothing was pushed', async () => {
    const uploader = new ChunkUploader({ send: createServer().send });
    await expect(uploader.flush()).resolves.toBeUndefined();
    expect(uploader.count).toBe(0);
  });

  it('after dispose nothing more is sent and a pending flush rejects', async () => {
    const server = createServer({ outages: { 0: 1_000 } });
    const uploader = new ChunkUploader({ send: server.send, sleep: noWait, retryDelaysMs: [0] });
    uploader.push(part('a'));
    const flushed = uploader.flush();
    uploader.dispose();

    await expect(flushed).rejects.toThrow('stopped');
    expect(server.stored.size).toBe(0);
  });
});
