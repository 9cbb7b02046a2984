import type { IdentityDecisionRequest } from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  type ApplicationsService,
  findApplication,
  findSignatory,
} from '../applications/applications.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordingState } from '../recorder/recording-state.ts';
import * as repo from './call.repository.ts';
import { sessionTimeline } from './participants.ts';
import { recordingErrors } from './recordings.errors.ts';
import { type SessionViewer, sessionView } from './session-view.ts';
import { sessionErrors } from './sessions.errors.ts';

export type SessionEventKind =
  | 'joined'
  | 'reconnected'
  | 'left'
  | 'removed'
  | 'chat'
  | 'identity_confirmed'
  | 'identity_not_confirmed'
  | 'recording_started'
  | 'recording_stopped'
  | 'recording_failed'
  | 'media_gap'
  | 'media_resumed'
  | 'signed'
  | 'ended_failed';

export async function recordSessionEvent(
  db: DbOrTx,
  event: {
    applicationId: string;
    kind: SessionEventKind;
    actor: string;
    signatoryId?: string;
    note?: string | null;
    ip?: string | null;
  },
) {
  await repo.insertEvent(db, {
    applicationId: event.applicationId,
    kind: event.kind,
    actor: event.actor,
    signatoryId: event.signatoryId ?? null,
    note: event.note ?? null,
    ipAddress: event.ip ?? null,
  });
  // The call's timeline in the audit view too (decision 0058), with the same handle (the caller's transaction when
  // it has one). Chat stays out: its text is the participants', not a record of who did what. So do the notary's
  // notes on identity decisions, which stay with the notary.
  if (event.kind === 'chat') return;
  const [kind, id] = event.actor.split(':');
  await recordAudit(db, {
    actor: {
      // Accounts in a call are its notary ('user:'); signatories join by their link; 'system' ends abandoned calls.
      userId: kind === 'user' ? (id ?? null) : null,
      role: kind === 'user' ? 'notary' : kind === 'signatory' ? 'signatory' : 'system',
      ipAddress: event.ip ?? null,
    },
    action: `session.${event.kind}`,
    subject: { type: 'application', id: event.applicationId },
    detail:
      [
        kind === 'signatory' ? `signatory ${id}` : null,
        event.signatoryId ? `about signatory ${event.signatoryId}` : null,
        event.kind === 'ended_failed' || event.kind === 'removed' ? event.note : null,
      ]
        .filter(Boolean)
        .join('; ') || null,
  });
}

/** The session's events, oldest first (the certificate of notarisation's timeline). */
export const listSessionEvents = (db: DbOrTx, applicationId: string) => repo.listEvents(db, applicationId);

/** The notary's latest identity decision per signatory, without its note (that stays with the notary). */
export async function latestIdentityDecisions(db: DbOrTx, applicationId: string) {
  const rows = await repo.listEvents(db, applicationId, ['identity_confirmed', 'identity_not_confirmed']);
  const latest = new Map<string, 'confirmed' | 'not_confirmed'>();
  for (const row of rows)
    if (row.signatoryId)
      latest.set(row.signatoryId, row.kind === 'identity_confirmed' ? 'confirmed' : 'not_confirmed');
  return latest;
}

/** Whether the notary's latest decision about this signatory is "confirmed", read in the caller's transaction. */
export async function isIdentityConfirmed(
  db: DbOrTx,
  options: { applicationId: string; signatoryId: string },
) {
  const latest = await repo.findLatestEvent(db, {
    applicationId: options.applicationId,
    signatoryId: options.signatoryId,
    kinds: ['identity_confirmed', 'identity_not_confirmed'],
  });
  return latest?.kind === 'identity_confirmed';
}

export type CallService = ReturnType<typeof createCallService>;

