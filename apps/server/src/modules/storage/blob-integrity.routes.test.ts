import { randomBytes } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, mailOutbox } from '../../db/schema.ts';
import { CHUNK_BYTES, createEncryptedBlobStore } from '../../platform/blob-encryption.ts';
import { createLocalBlobStore } from '../../platform/blob-store.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  admin = await build.admin();
});
afterAll(() => t.close());

const HEADER = 25;
const RECORD = CHUNK_BYTES + 16;
const fileOf = (key: string) => path.join(t.dataDir, 'blobs', key);

/** An owner's draft whose stored document is `bytes` (sealed by the app's store), and the file on disk. */
async function draftWithDocument(bytes: Buffer) {
  const application = await build.application({ status: 'draft' });
  const [row] = await t.db.select().from(applications).where(eq(applications.id, application.id));
  const key = row?.document?.key ?? '';
  const replacement = await t.blobStore.put({ body: bytes });
  await copyFile(fileOf(replacement.key), fileOf(key));
  return { application, file: fileOf(key), key };
}

async function flipByte(file: string, offset: number) {
  const bytes = await readFile(file);
  bytes[offset] = (bytes[offset] ?? 0) ^ 0x01;
  await writeFile(file, bytes);
}

const download = (application: { id: string; owner: { cookie: string } }) =>
  call(t, 'GET', `/applications/${application.id}/document`, application.owner.cookie);

const alertsFor = (key: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.text, `%${key}%`));

describe('a damaged stored file never reaches a user as a 200', () => {
  it('sends an intact file whole', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 100);
    const { application } = await draftWithDocument(bytes);
    const res = await download(application);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('a flipped byte in the first chunk: a clear error, no content, admins alerted once', async () => {
    const { application, file, key } = await draftWithDocument(randomBytes(3 * CHUNK_BYTES));
    await flipByte(file, HEADER + 10);
    const res = await download(application);
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      code: 'storage.integrity_failed',
      message: expect.stringMatching(/damaged or was stored with another key, so none of it was sent/),
    });
    expect((await download(application)).statusCode).toBe(500);
    await expect.poll(async () => (await alertsFor(key)).length).toBe(1);
    const alerts = await alertsFor(key);
    expect(alerts.map((mail) => mail.to)).toEqual([admin.email]);
    expect(alerts[0]?.subject).toBe('Storage alert: a stored file failed its integrity check');
  });

  it('a file sealed with another key: a clear error, no content', async () => {
    const { application, file } = await draftWithDocument(randomBytes(100));
    const blobs = path.join(t.dataDir, 'blobs');
    const otherKey = createEncryptedBlobStore(createLocalBlobStore(blobs), { current: randomBytes(32) });
    const sealedElsewhere = await otherKey.put({ body: randomBytes(100) });
    await copyFile(fileOf(sealedElsewhere.key), file);
    const res = await download(application);
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('storage.integrity_failed');
    expect(res.rawPayload.length).toBeLessThan(400);
  });

  it('a flipped byte in a later chunk: the connection is cut before the damaged chunk', async () => {
    const { application, file, key } = await draftWithDocument(randomBytes(3 * CHUNK_BYTES + 5));
    await flipByte(file, HEADER + 2 * RECORD + 7);
    // Headers were out before the damage was reached: the connection is cut (a client sees a failed download).
    const outcome = await download(application).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ code: 'LIGHT_ECONNRESET' });
    await expect.poll(async () => (await alertsFor(key)).length).toBe(1);
  });
});
