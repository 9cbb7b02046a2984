import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { ERROR_CODES } from '@mohar/contracts';
import { AppError } from './app-error.ts';

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
export const MAGIC = Buffer.from('MOHARENC2');
export const MAGIC_V1 = Buffer.from('MOHARENC1');
export const KEY_ID_BYTES = 8;
export const PREFIX_BYTES = 8;
export const HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + PREFIX_BYTES;
export const TAG_BYTES = 16;
export const V1_IV_BYTES = 12;
export const CHUNK_BYTES = 64 * 1024;
/** One sealed chunk as stored: its ciphertext and tag (the last chunk's may be shorter). */
export const RECORD_BYTES = CHUNK_BYTES + TAG_BYTES;

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

export function sealChunk(key: Buffer, header: Buffer, index: number, final: boolean, plain: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, chunkNonce(header, index));
  cipher.setAAD(chunkAad(header, index, final));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The chunk's plaintext, or null when it does not authenticate. */
export function openChunk(key: Buffer, header: Buffer, index: number, final: boolean, sealed: Buffer) {
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

/** Pulls exact byte counts from a stream, so a chunk's record can be cut out without reading the whole file. */
export class ByteReader {
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

export function candidateKeys(keys: BlobKeys) {
  return keys.previous ? [keys.current, keys.previous] : [keys.current];
}

/** Whether `head` (the first HEADER_BYTES of a file) is a v2 header. */
export function isV2Header(head: Buffer) {
  return head.length === HEADER_BYTES && head.subarray(0, MAGIC.length).equals(MAGIC);
}

/** The key (current or previous) whose id a v2 header names; unknown-key when neither. */
export function keyOfHeader(header: Buffer, keys: BlobKeys, blobKey: string) {
  const keyId = header.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES);
  const key = candidateKeys(keys).find((candidate) => keyIdOf(candidate).equals(keyId));
  if (!key) throw new BlobIntegrityError(blobKey, 'unknown-key');
  return key;
}
