import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applicationEvents,
  applicationSignatories,
  applications,
  identityDocuments,
  notaryProfiles,
  sessionEvents,
} from '../../db/schema.ts';

/** The people of an application's session: its assigned notary and its signatories, with their names. */
export async function sessionPeople(db: DbOrTx, applicationId: string) {
  const [application] = await db
    .select({
      id: applications.id,
      status: applications.status,
      title: applications.title,
      documentType: applications.documentType,
      notarialAct: applications.notarialAct,
      assignedNotaryId: applications.assignedNotaryId,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!application) return null;
  const [notary] = application.assignedNotaryId
    ? await db
        .select({ userId: notaryProfiles.userId, fullName: notaryProfiles.fullName })
        .from(notaryProfiles)
        .where(eq(notaryProfiles.userId, application.assignedNotaryId))
    : [];
  const rows = await db
    .select({
      id: applicationSignatories.id,
      fullName: applicationSignatories.fullName,
      role: applicationSignatories.role,
    })
    .from(applicationSignatories)
    .where(eq(applicationSignatories.applicationId, applicationId))
    .orderBy(asc(applicationSignatories.position));
  const signatories = rows.map((row) => ({ id: row.id, fullName: row.fullName }));
  const signatoryRoles = new Map(rows.map((row) => [row.id, row.role]));
  return { application, notary: notary ?? null, signatories, signatoryRoles };
}

/** Signatories the notary removed from this session: they cannot join its call again. */
export async function removedSignatories(db: DbOrTx, applicationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ signatoryId: sessionEvents.signatoryId })
    .from(sessionEvents)
    .where(and(eq(sessionEvents.applicationId, applicationId), eq(sessionEvents.kind, 'removed')));
  return new Set(rows.flatMap((row) => (row.signatoryId ? [row.signatoryId] : [])));
}

/** The evidence each signatory brought through the portal (current documents only; never the full number). */
export async function identityEvidence(db: DbOrTx, applicationId: string, signatoryIds: string[]) {
  if (signatoryIds.length === 0) return new Map<string, Evidence>();
  const rows = await db
    .select({
      signatoryId: identityDocuments.signatoryId,
      kind: identityDocuments.kind,
      qrOutcome: identityDocuments.qrOutcome,
      aadhaarLast4: identityDocuments.aadhaarLast4,
      qrMismatches: identityDocuments.qrMismatches,
    })
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.applicationId, applicationId),
        inArray(identityDocuments.signatoryId, signatoryIds),
        isNull(identityDocuments.supersededAt),
        isNull(identityDocuments.deletedAt),
      ),
    );
  const evidence = new Map<string, Evidence>();
  for (const row of rows) {
    const entry = evidence.get(row.signatoryId) ?? {
      qrOutcome: null,
      aadhaarMasked: null,
      mismatches: [],
      documents: [],
    };
    entry.documents.push(row.kind);
    if (row.kind === 'aadhaar_back') {
      entry.qrOutcome = row.qrOutcome;
      entry.aadhaarMasked = row.aadhaarLast4 ? `XXXX XXXX ${row.aadhaarLast4}` : null;
      entry.mismatches = row.qrMismatches ?? [];
    }
    evidence.set(row.signatoryId, entry);
  }
  return evidence;
}
type Evidence = {
  qrOutcome: string | null;
  aadhaarMasked: string | null;
  mismatches: string[];
  documents: string[];
};

/** Why the application failed (the reason of its move to `failed`), for the call's closing screen. */
export async function failureReason(db: DbOrTx, applicationId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: applicationEvents.reason })
    .from(applicationEvents)
    .where(and(eq(applicationEvents.applicationId, applicationId), eq(applicationEvents.toStatus, 'failed')))
    .orderBy(desc(applicationEvents.createdAt))
    .limit(1);
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
  const rows = await db
    .select()
    .from(sessionEvents)
    .where(
      and(eq(sessionEvents.applicationId, applicationId), inArray(sessionEvents.kind, [...TIMELINE_KINDS])),
    )
    .orderBy(asc(sessionEvents.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind as TimelineKind,
    actorName: names.get(row.actor) ?? null,
    subjectName: row.signatoryId ? (names.get(`signatory:${row.signatoryId}`) ?? null) : null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  }));
}
