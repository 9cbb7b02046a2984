import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import {
  CHAIN_START,
  entryFileName,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestEntry,
  signedPayload,
} from './manifest.ts';
import * as repo from './recorder.repository.ts';

/** The session's chain as a manifest, its head signed with the platform key. */
export async function signedManifest(options: {
  db: DbOrTx;
  applicationId: string;
  signedAt: Date;
  signAsPlatform: (data: Buffer) => Promise<{ signature: Buffer; certificatePem: string }>;
}): Promise<Manifest> {
  const rows = await repo.listEntries(options.db, options.applicationId);
  const entries: ManifestEntry[] = rows.map((row) => ({
    seq: row.seq,
    kind: row.kind as ManifestEntry['kind'],
    participant: row.participant,
    take: row.take,
    part: row.part,
    file: entryFileName(row),
    sha256: row.sha256,
    sizeBytes: row.sizeBytes,
    from: row.fromAt.toISOString(),
    to: row.toAt.toISOString(),
    prev: row.prevHash,
    hash: row.hash,
  }));
  const unsigned = {
    applicationId: options.applicationId,
    signedAt: options.signedAt.toISOString(),
    finalHash: entries.at(-1)?.hash ?? CHAIN_START,
  };
  const { signature, certificatePem } = await options.signAsPlatform(signedPayload(unsigned));
  return {
    format: MANIFEST_FORMAT,
    ...unsigned,
    entries,
    signature: signature.toString('base64'),
    certificatePem,
  };
}

/** The manifest and every part as files in `dir` (what `npm run recording:verify` checks); parts are streamed. */
export async function exportRecording(options: {
  db: DbOrTx;
  blobStore: BlobStore;
  manifest: Manifest;
  dir: string;
}) {
  const rows = await repo.listEntries(options.db, options.manifest.applicationId);
  await mkdir(options.dir, { recursive: true });
  for (const row of rows)
    if (row.blobKey && entryFileName(row))
      await pipeline(
        await options.blobStore.get(row.blobKey),
        createWriteStream(path.join(options.dir, entryFileName(row) as string)),
      );
  const file = path.join(options.dir, 'manifest.json');
  await writeFile(file, `${JSON.stringify(options.manifest, null, 2)}\n`);
  return file;
}
