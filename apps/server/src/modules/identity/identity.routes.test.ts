import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationEvents,
  applications,
  identityAccessLog,
  identityDocuments,
  mailOutbox,
} from '../../db/schema.ts';
import { aadhaarLikeNumbersIn } from '../../testing/aadhaar-like.ts';
import { type Builders, buildersFor, type SignatorySpec } from '../../testing/builders/index.ts';
import { multipartFile } from '../../testing/notaries.ts';
import { atOwnAddresses, portalCall } from '../../testing/portal.ts';
import { makeTestSigner, signedQrText } from '../../testing/secure-qr.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runIdentityRetention } from './retention.ts';

// The suite's own signer is trusted here only, through the keys file the product reads.
const signer = makeTestSigner();
const stranger = makeTestSigner('not UIDAI');
let t: TestApp;
let build: Builders;
const responses: string[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mohar-qr-keys-'));
  const keysFile = path.join(dir, 'keys.json');
  const spki = signer.trusted.key.export({ type: 'spki', format: 'der' }).toString('base64');
  await writeFile(keysFile, JSON.stringify({ keys: [{ name: signer.name, spki }] }));
  t = await createTestApp({ env: { UIDAI_QR_KEYS_FILE: keysFile }, logLines });
  build = buildersFor(t);
});
afterAll(() => t.close());

/** Paid: every signatory has their link (and, for these tests, an address of their own). */
async function paidApplicationWith(people: SignatorySpec[]) {
  const built = await build.application({ status: 'paid', signatories: people });
  return { ...built, signatories: atOwnAddresses(built.signatories) };
}
type Person = Awaited<ReturnType<typeof paidApplicationWith>>['signatories'][number];

/** The portal's first two steps (the e-mailed code, consent), which have their own tests. */
const confirmAndConsent = (person: Person) =>
  build.advanceSignatory({ token: person.token, email: person.email, to: 'consented' });

