import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
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

// Encrypted file layout: MAGIC | 12-byte IV | AES-256-GCM ciphertext | 16-byte tag.
const MAGIC = Buffer.from('MOHARENC1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES;

/**
 * A folder on local disk (DATA_DIR/blobs). Writes go to a temporary file first, so a crash never leaves half a blob.
 * With `encryptionKey` every blob is encrypted at rest (AES-256-GCM, a fresh IV per blob); a tampered file fails
 * its authentication tag when read. Files written before encryption was on are still read as they are.
 */
export function createLocalBlobStore(root: string, options: { encryptionKey?: Buffer } = {}): BlobStore {
  const { encryptionKey } = options;
  if (encryptionKey && encryptionKey.length !== 32) throw new Error('blob encryption key must be 32 bytes');
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
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        if (encryptionKey) {
          const iv = randomBytes(IV_BYTES);
          const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
          const sealed = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              done(null, cipher.update(chunk));
            },
            flush(done) {
              this.push(cipher.final());
              done(null, cipher.getAuthTag());
            },
          });
          const file = createWriteStream(temporary, { flags: 'wx' });
          file.write(Buffer.concat([MAGIC, iv]));
          await pipeline(source, counter, sealed, file);
        } else {
          await pipeline(source, counter, createWriteStream(temporary, { flags: 'wx' }));
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { key, size };
    },
    async get(key) {
      const target = pathOf(key);
      let fileSize: number;
      try {
        fileSize = (await stat(target)).size;
      } catch {
        throw new BlobNotFoundError(key);
      }
      const handle = await open(target, 'r');
      const head = Buffer.alloc(Math.min(HEADER_BYTES, fileSize));
      const tag = Buffer.alloc(TAG_BYTES);
      try {
        await handle.read(head, 0, head.length, 0);
        const isEncrypted =
          fileSize >= HEADER_BYTES + TAG_BYTES && head.subarray(0, MAGIC.length).equals(MAGIC);
        if (!isEncrypted) return createReadStream(target);
        if (!encryptionKey) throw new Error(`blob ${key} is encrypted and no key is configured`);
        await handle.read(tag, 0, TAG_BYTES, fileSize - TAG_BYTES);
      } finally {
        await handle.close();
      }
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, head.subarray(MAGIC.length));
      decipher.setAuthTag(tag);
      // An empty blob has no ciphertext bytes: nothing to read, and final() still checks the tag.
      const body =
        fileSize === HEADER_BYTES + TAG_BYTES
          ? Readable.from([])
          : createReadStream(target, { start: HEADER_BYTES, end: fileSize - TAG_BYTES - 1 });
      return body.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            done(null, decipher.update(chunk));
          },
          flush(done) {
            try {
              done(null, decipher.final());
            } catch {
              done(new Error(`blob ${key} failed its integrity check`));
            }
          },
        }),
      );
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
