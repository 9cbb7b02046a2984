import type {
  RetentionDay,
  RetentionFailureKind,
  RetentionReportQuery,
  RetentionReportResponse,
} from '@mohar/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { findActiveAdminEmails } from '../auth/auth.service.ts';
import { countIdentityRetentionByDay } from '../identity/retention.ts';
import { countServerRecordingRetentionByDay } from '../recorder/recorder-retention.ts';
import { countRecordingRetentionByDay } from '../sessions/recordings.service.ts';
import { purgeFailedAlertMail } from './retention.mails.ts';
import * as repo from './retention.repository.ts';

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;
const DEFAULT_DAYS = 30;

/** YYYY-MM-DD of an instant in IST. */
const istDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

export type PurgeFailure = { kind: RetentionFailureKind; recordId: string; error: unknown };

/**
 * Retention you can prove (issue 26): the identity module's 90-day purge and the recordings' purge report here when
 * a file cannot be deleted (logged, recorded, every admin e-mailed), and the admin view counts, per day in IST,
 * what was captured, what came due and what was purged, from the records themselves (the rows stay after a purge).
 */
export function createRetentionService(deps: {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  now?: () => Date;
}) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async recordFailure(failure: PurgeFailure) {
      const error = failure.error instanceof Error ? failure.error.message : String(failure.error);
      deps.log.error(
        { kind: failure.kind, recordId: failure.recordId, err: failure.error },
        'retention purge failed',
      );
      // The hourly retry of a file that still cannot be deleted is logged only: one record and one alert a day per
      // file, so the view counts files and the admins' inboxes are not flooded every hour.
      const since = new Date(now().getTime() - DAY_MS);
      if (await repo.hasFailedSince(db, { recordId: failure.recordId, since })) return;
      await repo.insertFailure(db, {
        kind: failure.kind,
        recordId: failure.recordId,
        error: error.slice(0, 500),
      });
      const admins = await findActiveAdminEmails(db);
      await mailer.enqueue(
        db,
        admins.map((to) =>
          purgeFailedAlertMail({
            to,
            kind: failure.kind,
            recordId: failure.recordId,
            error: error.slice(0, 300),
            viewUrl: `${deps.publicUrl}/admin/data-requests`,
          }),
        ),
      );
      mailer.kick();
    },

    async report(query: RetentionReportQuery): Promise<RetentionReportResponse> {
      const days = query.days ?? DEFAULT_DAYS;
      const today = istDay(now());
      // Midnight IST of the first day shown.
      const from = new Date(Date.parse(`${today}T00:00:00+05:30`) - (days - 1) * DAY_MS);
      const [identity, recordings, serverRecordings, failures, recent] = await Promise.all([
        countIdentityRetentionByDay(db, from),
        countRecordingRetentionByDay(db, { from, until: now() }),
        countServerRecordingRetentionByDay(db, { from, until: now() }),
        repo.countFailuresByDay(db, from),
        repo.listRecentFailures(db, { from, limit: 50 }),
      ]);
      // Several sources of one count (browser and server recordings) add up per day.
      const byDay = (...sources: Array<Array<{ day: string; n: number }>>) => {
        const counts = new Map<string, number>();
        for (const r of sources.flat()) counts.set(r.day, (counts.get(r.day) ?? 0) + Number(r.n));
        return counts;
      };
      const captured = byDay(identity.captured);
      const purged = byDay(identity.purged);
      const due = byDay(recordings.due, serverRecordings.due);
      const recordingsPurged = byDay(recordings.purged, serverRecordings.purged);
      const failed = byDay(failures);
      const list: RetentionDay[] = [];
      for (let i = 0; i < days; i += 1) {
        const date = istDay(new Date(now().getTime() - i * DAY_MS));
        list.push({
          date,
          identityCaptured: captured.get(date) ?? 0,
          identityPurged: purged.get(date) ?? 0,
          recordingsDue: due.get(date) ?? 0,
          recordingsPurged: recordingsPurged.get(date) ?? 0,
          failures: failed.get(date) ?? 0,
        });
      }
      return {
        days: list,
        failures: recent.map((r) => ({
          _id: r.id,
          kind: r.kind as RetentionFailureKind,
          recordId: r.recordId,
          error: r.error,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