const photo = (colour: string, width = 900, height = 560) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The back of a card as photographed: a Secure QR for this person, signed by `key`. */
async function cardBack(person: { name: string; dob: string }, key = signer.privateKey) {
  const qr = await QRCode.toBuffer([{ data: signedQrText(person, key), mode: 'numeric' }], {
    scale: 4,
    margin: 4,
  });
  const { width = 0, height = 0 } = await sharp(qr).metadata();
  return sharp({ create: { width: width + 300, height: height + 200, channels: 3, background: '#f2efe6' } })
    .composite([{ input: qr, left: 150, top: 100 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function upload(
  person: Person,
  kind: string,
  bytes: Buffer,
  filename = `${kind}.jpg`,
  fields?: Record<string, string>,
) {
  const body = multipartFile({ bytes, filename, contentType: 'image/jpeg', fields });
  const res = await portalCall(t, person, 'PUT', `/identity/${kind}`, body.payload, body.headers);
  responses.push(res.body);
  return res;
}

async function submit(person: Person) {
  const res = await portalCall(t, person, 'POST', '/identity/submit', {});
  responses.push(res.body);
  return res;
}

/** DOB as the QR prints it (DD-MM-YYYY) from the record's YYYY-MM-DD. */
const qrDob = (iso: string) => iso.split('-').reverse().join('-');

describe('identity in the portal', () => {
  it('a verified card gives the address the register needs when the signatory has none yet, never over one given', async () => {
    const { signatories } = await paidApplicationWith([
      { fullName: 'Kavya Rao', dateOfBirth: '1990-03-14', address: null },
      { fullName: 'Imran Sheikh', dateOfBirth: '1985-11-02', address: '4 Marine Drive, Kochi 682031' },
    ]);
    const [kavya, imran] = signatories as [Person, Person];
    for (const person of [kavya, imran]) await confirmAndConsent(person);
    await upload(kavya, 'aadhaar_back', await cardBack({ name: 'KAVYA RAO', dob: '14-03-1990' }));
    await upload(imran, 'aadhaar_back', await cardBack({ name: 'Imran Sheikh', dob: '02-11-1985' }));
    const addressOf = async (person: Person) =>
      (await portalCall(t, person, 'GET', '')).json().signatory.address;
    expect(await addressOf(kavya)).toBe(
      '12, Karve Road, Near the temple, Kothrud, Pune, Haveli, Maharashtra 411038',
    );
    expect(await addressOf(imran)).toBe('4 Marine Drive, Kochi 682031');
  });

  it('a genuine card is verified; a card for someone else goes to the notary; when all have submitted the application is ready', async () => {
    const { id, owner, signatories } = await paidApplicationWith([
      { fullName: 'Kavya Rao', dateOfBirth: '1990-03-14' },
      { fullName: 'Imran Sheikh', dateOfBirth: '1985-11-02' },
    ]);
    const [kavya, imran] = signatories as [Person, Person];
    for (const person of [kavya, imran]) await confirmAndConsent(person);

    expect((await upload(kavya, 'aadhaar_front', await photo('#d9c7a3'))).statusCode).toBe(200);
    const back = await upload(
      kavya,
      'aadhaar_back',
      await cardBack({ name: 'KAVYA RAO', dob: '14-03-1990' }),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().qr).toEqual({ outcome: 'verified', aadhaarMasked: 'XXXX XXXX 4321', mismatches: [] });
    expect((await upload(kavya, 'selfie', await photo('#8a6f5a', 600, 800), 'selfie.png')).statusCode).toBe(
      400,
    );
    expect((await upload(kavya, 'selfie', await photo('#8a6f5a', 600, 800), 'capture')).statusCode).toBe(200);
    const kavyaDone = await submit(kavya);
    expect(kavyaDone.json()).toMatchObject({
      progress: 'qr_verified',
      message: 'Your Aadhaar card is verified.',
    });
    const [stillWaiting] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(stillWaiting?.status).toBe('awaiting_identity');

    // Imran's card is genuine but carries another date of birth: the notary checks it in the call.
    await upload(imran, 'aadhaar_front', await photo('#d9c7a3'));
    const mismatched = await upload(
      imran,
      'aadhaar_back',
      await cardBack({ name: 'Imran Sheikh', dob: '02-11-1986' }),
    );
    expect(mismatched.json().qr).toMatchObject({ outcome: 'mismatched', mismatches: ['date_of_birth'] });
    await upload(imran, 'selfie', await photo('#7a5f4a', 600, 800), 'selfie.jpeg');
    const imranDone = await submit(imran);
    expect(imranDone.json().progress).toBe('needs_notary_review');

    const [ready] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(ready?.status).toBe('ready');
    const events = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, id));
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'awaiting_identity',
      toStatus: 'ready',
      actorRole: 'system',
    });
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/applications/${id}`,
      headers: { cookie: owner.cookie },
    });
    expect(view.json().application.signatories.map((s: { progress: string }) => s.progress)).toEqual([
      'qr_verified',
      'needs_notary_review',
    ]);
    // Submitted: no more changes.
    expect((await upload(kavya, 'selfie', await photo('#111111'))).statusCode).toBe(409);
  });

  it("a QR signed by another key, a photo without a QR and a QR that is not Aadhaar's are not verified, and never a 500", async () => {
    const { signatories } = await paidApplicationWith([{ fullName: 'Meera Iyer' }]);
    const [meera] = signatories as [Person];
    await confirmAndConsent(meera);
    const dob = qrDob(meera.dateOfBirth);
    const untrusted = await upload(
      meera,
      'aadhaar_back',
      await cardBack({ name: 'Meera Iyer', dob }, stranger.privateKey),
    );
    expect(untrusted.json().qr).toMatchObject({ outcome: 'signature_invalid', aadhaarMasked: null });
    const plain = await upload(meera, 'aadhaar_back', await photo('#eeeeee'));
    expect(plain.json().qr).toMatchObject({ outcome: 'unreadable' });
    const notAQr = await QRCode.toBuffer('https://example.com/not-aadhaar', { scale: 6 });
    const other = await upload(meera, 'aadhaar_back', notAQr, 'back.png');
    expect(other.json().qr).toMatchObject({ outcome: 'unreadable' });
    // Only the newest back counts; the replaced ones keep their rows (the record) but lose their files.
    const status = await portalCall(t, meera, 'GET', '/identity');
    expect(status.json().documents).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.signatoryId, await signatoryIdOf(meera)));
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.supersededAt === null)).toHaveLength(1);
    expect(rows.filter((row) => row.supersededAt !== null).every((row) => row.blobKey === null)).toBe(true);
  });

  it('a QR read live by the camera is checked like one in the photo: genuine verifies, tampered does not', async () => {
    const { signatories } = await paidApplicationWith([{ fullName: 'Farah Khan' }]);
    const [farah] = signatories as [Person];
    await confirmAndConsent(farah);
    const text = signedQrText(
      { name: 'Farah Khan', dob: qrDob(farah.dateOfBirth), last4: '2468' },
      signer.privateKey,
    );
    // The photo's own QR is too blurred to read; the camera read it while the card was held up.
    const scanned = await upload(farah, 'aadhaar_back', await photo('#dddddd'), 'back.jpg', { qrText: text });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json().qr).toMatchObject({ outcome: 'verified', aadhaarMasked: 'XXXX XXXX 2468' });

    // One digit changed: the signature no longer holds.
    const last = text.at(-1) === '1' ? '2' : '1';
    const tampered = await upload(farah, 'aadhaar_back', await photo('#dddddd'), 'back.jpg', {
      qrText: `${text.slice(0, -1)}${last}`,
    });
    expect(tampered.json().qr.outcome).not.toBe('verified');
    expect(tampered.json().qr.aadhaarMasked).toBeNull();
    // An untrusted signer's QR is no better for being scanned live.
    const stranger_ = signedQrText(
      { name: 'Farah Khan', dob: qrDob(farah.dateOfBirth) },
      stranger.privateKey,
    );
    const untrusted = await upload(farah, 'aadhaar_back', await photo('#dddddd'), 'back.jpg', {
      qrText: stranger_,
    });
    expect(untrusted.json().qr.outcome).toBe('signature_invalid');

    // Not a Secure QR's shape, on the wrong side, or an unknown field: a 400, and nothing stored.
    const before = (await t.db.select().from(identityDocuments)).length;
    const refused = [
      await upload(farah, 'aadhaar_back', await photo('#dddddd'), 'back.jpg', {
        qrText: 'https://example.com',
      }),
      await upload(farah, 'aadhaar_front', await photo('#dddddd'), 'front.jpg', { qrText: text }),
      await upload(farah, 'aadhaar_back', await photo('#dddddd'), 'back.jpg', { note: 'hello' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('identity.file_invalid');
    }
    expect((await t.db.select().from(identityDocuments)).length).toBe(before);
  });

  it('refuses a PDF or HTML renamed .jpg, an empty file, a 50 MB file and a decompression bomb, storing nothing', async () => {
    const { signatories } = await paidApplicationWith([{ fullName: 'Rohan Das' }]);
    const [rohan] = signatories as [Person];
    await confirmAndConsent(rohan);
    const before = (await t.db.select().from(identityDocuments)).length;
    const blobsBefore = await countBlobs();
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const bomb = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    const cases: Array<[string, Buffer, string, number]> = [
      ['pdf as jpg', Buffer.from(await pdf.save()), 'front.jpg', 400],
      ['html as jpg', Buffer.from('<!doctype html><script>alert(1)</script>'), 'front.jpg', 400],
      ['empty', Buffer.alloc(0), 'front.jpg', 400],
      ['50 MB', Buffer.alloc(50 * 1024 * 1024, 1), 'front.jpg', 413],
      ['bomb', bomb, 'front.png', 400],
    ];
    for (const [label, bytes, filename, status] of cases) {
      const res = await upload(rohan, 'aadhaar_front', bytes, filename);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().code, label).toMatch(/^identity\.file_/);
    }
    expect((await t.db.select().from(identityDocuments)).length).toBe(before);
    expect(await countBlobs()).toBe(blobsBefore);
  });

  it('comes after consent and needs all three images before submitting', async () => {
    const { signatories } = await paidApplicationWith([{ fullName: 'Sana Khan' }]);
    const [sana] = signatories as [Person];
    const early = await upload(sana, 'aadhaar_front', await photo('#d9c7a3'));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Confirm your e-mail address and give your consent first.');
    await confirmAndConsent(sana);
    await upload(sana, 'aadhaar_front', await photo('#d9c7a3'));
    const incomplete = await submit(sana);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().message).toBe('Add the back of your Aadhaar card and your selfie first.');
  });

  it('retention: 90 days after capture the job deletes the files and keeps the record', async () => {
    const { signatories } = await paidApplicationWith([
      { fullName: 'Leela Menon', dateOfBirth: '1992-07-09' },
    ]);
    const [leela] = signatories as [Person];
    await confirmAndConsent(leela);
    await upload(leela, 'aadhaar_back', await cardBack({ name: 'Leela Menon', dob: '09-07-1992' }));
    await upload(leela, 'selfie', await photo('#6b4f3a', 600, 800));
    const signatoryId = await signatoryIdOf(leela);
    const rows = () =>
      t.db.select().from(identityDocuments).where(eq(identityDocuments.signatoryId, signatoryId));
    const before = await rows();
    expect(before).toHaveLength(2);

    const day = 86_400_000;
    expect(
      (await runIdentityRetention({ db: t.db, blobStore: t.blobStore, now: new Date(Date.now() + 89 * day) }))
        .deleted,
    ).toBe(0);
    const purged = await runIdentityRetention({
      db: t.db,
      blobStore: t.blobStore,
      now: new Date(Date.now() + 91 * day),
    });
    expect(purged.deleted).toBeGreaterThanOrEqual(2);
    for (const row of before) await expect(t.blobStore.get(row.blobKey ?? '')).rejects.toThrow(/not found/);
    const after = await rows();
    for (const row of after) {
      expect(row.blobKey).toBeNull();
      expect(row.deletedAt).toBeInstanceOf(Date);
      expect(row.sha256).toBe(before.find((b) => b.id === row.id)?.sha256);
    }
    expect(after.find((row) => row.kind === 'aadhaar_back')).toMatchObject({
      qrOutcome: 'verified',
      aadhaarLast4: '4321',
    });
    // Running again finds nothing more to do.
    expect(
      (await runIdentityRetention({ db: t.db, blobStore: t.blobStore, now: new Date(Date.now() + 91 * day) }))
        .deleted,
    ).toBe(0);
  });

  it("identity images are read only by the signatory, the session's notary and admins who say why; every read is logged", async () => {
    const { id, owner, signatories } = await paidApplicationWith([{ fullName: 'Tara Singh' }]);
    const [tara] = signatories as [Person];
    await confirmAndConsent(tara);
    const selfie = await photo('#5a4030', 600, 800);
    await upload(tara, 'selfie', selfie);
    const signatoryId = await signatoryIdOf(tara);
    const admin = await build.admin();
    const sessionNotary = await build.notary({ approvedBy: admin });
    const otherNotary = await build.notary({ approvedBy: admin });
    // In a session with this notary (written straight: her identity is left half-done on purpose).
    await t.db
      .update(applications)
      .set({ assignedNotaryId: sessionNotary.id, status: 'in_session' })
      .where(eq(applications.id, id));
    const url = (kind: string, query = '') =>
      `/api/v1/applications/${id}/signatories/${signatoryId}/identity/${kind}${query}`;
    const read = (cookie: string | undefined, kind = 'selfie', query = '') =>
      t.app.inject({ method: 'GET', url: url(kind, query), headers: cookie ? { cookie } : {} });

    // The signatory, through their link (the portal stays open during the session).
    const own = await portalCall(t, tara, 'GET', '/identity/selfie');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(own.rawPayload).metadata()).width).toBe(600);

    expect((await read(owner.cookie)).statusCode).toBe(403); // a client is not a reader at all
    expect((await read(otherNotary.cookie)).statusCode).toBe(404);
    expect((await read(undefined)).statusCode).toBe(401);
    expect((await read(sessionNotary.cookie)).statusCode).toBe(200);
    expect((await read(sessionNotary.cookie, 'aadhaar_front')).statusCode).toBe(404); // never uploaded
    const noReason = await read(admin.cookie);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('identity.reason_required');
    expect((await read(admin.cookie, 'selfie', '?reason=Complaint%20MOH-1234%20review')).statusCode).toBe(
      200,
    );

    // After the session the notary no longer reads it.
    await t.db.update(applications).set({ status: 'notarised' }).where(eq(applications.id, id));
    expect((await read(sessionNotary.cookie)).statusCode).toBe(404);

    const log = await t.db.select().from(identityAccessLog);
    const mine = log.filter(
      (row) => row.readerUserId === null || [sessionNotary.id, admin.id].includes(row.readerUserId ?? ''),
    );
    expect(mine.map((row) => [row.readerRole, row.reason]).slice(-3)).toEqual([
      ['signatory', null],
      ['notary', null],
      ['admin', 'Complaint MOH-1234 review'],
    ]);
  });

  it('no response, log line or e-mail carries a 12-digit, Aadhaar-like number', async () => {
    const mails = await t.db.select().from(mailOutbox);
    expect(responses.length).toBeGreaterThan(10);
    expect(mails.length).toBeGreaterThan(5);
    // Every request was logged, QR-reading failures included, and no link's token with it.
    expect(logLines.filter((line) => line.includes('/access/[token]/identity')).length).toBeGreaterThan(10);
    const tokens = logLines.filter((line) => /\/access\/(?!\[token\])/.test(line));
    expect(tokens).toEqual([]);
    const texts = [
      ...responses,
      ...logLines,
      ...mails.map((mail) => `${mail.subject}\n${mail.text}\n${mail.html}`),
    ];
    expect(texts.flatMap(aadhaarLikeNumbersIn)).toEqual([]);
  });
});

async function signatoryIdOf(person: Person): Promise<string> {
  return (await portalCall(t, person, 'GET', '')).json().signatory._id as string;
}

async function countBlobs(): Promise<number> {
  const root = path.join(t.dataDir, 'blobs');
  const files = await readdir(root, { recursive: true }).catch(() => []);
  return files.filter((file) => String(file).includes('identity-')).length;
}
