import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  type BlobBackend,
  type BlobBody,
  BlobNotFoundError,
  byteCounter,
  isBlobKey,
  newBlobKey,
  toReadable,
} from './blob-store.ts';

export type S3Settings = {
  /** Unset for AWS itself (the region's endpoint); the URL of MinIO, Ceph, R2… otherwise. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most self-hosted stores need. */
  forcePathStyle: boolean;
};

/**
 * Parts of a multipart upload. S3's smallest part is 5 MiB; at 8 MiB with two in flight, an upload holds at most
 * ~16 MiB whatever the file's size, and a one-hour recording (hundreds of MiB) stays far under S3's 10,000 parts.
 */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Mohar's own AES-GCM already authenticates every 64 KiB of every file (blob-encryption.ts); the SDK's extra
    // CRC checksums are left to where S3 requires them, which every S3-compatible store accepts.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Why the bucket cannot be used, in a sentence for the start-up error; null when it answers. */
export async function bucketProblem(settings: S3Settings): Promise<string | null> {
  const client = s3Client(settings);
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    return null;
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const where = `bucket "${settings.bucket}" at ${settings.endpoint ?? `AWS ${settings.region}`}`;
    if (status === 404) return `${where} does not exist`;
    if (status === 403 || status === 401) return `${where} refused S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY`;
    return `${where} did not answer (${error instanceof Error ? error.message || error.name : String(error)})`;
  } finally {
    client.destroy();
  }
}

/**
 * Blobs as objects in one bucket, under the same keys as the local folder. Bytes are streamed both ways: uploads go
 * out in multipart parts as they arrive (lib-storage; one PutObject when the whole body fits in a part), downloads
 * are the response body itself. An object appears only when its upload completes, so a crash never leaves half a blob.
 */
export function createS3BlobStore(settings: S3Settings): BlobBackend {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isBlobKey(key)) throw new BlobNotFoundError(key);
    return key;
  };

  async function upload(Key: string, body: BlobBody) {
    const counted = { size: 0 };
    const Body = byteCounter(counted);
    // pipeline (not pipe) so that a failing source (a file that did not encrypt) fails the upload instead of stalling it.
    pipeline(toReadable(body), Body).catch(() => {});
    const transfer = new Upload({
      client,
      params: { Bucket, Key, Body },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await transfer.done();
    return { size: counted.size };
  }

  async function download(key: string, Range?: string) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key), Range }));
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async function exists(key: string) {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
      return true;
    } catch (error) {
      if (isMissing(error) || error instanceof BlobNotFoundError) return false;
      throw error;
    }
  }

  return {
    async put({ body, prefix }) {
      const key = newBlobKey(prefix);
      const { size } = await upload(key, body);
      return { key, size };
    },
    get: (key) => download(key),
    // One GET with a Range header: S3 sends only those bytes.
    getRange: (key, { start, end }) => download(key, `bytes=${start}-${end}`),
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    exists,
    async delete(key) {
      if (!isBlobKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *keys() {
      // ListObjects (v1) paged by the last key seen: every S3-compatible store has it, v2's continuation tokens not.
      let Marker: string | undefined;
      for (;;) {
        const page = await client.send(new ListObjectsCommand({ Bucket, Marker }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        for (const key of keys) if (isBlobKey(key)) yield key;
        if (!page.IsTruncated || keys.length === 0) return;
        Marker = keys[keys.length - 1];
      }
    },
    async replace(key, body) {
      if (!(await exists(key))) throw new BlobNotFoundError(key);
      return upload(key, body);
    },
    write: (key, body) => upload(checked(key), body),
  };
}
