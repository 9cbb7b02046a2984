import { RECORDING_STALE_SECONDS, type SessionView } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { findIdentityEvidence } from '../identity/identity.service.ts';
import * as callRepo from './call.repository.ts';
import { failureReason, sessionPeople } from './participants.ts';
import { recordingErrors } from './recordings.errors.ts';
import * as recordingsRepo from './recordings.repository.ts';

export type SessionViewer = { kind: 'notary'; userId: string } | { kind: 'signatory'; signatoryId: string };

const RECORDER_EVENTS = ['recording_started', 'recording_stopped', 'recording_failed'];

/**
 * Where the recording stands, as the call shows it: the notary's last report, and whether parts still arrive (a
 * recorder that says "recording" but has sent nothing for RECORDING_STALE_SECONDS is `stale`).
 */
export async function recordingState(db: DbOrTx, applicationId: string, now: Date) {
  const recording = await recordingsRepo.findByApplication(db, applicationId);
  const report = await callRepo.findLatestEvent(db, { applicationId, kinds: RECORDER_EVENTS });
  const chunks = recording ? await recordingsRepo.chunkProgress(db, recording.id) : undefined;
  const count = chunks?.count === null || chunks?.count === undefined ? 0 : Number(chunks.count) + 1;
  const last = chunks?.last ? new Date(chunks.last) : null;
  const base = { chunks: count, lastChunkAt: last?.toISOString() ?? null };
  if (recording?.status === 'finished') return { state: 'finished' as const, ...base };
  if (report?.kind === 'recording_failed') return { state: 'failed' as const, ...base };
  if (report?.kind === 'recording_stopped') return { state: 'stopped' as const, ...base };
  if (!report && !recording) return { state: 'none' as const, ...base };
  const since = last ?? report?.at ?? recording?.createdAt ?? now;
  const stale = now.getTime() - since.getTime() > RECORDING_STALE_SECONDS * 1000;
  return { state: stale ? ('stale' as const) : ('recording' as const), ...base };
}

/** What the call page needs: who is in it, the identity decisions, the recording; evidence for the notary only. */
export async function sessionView(options: {
  db: DbOrTx;
  /** The notary's latest identity decision per signatory. */
  decisions: (applicationId: string) => Promise<
    Array<{
      signatoryId: string;
      decision: 'confirmed' | 'not_confirmed';
      note: string | null;
      decidedAt: string;
    }>
  >;
  applicationId: string;
  viewer: SessionViewer;
  now: Date;
}): Promise<SessionView> {
  const { db, applicationId, viewer } = options;
  const people = await sessionPeople(db, applicationId);
  const isNotary = viewer.kind === 'notary' && people?.application.assignedNotaryId === viewer.userId;
  const isSignatory =
    viewer.kind === 'signatory' && Boolean(people?.signatories.some((s) => s.id === viewer.signatoryId));
  if (!people || !(isNotary || isSignatory)) throw recordingErrors.notFound();
  const decisions = new Map((await options.decisions(applicationId)).map((d) => [d.signatoryId, d]));
  const evidence = isNotary
    ? await findIdentityEvidence(db, { applicationId, signatoryIds: people.signatories.map((s) => s.id) })
    : new Map();
  const { application } = people;
  return {
    applicationId,
    status: application.status,
    title: application.title,
    documentType: application.documentType,
    notarialAct: application.notarialAct,
    self: viewer.kind === 'notary' ? `user:${viewer.userId}` : `signatory:${viewer.signatoryId}`,
    participants: [
      ...(people.notary
        ? [
            {
              participant: `user:${people.notary.userId}`,
              role: 'notary' as const,
              name: people.notary.fullName ?? 'Notary',
              signatoryId: null,
              identity: null,
              evidence: null,
            },
          ]
        : []),
      ...people.signatories.map((signatory) => {
        const decision = decisions.get(signatory.id);
        return {
          participant: `signatory:${signatory.id}`,
          role: 'signatory' as const,
          name: signatory.fullName,
          signatoryId: signatory.id,
          identity: decision
            ? { decision: decision.decision, note: decision.note, decidedAt: decision.decidedAt }
            : null,
          evidence: evidence.get(signatory.id) ?? null,
        };
      }),
    ],
    recording: await recordingState(db, applicationId, options.now),
    failureReason: application.status === 'failed' ? await failureReason(db, applicationId) : null,
  };
}
