import { createHmac, createPrivateKey, type KeyObject, timingSafeEqual, X509Certificate } from 'node:crypto';
import { IST_OFFSET_MS } from '@mohar/contracts/constants';
import forge from 'node-forge';

export type CertificateSummary = {
  subjectCommonName: string;
  serialNumber: string;
  issuerCommonName: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the certificate's DER bytes: lowercase hex, no colons. */
  fingerprintSha256: string;
  keyAlgorithm: 'RSA' | 'EC';
  keyBits: number;
  certificatePem: string;
  isPlatformIssued: boolean;
};

export type CertificateErrorReason =
  | 'not_p12'
  | 'wrong_passphrase'
  | 'no_private_key'
  | 'expired'
  | 'not_yet_valid'
  | 'key_usage'
  | 'weak_key'
  | 'unsupported_key';

/** A certificate file a notary cannot use; `message` is written for the notary and can be shown as it is. */
export class CertificateError extends Error {
  override readonly name = 'CertificateError';
  readonly reason: CertificateErrorReason;
  constructor(reason: CertificateErrorReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export type P12Contents = {
  privateKey: KeyObject;
  certificate: X509Certificate;
  /** The file's other certificates, issuers first in order from the signer's certificate upwards. */
  chain: X509Certificate[];
};

export type KeyUsage = {
  digitalSignature: boolean;
  nonRepudiation: boolean;
  keyEncipherment: boolean;
  dataEncipherment: boolean;
  keyAgreement: boolean;
  keyCertSign: boolean;
  cRLSign: boolean;
};

export type CertificateDetails = {
  subjectCommonName: string;
  issuerCommonName: string;
  fingerprintSha256: string;
  /** null when the certificate has no keyUsage extension (then every usage is allowed). */
  keyUsage: KeyUsage | null;
  /** Hex, or null when the extension is absent. */
  subjectKeyIdentifier: string | null;
  /** The subject Name exactly as encoded, so an issued certificate's issuer can match it byte for byte. */
  subjectNameDer: Buffer;
};

type Asn1 = forge.asn1.Asn1;
type ForgeCipher = {
  update(input: forge.util.ByteBuffer): void;
  finish(): boolean;
  output: forge.util.ByteBuffer;
};
type ForgeExtension = { id: string; name?: string; subjectKeyIdentifier?: string } & Partial<KeyUsage>;
// Runtime exports of node-forge 1.x that @types/node-forge does not declare.
const forgePki = forge.pki as typeof forge.pki & {
  pbe: { getCipher(oid: string, params: Asn1, password: string | null): ForgeCipher };
  certificateExtensionFromAsn1(extension: Asn1): ForgeExtension;
};
const { Class, Type } = forge.asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13',
  commonName: '2.5.4.3',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
} as const;

const MAC_DIGESTS: Record<string, { node: string; create: () => forge.md.MessageDigest; bytes: number }> = {
  '1.3.14.3.2.26': { node: 'sha1', create: () => forge.md.sha1.create(), bytes: 20 },
  '2.16.840.1.101.3.4.2.1': { node: 'sha256', create: () => forge.md.sha256.create(), bytes: 32 },
  '2.16.840.1.101.3.4.2.2': { node: 'sha384', create: () => forge.md.sha512.sha384.create(), bytes: 48 },
  '2.16.840.1.101.3.4.2.3': { node: 'sha512', create: () => forge.md.sha512.create(), bytes: 64 },
};

// A P12 with a chain is a few kilobytes; anything far larger is not one, and forge parses in pure JavaScript.
const MAX_P12_BYTES = 128 * 1024;
// The file chooses its own key-derivation iteration counts and forge runs them synchronously on the event loop,
// so a crafted upload could stall the server. Real exports use 2,000–10,000 per derivation (OpenSSL 2048,
// Windows 2000, Java keytool 10000); this budget covers every derivation in a file (~1.5 s at worst here).
const MAX_TOTAL_KDF_ITERATIONS = 300_000;
const MIN_RSA_BITS = 2048;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const errors = {
  notP12: () =>
    new CertificateError(
      'not_p12',
      'This file is not a certificate file (.p12 or .pfx). Export your signing certificate together with its private key as a .p12 or .pfx file and upload that.',
    ),
  tooLarge: () =>
    new CertificateError(
      'not_p12',
      'This file is too large to be a certificate file (.p12 or .pfx). Export your signing certificate with its private key as a .p12 or .pfx file and upload that.',
    ),
  unsupportedProtection: () =>
    new CertificateError(
      'not_p12',
      'This certificate file is protected in a way we cannot read. Export it again as a .p12 or .pfx file using AES-256 (or Triple DES) encryption, and upload that.',
    ),
  noCertificate: () =>
    new CertificateError(
      'not_p12',
      'This file holds no certificate. Export your signing certificate together with its private key as a .p12 or .pfx file and upload that.',
    ),
  wrongPassphrase: () =>
    new CertificateError(
      'wrong_passphrase',
      'The passphrase is not the one that protects this certificate file. Check it and try again.',
    ),
  noPrivateKey: () =>
    new CertificateError(
      'no_private_key',
      'This file holds a certificate but not its private key, so it cannot sign. Export the certificate together with its private key and upload that file.',
    ),
  keyMismatch: () =>
    new CertificateError(
      'no_private_key',
      'The private key in this file does not belong to its certificate. Export the certificate together with its own private key and upload that file.',
    ),
};

/**
 * Reads a PKCS#12 file: its private key, the certificate that key belongs to, and the other certificates.
 * Throws `CertificateError` (`not_p12`, `wrong_passphrase`, `no_private_key`, `unsupported_key`); makes no
 * judgement on dates, key strength or key usage — `inspectP12` does.
 */
export function openP12(options: { p12: Buffer; passphrase: string; now?: Date }): P12Contents {
  const { keys, certificates } = decodePfx({ p12: options.p12, passphrase: options.passphrase });
  if (certificates.length === 0) throw errors.noCertificate();
  if (keys.length === 0) throw errors.noPrivateKey();
  const now = options.now ?? new Date();
  const pairs = keys.flatMap((privateKey) =>
    certificates
      .filter((certificate) => isKeyOf({ certificate, privateKey }))
      .map((certificate) => ({ privateKey, certificate })),
  );
  // A renewed certificate may be exported beside the old one for the same key: prefer the one in force.
  const pair = pairs.find((p) => isValidAt({ certificate: p.certificate, now })) ?? pairs[0];
  if (!pair) throw errors.keyMismatch();
  const others = certificates.filter((c) => c !== pair.certificate);
  return { ...pair, chain: orderChain({ leaf: pair.certificate, others }) };
}

/**
 * Checks an uploaded signing certificate: a PKCS#12 file whose certificate has its private key, is in force at `now`,
 * may make signatures, and has an RSA ≥ 2048-bit or EC P-256 key.
 * `isPlatformIssued` is true only when the file carries the platform CA certificate (pinned by `platformCaFingerprint`)
 * **and** that CA's signature on the certificate verifies: a copied CA certificate alone proves nothing.
 */
export function inspectP12(options: {
  p12: Buffer;
  passphrase: string;
  now?: Date;
  platformCaFingerprint?: string;
}): CertificateSummary {
  const now = options.now ?? new Date();
  const { certificate, chain } = openP12({ p12: options.p12, passphrase: options.passphrase, now });
  const { key, details } = assertUsableForSigning({ certificate, now });
  return {
    subjectCommonName: details.subjectCommonName,
    serialNumber: certificate.serialNumber.toLowerCase(),
    issuerCommonName: details.issuerCommonName,
    notBefore: certificate.validFromDate,
    notAfter: certificate.validToDate,
    fingerprintSha256: details.fingerprintSha256,
    keyAlgorithm: key.algorithm,
    keyBits: key.bits,
    certificatePem: certificate.toString(),
    isPlatformIssued: isIssuedBy({ certificate, chain, caFingerprint: options.platformCaFingerprint }),
  };
}

/**
 * The key and certificates to sign a PDF with (PEM: PKCS#8 key, leaf, then the chain upwards). Applies the same checks
 * as `inspectP12` at `now` (default: the current time), because a signature made with an expired or unfit certificate
 * would be rejected by every validator — better to refuse before the act is sealed.
 */
export function readP12Signer(options: { p12: Buffer; passphrase: string; now?: Date }): {
  privateKeyPem: string;
  certificatePem: string;
  chainPem: string[];
} {
  const now = options.now ?? new Date();
  const { privateKey, certificate, chain } = openP12({
    p12: options.p12,
    passphrase: options.passphrase,
    now,
  });
  assertUsableForSigning({ certificate, now });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatePem: certificate.toString(),
    chainPem: chain.map((c) => c.toString()),
  };
}

