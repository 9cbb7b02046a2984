import { createHash } from 'node:crypto';
import * as recordingsRepo from '../../modules/sessions/recordings.repository.ts';
import { withDuration } from '../../modules/sessions/webm-duration.ts';
import type { BuildContext } from './context.ts';
import { recordingPart } from './files.ts';

/**
 * A finished recording by the notary's browser, as sessions before decision 0081 have (nothing records this way any
 * more): the file as the old finish stored it (a real Chromium WebM with its duration written), its SHA-256, kept
 * RECORDING_RETENTION_YEARS from the finish. For the tests that prove old recordings still play and are purged.
 */
export async function browserRecorded(
  ctx: BuildContext,
  options: { applicationId: string; notaryId: string; webm?: Buffer; finishedAt?: Date },
) {
  const fixed = withDuration(options.webm ?? (await recordingPart()));
  const { key } = await ctx.blobStore.put({ body: fixed.webm, prefix: 'recording' });
  const finishedAt = options.finishedAt ?? new Date();
  const retainUntil = new Date(finishedAt);
  retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + ctx.config.recordingRetentionYears);
  return recordingsRepo.insertFinished(ctx.db, {
    applicationId: options.applicationId,
    notaryId: options.notaryId,
    blobKey: key,
    sha256: createHash('sha256').update(fixed.webm).digest('hex'),
    sizeBytes: fixed.webm.length,
    durationMs: Math.round(fixed.durationMs),
    finishedAt,
    retainUntil,
  });
}
