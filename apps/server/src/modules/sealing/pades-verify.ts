import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import {
  checkSignerInfo,
  digestNameOf,
  digestOf,
  findAttribute,
  OID,
  type ParsedSignedData,
  parseSignedData,
} from './cms.ts';
import { inspectTimestampToken } from './tsa.ts';

export type PdfSignatureInspection =
  | { signed: false }
  | {
      signed: true;
      /** The ByteRange starts at 0, ends at the last byte, and leaves out exactly the /Contents hex string. */
      coversWholeFile: boolean;
      /** The CMS messageDigest equals the digest of the bytes the ByteRange covers. */
      digestMatches: boolean;
      /** The signature over the signed attributes verifies with the signer certificate's public key. */
      signatureValid: boolean;
      /** Empty when the CMS carries no certificate matching its SignerInfo. */
      signerCertificatePem: string;
      signerSubject: string;
      signerIssuer: string;
      /** The signature dictionary's /M, ISO 8601; a claim of the signer, not a proof of time. */
      signedAt: string | null;
      hasSigningCertificateV2: boolean;
      /** The ESS certHash (and serial, when present) match the signer certificate. */
      certHashMatches: boolean;
      /** An RFC 3161 signature timestamp is present, timestamps this signature, and its own signature verifies. */
      hasTimestamp: boolean;
      /** The timestamp's genTime, ISO 8601, when `hasTimestamp`. */
      timestampedAt: string | null;
      /** Why part of the signature could not be read or checked; null when everything could be. */
      problem: string | null;
    };

type SignedInspection = Extract<PdfSignatureInspection, { signed: true }>;

export type LocatedSignature = {
  byteRange: [number, number, number, number];
  /** The decoded /Contents string: the DER CMS followed by zero padding. */
  contents: Buffer;
  /** Offset of the signature dictionary's /ByteRange key. */
  position: number;
};

const BYTE_RANGE = Buffer.from('/ByteRange');
const CONTENTS = '/Contents';
const BYTE_RANGE_VALUE = /^\s*\[\s*(\d{1,15})\s+(\d{1,15})\s+(\d{1,15})\s+(\d{1,15})\s*\]/;
// Enough to read a ByteRange array, however generously spaced.
const BYTE_RANGE_WINDOW = 128;

/**
 * Reads the last signature of a PDF from its bytes and checks it. Never throws: input that holds no signature
 * (random bytes, an unsigned PDF) gives `{ signed: false }`; a signature that cannot be read or checked gives
 * `signed: true` with the failed checks false and `problem` saying why.
 */
export function inspectPdfSignature(pdf: Uint8Array): PdfSignatureInspection {
  let located: LocatedSignature | null;
  try {
    located = findLastSignature(pdf);
  } catch {
    return { signed: false };
  }
  if (!located) return { signed: false };
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const result: SignedInspection = {
    signed: true,
    coversWholeFile: coversWholeFile({ byteRange: located.byteRange, length: bytes.length }),
    digestMatches: false,
    signatureValid: false,
    signerCertificatePem: '',
    signerSubject: '',
    signerIssuer: '',
    signedAt: null,
    hasSigningCertificateV2: false,
    certHashMatches: false,
    hasTimestamp: false,
    timestampedAt: null,
    problem: null,
  };
  try {
    result.signedAt = readSigningTime({ bytes, located });
    checkCms({ bytes, located, result });
  } catch (error) {
    result.problem = error instanceof Error ? error.message : String(error);
  }
  return result;
}

/**
 * The last signature whose /ByteRange is a plain array of four numbers and whose gap is exactly a hex string under
 * /Contents (placeholders and look-alike text are skipped). Parses bytes, not objects: pdf-lib would re-interpret the
 * file, and what counts is what a validator hashes.
 */
export function findLastSignature(pdf: Uint8Array): LocatedSignature | null {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let position = bytes.lastIndexOf(BYTE_RANGE);
  while (position !== -1) {
    const located = readSignatureAt({ bytes, position });
    if (located) return located;
    position = position === 0 ? -1 : bytes.lastIndexOf(BYTE_RANGE, position - 1);
  }
  return null;
}

function readSignatureAt(options: { bytes: Buffer; position: number }): LocatedSignature | null {
  const { bytes, position } = options;
  const start = position + BYTE_RANGE.length;
  const match = BYTE_RANGE_VALUE.exec(bytes.toString('latin1', start, start + BYTE_RANGE_WINDOW));
  if (!match) return null;
  const byteRange = match.slice(1, 5).map(Number) as [number, number, number, number];
  const [offset1, length1, offset2, length2] = byteRange;
  const gapStart = offset1 + length1;
  if (gapStart >= offset2 || offset2 + length2 > bytes.length || offset2 > bytes.length) return null;
  if (bytes[gapStart] !== 0x3c /* < */ || bytes[offset2 - 1] !== 0x3e /* > */) return null;
  const hex = bytes.toString('latin1', gapStart + 1, offset2 - 1).replaceAll(/[\s\0]/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) return null;
  // The gap must be the value of /Contents, not some other hex string the range happens to skip.
  const before = bytes.toString('latin1', Math.max(0, gapStart - 64), gapStart).trimEnd();
  if (!before.endsWith(CONTENTS)) return null;
  const contents = Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex');
  return { byteRange, contents, position };
}

