import type { DbOrTx } from '../../db/client.ts';
import { serverRecordingFacts } from '../recorder/recorder-retention.ts';
import { findRecording } from '../sessions/recordings.service.ts';

/**
 * "Download my data"'s `recordings.json` (decision 0085): per act, the facts of its call's recordings, not the media
 * (it shows everyone in the call and is held for the act): the server recording's signed manifest (final hash, parts,
 * tracks, kept until, purged at) and, for sessions before decision 0081, the notary's browser recording's.
 */
export async function recordingFactsOf(db: DbOrTx, applicationIds: string[]) {
  const server = new Map(
    (await serverRecordingFacts(db, applicationIds)).map(({ applicationId, ...facts }) => [
      applicationId,
      facts,
    ]),
  );
  const listed = [];
  for (const applicationId of applicationIds) {
    const facts = server.get(applicationId);
    if (facts) listed.push({ applicationId, recorder: 'server', ...facts });
    const browser = await findRecording(db, applicationId);
    if (browser?.status === 'finished')
      listed.push({
        applicationId,
        recorder: 'notary_browser',
        sha256: browser.sha256,
        durationMs: browser.durationMs,
        storedAt: browser.finishedAt?.toISOString() ?? null,
        keptUntil: browser.retainUntil?.toISOString() ?? null,
        purgedAt: browser.deletedAt?.toISOString() ?? null,
      });
  }
  return listed;
}
