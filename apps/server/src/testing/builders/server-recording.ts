import { CHAIN_START, entryHash, sha256Hex } from '../../modules/recorder/manifest.ts';
import * as recorderRepo from '../../modules/recorder/recorder.repository.ts';
import { recordSessionEvent } from '../../modules/sessions/call.service.ts';
import type { BuildContext } from './context.ts';
import { recordingPart } from './files.ts';

/**
 * What the server recorder writes once the notary's media reaches it (decision 0081), for builders whose sessions
 * have no live media: the `recording_started` fact and, unless `storePart` is false, one stored part of the notary's
 * track (real WebM bytes) chained into the manifest as the recorder chains it. recorder.test.ts makes the real thing.
 */
export async function serverRecorded(
  ctx: BuildContext,
  options: { applicationId: string; participant: string; storePart: boolean },
) {
  await recordSessionEvent(ctx.db, {
    applicationId: options.applicationId,
    kind: 'recording_started',
    actor: options.participant,
  });
  if (!options.storePart) return;
  const bytes = await recordingPart();
  const { key } = await ctx.blobStore.put({ body: bytes, prefix: 'recorder-part' });
  const head = await recorderRepo.lastEntry(ctx.db, options.applicationId);
  const at = new Date().toISOString();
  const entry = {
    seq: head ? head.seq + 1 : 0,
    kind: 'part' as const,
    participant: options.participant,
    take: 0,
    part: head ? head.seq + 1 : 0,
    sha256: sha256Hex(bytes),
    sizeBytes: bytes.length,
    from: at,
    to: at,
    prev: head?.hash ?? CHAIN_START,
  };
  await recorderRepo.insertEntry(ctx.db, {
    applicationId: options.applicationId,
    seq: entry.seq,
    kind: entry.kind,
    participant: entry.participant,
    take: entry.take,
    part: entry.part,
    blobKey: key,
    sha256: entry.sha256,
    sizeBytes: entry.sizeBytes,
    fromAt: new Date(at),
    toAt: new Date(at),
    prevHash: entry.prev,
    hash: entryHash(entry),
  });
}
