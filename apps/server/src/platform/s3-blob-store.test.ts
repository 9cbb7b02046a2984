import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { IDENTITY_DOCUMENT_KINDS } from '@mohar/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { applications } from '../db/schema.ts';
import { call, uploadDocument } from '../testing/applications.ts';
import { type Builders, buildersFor } from '../testing/builders/index.ts';
import { samplePdf } from '../testing/documents.ts';
import { listening } from '../testing/realtime.ts';
import { objectsIn, type S3Server, s3Env, startS3Server } from '../testing/s3.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { CHUNK_BYTES, createEncryptedBlobStore } from './blob-encryption.ts';
import { migrateBlobs } from './blob-migration.ts';
import { BlobNotFoundError, type BlobRange, createLocalBlobStore, readBlob } from './blob-store.ts';
import { openEncryptedStore } from './data-stores.ts';
import { createS3BlobStore, type S3Settings } from './s3-blob-store.ts';

let s3: S3Server;
let bucket: S3Settings;
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await s3.bucket();
  t = await createTestApp({ env: s3Env(bucket), now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const MB = 1024 * 1024;

/** `bytes` in 64 KiB pieces, as a request body or a file arrives. */
const streamOf = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    })(),
  );

describe('BLOB_STORE=s3', () => {
  it('holds every file of a whole journey as objects, all ciphertext, and none on local disk', async () => {
    const before = new Set((await objectsIn(bucket)).keys());
    const notarised = await build.application({
      status: 'notarised',
      notary: await build.notary({ certificate: 'platform' }),
      signatories: [{ fullName: 'Asha Verma' }, { fullName: 'Bela Kapoor' }],
    });
    const objects = await objectsIn(bucket);
    const added = [...objects.keys()].filter((key) => !before.has(key));
    const kinds = new Set(added.map((key) => key.split('/')[0]));
    // The upload, the signatories' identity images, each signature and its signed version, the server recording's
    // part, the sealed PDF; the notary's documents, specimen signature, seal and signing key.
    for (const kind of [
      'application-documents',
      ...IDENTITY_DOCUMENT_KINDS.map((image) => `identity-${image.replace('_', '-')}`),
      'signature',
      'document-signed',
      'recorder-part',
      'document-sealed',
      'notary-photo',
      'notary-certificate',
      'notary-signature',
      'notary-seal',
      'notary-p12',
    ])
      expect(kinds, kind).toContain(kind);
    for (const [key, bytes] of objects) {
      expect(bytes.subarray(0, 9).toString(), key).toBe('MOHARENC2');
      expect(bytes.includes('%PDF'), key).toBe(false);
    }
    // The notarised PDF comes back whole through the API, from the bucket.
    const download = await call(
      t,
      'GET',
      `/applications/${notarised.id}/notarised-document`,
      notarised.owner.cookie,
    );
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(
      readBlob(createLocalBlobStore(path.join(t.dataDir, 'blobs')), added[0] ?? ''),
    ).rejects.toThrow(BlobNotFoundError);
  }, 60_000);

  it('streams a 25 MB document out through the API with the server growing by less than 50 MB', async () => {
    const draft = await build.application({ status: 'draft' });
    const document = randomBytes(25 * MB);
    // Multipart upload: 25 MB of ciphertext in 8 MiB parts.
    const stored = await t.blobStore.put({ body: streamOf(document), prefix: 'application-documents' });
    expect(stored.size).toBe(25 * MB);
    await t.db
      .update(applications)
      .set({ document: sql`jsonb_set(${applications.document}, '{key}', to_jsonb(${stored.key}::text))` })
      .where(eq(applications.id, draft.id));
    const base = await listening(t.app);

    const start = process.memoryUsage().rss;
    let peak = start;
    const hash = createHash('sha256');
    const response = await fetch(`${base}/api/v1/applications/${draft.id}/document`, {
      headers: { cookie: draft.owner.cookie },
    });
    expect(response.status).toBe(200);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect(hash.digest('hex')).toBe(createHash('sha256').update(document).digest('hex'));
    expect((peak - start) / MB).toBeLessThan(50);
  });

  it('removes the object when the product deletes the file: a replaced draft document', async () => {
    const draft = await build.application({ status: 'draft' });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, draft.id));
    const oldKey = row?.document?.key ?? '';
    expect((await objectsIn(bucket)).has(oldKey)).toBe(true);
    const replaced = await uploadDocument(t, {
      cookie: draft.owner.cookie,
      id: draft.id,
      bytes: await samplePdf(),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const objects = await objectsIn(bucket);
    expect(objects.has(oldKey)).toBe(false);
    const [after] = await t.db.select().from(applications).where(eq(applications.id, draft.id));
    expect(objects.has(after?.document?.key ?? '')).toBe(true);
  });

  it('lists, replaces and writes under given keys, the way key rotation and the migration use a backend', async () => {
    const other = await s3.bucket();
    const store = createS3BlobStore(other);
    const a = await store.put({ body: Buffer.from('first'), prefix: 'test' });
    const b = await store.put({ body: Buffer.from(''), prefix: 'test' });
    expect(b.size).toBe(0);
    const listed: string[] = [];
    for await (const key of store.keys()) listed.push(key);
    expect(listed.sort()).toEqual([a.key, b.key].sort());
    await store.replace(a.key, Buffer.from('second'));
    expect((await readBlob(store, a.key)).toString()).toBe('second');
    await expect(
      store.replace('test/00/00000000-0000-0000-0000-000000000000', Buffer.from('x')),
    ).rejects.toThrow(BlobNotFoundError);
    await expect(store.get('../outside')).rejects.toThrow(BlobNotFoundError);
    await store.delete(a.key);
    expect(await store.exists(a.key)).toBe(false);
    await expect(store.get(a.key)).rejects.toThrow(BlobNotFoundError);
  });

  it('reads a range of an encrypted object with ranged GETs of only the header and the chunks that hold it', async () => {
    const settings = await s3.bucket();
    const objects = createS3BlobStore(settings);
    const asked: BlobRange[] = [];
    const store = createEncryptedBlobStore(
      {
        ...objects,
        getRange: (key, range) => {
          asked.push(range);
          return objects.getRange(key, range);
        },
      },
      { current: randomBytes(32) },
    );
    const plain = randomBytes(3 * CHUNK_BYTES + 500);
    const { key } = await store.put({ body: plain });
    const stored = (await objectsIn(settings)).get(key) ?? Buffer.alloc(0);
    expect(await objects.size(key)).toBe(stored.length);
    const range = { start: 2 * CHUNK_BYTES + 7, end: plain.length - 1 };
    const bytes = Buffer.concat(await (await store.getRange(key, range)).toArray());
    expect(bytes.equals(plain.subarray(range.start))).toBe(true);
    const chunks = { start: 25 + 2 * (CHUNK_BYTES + 16), end: stored.length - 1 };
    expect(asked).toEqual([{ start: 0, end: 24 }, chunks]);
    // The bucket answered with those bytes only.
    const raw = Buffer.concat(await (await objects.getRange(key, chunks)).toArray());
    expect(raw.equals(stored.subarray(chunks.start))).toBe(true);
  });
});

