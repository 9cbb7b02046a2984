import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { BlobStore } from '../../platform/blob-store.ts';

export type StoredPart = {
  take: number;
  part: number;
  blobKey: string;
  sha256: string;
  sizeBytes: number;
  from: Date;
  to: Date;
};

/**
 * One participant's WebM file for one connection (a take), streamed into the blob store as it is produced: bytes go
 * straight into the current part's upload (never the whole file in memory), and a part is closed once it reaches
 * `partBytes`, so a crash loses at most the part being written. Parts are byte ranges of the one file: their
 * concatenation in order is the playable WebM. `onPart` is called for each stored part, in order.
 */
export function createTrackWriter(options: {
  blobStore: BlobStore;
  take: number;
  partBytes: number;
  now: () => Date;
  onPart: (part: StoredPart) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  let current: {
    stream: PassThrough;
    hash: ReturnType<typeof createHash>;
    size: number;
    from: Date;
    upload: Promise<{ key: string }>;
  } | null = null;
  let partIndex = 0;
  // Parts are recorded strictly in order, even when a later part's upload finishes first.
  let chain: Promise<void> = Promise.resolve();

  const open = () => {
    const stream = new PassThrough();
    const upload = options.blobStore.put({ body: stream, prefix: 'recorder-part' });
    // Awaited in `close`; this only keeps an early failure from being an unhandled rejection.
    upload.catch(() => {});
    current = { stream, hash: createHash('sha256'), size: 0, from: options.now(), upload };
    return current;
  };

  const close = () => {
    const part = current;
    if (!part) return chain;
    current = null;
    const index = partIndex;
    partIndex += 1;
    part.stream.end();
    const to = options.now();
    chain = chain.then(async () => {
      try {
        const { key } = await part.upload;
        await options.onPart({
          take: options.take,
          part: index,
          blobKey: key,
          sha256: part.hash.digest('hex'),
          sizeBytes: part.size,
          from: part.from,
          to,
        });
      } catch (error) {
        options.onError(error);
      }
    });
    return chain;
  };

  return {
    write(bytes: Buffer) {
      if (bytes.length === 0) return;
      const part = current ?? open();
      part.hash.update(bytes);
      part.size += bytes.length;
      part.stream.write(bytes);
      if (part.size >= options.partBytes) void close();
    },
    /** Closes the last part; resolves once every part is stored and recorded. */
    finish: () => close(),
  };
}
