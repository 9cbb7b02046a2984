import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  recordingManifestEntries,
  recordingManifests,
  retentionFailures,
} from '../../db/schema.ts';
import { type Builders, type BuiltUser, buildersFor, recordingPart } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import * as repo from './recorder.repository.ts';
import { serverRecordingPurgedAt } from './recorder-retention.ts';

const DAY_MS = 86_400_000;
let t: TestApp;
let build: Builders;
let support: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ env: { SERVICE_HOURS_ALWAYS_OPEN: 'true' } });
  build = buildersFor(t);
  support = await build.admin({ adminRoles: ['support'] });
});
afterAll(() => t.close());

const manifestOf = async (applicationId: string) =>
  (
    await t.db.select().from(recordingManifests).where(eq(recordingManifests.applicationId, applicationId))
  )[0];
const entriesOf = (applicationId: string) =>
  t.db
    .select()
    .from(recordingManifestEntries)
    .where(eq(recordingManifestEntries.applicationId, applicationId))
    .orderBy(asc(recordingManifestEntries.seq));
const filesOf = async (applicationId: string) =>
  (await entriesOf(applicationId)).flatMap((e) => (e.blobKey ? [e.blobKey] : []));
const stored = async (keys: string[]) => Promise.all(keys.map((key) => t.blobStore.exists(key)));

/**
 * A notarised act whose chain has, besides the notary's part (the builder), an entry of another kind with a file
 * after the act (as a composed view would be): the purge goes by "has a file", whatever the kind.
 */
async function sealedAct() {
  const sealed = await build.application({ status: 'sealed' });
  const head = await repo.lastEntry(t.db, sealed.id);
  const { key } = await t.blobStore.put({ body: await recordingPart(), prefix: 'recorder-composed' });
  const at = new Date();
  await repo.insertEntry(t.db, {
    applicationId: sealed.id,
    seq: (head?.seq ?? -1) + 1,
    kind: 'composed',
    participant: 'platform',
    blobKey: key,
    sha256: 'c'.repeat(64),
    sizeBytes: 1,
    fromAt: at,
    toAt: at,
    prevHash: head?.hash ?? '',
    hash: 'd'.repeat(64),
  });
  return sealed;
}

/** The retention ended `ago` milliseconds before now. */
const retentionEnded = (applicationId: string, ago: number) =>
  t.db
    .update(recordingManifests)
    .set({ retainUntil: new Date(Date.now() - ago) })
    .where(eq(recordingManifests.applicationId, applicationId));

describe('retention of the server recording (decision 0085)', () => {
  it('is kept RECORDING_RETENTION_YEARS from the act’s end; then every file goes, the chain and manifest stay', async () => {
    const sealed = await sealedAct();
    const manifest = await manifestOf(sealed.id);
    // Ten years (the default) from when the act ended and its manifest was stored.
    const until = new Date(manifest?.createdAt ?? 0);
    until.setUTCFullYear(until.getUTCFullYear() + 10);
    expect(Math.abs((manifest?.retainUntil?.getTime() ?? 0) - until.getTime())).toBeLessThan(60_000);
    const files = await filesOf(sealed.id);
    expect(files).toHaveLength(2);

    // Not yet due: nothing is touched.
    const retention = t.app.mohar.recorderRetention;
    expect(await retention.purgeExpired(new Date())).toBe(0);
    expect(await stored(files)).toEqual([true, true]);
    expect(await serverRecordingPurgedAt(t.db, sealed.id)).toBeNull();

    // The day after its retention ended: every file the chain names is deleted.
    const entriesBefore = await entriesOf(sealed.id);
    const at = new Date((manifest?.retainUntil?.getTime() ?? 0) + DAY_MS);
    expect(await retention.purgeExpired(at)).toBe(1);
    expect(await stored(files)).toEqual([false, false]);
    // The chain (its hashes are facts) and the signed manifest with its final hash stay; the purge is recorded.
    expect(await entriesOf(sealed.id)).toEqual(entriesBefore);
    const after = await manifestOf(sealed.id);
    expect(after).toEqual({ ...manifest, purgedAt: at });
    expect(await serverRecordingPurgedAt(t.db, sealed.id)).toEqual(at);

    // A second run finds nothing to do.
    expect(await retention.purgeExpired(new Date(at.getTime() + DAY_MS))).toBe(0);
    expect((await manifestOf(sealed.id))?.purgedAt).toEqual(at);
  });

  it('a file that cannot be deleted is reported and retried; a file already gone is fine', async () => {
    const sealed = await sealedAct();
    await retentionEnded(sealed.id, 60_000);
    const [gone = '', stuck = ''] = await filesOf(sealed.id);
    // The part was deleted by a run interrupted before it marked the purge; the other file cannot be deleted: a
    // folder stands where it was (the disk refuses to remove it as a file).
    await t.blobStore.delete(gone);
    const stuckPath = path.join(t.dataDir, 'blobs', stuck);
    await rm(stuckPath);
    await mkdir(path.join(stuckPath, 'in-the-way'), { recursive: true });

    // The hourly job (both recordings' purges): not purged, recorded as a failure of this session, admins e-mailed.
    expect(await t.app.mohar.purgeRecordings()).toBe(0);
    expect((await manifestOf(sealed.id))?.purgedAt).toBeNull();
    const failures = await t.db
      .select()
      .from(retentionFailures)
      .where(eq(retentionFailures.recordId, sealed.id));
    expect(failures).toMatchObject([{ kind: 'server_recording', recordId: sealed.id }]);
    const alerts = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, support.email));
    expect(alerts.some((m) => m.text.includes(`record ${sealed.id}`))).toBe(true);

    // Once the storage is fixed, the next run finishes the purge.
    await rm(stuckPath, { recursive: true });
    expect(await t.app.mohar.purgeRecordings()).toBe(1);
    expect((await manifestOf(sealed.id))?.purgedAt).not.toBeNull();
    expect(await t.app.mohar.purgeRecordings()).toBe(0);
  });
});