/** What the notary decides in the live session: each signatory's identity, or that the session failed. */
export function createCallService(deps: {
  db: Database;
  applicationsService: ApplicationsService;
  /** The server recorder: a failed session's recording is finished and its manifest stored (decision 0081). */
  recorder?: { finishAndStore(applicationId: string): Promise<unknown>; forget(applicationId: string): void };
}) {
  const { db } = deps;

  async function liveSessionOf(applicationId: string, notaryId: string) {
    if (!isUuid(applicationId)) throw recordingErrors.notFound();
    const row = await findApplication(db, applicationId);
    if (row?.status !== 'in_session' || row.assignedNotaryId !== notaryId) throw recordingErrors.notFound();
  }

  /** The latest decision per signatory (a notary may change their mind; every decision stays in the log). */
  async function decisions(applicationId: string) {
    const rows = await repo.listEvents(db, applicationId);
    const latest = new Map<string, (typeof rows)[number]>();
    for (const row of rows)
      if (row.signatoryId && (row.kind === 'identity_confirmed' || row.kind === 'identity_not_confirmed'))
        latest.set(row.signatoryId, row);
    return [...latest.values()].map((row) => ({
      signatoryId: row.signatoryId ?? '',
      decision: row.kind === 'identity_confirmed' ? ('confirmed' as const) : ('not_confirmed' as const),
      note: row.note,
      decidedAt: row.createdAt.toISOString(),
    }));
  }

  return {
    decisions,
    /** 404 unless the application is in session with this notary. */
    liveSessionOf,

    /** The call page's view for the session's notary or one of its signatories. */
    view: (applicationId: string, viewer: SessionViewer) =>
      sessionView({ db, decisions, applicationId, viewer }),

    /** The session's events for the application timeline (the caller checked who may read the application). */
    timeline: (applicationId: string) => sessionTimeline(db, applicationId),

    /** Whether the notary has confirmed this signatory (the signing issue asks before anyone signs). */
    async isConfirmed(applicationId: string, signatoryId: string) {
      return (await decisions(applicationId)).some(
        (d) => d.signatoryId === signatoryId && d.decision === 'confirmed',
      );
    },

    async decideIdentity(options: {
      applicationId: string;
      notaryId: string;
      signatoryId: string;
      request: IdentityDecisionRequest;
      ip: string | null;
    }) {
      await liveSessionOf(options.applicationId, options.notaryId);
      if (!isUuid(options.signatoryId)) throw recordingErrors.notFound();
      const signatory = await findSignatory(db, {
        applicationId: options.applicationId,
        signatoryId: options.signatoryId,
      });
      if (!signatory) throw recordingErrors.notFound();
      // The act goes on only on the record: no decision while someone's media does not reach the recorder.
      await requireRecording(db, options.applicationId);
      await recordSessionEvent(db, {
        applicationId: options.applicationId,
        kind: options.request.decision === 'confirmed' ? 'identity_confirmed' : 'identity_not_confirmed',
        actor: `user:${options.notaryId}`,
        signatoryId: signatory.id,
        note: options.request.note || null,
        ip: options.ip,
      });
      return { decisions: await decisions(options.applicationId) };
    },

    /** The notary ends the session as failed (the refund window opens for the client). */
    async fail(options: { applicationId: string; notaryId: string; reason: string; ip: string | null }) {
      await liveSessionOf(options.applicationId, options.notaryId);
      await db.transaction(async (tx) => {
        await deps.applicationsService.transition({
          id: options.applicationId,
          to: 'failed',
          actor: { userId: options.notaryId, role: 'notary', ip: options.ip },
          reason: options.reason,
          tx,
        });
        await recordSessionEvent(tx, {
          applicationId: options.applicationId,
          kind: 'ended_failed',
          actor: `user:${options.notaryId}`,
          note: options.reason,
          ip: options.ip,
        });
      });
      // The recording is the evidence whatever the outcome: it ends here, its manifest stored with the session.
      await deps.recorder
        ?.finishAndStore(options.applicationId)
        .then(() => deps.recorder?.forget(options.applicationId));
    },
  };
}

/** 409 `sessions.recording_required` unless the server recorder receives everyone in the call (decision 0081). */
export async function requireRecording(db: DbOrTx, applicationId: string) {
  const recording = await recordingState(db, applicationId);
  if (recording.state !== 'recording') throw sessionErrors.recordingRequired(recording.missing);
}

export { listLiveSessions, presentInSession, sessionRecordingState } from './live-sessions.ts';
/** The session's events with names, oldest first (the application timeline). */
export { sessionTimeline };
