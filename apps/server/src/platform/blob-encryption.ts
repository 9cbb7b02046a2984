import { createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BlobIntegrityError,
  type BlobKeys,
  ByteReader,
  CHUNK_BYTES,
  candidateKeys,
  HEADER_BYTES,
  isV2Header,
  KEY_ID_BYTES,
  keyIdOf,
  keyOfHeader,
  MAGIC,
  MAGIC_V1,
  openChunk,
  PREFIX_BYTES,
  RECORD_BYTES,
  sealChunk,
  TAG_BYTES,
  V1_IV_BYTES,
} from './blob-chunks.ts';
import { decryptRange } from './blob-range.ts';
import { type BlobBackend, type BlobBody, type BlobRange, type BlobStore, toReadable } from './blob-store.ts';

// The format (v2 and the legacy v1) is described in blob-chunks.ts; ranged reads are in blob-range.ts.
export {
  BlobIntegrityError,
  type BlobKeys,
  CHUNK_BYTES,
  type IntegrityReason,
  keyIdOf,
} from './blob-chunks.ts';

/** Encrypts a stream as v2, holding at most one chunk (plus what the source hands over) in memory. */
export async function* encryptChunks(
  source: AsyncIterable<Uint8Array>,
  key: Buffer,
  counted: { size: number },
) {
  const header = Buffer.concat([MAGIC, keyIdOf(key), randomBytes(PREFIX_BYTES)]);
  yield header;
  let pending = Buffer.alloc(0);
  let index = 0;
  for await (const piece of source) {
    counted.size += piece.length;
    pending = Buffer.concat([pending, piece]);
    // Strictly more than a chunk: only then is this chunk known not to be the last.
    while (pending.length > CHUNK_BYTES) {
      yield sealChunk(key, header, index++, false, pending.subarray(0, CHUNK_BYTES));
      pending = pending.subarray(CHUNK_BYTES);
    }
  }
  yield sealChunk(key, header, index, true, pending);
}

type OpenRaw = () => Promise<Readable>;

/** v2: yields each chunk's plaintext only after its tag checked. */
async function* decryptV2(reader: ByteReader, header: Buffer, blobKey: string, keys: BlobKeys) {
  const key = keyOfHeader(header, keys, blobKey);
  for (let index = 0; ; index++) {
    const sealed = await reader.read(RECORD_BYTES);
    const final = await reader.atEnd();
    const plain = openChunk(key, header, index, final, sealed);
    if (!plain) throw new BlobIntegrityError(blobKey, 'damaged');
    if (plain.length > 0) yield plain;
    if (final) return;
  }
}

/** v1 ciphertext with its trailing tag held back; yields plaintext, and throws at the end if the tag fails. */
async function* decryptV1Body(reader: ByteReader, key: Buffer, iv: Buffer, blobKey: string) {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  let held = Buffer.alloc(0);
  for (;;) {
    const piece = await reader.read(CHUNK_BYTES);
    if (piece.length === 0) break;
    held = Buffer.concat([held, piece]);
    if (held.length > TAG_BYTES) {
      yield decipher.update(held.subarray(0, held.length - TAG_BYTES));
      held = held.subarray(held.length - TAG_BYTES);
    }
  }
  if (held.length !== TAG_BYTES) throw new BlobIntegrityError(blobKey, 'damaged');
  decipher.setAuthTag(held);
  try {
    yield decipher.final();
  } catch {
    throw new BlobIntegrityError(blobKey, 'damaged');
  }
}

async function drain(chunks: AsyncIterable<unknown>) {
  for await (const _chunk of chunks) {
    // Only the tag check at the end matters here.
  }
}

async function openReader(openRaw: OpenRaw) {
  return new ByteReader((await openRaw())[Symbol.asyncIterator]());
}

/** v1 has one tag for the whole file: a first pass finds the key whose tag checks, before anything is released. */
async function* decryptV1(openRaw: OpenRaw, blobKey: string, keys: BlobKeys) {
  for (const key of candidateKeys(keys)) {
    const probe = await openReader(openRaw);
    try {
      const iv = (await probe.read(MAGIC_V1.length + V1_IV_BYTES)).subarray(MAGIC_V1.length);
      await drain(decryptV1Body(probe, key, iv, blobKey));
    } catch (error) {
      if (error instanceof BlobIntegrityError) continue;
      throw error;
    } finally {
      await probe.close();
    }
    const reader = await openReader(openRaw);
    try {
      const iv = (await reader.read(MAGIC_V1.length + V1_IV_BYTES)).subarray(MAGIC_V1.length);
      for await (const plain of decryptV1Body(reader, key, iv, blobKey)) if (plain.length > 0) yield plain;
    } finally {
      await reader.close();
    }
    return;
  }
  throw new BlobIntegrityError(blobKey, 'damaged');
}

export type StoredFormat = 'v2-current' | 'v2-other' | 'v1' | 'plaintext';

async function formatOf(reader: ByteReader, keys: BlobKeys): Promise<{ format: StoredFormat; head: Buffer }> {
  const head = await reader.read(HEADER_BYTES);
  if (isV2Header(head)) {
    const current = keyIdOf(keys.current).equals(head.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES));
    return { format: current ? 'v2-current' : 'v2-other', head };
  }
  if (head.length >= MAGIC_V1.length && head.subarray(0, MAGIC_V1.length).equals(MAGIC_V1))
    return { format: 'v1', head };
  return { format: 'plaintext', head };
}

