import type { Database } from './db/client.ts';
import { anySealedMfaSecret } from './modules/auth/key-rotation.service.ts';
import { BlobIntegrityError, type EncryptedBlobStore } from './platform/blob-encryption.ts';
import { createEncryptor } from './platform/crypto.ts';
import { checkEncryptionKey } from './platform/key-check.ts';

type Keys = { current: Buffer; previous?: Buffer };

const SAMPLE_BLOBS = 3;

/** Does a sample of what is already stored (an MFA secret, a few files) open with these keys? */
async function existingDataOpens(db: Database, keys: Keys, blobStore: EncryptedBlobStore) {
  const secret = await anySealedMfaSecret(db);
  if (secret) {
    try {
      createEncryptor(keys.current, keys.previous).decrypt(secret);
    } catch {
      return false;
    }
  }
  let tried = 0;
  for await (const key of blobStore.keys()) {
    try {
      (await blobStore.get(key)).destroy();
      return true;
    } catch (error) {
      // Files from before encryption say nothing about the key.
      if (!(error instanceof BlobIntegrityError) || error.reason === 'unencrypted') continue;
      if (error.reason === 'unknown-key') return false;
      if (++tried >= SAMPLE_BLOBS) return false;
    }
  }
  return tried === 0;
}

/**
 * At start: ENCRYPTION_KEY must open the key-check record (sealed on the first start; on an install from before the
 * record, the data already stored is sampled first). Throws KeyCheckError, whose message main.ts prints.
 */
export async function checkKeysAtStart(deps: { db: Database; keys: Keys; blobStore: EncryptedBlobStore }) {
  return checkEncryptionKey(deps.db, deps.keys, {
    existingDataOpens: () => existingDataOpens(deps.db, deps.keys, deps.blobStore),
  });
}
