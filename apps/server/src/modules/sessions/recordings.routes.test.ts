import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRecordings } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltNotary, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { withDuration } from './webm-duration.ts';

let t: TestApp;
let build: Builders;
let admin: { cookie: string };
let webm: Buffer;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  admin = await build.admin();
  webm = await readFile(new URL('./fixtures/chromium-recording.webm', import.meta.url));
});
afterAll(() => t.close());

type Notary = BuiltNotary;

const live = () => build.liveSession({ signatories: [{ fullName: 'Mohan Das' }] });

/**
 * Sessions before decision 0081 were recorded by the notary's browser, in parts: made here through the service as
 * the retired routes did, so their playback, details and retention are checked as they stay.
 */
const put = (id: string, index: number, bytes: Buffer, notary: { id: string }) =>
  t.app.mohar.recordingsService.putChunk({ applicationId: id, notaryId: notary.id, index, bytes });
const finish = async (id: string, chunkCount: number, notary: { id: string }) => {
  const done = await t.app.mohar.recordingsService.finish({
    applicationId: id,
    notaryId: notary.id,
    chunkCount,
  });
  return { statusCode: 200, body: '', json: () => done };
};

/** The recording cut into parts, as MediaRecorder hands them over. */
function parts(count: number): Buffer[] {
  const size = Math.ceil(webm.length / count);
  return Array.from({ length: count }, (_, i) => webm.subarray(i * size, (i + 1) * size));
}

describe('the session recording', () => {
  it('an old session’s browser recording, assembled from its parts, still plays for its notary and admins', async () => {
    const { id, notary } = await live();
    const pieces = parts(6);
    for (const index of [2, 0, 1, 5, 3, 2, 4, 0]) await put(id, index, pieces[index] as Buffer, notary);
    const done = await finish(id, 6, notary);
    expect(done.statusCode, done.body).toBe(200);
    const expected = withDuration(webm).webm;
    expect(done.json()).toMatchObject({
      status: 'finished',
      chunks: 6,
      sizeBytes: expected.length,
      sha256: createHash('sha256').update(expected).digest('hex'),
    });
    expect(done.json().durationMs).toBeGreaterThan(5_000);

    // The stored bytes are exactly what the hash says.
    const stored = await t.app.inject({
      url: `/api/v1/sessions/${id}/recording`,
      headers: { cookie: notary.cookie },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('video/webm');
    expect(createHash('sha256').update(stored.rawPayload).digest('hex')).toBe(done.json().sha256);
    expect(stored.rawPayload.equals(expected)).toBe(true);
    // Finishing again changes nothing; an admin may play it too.
    expect((await finish(id, 6, notary)).json().sha256).toBe(done.json().sha256);
    const asAdmin = await t.app.inject({
      url: `/api/v1/sessions/${id}/recording`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('the browser’s recording routes are retired (410 with a code); nobody else plays a recording', async () => {
    const { id, notary, owner } = await live();
    const other = await build.notary();
    const client = await build.user();
    const refusals = [
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/sessions/${id}/recording/chunks/0`,
        headers: { cookie: notary.cookie, 'content-type': 'application/octet-stream' },
        payload: webm.subarray(0, 1000),
      }),
      await call(t, 'POST', `/sessions/${id}/recording/finish`, notary.cookie, { chunkCount: 1 }),
      await call(t, 'POST', `/sessions/${id}/recording/state`, notary.cookie, { state: 'recording' }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(410);
      expect(refused.json()).toMatchObject({ code: 'recordings.browser_recorder_retired' });
      expect(refused.json().message).toContain('the server records every call');
    }
    // Anyone else is answered as on every session route: not the session's notary, not a notary.
    const asOther = await call(t, 'POST', `/sessions/${id}/recording/finish`, other.cookie, {
      chunkCount: 1,
    });
    expect(asOther.statusCode).toBe(404);
    const asOwner = await call(t, 'POST', `/sessions/${id}/recording/finish`, owner.cookie, {
      chunkCount: 1,
    });
    expect(asOwner.statusCode).toBe(403);
    await put(id, 0, webm, notary);
    await finish(id, 1, notary);
    for (const viewer of [other as Notary, client]) {
      const res = await t.app.inject({
        url: `/api/v1/sessions/${id}/recording`,
        headers: { cookie: viewer.cookie },
      });
      expect([403, 404]).toContain(res.statusCode);
    }
  });

  it('is kept for the retention period (10 years by default), then the file goes and its hash stays', async () => {
    const { id, notary } = await live();
    await put(id, 0, webm, notary);
    const finished = (await finish(id, 1, notary)).json();

    const [row] = await t.db.select().from(sessionRecordings).where(eq(sessionRecordings.applicationId, id));
    const years = (row?.retainUntil?.getTime() ?? 0) - (row?.finishedAt?.getTime() ?? 0);
    expect(Math.round(years / (365.25 * 24 * 3600 * 1000))).toBe(10);
    const info = () => call(t, 'GET', `/sessions/${id}/recording/info`, notary.cookie);
    expect((await info()).json()).toMatchObject({ sha256: finished.sha256, isAvailable: true });
    const stranger = await build.notary();
    expect((await call(t, 'GET', `/sessions/${id}/recording/info`, stranger.cookie)).statusCode).toBe(404);
    const recordings = t.app.mohar.recordingsService;
    expect(await recordings.purgeExpired(new Date())).toBe(0);
    expect(await recordings.purgeExpired(new Date(Date.now() + 11 * 365 * 24 * 3600 * 1000))).toBeGreaterThan(
      0,
    );
    const [purged] = await t.db
      .select()
      .from(sessionRecordings)
      .where(eq(sessionRecordings.applicationId, id));
    expect(purged?.blobKey).toBeNull();
    expect(purged?.sha256).toBe(finished.sha256);
    expect((await info()).json()).toMatchObject({ sha256: finished.sha256, isAvailable: false });
    const read = await t.app.inject({
      url: `/api/v1/sessions/${id}/recording`,
      headers: { cookie: notary.cookie },
    });
    expect(read.statusCode).toBe(404);
  });
});
