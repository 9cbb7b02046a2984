import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { notaryProfiles } from '../db/schema.ts';
import { API, createVerifiedUser, logIn } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** A small real PNG (decodes with sharp). */
export function pngBytes(options: { width?: number; height?: number } = {}) {
  return sharp({
    create: {
      width: options.width ?? 40,
      height: options.height ?? 30,
      channels: 4,
      background: { r: 20, g: 40, b: 140, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
}

/** A minimal but complete PDF file. */
export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** A multipart/form-data body with one file field, as a browser sends it. */
/** A multipart body with one file (field `file`) and, before it, any plain `fields`. */
export function multipartFile(options: {
  bytes: Buffer;
  filename: string;
  contentType: string;
  fields?: Record<string, string>;
}) {
  const boundary = `----mohar${Math.random().toString(16).slice(2)}`;
  const fields = Object.entries(options.fields ?? {})
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename}"\r\nContent-Type: ${options.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, options.bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let registrationCounter = 0;
export function uniqueRegistrationNumber(): string {
  registrationCounter += 1;
  return `DL/2019/${process.pid % 1000}${registrationCounter}${Date.now() % 100000}`;
}

export const DETAILS = {
  fullName: 'Ravi Shankar Iyer',
  appointingGovernment: 'Delhi',
  areaOfPractice: 'New Delhi District',
  commissionExpiresOn: '2030-12-31',
  officeAddress: 'Chamber 12, Patiala House Courts, New Delhi 110001',
  languages: ['English', 'Hindi'],
} as const;

export async function upload(
  t: TestApp,
  cookie: string,
  kind: string,
  file: { bytes: Buffer; filename: string; contentType: string },
) {
  const body = multipartFile(file);
  return t.app.inject({
    method: 'PUT',
    url: `${API}/notary/profile/documents/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

/**
 * A notary account with every onboarding step done through the API. The signing certificate is written directly
 * (its upload and issuing have their own tests), so this set-up does not depend on PKI.
 */
export async function createCompleteNotary(
  t: TestApp,
  overrides: Partial<Record<keyof typeof DETAILS | 'registrationNumber', unknown>> = {},
) {
  const account = await createVerifiedUser(t, { role: 'notary' });
  const cookie = await logIn(t, account);
  const details = { ...DETAILS, registrationNumber: uniqueRegistrationNumber(), ...overrides };
  const saved = await t.app.inject({
    method: 'PATCH',
    url: `${API}/notary/profile`,
    payload: details,
    headers: { cookie },
  });
  if (saved.statusCode !== 200) throw new Error(`details: ${saved.body}`);
  const png = await pngBytes();
  for (const [kind, file] of [
    ['certificate', { bytes: pdfBytes(), filename: 'certificate.pdf', contentType: 'application/pdf' }],
    ['photo', { bytes: png, filename: 'photo.png', contentType: 'image/png' }],
    ['signature', { bytes: png, filename: 'signature.png', contentType: 'image/png' }],
    ['seal', { bytes: png, filename: 'seal.png', contentType: 'image/png' }],
  ] as const) {
    const res = await upload(t, cookie, kind, file);
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.body}`);
  }
  const userId = (await t.app.inject({ url: `${API}/session`, headers: { cookie } })).json().user
    ._id as string;
  await t.db
    .update(notaryProfiles)
    .set({
      signingCertificate: {
        p12Key: 'test/00/00000000-0000-0000-0000-000000000000',
        passphraseEncrypted: 'test',
        subjectCommonName: String(details.fullName),
        notAfter: '2031-01-01T00:00:00.000Z',
        fingerprintSha256: 'ab'.repeat(32),
        isPlatformIssued: true,
        certificatePem: '',
      },
    })
    .where(eq(notaryProfiles.userId, userId));
  return { ...account, cookie, userId, registrationNumber: String(details.registrationNumber) };
}

export async function createAdmin(t: TestApp) {
  const email = `admin.${Date.now()}.${Math.random().toString(16).slice(2, 6)}@mohar.test`;
  const password = 'granite orchard signal 4';
  await t.app.mohar.usersService.ensureAdmin({ email, password });
  const cookie = await logIn(t, { email, password });
  const userId = (await t.app.inject({ url: `${API}/session`, headers: { cookie } })).json().user
    ._id as string;
  return { email, password, cookie, userId };
}
