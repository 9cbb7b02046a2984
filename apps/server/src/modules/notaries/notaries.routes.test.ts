import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notaryProfiles, notaryStatusEvents } from '../../db/schema.ts';
import { createEncryptor } from '../../platform/crypto.ts';
import { API, latestMailTo } from '../../testing/accounts.ts';
import {
  type Builders,
  type BuiltUser,
  buildersFor,
  jpegWithAppendedHtml,
  type NotaryDetails,
  PHOTO_EXIF,
  photoWithLocation,
} from '../../testing/builders/index.ts';
import { htmlAsPdf, pdfWithAppendedHtml, pdfWithJavaScript } from '../../testing/documents.ts';
import { DETAILS, pdfBytes, pngBytes, uniqueRegistrationNumber, upload } from '../../testing/notaries.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createNotariesService } from './notaries.service.ts';

let t: TestApp;
let build: Builders;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  admin = await build.admin();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const decide = (notaryId: string, action: string, reason?: string, cookie = admin.cookie) =>
  call('POST', `/admin/notaries/${notaryId}/${action}`, cookie, reason ? { reason } : {});

const verifiedNotary = (details: Partial<NotaryDetails> = {}) => build.notary({ approvedBy: admin, details });

/** Every onboarding step done (the uploads have their own tests here), not yet submitted. */
const completeNotary = () => build.notary({ status: 'draft' });

/** A notary account that has not started onboarding. */
const notaryAccount = async () => (await build.user({ role: 'notary' })).cookie;

