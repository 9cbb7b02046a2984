import type { Readable } from 'node:stream';
import {
  BlobIntegrityError,
  type BlobKeys,
  ByteReader,
  CHUNK_BYTES,
  HEADER_BYTES,
  isV2Header,
  keyOfHeader,
  openChunk,
  RECORD_BYTES,
  TAG_BYTES,
} from './blob-chunks.ts';
import type { BlobBackend, BlobRange } from './blob-store.ts';

/*
 * A ranged read of a v2 file (decision 0088): a `<video>` seeking near the end of an hour-long recording asks for many
 * small ranges, and decrypting from the start for each made every seek cost the whole file. Every chunk but the last
 * holds exactly CHUNK_BYTES of plaintext, so the stored size alone says which chunks hold a range and which chunk is
 * the last; only those chunks' records (and the header) are read. Each chunk is authenticated exactly as in a whole
 * read: its index and the final flag are in its AAD, and the final flag is set only on the chunk the size says is
 * last, so a file cut at a chunk boundary still fails for any range that reaches its end.
 */

/** Where chunks lie in a v2 file of `storedSize` bytes; null when no v2 file has that size (it is damaged). */
export function chunkLayout(storedSize: number) {
  const body = storedSize - HEADER_BYTES;
  if (body < TAG_BYTES) return null;
  const chunks = Math.ceil(body / RECORD_BYTES);
  const lastRecord = body - (chunks - 1) * RECORD_BYTES;
  // A last record shorter than a tag cannot have been written: every chunk, even an empty one, carries its tag.
  if (lastRecord < TAG_BYTES) return null;
  return { chunks, lastRecord, plainSize: body - chunks * TAG_BYTES };
}

type Layout = NonNullable<ReturnType<typeof chunkLayout>>;

async function readAll(stream: Readable) {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.from(piece as Uint8Array));
  return Buffer.concat(pieces);
}

/** The plaintext of chunks `first`..`last`, each only after its tag checked, cut to `range`. */
async function* openChunks(options: {
  backend: BlobBackend;
  blobKey: string;
  header: Buffer;
  key: Buffer;
  layout: Layout;
  first: number;
  last: number;
  range: BlobRange;
}) {
  const { backend, blobKey, header, key, layout, first, last, range } = options;
  const finalIndex = layout.chunks - 1;
  const recordOf = (index: number) => (index === finalIndex ? layout.lastRecord : RECORD_BYTES);
  const from = HEADER_BYTES + first * RECORD_BYTES;
  const to = HEADER_BYTES + last * RECORD_BYTES + recordOf(last) - 1;
  const reader = new ByteReader(
    (await backend.getRange(blobKey, { start: from, end: to }))[Symbol.asyncIterator](),
  );
  try {
    for (let index = first; index <= last; index++) {
      const sealed = await reader.read(recordOf(index));
      // A short record (the file changed size since it was measured) fails here as any damage does.
      const plain =
        sealed.length === recordOf(index)
          ? openChunk(key, header, index, index === finalIndex, sealed)
          : null;
      if (!plain) throw new BlobIntegrityError(blobKey, 'damaged');
      const offset = index * CHUNK_BYTES;
      yield plain.subarray(Math.max(0, range.start - offset), Math.min(plain.length, range.end + 1 - offset));
    }
  } finally {
    await reader.close();
  }
}

/**
 * The chunks of a v2 file holding `range`, authenticated one by one as they are read; null when the file is not v2
 * (the caller reads it whole). A range past the plaintext's end: the last chunk is checked first, so a truncated
 * file is a BlobIntegrityError, and an intact file shorter than the caller thought is a RangeError.
 */
export async function decryptRange(options: {
  backend: BlobBackend;
  blobKey: string;
  keys: BlobKeys;
  range: BlobRange;
}): Promise<AsyncGenerator<Buffer> | null> {
  const { backend, blobKey, keys, range } = options;
  const [storedSize, header] = await Promise.all([
    backend.size(blobKey),
    backend.getRange(blobKey, { start: 0, end: HEADER_BYTES - 1 }).then(readAll),
  ]);
  if (!isV2Header(header)) return null;
  const key = keyOfHeader(header, keys, blobKey);
  const layout = chunkLayout(storedSize);
  if (!layout) throw new BlobIntegrityError(blobKey, 'damaged');
  const common = { backend, blobKey, header, key, layout };
  if (range.end >= layout.plainSize) {
    const lastIndex = layout.chunks - 1;
    const all = { start: 0, end: Number.MAX_SAFE_INTEGER };
    for await (const _plain of openChunks({ ...common, first: lastIndex, last: lastIndex, range: all })) {
      // Only the last chunk's tag and final flag matter here.
    }
    throw new RangeError(
      `bytes ${range.start}-${range.end} are past the end of ${blobKey} (${layout.plainSize})`,
    );
  }
  const first = Math.floor(range.start / CHUNK_BYTES);
  const last = Math.floor(range.end / CHUNK_BYTES);
  return openChunks({ ...common, first, last, range });
}