describe('npm run blobs:migrate', () => {
  it('copies a local store into a bucket as it is (ciphertext), and a second run copies nothing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mohar-migrate-'));
    try {
      const keys = { current: randomBytes(32) };
      const local = createLocalBlobStore(dir);
      const written = [];
      for (const text of ['one', 'two', 'three'])
        written.push((await createEncryptedBlobStore(local, keys).put({ body: Buffer.from(text) })).key);
      const target = await s3.bucket();
      const to = createS3BlobStore(target);

      expect(await migrateBlobs({ from: local, to })).toEqual({ copied: 3, skipped: 0 });
      const objects = await objectsIn(target);
      for (const key of written) expect(objects.get(key)).toEqual(await readBlob(local, key));
      expect((await readBlob(createEncryptedBlobStore(to, keys), written[1] ?? '')).toString()).toBe('two');

      await createEncryptedBlobStore(local, keys).put({ body: Buffer.from('four') });
      expect(await migrateBlobs({ from: local, to })).toEqual({ copied: 1, skipped: 3 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('S3 settings at start', () => {
  const settings = () => s3Env(bucket);

  it('names every missing setting when BLOB_STORE=s3', () => {
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(
      /S3_REGION: required with BLOB_STORE=s3[\s\S]*S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...settings(), S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT: expected an http\(s\) URL/,
    );
    expect(() => loadConfig({ BLOB_STORE: 'ftp' })).toThrow(/BLOB_STORE: expected local or s3/);
  });

  // (s3rver checks the access key but not the signature, so a wrong secret is only caught by a real store.)
  it('refuses to start on a bucket that does not exist or a key it does not accept', async () => {
    const open = (env: Record<string, string>) =>
      openEncryptedStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, ...settings(), ...env }));
    await expect(open({ S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      /S3_BUCKET: bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist/,
    );
    await expect(open({ S3_ACCESS_KEY_ID: 'UNKNOWN' })).rejects.toThrow(
      /refused S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY/,
    );
    expect(Object.keys(await open({}))).toEqual(['keys', 'blobStore']);
  });
});