/** Names, fingerprint and the extensions this module needs, read from the certificate's own bytes. */
export function readCertificateDetails(certificate: X509Certificate): CertificateDetails {
  const tbs = children(children(forge.asn1.fromDer(certificate.raw.toString('binary')))[0]);
  // TBSCertificate: [0] version (optional), serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, …
  const first = tbs[0];
  const offset = first?.tagClass === Class.CONTEXT_SPECIFIC && first.type === 0 ? 1 : 0;
  const issuer = tbs[offset + 2];
  const subject = tbs[offset + 4];
  if (!issuer || !subject) throw errors.notP12();
  const extensionsNode = tbs.find((n) => n.tagClass === Class.CONTEXT_SPECIFIC && n.type === 3);
  const extensions = extensionsNode
    ? children(children(extensionsNode)[0]).map((e) => forgePki.certificateExtensionFromAsn1(e))
    : [];
  const keyUsage = extensions.find((e) => e.id === OID.keyUsage);
  const subjectKeyIdentifier = extensions.find((e) => e.id === OID.subjectKeyIdentifier);
  return {
    subjectCommonName: readCommonName(subject) ?? oneLine(certificate.subject),
    issuerCommonName: readCommonName(issuer) ?? oneLine(certificate.issuer),
    fingerprintSha256: certificate.fingerprint256.replaceAll(':', '').toLowerCase(),
    keyUsage: keyUsage
      ? {
          digitalSignature: keyUsage.digitalSignature === true,
          nonRepudiation: keyUsage.nonRepudiation === true,
          keyEncipherment: keyUsage.keyEncipherment === true,
          dataEncipherment: keyUsage.dataEncipherment === true,
          keyAgreement: keyUsage.keyAgreement === true,
          keyCertSign: keyUsage.keyCertSign === true,
          cRLSign: keyUsage.cRLSign === true,
        }
      : null,
    subjectKeyIdentifier: subjectKeyIdentifier?.subjectKeyIdentifier ?? null,
    subjectNameDer: Buffer.from(forge.asn1.toDer(subject).getBytes(), 'binary'),
  };
}

