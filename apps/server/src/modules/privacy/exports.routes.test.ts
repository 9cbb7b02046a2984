import { createHash } from 'node:crypto';
import { DATA_EXPORT_DAYS } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataExports,
  identityDocuments,
  notifications,
  payments,
  recordingManifests,
  sessionRecordings,
} from '../../db/schema.ts';
import { mailsTo } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { unzip } from '../../testing/zip.ts';
import { EXPORT_JOB } from './exports.service.ts';

const DAY_MS = 86_400_000;
// The app's clock: moved forward by the tests, never waited for.
const START = new Date('2026-11-28T10:00:00+05:30');
let clockAt = START;
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => clockAt });
  build = buildersFor(t);
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const download = (id: string, cookie?: string) => call(t, 'GET', `/privacy/export/${id}/archive`, cookie);

describe('download my data (issue 26)', () => {
  it('prepares an archive of the person’s data, without anyone else’s identity images, for 7 days only', async () => {
    clockAt = START;
    const client = await build.user({ name: 'Anjali Exports' });
    // Priya Menon signs the owner's application: her identity images are hers, not the owner's. The act's call was
    // recorded by the server and, as sessions before decision 0081 were, by the notary's browser.
    const sealed = await build.application({ status: 'sealed', owner: client, recording: 'browser' });
    const draft = await build.application({ status: 'draft', owner: client });
    await t.app.mohar.notificationsService.notifyNow({
      userId: client.id,
      kind: 'refund_rejected',
      text: { key: 'refund_rejected', params: { title: 'x' } },
    });

    // Two requests at once: one is prepared, the other is told it already is.
    const [first, second] = await Promise.all([
      call(t, 'POST', '/privacy/export', client.cookie),
      call(t, 'POST', '/privacy/export', client.cookie),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().code).toBe('privacy.export_pending');
    const id = (first.statusCode === 201 ? first : second).json().export._id as string;

    await t.app.mohar.jobs.run(EXPORT_JOB);
    const status = (await call(t, 'GET', '/privacy/export', client.cookie)).json().export;
    expect(status).toMatchObject({ _id: id, status: 'ready' });
    expect(Date.parse(status.expiresAt) - START.getTime()).toBe(DATA_EXPORT_DAYS * DAY_MS);
    const [mail] = (await mailsTo(t, client.email)).filter((m) => m.subject.includes('ready to download'));
    expect(mail?.text).toContain(`/api/v1/privacy/export/${id}/archive`);

    // Only the person, signed in, downloads it.
    const other = await build.user();
    expect((await download(id, other.cookie)).statusCode).toBe(404);
    expect((await download(id)).statusCode).toBe(401);
    const res = await download(id, client.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzip(res.rawPayload);

    const names = [...files.keys()];
    for (const name of [
      'profile.json',
      'applications.json',
      'payments.json',
      'consent-records.json',
      'notifications.json',
      'sessions.json',
      'recordings.json',
      `notarised/${sealed.id}.pdf`,
    ])
      expect(names).toContain(name);
    expect(names.some((n) => n.startsWith(`documents/${sealed.id}/`))).toBe(true);
    expect(names.some((n) => n.startsWith(`documents/${draft.id}/`))).toBe(true);
    expect(names.filter((n) => n.startsWith('invoices/'))).toHaveLength(1);
    expect(JSON.parse(String(files.get('profile.json')))).toMatchObject({ email: client.email });
    const listed = JSON.parse(String(files.get('applications.json'))) as Array<{ _id: string }>;
    expect(listed.map((a) => a._id).sort()).toEqual([sealed.id, draft.id].sort());
    const paid = await t.db.select().from(payments).where(eq(payments.applicationId, sealed.id));
    expect(JSON.parse(String(files.get('payments.json')))[0]._id).toBe(paid[0]?.id);
    expect(JSON.parse(String(files.get('consent-records.json'))).length).toBeGreaterThan(0);
    const feed = await t.db.select().from(notifications).where(eq(notifications.userId, client.id));
    expect(JSON.parse(String(files.get('notifications.json')))).toHaveLength(feed.length);
    expect(files.get(`notarised/${sealed.id}.pdf`)?.subarray(0, 5).toString()).toBe('%PDF-');

    // Per act, the facts of its recordings, not the media: the server recording's signed manifest (the final hash on
    // the certificate, its parts and tracks, kept until, not purged) and the browser recording's hash.
    const [manifest] = await t.db
      .select()
      .from(recordingManifests)
      .where(eq(recordingManifests.applicationId, sealed.id));
    const [browser] = await t.db
      .select()
      .from(sessionRecordings)
      .where(eq(sessionRecordings.applicationId, sealed.id));
    expect(JSON.parse(String(files.get('recordings.json')))).toEqual([
      {
        applicationId: sealed.id,
        recorder: 'server',
        finalHash: manifest?.finalHash,
        parts: 1,
        tracks: 1,
        storedAt: manifest?.createdAt.toISOString(),
        keptUntil: manifest?.retainUntil?.toISOString(),
        purgedAt: null,
      },
      {
        applicationId: sealed.id,
        recorder: 'notary_browser',
        sha256: browser?.sha256,
        durationMs: browser?.durationMs,
        storedAt: browser?.finishedAt?.toISOString(),
        keptUntil: browser?.retainUntil?.toISOString(),
        purgedAt: null,
      },
    ]);
    expect(manifest?.finalHash).toMatch(/^[0-9a-f]{64}$/);
    expect(names.some((n) => n.endsWith('.webm'))).toBe(false);

    // No identity image at all: the signatory's images on this application are hers, not the owner's.
    const images = await t.db.select({ sha256: identityDocuments.sha256 }).from(identityDocuments);
    const imageHashes = new Set(images.map((i) => i.sha256));
    expect(images.filter((i) => i.sha256).length).toBeGreaterThan(0);
    for (const [name, bytes] of files) expect(imageHashes.has(sha256(bytes)), name).toBe(false);

    // After 7 days the link no longer works, and the job deletes the archive.
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, id));
    const key = row?.blobKey ?? '';
    expect(await t.blobStore.exists(key)).toBe(true);
    clockAt = new Date(START.getTime() + DATA_EXPORT_DAYS * DAY_MS + 60_000);
    expect((await download(id, client.cookie)).statusCode).toBe(404);
    expect(await t.app.mohar.dataExports.expireDue()).toBe(1);
    expect(await t.app.mohar.dataExports.expireDue()).toBe(0);
    expect(await t.blobStore.exists(key)).toBe(false);
    const expired = (await call(t, 'GET', '/privacy/export', client.cookie)).json().export;
    expect(expired.status).toBe('expired');
    // A new one may be asked for.
    expect((await call(t, 'POST', '/privacy/export', client.cookie)).statusCode).toBe(201);
    await t.app.mohar.jobs.run(EXPORT_JOB);
    clockAt = START;
  });

  it('is for clients: notaries and visitors are refused', async () => {
    const notary = await build.notary();
    expect((await call(t, 'POST', '/privacy/export', notary.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/privacy/export')).statusCode).toBe(401);
  });
});
