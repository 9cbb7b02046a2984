import type { DocumentType, NotarialAct, SignatoryRole } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { listStatusEvents, STATUS_LABELS } from '../applications/applications.service.ts';
import { findIdentityEvidence } from '../identity/identity.service.ts';
import { findLatestReceiptSerial } from '../payments/payments.service.ts';
import { listSessionEvents } from '../sessions/call.service.ts';
import { sessionPeople } from '../sessions/participants.ts';
import type { CertificateParty, IdentityMethod, TimelineEvent } from './certificate-page.ts';

const SESSION_TEXT: Record<string, (actor: string, subject: string) => string> = {
  joined: (actor) => `${actor} joined the video session`,
  reconnected: (actor) => `${actor} reconnected`,
  left: (actor) => `${actor} left the video session`,
  removed: (actor, subject) => `${actor} removed ${subject} from the session`,
  identity_confirmed: (actor, subject) => `${actor} confirmed the identity of ${subject}`,
  identity_not_confirmed: (actor, subject) => `${actor} did not confirm the identity of ${subject}`,
  recording_started: (actor) => `The recorder started receiving ${actor}'s audio and video`,
  recording_stopped: () => 'Recording stopped',
  recording_failed: () => 'Recording failed',
  media_gap: (actor) => `The recorder stopped receiving ${actor}'s audio and video`,
  media_resumed: (actor) => `The recorder received ${actor}'s audio and video again`,
  signed: (actor) => `${actor} signed the document`,
};

/** Everything the certificate of notarisation states, read from the record (never from the client). */
export async function gatherSealingData(db: DbOrTx, applicationId: string) {
  const people = await sessionPeople(db, applicationId);
  if (!people) return null;
  const evidence = await findIdentityEvidence(db, {
    applicationId,
    signatoryIds: people.signatories.map((s) => s.id),
  });
  const receiptSerial = await findLatestReceiptSerial(db, applicationId);
  const names = new Map<string, string>([
    ...people.signatories.map((s) => [`signatory:${s.id}`, s.fullName] as [string, string]),
    ...(people.notary
      ? [
          [`user:${people.notary.userId}`, `Notary ${people.notary.fullName ?? ''}`.trim()] as [
            string,
            string,
          ],
        ]
      : []),
  ]);
  const statusRows = await listStatusEvents(db, applicationId);
  const sessionRows = await listSessionEvents(db, applicationId);
  const timeline: TimelineEvent[] = [
    ...statusRows.map((row) => ({
      at: row.createdAt,
      text: `Status: ${STATUS_LABELS[row.toStatus as keyof typeof STATUS_LABELS] ?? row.toStatus}`,
      ip: row.ipAddress,
    })),
    ...sessionRows.flatMap((row) => {
      const text = SESSION_TEXT[row.kind];
      if (!text) return [];
      const subject = row.signatoryId ? (names.get(`signatory:${row.signatoryId}`) ?? '') : '';
      return [{ at: row.createdAt, text: text(names.get(row.actor) ?? 'Mohar', subject), ip: row.ipAddress }];
    }),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const parties: CertificateParty[] = people.signatories.map((signatory) => {
    const found = evidence.get(signatory.id);
    const method: IdentityMethod =
      found?.qrOutcome === 'verified' ? 'aadhaar_secure_qr' : 'aadhaar_checked_by_notary';
    return {
      name: signatory.fullName,
      role: (people.signatoryRoles.get(signatory.id) ?? 'executant') as SignatoryRole,
      identityMethod: method,
      identityDetail: 'face matched on video by the notary',
      aadhaarMasked: found?.aadhaarMasked ?? null,
    };
  });
  return {
    application: people.application,
    parties,
    timeline,
    receiptSerial: receiptSerial ?? '—',
    act: people.application.notarialAct as NotarialAct,
    documentType: people.application.documentType as DocumentType,
  };
}
