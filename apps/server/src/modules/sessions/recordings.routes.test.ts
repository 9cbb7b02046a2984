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

const put = (id: string, index: number, bytes: Buffer, cookie: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/sessions/${id}/recording/chunks/${index}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
const finish = (id: string, chunkCount: number, cookie: string) =>
  call(t, 'POST', `/sessions/${id}/recording/finish`, cookie, { chunkCount });

/** The recording cut into parts, as MediaRecorder hands them over. */
function parts(count: number): Buffer[] {
  const size = Math.ceil(webm.length / count);
  return Array.from({ length: count }, (_, i) => webm.subarray(i * size, (i + 1) * size));
}

describe('the session recording', () => {
  it('parts out of order and repeated assemble into the same file, with a duration and its hash', async () => {
    const { id, notary } = await live();
    const pieces = parts(6);
    for (const index of [2, 0, 1, 5, 3, 2, 4, 0]) {
      const res = await put(id, index, pieces[index] as Buffer, notary.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = await finish(id, 6, notary.cookie);
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
    expect((await finish(id, 6, notary.cookie)).json().sha256).toBe(done.json().sha256);
    const asAdmin = await t.app.inject({
      url: `/api/v1/sessions/${id}/recording`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('a missing part is named, and other content under a used index is refused', async () => {
    const { id, notary } = await live();
    const pieces = parts(4);
    for (const index of [0, 1, 3]) await put(id, index, pieces[index] as Buffer, notary.cookie);
    const early = await finish(id, 4, notary.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'recordings.chunks_missing', details: { missing: [2] } });
    const clash = await put(id, 1, pieces[2] as Buffer, notary.cookie);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('recordings.chunk_conflict');
    await put(id, 2, pieces[2] as Buffer, notary.cookie);
    expect((await finish(id, 4, notary.cookie)).statusCode).toBe(200);
  });

  it('only the session’s own notary records, and only while it is live; nobody else plays it', async () => {
    const { id, notary, owner } = await live();
    const other = await build.notary();
    const client = await build.user();
    expect((await put(id, 0, webm.subarray(0, 1000), other.cookie)).statusCode).toBe(404);
    expect((await put(id, 0, webm.subarray(0, 1000), owner.cookie)).statusCode).toBe(403);
    expect((await put(id, 0, Buffer.alloc(0), notary.cookie)).statusCode).toBe(400);
    await put(id, 0, webm, notary.cookie);
    await finish(id, 1, notary.cookie);
    for (const viewer of [other as Notary, client]) {
      const res = await t.app.inject({
        url: `/api/v1/sessions/${id}/recording`,
        headers: { cookie: viewer.cookie },
      });
      expect([403, 404]).toContain(res.statusCode);
    }
    // Not a session at all.
    const paid = await build.application({ status: 'paid', signatories: [{ fullName: 'Nila Bose' }] });
    expect((await put(paid.id, 0, webm.subarray(0, 1000), notary.cookie)).statusCode).toBe(404);
  });

  it('is kept for the retention period (10 years by default), then the file goes and its hash stays', async () => {
    const { id, notary } = await live();
    await put(id, 0, webm, notary.cookie);
    const finished = (await finish(id, 1, notary.cookie)).json();
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
