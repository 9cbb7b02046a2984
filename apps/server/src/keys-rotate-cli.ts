// `npm run keys:rotate`: re-encrypts everything with ENCRYPTION_KEY (see key-rotation.ts and the README).
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { rotateEncryptionKeys } from './key-rotation.ts';
import { openEncryptedStore } from './platform/data-stores.ts';
import { KeyCheckError } from './platform/key-check.ts';

const config = loadConfig();
const { keys, blobStore } = await openEncryptedStore(config);
const database = await openDatabase(config);
try {
  await migrateDatabase(database);
  const report = await rotateEncryptionKeys({
    db: database.db,
    keys,
    blobStore,
    dataDir: config.dataDir,
    onProgress: (line) => console.log(line),
  });
  console.log(
    [
      `Files: ${report.blobs.rewritten} re-encrypted, ${report.blobs.unchanged} already current, ${report.blobs.failed.length} could not be opened.`,
      `MFA secrets re-encrypted: ${report.mfaSecrets}. Signing certificate passphrases: ${report.certificatePassphrases}. Webhook secrets: ${report.webhookSecrets}. Platform CA: ${report.platformCa}.`,
      report.complete
        ? 'Done: everything is sealed with ENCRYPTION_KEY. ENCRYPTION_KEY_PREVIOUS can now be removed.'
        : 'Not finished: restore the files above (or delete them), then run `npm run keys:rotate` again. Keep ENCRYPTION_KEY_PREVIOUS until it finishes.',
    ].join('\n'),
  );
  if (!report.complete) process.exitCode = 1;
} catch (error) {
  if (!(error instanceof KeyCheckError)) throw error;
  console.error(`keys:rotate: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
