import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type S3Settings, s3Client } from '../platform/s3-blob-store.ts';

/** s3rver's one account (it checks request signatures against it). */
const ACCESS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, decision 0037) on a free loopback port, its objects in a temp folder: started
 * by the test file that needs it, so `npm test` needs nothing installed beside npm's packages.
 */
export async function startS3Server() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'mohar-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** A new empty bucket and the settings that reach it. */
    async bucket(): Promise<S3Settings> {
      const settings = {
        endpoint,
        region: 'ap-south-1',
        bucket: `mohar-${randomBytes(4).toString('hex')}`,
        forcePathStyle: true,
        ...ACCESS,
      };
      const client = s3Client(settings);
      await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
      client.destroy();
      return settings;
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;

/** The environment that points the app at `settings`. */
export function s3Env(settings: S3Settings): Record<string, string> {
  return {
    BLOB_STORE: 's3',
    S3_ENDPOINT: settings.endpoint ?? '',
    S3_REGION: settings.region,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
  };
}

/** Every object in the bucket with its stored bytes, read straight from S3 (not through Mohar). */
export async function objectsIn(settings: S3Settings): Promise<Map<string, Buffer>> {
  const client = s3Client(settings);
  const objects = new Map<string, Buffer>();
  try {
    const page = await client.send(new ListObjectsCommand({ Bucket: settings.bucket }));
    for (const { Key } of page.Contents ?? []) {
      if (!Key) continue;
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key }));
      objects.set(Key, Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array())));
    }
  } finally {
    client.destroy();
  }
  return objects;
}
