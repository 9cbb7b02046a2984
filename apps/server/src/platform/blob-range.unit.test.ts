import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { drain } from '../testing/streams.ts';
import {
  BlobIntegrityError,
  CHUNK_BYTES,
  createEncryptedBlobStore,
  watchIntegrity,
} from './blob-encryption.ts';
import { type BlobBackend, type BlobRange, createLocalBlobStore } from './blob-store.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'mohar-blob-ranges-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const local = createLocalBlobStore(root);

/** The real local backend, noting every read asked of it: a whole file, or a range of stored bytes. */
const asked: (BlobRange | 'whole')[] = [];
const backend: BlobBackend = {
  ...local,
  get: (key) => {
    asked.push('whole');
    return local.get(key);
  },
  getRange: (key, range) => {
    asked.push(range);
    return local.getRange(key, range);
  },
};
beforeEach(() => {
  asked.length = 0;
});
const keyA = Buffer.alloc(32, 7);
const keyB = Buffer.alloc(32, 3);
const store = createEncryptedBlobStore(backend, { current: keyA });
const fileOf = (key: string) => path.join(root, key);

const HEADER = 25;
const RECORD = CHUNK_BYTES + 16;
/** Four chunks, the last one short. */
const plain = randomBytes(3 * CHUNK_BYTES + 777);
const SIZE = plain.length;
const stored = await store.put({ body: plain });

/** A copy of the test file with `change` applied to its stored bytes. */
async function alteredCopy(change: (bytes: Buffer) => Buffer) {
  const { key } = await store.put({ body: plain });
  await writeFile(fileOf(key), change(await readFile(fileOf(key))));
  return key;
}

const flip = (offset: number) => (bytes: Buffer) => {
  bytes[offset] = (bytes[offset] ?? 0) ^ 0x01;
  return bytes;
};

