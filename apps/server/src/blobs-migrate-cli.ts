// `npm run blobs:migrate`: copies the local store (DATA_DIR/blobs) into the bucket of BLOB_STORE=s3 (README).
import { ConfigError, loadConfig } from './config.ts';
import { migrateBlobs } from './platform/blob-migration.ts';
import { createLocalBlobStore } from './platform/blob-store.ts';
import { checkBlobStore, localBlobFolder, openBlobBackend } from './platform/data-stores.ts';

try {
  const config = loadConfig();
  if (config.blobStore.kind !== 's3')
    throw new ConfigError(['BLOB_STORE: set BLOB_STORE=s3 and the S3_* settings of the bucket to copy into']);
  await checkBlobStore(config);
  const from = localBlobFolder(config);
  console.log(`Copying the files of ${from} into bucket "${config.blobStore.s3.bucket}"…`);
  const report = await migrateBlobs({
    from: createLocalBlobStore(from),
    to: await openBlobBackend(config),
    onProgress: ({ copied, skipped }) => {
      if ((copied + skipped) % 500 === 0) console.log(`  ${copied} copied, ${skipped} already there`);
    },
  });
  console.log(
    `Done: ${report.copied} files copied, ${report.skipped} already in the bucket. They stay encrypted: keep ENCRYPTION_KEY.`,
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`blobs:migrate: ${error.message}`);
  process.exitCode = 1;
}
