import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, createLocalBlobStore, readBlob } from './blob-store.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'mohar-blobs-'));
const store = createLocalBlobStore(root);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local blob backend', () => {
  it('stores a stream under a generated key and gives it back', async () => {
    const { key, size } = await store.put({
      body: Readable.from([Buffer.from('hello '), Buffer.from('seal')]),
      prefix: 'docs',
    });
    expect(key).toMatch(/^docs\//);
    expect(size).toBe(10);
    expect((await readBlob(store, key)).toString()).toBe('hello seal');
  });

  it('deletes, after which the key is gone', async () => {
    const { key } = await store.put({ body: Buffer.from('x') });
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('never resolves a key outside the store', async () => {
    await expect(store.get('../../etc/passwd')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.get('docs/aa/../../x')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('lists every key and replaces content all or nothing', async () => {
    const { key } = await store.put({ body: Buffer.from('old'), prefix: 'listed' });
    const keys: string[] = [];
    for await (const each of store.keys()) keys.push(each);
    expect(keys).toContain(key);
    const failing = new Readable({
      read() {
        this.destroy(new Error('source broke'));
      },
    });
    await expect(store.replace(key, failing)).rejects.toThrow(/source broke/);
    expect((await readBlob(store, key)).toString()).toBe('old');
    await store.replace(key, Buffer.from('new'));
    expect((await readBlob(store, key)).toString()).toBe('new');
  });
});
