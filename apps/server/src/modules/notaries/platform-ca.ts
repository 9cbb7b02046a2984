import {
  generateKeyPair,
  hkdfSync,
  type KeyObject,
  randomBytes,
  randomUUID,
  sign,
  X509Certificate,
} from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import {
  CertificateError,
  type CertificateSummary,
  formatIstDate,
  inspectP12,
  openP12,
  readCertificateDetails,
} from './signing-certificate.ts';

export type PlatformCa = { certificatePem: string; fingerprintSha256: string; subjectCommonName: string };

export type IssueCertificateRequest = {
  name: string;
  registrationNumber: string;
  email: string;
  validDays?: number;
};

/** `passphrase` protects `p12`; the caller stores it encrypted and never shows it. */
export type IssuedCertificate = { p12: Buffer; passphrase: string; summary: CertificateSummary };

// The IT Act recognises only CCA-licensed CAs; the name itself must not let anyone mistake this one for such a CA.
export const PLATFORM_CA_COMMON_NAME = 'Mohar Platform CA (not a licensed CA under the IT Act)';
export const PLATFORM_CA_FILE = path.join('secrets', 'platform-ca.p12');

// 3072 bits (~128-bit security) for a key meant to last ten years; Node generates one in ~40–120 ms on 2 cores.
const CA_KEY_BITS = 3072;
const CA_VALID_YEARS = 10;
const NOTARY_KEY_BITS = 2048;
const DEFAULT_VALID_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
// Backdating absorbs clock differences between this server and whoever validates the signature minutes later.
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const SHA256_WITH_RSA_OID = '1.2.840.113549.1.1.11';
// Microsoft's "Document Signing" purpose, which Adobe Acrobat accepts for PDF signatures.
const DOCUMENT_SIGNING_OID = '1.3.6.1.4.1.311.10.3.12';
// X.520 upper bounds (RFC 5280 appendix A).
const MAX_COMMON_NAME = 64;
const MAX_SERIAL_NUMBER = 64;
const MAX_EMAIL = 255;
const PRINTABLE_STRING = /^[A-Za-z0-9 '()+,\-./:=?]+$/;

type Asn1 = forge.asn1.Asn1;
// Runtime export of node-forge 1.x that @types/node-forge does not declare.
const forgePki = forge.pki as typeof forge.pki & {
  getTBSCertificate(certificate: forge.pki.Certificate): Asn1;
};
const generateKeyPairAsync = promisify(generateKeyPair);

type CaMaterial = {
  privateKey: KeyObject;
  certificate: X509Certificate;
  fingerprintSha256: string;
  subjectCommonName: string;
  /** The CA's subject Name as encoded in its certificate: an issued certificate's issuer must match it exactly. */
  subjectName: Asn1;
  /** Binary string, for the authorityKeyIdentifier of issued certificates. */
  keyIdentifier: string;
};

/**
 * The platform's own CA, for notaries who do not bring a signing certificate. Either `configured` (a P12 the operator
 * supplies), or created once under `dataDir/secrets/platform-ca.p12` and reloaded on every later start. The file's
 * passphrase is derived from `encryptionKey`, so it is never written anywhere: changing that key makes the stored CA
 * unreadable (startup then fails with an explanation rather than silently creating a second CA).
 */
export async function loadOrCreatePlatformCa(options: {
  dataDir: string;
  encryptionKey: Buffer;
  /** ENCRYPTION_KEY_PREVIOUS during a rotation: the stored CA may still be wrapped with it. */
  encryptionKeyPrevious?: Buffer;
  configured?: { p12: Buffer; passphrase: string };
}): Promise<
  PlatformCa & {
    issue: (request: IssueCertificateRequest) => Promise<IssuedCertificate>;
    /** RSA-SHA256 with the platform key: what the platform itself attests (a recording's manifest, issue 24). */
    sign: (data: Buffer) => Buffer;
  }
> {
  if (options.encryptionKey.length !== 32) throw new RangeError('The encryption key must be 32 bytes.');
  const ca = options.configured
    ? openCa({ ...options.configured, source: 'The configured platform CA file' })
    : await loadOrCreateStoredCa(options);
  return {
    certificatePem: ca.certificate.toString(),
    fingerprintSha256: ca.fingerprintSha256,
    subjectCommonName: ca.subjectCommonName,
    issue: (request) => issueNotaryCertificate({ ca, request }),
    sign: (data) => sign('sha256', data, ca.privateKey),
  };
}

async function loadOrCreateStoredCa(options: {
  dataDir: string;
  encryptionKey: Buffer;
  encryptionKeyPrevious?: Buffer;
}): Promise<CaMaterial> {
  const file = path.join(options.dataDir, PLATFORM_CA_FILE);
  const passphrase = deriveCaPassphrase(options.encryptionKey);
  const source = `The platform CA file ${file}`;
  const existing = await readIfExists(file);
  if (existing && options.encryptionKeyPrevious && !opensWith(existing, passphrase))
    return openCa({ p12: existing, passphrase: deriveCaPassphrase(options.encryptionKeyPrevious), source });
  if (existing) return openCa({ p12: existing, passphrase, source });

  const created = await createCa();
  const p12 = toP12({
    privateKey: created.privateKey,
    certificates: [created.certificate],
    passphrase,
    friendlyName: 'Mohar Platform CA',
  });
  const { isOurs, bytes } = await writeOnce({ file, bytes: p12 });
  // Another process started at the same moment and won: use its CA, or the two would issue under different keys.
  return isOurs ? created : openCa({ p12: bytes, passphrase, source });
}

function opensWith(p12: Buffer, passphrase: string) {
  try {
    openP12({ p12, passphrase });
    return true;
  } catch {
    return false;
  }
}

/**
 * Key rotation (`npm run keys:rotate`): the stored CA file re-wrapped with the passphrase of the current key, written
 * beside it and renamed into place (an interruption leaves the old file). Idempotent.
 */
export async function resealStoredPlatformCa(options: {
  dataDir: string;
  encryptionKey: Buffer;
  encryptionKeyPrevious?: Buffer;
}): Promise<'absent' | 'unchanged' | 'rewritten'> {
  const file = path.join(options.dataDir, PLATFORM_CA_FILE);
  const existing = await readIfExists(file);
  if (!existing) return 'absent';
  const passphrase = deriveCaPassphrase(options.encryptionKey);
  if (opensWith(existing, passphrase)) return 'unchanged';
  const source = `The platform CA file ${file}`;
  // Neither key opens it: openCa throws its explanation.
  const previous = options.encryptionKeyPrevious
    ? deriveCaPassphrase(options.encryptionKeyPrevious)
    : passphrase;
  openCa({ p12: existing, passphrase: previous, source });
  const { certificate, privateKey } = openP12({ p12: existing, passphrase: previous });
  const p12 = toP12({
    privateKey,
    certificates: [certificate],
    passphrase,
    friendlyName: 'Mohar Platform CA',
  });
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(p12);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  return 'rewritten';
}

function deriveCaPassphrase(encryptionKey: Buffer): string {
  const derived = hkdfSync('sha256', encryptionKey, 'mohar', 'platform-ca.p12 passphrase v1', 32);
  return Buffer.from(derived).toString('base64url');
}

async function createCa(): Promise<CaMaterial> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', { modulusLength: CA_KEY_BITS });
  const notBefore = new Date(Date.now() - CLOCK_SKEW_MS);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_VALID_YEARS);
  const draft = forge.pki.createCertificate();
  draft.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  draft.serialNumber = randomSerialNumber();
  draft.validity.notBefore = notBefore;
  draft.validity.notAfter = notAfter;
  const name = [
    nameField('2.5.4.6', 'IN', forge.asn1.Type.PRINTABLESTRING),
    nameField('2.5.4.10', 'Mohar', forge.asn1.Type.UTF8),
    nameField('2.5.4.3', PLATFORM_CA_COMMON_NAME, forge.asn1.Type.UTF8),
  ];
  draft.setSubject(name);
  draft.setIssuer(name);
  draft.setExtensions([
    // pathLen 0: this CA signs notaries' certificates only, never another CA.
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  const certificate = signCertificate({ draft, issuerName: null, signingKey: privateKey });
  return toCaMaterial({ privateKey, certificate });
}

function openCa(options: { p12: Buffer; passphrase: string; source: string }): CaMaterial {
  let contents: ReturnType<typeof openP12>;
  try {
    contents = openP12({ p12: options.p12, passphrase: options.passphrase });
  } catch (error) {
    if (error instanceof CertificateError && error.reason === 'wrong_passphrase') {
      throw new Error(
        `${options.source} cannot be opened with this passphrase. If it is the stored CA, the encryption key has changed since it was created: restore the previous key, or move the file away to create a new CA (every platform-issued certificate must then be issued again).`,
        { cause: error },
      );
    }
    throw new Error(`${options.source} cannot be used: ${(error as Error).message}`, { cause: error });
  }
  const { certificate, privateKey } = contents;
  if (!certificate.ca)
    throw new Error(`${options.source} holds a certificate that is not a CA (basicConstraints cA).`);
  const { keyUsage } = readCertificateDetails(certificate);
  if (keyUsage && !keyUsage.keyCertSign) {
    throw new Error(
      `${options.source} holds a CA certificate whose key usage does not allow signing certificates.`,
    );
  }
  // Issued P12s carry the CA certificate through forge, which models RSA certificates only.
  const bits = certificate.publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (certificate.publicKey.asymmetricKeyType !== 'rsa' || bits < 2048) {
    throw new Error(`${options.source} must hold an RSA CA key of at least 2048 bits.`);
  }
  return toCaMaterial({ privateKey, certificate });
}

function toCaMaterial(options: { privateKey: KeyObject; certificate: X509Certificate }): CaMaterial {
  const details = readCertificateDetails(options.certificate);
  const forgeCertificate = toForgeCertificate(options.certificate);
  const keyIdentifier = details.subjectKeyIdentifier
    ? forge.util.hexToBytes(details.subjectKeyIdentifier)
    : forgeCertificate.generateSubjectKeyIdentifier().getBytes();
  return {
    privateKey: options.privateKey,
    certificate: options.certificate,
    fingerprintSha256: details.fingerprintSha256,
    subjectCommonName: details.subjectCommonName,
    subjectName: forge.asn1.fromDer(details.subjectNameDer.toString('binary')),
    keyIdentifier,
  };
}

async function issueNotaryCertificate(options: {
  ca: CaMaterial;
  request: IssueCertificateRequest;
}): Promise<IssuedCertificate> {
  const { ca } = options;
  const request = validateRequest(options.request);
  const now = Date.now();
  const caNotAfter = ca.certificate.validToDate.getTime();
  if (caNotAfter <= now) {
    throw new Error(
      `The platform CA expired on ${formatIstDate({ date: ca.certificate.validToDate })} and cannot issue certificates. Configure or create a new one.`,
    );
  }
  const notBefore = new Date(Math.max(now - CLOCK_SKEW_MS, ca.certificate.validFromDate.getTime()));
  // A certificate cannot outlive the CA that vouches for it.
  const notAfter = new Date(Math.min(now + request.validDays * DAY_MS, caNotAfter));

  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', { modulusLength: NOTARY_KEY_BITS });
  const draft = forge.pki.createCertificate();
  draft.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  draft.serialNumber = randomSerialNumber();
  draft.validity.notBefore = notBefore;
  draft.validity.notAfter = notAfter;
  draft.setSubject([
    nameField('2.5.4.10', 'Mohar (platform-issued)', forge.asn1.Type.UTF8),
    nameField('2.5.4.11', 'Notary', forge.asn1.Type.UTF8),
    nameField('2.5.4.3', request.name, forge.asn1.Type.UTF8),
    // X.520 requires PrintableString for serialNumber.
    nameField('2.5.4.5', request.registrationNumber, forge.asn1.Type.PRINTABLESTRING),
    nameField('1.2.840.113549.1.9.1', request.email, forge.asn1.Type.IA5STRING),
  ]);
  draft.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true, [DOCUMENT_SIGNING_OID]: true },
    // RFC 5280 puts e-mail addresses in subjectAltName; the DN copy is for readers that only show the subject.
    { name: 'subjectAltName', altNames: [{ type: 1, value: request.email }] },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.keyIdentifier },
  ]);
  const certificate = signCertificate({ draft, issuerName: ca.subjectName, signingKey: ca.privateKey });

  const passphrase = randomBytes(32).toString('base64url');
  const p12 = toP12({
    privateKey,
    certificates: [certificate, ca.certificate],
    passphrase,
    friendlyName: request.name,
  });
  const summary = inspectP12({ p12, passphrase, platformCaFingerprint: ca.fingerprintSha256 });
  if (!summary.isPlatformIssued) {
    throw new Error('The issued certificate does not verify against the platform CA; nothing was issued.');
  }
  return { p12, passphrase, summary };
}

