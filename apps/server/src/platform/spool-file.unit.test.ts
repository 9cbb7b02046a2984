import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleSpools, spoolToFile } from './spool-file.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mohar-spool-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('spool files (a recording being joined)', () => {
  it('reads back any range, across its read windows, and holds only ciphertext on disk', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7 EBML '), randomBytes(100_000)]);
    const spool = await spoolToFile(dir, Readable.from([bytes.subarray(0, 333), bytes.subarray(333)]));
    expect(spool.length).toBe(bytes.length);
    for (const [from, to] of [
      [0, 10],
      [16_380, 16_400],
      [5, 40_000],
      [99_990, 200_000],
      [17, 18],
    ] as const)
      expect(spool.read(from, to).equals(bytes.subarray(from, to)), `${from}-${to}`).toBe(true);
    expect(spool.at(70_001)).toBe(bytes[70_001]);
    expect(spool.at(bytes.length)).toBeUndefined();
    const [name] = await readdir(dir);
    const onDisk = await readFile(path.join(dir, name ?? ''));
    expect(onDisk.length).toBe(bytes.length);
    expect(onDisk.includes('%PDF')).toBe(false);
    await spool.remove();
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves no file behind when its source fails part-way', async () => {
    async function* failing() {
      yield randomBytes(1000);
      throw new Error('the part could not be read');
    }
    await expect(spoolToFile(dir, failing())).rejects.toThrow('the part could not be read');
    expect(await readdir(dir)).toEqual([]);
  });

  it('clears spool files a crashed process left, and only old ones', async () => {
    const old = path.join(dir, 'a.spool');
    await writeFile(old, 'x');
    const day = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await utimes(old, day, day);
    await writeFile(path.join(dir, 'b.spool'), 'x');
    await writeFile(path.join(dir, 'c.txt'), 'x');
    expect(await removeStaleSpools(dir)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['b.spool', 'c.txt']);
  });
});