function coversWholeFile(options: { byteRange: LocatedSignature['byteRange']; length: number }): boolean {
  const [offset1, length1, offset2, length2] = options.byteRange;
  return offset1 === 0 && length1 > 0 && offset2 > length1 && offset2 + length2 === options.length;
}

function checkCms(options: { bytes: Buffer; located: LocatedSignature; result: SignedInspection }): void {
  const { bytes, located, result } = options;
  if (located.contents.every((byte) => byte === 0))
    throw new Error('The signature field holds no signature.');
  const parsed = parseSignedData(located.contents);
  const [signerInfo, ...others] = parsed.signedData.signerInfos;
  if (!signerInfo) throw new Error('The CMS holds no SignerInfo.');
  if (others.length > 0) throw new Error('The CMS holds more than one SignerInfo.');

  const [offset1, length1, offset2, length2] = located.byteRange;
  const check = checkSignerInfo({
    parsed,
    signerInfo,
    content: [bytes.subarray(offset1, offset1 + length1), bytes.subarray(offset2, offset2 + length2)],
  });
  result.digestMatches = check.digestMatches;
  result.signatureValid = check.signatureValid;
  if (!check.signer) throw new Error('The CMS does not carry the signer certificate.');
  const x509 = new X509Certificate(check.signer.der);
  result.signerCertificatePem = x509.toString();
  result.signerSubject = oneLine(x509.subject);
  result.signerIssuer = oneLine(x509.issuer);

  const essAttribute = findAttribute(signerInfo.signedAttrs, OID.signingCertificateV2);
  result.hasSigningCertificateV2 = essAttribute !== undefined;
  if (essAttribute)
    result.certHashMatches = essCertMatches({ attribute: essAttribute, signer: check.signer });

  const token = findAttribute(signerInfo.unsignedAttrs, OID.signatureTimeStampToken)?.values[0];
  if (token) {
    const timestamp = inspectTimestampToken({
      token: new Uint8Array(token.valueBeforeDecodeView),
      signatureValue: signerInfo.signature.valueBlock.valueHexView,
    });
    result.hasTimestamp = timestamp.imprintMatches && timestamp.signatureValid;
    result.timestampedAt = result.hasTimestamp ? timestamp.genTime : null;
  }
}

/** The first ESSCertIDv2 of a SigningCertificateV2 (RFC 5035) names `signer`: its hash and, if given, its serial. */
function essCertMatches(options: {
  attribute: pkijs.Attribute;
  signer: ParsedSignedData['certificates'][number];
}): boolean {
  const signingCertificate = options.attribute.values[0];
  if (!(signingCertificate instanceof asn1js.Sequence)) return false;
  const certs = signingCertificate.valueBlock.value[0];
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  if (!(first instanceof asn1js.Sequence)) return false;
  const fields = [...first.valueBlock.value];
  // hashAlgorithm AlgorithmIdentifier DEFAULT {algorithm id-sha256}
  let algorithm = 'sha256';
  const algorithmIdentifier = fields[0] instanceof asn1js.Sequence ? fields.shift() : undefined;
  if (algorithmIdentifier instanceof asn1js.Sequence) {
    const oid = algorithmIdentifier.valueBlock.value[0];
    if (!(oid instanceof asn1js.ObjectIdentifier)) return false;
    algorithm = digestNameOf(oid.getValue());
  }
  const [certHash, issuerSerial] = fields;
  if (!(certHash instanceof asn1js.OctetString)) return false;
  const expected = digestOf({ algorithm, parts: [options.signer.der] });
  if (!Buffer.from(certHash.valueBlock.valueHexView).equals(expected)) return false;
  if (issuerSerial === undefined) return true;
  const serial = issuerSerial instanceof asn1js.Sequence ? issuerSerial.valueBlock.value[1] : undefined;
  return serial instanceof asn1js.Integer && serial.isEqual(options.signer.certificate.serialNumber);
}

/** The /M of the signature dictionary that holds this /ByteRange (PDF 32000-1 §7.9.4 date), as ISO 8601 UTC. */
function readSigningTime(options: { bytes: Buffer; located: LocatedSignature }): string | null {
  const { bytes, located } = options;
  const [offset1, length1, offset2] = located.byteRange;
  // The dictionary lies between the previous object's end and its own; /Contents is skipped, it may be large.
  const objectStart = bytes.lastIndexOf('endobj', located.position);
  const objectEnd = bytes.indexOf('endobj', offset2);
  const text =
    bytes.toString('latin1', objectStart === -1 ? 0 : objectStart, offset1 + length1) +
    bytes.toString('latin1', offset2, objectEnd === -1 ? Math.min(bytes.length, offset2 + 4096) : objectEnd);
  const match = /\/M\s*\((D:[^)]*)\)/.exec(text);
  return match?.[1] ? parsePdfDate(match[1]) : null;
}

function parsePdfDate(value: string): string | null {
  const match = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z)|([+-])(\d{2})'?(\d{2})?'?)?/.exec(
    value,
  );
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00'] = match;
  const sign = match[8] === '-' ? -1 : 1;
  const offsetMinutes = match[8] ? sign * (Number(match[9]) * 60 + Number(match[10] ?? 0)) : 0;
  const utc =
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) -
    offsetMinutes * 60_000;
  return Number.isNaN(utc) ? null : new Date(utc).toISOString();
}

function oneLine(distinguishedName: string): string {
  return distinguishedName.split('\n').join(', ');
}
