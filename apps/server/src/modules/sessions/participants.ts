import type { DbOrTx } from '../../db/client.ts';
import {
  findApplication,
  findLatestEventInto,
  listSignatories,
} from '../applications/applications.service.ts';
import { findNotaryProfile } from '../notaries/notaries.service.ts';
import * as callRepo from './call.repository.ts';

/** The people of an application's session: its assigned notary and its signatories, with their names. */
export async function sessionPeople(db: DbOrTx, applicationId: string) {
  const row = await findApplication(db, applicationId);
  if (!row) return null;
  const application = {
    id: row.id,
    status: row.status,
    title: row.title,
    documentType: row.documentType,
    notarialAct: row.notarialAct,
    assignedNotaryId: row.assignedNotaryId,
  };
  const profile = application.assignedNotaryId
    ? await findNotaryProfile(db, application.assignedNotaryId)
    : undefined;
  const notary = profile ? { userId: profile.userId, fullName: profile.fullName } : null;
  const rows = await listSignatories(db, applicationId);
  const signatories = rows.map((row) => ({ id: row.id, fullName: row.fullName }));
  const signatoryRoles = new Map(rows.map((row) => [row.id, row.role]));
  return { application, notary, signatories, signatoryRoles };
}

/** Signatories the notary removed from this session: they cannot join its call again. */
export async function removedSignatories(db: DbOrTx, applicationId: string): Promise<Set<string>> {
  return new Set(await callRepo.findRemovedSignatoryIds(db, applicationId));
}

/** Why the application failed (the reason of its move to `failed`), for the call's closing screen. */
export async function failureReason(db: DbOrTx, applicationId: string): Promise<string | null> {
  const row = await findLatestEventInto(db, { applicationId, status: 'failed' });
  return row?.reason ?? null;
}

const TIMELINE_KINDS = [
  'joined',
  'reconnected',
  'left',
  'removed',
  'identity_confirmed',
  'identity_not_confirmed',
  'recording_started',
  'recording_stopped',
  'recording_failed',
  'media_gap',
  'media_resumed',
  'signed',
  'ended_failed',
] as const;
type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The session's events with names instead of participant ids, oldest first (the application timeline). */
export async function sessionTimeline(db: DbOrTx, applicationId: string) {
  const people = await sessionPeople(db, applicationId);
  if (!people) return [];
  const names = new Map<string, string>([
    ...people.signatories.map((s) => [`signatory:${s.id}`, s.fullName] as [string, string]),
    ...(people.notary
      ? [[`user:${people.notary.userId}`, people.notary.fullName ?? 'Notary'] as [string, string]]
      : []),
    ['system', 'Mohar'],
  ]);
  const rows = await callRepo.listEvents(db, applicationId, TIMELINE_KINDS);
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind as TimelineKind,
    actorName: names.get(row.actor) ?? null,
    subjectName: row.signatoryId ? (names.get(`signatory:${row.signatoryId}`) ?? null) : null,
    // The platform's own note (an abandoned session's) is English for the audit; the status change beside it says
    // why in the reader's language (decision 0092). A person's note is their own words.
    note: row.actor === 'system' ? null : row.note,
    createdAt: row.createdAt.toISOString(),
  }));
}
