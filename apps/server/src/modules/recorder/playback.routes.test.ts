import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServerRecording } from '@mohar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../platform/blob-encryption.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordSessionEvent } from '../sessions/call.service.ts';
import { findComposition } from './composition.repository.ts';
import { probe } from './ffmpeg.ts';
import { sha256Hex } from './manifest.ts';
import * as repo from './recorder.repository.ts';

const run = promisify(execFile);
const verifyCli = path.join(import.meta.dirname, 'verify-cli.ts');

let t: TestApp;
let build: Builders;
let dir: string;
/** Real VP8/Opus WebM, made once: a few seconds of a test picture and a tone, as a browser's track would carry. */
const media: Record<number, Buffer> = {};
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  dir = await mkdtemp(path.join(tmpdir(), 'mohar-playback-'));
  for (const seconds of [2, 4]) {
    const file = path.join(dir, `${seconds}.webm`);
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=10:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '100k', '-threads', '1'],
      ...['-c:a', 'libopus', '-b:a', '24k', file],
    ]);
    media[seconds] = await readFile(file);
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

/**
 * A session whose server recording has the notary for 4 s from its start, and the signatory in two takes (2 s from
 * 1 s, a gap, 2 s from 5 s): a 7-second act, ended as failed by the notary (which stores the signed manifest).
 */
async function recordedSession() {
  const session = await build.liveSession({ signatories: [{ fullName: 'गीता राव' }] });
  const signatory = session.signatories[0];
  if (!signatory) throw new Error('no signatory');
  const notary = `user:${session.notary.id}`;
  const gita = `signatory:${signatory.id}`;
  await recordSessionEvent(t.db, { applicationId: session.id, kind: 'joined', actor: notary });
  await recordSessionEvent(t.db, { applicationId: session.id, kind: 'joined', actor: gita });
  const start = Date.now() - 8000;
  const at = (seconds: number) => new Date(start + seconds * 1000);
  const track = (participant: string, take: number, seconds: 2 | 4, from: number) =>
    build.serverTrack({
      applicationId: session.id,
      participant,
      take,
      bytes: media[seconds] as Buffer,
      from: at(from),
      to: at(from + seconds),
    });
  await track(notary, 0, 4, 0);
  await track(gita, 0, 2, 1);
  await track(gita, 1, 2, 5);
  const failed = await call(t, 'POST', `/sessions/${session.id}/fail`, session.notary.cookie, {
    reason: 'The signatory could not continue',
  });
  expect(failed.statusCode, failed.body).toBeLessThan(300);
  return session;
}

/** A session whose recorder stored 2 s of the notary's track, ended as failed by the notary (its manifest stored). */
async function endedWithOneTrack(signatoryName: string) {
  const session = await build.liveSession({ signatories: [{ fullName: signatoryName }] });
  await build.serverTrack({
    applicationId: session.id,
    participant: `user:${session.notary.id}`,
    take: 0,
    bytes: media[2] as Buffer,
    from: new Date(Date.now() - 3000),
    to: new Date(),
  });
  await call(t, 'POST', `/sessions/${session.id}/fail`, session.notary.cookie, {
    reason: 'The call dropped',
  });
  return session;
}

const info = async (id: string, cookie: string) => {
  const response = await call(t, 'GET', `/sessions/${id}/server-recording`, cookie);
  return { statusCode: response.statusCode, body: response.json() as ServerRecording };
};

