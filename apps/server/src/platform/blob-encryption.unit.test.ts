import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { drain } from '../testing/streams.ts';
import {
  BlobIntegrityError,
  CHUNK_BYTES,
  createEncryptedBlobStore,
  watchIntegrity,
} from './blob-encryption.ts';
import { createLocalBlobStore, readBlob } from './blob-store.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'mohar-encrypted-blobs-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const backend = createLocalBlobStore(root);
const keyA = Buffer.alloc(32, 9);
const keyB = Buffer.alloc(32, 4);
const store = createEncryptedBlobStore(backend, { current: keyA });
const fileOf = (key: string) => path.join(root, key);

async function flipByte(key: string, offset: number) {
  const bytes = await readFile(fileOf(key));
  bytes[offset] = (bytes[offset] ?? 0) ^ 0x01;
  await writeFile(fileOf(key), bytes);
}

const HEADER = 25;
const RECORD = CHUNK_BYTES + 16;

describe('encrypted blob store (chunked AES-256-GCM)', () => {
  it.each([0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 777])(
    'gives back exactly %i bytes, with no plaintext on disk',
    async (length) => {
      const secret = Buffer.concat([Buffer.from('AADHAAR-FRONT-IMAGE '), randomBytes(length)]);
      const { key, size } = await store.put({
        body: Readable.from([secret.subarray(0, 1000), secret.subarray(1000)].filter((b) => b.length > 0)),
        prefix: 'identity',
      });
      expect(size).toBe(secret.length);
      expect((await readBlob(store, key)).equals(secret)).toBe(true);
      const onDisk = await readFile(fileOf(key));
      expect(onDisk.includes(Buffer.from('AADHAAR-FRONT-IMAGE'))).toBe(false);
      expect(onDisk.length).toBe(
        HEADER + secret.length + 16 * Math.max(1, Math.ceil(secret.length / CHUNK_BYTES)),
      );
    },
  );

  it('refuses a file with a flipped byte in its first chunk before giving out any stream', async () => {
    const { key } = await store.put({ body: randomBytes(3 * CHUNK_BYTES) });
    await flipByte(key, HEADER + 100);
    const refused = await store.get(key).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BlobIntegrityError);
    expect(refused).toMatchObject({ reason: 'damaged', statusCode: 500, code: 'storage.integrity_failed' });
  });

  it('refuses a file whose header was changed', async () => {
    const { key } = await store.put({ body: Buffer.from('certificate of practice') });
    await flipByte(key, 20); // inside the nonce prefix
    await expect(store.get(key)).rejects.toMatchObject({ reason: 'damaged' });
  });

  it('with a flipped byte in a later chunk, releases only the chunks that checked, then errors', async () => {
    const secret = randomBytes(3 * CHUNK_BYTES + 10);
    const { key } = await store.put({ body: secret });
    await flipByte(key, HEADER + 2 * RECORD + 5); // the third chunk
    const { bytes, error } = await drain(await store.get(key));
    expect(error).toBeInstanceOf(BlobIntegrityError);
    expect(bytes.length).toBe(2 * CHUNK_BYTES);
    expect(bytes.equals(secret.subarray(0, 2 * CHUNK_BYTES))).toBe(true);
  });

  it('detects a file cut at a chunk boundary, and chunks swapped in order', async () => {
    const secret = randomBytes(3 * CHUNK_BYTES + 10);
    const { key } = await store.put({ body: secret });
    const bytes = await readFile(fileOf(key));
    await writeFile(fileOf(key), bytes.subarray(0, HEADER + 2 * RECORD));
    expect((await drain(await store.get(key))).error).toBeInstanceOf(BlobIntegrityError);
    const swapped = Buffer.concat([
      bytes.subarray(0, HEADER),
      bytes.subarray(HEADER + RECORD, HEADER + 2 * RECORD),
      bytes.subarray(HEADER, HEADER + RECORD),
      bytes.subarray(HEADER + 2 * RECORD),
    ]);
    await writeFile(fileOf(key), swapped);
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it('refuses a file sealed with another key before giving out any stream', async () => {
    const { key } = await store.put({ body: Buffer.from('signature specimen') });
    const other = createEncryptedBlobStore(backend, { current: keyB });
    await expect(other.get(key)).rejects.toMatchObject({ reason: 'unknown-key' });
  });

  it('refuses a file stored before encryption on normal reads; re-encrypting it makes it readable', async () => {
    const { key } = await backend.put({ body: Buffer.from('an old blog image') });
    await expect(store.get(key)).rejects.toMatchObject({ reason: 'unencrypted' });
    expect(await store.reencrypt(key)).toBe('rewritten');
    expect((await readFile(fileOf(key))).includes(Buffer.from('old blog'))).toBe(false);
    expect((await readBlob(store, key)).toString()).toBe('an old blog image');
  });

  it('reads the earlier one-tag format only after checking its tag, and rewrites it in the chunked format', async () => {
    const writeV1 = async (plain: Buffer) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyA, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return (
        await backend.put({ body: Buffer.concat([Buffer.from('MOHARENC1'), iv, body, cipher.getAuthTag()]) })
      ).key;
    };
    const secret = randomBytes(2 * CHUNK_BYTES + 3);
    const good = await writeV1(secret);
    expect((await readBlob(store, good)).equals(secret)).toBe(true);
    const damaged = await writeV1(secret);
    await flipByte(damaged, 9 + 12 + CHUNK_BYTES + 50);
    await expect(store.get(damaged)).rejects.toMatchObject({ reason: 'damaged' });
    expect(await store.reencrypt(good)).toBe('rewritten');
    expect((await readFile(fileOf(good))).subarray(0, 9).toString()).toBe('MOHARENC2');
    expect((await readBlob(store, good)).equals(secret)).toBe(true);
  });

  it('reads with the previous key during a rotation, and re-encryption leaves only the new key needed', async () => {
    const secret = randomBytes(CHUNK_BYTES + 5);
    const { key } = await store.put({ body: secret });
    const rotating = createEncryptedBlobStore(backend, { current: keyB, previous: keyA });
    expect((await readBlob(rotating, key)).equals(secret)).toBe(true);
    expect(await rotating.reencrypt(key)).toBe('rewritten');
    expect(await rotating.reencrypt(key)).toBe('unchanged');
    const onlyNew = createEncryptedBlobStore(backend, { current: keyB });
    expect((await readBlob(onlyNew, key)).equals(secret)).toBe(true);
    await expect(store.get(key)).rejects.toMatchObject({ reason: 'unknown-key' });
  });

  it('leaves a blob as it was when it cannot be re-encrypted', async () => {
    const { key } = await store.put({ body: randomBytes(2 * CHUNK_BYTES + 1) });
    await flipByte(key, HEADER + RECORD + 3);
    const before = await readFile(fileOf(key));
    const rotating = createEncryptedBlobStore(backend, { current: keyB, previous: keyA });
    await expect(rotating.reencrypt(key)).rejects.toBeInstanceOf(BlobIntegrityError);
    expect((await readFile(fileOf(key))).equals(before)).toBe(true);
  });

  it('reports every failed check, before and while streaming', async () => {
    const seen: string[] = [];
    const watched = watchIntegrity(store, (error) => seen.push(`${error.blobKey}:${error.reason}`));
    const first = await store.put({ body: randomBytes(10) });
    await flipByte(first.key, HEADER + 1);
    await expect(watched.get(first.key)).rejects.toBeInstanceOf(BlobIntegrityError);
    const later = await store.put({ body: randomBytes(2 * CHUNK_BYTES + 1) });
    await flipByte(later.key, HEADER + RECORD + 3);
    expect((await drain(await watched.get(later.key))).error).toBeInstanceOf(BlobIntegrityError);
    expect(seen).toEqual([`${first.key}:damaged`, `${later.key}:damaged`]);
  });
});
