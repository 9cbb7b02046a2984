import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notaryProfiles, users } from './db/schema.ts';
import { checkKeysAtStart } from './key-check-at-start.ts';
import { rotateEncryptionKeys } from './key-rotation.ts';
import { loadOrCreatePlatformCa } from './modules/notaries/platform-ca.ts';
import { openP12 } from './modules/notaries/signing-certificate.ts';
import { createEncryptedBlobStore } from './platform/blob-encryption.ts';
import { createLocalBlobStore, readBlob } from './platform/blob-store.ts';
import { createEncryptor } from './platform/crypto.ts';
import { KeyCheckError } from './platform/key-check.ts';
import { type Builders, buildersFor } from './testing/builders/index.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

const storeWith = (keys: { current: Buffer; previous?: Buffer }) =>
  createEncryptedBlobStore(createLocalBlobStore(path.join(t.dataDir, 'blobs')), keys);

describe('the key check at start', () => {
  it('seals the record on the first start, then refuses a key that does not open it, with a sentence', async () => {
    const other = await createTestApp();
    try {
      const keyA = randomBytes(32);
      const keyB = randomBytes(32);
      const check = (keys: { current: Buffer; previous?: Buffer }) =>
        checkKeysAtStart({ db: other.db, keys, blobStore: storeWith(keys) });
      expect(await check({ current: keyA })).toBe('created');
      expect(await check({ current: keyA })).toBe('current');
      const refused = await check({ current: keyB }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(KeyCheckError);
      expect((refused as Error).message).toMatch(
        /^ENCRYPTION_KEY does not open the data this server stored before/,
      );
      expect(await check({ current: keyB, previous: keyA })).toBe('previous');
    } finally {
      await other.close();
    }
  });

  it('on an install from before the record, refuses a key that does not open the data already stored', async () => {
    const other = await createTestApp();
    try {
      await buildersFor(other).user({ mfa: true }); // an MFA secret sealed with the app's key
      const wrong = { current: randomBytes(32) };
      await expect(
        checkKeysAtStart({ db: other.db, keys: wrong, blobStore: storeWith(wrong) }),
      ).rejects.toBeInstanceOf(KeyCheckError);
      const right = { current: other.encryptionKey };
      expect(await checkKeysAtStart({ db: other.db, keys: right, blobStore: storeWith(right) })).toBe(
        'created',
      );
    } finally {
      await other.close();
    }
  });
});

describe('npm run keys:rotate', () => {
  it('re-encrypts files, MFA secrets, certificate passphrases and the platform CA; then only the new key is needed', async () => {
    const oldKey = t.encryptionKey;
    const newKey = randomBytes(32);
    await checkKeysAtStart({
      db: t.db,
      keys: { current: oldKey },
      blobStore: storeWith({ current: oldKey }),
    });
    const user = await build.user({ mfa: true });
    const notary = await build.notary({ certificate: 'platform' });
    const caBefore = await loadOrCreatePlatformCa({ dataDir: t.dataDir, encryptionKey: oldKey });
    const document = randomBytes(200_000);
    const { key: documentKey } = await t.blobStore.put({ body: document });
    const { key: legacyKey } = await createLocalBlobStore(path.join(t.dataDir, 'blobs')).put({
      body: Buffer.from('stored before encryption existed'),
    });

    const rotating = { current: newKey, previous: oldKey };
    const report = await rotateEncryptionKeys({
      db: t.db,
      keys: rotating,
      blobStore: storeWith(rotating),
      dataDir: t.dataDir,
    });
    expect(report).toMatchObject({ complete: true, platformCa: 'rewritten', certificatePassphrases: 1 });
    expect(report.blobs.failed).toEqual([]);
    expect(report.blobs.unchanged).toBe(0);
    expect(report.mfaSecrets).toBeGreaterThanOrEqual(1);

    // From here on, the new key alone.
    const onlyNew = { current: newKey };
    const store = storeWith(onlyNew);
    expect((await readBlob(store, documentKey)).equals(document)).toBe(true);
    expect((await readBlob(store, legacyKey)).toString()).toBe('stored before encryption existed');
    const [account] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(createEncryptor(newKey).decrypt(account?.mfaSecretEncrypted ?? '')).toBe(user.mfa?.secret);
    const [profile] = await t.db.select().from(notaryProfiles).where(eq(notaryProfiles.userId, notary.id));
    const certificate = profile?.signingCertificate;
    const p12 = await readBlob(store, certificate?.p12Key ?? '');
    const passphrase = createEncryptor(newKey).decrypt(certificate?.passphraseEncrypted ?? '');
    expect(openP12({ p12, passphrase }).certificate).toBeTruthy();
    const caAfter = await loadOrCreatePlatformCa({ dataDir: t.dataDir, encryptionKey: newKey });
    expect(caAfter.fingerprintSha256).toBe(caBefore.fingerprintSha256);
    expect(await checkKeysAtStart({ db: t.db, keys: onlyNew, blobStore: store })).toBe('current');
    await expect(
      checkKeysAtStart({ db: t.db, keys: { current: oldKey }, blobStore: storeWith({ current: oldKey }) }),
    ).rejects.toBeInstanceOf(KeyCheckError);

    // Run again (as after an interruption): nothing left to do.
    const again = await rotateEncryptionKeys({
      db: t.db,
      keys: rotating,
      blobStore: storeWith(rotating),
      dataDir: t.dataDir,
    });
    expect(again).toMatchObject({
      complete: true,
      mfaSecrets: 0,
      certificatePassphrases: 0,
      platformCa: 'unchanged',
    });
    expect(again.blobs.rewritten).toBe(0);
  });
});
