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

/**
 * One take of someone's track as the recorder stores it, for tests that need real media at known wall-clock times
 * (the composed view, decision 0084): `bytes` cut into `parts` byte ranges (their concatenation is the file), each
 * chained after the head with the take's first and last byte times spread over them.
 */
export async function serverTrack(
  ctx: BuildContext,
  options: {
    applicationId: string;
    participant: string;
    take: number;
    bytes: Buffer;
    from: Date;
    to: Date;
    parts?: number;
  },
) {
  const count = options.parts ?? 2;
  const size = Math.ceil(options.bytes.length / count);
  const span = options.to.getTime() - options.from.getTime();
  for (let index = 0; index < count; index += 1) {
    const bytes = options.bytes.subarray(index * size, (index + 1) * size);
    const { key } = await ctx.blobStore.put({ body: bytes, prefix: 'recorder-part' });
    const from = new Date(options.from.getTime() + (span * index) / count);
    const to = new Date(options.from.getTime() + (span * (index + 1)) / count);
    await recorderRepo.appendEntry(ctx.db, options.applicationId, (head) => {
      const entry = {
        seq: head ? head.seq + 1 : 0,
        kind: 'part' as const,
        participant: options.participant,
        take: options.take,
        part: index,
        sha256: sha256Hex(bytes),
        sizeBytes: bytes.length,
        from: from.toISOString(),
        to: to.toISOString(),
        prev: head?.hash ?? CHAIN_START,
      };
      return {
        applicationId: options.applicationId,
        ...entry,
        blobKey: key,
        fromAt: from,
        toAt: to,
        prevHash: entry.prev,
        hash: entryHash(entry),
      };
    });
  }
}
