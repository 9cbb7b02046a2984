// @engine: exactly-once sealing when two requests race for the same application
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  documentVersions,
  mailOutbox,
  notaryRegisterEntries,
  notifications,
  recordingManifests,
  seals,
} from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { withRealCertificate } from '../../testing/signing.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'mohar-seal-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A live session where everyone has signed; the server recorder has stored a part of the notary's track, unless
 * `finishRecording` is false (their media reached it, nothing stored).
 */
async function signedSession(options: { finishRecording?: boolean } = {}) {
  return build.liveSession({
    status: 'signed',
    notary: await build.notary({ certificate: 'platform' }),
    signatories: [{ fullName: 'Asha Verma' }, { fullName: 'Bela Kapoor' }],
    recording: options.finishRecording === false ? 'media' : 'started',
  });
}

const seal = (session: { id: string; notary: { cookie: string } }) =>
  call(t, 'POST', `/sessions/${session.id}/seal`, session.notary.cookie, {});

/** Seals timed so far by outcome, as GET /metrics exposes them. */
async function timedSeals() {
  const text = (await t.app.inject({ url: '/metrics' })).body;
  const count = (outcome: string) =>
    Number(
      text.match(
        new RegExp(`^mohar_seal_duration_seconds_count\\{outcome="${outcome}"\\} (\\d+)$`, 'm'),
      )?.[1] ?? 0,
    );
  return { done: count('done'), failed: count('failed') };
}

const pdfsig = (file: string) => {
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
};

const counts = async (applicationId: string) => ({
  register: (
    await t.db
      .select()
      .from(notaryRegisterEntries)
      .where(eq(notaryRegisterEntries.applicationId, applicationId))
  ).length,
  sealed: (
    await t.db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.applicationId, applicationId), eq(documentVersions.reason, 'sealed')))
  ).length,
  news: (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, applicationId), eq(notifications.kind, 'document_sealed')))
  ).length,
});