/** The plaintext of any stored format; `allowPlaintext` only for the migration (keys:rotate). */
async function* decryptAny(options: {
  openRaw: OpenRaw;
  blobKey: string;
  keys: BlobKeys;
  allowPlaintext: boolean;
}) {
  const reader = await openReader(options.openRaw);
  try {
    const { format, head } = await formatOf(reader, options.keys);
    if (format === 'v2-current' || format === 'v2-other') {
      yield* decryptV2(reader, head, options.blobKey, options.keys);
    } else if (format === 'v1') {
      await reader.close();
      yield* decryptV1(options.openRaw, options.blobKey, options.keys);
    } else if (options.allowPlaintext) {
      if (head.length > 0) yield head;
      for (;;) {
        const piece = await reader.read(CHUNK_BYTES);
        if (piece.length === 0) return;
        yield piece;
      }
    } else {
      throw new BlobIntegrityError(options.blobKey, 'unencrypted');
    }
  } finally {
    await reader.close();
  }
}

/** A stream of `chunks` that exists only once the first chunk came out (was authenticated) or the blob proved empty. */
async function startStream(chunks: AsyncGenerator<Buffer>): Promise<Readable> {
  const first = await chunks.next();
  async function* rest() {
    if (first.done) return;
    yield first.value;
    yield* chunks;
  }
  return Readable.from(rest(), { objectMode: false });
}

/** Only `range`'s bytes of a whole plaintext: the ranged read of v1 (legacy, rare), decrypted from its start. */
async function* sliceChunks(chunks: AsyncGenerator<Buffer>, range: BlobRange) {
  let position = 0;
  for await (const chunk of chunks) {
    const from = Math.max(0, range.start - position);
    const to = Math.min(chunk.length, range.end + 1 - position);
    position += chunk.length;
    if (to > from) yield chunk.subarray(from, to);
    if (position > range.end) return;
  }
  throw new RangeError(`bytes ${range.start}-${range.end} are past the end of the blob (${position})`);
}

export type EncryptedBlobStore = BlobStore & {
  /** Rewrites one blob with the current key (v2); `unchanged` when it already was. Reads plaintext (migration). */
  reencrypt(key: string): Promise<'unchanged' | 'rewritten'>;
  /** Every key of the backend, for maintenance. */
  keys(): AsyncIterable<string>;
};

/**
 * Encryption at rest over any backend. Writes with `keys.current`; reads files sealed with the current or the
 * previous key (ENCRYPTION_KEY_PREVIOUS, during a rotation). `get` resolves only after the first chunk authenticated,
 * so damage or a wrong key is an error before a route sends headers; a later damaged chunk errors the stream before
 * any of its bytes are released, and the response is cut off. `getRange` does the same over only the chunks that hold
 * the range (blob-range.ts); v1 files are read from their start and cut.
 */
export function createEncryptedBlobStore(backend: BlobBackend, keys: BlobKeys): EncryptedBlobStore {
  for (const key of candidateKeys(keys))
    if (key.length !== 32) throw new Error('blob encryption key must be 32 bytes');
  const sealed = (body: BlobBody, counted: { size: number }) =>
    Readable.from(encryptChunks(toReadable(body), keys.current, counted), { objectMode: false });

  return {
    async put({ body, prefix }) {
      const counted = { size: 0 };
      const { key } = await backend.put({ body: sealed(body, counted), prefix });
      return { key, size: counted.size };
    },
    async get(blobKey) {
      return startStream(
        decryptAny({ openRaw: () => backend.get(blobKey), blobKey, keys, allowPlaintext: false }),
      );
    },
    async getRange(blobKey, range) {
      if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0)
        throw new RangeError(`not a byte range: ${range.start}-${range.end}`);
      if (range.end < range.start) throw new RangeError(`not a byte range: ${range.start}-${range.end}`);
      const chunks =
        (await decryptRange({ backend, blobKey, keys, range })) ??
        sliceChunks(
          decryptAny({ openRaw: () => backend.get(blobKey), blobKey, keys, allowPlaintext: false }),
          range,
        );
      return startStream(chunks);
    },
    exists: (key) => backend.exists(key),
    delete: (key) => backend.delete(key),
    keys: () => backend.keys(),
    async reencrypt(blobKey) {
      const reader = await openReader(() => backend.get(blobKey));
      const { format } = await formatOf(reader, keys).finally(() => reader.close());
      if (format === 'v2-current') return 'unchanged';
      // Decrypts fully as it streams into a temporary file; the swap happens only if every chunk authenticated.
      const plain = Readable.from(
        decryptAny({ openRaw: () => backend.get(blobKey), blobKey, keys, allowPlaintext: true }),
        { objectMode: false },
      );
      await backend.replace(blobKey, sealed(plain, { size: 0 }));
      return 'rewritten';
    },
  };
}

/** Tells `onFailure` of every blob that failed its check, before or while it streams (the app alerts admins). */
export function watchIntegrity(store: BlobStore, onFailure: (error: BlobIntegrityError) => void): BlobStore {
  const report = (error: unknown) => {
    if (error instanceof BlobIntegrityError) onFailure(error);
  };
  const watched = async (open: Promise<Readable>) => {
    try {
      const body = await open;
      body.on('error', report);
      return body;
    } catch (error) {
      report(error);
      throw error;
    }
  };
  return {
    ...store,
    put: (options) => store.put(options),
    exists: (key) => store.exists(key),
    delete: (key) => store.delete(key),
    get: (key) => watched(store.get(key)),
    getRange: (key, range) => watched(store.getRange(key, range)),
  };
}
