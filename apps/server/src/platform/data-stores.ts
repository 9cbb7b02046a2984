import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { createEncryptedBlobStore } from './blob-encryption.ts';
import { createLocalBlobStore } from './blob-store.ts';
import { loadEncryptionKeys } from './crypto.ts';

/**
 * The encryption keys from the configuration and the encrypted file store under the data folder: what the server,
 * its data preparation (prepare-data.ts) and `npm run keys:rotate` each open the same way.
 */
export async function openEncryptedStore(config: AppConfig) {
  const keys = await loadEncryptionKeys({
    configured: config.encryptionKey,
    configuredPrevious: config.encryptionKeyPrevious,
    dataDir: config.dataDir,
  });
  const blobStore = createEncryptedBlobStore(createLocalBlobStore(path.join(config.dataDir, 'blobs')), keys);
  return { keys, blobStore };
}
