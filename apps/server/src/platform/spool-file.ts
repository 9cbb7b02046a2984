import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { closeSync, read as fsRead, openSync, readSync, writeSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * A temporary file for work on something too large for memory (a recording being joined, issue 21), readable at
 * any offset. It is encrypted with AES-256-CTR under a key that lives only in this object, so a file a crash leaves
 * behind is unreadable noise (`removeStaleSpools` clears those); `remove` deletes it when the work is done.
 */
export type SpoolFile = {
  readonly length: number;
  /** The byte at `position`; undefined past the end. */
  at(position: number): number | undefined;
  /** The bytes from `from` to `to`, clamped to the end. Reads are synchronous: the parsers that use them are. */
  read(from: number, to: number): Buffer;
  /** The plaintext from the start, in pieces, read without blocking: what a store's `put` takes. */
  pieces(): AsyncGenerator<Buffer>;
  /** What another thread needs to read the file (`readSpoolWhole`); the key stays in this process. */
  handle(): SpoolHandle;
  remove(): Promise<void>;
};

export type SpoolHandle = { file: string; key: Buffer; iv: Buffer; length: number };

const PIECE_BYTES = 64 * 1024;

/** Parsers read element headers a few bytes apart: one disk read serves many of them. */
const WINDOW_BYTES = 16 * 1024;
const BLOCK_BYTES = 16;
const SUFFIX = '.spool';

/** Writes `source` to a new spool file in `dir`, encrypted as it goes; nothing is left behind if it fails. */
export async function spoolToFile(dir: string, source: AsyncIterable<Uint8Array>): Promise<SpoolFile> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}${SUFFIX}`);
  const key = randomBytes(32);
  const iv = randomBytes(BLOCK_BYTES);
  const fd = openSync(file, 'wx+', 0o600);
  let length = 0;
  try {
    const cipher = createCipheriv('aes-256-ctr', key, iv);
    for await (const piece of source) {
      const sealed = cipher.update(piece);
      writeSync(fd, sealed, 0, sealed.length, length);
      length += piece.length;
    }
  } catch (error) {
    closeSync(fd);
    await rm(file, { force: true });
    throw error;
  }

  let window = { from: 0, bytes: Buffer.alloc(0) };
  const readPlain = (from: number, to: number) => {
    // CTR: the keystream of block n is the cipher of (iv + n), so decryption can start at any block.
    const firstBlock = Math.floor(from / BLOCK_BYTES);
    const start = firstBlock * BLOCK_BYTES;
    const sealed = Buffer.alloc(to - start);
    const got = readSync(fd, sealed, 0, sealed.length, start);
    const decipher = createDecipheriv('aes-256-ctr', key, counterAt(iv, firstBlock));
    return decipher.update(sealed.subarray(0, got)).subarray(from - start);
  };
  const read = (from: number, to: number) => {
    const end = Math.min(to, length);
    if (end <= from) return Buffer.alloc(0);
    const inWindow = from >= window.from && end <= window.from + window.bytes.length;
    if (!inWindow) {
      if (end - from > WINDOW_BYTES) return readPlain(from, end);
      window = { from, bytes: readPlain(from, Math.min(length, from + WINDOW_BYTES)) };
    }
    return window.bytes.subarray(from - window.from, end - window.from);
  };
  let isRemoved = false;
  const handle = { file, key, iv, length };
  return {
    handle: () => handle,
    async *pieces() {
      for (let at = 0; at < length; at += PIECE_BYTES) {
        const to = Math.min(length, at + PIECE_BYTES);
        const sealed = Buffer.alloc(to - at);
        const { bytesRead } = await new Promise<{ bytesRead: number }>((resolve, reject) =>
          fsRead(fd, sealed, 0, sealed.length, at, (error, bytesRead) =>
            error ? reject(error) : resolve({ bytesRead }),
          ),
        );
        yield createDecipheriv('aes-256-ctr', key, counterAt(iv, at / BLOCK_BYTES)).update(
          sealed.subarray(0, bytesRead),
        );
      }
    },
    length,
    at(position) {
      if (position < 0 || position >= length) return undefined;
      const offset = position - window.from;
      if (offset >= 0 && offset < window.bytes.length) return window.bytes[offset];
      return read(position, position + 1)[0];
    },
    read,
    async remove() {
      if (isRemoved) return;
      isRemoved = true;
      closeSync(fd);
      await rm(file, { force: true });
    },
  };
}

/**
 * The whole plaintext of a spool file in one Buffer, read a MiB at a time: for a worker thread that needs a
 * document whole (the PDF check), so the buffer is the worker's and goes when the worker ends.
 */
export function readSpoolWhole(spool: SpoolHandle): Buffer {
  const whole = Buffer.allocUnsafe(spool.length);
  const fd = openSync(spool.file, 'r');
  try {
    const step = 1024 * 1024;
    const sealed = Buffer.alloc(step);
    for (let at = 0; at < spool.length; at += step) {
      const got = readSync(fd, sealed, 0, Math.min(step, spool.length - at), at);
      const decipher = createDecipheriv('aes-256-ctr', spool.key, counterAt(spool.iv, at / BLOCK_BYTES));
      decipher.update(sealed.subarray(0, got)).copy(whole, at);
    }
  } finally {
    closeSync(fd);
  }
  return whole;
}

/** The counter block `blocks` after `iv`, as a 128-bit big-endian number. */
function counterAt(iv: Buffer, blocks: number): Buffer {
  const counter = Buffer.from(iv);
  let carry = blocks;
  for (let index = counter.length - 1; index >= 0 && carry > 0; index -= 1) {
    const sum = (counter[index] ?? 0) + (carry % 256);
    counter[index] = sum % 256;
    carry = Math.floor(carry / 256) + (sum >= 256 ? 1 : 0);
  }
  return counter;
}

/** Spool files older than `maxAgeMs` in `dir`: a process died with them; their key died with it. */
export async function removeStaleSpools(dir: string, maxAgeMs = 24 * 60 * 60 * 1000, now = Date.now()) {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith(SUFFIX))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
