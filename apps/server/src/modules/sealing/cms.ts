import { createHash, type KeyObject, sign, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

const DIGEST_NAMES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

// Signature algorithms a SignerInfo may name; `null` means "the SignerInfo's digestAlgorithm".
const SIGNATURE_DIGESTS: Record<string, string | null> = {
  '1.2.840.113549.1.1.1': null, // rsaEncryption
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.2.1': null, // id-ecPublicKey, which some signers put here
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

export type SignerKey = { certificateDer: Buffer; privateKey: KeyObject; chainDer: Buffer[] };

/** node:crypto's name for a digest AlgorithmIdentifier OID; throws on one this module does not handle. */
export function digestNameOf(oid: string): string {
  const name = DIGEST_NAMES[oid];
  if (!name) throw new Error(`Unsupported digest algorithm ${oid}.`);
  return name;
}

export function digestOf(options: { algorithm: string; parts: Uint8Array[] }): Buffer {
  const hash = createHash(options.algorithm);
  for (const part of options.parts) hash.update(part);
  return hash.digest();
}

export function pemToDer(pem: string): Buffer {
  return new X509Certificate(pem).raw;
}

/**
 * A detached CMS SignedData over `content` for PAdES (ETSI EN 319 142-1, ETSI.CAdES.detached): SHA-256, signed
 * attributes contentType, messageDigest and ESS signing-certificate-v2 — and deliberately no signingTime, which PAdES
 * forbids for this sub-filter (the claimed time is the signature dictionary's /M). `timestamp`, when given, receives
 * the signature value and returns an RFC 3161 token to add as the signature-time-stamp unsigned attribute.
 */
export async function createDetachedSignedData(options: {
  content: Uint8Array;
  signer: SignerKey;
  timestamp?: (signatureValue: Buffer) => Promise<Buffer>;
}): Promise<Buffer> {
  const { signer } = options;
  if (signer.privateKey.type !== 'private') throw new Error('The signing key must be a private key.');
  const certificate = pkijs.Certificate.fromBER(signer.certificateDer);
  const x509 = new X509Certificate(signer.certificateDer);
  if (!x509.checkPrivateKey(signer.privateKey)) {
    throw new Error('The private key does not belong to the signer certificate.');
  }
  const signatureAlgorithm = signatureAlgorithmFor(signer.privateKey);

  const attributes = [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: OID.data })],
    }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [
        new asn1js.OctetString({
          valueHex: toArrayBuffer(digestOf({ algorithm: 'sha256', parts: [options.content] })),
        }),
      ],
    }),
    new pkijs.Attribute({
      type: OID.signingCertificateV2,
      values: [signingCertificateV2({ certificate, certificateDer: signer.certificateDer })],
    }),
  ];
  // DER orders a SET OF by the encodings of its members; strict validators reject any other order.
  const sorted = attributes
    .map((attribute) => ({ attribute, der: Buffer.from(attribute.toSchema().toBER()) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ attribute }) => attribute);
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: sorted });
  // The signature covers the attributes encoded as a SET OF (tag 0x31), not as the [0] IMPLICIT field they travel in.
  const signedAttrsDer = Buffer.from(signedAttrs.toSchema().toBER());
  signedAttrsDer[0] = 0x31;
  const signatureValue = sign('sha256', signedAttrsDer, signer.privateKey);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs,
    signatureAlgorithm,
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signatureValue) }),
  });
  if (options.timestamp) {
    const token = await options.timestamp(signatureValue);
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [
        new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [parseExactDer(token)] }),
      ],
    });
  }

  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: [certificate, ...signer.chainDer.map((der) => pkijs.Certificate.fromBER(der))],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema() });
  return Buffer.from(contentInfo.toSchema().toBER());
}

function signatureAlgorithmFor(key: KeyObject): pkijs.AlgorithmIdentifier {
  if (key.asymmetricKeyType === 'rsa') {
    // RFC 4055: the parameters of sha256WithRSAEncryption are NULL, present.
    return new pkijs.AlgorithmIdentifier({
      algorithmId: OID.sha256WithRsaEncryption,
      algorithmParams: new asn1js.Null(),
    });
  }
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    // RFC 5758: ecdsa-with-SHA256 has no parameters; node:crypto's default ECDSA output is the DER Ecdsa-Sig-Value.
    return new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 });
  }
  throw new Error(
    `Signing keys must be RSA (PKCS#1 v1.5) or EC P-256; this one is ${key.asymmetricKeyType ?? 'unknown'}${
      key.asymmetricKeyDetails?.namedCurve ? ` ${key.asymmetricKeyDetails.namedCurve}` : ''
    }.`,
  );
}