function validateRequest(request: IssueCertificateRequest): Required<IssueCertificateRequest> {
  const name = request.name.normalize('NFC').trim().replaceAll(/\s+/g, ' ');
  const registrationNumber = request.registrationNumber.trim();
  const email = request.email.trim();
  const validDays = request.validDays ?? DEFAULT_VALID_DAYS;
  if (name.length === 0 || name.length > MAX_COMMON_NAME) {
    throw new RangeError(`The notary's name must be 1 to ${MAX_COMMON_NAME} characters for a certificate.`);
  }
  if (registrationNumber.length > MAX_SERIAL_NUMBER || !PRINTABLE_STRING.test(registrationNumber)) {
    throw new RangeError(
      `The registration number must be 1 to ${MAX_SERIAL_NUMBER} characters of letters, digits, spaces and ' ( ) + , - . / : = ?`,
    );
  }
  if (email.length > MAX_EMAIL || !/^[\x21-\x7e]+@[\x21-\x7e]+$/.test(email)) {
    throw new RangeError('The e-mail address must be a plain ASCII address for a certificate.');
  }
  if (!Number.isInteger(validDays) || validDays < 1) {
    throw new RangeError('validDays must be a whole number of days, at least 1.');
  }
  return { name, registrationNumber, email, validDays };
}

