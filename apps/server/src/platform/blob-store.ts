import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type BlobBody = Readable | Buffer | Uint8Array;

/** Byte offsets of a part of a blob, `end` included (as in an HTTP Range header). */
export type BlobRange = { start: number; end: number };

/** Files by generated key. Callers never choose names, so a key can never point outside the store. */
export interface BlobStore {
  put(options: { body: BlobBody; prefix?: string }): Promise<{ key: string; size: number }>;
  /**
   * The blob's bytes. With the encrypted store (platform/blob-encryption.ts) the promise settles only after the first
   * chunk was authenticated, so a route learns of a damaged file or a wrong key before it sends any header.
   */
  get(key: string): Promise<Readable>;
  /**
   * Exactly the bytes `start`..`end` (included) of the blob. The encrypted store reads and authenticates only the
   * chunks that hold them (plus the header), with the same promise as `get`; a range past the end is a RangeError.
   */
  getRange(key: string, range: BlobRange): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/**
 * Where bytes live: a local folder (below) or an S3 bucket (platform/s3-blob-store.ts). It stores what it is given: encryption is a layer on
 * top (createEncryptedBlobStore), so any backend gets it. `keys` and `replace` serve maintenance (key rotation).
 */
export interface BlobBackend extends BlobStore {
  /** The stored object's length in bytes (what the encrypted store's ranged read plans its chunks from). */
  size(key: string): Promise<number>;
  /** Every stored key. */
  keys(): AsyncIterable<string>;
  /** New content under an existing key, all or nothing: an interrupted replace leaves the old content. */
  replace(key: string, body: BlobBody): Promise<{ size: number }>;
  /** Bytes under a key chosen elsewhere, all or nothing: how `npm run blobs:migrate` copies a store into another. */
  write(key: string, body: BlobBody): Promise<{ size: number }>;
}

const KEY_PATTERN = /^[a-z0-9-]{1,32}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** A fresh key under `prefix`: the same shape in every backend, so a store can be copied into another as it is. */
export function newBlobKey(prefix = 'blob'): string {
  const id = randomUUID();
  return `${prefix}/${id.slice(0, 2)}/${id}`;
}

/** Whether `key` has the shape newBlobKey gives (anything else is not a blob of ours). */
export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Counts the bytes that pass, for the size a `put` reports. */
export function byteCounter(counted: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.size += chunk.length;
      done(null, chunk);
    },
  });
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export function toReadable(body: BlobBody): Readable {
  return body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
}

/**
 * A folder on local disk (DATA_DIR/blobs), storing bytes as given. Writes go to a temporary file first and are
 * renamed into place, so a crash never leaves half a blob.
 */
export function createLocalBlobStore(root: string): BlobBackend {
  const pathOf = (key: string) => {
    if (!isBlobKey(key)) throw new BlobNotFoundError(key);
    return path.join(root, key);
  };

  async function sizeOf(key: string) {
    try {
      return (await stat(pathOf(key))).size;
    } catch {
      throw new BlobNotFoundError(key);
    }
  }

  async function writeAtomically(target: string, body: BlobBody) {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID().slice(0, 8)}.partial`;
    const counted = { size: 0 };
    try {
      await pipeline(toReadable(body), byteCounter(counted), createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size: counted.size };
  }

  return {
    async put({ body, prefix }) {
      const key = newBlobKey(prefix);
      const { size } = await writeAtomically(pathOf(key), body);
      return { key, size };
    },
    async get(key) {
      const target = pathOf(key);
      await sizeOf(key);
      return createReadStream(target);
    },
    async getRange(key, { start, end }) {
      const target = pathOf(key);
      await sizeOf(key);
      return createReadStream(target, { start, end });
    },
    size: sizeOf,
    async exists(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *keys() {
      let entries: string[];
      try {
        entries = (await readdir(root, { recursive: true })) as string[];
      } catch {
        return;
      }
      for (const entry of entries.sort()) {
        const key = entry.split(path.sep).join('/');
        if (isBlobKey(key)) yield key;
      }
    },
    async replace(key, body) {
      const target = pathOf(key);
      if (!(await this.exists(key))) throw new BlobNotFoundError(key);
      return writeAtomically(target, body);
    },
    write: (key, body) => writeAtomically(pathOf(key), body),
  };
}

export async function readBlob(store: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
