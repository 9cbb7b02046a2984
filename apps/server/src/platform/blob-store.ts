import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type BlobBody = Readable | Buffer | Uint8Array;

/** Files by generated key. Callers never choose names, so a key can never point outside the store. */
export interface BlobStore {
  put(options: { body: BlobBody; prefix?: string }): Promise<{ key: string; size: number }>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]{1,32}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/;

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** A folder on local disk (DATA_DIR/blobs). Writes go to a temporary file first, so a crash never leaves half a blob. */
export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new BlobNotFoundError(key);
    return path.join(root, key);
  };
  return {
    async put({ body, prefix = 'blob' }) {
      const id = randomUUID();
      const key = `${prefix}/${id.slice(0, 2)}/${id}`;
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.partial`;
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { key, size: (await stat(target)).size };
    },
    async get(key) {
      const target = pathOf(key);
      try {
        await stat(target);
      } catch {
        throw new BlobNotFoundError(key);
      }
      return createReadStream(target);
    },
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
  };
}

export async function readBlob(store: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
