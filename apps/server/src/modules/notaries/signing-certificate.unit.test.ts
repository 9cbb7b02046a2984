import {
  createHash,
  createHmac,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreatePlatformCa, PLATFORM_CA_COMMON_NAME, PLATFORM_CA_FILE } from './platform-ca.ts';
import {
  CertificateError,
  type CertificateErrorReason,
  inspectP12,
  readP12Signer,
} from './signing-certificate.ts';

type Asn1 = forge.asn1.Asn1;
type RsaKey = { key: KeyObject; forgeKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey };

const A = forge.asn1;
const forgePki = forge.pki as typeof forge.pki & {
  getTBSCertificate(certificate: forge.pki.Certificate): Asn1;
};
const DAY = 24 * 60 * 60 * 1000;
const PASSPHRASE = 'correct horse battery staple';
const ENCRYPTION_KEY = Buffer.alloc(32, 7);

function createRsaKey(bits = 2048): RsaKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const forgeKey = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  return { key: privateKey, forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

function createCertificate(options: {
  key: RsaKey;
  commonName?: string;
  notBefore?: Date;
  notAfter?: Date;
  extensions?: object[];
  issuer?: { key: RsaKey; certificate: forge.pki.Certificate };
}): forge.pki.Certificate {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = options.key.publicKey;
  certificate.serialNumber = randomBytes(8).toString('hex').replace(/^./, '4');
  // Whole seconds: X.509 times have no milliseconds.
  certificate.validity.notBefore =
    options.notBefore ?? new Date(Math.floor((Date.now() - DAY) / 1000) * 1000);
  certificate.validity.notAfter =
    options.notAfter ?? new Date(Math.floor((Date.now() + 365 * DAY) / 1000) * 1000);
  certificate.setSubject([{ name: 'commonName', value: options.commonName ?? 'Asha Verma' }]);
  certificate.setIssuer(
    options.issuer ? options.issuer.certificate.subject.attributes : certificate.subject.attributes,
  );
  certificate.setExtensions(
    options.extensions ?? [
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    ],
  );
  certificate.sign(options.issuer?.key.forgeKey ?? options.key.forgeKey, forge.md.sha256.create());
  return certificate;
}

function toP12(options: {
  key: RsaKey | null;
  certificates: forge.pki.Certificate[];
  passphrase?: string;
}): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    options.key?.forgeKey ?? null,
    options.certificates,
    options.passphrase ?? PASSPHRASE,
    { algorithm: 'aes256' },
  );
  return Buffer.from(A.toDer(asn1).getBytes(), 'binary');
}

