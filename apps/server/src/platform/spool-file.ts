import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
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
  remove(): Promise<void>;
};

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
  const fd = openSync(file, 'wx', 0o600);
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
  return {
    length,
    at: (position) => (position < length ? read(position, position + 1)[0] : undefined),
    read,
    async remove() {
      if (isRemoved) return;
      isRemoved = true;
      closeSync(fd);
      await rm(file, { force: true });
    },
  };
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
