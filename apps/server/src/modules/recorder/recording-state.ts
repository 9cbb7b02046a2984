import type { DbOrTx } from '../../db/client.ts';
import { listSessionEvents } from '../sessions/call.service.ts';
import { presentInSession } from '../sessions/live-sessions.ts';
import { sessionPeople } from '../sessions/participants.ts';
import { findRecording } from '../sessions/recordings.service.ts';
import * as repo from './recorder.repository.ts';

const MEDIA_FACTS: ReadonlySet<string> = new Set(['recording_started', 'media_gap', 'media_resumed']);

/**
 * Where the recording stands (decision 0081), from the server recorder's facts in the session's events, so any
 * process answers the same: `stale` while someone in the call has had no media reach the recorder for more than
 * RECORDER_GAP_MS (`missing` says who; the notary counts while away from the call, decision 0086), `recording` once the recorder has received media of this session and
 * nobody in the call is missing, `none` before that, `finished` once the act's manifest is stored (or, for a
 * session recorded before, the notary's browser recording was finished). The act (identity decisions, signatures,
 * the seal) goes on only while it is `recording`.
 */
export async function recordingState(db: DbOrTx, applicationId: string) {
  const progress = await repo.progress(db, applicationId);
  const base = {
    chunks: progress.parts,
    lastChunkAt: progress.lastPartAt?.toISOString() ?? null,
    missing: [] as string[],
  };
  if (progress.finalHash) return { state: 'finished' as const, ...base };
  const facts = (await listSessionEvents(db, applicationId)).filter((event) => MEDIA_FACTS.has(event.kind));
  if (facts.length === 0) {
    // A session recorded by the notary's browser before decision 0081 keeps its finished recording.
    const browser = await findRecording(db, applicationId);
    return { state: browser?.status === 'finished' ? ('finished' as const) : ('none' as const), ...base };
  }
  const latest = new Map<string, string>();
  for (const fact of facts) latest.set(fact.actor, fact.kind);
  // Someone who left is not expected, but the notary is until the act ends (decision 0086): their leave is a gap,
  // so the act waits for them whether their socket is gone or their media does not arrive.
  const [present, people] = await Promise.all([
    presentInSession(db, applicationId),
    sessionPeople(db, applicationId),
  ]);
  const expected = new Set(present.map((person) => person.participant));
  if (people?.notary) expected.add(`user:${people.notary.userId}`);
  const missing = [...expected].filter((participant) => latest.get(participant) === 'media_gap');
  return { state: missing.length > 0 ? ('stale' as const) : ('recording' as const), ...base, missing };
}