function derOf(certificate: forge.pki.Certificate): Buffer {
  return Buffer.from(A.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
}

function catchCertificateError(run: () => unknown): CertificateError {
  try {
    run();
  } catch (error) {
    if (error instanceof CertificateError) return error;
    throw error;
  }
  throw new Error('expected a CertificateError');
}

function expectRefusal(run: () => unknown, reason: CertificateErrorReason, message: RegExp | string): void {
  const error = catchCertificateError(run);
  expect(error.reason).toBe(reason);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

// forge writes only RSA certificates and P12s with unencrypted certificates and a SHA-1 MAC. These builders make the
// layout OpenSSL 3 exports (certificates in an encrypted container, SHA-256 MAC) with any key type.
const universal = (type: forge.asn1.Type, value: string | Asn1[]) =>
  A.create(A.Class.UNIVERSAL, type, Array.isArray(value), value);
const sequence = (items: Asn1[]) => universal(A.Type.SEQUENCE, items);
const oid = (value: string) => universal(A.Type.OID, A.oidToDer(value).getBytes());
const octets = (bytes: string) => universal(A.Type.OCTETSTRING, bytes);
const integer = (value: number) => universal(A.Type.INTEGER, A.integerToDer(value).getBytes());
const explicit = (node: Asn1) => A.create(A.Class.CONTEXT_SPECIFIC, 0, true, [node]);
const der = (node: Asn1) => A.toDer(node).getBytes();

function assembleP12(options: { certificateDer: Buffer; pkcs8Der: Buffer; passphrase: string }): Buffer {
  const pbes2 = { algorithm: 'aes256' as const, prfAlgorithm: 'sha256' as const };
  const certBag = sequence([
    oid('1.2.840.113549.1.12.10.1.3'),
    explicit(
      sequence([oid('1.2.840.113549.1.9.22.1'), explicit(octets(options.certificateDer.toString('binary')))]),
    ),
  ]);
  // encryptPrivateKeyInfo encrypts whatever ASN.1 it is given: here a SafeContents, as EncryptedData needs.
  const encrypted = forge.pki.encryptPrivateKeyInfo(sequence([certBag]), options.passphrase, pbes2);
  const [algorithm, ciphertext] = encrypted.value as Asn1[];
  const certificates = sequence([
    oid('1.2.840.113549.1.7.6'),
    explicit(
      sequence([
        integer(0),
        sequence([
          oid('1.2.840.113549.1.7.1'),
          algorithm!,
          A.create(A.Class.CONTEXT_SPECIFIC, 0, false, ciphertext!.value as string),
        ]),
      ]),
    ),
  ]);
  const keyBag = sequence([
    oid('1.2.840.113549.1.12.10.1.2'),
    explicit(
      forge.pki.encryptPrivateKeyInfo(
        A.fromDer(options.pkcs8Der.toString('binary')),
        options.passphrase,
        pbes2,
      ),
    ),
  ]);
  const keys = sequence([oid('1.2.840.113549.1.7.1'), explicit(octets(der(sequence([keyBag]))))]);
  const authSafe = der(sequence([certificates, keys]));
  const salt = randomBytes(8).toString('binary');
  const macKey = forge.pkcs12.generateKey(
    options.passphrase,
    forge.util.createBuffer(salt),
    3,
    2048,
    32,
    forge.md.sha256.create(),
  );
  const mac = createHmac('sha256', Buffer.from(macKey.getBytes(), 'binary'))
    .update(Buffer.from(authSafe, 'binary'))
    .digest('binary');
  const pfx = sequence([
    integer(3),
    sequence([oid('1.2.840.113549.1.7.1'), explicit(octets(authSafe))]),
    sequence([
      sequence([sequence([oid('2.16.840.1.101.3.4.2.1'), universal(A.Type.NULL, '')]), octets(mac)]),
      octets(salt),
      integer(2048),
    ]),
  ]);
  return Buffer.from(der(pfx), 'binary');
}

/** A self-signed EC certificate: forge drafts the fields, the EC key and ECDSA signature are swapped in. */
function createEcP12(options: { curve: 'prime256v1' | 'secp384r1'; placeholderKey: RsaKey }): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: options.curve });
  const ecdsaWithSha256 = () => sequence([oid('1.2.840.10045.4.3.2')]);
  const draft = createCertificate({ key: options.placeholderKey, commonName: 'Ravi Iyer' });
  draft.siginfo.algorithmOid = '1.2.840.10045.4.3.2';
  const tbs = forgePki.getTBSCertificate(draft);
  const fields = tbs.value as Asn1[];
  fields[2] = ecdsaWithSha256();
  fields[6] = A.fromDer(publicKey.export({ type: 'spki', format: 'der' }).toString('binary'));
  const signature = sign('sha256', Buffer.from(der(tbs), 'binary'), privateKey).toString('binary');
  const certificateDer = Buffer.from(
    der(sequence([tbs, ecdsaWithSha256(), universal(A.Type.BITSTRING, `\u0000${signature}`)])),
    'binary',
  );
  return assembleP12({
    certificateDer,
    pkcs8Der: privateKey.export({ type: 'pkcs8', format: 'der' }),
    passphrase: PASSPHRASE,
  });
}

let rsa2048: RsaKey;
beforeAll(() => {
  rsa2048 = createRsaKey();
});