describe('ranged reads of the encrypted blob store', () => {
  it.each([
    ['in the middle, over two chunks', CHUNK_BYTES + 100, 2 * CHUNK_BYTES + 50, 1, 2],
    ['exactly one chunk', CHUNK_BYTES, 2 * CHUNK_BYTES - 1, 1, 1],
    ['across a chunk boundary', CHUNK_BYTES - 1, CHUNK_BYTES, 0, 1],
    ['the last byte', SIZE - 1, SIZE - 1, 3, 3],
    ['one byte at the start', 5, 5, 0, 0],
    ['the whole file', 0, SIZE - 1, 0, 3],
  ])(
    'gives %s (bytes %i-%i) reading only the header and chunks %i-%i',
    async (_name, start, end, first, last) => {
      const { bytes, error } = await drain(await store.getRange(stored.key, { start, end }));
      expect(error).toBeNull();
      expect(bytes.equals(plain.subarray(start, end + 1))).toBe(true);
      const lastRecord = last === 3 ? 777 + 16 : RECORD;
      expect(asked).toEqual([
        { start: 0, end: HEADER - 1 },
        { start: HEADER + first * RECORD, end: HEADER + last * RECORD + lastRecord - 1 },
      ]);
    },
  );

  it('refuses a damaged chunk of the range before giving any of its bytes', async () => {
    const seen: string[] = [];
    const watched = watchIntegrity(store, (error) => seen.push(error.reason));
    // The range's first chunk: the promise fails, no stream is given out.
    const first = await alteredCopy(flip(HEADER + RECORD + 3));
    const refused = await watched
      .getRange(first, { start: CHUNK_BYTES + 10, end: CHUNK_BYTES + 20 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BlobIntegrityError);
    expect(refused).toMatchObject({ reason: 'damaged', statusCode: 500, code: 'storage.integrity_failed' });
    // A later chunk of the range: the chunks before it come out, then the stream errors with none of its bytes.
    const later = await alteredCopy(flip(HEADER + 2 * RECORD + 3));
    const range = { start: 100, end: 3 * CHUNK_BYTES - 1 };
    const { bytes, error } = await drain(await watched.getRange(later, range));
    expect(error).toBeInstanceOf(BlobIntegrityError);
    expect(bytes.equals(plain.subarray(100, 2 * CHUNK_BYTES))).toBe(true);
    expect(seen).toEqual(['damaged', 'damaged']);
  });

  it('does not read, so does not check, chunks outside the range (a whole read still fails on them)', async () => {
    const key = await alteredCopy(flip(HEADER + 2 * RECORD + 3));
    const { bytes, error } = await drain(await store.getRange(key, { start: 10, end: 20 }));
    expect(error).toBeNull();
    expect(bytes.equals(plain.subarray(10, 21))).toBe(true);
    expect((await drain(await store.get(key))).error).toBeInstanceOf(BlobIntegrityError);
  });

  it('knows the last chunk from the size: a file cut at a chunk boundary fails for any range reaching its end', async () => {
    const cut = await alteredCopy((bytes) => bytes.subarray(0, HEADER + 3 * RECORD));
    // The new last chunk was sealed as not final; the old last bytes are past the new end.
    for (const range of [
      { start: 3 * CHUNK_BYTES - 1, end: 3 * CHUNK_BYTES - 1 },
      { start: SIZE - 10, end: SIZE - 1 },
      { start: 0, end: SIZE - 1 },
    ])
      await expect(store.getRange(cut, range)).rejects.toMatchObject({ reason: 'damaged' });
    // Cut inside a chunk's record: no v2 file has that size, so nothing is read from it.
    const short = await alteredCopy((bytes) => bytes.subarray(0, HEADER + 3 * RECORD + 5));
    await expect(store.getRange(short, { start: 0, end: 0 })).rejects.toMatchObject({ reason: 'damaged' });
  });

  it('refuses a range past the end of an intact file, and one that is not a range', async () => {
    await expect(store.getRange(stored.key, { start: SIZE - 1, end: SIZE })).rejects.toBeInstanceOf(
      RangeError,
    );
    await expect(store.getRange(stored.key, { start: 10, end: 9 })).rejects.toBeInstanceOf(RangeError);
    const empty = await store.put({ body: Buffer.alloc(0) });
    await expect(store.getRange(empty.key, { start: 0, end: 0 })).rejects.toBeInstanceOf(RangeError);
  });

  it('reads with the previous key during a rotation, and refuses a file of an unknown key', async () => {
    const rotating = createEncryptedBlobStore(backend, { current: keyB, previous: keyA });
    const range = { start: 2 * CHUNK_BYTES - 3, end: 2 * CHUNK_BYTES + 3 };
    const { bytes } = await drain(await rotating.getRange(stored.key, range));
    expect(bytes.equals(plain.subarray(range.start, range.end + 1))).toBe(true);
    const onlyNew = createEncryptedBlobStore(backend, { current: keyB });
    await expect(onlyNew.getRange(stored.key, range)).rejects.toMatchObject({ reason: 'unknown-key' });
  });

  it('reads a v1 file by range from its start (its one tag checked first), and refuses a damaged one', async () => {
    const writeV1 = async (bytes: Buffer) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyA, iv);
      const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
      return (
        await local.put({ body: Buffer.concat([Buffer.from('MOHARENC1'), iv, body, cipher.getAuthTag()]) })
      ).key;
    };
    const v1 = await writeV1(plain);
    const range = { start: 2 * CHUNK_BYTES + 5, end: 2 * CHUNK_BYTES + 500 };
    const { bytes, error } = await drain(await store.getRange(v1, range));
    expect(error).toBeNull();
    expect(bytes.equals(plain.subarray(range.start, range.end + 1))).toBe(true);
    expect(asked).toContain('whole');
    await expect(store.getRange(v1, { start: SIZE, end: SIZE })).rejects.toBeInstanceOf(RangeError);
    const damaged = await writeV1(plain);
    await writeFile(fileOf(damaged), flip(9 + 12 + 3 * CHUNK_BYTES)(await readFile(fileOf(damaged))));
    await expect(store.getRange(damaged, { start: 0, end: 0 })).rejects.toMatchObject({ reason: 'damaged' });
    // A file stored before encryption is refused by range as it is whole.
    const { key: plaintext } = await local.put({ body: Buffer.from('an old blog image') });
    await expect(store.getRange(plaintext, { start: 0, end: 2 })).rejects.toMatchObject({
      reason: 'unencrypted',
    });
  });
});
