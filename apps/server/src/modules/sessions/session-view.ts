import type { SessionView } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { findIdentityEvidence } from '../identity/identity.service.ts';
import { recordingState } from '../recorder/recording-state.ts';
import { failureReason, sessionPeople } from './participants.ts';
import { recordingErrors } from './recordings.errors.ts';

export type SessionViewer = { kind: 'notary'; userId: string } | { kind: 'signatory'; signatoryId: string };

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
    recording: await recordingState(db, applicationId),
    failureReason: application.status === 'failed' ? await failureReason(db, applicationId) : null,
  };
}