describe('onboarding', () => {
  it('saves any subset of details and resumes where the notary left off', async () => {
    const cookie = await notaryAccount();
    const fresh = await call('GET', '/notary/profile', cookie);
    expect(fresh.json().notary).toMatchObject({
      status: 'draft',
      fullName: null,
      missing: expect.arrayContaining(['details', 'photo']),
    });

    await call('PATCH', '/notary/profile', cookie, {
      fullName: 'Meena Kumari',
      registrationNumber: 'mh/2020/77 12',
    });
    const resumed = (await call('GET', '/notary/profile', cookie)).json().notary;
    expect(resumed).toMatchObject({
      fullName: 'Meena Kumari',
      registrationNumber: 'MH/2020/77 12',
      areaOfPractice: null,
    });
    expect(resumed.missing).toContain('details');
  });

  it('refuses an unknown government, an unknown field, and a client or visitor', async () => {
    const cookie = await notaryAccount();
    const bad = await call('PATCH', '/notary/profile', cookie, { appointingGovernment: 'Atlantis' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('body.appointingGovernment');
    expect((await call('PATCH', '/notary/profile', cookie, { status: 'verified' })).statusCode).toBe(400);

    const client = (await build.user()).cookie;
    expect((await call('GET', '/notary/profile', client)).statusCode).toBe(403);
    expect((await call('GET', '/notary/profile')).statusCode).toBe(401);
  });

  it('keeps registration numbers unique across notaries, whatever the case', async () => {
    const first = await completeNotary();
    const other = await notaryAccount();
    const res = await call('PATCH', '/notary/profile', other, {
      registrationNumber: first.registrationNumber.toLowerCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('notaries.registration_taken');
  });

  it('accepts files by content, stores them encrypted, and refuses a disguised or damaged file with a clear message', async () => {
    const cookie = await notaryAccount();
    const ok = await upload(t, cookie, 'certificate', {
      bytes: pdfBytes(),
      filename: 'cop.pdf',
      contentType: 'application/pdf',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().notary.documents.certificate).toMatchObject({ contentType: 'application/pdf' });

    const disguised = await upload(t, cookie, 'certificate', {
      bytes: Buffer.from('MZ this is a program'),
      filename: 'cop.pdf',
      contentType: 'application/pdf',
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({
      code: 'notaries.file_invalid',
      message: 'The certificate of practice must be a PDF or JPEG or PNG file. This file is not one.',
    });

    const pdfAsPhoto = await upload(t, cookie, 'photo', {
      bytes: pdfBytes(),
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(pdfAsPhoto.json().message).toMatch(/photo must be a JPEG or PNG/);
    const truncatedPng = (await pngBytes()).subarray(0, 40);
    expect(
      (
        await upload(t, cookie, 'photo', {
          bytes: truncatedPng,
          filename: 'me.png',
          contentType: 'image/png',
        })
      ).json().message,
    ).toMatch(/could not be read/);

    const photo = await upload(t, cookie, 'photo', {
      bytes: await pngBytes(),
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(photo.statusCode).toBe(200);
    const userId = photo.json().notary._id;
    const [row] = await t.db.select().from(notaryProfiles).where(eq(notaryProfiles.userId, userId));
    const onDisk = await readFile(path.join(t.dataDir, 'blobs', row?.documents.photo?.key ?? ''));
    expect(onDisk.subarray(0, 9).toString()).toBe('MOHARENC2');
    expect(onDisk.includes(Buffer.from('IHDR'))).toBe(false);
    const back = await call('GET', '/notary/profile/documents/photo', cookie);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(back.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('uploads are checked as strictly as documents to notarise', () => {
  const refusals: Array<[string, string, () => Buffer | Promise<Buffer>, string, string, string]> = [
    [
      'a certificate PDF that runs JavaScript when opened',
      'certificate',
      pdfWithJavaScript,
      'cop.pdf',
      'notaries.file_active_content',
      'The certificate of practice PDF contains JavaScript or another part that can run, which we do not accept. Print it to a new PDF (this removes scripts) and upload that file.',
    ],
    [
      'an HTML page dressed as a PDF',
      'certificate',
      htmlAsPdf,
      'cop.pdf',
      'notaries.file_invalid',
      'This PDF is damaged or incomplete, so we cannot open it. Check that it opens on your device, save it again as a new PDF and upload that file.',
    ],
    [
      'a certificate PDF with an HTML page after its end',
      'certificate',
      pdfWithAppendedHtml,
      'cop.pdf',
      'notaries.file_appended_data',
      'The certificate of practice PDF has other data attached after its end, which we do not accept. Save or print it again as a new PDF and upload that file.',
    ],
    [
      'a photo JPEG with an HTML page after its end',
      'photo',
      jpegWithAppendedHtml,
      'me.jpg',
      'notaries.file_appended_data',
      'The photo image has other data attached after its end (some phones add a motion clip), which we do not accept. Save it again as a plain JPEG image, or take a screenshot of it, and upload that file.',
    ],
    [
      'a signature PNG with data after its IEND chunk',
      'signature',
      async () => Buffer.concat([await pngBytes(), Buffer.from('PK\x03\x04 an archive')]),
      'signature.png',
      'notaries.file_appended_data',
      'The signature specimen image has other data attached after its end (some phones add a motion clip), which we do not accept. Save it again as a plain PNG image, or take a screenshot of it, and upload that file.',
    ],
    [
      'an HTML page named like a photo',
      'photo',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      'me.jpg',
      'notaries.file_invalid',
      'The photo must be a JPEG or PNG file. This file is not one.',
    ],
    [
      'a JPEG named as a PNG',
      'seal',
      photoWithLocation,
      'seal.png',
      'notaries.file_invalid',
      'The seal image must be a PNG or JPEG file. This file is not one.',
    ],
  ];

  for (const [label, kind, make, filename, code, message] of refusals) {
    it(`refuses ${label} with a sentence, and keeps nothing`, async () => {
      const cookie = await notaryAccount();
      const res = await upload(t, cookie, kind, {
        bytes: await make(),
        filename,
        contentType: 'application/pdf',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code, message });
      expect((await call('GET', '/notary/profile', cookie)).json().notary.documents[kind]).toBeFalsy();
    });
  }

  it('stores the photo re-encoded without its EXIF or GPS position, in private and in the public directory', async () => {
    const sent = await photoWithLocation();
    expect(sent.includes(Buffer.from('Exif\0\0'))).toBe(true);
    expect(sent.includes(Buffer.from(PHOTO_EXIF.make))).toBe(true);
    const sentExif = (await sharp(sent).metadata()).exif ?? Buffer.alloc(0);
    // The GPS IFD pointer, tag 0x8825, in the byte order the EXIF declares.
    const gpsTag = sentExif.subarray(0, 2).toString() === 'MM' ? [0x88, 0x25] : [0x25, 0x88];
    expect(sentExif.includes(Buffer.from(gpsTag))).toBe(true);

    const notary = await completeNotary();
    const res = await upload(t, notary.cookie, 'photo', {
      bytes: sent,
      filename: 'IMG_0001.JPG',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notary.documents.photo).toMatchObject({ contentType: 'image/jpeg' });

    await call('POST', '/notary/profile/submit', notary.cookie, {});
    expect((await decide(notary.id, 'approve')).statusCode).toBe(200);
    const own = (await call('GET', '/notary/profile/documents/photo', notary.cookie)).rawPayload;
    const listed = (await call('GET', `/notaries/${notary.id}/photo`)).rawPayload;
    for (const stored of [own, listed]) {
      expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(stored.includes(Buffer.from('Exif'))).toBe(false);
      expect(stored.includes(Buffer.from(PHOTO_EXIF.make))).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 160 });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('a photo stored with its EXIF before uploads were re-encoded reaches the public directory without it', async () => {
    const notary = await verifiedNotary();
    const { key, size } = await t.blobStore.put({ body: await photoWithLocation(), prefix: 'notary-photo' });
    const [row] = await t.db.select().from(notaryProfiles).where(eq(notaryProfiles.userId, notary.id));
    const photo = { key, contentType: 'image/jpeg', size, uploadedAt: new Date().toISOString() };
    await t.db
      .update(notaryProfiles)
      .set({ documents: { ...row?.documents, photo } })
      .where(eq(notaryProfiles.userId, notary.id));

    const listed = await call('GET', `/notaries/${notary.id}/photo`);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['content-type']).toBe('image/jpeg');
    expect(listed.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    expect(listed.rawPayload.includes(Buffer.from(PHOTO_EXIF.make))).toBe(false);
    expect(await sharp(listed.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 120,
      height: 160,
    });
  });

  it('stores a signature PNG re-encoded, transparent background kept and text chunks dropped', async () => {
    const signature = await sharp({
      create: { width: 60, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .withExif({ IFD0: { Make: PHOTO_EXIF.make } })
      .toBuffer();
    expect(signature.includes(Buffer.from(PHOTO_EXIF.make))).toBe(true);
    const cookie = await notaryAccount();
    const res = await upload(t, cookie, 'signature', {
      bytes: signature,
      filename: 'signature.png',
      contentType: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    const stored = (await call('GET', '/notary/profile/documents/signature', cookie)).rawPayload;
    expect(stored.includes(Buffer.from(PHOTO_EXIF.make))).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 60, height: 20, hasAlpha: true });
    expect(meta.exif).toBeUndefined();
  });
});

describe('files belong to their notary', () => {
  it('a notary only ever reaches their own files: another notary gets 404 for what they have not uploaded', async () => {
    const owner = await completeNotary();
    const other = await notaryAccount();
    expect((await call('GET', '/notary/profile/documents/certificate', owner.cookie)).statusCode).toBe(200);
    const res = await call('GET', '/notary/profile/documents/certificate', other);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('notaries.not_found');
    expect((await call('GET', `/admin/notaries/${owner.id}/documents/certificate`, other)).statusCode).toBe(
      404,
    );
  });
});

describe('verification workflow', () => {
  it('submit needs every step; a complete application goes to pending and the notary is e-mailed', async () => {
    const cookie = await notaryAccount();
    await call('PATCH', '/notary/profile', cookie, {
      ...DETAILS,
      registrationNumber: uniqueRegistrationNumber(),
    });
    const incomplete = await call('POST', '/notary/profile/submit', cookie, {});
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().details.missing).toEqual([
      'certificate of practice',
      'photo',
      'signature specimen',
      'seal',
      'signing certificate',
    ]);

    const notary = await completeNotary();
    const res = await call('POST', '/notary/profile/submit', notary.cookie, {});
    expect(res.json().notary).toMatchObject({ status: 'pending', missing: [], canTakeWork: false });
    expect((await latestMailTo(t, notary.email))?.subject).toBe('We received your notary application');
    // Locked while the team decides.
    const locked = await call('PATCH', '/notary/profile', notary.cookie, {
      officeAddress: 'Somewhere else entirely',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('notaries.locked');
  });

  it('allows exactly the legal transitions, each audited; everything else is 409', async () => {
    const notary = await completeNotary();
    // draft: only submit
    for (const action of ['approve', 'reinstate'])
      expect((await decide(notary.id, action)).statusCode).toBe(409);
    expect((await decide(notary.id, 'reject', 'Certificate is unreadable')).statusCode).toBe(409);
    expect((await decide(notary.id, 'suspend', 'Complaint received')).statusCode).toBe(409);

    await call('POST', '/notary/profile/submit', notary.cookie, {});
    expect((await call('POST', '/notary/profile/submit', notary.cookie, {})).statusCode).toBe(409);
    expect((await decide(notary.id, 'suspend', 'Complaint received')).statusCode).toBe(409);
    const rejected = await decide(notary.id, 'reject', 'The certificate scan is unreadable');
    expect(rejected.json().notary).toMatchObject({
      status: 'rejected',
      statusReason: 'The certificate scan is unreadable',
    });
    expect((await latestMailTo(t, notary.email))?.text).toContain('The certificate scan is unreadable');

    // Rejected: the notary corrects and submits again.
    expect(
      (
        await upload(t, notary.cookie, 'certificate', {
          bytes: pdfBytes(),
          filename: 'cop.pdf',
          contentType: 'application/pdf',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', '/notary/profile/submit', notary.cookie, {})).json().notary.status).toBe(
      'pending',
    );
    expect((await decide(notary.id, 'approve')).json().notary).toMatchObject({
      status: 'verified',
      canTakeWork: true,
    });
    expect((await decide(notary.id, 'approve')).statusCode).toBe(409);
    expect((await latestMailTo(t, notary.email))?.subject).toBe('You are verified as a notary on Mohar');

    await call('PUT', '/notary/availability', notary.cookie, { isOnline: true });
    const suspended = await decide(notary.id, 'suspend', 'Commission under review by the government');
    expect(suspended.json().notary).toMatchObject({
      status: 'suspended',
      isOnline: false,
      canTakeWork: false,
    });
    expect((await decide(notary.id, 'reinstate')).json().notary.status).toBe('verified');

    const events = await t.db
      .select()
      .from(notaryStatusEvents)
      .where(eq(notaryStatusEvents.notaryId, notary.id));
    expect(events.map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual([
      'draft>pending',
      'pending>rejected',
      'rejected>pending',
      'pending>verified',
      'verified>suspended',
      'suspended>verified',
    ]);
    expect(events.find((e) => e.toStatus === 'verified')?.actorId).toBeTruthy();
  });

  it('a rejection or suspension needs a reason', async () => {
    const notary = await completeNotary();
    await call('POST', '/notary/profile/submit', notary.cookie, {});
    expect((await decide(notary.id, 'reject')).statusCode).toBe(400);
  });

  it('only admins verify', async () => {
    const notary = await completeNotary();
    await call('POST', '/notary/profile/submit', notary.cookie, {});
    expect((await decide(notary.id, 'approve', undefined, notary.cookie)).statusCode).toBe(404);
    const client = (await build.user()).cookie;
    expect((await decide(notary.id, 'approve', undefined, client)).statusCode).toBe(404);
    expect((await call('POST', `/admin/notaries/${notary.id}/approve`, undefined, {})).statusCode).toBe(401);
    expect(
      (await call('GET', `/admin/notaries/${notary.id}/documents/certificate`, notary.cookie)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/notary/profile', notary.cookie)).json().notary.status).toBe('pending');
  });

  it('admins see the queue by status with pages, every detail, and the documents', async () => {
    const a = await completeNotary();
    const b = await completeNotary();
    await call('POST', '/notary/profile/submit', a.cookie, {});
    await call('POST', '/notary/profile/submit', b.cookie, {});
    const queue = await call('GET', '/admin/notaries?status=pending&pageSize=1', admin.cookie);
    expect(queue.json()).toMatchObject({
      page: 1,
      notaries: [expect.objectContaining({ status: 'pending' })],
    });
    expect(queue.json().totalPages).toBeGreaterThanOrEqual(2);
    const found = await call(
      'GET',
      `/admin/notaries?search=${encodeURIComponent(a.registrationNumber)}`,
      admin.cookie,
    );
    expect(found.json().notaries.map((n: { _id: string }) => n._id)).toEqual([a.id]);
    const cert = await call('GET', `/admin/notaries/${a.id}/documents/certificate`, admin.cookie);
    expect(cert.statusCode).toBe(200);
    expect(cert.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await call('GET', '/admin/notaries/00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('directory and availability', () => {
  it('lists only verified notaries with a commission in force: pending, rejected, suspended and expired never appear', async () => {
    const verified = await verifiedNotary();
    const pending = await completeNotary();
    await call('POST', '/notary/profile/submit', pending.cookie, {});
    const rejected = await completeNotary();
    await call('POST', '/notary/profile/submit', rejected.cookie, {});
    await decide(rejected.id, 'reject', 'Registration number not found');
    const suspended = await verifiedNotary();
    await decide(suspended.id, 'suspend', 'Complaint under review');
    const expired = await verifiedNotary();
    await t.db
      .update(notaryProfiles)
      .set({ commissionExpiresOn: '2020-01-01' })
      .where(eq(notaryProfiles.userId, expired.id));

    const listed = new Set<string>();
    for (let page = 1; page <= 20; page++) {
      const res = (await call('GET', `/notaries?page=${page}&pageSize=50`)).json();
      for (const n of res.notaries) listed.add(n._id);
      if (page >= res.totalPages) break;
    }
    expect(listed.has(verified.id)).toBe(true);
    for (const hidden of [pending, rejected, suspended, expired]) expect(listed.has(hidden.id)).toBe(false);

    const check = async (n: { registrationNumber: string }) =>
      (
        await call('GET', `/notaries/verify?registrationNumber=${encodeURIComponent(n.registrationNumber)}`)
      ).json().notary;
    expect(await check(verified)).toMatchObject({ _id: verified.id, fullName: DETAILS.fullName });
    for (const hidden of [pending, suspended, expired]) expect(await check(hidden)).toBeNull();

    const { notariesService } = t.app.mohar;
    expect(await notariesService.findAssignable(pending.id)).toBeNull();
    expect(await notariesService.findAssignable(expired.id)).toBeNull();
    expect((await notariesService.findAssignable(verified.id))?._id).toBe(verified.id);

    expect((await call('GET', `/notaries/${verified.id}/photo`)).statusCode).toBe(200);
    expect((await call('GET', `/notaries/${pending.id}/photo`)).statusCode).toBe(404);
  });

  it('searches by name, registration number or area, and filters by language and government', async () => {
    const tamil = await verifiedNotary({
      fullName: 'Lakshmi Subramanian',
      languages: ['Tamil', 'English'],
      appointingGovernment: 'Tamil Nadu',
      areaOfPractice: 'Chennai',
    });
    const ids = async (query: string) =>
      (await call('GET', `/notaries?${query}&pageSize=50`))
        .json()
        .notaries.map((n: { _id: string }) => n._id);
    expect(await ids('search=Subramanian')).toEqual([tamil.id]);
    expect(await ids(`search=${encodeURIComponent(tamil.registrationNumber)}`)).toEqual([tamil.id]);
    expect(await ids('search=chennai')).toContain(tamil.id);
    expect(await ids('language=Tamil')).toContain(tamil.id);
    expect(await ids('language=Tamil&appointingGovernment=Delhi')).not.toContain(tamil.id);
    expect((await call('GET', '/notaries?language=Klingon')).statusCode).toBe(400);
  });

  it('only a notary who can take work goes online; working hours stay inside 10:00–20:00', async () => {
    const pending = await completeNotary();
    await call('POST', '/notary/profile/submit', pending.cookie, {});
    const refused = await call('PUT', '/notary/availability', pending.cookie, { isOnline: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('notaries.cannot_take_work');

    const notary = await verifiedNotary();
    const outside = await call('PUT', '/notary/availability', notary.cookie, {
      isOnline: true,
      workingHours: { from: '08:00', to: '12:00' },
    });
    expect(outside.json().code).toBe('notaries.outside_service_hours');
    const backwards = await call('PUT', '/notary/availability', notary.cookie, {
      isOnline: true,
      workingHours: { from: '15:00', to: '11:00' },
    });
    expect(backwards.statusCode).toBe(400);
    const ok = await call('PUT', '/notary/availability', notary.cookie, {
      isOnline: true,
      workingHours: { from: '11:00', to: '19:30' },
    });
    expect(ok.json().notary).toMatchObject({ isOnline: true, workingHours: { from: '11:00', to: '19:30' } });
  });
});

describe('the generated seal', () => {
  it('previews as SVG from the saved details and, once generated, becomes the notary’s seal: a 50 mm PNG at 300 dpi', async () => {
    const cookie = await notaryAccount();
    const early = await call('POST', '/notary/profile/seal/preview', cookie, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('notaries.incomplete');

    const registrationNumber = uniqueRegistrationNumber();
    await call('PATCH', '/notary/profile', cookie, { ...DETAILS, registrationNumber });
    const preview = await call('POST', '/notary/profile/seal/preview', cookie, { colour: '#8a1d1d' });
    expect(preview.json().svg).toContain(registrationNumber);
    expect(preview.json().svg).toContain('NOTARY');
    expect(preview.json().svg).toContain('#8a1d1d');
    expect((await call('POST', '/notary/profile/seal/preview', cookie, { colour: 'red' })).statusCode).toBe(
      400,
    );

    const generated = await call('POST', '/notary/profile/seal/generate', cookie, {});
    expect(generated.json().notary.documents.seal).toMatchObject({ contentType: 'image/png' });
    expect(generated.json().notary.missing).not.toContain('seal');
    const png = await call('GET', '/notary/profile/documents/seal', cookie);
    const meta = await sharp(png.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 591, height: 591, hasAlpha: true });
  });
});

describe('online now', () => {
  it('counts only notaries switched on and inside their working hours and the service hours, in India', async () => {
    const at = (iso: string) =>
      createNotariesService({
        db: t.db,
        blobStore: t.blobStore,
        mailer: t.app.mohar.mailer,
        config: t.config,
        encryptor: createEncryptor(Buffer.alloc(32, 3)),
        encryptionKey: Buffer.alloc(32, 3),
        now: () => new Date(iso),
      });
    const notary = await verifiedNotary({ fullName: 'Online Probe Notary' });
    await call('PUT', '/notary/availability', notary.cookie, {
      isOnline: true,
      workingHours: { from: '11:00', to: '14:00' },
    });
    const onlineIds = async (iso: string) =>
      (await at(iso).directory({ onlineOnly: true, search: 'Online Probe', pageSize: 50 })).notaries.map(
        (n) => n._id,
      );
    expect(await onlineIds('2026-11-22T06:30:00Z')).toEqual([notary.id]); // 12:00 IST
    expect(await onlineIds('2026-11-22T09:30:00Z')).toEqual([]); // 15:00 IST, after their hours
    expect(await onlineIds('2026-11-22T03:30:00Z')).toEqual([]); // 09:00 IST, before service hours
    await call('PUT', '/notary/availability', notary.cookie, { isOnline: false });
    expect(await onlineIds('2026-11-22T06:30:00Z')).toEqual([]);
  });
});
