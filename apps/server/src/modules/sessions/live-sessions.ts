import type { DbOrTx } from '../../db/client.ts';
import {
  findApplicationIdsInStatus,
  findApplicationSummaries,
} from '../applications/applications.service.ts';
import { recordingState } from '../recorder/recording-state.ts';
import * as callRepo from './call.repository.ts';
import { sessionPeople } from './participants.ts';

const PRESENCE_KINDS = ['joined', 'reconnected', 'left', 'removed'] as const;

/**
 * Who is in the application's call now, from the call's own record (every process writes its joins and leaves there,
 * so this holds across processes where the socket rooms do not): each participant's latest join, reconnect, leave,
 * or removal by the notary. A process that died without writing a leave leaves its participants "in" until they
 * rejoin or the session ends.
 */
export async function presentInSession(db: DbOrTx, applicationId: string) {
  const people = await sessionPeople(db, applicationId);
  if (!people) return [];
  const rows = await callRepo.listEvents(db, applicationId, PRESENCE_KINDS);
  const isIn = new Map<string, boolean>();
  for (const row of rows) {
    if (row.kind === 'removed') {
      if (row.signatoryId) isIn.set(`signatory:${row.signatoryId}`, false);
    } else isIn.set(row.actor, row.kind !== 'left');
  }
  const everyone = [
    ...(people.notary
      ? [
          {
            participant: `user:${people.notary.userId}`,
            name: people.notary.fullName ?? 'Notary',
            role: 'notary' as const,
          },
        ]
      : []),
    ...people.signatories.map((s) => ({
      participant: `signatory:${s.id}`,
      name: s.fullName,
      role: 'signatory' as const,
    })),
  ];
  return everyone.filter((person) => isIn.get(person.participant));
}

/** Where the session's recording stands (as the call shows it). */
export const sessionRecordingState = (db: DbOrTx, options: { applicationId: string }) =>
  recordingState(db, options.applicationId);

/** Every session live now (applications in `in_session`), longest running first: who is in, the recording, since when. */
export async function listLiveSessions(db: DbOrTx) {
  const ids = await findApplicationIdsInStatus(db, 'in_session');
  const summaries = await findApplicationSummaries(db, ids);
  const sessions = await Promise.all(
    summaries.map(async (row) => ({
      applicationId: row.id,
      title: row.title,
      notarialAct: row.notarialAct,
      notary: row.notaryId ? { _id: row.notaryId, name: row.notaryName ?? '' } : null,
      signatoryCount: Number(row.signatoryCount),
      startedAt: new Date(row.statusSince),
      present: await presentInSession(db, row.id),
      recording: await recordingState(db, row.id),
    })),
  );
  return sessions.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
}
