import path from 'node:path';
import { type AppConfig, ConfigError } from '../config.ts';
import { createEncryptedBlobStore } from './blob-encryption.ts';
import { type BlobBackend, createLocalBlobStore } from './blob-store.ts';
import { loadEncryptionKeys } from './crypto.ts';

/**
 * The backend BLOB_STORE names: the folder DATA_DIR/blobs, or the S3 bucket. The AWS SDK is loaded only for a bucket:
 * a server on the local folder does not carry it in memory.
 */
export async function openBlobBackend(config: AppConfig): Promise<BlobBackend> {
  if (config.blobStore.kind !== 's3') return createLocalBlobStore(localBlobFolder(config));
  const { createS3BlobStore } = await import('./s3-blob-store.ts');
  return createS3BlobStore(config.blobStore.s3);
}

export function localBlobFolder(config: AppConfig): string {
  return path.join(config.dataDir, 'blobs');
}

/** With BLOB_STORE=s3, refuses to go on (a ConfigError, printed as one) when the bucket does not answer. */
export async function checkBlobStore(config: AppConfig): Promise<void> {
  if (config.blobStore.kind !== 's3') return;
  const { bucketProblem } = await import('./s3-blob-store.ts');
  const problem = await bucketProblem(config.blobStore.s3);
  if (problem) throw new ConfigError([`S3_BUCKET: ${problem}`]);
}

/** The readiness check of the bucket (null with the local folder): throws, naming the problem, when it does not answer. */
export function objectStorePing(config: AppConfig): (() => Promise<void>) | null {
  if (config.blobStore.kind !== 's3') return null;
  const settings = config.blobStore.s3;
  return async () => {
    const { bucketProblem } = await import('./s3-blob-store.ts');
    const problem = await bucketProblem(settings);
    if (problem) throw new Error(problem);
  };
}

/**
 * The encryption keys from the configuration and the encrypted file store (local folder or bucket): what the server,
 * its data preparation (prepare-data.ts) and `npm run keys:rotate` each open the same way.
 */
export async function openEncryptedStore(config: AppConfig) {
  await checkBlobStore(config);
  const keys = await loadEncryptionKeys({
    configured: config.encryptionKey,
    configuredPrevious: config.encryptionKeyPrevious,
    dataDir: config.dataDir,
  });
  const blobStore = createEncryptedBlobStore(await openBlobBackend(config), keys);
  return { keys, blobStore };
}