describe('the server recording’s composed view and playback', () => {
  it('composes the tracks on the wall clock into a WebM of the act’s length, chained after the act’s hash and verified', async () => {
    const session = await recordedSession();
    const before = await info(session.id, session.notary.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.body.composed.state).toBe('pending');

    await t.app.mohar.composerService.composeDue();
    const { body } = await info(session.id, session.notary.cookie);
    expect(body.composed.state).toBe('ready');
    // Raw tracks: one per take, with their real lengths (not werift's placeholder) and their parts' hashes.
    expect(body.tracks.map((track) => [track.participantName, track.take])).toEqual([
      [expect.any(String), 0],
      ['गीता राव', 0],
      ['गीता राव', 1],
    ]);
    const lengths = body.tracks.map((track) => track.durationMs ?? 0);
    for (const [index, expected] of [4000, 2000, 2000].entries())
      expect(Math.abs((lengths[index] ?? 0) - expected)).toBeLessThan(300);
    expect(body.chapters.map((chapter) => chapter.kind)).toEqual(['joined', 'joined', 'ended_failed']);

    const composed = await call(
      t,
      'GET',
      `/sessions/${session.id}/server-recording/composed`,
      session.notary.cookie,
    );
    expect(composed.statusCode).toBe(200);
    expect(composed.headers['content-type']).toBe('video/webm');
    const bytes = composed.rawPayload;
    expect(sha256Hex(bytes)).toBe(body.composed.sha256);
    const file = path.join(dir, 'composed.webm');
    await writeFile(file, bytes);
    const probed = await probe(file);
    expect(probed).toMatchObject({ hasVideo: true, hasAudio: true });
    // The header's duration is the act's span (7 s), within the 2 s.
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    expect(Math.abs(Number(stdout.trim()) - 7)).toBeLessThan(2);
    // The names are there to the end (a still held after its one frame, decision 0089): at 6.5 s, white text in each
    // cell's lower 30 rows, where the 4:3 takes leave only black.
    const frameArgs = ['-v', 'error', '-ss', '6.5', '-i', file, '-frames:v', '1'];
    const { stdout: strip } = await run(
      'ffmpeg',
      [...frameArgs, '-vf', 'crop=640:30:0:330,format=gray', '-f', 'rawvideo', '-'],
      { encoding: 'buffer' },
    );
    const inkIn = (from: number) =>
      [...Array(30).keys()].reduce(
        (sum, row) =>
          sum + [...strip.subarray(row * 640 + from, row * 640 + from + 320)].filter((v) => v > 160).length,
        0,
      );
    expect([inkIn(0), inkIn(320)].map((ink) => ink > 20)).toEqual([true, true]);

    // A player's byte range.
    const range = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sessions/${session.id}/server-recording/composed`,
      headers: { cookie: session.notary.cookie, range: 'bytes=100-199' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    // Ranges are read by range from the store (decision 0088): across the first 64 KiB chunk's end, and a seek to
    // the last bytes, each exactly the file's bytes.
    expect(bytes.length).toBeGreaterThan(CHUNK_BYTES + 100);
    for (const [asked, start, end] of [
      [`bytes=${CHUNK_BYTES - 50}-${CHUNK_BYTES + 49}`, CHUNK_BYTES - 50, CHUNK_BYTES + 49],
      ['bytes=-100', bytes.length - 100, bytes.length - 1],
    ] as const) {
      const part = await t.app.inject({
        method: 'GET',
        url: `/api/v1/sessions/${session.id}/server-recording/composed`,
        headers: { cookie: session.notary.cookie, range: asked },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    }

    // The chain: the composed entry follows the act's hash (the certificate's), and the manifest is signed again.
    const entries = await repo.listEntries(t.db, session.id);
    const composedEntries = entries.filter((entry) => entry.kind === 'composed');
    expect(composedEntries).toHaveLength(1);
    expect(composedEntries[0]?.prevHash).toBe(body.finalHash);
    expect(composedEntries[0]?.sha256).toBe(sha256Hex(bytes));

    // Composing again (a retried job) adds nothing.
    await t.app.mohar.composerService.compose(session.id);
    expect((await repo.listEntries(t.db, session.id)).filter((e) => e.kind === 'composed')).toHaveLength(1);

    // `npm run recording:verify` checks the composed view too, and refuses one changed byte of it.
    const exported = path.join(dir, 'export');
    const manifest = await t.app.mohar.recorderService.exportTo(session.id, exported, { stored: true });
    const verified = await run(process.execPath, [verifyCli, manifest]);
    expect(verified.stdout).toContain(`as on the certificate: ${body.finalHash}`);
    const view = await readFile(path.join(exported, 'composed.webm'));
    view[200] = (view[200] ?? 0) ^ 1;
    await writeFile(path.join(exported, 'composed.webm'), view);
    await expect(run(process.execPath, [verifyCli, manifest])).rejects.toMatchObject({
      stderr: expect.stringContaining('composed.webm does not match its hash'),
    });

    // Each raw track on demand: the take's parts, in order, as recorded.
    const track = await call(
      t,
      'GET',
      `/sessions/${session.id}/server-recording/tracks/${body.tracks[1]?.id}`,
      session.notary.cookie,
    );
    expect(track.statusCode).toBe(200);
    expect(track.rawPayload.equals(media[2] as Buffer)).toBe(true);
    // A range over the end of the take's first part and the start of its second.
    const half = Math.ceil((media[2] as Buffer).length / 2);
    const across = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sessions/${session.id}/server-recording/tracks/${body.tracks[1]?.id}`,
      headers: { cookie: session.notary.cookie, range: `bytes=${half - 10}-${half + 9}` },
    });
    expect(across.statusCode).toBe(206);
    expect(across.rawPayload.equals((media[2] as Buffer).subarray(half - 10, half + 10))).toBe(true);
  });

  it('is for the session’s notary and admins with the recordings area; another notary, a client and an admin without that area get 404', async () => {
    const session = await endedWithOneTrack('Hari Rao');
    const compliance = await build.admin({ adminRoles: ['compliance'] });
    const support = await build.admin({ adminRoles: ['support'] });
    const otherNotary = await build.notary();
    const track = (await info(session.id, session.notary.cookie)).body.tracks[0]?.id;
    for (const url of ['', '/composed', `/tracks/${track}`]) {
      const path = `/sessions/${session.id}/server-recording${url}`;
      expect((await call(t, 'GET', path, otherNotary.cookie)).statusCode, url).toBe(404);
      const owner = await call(t, 'GET', path, session.owner.cookie);
      expect(owner.statusCode, owner.body).toBe(404);
      expect((await call(t, 'GET', path, support.cookie)).statusCode, url).toBe(404);
    }
    expect((await info(session.id, compliance.cookie)).statusCode).toBe(200);
    const raw = await call(
      t,
      'GET',
      `/sessions/${session.id}/server-recording/tracks/${track}`,
      compliance.cookie,
    );
    expect(raw.statusCode).toBe(200);
    // Not composed yet (the job has not run): the view is not served.
    expect(
      (await call(t, 'GET', `/sessions/${session.id}/server-recording/composed`, compliance.cookie))
        .statusCode,
    ).toBe(404);
  });

  it('once its retention ended: the details say when, no file is served (410) and nothing is composed', async () => {
    const session = await endedWithOneTrack('Ravi Iyer');
    const before = (await info(session.id, session.notary.cookie)).body;
    expect(before.purgedAt).toBeNull();
    const keptUntil = Date.parse(before.keptUntil ?? '');
    expect(new Date(keptUntil).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 10);

    const afterRetention = new Date(keptUntil + 60_000);
    expect(await t.app.mohar.recorderRetention.purgeExpired(afterRetention)).toBeGreaterThanOrEqual(1);
    const after = (await info(session.id, session.notary.cookie)).body;
    expect(after.purgedAt).toBe(afterRetention.toISOString());
    expect(after.finalHash).toBe(before.finalHash);
    const track = await call(
      t,
      'GET',
      `/sessions/${session.id}/server-recording/tracks/${after.tracks[0]?.id}`,
      session.notary.cookie,
    );
    expect(track.statusCode).toBe(410);
    expect(track.json()).toMatchObject({ code: 'recordings.purged' });
    // Its composition was queued when the act ended; with the tracks gone it is not attempted.
    const composed = await t.app.mohar.composerService.composeDue();
    expect(composed).toBe(0);
    expect((await info(session.id, session.notary.cookie)).body.composed.state).toBe('pending');
    expect(await findComposition(t.db, session.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
