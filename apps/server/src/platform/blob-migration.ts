import type { BlobBackend } from './blob-store.ts';

export type MigrationReport = { copied: number; skipped: number };

/**
 * Copies every blob of `from` into `to` under the same key, byte for byte: what is stored is already ciphertext
 * (blob-encryption.ts), so it is never decrypted on the way and the same keys open it. A blob `to` already holds is
 * skipped, so an interrupted run is finished by running it again.
 */
export async function migrateBlobs(options: {
  from: BlobBackend;
  to: BlobBackend;
  onProgress?: (report: MigrationReport) => void;
}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0 };
  for await (const key of options.from.keys()) {
    if (await options.to.exists(key)) report.skipped++;
    else {
      await options.to.write(key, await options.from.get(key));
      report.copied++;
    }
    options.onProgress?.(report);
  }
  return report;
}
