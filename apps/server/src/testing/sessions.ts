import { buildersFor } from './builders/index.ts';
import { serverRecorded } from './builders/server-recording.ts';
import type { TestApp } from './test-app.ts';

/**
 * The server recorder receives the notary's media and has stored a part of their track (decision 0081): the session
 * is on the record from here. recorder.test.ts shows the real recorder writing the same with live media.
 */
export async function recordPart(t: TestApp, session: { id: string; notary: { id: string } }) {
  await serverRecorded(buildersFor(t).context(), {
    applicationId: session.id,
    participant: `user:${session.notary.id}`,
    storePart: true,
  });
}
