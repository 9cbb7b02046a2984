import { createHash } from 'node:crypto';
import type { Recording } from '@mohar/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import { type BlobStore, readBlob } from '../../platform/blob-store.ts';
import { isUuid } from '../../platform/ids.ts';
import { findApplication } from '../applications/applications.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordingErrors } from './recordings.errors.ts';
import * as repo from './recordings.repository.ts';
import { withDuration } from './webm-duration.ts';
import { joinTakes } from './webm-join.ts';

const retainUntil = (from: Date, years: number) => {
  const until = new Date(from);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The session's recording as stored (sealing cites its SHA-256 once it is finished). */
/** The retention view's per-day counts (issue 26). */
export const countRecordingRetentionByDay = (db: DbOrTx, options: { from: Date; until: Date }) =>
  repo.countByDay(db, options);

export const findRecording = (db: DbOrTx, applicationId: string) => repo.findByApplication(db, applicationId);

export type RecordingsService = ReturnType<typeof createRecordingsService>;

/**
 * The session's recording (issue 9): chunks by index, idempotent (the same part again is fine; other content under a
 * used index is refused), in any order; finishing checks that none is missing, assembles them in order, joins the
 * takes a reload left (one WebM per recorder) into one, writes the WebM's duration, and keeps the file's SHA-256.
 * Only the notary of the live session records.
 */
export function createRecordingsService(deps: {
  db: Database;
  blobStore: BlobStore;
  /** How long a finished recording is kept (RECORDING_RETENTION_YEARS). */
  retentionYears?: number;
  /** A file past its retention could not be deleted (the retention module records and alerts). */
  onPurgeFailure?: (failure: { kind: 'recording'; recordId: string; error: unknown }) => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, blobStore } = deps;

  /** The live session's recording, started on first use, for its notary only. */
  async function recordingFor(applicationId: string, notaryId: string) {
    if (!isUuid(applicationId)) throw recordingErrors.notFound();
    const application = await findApplication(db, applicationId);
    if (application?.status !== 'in_session' || application.assignedNotaryId !== notaryId)
      throw recordingErrors.notFound();
    await repo.insertIfAbsent(db, { applicationId, notaryId });
    const recording = await repo.findByApplication(db, applicationId);
    if (!recording) throw recordingErrors.notFound();
    return recording;
  }

  async function view(recordingId: string): Promise<Recording> {
    const row = await repo.findById(db, recordingId);
    if (!row) throw recordingErrors.notFound();
    const chunks = await repo.listChunks(db, row.id);
    return {
      _id: row.id,
      applicationId: row.applicationId,
      status: row.status as Recording['status'],
      chunks: chunks.length,
      sha256: row.sha256,
      sizeBytes: row.sizeBytes,
      durationMs: row.durationMs,
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  return {
    async putChunk(options: { applicationId: string; notaryId: string; index: number; bytes: Buffer }) {
      if (options.bytes.length === 0)
        throw recordingErrors.invalid('An empty part of the recording was sent.');
      const recording = await recordingFor(options.applicationId, options.notaryId);
      if (recording.status !== 'recording')
        throw recordingErrors.invalid('This recording is already finished.');
      const digest = sha256(options.bytes);
      const existing = await repo.findChunk(db, { recordingId: recording.id, index: options.index });
      if (existing) {
        if (existing.sha256 !== digest) throw recordingErrors.chunkConflict(options.index);
        return view(recording.id);
      }
      const { key } = await blobStore.put({ body: options.bytes, prefix: 'recording-part' });
      const isInserted = await repo.insertChunk(db, {
        recordingId: recording.id,
        index: options.index,
        blobKey: key,
        sha256: digest,
        sizeBytes: options.bytes.length,
      });
      // A retry raced us to the same index: keep theirs (checked against ours), drop our copy.
      if (!isInserted) {
        await blobStore.delete(key).catch(() => {});
        const winner = await repo.findChunk(db, { recordingId: recording.id, index: options.index });
        if (winner?.sha256 !== digest) throw recordingErrors.chunkConflict(options.index);
      }
      return view(recording.id);
    },

    async finish(options: { applicationId: string; notaryId: string; chunkCount: number }) {
      const recording = await recordingFor(options.applicationId, options.notaryId);
      if (recording.status === 'finished') return view(recording.id);
      const chunks = await repo.listChunks(db, recording.id);
      const have = new Set(chunks.map((chunk) => chunk.index));
      const missing = Array.from({ length: options.chunkCount }, (_, index) => index).filter(
        (i) => !have.has(i),
      );
      if (missing.length > 0) throw recordingErrors.chunksMissing(missing);
      const parts = [];
      for (const chunk of chunks.filter((c) => c.index < options.chunkCount))
        parts.push(await readBlob(blobStore, chunk.blobKey));
      let fixed: ReturnType<typeof withDuration>;
      try {
        // Takes that cannot be joined (other tracks) are kept as recorded: every frame is still there.
        const joined = joinTakes(Buffer.concat(parts));
        if (!joined.isJoined)
          deps.log?.warn(
            { applicationId: options.applicationId, reason: joined.reason },
            'recording: takes kept as recorded (a player stops at the first take)',
          );
        fixed = withDuration(joined.webm);
      } catch (error) {
        throw recordingErrors.invalid(
          `The recording is not a readable WebM file: ${(error as Error).message}.`,
        );
      }
      const { key } = await blobStore.put({ body: fixed.webm, prefix: 'recording' });
      const finished = await repo.markFinished(db, {
        id: recording.id,
        blobKey: key,
        sha256: sha256(fixed.webm),
        sizeBytes: fixed.webm.length,
        durationMs: Math.round(fixed.durationMs),
        finishedAt: new Date(),
        retainUntil: retainUntil(new Date(), deps.retentionYears ?? 10),
      });
      if (!finished) await blobStore.delete(key).catch(() => {});
      // The parts are no longer needed once the whole is stored.
      else for (const chunk of chunks) await blobStore.delete(chunk.blobKey).catch(() => {});
      return view(recording.id);
    },

    /** Recordings past their retention: the file goes, the row and its hash stay (the certificate cites it). */
    async purgeExpired(now = new Date()) {
      const due = await repo.findExpired(db, now);
      let purged = 0;
      for (const row of due) {
        try {
          if (row.blobKey) await blobStore.delete(row.blobKey);
        } catch (error) {
          // Not marked deleted: the next run tries again, and the failure is recorded and alerted (issue 26).
          await deps.onPurgeFailure?.({ kind: 'recording', recordId: row.id, error });
          continue;
        }
        await repo.markDeleted(db, { id: row.id, at: now });
        purged += 1;
      }
      return purged;
    },

    /** What is known of the recording (parts, hash, length), for the session's notary and admins. */
    async info(options: { applicationId: string; viewer: { userId: string; role: string } }) {
      if (!isUuid(options.applicationId)) throw recordingErrors.notFound();
      const row = await repo.findByApplication(db, options.applicationId);
      const mayRead = options.viewer.role === 'admin' || row?.notaryId === options.viewer.userId;
      if (!row || !mayRead) throw recordingErrors.notFound();
      return {
        ...(await view(row.id)),
        isAvailable: Boolean(row.blobKey),
        retainUntil: row.retainUntil?.toISOString() ?? null,
      };
    },

    /** The finished recording, for the session's notary and admins. */
    /** The recording's bytes, for its notary or an admin; every read is audited before a byte is sent. */
    async read(options: {
      applicationId: string;
      viewer: { userId: string; role: string; adminRoles?: readonly string[] };
      ip: string | null;
    }) {
      if (!isUuid(options.applicationId)) throw recordingErrors.notFound();
      const row = await repo.findByApplication(db, options.applicationId);
      const mayRead = options.viewer.role === 'admin' || row?.notaryId === options.viewer.userId;
      if (!row?.blobKey || !mayRead) throw recordingErrors.notFound();
      await recordAudit(db, {
        actor: { ...options.viewer, ipAddress: options.ip },
        action: 'recording.read',
        subject: { type: 'application', id: options.applicationId },
      });
      return { body: await blobStore.get(row.blobKey), sizeBytes: row.sizeBytes, sha256: row.sha256 };
    },
  };
}