/** RFC 5035 SigningCertificateV2 { certs: [ESSCertIDv2 { certHash, issuerSerial }] }; hashAlgorithm omitted = SHA-256. */
function signingCertificateV2(options: {
  certificate: pkijs.Certificate;
  certificateDer: Buffer;
}): asn1js.Sequence {
  const certHash = digestOf({ algorithm: 'sha256', parts: [options.certificateDer] });
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [new pkijs.GeneralName({ type: 4, value: options.certificate.issuer }).toSchema()],
      }),
      options.certificate.serialNumber,
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** Parses one DER element and refuses input that would not re-encode to the same bytes (a token's signature would break). */
function parseExactDer(der: Buffer): asn1js.AsnType {
  const parsed = asn1js.fromBER(toArrayBuffer(der));
  if (parsed.offset === -1 || parsed.offset !== der.length) throw new Error('Not a single DER element.');
  if (!Buffer.from(parsed.result.toBER()).equals(der)) throw new Error('Not DER-encoded.');
  return parsed.result;
}

export type ParsedSignedData = {
  signedData: pkijs.SignedData;
  /** The X.509 certificates of the `certificates` field, each with its exact bytes. */
  certificates: Array<{ certificate: pkijs.Certificate; der: Buffer }>;
};

/** A CMS ContentInfo holding SignedData. Throws on anything else. Trailing bytes (PDF zero padding) are ignored. */
export function parseSignedData(der: Uint8Array): ParsedSignedData {
  const parsed = asn1js.fromBER(toArrayBuffer(der));
  if (parsed.offset === -1) throw new Error(`Not a DER structure: ${parsed.result.error}`);
  const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
  if (contentInfo.contentType !== OID.signedData) {
    throw new Error(`The CMS holds ${contentInfo.contentType}, not SignedData.`);
  }
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  return { signedData, certificates: certificatesOf(contentInfo.content) };
}

function certificatesOf(signedDataSchema: asn1js.AsnType): ParsedSignedData['certificates'] {
  if (!(signedDataSchema instanceof asn1js.Sequence)) return [];
  // SignedData: version, digestAlgorithms, encapContentInfo, [0] IMPLICIT certificates OPTIONAL, …
  const field = signedDataSchema.valueBlock.value.find(
    (element) => element.idBlock.tagClass === 3 && element.idBlock.tagNumber === 0,
  );
  if (!(field instanceof asn1js.Constructed)) return [];
  return field.valueBlock.value.flatMap((element) => {
    // X.509 certificates are plain SEQUENCEs; the other CertificateChoices are context-tagged.
    if (element.idBlock.tagClass !== 1) return [];
    const der = Buffer.from(element.valueBeforeDecodeView);
    return [{ certificate: pkijs.Certificate.fromBER(der), der }];
  });
}

export function findSignerCertificate(options: {
  parsed: ParsedSignedData;
  signerInfo: pkijs.SignerInfo;
}): { certificate: pkijs.Certificate; der: Buffer } | null {
  const { sid } = options.signerInfo;
  const { certificates } = options.parsed;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificates.find(
        ({ certificate }) =>
          certificate.serialNumber.isEqual(sid.serialNumber) && certificate.issuer.isEqual(sid.issuer),
      ) ?? null
    );
  }
  // [0] SubjectKeyIdentifier: compare with each certificate's subjectKeyIdentifier extension.
  if (sid instanceof asn1js.Constructed || sid instanceof asn1js.Primitive) {
    const keyId = Buffer.from(
      sid instanceof asn1js.Constructed
        ? ((sid.valueBlock.value[0] as asn1js.OctetString | undefined)?.valueBlock.valueHexView ?? [])
        : sid.valueBlock.valueHexView,
    );
    return (
      certificates.find(({ certificate }) => subjectKeyIdentifierOf(certificate)?.equals(keyId) ?? false) ??
      null
    );
  }
  return null;
}

function subjectKeyIdentifierOf(certificate: pkijs.Certificate): Buffer | null {
  const extension = certificate.extensions?.find((e) => e.extnID === '2.5.29.14');
  if (!extension) return null;
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  return parsed.result instanceof asn1js.OctetString
    ? Buffer.from(parsed.result.valueBlock.valueHexView)
    : null;
}

export function findAttribute(
  attributes: pkijs.SignedAndUnsignedAttributes | undefined,
  oid: string,
): pkijs.Attribute | undefined {
  return attributes?.attributes.find((attribute) => attribute.type === oid);
}

export type SignerInfoCheck = {
  signer: { certificate: pkijs.Certificate; der: Buffer } | null;
  digestMatches: boolean;
  signatureValid: boolean;
};

/**
 * Checks one SignerInfo against the signed content: its messageDigest attribute against `content` (a list of
 * byte ranges, hashed in order), and its signature over the signed attributes against the signer certificate the
 * SignedData carries. Throws only on algorithms it does not handle.
 */
export function checkSignerInfo(options: {
  parsed: ParsedSignedData;
  signerInfo: pkijs.SignerInfo;
  content: Uint8Array[];
}): SignerInfoCheck {
  const { signerInfo } = options;
  const signer = findSignerCertificate({ parsed: options.parsed, signerInfo });
  const signedAttrs = signerInfo.signedAttrs;
  // CAdES and RFC 3161 both require signed attributes; a SignerInfo without them cannot carry a messageDigest.
  if (!signedAttrs || signedAttrs.encodedValue.byteLength === 0) {
    return { signer, digestMatches: false, signatureValid: false };
  }
  const digestAlgorithm = digestNameOf(signerInfo.digestAlgorithm.algorithmId);
  const messageDigest = findAttribute(signedAttrs, OID.messageDigest)?.values[0];
  const digestMatches =
    messageDigest instanceof asn1js.OctetString &&
    Buffer.from(messageDigest.valueBlock.valueHexView).equals(
      digestOf({ algorithm: digestAlgorithm, parts: options.content }),
    );

  if (!signer) return { signer, digestMatches, signatureValid: false };
  const signatureOid = signerInfo.signatureAlgorithm.algorithmId;
  if (!(signatureOid in SIGNATURE_DIGESTS))
    throw new Error(`Unsupported signature algorithm ${signatureOid}.`);
  const signatureDigest = SIGNATURE_DIGESTS[signatureOid] ?? digestAlgorithm;
  // pkijs keeps the attributes' original bytes, already re-tagged as a SET OF: exactly what was signed.
  const signatureValid = verify(
    signatureDigest,
    Buffer.from(signedAttrs.encodedValue),
    new X509Certificate(signer.der).publicKey,
    Buffer.from(signerInfo.signature.valueBlock.valueHexView),
  );
  return { signer, digestMatches, signatureValid };
}

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
