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
 * Sessions before decision 0081 were recorded by the notary's browser: made here as that finish left them (the builder
 * writes the row and the file), so their playback, details and retention are checked as they stay.
 */
const recorded = (id: string, notary: { id: string }) =>
  build.browserRecording({ applicationId: id, notaryId: notary.id, webm });

describe('the session recording', () => {
  it('an old session’s browser recording still plays for its notary and admins, exactly as stored', async () => {
    const { id, notary } = await live();
    const done = await recorded(id, notary);
    const expected = withDuration(webm).webm;
    expect(done).toMatchObject({
      status: 'finished',
      sizeBytes: expected.length,
      sha256: createHash('sha256').update(expected).digest('hex'),
    });
    const info = (await call(t, 'GET', `/sessions/${id}/recording/info`, notary.cookie)).json();
    expect(info).toMatchObject({ status: 'finished', sha256: done.sha256, isAvailable: true });
    expect(info.durationMs).toBeGreaterThan(5_000);

    // The stored bytes are exactly what the hash says.
    const stored = await t.app.inject({
      url: `/api/v1/sessions/${id}/recording`,
      headers: { cookie: notary.cookie },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('video/webm');
    expect(createHash('sha256').update(stored.rawPayload).digest('hex')).toBe(done.sha256);
    expect(stored.rawPayload.equals(expected)).toBe(true);
    // An admin may play it too.
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
    await recorded(id, notary);
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
    const finished = await recorded(id, notary);

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
