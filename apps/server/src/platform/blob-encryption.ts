import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERROR_CODES } from '@mohar/contracts';
import { AppError } from './app-error.ts';
import { type BlobBackend, type BlobBody, type BlobStore, toReadable } from './blob-store.ts';

/*
 * Format v2 (streamable, every chunk authenticated before any of its bytes is released):
 *   header = MAGIC "MOHARENC2" | 8-byte key id | 8-byte random nonce prefix
 *   then chunks of up to 64 KiB plaintext, each = AES-256-GCM ciphertext | 16-byte tag, with
 *   nonce = prefix | uint32 chunk index, and AAD = header | uint32 chunk index | final flag (1 on the last chunk).
 * The index stops reordering, the final flag stops truncation at a chunk boundary, the header in the AAD stops
 * splicing chunks between files. An empty blob is one empty final chunk.
 * Format v1 ("MOHARENC1" | IV | ciphertext | one tag at the end) is still read, but only after a first pass over the
 * whole file has checked its tag; `npm run keys:rotate` rewrites it as v2. Anything else is a file stored before
 * encryption existed: normal reads refuse it, only the rotate command encrypts it.
 */
const MAGIC = Buffer.from('MOHARENC2');
const MAGIC_V1 = Buffer.from('MOHARENC1');
const KEY_ID_BYTES = 8;
const PREFIX_BYTES = 8;
const HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + PREFIX_BYTES;
const TAG_BYTES = 16;
const V1_IV_BYTES = 12;
export const CHUNK_BYTES = 64 * 1024;

export type IntegrityReason = 'damaged' | 'unknown-key' | 'unencrypted';

/** A stored file that did not authenticate. Thrown before any of its bytes are given out (see `get`). */
export class BlobIntegrityError extends AppError {
  readonly blobKey: string;
  readonly reason: IntegrityReason;
  constructor(blobKey: string, reason: IntegrityReason) {
    super({
      statusCode: 500,
      code: ERROR_CODES.storageIntegrity,
      message:
        'This file could not be opened safely: it is damaged or was stored with another key, so none of it was sent. Our administrators have been told.',
    });
    this.name = 'BlobIntegrityError';
    this.blobKey = blobKey;
    this.reason = reason;
  }
}

export type BlobKeys = { current: Buffer; previous?: Buffer };

/** A public fingerprint of a key (HMAC, 8 bytes): says which key sealed a file without revealing the key. */
export function keyIdOf(key: Buffer): Buffer {
  return createHmac('sha256', key).update('mohar blob key id v1').digest().subarray(0, KEY_ID_BYTES);
}

function chunkNonce(header: Buffer, index: number) {
  const nonce = Buffer.alloc(PREFIX_BYTES + 4);
  header.copy(nonce, 0, MAGIC.length + KEY_ID_BYTES);
  nonce.writeUInt32BE(index, PREFIX_BYTES);
  return nonce;
}

function chunkAad(header: Buffer, index: number, final: boolean) {
  const aad = Buffer.alloc(HEADER_BYTES + 5);
  header.copy(aad);
  aad.writeUInt32BE(index, HEADER_BYTES);
  aad[HEADER_BYTES + 4] = final ? 1 : 0;
  return aad;
}

function sealChunk(key: Buffer, header: Buffer, index: number, final: boolean, plain: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, chunkNonce(header, index));
  cipher.setAAD(chunkAad(header, index, final));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The chunk's plaintext, or null when it does not authenticate. */
function openChunk(key: Buffer, header: Buffer, index: number, final: boolean, sealed: Buffer) {
  if (sealed.length < TAG_BYTES) return null;
  const decipher = createDecipheriv('aes-256-gcm', key, chunkNonce(header, index));
  decipher.setAAD(chunkAad(header, index, final));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

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

/** Pulls exact byte counts from a stream, so a chunk's record can be cut out without reading the whole file. */
class ByteReader {
  private buffered = Buffer.alloc(0);
  private done = false;
  private readonly source: AsyncIterator<Uint8Array>;
  constructor(source: AsyncIterator<Uint8Array>) {
    this.source = source;
  }
  private async fill(bytes: number) {
    while (this.buffered.length < bytes && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else this.buffered = Buffer.concat([this.buffered, next.value]);
    }
  }
  /** Up to `bytes` bytes; fewer only at the end of the stream. */
  async read(bytes: number) {
    await this.fill(bytes);
    const out = this.buffered.subarray(0, bytes);
    this.buffered = this.buffered.subarray(out.length);
    return out;
  }
  async atEnd() {
    await this.fill(1);
    return this.buffered.length === 0;
  }
  async close() {
    await this.source.return?.();
  }
}

type OpenRaw = () => Promise<Readable>;

function candidateKeys(keys: BlobKeys) {
  return keys.previous ? [keys.current, keys.previous] : [keys.current];
}

/** v2: yields each chunk's plaintext only after its tag checked. */
async function* decryptV2(reader: ByteReader, header: Buffer, blobKey: string, keys: BlobKeys) {
  const keyId = header.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES);
  const key = candidateKeys(keys).find((candidate) => keyIdOf(candidate).equals(keyId));
  if (!key) throw new BlobIntegrityError(blobKey, 'unknown-key');
  for (let index = 0; ; index++) {
    const sealed = await reader.read(CHUNK_BYTES + TAG_BYTES);
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
  if (head.length === HEADER_BYTES && head.subarray(0, MAGIC.length).equals(MAGIC)) {
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
 * any of its bytes are released, and the response is cut off.
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
  return {
    ...store,
    put: (options) => store.put(options),
    exists: (key) => store.exists(key),
    delete: (key) => store.delete(key),
    async get(key) {
      try {
        const body = await store.get(key);
        body.on('error', report);
        return body;
      } catch (error) {
        report(error);
        throw error;
      }
    },
  };
}