describe('inspectP12', () => {
  it('reads the fields of a valid self-signed RSA-2048 certificate', () => {
    const certificate = createCertificate({ key: rsa2048, commonName: 'Asha Verma' });
    const summary = inspectP12({
      p12: toP12({ key: rsa2048, certificates: [certificate] }),
      passphrase: PASSPHRASE,
      platformCaFingerprint: 'ab'.repeat(32),
    });
    const certificateDer = derOf(certificate);
    expect(summary).toEqual({
      subjectCommonName: 'Asha Verma',
      issuerCommonName: 'Asha Verma',
      serialNumber: certificate.serialNumber,
      notBefore: certificate.validity.notBefore,
      notAfter: certificate.validity.notAfter,
      fingerprintSha256: createHash('sha256').update(certificateDer).digest('hex'),
      keyAlgorithm: 'RSA',
      keyBits: 2048,
      certificatePem: expect.stringContaining('-----BEGIN CERTIFICATE-----'),
      isPlatformIssued: false,
    });
    expect(new X509Certificate(summary.certificatePem).raw.equals(certificateDer)).toBe(true);
  });

  it('an expired certificate is refused with the day it expired', () => {
    const certificate = createCertificate({
      key: rsa2048,
      notBefore: new Date('2024-01-03T06:00:00Z'),
      notAfter: new Date('2025-01-03T06:00:00Z'),
    });
    expectRefusal(
      () => inspectP12({ p12: toP12({ key: rsa2048, certificates: [certificate] }), passphrase: PASSPHRASE }),
      'expired',
      'This certificate expired on 03 Jan 2025. Upload a current one.',
    );
  });

  it('a certificate that is not valid yet is refused with the moment it becomes valid (IST)', () => {
    const certificate = createCertificate({
      key: rsa2048,
      notBefore: new Date('2026-02-05T09:00:00Z'),
      notAfter: new Date('2027-02-05T09:00:00Z'),
    });
    expectRefusal(
      () =>
        inspectP12({
          p12: toP12({ key: rsa2048, certificates: [certificate] }),
          passphrase: PASSPHRASE,
          now: new Date('2026-02-01T00:00:00Z'),
        }),
      'not_yet_valid',
      /only becomes valid on 05 Feb 2026 at 14:30 IST/,
    );
  });

  it('a wrong passphrase is refused', () => {
    const p12 = toP12({ key: rsa2048, certificates: [createCertificate({ key: rsa2048 })] });
    expectRefusal(
      () => inspectP12({ p12, passphrase: 'not the passphrase' }),
      'wrong_passphrase',
      'The passphrase is not the one that protects this certificate file. Check it and try again.',
    );
  });

  it('a file with a certificate but no private key is refused', () => {
    const p12 = toP12({ key: null, certificates: [createCertificate({ key: rsa2048 })] });
    expectRefusal(() => inspectP12({ p12, passphrase: PASSPHRASE }), 'no_private_key', /not its private key/);
  });

  it('a private key that belongs to another certificate is refused', () => {
    const other = createRsaKey();
    const p12 = toP12({ key: other, certificates: [createCertificate({ key: rsa2048 })] });
    expectRefusal(() => inspectP12({ p12, passphrase: PASSPHRASE }), 'no_private_key', /does not belong/);
  });

  it('files that are not PKCS#12 are refused', () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
    ]);
    const bareCertificate = derOf(createCertificate({ key: rsa2048 }));
    for (const bytes of [png, randomBytes(2048), Buffer.alloc(0), Buffer.from('hello'), bareCertificate]) {
      expectRefusal(
        () => inspectP12({ p12: bytes, passphrase: PASSPHRASE }),
        'not_p12',
        /is not a certificate file \(\.p12 or \.pfx\)/,
      );
    }
    expectRefusal(
      () => inspectP12({ p12: Buffer.alloc(1024 * 1024), passphrase: PASSPHRASE }),
      'not_p12',
      /too large/,
    );
  });

  it('a file demanding an absurd key-derivation effort is refused without running it', () => {
    const p12 = toP12({ key: rsa2048, certificates: [createCertificate({ key: rsa2048 })] });
    const pfx = A.fromDer(p12.toString('binary'));
    const macData = (pfx.value as Asn1[])[2]!;
    (macData.value as Asn1[])[2] = integer(1_000_000_000);
    const started = performance.now();
    expectRefusal(
      () => inspectP12({ p12: Buffer.from(der(pfx), 'binary'), passphrase: PASSPHRASE }),
      'not_p12',
      /protected in a way we cannot read/,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an RSA-1024 key is refused as too weak', () => {
    const rsa1024 = createRsaKey(1024);
    const p12 = toP12({ key: rsa1024, certificates: [createCertificate({ key: rsa1024 })] });
    expectRefusal(
      () => inspectP12({ p12, passphrase: PASSPHRASE }),
      'weak_key',
      /1024-bit RSA key.*at least 2048 bits/,
    );
  });

  it('a certificate whose key usage allows only key encipherment is refused', () => {
    const certificate = createCertificate({
      key: rsa2048,
      extensions: [{ name: 'keyUsage', keyEncipherment: true, critical: true }],
    });
    expectRefusal(
      () => inspectP12({ p12: toP12({ key: rsa2048, certificates: [certificate] }), passphrase: PASSPHRASE }),
      'key_usage',
      'This certificate is not allowed to make digital signatures (its key usage allows only key encipherment). Upload a signing certificate.',
    );
  });

  it('non-repudiation alone, or no key usage extension at all, is enough to sign', () => {
    for (const extensions of [[{ name: 'keyUsage', nonRepudiation: true }], []]) {
      const certificate = createCertificate({ key: rsa2048, extensions });
      const summary = inspectP12({
        p12: toP12({ key: rsa2048, certificates: [certificate] }),
        passphrase: PASSPHRASE,
      });
      expect(summary.subjectCommonName).toBe('Asha Verma');
    }
  });

  it('an EC P-256 certificate in an OpenSSL 3 style file (encrypted certificates, SHA-256 MAC) is accepted', () => {
    const p12 = createEcP12({ curve: 'prime256v1', placeholderKey: rsa2048 });
    const summary = inspectP12({ p12, passphrase: PASSPHRASE });
    expect(summary).toMatchObject({ subjectCommonName: 'Ravi Iyer', keyAlgorithm: 'EC', keyBits: 256 });
    expectRefusal(() => inspectP12({ p12, passphrase: 'wrong' }), 'wrong_passphrase', /passphrase/);
  });

  it('an EC key on another curve is refused as unsupported', () => {
    const p12 = createEcP12({ curve: 'secp384r1', placeholderKey: rsa2048 });
    expectRefusal(() => inspectP12({ p12, passphrase: PASSPHRASE }), 'unsupported_key', /secp384r1 curve/);
  });

  it('a look-alike of a platform certificate that carries a copy of the platform CA is not platform-issued', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-ca-'));
    try {
      const ca = await loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY });
      const genuineCa = forge.pki.certificateFromPem(ca.certificatePem);
      const forger = createRsaKey();
      // Same issuer name as the platform CA, signed by the forger's own key.
      const fake = createCertificate({ key: forger, issuer: { key: forger, certificate: genuineCa } });
      const summary = inspectP12({
        p12: toP12({ key: forger, certificates: [fake, genuineCa] }),
        passphrase: PASSPHRASE,
        platformCaFingerprint: ca.fingerprintSha256,
      });
      expect(summary.issuerCommonName).toBe(PLATFORM_CA_COMMON_NAME);
      expect(summary.isPlatformIssued).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('readP12Signer', () => {
  it('returns a key that signs for its certificate, and the chain above it', () => {
    const caKey = createRsaKey();
    const ca = createCertificate({
      key: caKey,
      commonName: 'Test CA',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', keyCertSign: true },
      ],
    });
    const leaf = createCertificate({ key: rsa2048, issuer: { key: caKey, certificate: ca } });
    const signer = readP12Signer({
      p12: toP12({ key: rsa2048, certificates: [leaf, ca] }),
      passphrase: PASSPHRASE,
    });

    const signature = sign('sha256', Buffer.from('notarial act'), signer.privateKeyPem);
    const certificate = new X509Certificate(signer.certificatePem);
    expect(verify('sha256', Buffer.from('notarial act'), certificate.publicKey, signature)).toBe(true);
    expect(certificate.raw.equals(derOf(leaf))).toBe(true);
    expect(signer.chainPem.map((pem) => new X509Certificate(pem).raw.equals(derOf(ca)))).toEqual([true]);
  });

  it('refuses a certificate that can no longer sign', () => {
    const expired = createCertificate({
      key: rsa2048,
      notBefore: new Date('2023-01-01T00:00:00Z'),
      notAfter: new Date('2024-01-01T00:00:00Z'),
    });
    expectRefusal(
      () => readP12Signer({ p12: toP12({ key: rsa2048, certificates: [expired] }), passphrase: PASSPHRASE }),
      'expired',
      /expired on 01 Jan 2024/,
    );
  });
});