function nameField(type: string, value: string, tag: forge.asn1.Type): forge.pki.CertificateField {
  // @types/node-forge types valueTagClass as a tag class; forge reads it as the string's universal tag number.
  return { type, value, valueTagClass: tag as number as forge.asn1.Class };
}

/**
 * Signs with Node's crypto (the key never enters forge) and, for issued certificates, puts the CA's subject Name in
 * as its exact bytes: forge would re-encode it from parsed attributes, and chain building compares names byte by byte.
 */
function signCertificate(options: {
  draft: forge.pki.Certificate;
  issuerName: Asn1 | null;
  signingKey: KeyObject;
}): X509Certificate {
  const { draft } = options;
  draft.signatureOid = SHA256_WITH_RSA_OID;
  draft.siginfo.algorithmOid = SHA256_WITH_RSA_OID;
  const tbs = forgePki.getTBSCertificate(draft);
  // TBSCertificate: [0] version, serialNumber, signature, issuer, … (forge always writes the version).
  if (options.issuerName && Array.isArray(tbs.value)) tbs.value[3] = options.issuerName;
  const tbsDer = Buffer.from(forge.asn1.toDer(tbs).getBytes(), 'binary');
  draft.tbsCertificate = tbs;
  draft.signature = sign('sha256', tbsDer, options.signingKey).toString('binary');
  return new X509Certificate(
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(draft)).getBytes(), 'binary'),
  );
}

