import type { Database } from './db/client.ts';
import { checkKeysAtStart } from './key-check-at-start.ts';
import { resealMfaSecrets } from './modules/auth/key-rotation.service.ts';
import { resealCertificatePassphrases } from './modules/notaries/key-rotation.service.ts';
import { resealStoredPlatformCa } from './modules/notaries/platform-ca.ts';
import { resealWebhookSecrets } from './modules/webhooks/key-rotation.service.ts';
import { BlobIntegrityError, type EncryptedBlobStore } from './platform/blob-encryption.ts';
import { createEncryptor } from './platform/crypto.ts';
import { sealKeyCheck } from './platform/key-check.ts';

export type RotationReport = {
  blobs: { rewritten: number; unchanged: number; failed: Array<{ key: string; reason: string }> };
  mfaSecrets: number;
  certificatePassphrases: number;
  /** Organisations' webhook signing secrets (decision 0071). */
  webhookSecrets: number;
  platformCa: 'absent' | 'unchanged' | 'rewritten';
  /** True once everything is sealed with the current key and the key-check record says so. */
  complete: boolean;
};

/**
 * `npm run keys:rotate`: everything sealed with ENCRYPTION_KEY_PREVIOUS (or an older blob format, or files stored
 * before encryption) is sealed again with ENCRYPTION_KEY: every blob, every MFA secret, every signing certificate's
 * passphrase, every webhook signing secret, the stored platform CA. Each item is written beside the old one and
 * swapped in, and items already sealed with the current key are skipped, so an interrupted run is simply run again.
 * The key-check record moves to the current key last, and only when nothing failed: from then on the previous key is
 * no longer needed.
 */
export async function rotateEncryptionKeys(deps: {
  db: Database;
  keys: { current: Buffer; previous?: Buffer };
  blobStore: EncryptedBlobStore;
  dataDir: string;
  onProgress?: (line: string) => void;
}): Promise<RotationReport> {
  await checkKeysAtStart(deps);
  const blobs: RotationReport['blobs'] = { rewritten: 0, unchanged: 0, failed: [] };
  for await (const key of deps.blobStore.keys()) {
    try {
      blobs[await deps.blobStore.reencrypt(key)]++;
    } catch (error) {
      if (!(error instanceof BlobIntegrityError)) throw error;
      blobs.failed.push({ key, reason: error.reason });
      deps.onProgress?.(`  ${key}: cannot be opened (${error.reason}), left as it is`);
    }
  }
  const encryptor = createEncryptor(deps.keys.current, deps.keys.previous);
  const mfaSecrets = await resealMfaSecrets(deps.db, encryptor);
  const certificatePassphrases = await resealCertificatePassphrases(deps.db, encryptor);
  const webhookSecrets = await resealWebhookSecrets(deps.db, encryptor);
  const platformCa = await resealStoredPlatformCa({
    dataDir: deps.dataDir,
    encryptionKey: deps.keys.current,
    encryptionKeyPrevious: deps.keys.previous,
  });
  const complete = blobs.failed.length === 0;
  if (complete) await sealKeyCheck(deps.db, deps.keys.current);
  return { blobs, mfaSecrets, certificatePassphrases, webhookSecrets, platformCa, complete };
}
