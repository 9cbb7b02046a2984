import type { Recording } from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { isUuid } from '../../platform/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordingErrors } from './recordings.errors.ts';
import * as repo from './recordings.repository.ts';

/** The retention view's per-day counts (issue 26). */
export const countRecordingRetentionByDay = (db: DbOrTx, options: { from: Date; until: Date }) =>
  repo.countByDay(db, options);

export const findRecording = (db: DbOrTx, applicationId: string) => repo.findByApplication(db, applicationId);

export type RecordingsService = ReturnType<typeof createRecordingsService>;

/**
 * The recordings the notary's browser made before decision 0081 (issue 9: uploaded in parts, assembled into one WebM
 * with its duration and SHA-256). Nothing records this way any more (the server does, module `recorder`); these stay
 * for the sessions recorded then: played for their notary and admins, and purged at the end of their retention.
 */
export function createRecordingsService(deps: {
  db: Database;
  blobStore: BlobStore;
  /** A file past its retention could not be deleted (the retention module records and alerts). */
  onPurgeFailure?: (failure: { kind: 'recording'; recordId: string; error: unknown }) => Promise<void>;
}) {
  const { db, blobStore } = deps;

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