function toForgeCertificate(certificate: X509Certificate): forge.pki.Certificate {
  return forge.pki.certificateFromAsn1(forge.asn1.fromDer(certificate.raw.toString('binary')));
}

function toP12(options: {
  privateKey: KeyObject;
  certificates: X509Certificate[];
  passphrase: string;
  friendlyName: string;
}): Buffer {
  const key = forge.pki.privateKeyFromPem(
    options.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  // prfAlgorithm reaches forge's PBES2 (HMAC-SHA256, as OpenSSL 3 writes) though its type omits it.
  const p12Options = {
    algorithm: 'aes256' as const,
    count: 2048,
    friendlyName: options.friendlyName,
    generateLocalKeyId: true,
    prfAlgorithm: 'sha256',
  };
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    key,
    options.certificates.map(toForgeCertificate),
    options.passphrase,
    p12Options,
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** 16 random bytes as a positive DER INTEGER in minimal form (RFC 5280 §4.1.2.2). */
function randomSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Creates `file` with `bytes` unless it already exists, returning whichever content ended up there.
 * The bytes go to a private temporary file (`wx`, mode 0600) and are then hard-linked into place: link() fails with
 * EEXIST instead of overwriting, and unlike writing the final name directly with `wx`, no other process can ever
 * read a half-written CA.
 */
async function writeOnce(options: {
  file: string;
  bytes: Buffer;
}): Promise<{ isOurs: boolean; bytes: Buffer }> {
  await mkdir(path.dirname(options.file), { recursive: true, mode: 0o700 });
  const temporary = `${options.file}.${randomUUID()}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(options.bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, options.file);
    return { isOurs: true, bytes: options.bytes };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { isOurs: false, bytes: await readFile(options.file) };
  } finally {
    await rm(temporary, { force: true });
  }
}
