import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, createLocalBlobStore, readBlob } from './blob-store.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'mohar-blobs-'));
const store = createLocalBlobStore(root);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local blob store', () => {
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
});

describe('local blob store with encryption at rest', () => {
  const key = Buffer.alloc(32, 9);
  const encrypted = createLocalBlobStore(root, { encryptionKey: key });

  it('gives back exactly what was stored while the file on disk holds no plaintext', async () => {
    const secret = Buffer.concat([Buffer.from('AADHAAR-FRONT-IMAGE '), randomBytes(1024 * 1024)]);
    const { key: blobKey, size } = await encrypted.put({
      body: Readable.from([secret.subarray(0, 1000), secret.subarray(1000)]),
      prefix: 'identity',
    });
    expect(size).toBe(secret.length);
    expect((await readBlob(encrypted, blobKey)).equals(secret)).toBe(true);
    const onDisk = await readFile(path.join(root, blobKey));
    expect(onDisk.includes(Buffer.from('AADHAAR-FRONT-IMAGE'))).toBe(false);
    expect(onDisk.length).toBe(secret.length + 9 + 12 + 16);
  });

  it('refuses a file that was changed on disk', async () => {
    const { key: blobKey } = await encrypted.put({ body: Buffer.from('certificate of practice') });
    const file = path.join(root, blobKey);
    const bytes = await readFile(file);
    bytes[30] = (bytes[30] ?? 0) ^ 0xff;
    await writeFile(file, bytes);
    await expect(readBlob(encrypted, blobKey)).rejects.toThrow(/integrity check/);
  });

  it('cannot be read with another key', async () => {
    const { key: blobKey } = await encrypted.put({ body: Buffer.from('signature specimen') });
    const other = createLocalBlobStore(root, { encryptionKey: Buffer.alloc(32, 1) });
    await expect(readBlob(other, blobKey)).rejects.toThrow(/integrity check/);
  });

  it('stores an empty blob, and still reads files written before encryption was on', async () => {
    const { key: empty } = await encrypted.put({ body: Buffer.alloc(0) });
    expect((await readBlob(encrypted, empty)).length).toBe(0);
    const { key: legacy } = await store.put({ body: Buffer.from('an old blog image') });
    expect((await readBlob(encrypted, legacy)).toString()).toBe('an old blog image');
  });
});