describe('platform CA', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-ca-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is created once, in a file only the server can read, and loaded on the next start', async () => {
    const first = await loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY });
    const file = path.join(dataDir, PLATFORM_CA_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = await loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY });
    expect(second.fingerprintSha256).toBe(first.fingerprintSha256);
    expect(second.certificatePem).toBe(first.certificatePem);
    expect(await readdir(path.dirname(file))).toEqual(['platform-ca.p12']);

    const certificate = new X509Certificate(first.certificatePem);
    expect(first.subjectCommonName).toBe('Mohar Platform CA (not a licensed CA under the IT Act)');
    expect(certificate.subject).toBe(
      'C=IN\nO=Mohar\nCN=Mohar Platform CA (not a licensed CA under the IT Act)',
    );
    expect(certificate.ca).toBe(true);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(3072);
    const years = (certificate.validToDate.getTime() - certificate.validFromDate.getTime()) / (365.25 * DAY);
    expect(Math.round(years)).toBe(10);
    const keyUsage = forge.pki.certificateFromPem(first.certificatePem).getExtension('keyUsage');
    expect(keyUsage).toMatchObject({
      critical: true,
      keyCertSign: true,
      cRLSign: true,
      digitalSignature: false,
    });
  });

  it('two servers starting at the same moment end up with one CA', async () => {
    const [a, b] = await Promise.all([
      loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY }),
      loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY }),
    ]);
    expect(a.fingerprintSha256).toBe(b.fingerprintSha256);
    expect(await readdir(path.join(dataDir, 'secrets'))).toEqual(['platform-ca.p12']);
  });

  it('a stored CA cannot be opened with another encryption key', async () => {
    await loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY });
    await expect(loadOrCreatePlatformCa({ dataDir, encryptionKey: Buffer.alloc(32, 8) })).rejects.toThrow(
      /encryption key has changed/,
    );
  });

  it('issues a certificate that chains to the platform CA and carries the registration number', async () => {
    const ca = await loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY });
    const issued = await ca.issue({
      name: 'सीमा शर्मा (Seema Sharma)',
      registrationNumber: 'NOT/MH/2024/1234',
      email: 'seema@example.in',
    });

    expect(issued.passphrase).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.summary).toMatchObject({
      subjectCommonName: 'सीमा शर्मा (Seema Sharma)',
      issuerCommonName: PLATFORM_CA_COMMON_NAME,
      keyAlgorithm: 'RSA',
      keyBits: 2048,
      isPlatformIssued: true,
    });
    expect(
      inspectP12({
        p12: issued.p12,
        passphrase: issued.passphrase,
        platformCaFingerprint: ca.fingerprintSha256,
      }),
    ).toMatchObject({ isPlatformIssued: true, fingerprintSha256: issued.summary.fingerprintSha256 });
    const days = (issued.summary.notAfter.getTime() - issued.summary.notBefore.getTime()) / DAY;
    expect(Math.round(days)).toBe(365);

    const signer = readP12Signer({ p12: issued.p12, passphrase: issued.passphrase });
    const certificate = forge.pki.certificateFromPem(signer.certificatePem);
    const caStore = forge.pki.createCaStore([ca.certificatePem]);
    expect(forge.pki.verifyCertificateChain(caStore, [certificate])).toBe(true);
    expect(signer.chainPem).toEqual([ca.certificatePem]);

    const field = (type: string) => certificate.subject.getField({ type }) as { value: string } | null;
    expect(field('2.5.4.5')?.value).toBe('NOT/MH/2024/1234');
    expect(forge.util.decodeUtf8(field('2.5.4.3')?.value ?? '')).toBe('सीमा शर्मा (Seema Sharma)');
    expect(field('1.2.840.113549.1.9.1')?.value).toBe('seema@example.in');
    expect(field('2.5.4.10')?.value).toBe('Mohar (platform-issued)');
    expect(field('2.5.4.11')?.value).toBe('Notary');
    expect(certificate.getExtension('keyUsage')).toMatchObject({
      critical: true,
      digitalSignature: true,
      nonRepudiation: true,
      keyEncipherment: false,
    });
    expect(certificate.getExtension('extKeyUsage')).toMatchObject({ emailProtection: true });
    const node = new X509Certificate(signer.certificatePem);
    expect(node.keyUsage).toEqual(['1.3.6.1.5.5.7.3.4', '1.3.6.1.4.1.311.10.3.12']);
    expect(node.subjectAltName).toBe('email:seema@example.in');
    expect(node.ca).toBe(false);
    expect(/^[0-7]/.test(node.serialNumber) && node.serialNumber.length === 32).toBe(true);

    // Two issues never share a serial number or a key.
    const again = await ca.issue({
      name: 'Seema Sharma',
      registrationNumber: 'NOT/MH/2024/1234',
      email: 'a@b.in',
    });
    expect(again.summary.serialNumber).not.toBe(issued.summary.serialNumber);
    expect(again.passphrase).not.toBe(issued.passphrase);
  });

  it('never issues a certificate that outlives the CA', async () => {
    const ca = await loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY });
    const issued = await ca.issue({
      name: 'Asha Verma',
      registrationNumber: 'NOT-KA-77',
      email: 'asha@example.in',
      validDays: 100 * 365,
    });
    expect(issued.summary.notAfter).toEqual(new X509Certificate(ca.certificatePem).validToDate);
  });

  it('refuses to put characters a certificate cannot carry into the registration number', async () => {
    const ca = await loadOrCreatePlatformCa({ dataDir, encryptionKey: ENCRYPTION_KEY });
    await expect(
      ca.issue({ name: 'Asha Verma', registrationNumber: 'NOT#77', email: 'asha@example.in' }),
    ).rejects.toThrow(/registration number/);
  });

  it('uses a configured CA instead of creating one', async () => {
    const caKey = createRsaKey();
    const configuredCa = createCertificate({
      key: caKey,
      commonName: 'Operator CA',
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        { name: 'subjectKeyIdentifier' },
      ],
    });
    const ca = await loadOrCreatePlatformCa({
      dataDir,
      encryptionKey: ENCRYPTION_KEY,
      configured: { p12: toP12({ key: caKey, certificates: [configuredCa] }), passphrase: PASSPHRASE },
    });
    expect(ca.fingerprintSha256).toBe(createHash('sha256').update(derOf(configuredCa)).digest('hex'));
    expect(ca.subjectCommonName).toBe('Operator CA');
    expect(await readdir(dataDir)).toEqual([]);

    const issued = await ca.issue({
      name: 'Asha Verma',
      registrationNumber: 'NOT-KA-77',
      email: 'asha@example.in',
    });
    expect(issued.summary).toMatchObject({ issuerCommonName: 'Operator CA', isPlatformIssued: true });
    const caStore = forge.pki.createCaStore([forge.pki.certificateToPem(configuredCa)]);
    const leaf = forge.pki.certificateFromPem(issued.summary.certificatePem);
    expect(forge.pki.verifyCertificateChain(caStore, [leaf])).toBe(true);
  });

  it('refuses a configured certificate that is not a CA', async () => {
    const notCa = createCertificate({ key: rsa2048 });
    await expect(
      loadOrCreatePlatformCa({
        dataDir,
        encryptionKey: ENCRYPTION_KEY,
        configured: { p12: toP12({ key: rsa2048, certificates: [notCa] }), passphrase: PASSPHRASE },
      }),
    ).rejects.toThrow(/not a CA/);
  });
});
