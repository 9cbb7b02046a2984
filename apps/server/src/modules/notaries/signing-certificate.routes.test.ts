import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../testing/accounts.ts';
import { buildersFor } from '../../testing/builders/index.ts';
import { DETAILS, uniqueRegistrationNumber } from '../../testing/notaries.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A self-signed RSA-2048 certificate and key as a PKCS#12 file, as a notary's e-sign provider would export. */
function p12File(options: { passphrase: string; notAfter?: Date; withKey?: boolean }): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = `4${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(Math.floor((Date.now() - 2 * DAY) / 1000) * 1000);
  certificate.validity.notAfter =
    options.notAfter ?? new Date(Math.floor((Date.now() + 300 * DAY) / 1000) * 1000);
  certificate.setSubject([{ name: 'commonName', value: 'Ravi Shankar Iyer' }]);
  certificate.setIssuer(certificate.subject.attributes);
  certificate.setExtensions([
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    options.withKey === false ? null : key,
    [certificate],
    options.passphrase,
    { algorithm: 'aes256' },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** multipart/form-data with the passphrase field and the file, as the browser form sends them. */
function certificateForm(options: { passphrase: string; file: Buffer }) {
  const boundary = `----mohar${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="passphrase"\r\n\r\n${options.passphrase}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.p12"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
    ),
    options.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function notaryWithDetails() {
  const cookie = (await buildersFor(t).user({ role: 'notary' })).cookie;
  const registrationNumber = uniqueRegistrationNumber();
  await t.app.inject({
    method: 'PATCH',
    url: `${API}/notary/profile`,
    payload: { ...DETAILS, registrationNumber },
    headers: { cookie },
  });
  return { cookie, registrationNumber };
}

const uploadCertificate = (cookie: string, form: ReturnType<typeof certificateForm>) =>
  t.app.inject({
    method: 'PUT',
    url: `${API}/notary/profile/signing-certificate`,
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });

describe('signing certificate', () => {
  it('accepts a valid PKCS#12 with its passphrase and keeps only a summary in the profile', async () => {
    const { cookie } = await notaryWithDetails();
    const res = await uploadCertificate(
      cookie,
      certificateForm({ passphrase: 'my e-sign pass', file: p12File({ passphrase: 'my e-sign pass' }) }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().notary.signingCertificate).toMatchObject({
      subjectCommonName: 'Ravi Shankar Iyer',
      isPlatformIssued: false,
    });
    expect(res.body).not.toContain('my e-sign pass');
    expect(res.json().notary.missing).not.toContain('signing certificate');
  });

  it('refuses a wrong passphrase, an expired certificate, a file without a key and a non-P12 file, each with a clear message', async () => {
    const { cookie } = await notaryWithDetails();
    const cases = [
      { passphrase: 'not it', file: p12File({ passphrase: 'the real one' }), message: /passphrase/i },
      {
        passphrase: 'pp',
        file: p12File({ passphrase: 'pp', notAfter: new Date(Date.now() - 3 * DAY) }),
        message: /expired/i,
      },
      { passphrase: 'pp', file: p12File({ passphrase: 'pp', withKey: false }), message: /private key/i },
      { passphrase: 'pp', file: Buffer.from('%PDF-1.4 not a certificate'), message: /PKCS#12|\.p12|\.pfx/i },
    ];
    for (const c of cases) {
      const res = await uploadCertificate(
        cookie,
        certificateForm({ passphrase: c.passphrase, file: c.file }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'notaries.certificate_invalid',
        message: expect.stringMatching(c.message),
      });
    }
    expect(
      (await t.app.inject({ url: `${API}/notary/profile`, headers: { cookie } })).json().notary
        .signingCertificate,
    ).toBeNull();
  });

  it('the platform issues a certificate that chains to the platform CA and carries the registration number', async () => {
    const { cookie, registrationNumber } = await notaryWithDetails();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/notary/profile/signing-certificate/platform`,
      payload: {},
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const summary = res.json().notary.signingCertificate;
    expect(summary).toMatchObject({ isPlatformIssued: true, subjectCommonName: DETAILS.fullName });

    const caPem = (await t.app.inject({ url: `${API}/notaries/platform-ca.pem` })).body;
    const ca = new X509Certificate(caPem);
    const [row] = await t.db.query.notaryProfiles.findMany({
      where: (p, { eq }) => eq(p.registrationNumber, registrationNumber),
    });
    const issued = new X509Certificate(row?.signingCertificate?.certificatePem ?? '');
    expect(issued.checkIssued(ca)).toBe(true);
    expect(issued.verify(ca.publicKey)).toBe(true);
    expect(issued.subject).toContain(`serialNumber=${registrationNumber}`);
  });

  it('needs the name and registration number before the platform can issue one', async () => {
    const cookie = (await buildersFor(t).user({ role: 'notary' })).cookie;
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/notary/profile/signing-certificate/platform`,
      payload: {},
      headers: { cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('notaries.incomplete');
  });
});
