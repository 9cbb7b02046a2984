import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * Secure QR payloads built the way UIDAI builds them, signed with a key the suite makes for itself. That key is trusted
 * only where a test passes it in; the product trusts the pinned UIDAI keys alone. Node built-ins only: the
 * end-to-end suite builds its QR codes with this file too.
 */
export interface TestQrPerson {
  name: string;
  /** DD-MM-YYYY, as printed in the QR. */
  dob: string;
  gender?: string;
  /** The last 4 digits of a (synthetic) Aadhaar number. */
  last4?: string;
  version?: 'V1' | 'V2';
  /** 0 none, 1 e-mail, 2 mobile, 3 both: how many 32-byte hashes follow the photo. */
  indicator?: 0 | 1 | 2 | 3;
  photo?: Buffer;
}

export function makeTestSigner(name = 'Mohar test signer (tests only)') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { name, privateKey, trusted: { name, key: publicKey } };
}

/** The decompressed bytes before the signature: fields split on 0xFF, the photo, then the e-mail/mobile hashes. */
export function signedPart(person: TestQrPerson): Buffer {
  const indicator = person.indicator ?? 3;
  const fields = [
    String(indicator),
    `${person.last4 ?? '4321'}20250101120000123`,
    person.name,
    person.dob,
    person.gender ?? 'F',
    'W/O Rahul Kulkarni',
    'Pune',
    'Near the temple',
    '12',
    'Kothrud',
    '411038',
    'Kothrud',
    'Maharashtra',
    'Karve Road',
    'Haveli',
    'Pune',
  ];
  if ((person.version ?? 'V2') === 'V2') {
    fields.unshift('V2');
    fields.push('0001');
  }
  const text = Buffer.concat(
    fields.map((field) => Buffer.concat([Buffer.from(field, 'latin1'), Buffer.from([0xff])])),
  );
  // A JPEG 2000 signature and a 0xFF inside: the photo is binary and may hold the delimiter byte.
  const photo =
    person.photo ?? Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0xff, 0x0d, 0x0a, 0x87]);
  const hashes = [indicator & 1 ? 'e-mail' : null, indicator & 2 ? 'mobile' : null]
    .filter((value) => value !== null)
    .map((value) => createHash('sha256').update(value).digest());
  return Buffer.concat([text, photo, ...hashes]);
}

/** The QR's text: sign, append the signature, gzip, read the bytes as one big decimal number. */
export function qrTextFrom(bytes: Buffer): string {
  return BigInt(`0x${gzipSync(bytes).toString('hex')}`).toString(10);
}

export function signedQrText(person: TestQrPerson, privateKey: KeyObject): string {
  const body = signedPart(person);
  return qrTextFrom(Buffer.concat([body, sign('sha256', body, privateKey)]));
}
