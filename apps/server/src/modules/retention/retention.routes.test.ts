import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  identityDocuments,
  mailOutbox,
  recordingManifests,
  retentionFailures,
  sessionRecordings,
} from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runIdentityRetention } from '../identity/retention.ts';

const DAY_MS = 86_400_000;
// Real time: the purge marks rows with the database's clock, and the view counts days from the app's.
let t: TestApp;
let build: Builders;
let support: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ env: { SERVICE_HOURS_ALWAYS_OPEN: 'true' } });
  build = buildersFor(t);
  support = await build.admin({ adminRoles: ['support'] });
});
afterAll(() => t.close());

const istDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const imagesOf = (applicationId: string) =>
  t.db.select().from(identityDocuments).where(eq(identityDocuments.applicationId, applicationId));
/** As the hourly job runs it (app.ts): failures go to the retention module. */
const purgeIdentity = () =>
  runIdentityRetention({
    db: t.db,
    blobStore: t.blobStore,
    onFailure: t.app.mohar.retentionService.recordFailure,
  });

describe('retention you can prove (issue 26)', () => {
  it('counts per day what was captured, purged at 90 days and past retention; a failed purge alerts', async () => {
    const today = new Date();
    const old = new Date(today.getTime() - 91 * DAY_MS);
    const yesterday = new Date(today.getTime() - DAY_MS);
    const aged = await build.application({ status: 'ready' });
    // An act recorded by the server (its manifest stored at the seal) and, as before decision 0081, by the notary's
    // browser too: both recordings count.
    const sealed = await build.application({ status: 'sealed', recording: 'browser' });
    const capturedToday = (await imagesOf(sealed.id)).length;
    const agedImages = await imagesOf(aged.id);
    expect(agedImages.length).toBeGreaterThan(1);
    // Captured 91 days ago: due for the 90-day purge.
    await t.db
      .update(identityDocuments)
      .set({ createdAt: old })
      .where(
        inArray(
          identityDocuments.id,
          agedImages.map((i) => i.id),
        ),
      );
    // One file cannot be deleted: a folder stands where the file was (the disk refuses to remove it as a file).
    const stuck = agedImages[0];
    const stuckPath = path.join(t.dataDir, 'blobs', stuck?.blobKey ?? '');
    await rm(stuckPath);
    await mkdir(path.join(stuckPath, 'in-the-way'), { recursive: true });
    // The sealed session's recordings reached the end of their retention yesterday.
    await t.db
      .update(sessionRecordings)
      .set({ retainUntil: yesterday })
      .where(eq(sessionRecordings.applicationId, sealed.id));
    await t.db
      .update(recordingManifests)
      .set({ retainUntil: yesterday })
      .where(eq(recordingManifests.applicationId, sealed.id));

    const identity = await purgeIdentity();
    expect(identity).toEqual({ deleted: agedImages.length - 1, failed: 1 });
    // The hourly job purges both: the browser's file and the server recording's parts.
    expect(await t.app.mohar.purgeRecordings()).toBe(2);

    // The failure is recorded, and every admin is e-mailed.
    const failures = await t.db.select().from(retentionFailures);
    expect(failures).toMatchObject([{ kind: 'identity_file', recordId: stuck?.id }]);
    const alerts = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, support.email));
    expect(alerts.map((m) => m.subject)).toContain(
      'Retention alert: a file past its retention could not be deleted',
    );
    // The stuck row is not marked deleted: the next run tries again; failing again the same day, it is only logged.
    const [still] = await t.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.id, stuck?.id ?? ''));
    expect(still?.deletedAt).toBeNull();
    expect(await purgeIdentity()).toEqual({ deleted: 0, failed: 1 });
    expect(await t.db.select().from(retentionFailures)).toHaveLength(1);
    const alertsAfter = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, support.email));
    expect(alertsAfter).toHaveLength(alerts.length);

    const res = await call(t, 'GET', '/admin/retention?days=120', support.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().days as Array<Record<string, number | string>>;
    expect(days).toHaveLength(120);
    const on = (at: Date) => days.find((d) => d.date === istDay(at));
    expect(on(today)).toEqual({
      date: istDay(today),
      identityCaptured: capturedToday,
      identityPurged: agedImages.length - 1,
      recordingsDue: 0,
      recordingsPurged: 2,
      failures: 1,
    });
    expect(on(old)).toMatchObject({ identityCaptured: agedImages.length, identityPurged: 0 });
    expect(on(yesterday)).toMatchObject({ recordingsDue: 2, recordingsPurged: 0 });
    const totals = days.reduce((sum, d) => sum + Number(d.identityCaptured), 0);
    expect(totals).toBe(capturedToday + agedImages.length);
    expect(res.json().failures).toMatchObject([{ kind: 'identity_file', recordId: stuck?.id }]);
  });

  it('is for the admins who handle data requests', async () => {
    const content = await build.admin({ adminRoles: ['content'] });
    const client = await build.user();
    expect((await call(t, 'GET', '/admin/retention', content.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/admin/retention', client.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/admin/retention?days=0', support.cookie)).statusCode).toBe(400);
  });
});
