import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingManifests } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor, recordingPart } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { finishEndedActs } from './ended-acts.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

const storedManifest = async (applicationId: string) =>
  (
    await t.db.select().from(recordingManifests).where(eq(recordingManifests.applicationId, applicationId))
  )[0];

/** A live session whose recorder has stored one part of the notary's track. */
async function recordedLiveSession() {
  const session = await build.liveSession();
  await build.serverTrack({
    applicationId: session.id,
    participant: `user:${session.notary.id}`,
    take: 0,
    bytes: await recordingPart(),
    from: new Date(Date.now() - 3000),
    to: new Date(),
  });
  return session;
}

describe('acts that ended without the recorder told (decision 0085)', () => {
  it('a session support marked failed gets its signed manifest, a keep-until date and a composed view queued; a live one is left alone', async () => {
    const failed = await recordedLiveSession();
    const live = await recordedLiveSession();
    const admin = await build.admin({ adminRoles: ['support'] });
    const marked = await call(t, 'POST', `/admin/applications/${failed.id}/fail`, admin.cookie, {
      reason: 'The video service failed during the session',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await storedManifest(failed.id)).toBeUndefined();

    expect(await finishEndedActs({ db: t.db, recorder: t.app.mohar.recorderService })).toBe(1);
    const manifest = await storedManifest(failed.id);
    // The part the builder's live session stored, and the track added here.
    expect(manifest?.partCount).toBe(2);
    expect(manifest?.retainUntil?.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 10);
    expect(await storedManifest(live.id)).toBeUndefined();
    const info = await call(t, 'GET', `/sessions/${failed.id}/server-recording`, failed.notary.cookie);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ finalHash: manifest?.finalHash, composed: { state: 'pending' } });

    // Done once: the next run finds nothing to do.
    expect(await finishEndedActs({ db: t.db, recorder: t.app.mohar.recorderService })).toBe(0);
  });
});