/** Normalises a fingerprint as people paste it ("AB:CD:…", spaces, upper case) to lowercase hex. */
export function normalizeFingerprint(fingerprint: string): string {
  return fingerprint.replaceAll(/[^0-9a-f]/gi, '').toLowerCase();
}

/** Formats a date as the notary reads it on the page: "03 Jan 2025", in IST (the platform serves India). */
export function formatIstDate(options: { date: Date; withTime?: boolean }): string {
  const ist = new Date(options.date.getTime() + IST_OFFSET_MS);
  const day = `${String(ist.getUTCDate()).padStart(2, '0')} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
  if (!options.withTime) return day;
  return `${day} at ${String(ist.getUTCHours()).padStart(2, '0')}:${String(ist.getUTCMinutes()).padStart(2, '0')} IST`;
}

function assertUsableForSigning({ certificate, now }: { certificate: X509Certificate; now: Date }): {
  key: { algorithm: 'RSA' | 'EC'; bits: number };
  details: CertificateDetails;
} {
  const key = readKeyStrength(certificate);
  if (now.getTime() > certificate.validToDate.getTime()) {
    throw new CertificateError(
      'expired',
      `This certificate expired on ${formatIstDate({ date: certificate.validToDate })}. Upload a current one.`,
    );
  }
  if (now.getTime() < certificate.validFromDate.getTime()) {
    throw new CertificateError(
      'not_yet_valid',
      `This certificate only becomes valid on ${formatIstDate({ date: certificate.validFromDate, withTime: true })}. Upload it again from then, or upload a certificate that is valid now.`,
    );
  }
  const details = readCertificateDetails(certificate);
  const { keyUsage } = details;
  if (keyUsage && !keyUsage.digitalSignature && !keyUsage.nonRepudiation) {
    const allowed = describeKeyUsage(keyUsage);
    throw new CertificateError(
      'key_usage',
      `This certificate is not allowed to make digital signatures (its key usage allows only ${allowed}). Upload a signing certificate.`,
    );
  }
  return { key, details };
}

function readKeyStrength(certificate: X509Certificate): { algorithm: 'RSA' | 'EC'; bits: number } {
  const { asymmetricKeyType: type, asymmetricKeyDetails: details } = certificate.publicKey;
  if (type === 'rsa') {
    const bits = details?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS) {
      throw new CertificateError(
        'weak_key',
        `This certificate has a ${bits}-bit RSA key, which is too weak for notarial signatures. Upload a certificate with an RSA key of at least 2048 bits.`,
      );
    }
    return { algorithm: 'RSA', bits };
  }
  if (type === 'ec' && details?.namedCurve === 'prime256v1') return { algorithm: 'EC', bits: 256 };
  const described =
    type === 'ec' ? `an EC key on the ${details?.namedCurve ?? 'unknown'} curve` : `a ${type} key`;
  throw new CertificateError(
    'unsupported_key',
    `This certificate has ${described}, which we cannot sign with yet. Upload a certificate with an RSA key (2048 bits or more) or an EC P-256 key.`,
  );
}

function describeKeyUsage(keyUsage: KeyUsage): string {
  const names: Record<keyof KeyUsage, string> = {
    digitalSignature: 'digital signature',
    nonRepudiation: 'non-repudiation',
    keyEncipherment: 'key encipherment',
    dataEncipherment: 'data encipherment',
    keyAgreement: 'key agreement',
    keyCertSign: 'certificate signing',
    cRLSign: 'revocation-list signing',
  };
  const allowed = (Object.keys(names) as (keyof KeyUsage)[]).filter((k) => keyUsage[k]).map((k) => names[k]);
  return allowed.length > 0 ? allowed.join(', ') : 'nothing';
}

function isIssuedBy(options: {
  certificate: X509Certificate;
  chain: X509Certificate[];
  caFingerprint: string | undefined;
}): boolean {
  if (!options.caFingerprint) return false;
  const pinned = normalizeFingerprint(options.caFingerprint);
  const ca = options.chain.find((c) => normalizeFingerprint(c.fingerprint256) === pinned);
  return ca !== undefined && options.certificate.checkIssued(ca) && options.certificate.verify(ca.publicKey);
}

function isKeyOf(options: { certificate: X509Certificate; privateKey: KeyObject }): boolean {
  try {
    return options.certificate.checkPrivateKey(options.privateKey);
  } catch {
    return false;
  }
}

function isValidAt({ certificate, now }: { certificate: X509Certificate; now: Date }): boolean {
  return certificate.validFromDate <= now && now <= certificate.validToDate;
}

function orderChain({
  leaf,
  others,
}: {
  leaf: X509Certificate;
  others: X509Certificate[];
}): X509Certificate[] {
  const remaining = [...others];
  const ordered: X509Certificate[] = [];
  let current = leaf;
  for (;;) {
    const issuerIndex = remaining.findIndex((c) => current.checkIssued(c));
    if (issuerIndex === -1) break;
    const [issuer] = remaining.splice(issuerIndex, 1);
    if (!issuer) break;
    ordered.push(issuer);
    current = issuer;
  }
  return [...ordered, ...remaining];
}

function readCommonName(name: Asn1): string | null {
  for (const rdn of children(name)) {
    for (const attribute of children(rdn)) {
      const [type, value] = children(attribute);
      if (type && value && readOid(type) === OID.commonName) return decodeDirectoryString(value);
    }
  }
  return null;
}

function decodeDirectoryString(node: Asn1): string {
  const bytes = Buffer.from(typeof node.value === 'string' ? node.value : '', 'binary');
  if (node.type === Type.UTF8) return bytes.toString('utf8');
  if (node.type === Type.BMPSTRING && bytes.length % 2 === 0) return bytes.swap16().toString('utf16le');
  return bytes.toString('latin1');
}

function oneLine(distinguishedName: string): string {
  return distinguishedName.split('\n').filter(Boolean).join(', ');
}

// --- PKCS#12 (RFC 7292) -------------------------------------------------------------------------------------------
// forge's pkcs12FromAsn1 re-encodes each certificate through its RSA-only certificate model, losing the exact bytes
// (so the fingerprint) and any EC certificate, and runs the file's iteration counts unchecked. This walk uses forge
// only for PKCS#12 key derivation and the legacy ciphers (RC2-40 and PKCS#12 3DES, which Node's OpenSSL 3 lacks),
// and keeps every certificate as the bytes in the file.

type Pfx = { keys: KeyObject[]; certificates: X509Certificate[] };
type Passwords = {
  /** PKCS#12 derivations (MAC, PKCS#12 PBE) encode the password as BMPString; null is "no password". */
  bmp: string | null;
  /** PBES2/PBKDF2 takes the password as UTF-8 bytes, as OpenSSL writes it. */
  utf8: string;
};

function decodePfx(options: { p12: Buffer; passphrase: string }): Pfx {
  const { p12, passphrase } = options;
  if (p12.length === 0) throw errors.notP12();
  if (p12.length > MAX_P12_BYTES) throw errors.tooLarge();
  let pfx: Asn1;
  try {
    pfx = forge.asn1.fromDer(p12.toString('binary'), true);
  } catch {
    throw errors.notP12();
  }
  // PFX ::= SEQUENCE { version INTEGER {v3(3)}, authSafe ContentInfo, macData MacData OPTIONAL }
  const [version, authSafe, macData] = children(pfx);
  if (!version || readInteger(version) !== 3 || !authSafe) throw errors.notP12();
  const [contentType, content] = children(authSafe);
  // Public-key integrity mode (signedData) exists on paper only; no tool our notaries use produces it.
  if (!contentType || readOid(contentType) !== OID.data) throw errors.unsupportedProtection();
  const authSafeBytes = readOctets(explicit(content));

  const budget = { remaining: MAX_TOTAL_KDF_ITERATIONS };
  const utf8 = forge.util.encodeUtf8(passphrase);
  // An empty passphrase is ambiguous in PKCS#12 (an empty BMPString or no password at all); OpenSSL tries both.
  const bmpCandidates = passphrase === '' ? ['', null] : [passphrase];
  const isMacVerified = macData !== undefined;
  const bmp = macData
    ? verifyMac({ macData, authSafeBytes, bmpCandidates, budget })
    : (bmpCandidates[0] ?? null);
  const context = { passwords: { bmp, utf8 }, budget, isMacVerified };

  const result: Pfx = { keys: [], certificates: [] };
  for (const contentInfo of children(parseDer(authSafeBytes))) {
    const [type, value] = children(contentInfo);
    if (!type) throw errors.notP12();
    const typeOid = readOid(type);
    if (typeOid === OID.data) {
      readSafeContents({ der: readOctets(explicit(value)), context, result });
    } else if (typeOid === OID.encryptedData) {
      // EncryptedData ::= SEQUENCE { version, EncryptedContentInfo ::= SEQUENCE { contentType,
      //   contentEncryptionAlgorithm, encryptedContent [0] IMPLICIT OCTET STRING OPTIONAL } }
      const [, encryptedContentInfo] = children(explicit(value));
      const [, algorithm, encrypted] = children(encryptedContentInfo);
      if (!algorithm || !encrypted) continue;
      const plain = decrypt({
        algorithm,
        ciphertext: readOctets(encrypted, Class.CONTEXT_SPECIFIC, 0),
        ...context,
      });
      readSafeContents({ der: plain, context, result });
    } else {
      throw errors.unsupportedProtection();
    }
  }
  return result;
}

function verifyMac(options: {
  macData: Asn1;
  authSafeBytes: string;
  bmpCandidates: (string | null)[];
  budget: { remaining: number };
}): string | null {
  // MacData ::= SEQUENCE { mac DigestInfo, macSalt OCTET STRING, iterations INTEGER DEFAULT 1 }
  const [digestInfo, salt, iterationsNode] = children(options.macData);
  const [algorithm, digest] = children(digestInfo);
  const digestOid = readOid(children(algorithm)[0]);
  const spec = MAC_DIGESTS[digestOid];
  // PBMAC1 (OpenSSL 3.4 -pbmac1_pbkdf2) and exotic digests land here.
  if (!spec) throw errors.unsupportedProtection();
  const expected = Buffer.from(readOctets(digest), 'binary');
  const iterations = iterationsNode ? readInteger(iterationsNode) : 1;
  const data = Buffer.from(options.authSafeBytes, 'binary');
  for (const password of options.bmpCandidates) {
    spend({ budget: options.budget, iterations });
    const key = forge.pkcs12.generateKey(
      password,
      forge.util.createBuffer(readOctets(salt)),
      3,
      iterations,
      spec.bytes,
      spec.create(),
    );
    const actual = createHmac(spec.node, Buffer.from(key.getBytes(), 'binary')).update(data).digest();
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return password;
  }
  throw errors.wrongPassphrase();
}

function readSafeContents(options: {
  der: string;
  context: { passwords: Passwords; budget: { remaining: number }; isMacVerified: boolean };
  result: Pfx;
}): void {
  const { der, context, result } = options;
  // SafeBag ::= SEQUENCE { bagId OBJECT IDENTIFIER, bagValue [0] EXPLICIT, bagAttributes SET OPTIONAL }
  for (const bag of children(parseDer(der))) {
    const [bagId, bagValue] = children(bag);
    if (!bagId) throw errors.notP12();
    const bagOid = readOid(bagId);
    if (bagOid === OID.keyBag) {
      result.keys.push(importPrivateKey(forge.asn1.toDer(explicit(bagValue)).getBytes()));
    } else if (bagOid === OID.pkcs8ShroudedKeyBag) {
      // EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }
      const [algorithm, encrypted] = children(explicit(bagValue));
      if (!algorithm) throw errors.notP12();
      result.keys.push(
        importPrivateKey(decrypt({ algorithm, ciphertext: readOctets(encrypted), ...context })),
      );
    } else if (bagOid === OID.certBag) {
      // CertBag ::= SEQUENCE { certId OBJECT IDENTIFIER, certValue [0] EXPLICIT OCTET STRING }
      const [certId, certValue] = children(explicit(bagValue));
      if (!certId || readOid(certId) !== OID.x509Certificate) continue;
      try {
        result.certificates.push(new X509Certificate(Buffer.from(readOctets(explicit(certValue)), 'binary')));
      } catch {
        throw errors.notP12();
      }
    }
    // CRL, secret and nested bags carry nothing a signer needs.
  }
}

function decrypt(options: {
  algorithm: Asn1;
  ciphertext: string;
  passwords: Passwords;
  budget: { remaining: number };
  isMacVerified: boolean;
}): string {
  const [algorithmOid, parameters] = children(options.algorithm);
  if (!parameters) throw errors.unsupportedProtection();
  const oid = readOid(algorithmOid);
  const isPbes2 = oid === OID.pbes2;
  spend({
    budget: options.budget,
    iterations: readPbeIterations({ parameters, isPbes2 }) * (isPbes2 ? 1 : 2),
  });
  let cipher: ForgeCipher;
  try {
    cipher = forgePki.pbe.getCipher(
      oid,
      parameters,
      isPbes2 ? options.passwords.utf8 : options.passwords.bmp,
    );
  } catch {
    throw errors.unsupportedProtection();
  }
  cipher.update(forge.util.createBuffer(options.ciphertext));
  if (!cipher.finish()) {
    // With a verified MAC the passphrase is right, so a bad padding means a damaged file.
    throw options.isMacVerified ? errors.notP12() : errors.wrongPassphrase();
  }
  return cipher.output.getBytes();
}

function readPbeIterations(options: { parameters: Asn1; isPbes2: boolean }): number {
  try {
    if (options.isPbes2) {
      // PBES2-params ::= SEQUENCE { keyDerivationFunc { id-PBKDF2, PBKDF2-params ::= SEQUENCE { salt, iterationCount, … } }, … }
      const [keyDerivation] = children(options.parameters);
      const [, pbkdf2Parameters] = children(keyDerivation);
      return readInteger(children(pbkdf2Parameters)[1]);
    }
    // pkcs-12PbeParams ::= SEQUENCE { salt OCTET STRING, iterations INTEGER }
    return readInteger(children(options.parameters)[1]);
  } catch {
    throw errors.unsupportedProtection();
  }
}

function spend({ budget, iterations }: { budget: { remaining: number }; iterations: number }): void {
  budget.remaining -= iterations;
  if (!(iterations >= 1) || budget.remaining < 0) throw errors.unsupportedProtection();
}

function importPrivateKey(pkcs8Der: string): KeyObject {
  try {
    return createPrivateKey({ key: Buffer.from(pkcs8Der, 'binary'), format: 'der', type: 'pkcs8' });
  } catch {
    // A wrong passphrase without a MAC can decrypt to garbage that still has valid padding (1 in 256).
    throw new CertificateError(
      'unsupported_key',
      'The private key in this file is of a kind we cannot read. Upload a certificate with an RSA key (2048 bits or more) or an EC P-256 key.',
    );
  }
}

function parseDer(bytes: string): Asn1 {
  try {
    return forge.asn1.fromDer(bytes, true);
  } catch {
    throw errors.notP12();
  }
}

function children(node: Asn1 | undefined): Asn1[] {
  if (!node || !Array.isArray(node.value)) throw errors.notP12();
  return node.value;
}

function explicit(node: Asn1 | undefined): Asn1 {
  if (!node || node.tagClass !== Class.CONTEXT_SPECIFIC || node.type !== 0) throw errors.notP12();
  const [inner] = children(node);
  if (!inner) throw errors.notP12();
  return inner;
}

function readOctets(
  node: Asn1 | undefined,
  tagClass: forge.asn1.Class = Class.UNIVERSAL,
  type: number = Type.OCTETSTRING,
): string {
  if (!node || node.tagClass !== tagClass || node.type !== type) throw errors.notP12();
  // BER lets an OCTET STRING arrive in chunks; Windows exports do this.
  if (Array.isArray(node.value)) return node.value.map((chunk) => readOctets(chunk)).join('');
  return node.value;
}

function readOid(node: Asn1 | undefined): string {
  if (
    !node ||
    node.tagClass !== Class.UNIVERSAL ||
    node.type !== Type.OID ||
    typeof node.value !== 'string'
  ) {
    throw errors.notP12();
  }
  return forge.asn1.derToOid(node.value);
}

function readInteger(node: Asn1 | undefined): number {
  if (
    !node ||
    node.tagClass !== Class.UNIVERSAL ||
    node.type !== Type.INTEGER ||
    typeof node.value !== 'string'
  ) {
    throw errors.notP12();
  }
  if (node.value.length === 0 || node.value.length > 6) return Number.POSITIVE_INFINITY;
  return Number.parseInt(forge.util.bytesToHex(node.value), 16);
}