describe('attest and seal', () => {
  it('seals once everyone signed and the recording is finished: a signed, complete PDF everyone can download and anyone can verify', async () => {
    const unfinished = await signedSession({ finishRecording: false });
    expect((await seal(unfinished)).json().code).toBe('sealing.recording_unfinished');

    const session = await signedSession();
    const sealed = await seal(session);
    expect(sealed.statusCode, sealed.body).toBe(200);
    const { verificationCode, sealedSha256 } = sealed.json();
    expect(sealed.json().status).toBe('done');
    const [row] = await t.db.select().from(applications).where(eq(applications.id, session.id));
    expect(row?.status).toBe('notarised');
    expect(await counts(session.id)).toEqual({ register: 1, sealed: 1, news: 1 });
    // The register entry (Form XV): the executant's address from the portal, and what each signature column refers to.
    const [entry] = await t.db
      .select()
      .from(notaryRegisterEntries)
      .where(eq(notaryRegisterEntries.applicationId, session.id));
    expect(entry).toMatchObject({
      executantName: 'Asha Verma',
      executantAddress: '12 MG Road, Bengaluru 560001',
    });
    expect(entry?.executantSignatureRef).toMatch(
      /^Asha Verma: e-signature \(\w[\w ]*\) \d{2} \w{3} 2026 \d{2}:\d{2} IST, image SHA-256 [0-9a-f]{16}$/,
    );
    expect(entry?.notarySignatureRef).toMatch(
      /PAdES digital signature, certificate serial [0-9a-f]+ \(issued by /,
    );
    expect(entry?.notarySignatureRef).toContain(`verification code ${verificationCode}`);

    // The owner downloads it; a signatory from their link gets the same file.
    const download = await call(
      t,
      'GET',
      `/applications/${session.id}/notarised-document`,
      session.owner.cookie,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".*\(notarised\)\.pdf"$/);
    const viaLink = await t.app.inject({
      url: `/api/v1/access/${session.signatories[0]?.token}/notarised-document`,
    });
    expect(viaLink.headers['x-content-sha256']).toBe(sealedSha256);
    const file = path.join(dir, 'sealed.pdf');
    await writeFile(file, download.rawPayload);

    // pdfsig: valid and covering the whole file; every page renders; the certificate page says what it must.
    const report = pdfsig(file);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const pages = (await PDFDocument.load(download.rawPayload)).getPageCount();
    execFileSync('pdftoppm', ['-r', '20', '-png', file, path.join(dir, 'page')]);
    expect((await readdir(dir)).filter((f) => f.startsWith('page')).length).toBe(pages);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Certificate of notarisation');
    expect(text).toContain(verificationCode);
    expect(text).toContain('Asha Verma');

    // The seal finished the server's recording and stored its signed manifest: its final hash is on the certificate,
    // and the stored manifest with its parts passes the check anyone can run (decision 0081).
    const [stored] = await t.db
      .select()
      .from(recordingManifests)
      .where(eq(recordingManifests.applicationId, session.id));
    expect(stored?.finalHash).toMatch(/^[0-9a-f]{64}$/);
    expect(text.replace(/\s+/g, '')).toContain(stored?.finalHash);
    expect(text).toContain('Recording manifest (final hash)');
    const exported = await t.app.mohar.recorderService.exportTo(session.id, path.join(dir, 'recording'), {
      stored: true,
    });
    expect(JSON.parse(await readFile(exported, 'utf8')).finalHash).toBe(stored?.finalHash);
    const checked = execFileSync(
      process.execPath,
      [path.join(import.meta.dirname, '../recorder/verify-cli.ts'), exported],
      { encoding: 'utf8' },
    );
    expect(checked).toContain(stored?.finalHash);

    // Anyone: genuine; one changed byte: changed; some other PDF: not ours; the QR's link.
    const verify = (bytes: Buffer) => {
      const boundary = '----verify';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const genuine = (await verify(download.rawPayload)).json();
    expect(genuine).toMatchObject({
      result: 'genuine',
      details: { code: verificationCode, signatories: ['Asha V.', 'Bela K.'] },
    });
    expect(genuine.signature).toMatchObject({
      signatureValid: true,
      digestMatches: true,
      coversWholeFile: true,
    });
    const changed = Buffer.from(download.rawPayload);
    // One byte inside the first stream's data (signed content), nothing else.
    const at = changed.indexOf('stream') + 'stream'.length + 24;
    expect(at).toBeGreaterThan(24);
    changed[at] = (changed[at] ?? 0) ^ 0xff;
    await writeFile(path.join(dir, 'changed.pdf'), changed);
    expect(pdfsig(path.join(dir, 'changed.pdf'))).toContain('Digest Mismatch');
    expect((await verify(changed)).json()).toMatchObject({
      result: 'changed',
      signature: { digestMatches: false },
    });
    const other = await PDFDocument.create();
    other.addPage();
    expect((await verify(Buffer.from(await other.save()))).json().result).toBe('unknown');
    expect(
      (await t.app.inject({ url: `/api/v1/verify/${verificationCode}` })).json().registrationNumber,
    ).toBeTruthy();
    expect((await t.app.inject({ url: '/api/v1/verify/NOSUCHCODE1' })).statusCode).toBe(404);

    // Sealing again changes nothing.
    expect((await seal(session)).statusCode).toBe(404);
    expect(await counts(session.id)).toEqual({ register: 1, sealed: 1, news: 1 });
  });

  it('a failed seal is kept with its reason, alerts the admins, changes nothing, and a retry succeeds', async () => {
    // A notary whose signing key cannot be read (the usual test set-up's placeholder certificate).
    const session = await build.liveSession({
      status: 'signed',
      signatories: [{ fullName: 'Dev Rao' }],
    });
    const timedBefore = await timedSeals();
    const failed = await seal(session);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({
      code: 'sealing.failed',
      message: expect.stringContaining('Try again'),
    });
    const status = (await call(t, 'GET', `/sessions/${session.id}/seal`, session.notary.cookie)).json();
    expect(status).toMatchObject({ status: 'failed', lastError: expect.any(String) });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, session.id));
    expect(row?.status).toBe('in_session');
    const alerts = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Sealing failed for “${row?.title ?? ''}”`));
    expect(alerts.length).toBeGreaterThan(0);
    expect(await counts(session.id)).toEqual({ register: 0, sealed: 0, news: 0 });
    await withRealCertificate(t, session.notary.id);
    expect((await seal(session)).json().status).toBe('done');
    expect(await counts(session.id)).toEqual({ register: 1, sealed: 1, news: 1 });
    // Both runs are in the seal-duration histogram, each under its outcome.
    expect(await timedSeals()).toEqual({ done: timedBefore.done + 1, failed: timedBefore.failed + 1 });
  });

  it('a seal interrupted half-way is finished by a retry, exactly once', { tags: ['engine'] }, async () => {
    const session = await signedSession();
    // As if a run had claimed the seal and the process died before finishing.
    await t.db.insert(seals).values({
      applicationId: session.id,
      notaryId: session.notary.id,
      verificationCode: 'CRASHED123',
      status: 'running',
      attempts: 1,
      startedAt: new Date(Date.now() - 10 * 60_000),
    });
    const resumed = await t.app.mohar.sealingService.resumeInterrupted();
    expect(resumed).toBe(1);
    expect(await counts(session.id)).toEqual({ register: 1, sealed: 1, news: 1 });
    expect(await t.app.mohar.sealingService.resumeInterrupted()).toBe(0);
    const [row] = await t.db.select().from(seals).where(eq(seals.applicationId, session.id));
    expect(row).toMatchObject({ status: 'done', attempts: 2, verificationCode: 'CRASHED123' });
  });

  it('two seal requests at once produce one sealed document', { tags: ['engine'] }, async () => {
    const session = await signedSession();
    const [a, b] = await Promise.all([seal(session), seal(session)]);
    expect([a.statusCode, b.statusCode]).toContain(200);
    expect(await counts(session.id)).toEqual({ register: 1, sealed: 1, news: 1 });
    expect(await t.db.select().from(seals).where(eq(seals.applicationId, session.id))).toHaveLength(1);
  });

  it('only the session’s notary seals, and only when everyone has signed', async () => {
    const session = await build.liveSession({ signatories: [{ fullName: 'Chitra Das' }] });
    const other = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    expect((await call(t, 'POST', `/sessions/${session.id}/seal`, other.notary.cookie, {})).statusCode).toBe(
      404,
    );
    const early = await seal(session);
    expect(early.json()).toMatchObject({
      code: 'sealing.not_ready',
      message: expect.stringContaining('Chitra Das'),
    });
    expect(
      (await call(t, 'GET', `/applications/${session.id}/notarised-document`, session.owner.cookie))
        .statusCode,
    ).toBe(404);
  });
});
